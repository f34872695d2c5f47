"""Pach-Ice-i's set-up of positions by hand (iriri_core/games/pach_ice_i/setup.py):
each piece put on a square is taken from its owner's pad (or home) and given
back when taken off, trees kept whole where they can be; the fields read what
the line writes and refuse in words what they cannot read; the pieces home
are always the rest of each stash."""

from __future__ import annotations

import pytest

from iriri_core import Seat, Table
from iriri_core.games.pach_ice_i.rules import deal
from iriri_core.games.pach_ice_i.setup import PachIceISetup, give, take
from iriri_core.pictures.drawing import PALETTE
from iriri_core.setup.editor import Editor
from iriri_core.setup.rules import REMOVE

RULES = PachIceISetup()
START_PAD = "5LMS"


def editor(start: str = "empty", table_state: object = None) -> Editor:
    table = Table("pach-ice-i", [Seat("human"), Seat("human")])
    return Editor.open(table.game, table.presenter, table_state or table.state, start)


def put(made: Editor, tool: str, square: str) -> None:
    made.act({"do": "tool", "tool": tool})
    made.act({"do": "tap", "target": f"square:{square}"})
    assert made.message == "", made.message


def field(made: Editor, name: str, value: str) -> None:
    made.act({"do": "field", "field": name, "value": value})


def value(made: Editor, name: str) -> str:
    return next(f.value for f in made.rules.fields(made.state) if f.id == name)


def test_the_empty_board_is_the_start_with_nothing_entered() -> None:
    made = editor()
    assert made.line == "pach-ice-i:7/7/7/7/7/7/7:black:-:5LMS:5LMS:-:-:-"
    assert made.problem is None
    assert made.state == deal()


def test_the_palette_is_every_piece_in_the_colours_the_game_draws_then_remove() -> None:
    tools = RULES.tools(deal())
    assert [tool.id for tool in tools] == ["K1", "K2", "K3", "W1", "W2", "W3", REMOVE.id]
    assert [tool.colour for tool in tools[:6]] == [PALETTE["black"]] * 3 + [PALETTE["white"]] * 3
    assert [tool.size for tool in tools[:6]] == [1, 2, 3, 1, 2, 3]
    assert tools[0].label == "black small" and tools[5].label == "white large"


@pytest.mark.parametrize(
    ("tool", "pad"),
    [
        ("K1", "LM,4LMS"),
        ("K2", "S,L,4LMS"),
        ("K3", "S,M,4LMS"),
        ("W1", "LM,4LMS"),
        ("W2", "S,L,4LMS"),
        ("W3", "S,M,4LMS"),
    ],
)
def test_each_tool_puts_its_piece_taking_it_from_its_owners_pad(tool: str, pad: str) -> None:
    made = editor()
    seat = "black" if tool[0] == "K" else "white"
    other = "white" if seat == "black" else "black"
    put(made, tool, "d4")
    assert made.state.board[24] == ("KW".index(tool[0]), int(tool[1]))
    assert value(made, f"{seat}_pad") == pad and value(made, f"{other}_pad") == START_PAD
    assert made.state.home == ((0, 0, 0), (0, 0, 0))
    assert made.problem is None, made.problem
    made.act({"do": "tool", "tool": REMOVE.id})
    made.act({"do": "tap", "target": "square:d4"})
    assert made.state == deal()


def test_a_piece_comes_from_the_smallest_tree_that_has_one() -> None:
    made = editor()
    put(made, "W2", "a1")  # LMS -> L, S
    put(made, "W3", "a2")  # the lone L
    put(made, "W1", "a3")  # the lone S
    assert value(made, "white_pad") == "4LMS"
    put(made, "W1", "a4")  # LMS -> LM
    put(made, "W3", "a5")  # LM -> M
    assert value(made, "white_pad") == "M,3LMS"
    assert made.problem is None, made.problem


