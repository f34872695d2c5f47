"""Pach-Ice-i's move generation against the oracle, move counts, and a golden game.

The oracle (tests/pach_oracle.py) shares no code with the engine: it reads
position text, and lists the legal moves as move text with the position each
leads to, straight from the sentences of the rules.  The engine must list the
same moves, reach the same positions and refuse every other move that can be
written, on thousands of positions of three kinds: every position of random
games (mid-game and end-game, both players' pieces mixed, turns half played),
the positions where those games rolled, given other rolls, and positions dealt
at random (pieces anywhere, pads of sent-back single trees, turns under way
with pieces moved and sent back).

The move counts (``PERFT``) are from fixed positions with their rolls: how
many moves are legal, how many whole turns (the moves played until the next
roll, a pass or the end) can follow, and how many different positions those
turns end in.

The golden game (tests/data/pach_golden.txt) is a whole game between two
greedy bots with the dice fixed by a seed, every position written out: it is
replayed move by move and each position's text and number of legal moves
compared.  After a deliberate change of the rules or of position text,
regenerate it with ``UPDATE_GOLDEN=pach_golden python3 -m pytest
tests/test_pach_movegen.py -k golden`` (``UPDATE_GOLDEN=1`` also works) and
review the diff; the bots may play another game once they change, so
regenerate only when the rules or the notation changed.
"""

from __future__ import annotations

import functools
import os
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import golden_helpers
import pach_oracle as oracle
import pytest
from pach_helpers import GAME

from iriri_core import IllegalMoveError
from iriri_core.engine import draw_chance
from iriri_core.games.pach_ice_i import PachState, Pass, Roll
from iriri_core.games.pach_ice_i.rules import (
    ROLLS,
    _leaves_a_move,
    apply_part,
    deal,
    legal_moves,
    parts,
    play,
)

GOLDEN = Path(__file__).parent / "data" / "pach_golden.txt"
GOLDEN_BOTS = ("greedy", "greedy")
GOLDEN_SEED = 2036
"""Black is the first bot seeded 0, White the second seeded 1; the dice are
fixed by the seed, as at a table (``iriri_core.engine.fixed_chance``)."""

# ---------------------------------------------------------------- the positions compared


