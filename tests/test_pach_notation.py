"""Pach-Ice-i position text and move text (docs/notation.md, section
Pach-Ice-i): the doc's examples read and write back exactly, every move that
can be written reads back, and each kind of bad input gives the documented
error with a message a person can act on.

The tests that read the doc itself are skipped where docs/ is not at hand
(inside Pyodide only tests/ is mounted); the rest run everywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pach_helpers import position

from iriri_core import IllegalMoveError, InvalidMoveError, InvalidPositionError, Record, get_game
from iriri_core.games.pach_ice_i import Advance, Enter, Pass, Roll, square_index, square_name
from iriri_core.games.pach_ice_i.rules import deal, play

GAME = get_game("pach-ice-i")
DOC = Path(__file__).resolve().parent.parent / "docs" / "notation.md"

# The game after "roll 1 2 3" and "enter LMS 1 2 3", as docs/notation.md shows it.
EXAMPLE = """\
Pach-Ice-i
to move: white
dice: to roll
moved this turn: -
sent back this turn: -
black pad: LM LMS LMS LMS LMS
white pad: LMS LMS LMS LMS LMS
black home: 0 small, 0 medium, 0 large
white home: 0 small, 0 medium, 0 large
result: playing
board:
7 .. .. .. .. .. .. ..
6 K1 .. .. .. .. .. ..
5 .. .. .. .. .. .. ..
4 .. .. .. .. .. .. ..
3 .. .. .. .. .. .. ..
2 .. .. .. .. .. .. ..
1 .. .. .. .. .. .. ..
   a  b  c  d  e  f  g
"""


def section() -> str:
    """The Pach-Ice-i section of docs/notation.md (the test is skipped without it)."""
    if not DOC.exists():
        pytest.skip("docs/notation.md is not here")
    text = DOC.read_text()
    start = text.index("## Pach-Ice-i")
    return text[start : text.index("\n## ", start + 1)]  # to the next section


def table(heading: str) -> list[list[str]]:
    """The rows of the first table after ``heading`` in the section, as cells."""
    part = section()[section().index(heading) :]
    rows = re.findall(r"^\|(.*)\|$", part[: part.index("\n\n", part.index("|"))], re.M)
    return [[cell.strip() for cell in row.split("|")] for row in rows[2:]]


def codes(cell: str) -> list[str]:
    return re.findall(r"`([^`]*)`", cell)


def replace_line(name: str, line: str, text: str = EXAMPLE) -> str:
    """``text`` with its line ``name: ...`` replaced by ``line``."""
    return re.sub(rf"^{name}:.*$", line, text, count=1, flags=re.M)


# ---------------------------------------------------------------- the doc's examples


def test_the_doc_shows_the_example() -> None:
    blocks = re.findall(r"```[a-z]*\n(.*?)```", section(), re.S)
    assert (
        blocks[0] == EXAMPLE and len(blocks) == 2
    )  # then the same position in one line (test_position_lines)


def test_the_position_example_is_the_game_it_says() -> None:
    state = GAME.from_text(EXAMPLE)
    assert state == play(play(deal(), Roll((1, 2, 3))), Enter((3, 2, 1), (1, 2, 3)))
    assert GAME.to_text(state) == EXAMPLE
    start = GAME.to_text(GAME.new_game())
    record = Record(game="pach-ice-i", players=2, start=start, moves=("roll 1 2 3", "enter LMS 1 2 3"))
    assert record.replay()[-1] == state


def test_the_move_examples_read_and_write_back() -> None:
    """Every example in the doc's table of moves is move text that reads and
    writes back unchanged, and is the kind of move its row names."""
    kinds = {"the roll": Roll, "enter the": Enter, "move a": Advance, "give up": Pass}
    rows = table("### Moves")
    assert len(rows) == 4
    for what, _, example in rows:
        for text in codes(example):
            move = GAME.parse_move(deal(), text)
            assert isinstance(move, kinds[" ".join(what.split()[:2])])
            assert GAME.move_text(deal(), move) == text


def test_the_doc_names_every_line_of_position_text() -> None:
    """The table of lines names each ``name:`` line that position text has, in order."""
    named = [name for row in table("| line |") for name in codes(row[0])]
    written = [line.split(":")[0] for line in GAME.to_text(deal()).splitlines()[1:] if ":" in line]
    assert named == written


def test_the_squares_and_paths_are_as_the_doc_says() -> None:
    """ "a1 and g7 are the corners nearest Black and White"; Black's path runs up column a and down
    column b; White's along row 7 from g7 to a7, then back along row 6."""
    from iriri_core.games.pach_ice_i.board import PATHS, colour_of

    assert [square_name(s) for s in PATHS[0][:9]] == ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "b7", "b6"]
    assert [square_name(s) for s in PATHS[1][:9]] == ["g7", "f7", "e7", "d7", "c7", "b7", "a7", "a6", "b6"]
    assert {colour_of(square_index(c)) for c in ("a1", "a7", "g1", "g7")} == {0}
    assert all(square_index(square_name(s)) == s for s in range(49))


