"""Position text and move text (docs/notation.md): examples, and each kind
of bad input gives the documented error with a message a person can act on."""

from __future__ import annotations

from typing import Any

import pytest

from iriri_core import IllegalMoveError, InvalidMoveError, InvalidPositionError
from iriri_core.games.iriri import Pass, Place, Pyramid, Take

Y1, Y2, Y3 = (Pyramid("yellow", s) for s in (1, 2, 3))

# The game dealt from seed 1 after "Y1@0,0 Y2@1,0", "take Y2@7", "take Y1@10".
EXAMPLE = """\
Iriri
players: yellow blue
to move: 2
phase: place
passes in a row: 0
first word: down
scores: 6.5 0
hand 1: Y1 Y2 Y3
hand 2: B1 B2 B3
dictionary: B3 Y3 B3 B2 B3 B1 Y3 Y3 Y2 Y2 Y1 B2 B2 B1 B3 B1 B1 Y1 Y3 Y1 B2 Y2
board: 0,0
Y1 Y2
"""


def test_the_documented_example_reads_and_writes_back(iriri: Any) -> None:
    state = iriri.from_text(EXAMPLE)
    assert state.to_move == 1 and state.scores == (6.5, 0.0)
    assert state.grid == {(0, 0): Y1, (1, 0): Y2}
    assert iriri.to_text(state) == EXAMPLE


def test_comments_blank_lines_case_and_padding_are_forgiven(iriri: Any) -> None:
    messy = "# a comment\n\n  iriri\n" + EXAMPLE.split("\n", 1)[1].replace("phase: place", "Phase:  PLACE")
    messy = messy.replace("board: 0,0\nY1 Y2", "board: -1,0\n.. Y1 Y2 ..\n")
    assert iriri.from_text(messy) == iriri.from_text(EXAMPLE)


@pytest.mark.parametrize(
    "text, move",
    [
        ("Y1@0,0 Y2@1,0", Place((((0, 0), Y1), ((1, 0), Y2)))),
        ("  y2@1,0   Y1@0,0 ", Place((((0, 0), Y1), ((1, 0), Y2)))),
        ("Y3@-2,-14", Place((((-2, -14), Y3),))),
        ("take Y2@7", Take(6, Y2)),
        ("TAKE y2@7", Take(6, Y2)),
        ("pass", Pass()),
        ("Pass", Pass()),
    ],
)
def test_move_text_parses(iriri: Any, text: str, move: Any) -> None:
    state = iriri.new_game(seed=1)
    assert iriri.parse_move(state, text) == move


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the move is empty"),
        ("Y1", "is not a placed piece"),
        ("Y4@0,0", "is not a placed piece"),
        ("Q1@0,0", "not a piece"),
        ("Y1@0", "is not a placed piece"),
        ("Y1@a,b", "is not a placed piece"),
        ("take", "is not a take"),
        ("take Y2", "is not a take"),
        ("take Y2@0", "positions start at 1"),
        ("take Y2@-3", "is not a take"),
        ("take Y2@1234567890123456789", "is not a take"),
        ("passs", "is not a placed piece"),
        ("Y1@1234567,0", "is not a placed piece"),
    ],
)
def test_bad_move_text_says_what_is_wrong(iriri: Any, text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message):
        iriri.parse_move(iriri.new_game(seed=1), text)


def test_well_formed_but_illegal_moves_raise_illegal_move_error(iriri: Any) -> None:
    state = iriri.new_game(seed=1)
    for text in ("take Y2@7", "Y1@0,0", "Y1@0,0 Y1@1,0", "B1@0,0 B2@1,0", "Y1@0,0 Y2@1,1", "take Y2@12345"):
        with pytest.raises(IllegalMoveError):
            iriri.play(state, iriri.parse_move(state, text))