def game_positions(seeds: range) -> list[PachState]:
    """Every position of random games where a player is to move (the dice
    drawn by their odds)."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = deal()
        for _ in range(GAME.move_cap):  # random games end well before (docs/rules-notes.md)
            if state.is_over:
                break
            if not state.dice:
                move = draw_chance(GAME, state, rng)
            else:
                found.append(state)
                move = rng.choice(legal_moves(state))
            state = play(state, move)
    return found


def rerolled(states: list[PachState], seed: int) -> list[PachState]:
    """The positions where a turn starts, each with another roll (any of the 120, alike)."""
    rng = random.Random(seed)
    return [replace(state, dice=rng.choice(ROLLS)[0]) for state in states if len(state.dice) == 3]


SQUARES = [c + r for r in "1234567" for c in "abcdefg"]


def random_text(rng: random.Random) -> str | None:
    """Position text with each piece put at random on the board, in its
    owner's pad (as whole trees, what is left of them, and single pieces) or
    home; a roll, or a turn under way with some pieces moved (and now and then
    one sent back).  None when a player would have every piece home."""
    free = SQUARES[:]
    rng.shuffle(free)
    weights = [rng.random() for _ in range(3)]
    board: dict[str, str] = {}
    pads, homes = [], []
    for letter in "KW":
        pad = {"S": 0, "M": 0, "L": 0}
        home = {"S": 0, "M": 0, "L": 0}
        for size in "SML":
            for _ in range(5):
                where = rng.choices(["board", "pad", "home"], weights)[0]
                if where == "board":
                    board[free.pop()] = letter + str("SML".index(size) + 1)
                else:
                    (pad if where == "pad" else home)[size] += 1
        whole = rng.randint(0, min(pad.values()))
        left = rng.randint(0, min(pad["L"], pad["M"]) - whole)
        trees = ["LMS"] * whole + ["LM"] * left
        trees += (
            ["S"] * (pad["S"] - whole) + ["M"] * (pad["M"] - whole - left) + ["L"] * (pad["L"] - whole - left)
        )
        pads.append(trees)
        homes.append(home)
    if any(sum(home.values()) == 15 for home in homes):
        return None
    seat = rng.randint(0, 1)
    dice = sorted(rng.randint(1, 8) for _ in range(rng.choice([3, 3, 3, 2, 1])))
    moved: list[str] = []
    resent: list[str] = []
    if len(dice) < 3:
        moved = rng.sample(sorted(board), min(len(board), rng.randint(0, 3 - len(dice))))
        singles = [tree for tree in pads[seat] if len(tree) == 1]
        if singles and len(moved) < 3 - len(dice) and rng.random() < 0.3:
            resent = [rng.choice(singles)]
    lines = [
        "Pach-Ice-i",
        f"to move: {oracle.SEATS[seat]}",
        "dice: " + " ".join(map(str, dice)),
        "moved this turn: " + (" ".join(moved) or "-"),
        "sent back this turn: " + (" ".join(resent) or "-"),
        *(f"{name} pad: " + (" ".join(trees) or "-") for name, trees in zip(oracle.SEATS, pads, strict=True)),
        *(
            f"{name} home: {home['S']} small, {home['M']} medium, {home['L']} large"
            for name, home in zip(oracle.SEATS, homes, strict=True)
        ),
        "result: playing",
        "board:",
        *(r + " " + " ".join(board.get(c + r, "..") for c in "abcdefg") for r in "7654321"),
    ]
    return "\n".join(lines) + "\n"


def random_positions(count: int, seed: int) -> list[PachState]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        text = random_text(rng)
        if text is not None:
            found.append(GAME.from_text(text))
    return found


@functools.cache
def samples() -> dict[str, list[PachState]]:
    """The three kinds of positions compared (made once, when first asked for)."""
    played = game_positions(range(8))
    return {
        "games": played,
        "other rolls": rerolled(played, seed=5),
        "random": random_positions(1500, seed=7),
    }


KINDS = ("games", "other rolls", "random")


def engine_moves(state: PachState) -> list[str]:
    return sorted(GAME.move_text(state, move) for move in legal_moves(state))


# ---------------------------------------------------------------- the oracle's own reading, checked


def test_the_oracle_reads_the_board_as_the_rules_describe_it() -> None:
    """The oracle's paths, colours and marked squares, checked by hand before it is trusted."""
    assert oracle.BLACK_PATH[:9] == ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "b7", "b6"]
    assert oracle.BLACK_PATH[-1] == "g7" and oracle.WHITE_PATH[-1] == "a1"
    assert oracle.WHITE_PATH[:9] == ["g7", "f7", "e7", "d7", "c7", "b7", "a7", "a6", "b6"]
    assert sorted(oracle.BLACK_PATH) == sorted(oracle.WHITE_PATH) == sorted(SQUARES)
    assert [oracle.colour(s) for s in ("a1", "g1", "a7", "g7", "b1", "a2", "d4")] == [0, 0, 0, 0, 1, 1, 0]
    assert len(oracle.MARKED) == 9 and len(oracle.ROLLS) == 120
    start = oracle.read(GAME.to_text(play(deal(), Roll((1, 2, 3)))))
    assert oracle.legal(start).keys() == {"enter LMS 1 2 3"}
    assert oracle.legal(start)["enter LMS 1 2 3"]["board"] == {"a6": "K1"}


# ---------------------------------------------------------------- engine and oracle


@pytest.mark.slow
def test_the_samples_are_varied() -> None:
    """The positions compared below hold what the rules are about: turns
    under way, pieces of both players mixed on the board, end games, single
    trees sent back, pieces moved and then sent back this turn, and
    positions where the opponent's pieces may and may not be moved."""
    every = [state for sample in samples().values() for state in sample]
    assert len(every) > 4000

    def count(test: Any) -> int:
        return sum(1 for state in every if test(state))

    mixed = count(lambda s: all(sum(1 for p in s.board if p and p[0] == seat) >= 3 for seat in (0, 1)))
    assert count(lambda s: 0 < len(s.dice) < 3) > 500
    assert mixed > 1000
    assert count(lambda s: max(s.pieces_home(0), s.pieces_home(1)) >= 12) > 300
    assert count(lambda s: any(len(tree) == 1 for tree in s.trees[s.to_move])) > 1000
    assert count(lambda s: s.resent) > 50
    assert count(lambda s: s.entered_pips(s.to_move) < s.entered_pips(1 - s.to_move)) > 500
    assert count(lambda s: any(p and p[0] != s.to_move for p in s.board)) > 3000
    # a move that sends the opponent's last piece home (decision 6: it counts only the dice it used)
    assert count(lambda s: any(apply_part(s, p).winner == 1 - s.to_move for p in parts(s))) >= 5
    for sample in samples().values():
        assert any(legal_moves(state) == [Pass()] for state in sample)


