"""The Hextris move generator and rules against an oracle written from the rules text.

The oracle shares no code with the engine: it reads positions as position text
(docs/notation.md), takes the board's shape from a drawing of Figure 1, tries
every move that can be written (every drop, and every move and swap between any
two spots), keeps those the rules' sentences allow, and works out each one's
result by recounting every group on the board.  The engine must list exactly
the same moves, and reach the same positions, on thousands of positions from
random games with 2 and 3 players.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hextris_helpers import GAME, position
from test_hextris_rules import BLOCKED_THREE, BLOCKED_TWO, RING, SWAP_BOTH, SWAP_FIVE, SWAP_SIX
from test_perft import HEXTRIS_EXPECTED

from iriri_core import IllegalMoveError
from iriri_core.games.hextris import HextrisState

# "Draw 19 spots on a sheet of paper as shown in Figure 1. [...] These spots could be regarded as
# the vertices of a grid of equilateral triangles". Each spot is drawn at its place on the grid:
# neighbours in a row are 4 characters apart, and a spot's neighbours in the rows above and below
# are 2 characters to either side.
FIGURE_1 = """\
      e3  e4  e5
    d2  d3  d4  d5
  c1  c2  c3  c4  c5
    b1  b2  b3  b4
      a1  a2  a3
"""
WHERE = {
    found.group(): (found.start(), -line)
    for line, text in enumerate(FIGURE_1.splitlines())
    for found in re.finditer(r"[a-e][1-5]", text)
}
"""Each spot's column and line on the drawing (lines counted upwards)."""
SPOTS = sorted(WHERE)
STEPS = [(4, 0), (-4, 0), (2, 1), (-2, 1), (2, -1), (-2, -1)]
"""The six directions of a straight line, as steps on the drawing."""

AT = {place: name for name, place in WHERE.items()}


def ahead(spot: str, step: tuple[int, int]) -> list[str]:
    """The spots in a straight line from ``spot``, nearest first."""
    x, y = WHERE[spot]
    line = []
    while (x + step[0], y + step[1]) in AT:
        x, y = x + step[0], y + step[1]
        line.append(AT[(x, y)])
    return line


NEIGHBOURS = {spot: {line[0] for step in STEPS if (line := ahead(spot, step))} for spot in SPOTS}
# "There are 12 spots around the perimeter of the board, and 7 interior spots."
PERIMETER = {spot for spot in SPOTS if len(NEIGHBOURS[spot]) < 6}

LETTERS = {"yellow": "Y", "blue": "B", "red": "R", "green": "G", "black": "K", "white": "W"}
SIZE = {"S": 1, "M": 2, "L": 3}
# "Small pyramids move only to adjacent spots, a distance of one spot. Medium pyramids may move
# up to two spots in a straight line. Large pyramids may move as far as desired"
REACH = {1: 1, 2: 2, 3: 99}
# "A large piece may swap places only with an adjacent medium piece. A medium piece may swap
# places only with an adjacent small piece. A small piece may swap places only with an adjacent
# large piece." (docs/rules-notes.md, decision 1: the subject is the mover's own piece)
SWAPS_WITH = {3: 2, 2: 1, 1: 3}


def read(text: str) -> dict[str, Any]:
    """A position text as plain values; the board as {spot: "Y3"}."""
    head, _, rows = text.partition("board:\n")
    fields = dict(line.split(": ", 1) for line in head.splitlines()[1:])
    colours = fields["players"].split()
    tokens = [token for line in rows.splitlines() for token in line.split()[1:]]
    order = [name for line in FIGURE_1.splitlines() for name in line.split()]
    return {
        "colours": colours,
        "to_move": int(fields["to move"]) - 1,
        "passes": int(fields["passes in a row"]),
        "groups": [int(g) for g in fields["groups"].split()],
        "hands": [
            [int(word) for word in fields[f"hand {seat + 1}"].split() if word.isdigit()]
            for seat in range(len(colours))
        ],
        "result": fields["result"],
        "board": {spot: token for spot, token in zip(order, tokens, strict=True) if token != ".."},
    }


def groups_of(board: dict[str, str]) -> list[tuple[str, set[str]]]:
    """Every connected group on the board, with its colour letter: "Pieces of the same color which
    are on adjacent spots are said to be connected to each other. Any piece of the same color
    adjacent to a connected group is part of that group." """
    found: list[tuple[str, set[str]]] = []
    for spot in board:
        if any(spot in group for _, group in found):
            continue
        colour = board[spot][0]
        group, todo = {spot}, [spot]
        while todo:
            for near in NEIGHBOURS[todo.pop()]:
                if near not in group and board.get(near, "")[:1] == colour:
                    group.add(near)
                    todo.append(near)
        found.append((colour, group))
    return found