def test_the_doc_error_messages_are_the_engines() -> None:
    """The messages the doc quotes are worded as the engine words them."""
    moves = section()[section().index("### Moves") : section().index("### Positions")]
    quoted = [" ".join(words.split()) for words in re.findall(r'"([^"]+)"', moves)]
    given = []
    for text in ("c4", "roll 1 2", "h1 3"):
        with pytest.raises(InvalidMoveError) as bad:
            GAME.parse_move(deal(), text)
        given.append(str(bad.value))
    medium = position({"c1": "K2", "f1": "W1"}, dice=(2, 3, 5), trees=(((3,), (1,)) + ((3, 2, 1),) * 4, ()))
    # c1's medium cannot go 1 + 2 (c4 holds a white large): moving e1's large by 4 leaves it just that
    blocked = position({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4))
    for state, text in ((medium, "c1 5"), (blocked, "e1 4")):
        with pytest.raises(IllegalMoveError) as illegal:
            GAME.play(state, GAME.parse_move(state, text))
        given.append(str(illegal.value))
    assert len(quoted) == len(given)
    for words, message in zip(quoted, given, strict=True):
        assert words in message


# ---------------------------------------------------------------- moves


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("roll 2 3 5", Roll((2, 3, 5))),
        ("Roll 5 2 3", Roll((2, 3, 5))),
        ("roll 8,8,1", Roll((1, 8, 8))),
        ("enter LMS 2 3 5", Enter((3, 2, 1), (2, 3, 5))),
        ("ENTER lms 5+3+2", Enter((3, 2, 1), (2, 3, 5))),
        ("enter L 4", Enter((3,), (4,))),
        ("enter LM 6 1", Enter((3, 2), (1, 6))),
        ("c4 5", Advance(square_index("c4"), (5,))),
        ("C4 2+3", Advance(square_index("c4"), (2, 3))),
        ("  g7   3 , 2 ", Advance(square_index("g7"), (2, 3))),
        ("a1 1 1 1", Advance(square_index("a1"), (1, 1, 1))),
        ("pass", Pass()),
        (" PASS ", Pass()),
    ],
)
def test_move_text_parses(text: str, move: object) -> None:
    assert GAME.parse_move(deal(), text) == move