@pytest.mark.slow
@pytest.mark.parametrize("sample", KINDS)
def test_the_engine_lists_the_oracles_moves(sample: str) -> None:
    """Every position: the same legal moves, as move text."""
    oracle.clear()
    for state in samples()[sample]:
        text = GAME.to_text(state)
        assert engine_moves(state) == sorted(oracle.legal(oracle.read(text))), text


@pytest.mark.slow
@pytest.mark.parametrize("sample", KINDS)
def test_the_engine_reaches_the_oracles_positions(sample: str) -> None:
    """After every legal move, the same position: board, pads, home, dice,
    pieces moved and sent back, whose turn, the result."""
    oracle.clear()
    for state in samples()[sample][::4]:
        text = GAME.to_text(state)
        for move, expected in oracle.legal(oracle.read(text)).items():
            after = GAME.play(state, GAME.parse_move(state, move))
            assert oracle.key(oracle.read(GAME.to_text(after))) == oracle.key(expected), (text, move)


@pytest.mark.slow
@pytest.mark.parametrize("sample", KINDS)
def test_play_refuses_exactly_what_the_oracle_refuses(sample: str) -> None:
    """Every move that can be written with the dice left (each tree, each
    square, each choice of dice, pass, a roll), played straight to ``play``."""
    oracle.clear()
    for state in samples()[sample][1::12]:
        text = GAME.to_text(state)
        pos = oracle.read(text)
        legal = oracle.legal(pos)
        for move in oracle.written_moves(pos):
            try:
                GAME.play(state, GAME.parse_move(state, move))
            except IllegalMoveError as exc:
                assert move not in legal, (text, move, str(exc))
            else:
                assert move in legal, (text, move)


@pytest.mark.slow
def test_a_roll_with_a_move_is_found_as_by_trying_every_roll() -> None:
    """The rules' check that a turn leaves the opponent some roll with a move
    (docs/rules-notes.md, decision 2) looks at the distances each piece can
    go rather than at all 120 rolls; it answers as trying every roll does, on
    positions at the start of a turn, stuck ones among them."""
    answers = []
    for state in samples()["random"] + samples()["games"]:
        if state.is_over:
            continue
        for mover in (0, 1):
            start = replace(state, to_move=mover, dice=(), moved=(), resent=())
            by_rolls = any(parts(replace(start, dice=dice)) for dice, _ in ROLLS)
            assert _leaves_a_move(start) == by_rolls, GAME.to_text(start)
            answers.append(by_rolls)
    assert answers.count(False) >= 10 and answers.count(True) >= 1000, answers.count(False)


# ---------------------------------------------------------------- move counts


def turns(state: PachState) -> tuple[int, set[PachState]]:
    """How many whole turns can be played from ``state`` (each way of
    playing the moves until the next roll, a pass or the end of the game),
    and the positions they end in."""
    if not state.dice or state.is_over:
        return 1, {state}
    total, ends = 0, set()
    for move in legal_moves(state):
        more, where = turns(play(state, move))
        total += more
        ends |= where
    return total, ends


def oracle_turns(pos: oracle.Pos) -> tuple[int, set[Any]]:
    """The same counted by the oracle alone."""
    if not pos["dice"] or pos["result"] != "playing":
        return 1, {oracle.key(pos)}
    total, ends = 0, set()
    for after in oracle.legal(pos).values():
        more, where = oracle_turns(after)
        total += more
        ends |= where
    return total, ends