def placed(pos: dict[str, Any], move: str) -> dict[str, str] | None:
    """The board after ``move`` by the rules of dropping, moving and swapping, or None."""
    board, me = pos["board"], LETTERS[pos["colours"][pos["to_move"]]]
    if "@" in move:
        size, spot = SIZE[move[0]], move[2:]
        # "Place a piece you have in hand onto any vacant perimeter spot"
        if pos["hands"][pos["to_move"]][size - 1] == 0 or spot in board or spot not in PERIMETER:
            return None
        return {**board, spot: f"{me}{size}"}
    start, end = move[:2], move[3:]
    piece = board.get(start)
    # "Move a piece of your color on the board"
    if piece is None or piece[0] != me:
        return None
    after = dict(board)
    if move[2] == "-":
        for step in STEPS:
            line = ahead(start, step)
            if end in line:
                passed = line[: line.index(end) + 1]
                # "all the spots you move through and the destination spot must be vacant"
                if len(passed) > REACH[int(piece[1])] or any(s in board for s in passed):
                    return None
                del after[start]
                after[end] = piece
                return after
        return None
    other = board.get(end)
    # "swap places with an adjacent piece"
    if end not in NEIGHBOURS[start] or other is None or int(other[1]) != SWAPS_WITH[int(piece[1])]:
        return None
    after[start], after[end] = other, piece
    return after


def oracle_result(pos: dict[str, Any], move: str) -> dict[str, Any] | None:
    """The position after ``move``, or None if the rules forbid it."""
    board = placed(pos, move)
    if board is None:
        return None
    every = groups_of(board)
    # "You are not allowed to form a connected group of more than five pieces of the same color,
    # either for yourself or an opponent. Any such move is illegal."
    if any(len(group) > 5 for _, group in every):
        return None
    me, players = pos["to_move"], len(pos["colours"])
    seats = {LETTERS[colour]: seat for seat, colour in enumerate(pos["colours"])}
    fives = [(seats[colour], group) for colour, group in every if len(group) == 5]
    groups = list(pos["groups"])
    for seat, _ in fives:
        groups[seat] += 1
    hands = [list(hand) for hand in pos["hands"]]
    if "@" in move:
        hands[me][SIZE[move[0]] - 1] -= 1
    after = {**pos, "board": board, "groups": groups, "hands": hands, "passes": 0}
    # "The game ends when any player has achieved three connected groups [...] If two players get
    # three groups at the same time, the winner is the one whose move ended the game."
    done = [seat for seat in range(players) if groups[seat] >= 3]
    if done:
        return {**after, "result": f"won by {(me if me in done else done[0]) + 1}"}
    # "those five pieces are removed from the board and are out of play"
    for _, group in fives:
        for spot in group:
            del board[spot]
    return {**after, "to_move": (me + 1) % players}


def every_written_move() -> list[str]:
    """Every move that can be written: a drop of each size on each spot, and a move and a swap
    from each spot to each other spot."""
    drops = [f"{size}@{spot}" for size in "SML" for spot in SPOTS]
    pairs = [(a, b) for a in SPOTS for b in SPOTS if a != b]
    return drops + [f"{a}-{b}" for a, b in pairs] + [f"{a}x{b}" for a, b in pairs]


WRITTEN = every_written_move()