def test_taking_and_giving_keep_the_trees_the_rules_know() -> None:
    assert take(((3, 2, 1),), 1) == [(3, 2)]
    assert take(((3, 2, 1),), 3) == [(1,), (2,)]
    assert take(((3, 2), (3, 2, 1)), 3) == [(2,), (3, 2, 1)]
    assert take(((1,), (2,)), 3) is None
    assert give(((3, 2),), 1) == [(3, 2, 1)]
    assert give(((1,), (3,)), 2) == [(3, 2, 1)]
    assert give(((3,),), 2) == [(3, 2)]
    assert give(((2,),), 3) == [(3, 2)]
    assert give((), 3) == [(3,)]
    assert give(((3, 2, 1),), 1) == [(1,), (3, 2, 1)]


def test_a_piece_the_pad_has_not_comes_from_home_and_goes_back_to_the_pad() -> None:
    made = editor()
    field(made, "black_pad", "M")
    assert made.message == "" and made.state.home[0] == (5, 4, 5) and made.problem is None
    put(made, "K3", "c3")
    assert made.state.home[0] == (5, 4, 4) and value(made, "black_pad") == "M"
    assert made.problem is None, made.problem
    made.act({"do": "tool", "tool": REMOVE.id})
    made.act({"do": "tap", "target": "square:c3"})
    assert value(made, "black_pad") == "LM" and made.state.home[0] == (5, 4, 4)


def test_a_sixth_piece_of_a_size_is_refused_in_the_readers_words_and_taking_it_off_mends_it() -> None:
    made = editor()
    for square in ("a1", "a2", "a3", "a4", "a5"):
        put(made, "K1", square)
    assert value(made, "black_pad") == "5LM" and made.problem is None
    put(made, "K1", "a6")
    assert made.problem is not None and "black must have five pieces of each size" in made.problem
    made.act({"do": "tool", "tool": REMOVE.id})
    made.act({"do": "tap", "target": "square:a6"})
    assert value(made, "black_pad") == "5LM" and made.problem is None


def test_a_tap_on_a_square_with_a_piece_replaces_it() -> None:
    made = editor()
    put(made, "K3", "b2")
    put(made, "W1", "b2")
    assert made.state.board[8] == (1, 1)
    assert value(made, "black_pad") == START_PAD and value(made, "white_pad") == "LM,4LMS"
    assert made.problem is None


def test_a_tap_elsewhere_than_a_square_is_refused() -> None:
    made = editor()
    for target in ("die:0", "tree:0", "goal", "square:h9"):
        made.act({"do": "tap", "target": target})
        assert made.message and made.state == deal(), target
    made.act({"do": "tap", "target": "square:h9"})
    assert "not a square" in made.message


@pytest.mark.parametrize(
    ("name", "typed", "shown"),
    [
        ("to_move", "white", "white"),
        ("dice", "5 2 3", "235"),
        ("dice", "8+1", "18"),
        ("dice", "to roll", "-"),
        ("black_pad", "LM, 4LMS", "LM,4LMS"),
        ("white_pad", "s,l,lm,2lms", "S,L,LM,2LMS"),
        ("moved", "d4, a1", "a1,d4"),
        ("resent", "m s", "S,M"),
        ("result", "white-won", "white-won"),
    ],
)
def test_each_field_is_set_as_typed(name: str, typed: str, shown: str) -> None:
    made = editor()
    field(made, name, typed)
    assert made.message == ""
    assert value(made, name) == shown


@pytest.mark.parametrize(
    ("name", "typed", "words"),
    [
        ("to_move", "red", "not a value for"),
        ("dice", "9", "one digit 1 to 8 each"),
        ("dice", "1234", "one digit 1 to 8 each"),
        ("dice", "two", "one digit 1 to 8 each"),
        ("black_pad", "LS", "'LS' is not a tree"),
        ("white_pad", "6LMS", "is not a tree"),
        ("moved", "h9", "moved this turn: 'h9' is not a square"),
        ("resent", "X", "S, M or L for each piece"),
        ("result", "drawn", "not a value for"),
        ("home", "555", "not a value for"),
    ],
)
def test_a_field_refuses_what_it_cannot_read_in_words(name: str, typed: str, words: str) -> None:
    made = editor()
    put(made, "K1", "a1")
    line = made.line
    field(made, name, typed)
    assert words in made.message, made.message
    assert made.line == line