def replace_line(prefix: str, new: str) -> str:
    lines = EXAMPLE.splitlines()
    return "\n".join(new if line.startswith(prefix) else line for line in lines) + "\n"


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "starts with a line saying Iriri"),
        ("Chess\n", "starts with a line saying Iriri"),
        (EXAMPLE.replace("phase: place\n", ""), "no 'phase' line"),
        (EXAMPLE + "phase: take\n", "row 2"),
        (EXAMPLE.replace("phase: place", "phase: place\nphase: take"), "given twice"),
        (EXAMPLE.replace("phase: place", "colour: red"), "not a known"),
        (replace_line("players", "players: yellow"), "2 to 4 players"),
        (replace_line("players", "players: yellow mauve"), "not a colour"),
        (replace_line("players", "players: yellow yellow"), "different colour"),
        (replace_line("to move", "to move: 3"), "to move must be a whole number from 1 to 2"),
        (replace_line("to move", "to move: one"), "to move must be"),
        (replace_line("phase", "phase: dance"), "phase must be place or take"),
        (replace_line("phase", "phase: take"), "nothing to take"),  # hand 2 is full
        (replace_line("passes", "passes in a row: 9"), "passes in a row must be"),
        (
            EXAMPLE.replace(
                "to move: 2\nphase: place\npasses in a row: 0", "to move: 1\nphase: take\npasses in a row: 1"
            )
            .replace("hand 1: Y1 Y2 Y3", "hand 1: Y1 Y2")
            .replace("dictionary: B3", "dictionary: Y3 B3"),
            "passes in a row must be 0",
        ),
        (replace_line("scores", "scores: 1"), "one per player"),
        (replace_line("scores", "scores: 1.25 0"), "whole or half"),
        (replace_line("scores", "scores: -1 0"), "whole or half"),
        (replace_line("first word", "first word: not yet"), "board is not empty"),
        (replace_line("first word", "first word: maybe"), "'down' or 'not yet'"),
        (replace_line("hand 1", "hand 1: Y1 Y2 Y3 Y3"), "at most 3"),
        (replace_line("hand 1", "hand 1: B1"), "may only hold yellow"),
        (replace_line("hand 1", "hand 1: Y9"), "hand 1:.*not a piece"),
        (replace_line("hand 2", "hand 3: B1 B2 B3"), "no 'hand 2' line"),
        (EXAMPLE.replace("hand 2: B1 B2 B3", "hand 2: B1 B2 B3\nhand 3: -"), "no player 3"),
        (replace_line("hand 1", "hand 1: Y1 Y2"), "there are 4 Y3 pieces in all"),
        (replace_line("dictionary", "dictionary: -"), "in all"),
        (EXAMPLE.replace("board: 0,0\nY1 Y2", "board: 0,0\nY1 Y2 Y5"), "board row 1"),
        (EXAMPLE.replace("board: 0,0\nY1 Y2", "board: here\nY1 Y2"), "top left corner"),
        (EXAMPLE.replace("board: 0,0\nY1 Y2", "board: 0,0\n.. .."), "hold no piece"),
        (EXAMPLE.replace("board: 0,0\nY1 Y2", "board: empty\nY1 Y2"), "said to be empty"),
    ],
)
def test_bad_position_text_says_what_is_wrong(iriri: Any, text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        iriri.from_text(text)


def test_the_dictionary_keeps_one_of_every_type(iriri: Any) -> None:
    """Moving the last B1 from the dictionary to the board is an impossible position."""
    text = (
        EXAMPLE.replace(
            "dictionary: B3 Y3 B3 B2 B3 B1 Y3 Y3 Y2 Y2 Y1 B2 B2 B1 B3 B1 B1 Y1 Y3 Y1 B2 Y2",
            "dictionary: B3 Y3 B3 B2 B3 B2 Y3 Y3 Y2 Y2 Y1 B2 B2 B3 B3 Y1 Y3 Y1 B2 Y2",
        )
        .replace("hand 2: B1 B2 B3", "hand 2: B1 B1 B1")
        .replace("board: 0,0\nY1 Y2", "board: 0,0\nY1 Y2 .. B1 B1")
    )
    with pytest.raises(InvalidPositionError, match="dictionary has no small blue"):
        iriri.from_text(text)