def test_every_written_move_reads_back() -> None:
    """Every entry of every tree shape and every move from every square, by
    every choice of dice, legal or not, writes and reads back."""
    state = deal()
    dice = [(d,) for d in range(1, 9)] + [(1, 8), (4, 4)] + [(1, 2, 3), (8, 8, 8)]
    trees = [(3, 2, 1), (3, 2), (3,), (2,), (1,)]
    moves: list[object] = [Enter(t, d) for t in trees for d in dice]
    moves += [Advance(s, d) for s in range(49) for d in dice]
    moves += [Roll(d) for d in dice if len(d) == 3] + [Pass()]
    for move in moves:
        text = GAME.move_text(state, move)
        assert GAME.parse_move(state, text) == move
        assert GAME.parse_move(state, f"  {text.upper()} ") == move


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty move"),
        ("   ", "empty move"),
        ("c4", "give one to three dice, each from 1 to 8"),
        ("c4 0", "give one to three dice, each from 1 to 8"),
        ("c4 9", "give one to three dice, each from 1 to 8"),
        ("c4 1 2 3 4", "give one to three dice, each from 1 to 8"),
        ("c4 five", "give one to three dice, each from 1 to 8"),
        ("c4 ²", "give one to three dice, each from 1 to 8"),  # a digit to Python, not a die
        ("c4 ١", "give one to three dice, each from 1 to 8"),  # noqa: RUF001 (an Arabic-Indic one)
        ("h1 3", "'h1' is not a square: squares run from a1 to g7"),
        ("a8 3", "'a8' is not a square"),
        ("c44 3", "'c44' is not a square"),
        ("roll", "a roll is three dice, each from 1 to 8"),
        ("roll 1 2", "a roll is three dice, each from 1 to 8"),
        ("roll 1 2 9", "a roll is three dice, each from 1 to 8"),
        ("enter", "write the tree bottom to top"),
        ("enter 1 2", "write the tree bottom to top"),
        ("enter LMS", "write the tree bottom to top"),
        ("enter LMSL 1", "write the tree bottom to top"),
        ("enter XY 1", "write the tree bottom to top"),
        ("pass 3", "pass takes no dice"),
        ("move c4 3", "'move' is not a square"),
    ],
)
def test_bad_move_text_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(InvalidMoveError, match=re.escape(words)):
        GAME.parse_move(deal(), text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("enter LMS 1 2", "a small piece moves by all three dice"),
        ("enter LM 1 2 3", "there is no such tree in your start pad"),
        ("c4 1 2 3", "there is no piece on c4"),
        ("roll 1 2 3", "the dice have been rolled"),
        ("enter LMS 1 2 4", "those dice are not among the dice still to use"),
        ("pass", "a player may pass only when none of the dice left can be used"),
    ],
)
def test_well_formed_but_illegal_moves_say_why(text: str, words: str) -> None:
    state = play(deal(), Roll((1, 2, 3)))
    with pytest.raises(IllegalMoveError, match=re.escape(words)):
        GAME.play(state, GAME.parse_move(state, text))


# ---------------------------------------------------------------- positions


def test_comments_blank_lines_case_and_order_are_forgiven() -> None:
    """Blank lines, ``#`` comments and case are ignored; trees, dice and
    squares may come in any order; the column letters under the board may be
    left out."""
    mid_turn = replace_line("dice", "dice: 4 2", replace_line("moved this turn", "moved this turn: a6"))
    mid_turn = replace_line("to move", "to move: black", mid_turn)
    messy = "# a comment\n\n" + mid_turn.upper().replace("PACH-ICE-I", "Pach-Ice-i", 1)
    messy = messy.replace("DICE: 4 2", "dice:   2  4").replace("LM LMS LMS", "LMS LM LMS")
    messy = messy.replace("\n   A  B  C  D  E  F  G\n", "\n\n# the end\n")
    assert GAME.from_text(messy) == GAME.from_text(mid_turn)
    assert GAME.from_text(mid_turn).dice == (2, 4)


