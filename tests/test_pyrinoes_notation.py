"""Pyrinoes position text and move text (docs/notation.md, section
"Pyrinoes"): round trips, the doc's examples, and bad input."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from pyrinoes_helpers import GAME, play, position

from iriri_core import CHANCE, IllegalMoveError, InvalidMoveError, InvalidPositionError, Record
from iriri_core.engine import draw_chance
from iriri_core.games.pyrinoes import Build, Deal, Domino, Draw, Drawn, Pass, Pick, Play, notation
from iriri_core.games.pyrinoes.state import LEFT, RIGHT, UNSEEN

DOC = Path(__file__).resolve().parent.parent / "docs" / "notation.md"

PICKS = ("pick 6-0", "pick 6-4")
DEALT = "5-1 6-2 6-5 4-4 1-0 2-2 3-1 6-0 4-2 5-4 6-1 6-4 5-3 1-1 2-1 3-0 3-2 5-5 5-0"
DEAL = tuple(f"deal {d}" for d in DEALT.split())
MOVES = ("5-5 left", "build R3R2+G2", "3-0 right", "R3R2+G2 left", "build B3+K1", "3-1 right")

# The match after PICKS, DEAL and MOVES, as docs/notation.md shows it.
EXAMPLE = """\
Pyrinoes
target: 100
round: 1
match: fire 0, ice 0
picks: -
first: ice
to move: ice
drawing: no
passes: 0
line: G2+R3R2 5-5 5-0 0-3 3-1
fire supply: R1 R1 R1 R2 R2 R3 R3 Y1 Y1 Y1 Y2 Y2 Y2 Y3 Y3 Y3
fire pyrinoes: -
fire hand: 6-5 6-2 6-0 5-1 4-4 4-2 2-2 1-0
ice supply: B1 B1 B1 B2 B2 B2 B3 B3 K1 K1 K2 K2 K2 K3 K3 K3
ice pyrinoes: B3+K1
ice hand: 6-4 6-1 5-4 5-3 3-2 2-1 1-1
greens: G1 G1 G1 G2 G2 G3 G3 G3
boneyard: 6-6 6-3 5-2 4-3 4-1 4-0 3-3 2-0 0-0
ended: -
"""


def section() -> str:
    """The Pyrinoes section of docs/notation.md (the test is skipped without it)."""
    if not DOC.exists():
        pytest.skip("docs/notation.md is not here")
    text = DOC.read_text()
    return text[text.index("## Pyrinoes") : text.index("## Game records")]


def table(heading: str) -> list[list[str]]:
    """The rows of the first table after ``heading`` in the section, as cells."""
    part = section()[section().index(heading) :]
    rows = re.findall(r"^\|(.*)\|$", part[: part.index("\n\n", part.index("|"))], re.M)
    return [[cell.strip() for cell in row.split("|")] for row in rows[2:]]


def codes(cell: str) -> list[str]:
    return re.findall(r"`([^`]*)`", cell)


# ---------------------------------------------------------------- the doc's examples


def test_the_doc_shows_the_example() -> None:
    blocks = re.findall(r"```[a-z]*\n(.*?)```", section(), re.S)
    assert (
        blocks[0] == EXAMPLE and len(blocks) == 2
    )  # then the same position in one line (test_position_lines)


def test_the_position_example_is_the_match_it_says() -> None:
    record = Record(
        game="pyrinoes", players=2, start=GAME.to_text(GAME.new_game()), moves=PICKS + DEAL + MOVES
    )
    state = record.replay()[-1]
    assert GAME.to_text(state) == EXAMPLE and GAME.from_text(EXAMPLE) == state


def test_the_move_examples_read_and_write_back() -> None:
    kinds = {
        "play a domino": Play,
        "play a pyrino": Play,
        "build a": Build,
        "draw from": Draw,
        "pass (nothing": Pass,
        "chance: the domino a": Pick,
        "chance: the next": Deal,
        "chance: the domino the": Drawn,
    }
    rows = table("### Moves")
    assert len(rows) == len(kinds)
    for what, _, example in rows:
        kind = next(k for prefix, k in kinds.items() if what.startswith(prefix))
        for text in codes(example):
            move = GAME.parse_move(GAME.new_game(), text)
            assert isinstance(move, kind) and GAME.move_text(GAME.new_game(), move) == text


def test_the_doc_names_every_line_of_position_text() -> None:
    named = [name for row in table("| line |") for name in codes(row[0])]
    written = [line.split(":")[0] for line in EXAMPLE.splitlines()[1:]]
    assert sorted(named) == sorted(written) and len(named) == len(written)


def test_the_doc_pyrinoes_read_as_it_says() -> None:
    """`R3+Y1` is a 3-1, `Y2Y1+R1` a 3-1, `K3K2+G1` a 5-0, `y1y2+r1` reads as `Y2Y1+R1`, and in
    the line `0-3` has its blank on the left, `G2+R3R2` its green."""
    assert notation.parse_tile("R3+Y1").spots == (3, 1)
    assert notation.parse_tile("Y2Y1+R1").spots == (3, 1)
    assert notation.parse_tile("K3K2+G1").spots == (5, 0)
    assert str(notation.parse_tile("y1y2+r1")) == "Y2Y1+R1"
    assert notation.parse_placed("0-3").spots == (0, 3) and str(notation.parse_placed("0-3")) == "0-3"
    assert notation.parse_placed("G2+R3R2").spots == (0, 5)


# ---------------------------------------------------------------- moves


@pytest.mark.parametrize(
    ("text", "move", "written"),
    [
        ("5-3 left", Play(Domino(5, 3), LEFT), "5-3 left"),
        ("play 3-5 RIGHT", Play(Domino(5, 3), RIGHT), "5-3 right"),
        ("r1+y3 left", Play(notation.parse_tile("Y3+R1"), LEFT), "Y3+R1 left"),
        ("Build Y1Y2+R1", Build(notation.parse_pyrino("Y2Y1+R1")[0]), "build Y2Y1+R1"),
        ("draw", Draw(), "draw"),
        ("Pass", Pass(), "pass"),
        ("pick 0-6", Pick(Domino(6, 0)), "pick 6-0"),
        ("deal ?", Deal(UNSEEN), "deal ?"),
        ("drawn 2-0", Drawn(Domino(2, 0)), "drawn 2-0"),
    ],
)
def test_move_text_parses(text: str, move: object, written: str) -> None:
    assert GAME.parse_move(GAME.new_game(), text) == move
    assert GAME.move_text(GAME.new_game(), move) == written


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty move"),
        ("7-1 left", "'7-1' is not a domino"),
        ("5-3", "write a domino or pyrino and the end"),
        ("5-3 up", "write a domino or pyrino and the end"),
        ("build 5-3", "build and one pyrino"),
        ("build R3+Y", "is not an end of a pyrino"),
        ("build R3+Y1+B1", "is not a pyrino: write its two ends joined by +"),
        ("build R3R2R1+Y1", "is not an end of a pyrino"),
        ("build W1+Y1", "W is not a colour of Pyrinoes"),
        ("draw 5-3", "draw takes nothing after it"),
        ("pick ?", "'?' is not a domino"),
        ("deal", "deal and one domino"),
    ],
)
def test_bad_move_text_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(InvalidMoveError, match=re.escape(words)):
        GAME.parse_move(GAME.new_game(), text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("6-3 left", "6-3 does not fit the left end, which is a 5"),
        ("R3+Y1 left", "Fire has no pyrino R3+Y1 in hand (build it first)"),
        ("build R3+R1", "same colour (red) at both ends"),
        ("pass", "may not pass"),
        ("deal 6-6", "it is Fire's turn, not chance's"),
    ],
)
def test_well_formed_but_illegal_moves_say_why(text: str, words: str) -> None:
    state = position(line="5-3", fire="6-5 6-3")
    with pytest.raises(IllegalMoveError, match=re.escape(words)):
        play(state, text)


def test_chance_refuses_what_it_cannot_give() -> None:
    state = play(GAME.new_game(), "pick 6-6")
    with pytest.raises(IllegalMoveError, match="pick and a domino not picked yet"):
        play(state, "pick 6-6")
    with pytest.raises(IllegalMoveError, match="that is chance's move"):
        play(state, "5-3 left")


# ---------------------------------------------------------------- positions


def test_every_position_of_random_matches_reads_back_and_so_do_views() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_game(target=20)
        while not GAME.is_over(state):
            for seen in (state, GAME.view(state, 0), GAME.view(state, 1)):
                assert GAME.from_text(GAME.to_text(seen)) == seen
            if GAME.current_player(state) == CHANCE:
                move = draw_chance(GAME, state, rng)
            else:
                move = rng.choice(GAME.legal_moves(state))
            assert GAME.parse_move(state, GAME.move_text(state, move)) == move
            state = GAME.play(state, move)
        assert GAME.from_text(GAME.to_text(state)) == state
        assert "wins the match" in GAME.to_text(state).splitlines()[-1]


def test_comments_blank_lines_case_and_order_are_forgiven() -> None:
    lines = EXAMPLE.splitlines()
    shuffled = "\n".join([lines[0], "# a comment", "", *reversed(lines[1:])]).upper()
    assert GAME.from_text(shuffled) == GAME.from_text(EXAMPLE)


def swap(name: str, line: str, text: str = EXAMPLE) -> str:
    """``text`` with its line ``name: ...`` replaced by ``line``."""
    return re.sub(rf"^{name}:.*$", line, text, count=1, flags=re.M)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "starts with the line 'Pyrinoes'"),
        ("Pyrinoes\ntarget: 100", "no line 'round: ...'"),
        (EXAMPLE + "colour: red\n", "is not a line of a Pyrinoes position"),
        (EXAMPLE + "target: 50\n", "two 'target:' lines"),
        (swap("target", "target: lots"), "target: 'lots' is not a whole number"),
        (swap("match", "match: 3-4"), "fire N, ice N"),
        (swap("to move", "to move: water"), "not a player: write fire or ice"),
        (swap("drawing", "drawing: maybe"), "drawing: yes or no"),
        (swap("line", "line: G2+R3R2 5-5 0-5 0-3 3-1"), "do not match"),
        (swap("line", "line: G2+R3R2 5-5 5-0 0-3 3-1 1-1"), "the domino 1-1 is in two places"),
        (swap("ice hand", "ice hand: 6-4 6-1 5-4 5-3 3-2 2-1"), "there are 27 dominoes"),
        (swap("fire hand", "fire hand: 6-5 6-2 6-0 5-1 4-4 4-2 2-2 1-0 ?"), "there are 29 dominoes"),
        (swap("fire supply", "fire supply: R1 R1 R1 R2 R2 R3 R3 Y1 Y1 Y1 Y2 Y2 Y2 Y3 Y3"), "fire has three"),
        (swap("greens", "greens: G1 G1 G1 G2 G2 G3 G3"), "greens: three of each size"),
        (swap("greens", "greens: G1 R1"), "the communal pyramids are green"),
        (swap("ice pyrinoes", "ice pyrinoes: B3+B1"), "same colour (blue) at both ends"),
        (swap("ice pyrinoes", "ice pyrinoes: B3+Q1"), "Q is not a colour"),
        (swap("fire hand", "fire hand: 6-5 6-2 6-0 5-1 4-4 4-2 2-2 9-0"), "'9-0' is not a domino"),
        (swap("ended", "ended: fire won"), "ended: '-', or a player"),
        (swap("ended", "ended: fire no-pyramids"), "the player who moved last"),
        (swap("passes", "passes: 2"), "passes: 0 or 1, or 2"),
        (swap("picks", "picks: 6-6"), "picks: only in round 0"),
        (swap("round", "round: 0"), "round 0 (picking who starts): nothing is dealt yet"),
        (swap("first", "first: -"), "first: the player who plays first this round"),
    ],
)
def test_bad_position_text_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(InvalidPositionError, match=re.escape(words)):
        GAME.from_text(text)


def test_round_0_text_is_checked() -> None:
    start = GAME.to_text(GAME.new_game())
    assert GAME.from_text(swap("picks", "picks: 6-5 3-1", swap("first", "first: fire", start))).first == 0
    with pytest.raises(InvalidPositionError, match="the player who picked the heavier domino"):
        GAME.from_text(swap("picks", "picks: 6-5 3-1", swap("first", "first: ice", start)))
    with pytest.raises(InvalidPositionError, match="once both have picked"):
        GAME.from_text(swap("picks", "picks: 4-2 5-1", swap("first", "first: ice", start)))


def test_a_pyrinos_ends_may_be_joined_by_a_dash_as_a_line_writes_them() -> None:
    """docs/notation.md, Pyrinoes moves: a link reads + as a space, so a
    puzzle's answer writes R3-Y1 (issue 38)."""
    assert notation.parse_move("R3-Y1 left") == notation.parse_move("R3+Y1 left")
    assert notation.parse_move("build y2y1-r1") == notation.parse_move("build Y2Y1+R1")
    assert notation.parse_move("5-3 right") == Play(Domino(5, 3), RIGHT)
    with pytest.raises(InvalidMoveError, match=r"is not an end of a pyrino|is not a colour"):
        notation.parse_move("R3-X1 left")