def test_a_pad_typed_short_sends_the_rest_home() -> None:
    made = editor()
    field(made, "white_pad", "LM,2LMS")
    assert made.state.home[1] == (3, 2, 2) and made.problem is None
    field(made, "white_pad", "5LMS,S")
    assert made.problem is not None and "white must have five pieces of each size" in made.problem


@pytest.mark.parametrize(
    ("steps", "words"),
    [
        ((("dice", "235"), ("moved", "a1")), "moved this turn: only during a turn"),
        ((("dice", "5"), ("moved", "b2")), "moved this turn: no piece on b2"),
        ((("dice", "5"), ("resent", "L")), "sent back this turn: black's pad has no L on its own"),
        ((("result", "black-won"),), "a player wins only with all fifteen pieces home"),
        ((("black_pad", "-"), ("result", "black-won"), ("dice", "235")), "a game that is over has no dice"),
        ((("black_pad", "-"),), "black has all fifteen pieces home: the result is 'black won'"),
    ],
)
def test_what_no_game_reaches_is_refused_in_the_readers_words(
    steps: tuple[tuple[str, str], ...], words: str
) -> None:
    made = editor()
    put(made, "K1", "a1")
    made.act({"do": "tool", "tool": REMOVE.id})
    made.act({"do": "tap", "target": "square:a1"})  # an empty board again
    for name, typed in steps:
        field(made, name, typed)
        assert made.message == "", made.message
    assert made.problem is not None and words in made.problem, made.problem


def test_a_won_game_with_every_piece_home_is_accepted() -> None:
    made = editor()
    field(made, "black_pad", "-")
    field(made, "result", "black-won")
    assert made.problem is None, made.problem
    assert made.state.home[0] == (5, 5, 5) and made.state.winner == 0


def test_taking_a_moved_piece_off_takes_its_square_out_of_moved_this_turn() -> None:
    made = editor()
    put(made, "K1", "a1")
    put(made, "K3", "c3")
    field(made, "dice", "5")
    field(made, "moved", "a1")
    assert made.problem is None, made.problem
    made.act({"do": "tool", "tool": REMOVE.id})
    made.act({"do": "tap", "target": "square:a1"})
    assert value(made, "moved") == "-"


def test_the_start_and_the_tables_position_are_accepted_and_their_fields_read_back() -> None:
    table = Table("pach-ice-i", [Seat("human"), Seat("human")])
    game, state = table.game, table.state
    for text in ("roll 2 3 5", "enter LMS 2 3 5", "roll 1 1 4", "enter LMS 1 1 4", "roll 2 4 6"):
        state = game.play(state, game.parse_move(state, text))
    for text in (game.move_text(state, game.legal_moves(state)[0]),):
        state = game.play(state, game.parse_move(state, text))
    for start in ("start", "table"):
        made = editor(start, state)
        assert made.problem is None, (start, made.problem)
        line = made.line
        for each in made.rules.fields(made.state):
            field(made, each.id, each.value)
            assert made.message == "", (each.id, made.message)
        assert made.line == line
    assert editor("table", state).line == game.to_line(state)


@pytest.mark.parametrize(
    "steps",
    [
        (("field", "dice", "888"),),
        (("field", "black_pad", "-"), ("field", "result", "black-won")),
        tuple(("tap", f"square:{c}{r}") for c in "abcdefg" for r in "1234567"),
        (("field", "white_pad", "5LMS,5S,5M,5L"),),
    ],
)
def test_odd_set_ups_are_drawn_as_they_are(steps: tuple[tuple[str, ...], ...]) -> None:
    made = editor()
    made.act({"do": "tool", "tool": "W1"})
    for step in steps:
        if step[0] == "tap":
            made.act({"do": "tap", "target": step[1]})
        else:
            field(made, step[1], step[2])
        assert made.message == "", made.message
    for size in ((640.0, 480.0), (390.0, 844.0), (1280.0, 800.0)):
        view = made.view(size, 0.0, ("Black", "White"))
        targets = {shape["target"] for shape in view["scene"]["shapes"] if "target" in shape}
        assert {f"square:{c}{r}" for c in "abcdefg" for r in "1234567"} <= targets