MID_TURN = replace_line("to move", "to move: black", replace_line("dice", "dice: 4 5"))
"""The example with Black to use 4 and 5 still: the base of the cases about a turn under way."""


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "starts with the line 'Pach-Ice-i'"),
        (EXAMPLE.replace("Pach-Ice-i\n", "Pachisi\n"), "starts with the line 'Pach-Ice-i'"),
        (replace_line("to move", "to move: red"), "'red' is not a player: write black or white"),
        (replace_line("to move", "# to move: black"), "no line 'to move: ...'"),
        (replace_line("dice", "dice: 1 2 3 4"), "dice: up to three dice, each from 1 to 8"),
        (replace_line("dice", "dice: 0"), "dice: up to three dice, each from 1 to 8"),
        (replace_line("dice", "dice: 9"), "dice: up to three dice, each from 1 to 8"),
        (replace_line("dice", "dice: six"), "dice: 'six' is not 'to roll' or up to three dice"),
        (replace_line("dice", "dice: ١ 2 3"), "is not 'to roll' or up to three dice"),  # noqa: RUF001
        (replace_line("moved this turn", "moved this turn: z9"), "moved this turn: 'z9' is not a square"),
        (replace_line("moved this turn", "moved this turn: a6"), "moved this turn: only during a turn"),
        (
            replace_line("moved this turn", "moved this turn: a6", replace_line("dice", "dice: 1 2 3")),
            "moved this turn: only during a turn",
        ),
        (replace_line("moved this turn", "moved this turn: c3", MID_TURN), "moved this turn: no piece on c3"),
        (
            replace_line("moved this turn", "moved this turn: a6 a6", MID_TURN),
            "moved this turn: a6 is named twice",
        ),
        (replace_line("sent back this turn", "sent back this turn: X"), "sent back this turn: write S, M"),
        (replace_line("sent back this turn", "sent back this turn: L"), "sent back this turn: only during"),
        (
            replace_line("sent back this turn", "sent back this turn: L", MID_TURN),
            "sent back this turn: black's pad has no L on its own",
        ),
        (replace_line("black pad", "black pad: LM LMS LMS LMS SML"), "'SML' is not a tree"),
        (replace_line("black pad", "black pad: LM LMS LMS LMS MS"), "'MS' is not a tree"),
        (replace_line("black pad", "black pad: LM LMS LMS LMS LMSX"), "black pad: write each tree"),
        (replace_line("black pad", "black pad: LM LMS LMS LMS"), "black must have five pieces of each size"),
        (replace_line("white home", "white home: 1 small, 0 medium"), "white home: write 'N small"),
        (replace_line("white home", "white home: ١ small, 0 medium, 0 large"), "white home: write 'N small"),  # noqa: RUF001
        (replace_line("result", "result: draw"), "'draw' is not a player"),
        (replace_line("result", "result: black won"), "a player wins only with all fifteen pieces home"),
        (EXAMPLE.replace("6 K1 ..", "6 K4 .."), "'K4' on row 6: a piece is K or W and a size 1 to 3"),
        (EXAMPLE.replace("6 K1 ..", "6 X1 .."), "'X1' on row 6"),
        (EXAMPLE.replace("6 K1 .. ..", "6 K1 .."), "board row 6: its number and seven cells"),
        (EXAMPLE.replace("2 .. .. .. .. .. .. ..\n", ""), "the board has 6 rows: it needs seven"),
        (
            EXAMPLE.replace("2 .. .. .. .. .. .. ..\n1 .. .. .. .. .. .. ..\n", ""),
            "the board has 5 rows: it needs seven, 7 at the top to 1",
        ),
        (EXAMPLE[: EXAMPLE.index("7 ..")], "the board has 0 rows: it needs seven, 7 at the top to 1"),
        (EXAMPLE.replace("board:\n", ""), "no 'board:' line"),
    ],
)
def test_bad_position_text_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(InvalidPositionError, match=re.escape(words)):
        GAME.from_text(text)


def finished(result: str, homes: tuple[str, str]) -> str:
    """Black with every piece home (the board and pads empty but White's
    own pad), and ``result`` as given."""
    text = replace_line("to move", "to move: black")
    text = replace_line("black pad", "black pad: -", text)
    text = replace_line("white pad", "white pad: LMS LMS LMS LMS LMS", text)
    text = replace_line("black home", f"black home: {homes[0]}", text)
    text = replace_line("white home", f"white home: {homes[1]}", text)
    return replace_line("result", f"result: {result}", text.replace("6 K1 ..", "6 .. .."))


def test_a_finished_game_reads_back_and_refuses_what_cannot_follow_a_win() -> None:
    text = finished("black won", ("5 small, 5 medium, 5 large", "0 small, 0 medium, 0 large"))
    state = GAME.from_text(text)
    assert state.winner == 0 and GAME.to_text(state) == text and GAME.legal_moves(state) == []
    with pytest.raises(InvalidPositionError, match="black has all fifteen pieces home: the result is 'black"):
        GAME.from_text(replace_line("result", "result: playing", text))
    with pytest.raises(InvalidPositionError, match="a game that is over has no dice"):
        GAME.from_text(replace_line("dice", "dice: 3", text))
    with pytest.raises(InvalidPositionError, match="after a win the winner is to move: write 'to move: bl"):
        GAME.from_text(replace_line("to move", "to move: white", text))


def test_after_a_win_made_by_the_opponents_landing_the_winner_is_to_move() -> None:
    """docs/notation.md: "to move [...] after a win, the winner", also when
    the loser's own landing sent the winner's last piece home: Black's
    medium lands on White's last small on c3, a black square, after moving
    the large on e1 (docs/rules-notes.md, Pach-Ice-i decision 6)."""
    state = position({"c1": "K2", "c3": "W1", "e1": "K3"}, dice=(1, 1, 5))
    after = GAME.play(GAME.play(state, GAME.parse_move(state, "e1 5")), GAME.parse_move(state, "c1 1 1"))
    text = GAME.to_text(after)
    assert "result: white won" in text and "to move: white" in text
    assert GAME.from_text(text) == after