PERFT: list[dict[str, Any]] = [
    {
        "what": "mid-game, pieces of both players mixed",
        "position": """\
Pach-Ice-i
to move: white
dice: 3 5 8
moved this turn: -
sent back this turn: -
black pad: LMS
white pad: LMS
black home: 1 small, 4 medium, 0 large
white home: 2 small, 2 medium, 1 large
result: playing
board:
7 W1 .. W3 .. W1 .. ..
6 W2 .. .. .. K3 .. K3
5 W2 K3 .. .. .. .. W3
4 .. .. .. .. .. K1 ..
3 .. .. .. .. .. W3 ..
2 .. .. .. .. K1 .. ..
1 K3 K1 .. .. .. .. ..
   a  b  c  d  e  f  g
""",
        "moves": 17,
        "turns": 157,
        "ends": 38,
    },
    {
        "what": "the mover has entered fewer pips, so may not move the other's pieces",
        "position": """\
Pach-Ice-i
to move: black
dice: 2 5 7
moved this turn: -
sent back this turn: -
black pad: L LMS
white pad: S LMS
black home: 1 small, 2 medium, 1 large
white home: 1 small, 2 medium, 1 large
result: playing
board:
7 W1 .. W3 K2 .. .. ..
6 .. K2 .. W3 .. W2 ..
5 .. .. .. .. .. .. W2
4 .. .. .. .. .. K1 ..
3 .. .. .. .. K1 .. ..
2 .. K1 .. .. .. W3 ..
1 K3 .. .. .. .. K3 W1
   a  b  c  d  e  f  g
""",
        "moves": 14,
        "turns": 72,
        "ends": 34,
    },
    {
        "what": "a turn under way, two dice left",
        "position": """\
Pach-Ice-i
to move: white
dice: 4 5
moved this turn: f4
sent back this turn: -
black pad: -
white pad: LMS
black home: 3 small, 3 medium, 4 large
white home: 1 small, 2 medium, 0 large
result: playing
board:
7 K1 .. .. .. .. .. W3
6 .. .. .. .. .. W1 K1
5 .. W3 .. W2 .. .. W1
4 .. .. K2 .. .. W3 ..
3 .. K2 .. .. W1 .. W2
2 K3 .. W3 .. .. .. ..
1 .. .. .. .. .. .. ..
   a  b  c  d  e  f  g
""",
        "moves": 6,
        "turns": 12,
        "ends": 6,
    },
    {
        "what": "an end game: 13 and 14 pieces home, pieces go home by overshooting",
        "position": """\
Pach-Ice-i
to move: black
dice: 3 4 5
moved this turn: -
sent back this turn: -
black pad: -
white pad: -
black home: 5 small, 5 medium, 3 large
white home: 5 small, 5 medium, 4 large
result: playing
board:
7 .. .. .. .. K3 .. ..
6 .. .. .. .. .. .. ..
5 .. .. W3 .. .. .. ..
4 .. K3 .. .. .. .. ..
3 .. .. .. .. .. .. ..
2 .. .. .. .. .. .. ..
1 .. .. .. .. .. .. ..
   a  b  c  d  e  f  g
""",
        "moves": 9,
        "turns": 36,
        "ends": 6,
    },
    {
        "what": "no die can be used: pass",
        "position": """\
Pach-Ice-i
to move: white
dice: 4 7
moved this turn: g4
sent back this turn: -
black pad: -
white pad: -
black home: 3 small, 3 medium, 2 large
white home: 4 small, 4 medium, 4 large
result: playing
board:
7 .. .. K3 .. .. .. ..
6 .. K3 .. .. .. W2 ..
5 W1 .. .. .. .. .. ..
4 .. .. .. .. .. .. K3
3 .. .. .. .. .. .. ..
2 K1 .. K1 .. .. W3 ..
1 .. K2 .. .. .. K2 ..
   a  b  c  d  e  f  g
""",
        "moves": 1,
        "turns": 1,
        "ends": 1,
    },
    {
        "what": "crafted: d1 1 then a3 2 4 would leave White no move, so d1 1 is not offered",
        "position": """\
Pach-Ice-i
to move: black
dice: 1 2 4
moved this turn: -
sent back this turn: -
black pad: -
white pad: -
black home: 5 small, 4 medium, 3 large
white home: 4 small, 4 medium, 5 large
result: playing
board:
7 .. .. .. .. .. .. ..
6 .. .. .. .. .. .. ..
5 .. .. .. .. .. .. W1
4 .. .. .. .. .. .. ..
3 K2 .. .. .. .. .. W2
2 .. .. .. .. .. .. ..
1 .. .. K3 K3 .. .. ..
   a  b  c  d  e  f  g
""",
        "moves": 9,
        "turns": 14,
        "ends": 7,
    },
    {
        "what": "the first position with a triple roll",
        "position": """\
Pach-Ice-i
to move: white
dice: 4 4 4
moved this turn: -
sent back this turn: -
black pad: LMS
white pad: LMS
black home: 1 small, 4 medium, 0 large
white home: 2 small, 2 medium, 1 large
result: playing
board:
7 W1 .. W3 .. W1 .. ..
6 W2 .. .. .. K3 .. K3
5 W2 K3 .. .. .. .. W3
4 .. .. .. .. .. K1 ..
3 .. .. .. .. .. W3 ..
2 .. .. .. .. K1 .. ..
1 K3 K1 .. .. .. .. ..
   a  b  c  d  e  f  g
""",
        "moves": 6,
        "turns": 32,
        "ends": 9,
    },
    {
        "what": "the second position rolled 1 1 1",
        "position": """\
Pach-Ice-i
to move: black
dice: 1 1 1
moved this turn: -
sent back this turn: -
black pad: L LMS
white pad: S LMS
black home: 1 small, 2 medium, 1 large
white home: 1 small, 2 medium, 1 large
result: playing
board:
7 W1 .. W3 K2 .. .. ..
6 .. K2 .. W3 .. W2 ..
5 .. .. .. .. .. .. W2
4 .. .. .. .. .. K1 ..
3 .. .. .. .. K1 .. ..
2 .. K1 .. .. .. W3 ..
1 K3 .. .. .. .. K3 W1
   a  b  c  d  e  f  g
""",
        "moves": 6,
        "turns": 9,
        "ends": 7,
    },
]
"""Fixed positions, each with its roll: the number of legal moves, of whole
turns, and of the different positions those turns end in."""