def oracle_moves(pos: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every legal move (as text) and the position it leads to."""
    if pos["result"] != "playing":
        return {}
    found = {move: after for move in WRITTEN if (after := oracle_result(pos, move)) is not None}
    if found:
        return found
    # "If you have no legal move, you lose your turn and play proceeds to the next player."
    # docs/rules-notes.md, decision 4: once every player has lost the turn in a row, it is a draw.
    players, passes = len(pos["colours"]), pos["passes"] + 1
    if passes == players:
        return {"pass": {**pos, "passes": passes, "result": "drawn, nobody can move"}}
    return {"pass": {**pos, "passes": passes, "to_move": (pos["to_move"] + 1) % players}}


def comparable(pos: dict[str, Any]) -> dict[str, Any]:
    """Who moves next is not a rule once the game is over."""
    return {**pos, "to_move": None} if pos["result"] != "playing" else pos


def random_positions(players: int, seeds: range) -> list[HextrisState]:
    """Every position of random games."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_game(players=players)
        while not GAME.is_over(state):
            found.append(state)
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
        found.append(state)
    return found


CRAFTED = [
    position(RING, players="yellow blue red", groups=(2, 0, 0)),
    position(BLOCKED_TWO),
    position(BLOCKED_THREE, players="yellow blue red"),
    position(SWAP_SIX),
    position(SWAP_FIVE, groups=(0, 2)),
    position(SWAP_BOTH, groups=(2, 2)),
    position(SWAP_BOTH.replace("Y", "x").replace("B", "Y").replace("x", "B"), groups=(2, 2), to_move=2),
    position(BLOCKED_TWO, passes=1, to_move=2),
    position(BLOCKED_THREE, players="yellow blue red", passes=2, to_move=3),
]


def test_the_board_drawn_in_the_rules() -> None:
    """Rules: "Draw 19 spots [...] There are 12 spots around the perimeter of the board, and 7
    interior spots." The oracle's own reading of the drawing, checked before it is trusted."""
    assert len(SPOTS) == 19 and len(PERIMETER) == 12
    assert NEIGHBOURS["c3"] == {"b2", "b3", "c2", "c4", "d3", "d4"}
    assert ahead("a1", (2, 1)) == ["b2", "c3", "d4", "e5"]
    assert ahead("c1", (4, 0)) == ["c2", "c3", "c4", "c5"]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seeds"), [(2, range(0, 20)), (3, range(100, 118))])
def test_the_engine_lists_the_oracles_moves(players: int, seeds: range) -> None:
    """Several thousand positions of random games, and the crafted ones of the rules tests."""
    sample = random_positions(players, seeds) + CRAFTED
    assert len(sample) > 2000
    assert any(sum(s.groups) >= 2 for s in sample) and any(s.ending == "won" for s in sample)
    for state in sample:
        text = GAME.to_text(state)
        engine = [GAME.move_text(state, move) for move in GAME.legal_moves(state)]
        assert sorted(engine) == sorted(oracle_moves(read(text))), text


@pytest.mark.parametrize("players", [2, 3])
def test_the_engine_reaches_the_oracles_positions(players: int) -> None:
    """After every legal move, the board, hands, groups, turn and result agree."""
    sample = random_positions(players, range(200, 206))[::3] + CRAFTED
    for state in sample:
        text = GAME.to_text(state)
        for move, expected in oracle_moves(read(text)).items():
            after = GAME.play(state, GAME.parse_move(state, move))
            assert comparable(read(GAME.to_text(after))) == comparable(expected), (text, move)


def test_play_refuses_exactly_what_the_oracle_refuses() -> None:
    """Every written move, legal or not, played straight to ``play`` (not picked from the list)."""
    sample = random_positions(2, range(300, 302))[::4] + random_positions(3, range(400, 402))[::4]
    for state in sample + CRAFTED:
        pos = read(GAME.to_text(state))
        legal = oracle_moves(pos)
        for move in [*WRITTEN, "pass"]:
            expected = legal.get(move)
            try:
                after = GAME.play(state, GAME.parse_move(state, move))
            except IllegalMoveError as exc:
                assert expected is None, (GAME.to_text(state), move, str(exc))
                continue
            assert expected is not None, (GAME.to_text(state), move)
            assert comparable(read(GAME.to_text(after))) == comparable(expected)


def oracle_perft(pos: dict[str, Any], depth: int) -> int:
    """Leaf positions ``depth`` moves ahead, by the oracle alone."""
    if depth == 0 or pos["result"] != "playing":
        return 1
    return sum(oracle_perft(after, depth - 1) for after in oracle_moves(pos).values())


STORED = json.loads((Path(__file__).parent / "data" / "hextris_perft.json").read_text())


@pytest.mark.parametrize("players", sorted(HEXTRIS_EXPECTED))
def test_the_perft_counts_from_the_start_agree_with_the_oracle(players: int) -> None:
    """tests/test_perft.py holds the engine's counts; the oracle counts them again."""
    pos = read(GAME.to_text(GAME.new_game(players=players)))
    expected = HEXTRIS_EXPECTED[players]
    assert [oracle_perft(pos, depth) for depth in range(1, len(expected) + 1)] == expected


@pytest.mark.slow
@pytest.mark.parametrize("case", STORED, ids=[f"stored-{i}" for i in range(len(STORED))])
def test_the_stored_perft_counts_agree_with_the_oracle(case: dict[str, Any]) -> None:
    """tests/data/hextris_perft.json, which tests/test_perft.py checks the engine against."""
    pos = read(case["position"])
    assert [oracle_perft(pos, depth) for depth in range(1, len(case["counts"]) + 1)] == case["counts"]