@pytest.mark.parametrize("case", PERFT, ids=[f"perft-{i}" for i in range(len(PERFT))])
def test_move_counts_from_fixed_positions(case: dict[str, Any]) -> None:
    state = GAME.from_text(case["position"])
    count, ends = turns(state)
    assert (len(legal_moves(state)), count, len(ends)) == (case["moves"], case["turns"], case["ends"])


@pytest.mark.parametrize("case", PERFT, ids=[f"perft-{i}" for i in range(len(PERFT))])
def test_the_oracle_counts_the_same(case: dict[str, Any]) -> None:
    oracle.clear()
    pos = oracle.read(case["position"])
    count, ends = oracle_turns(pos)
    assert (len(oracle.legal(pos)), count, len(ends)) == (case["moves"], case["turns"], case["ends"])


@pytest.mark.parametrize("dice", [(1, 1, 1), (1, 2, 3), (8, 8, 8)])
def test_move_counts_at_the_start(dice: tuple[int, int, int]) -> None:
    """At the start every tree's top is a small, which takes all three dice: one move, one turn."""
    state = play(deal(), Roll(dice))
    assert len(legal_moves(state)) == 1 and turns(state)[0] == 1


# ---------------------------------------------------------------- the golden game


def playthrough(moves: list[str]) -> str:
    """The golden file's text: every position of the game from the start,
    its number of legal moves and the move played from it."""
    bots = " against ".join(f"{bot} (seed {i})" for i, bot in enumerate(GOLDEN_BOTS))
    return golden_helpers.playthrough(
        GAME, moves, f"# Pach-Ice-i: {bots}, dice fixed by seed {GOLDEN_SEED}; see tests/test_pach_movegen.py"
    )


def golden_moves() -> list[str]:
    """The golden game's moves as the bots play it now."""
    return golden_helpers.golden_moves(GAME, GOLDEN_BOTS, GOLDEN_SEED)


def test_the_golden_game_replays_position_by_position() -> None:
    if os.environ.get("UPDATE_GOLDEN") in ("1", "pach_golden"):
        GOLDEN.write_text(playthrough(golden_moves()))
    blocks = GOLDEN.read_text().split("== position ")[1:]
    state = GAME.new_game()
    assert blocks and len(blocks) > 100
    for number, block in enumerate(blocks):
        head, _, rest = block.partition("\n")
        assert head == str(number)
        text, _, tail = rest.partition("\nlegal moves: ")
        assert GAME.to_text(state) == text + "\n", f"position {number}"
        count, _, move_line = tail.partition("\n")
        assert len(GAME.legal_moves(state)) == int(count), f"position {number}"
        if move_line.startswith("move "):
            move = move_line.split(": ", 1)[1].split("\n")[0]
            state = GAME.play(state, GAME.parse_move(state, move))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert blocks[-1].rstrip("\n").endswith(f"== outcome: scores {outcome.scores}, winners {outcome.winners}")
