"""Hextris position text and move text (docs/notation.md): examples, round
trips, and each kind of bad input gives the documented error with a message a
person can act on."""

from __future__ import annotations

import random

import pytest
from hextris_helpers import GAME, play, position
from test_hextris_rules import BLOCKED_TWO, SWAP_BOTH

from iriri_core import IllegalMoveError, InvalidMoveError, InvalidPositionError
from iriri_core.games.hextris import Draw, Drop, HextrisState, Pass, Slide, Swap, spot_index, spot_name

NUMBERS = {"a": "123", "b": "1234", "c": "12345", "d": "2345", "e": "345"}
NAMES = [row + number for row, numbers in NUMBERS.items() for number in numbers]
"""Row a holds a1-a3, b b1-b4, c c1-c5, d d2-d5 and e e3-e5."""

# Yellow, then blue, dropped a large on c1 and a small on e5; yellow slid c1-c3.
EXAMPLE = """\
Hextris
players: yellow blue
to move: 2
passes in a row: 0
groups: 0 0
hand 1: 5 small, 5 medium, 4 large
hand 2: 4 small, 5 medium, 5 large
result: playing
board:
e     ..  ..  B1
d   ..  ..  ..  ..
c ..  ..  Y3  ..  ..
b   ..  ..  ..  ..
a     ..  ..  ..
"""


def test_the_example_reads_and_writes_back() -> None:
    state = GAME.from_text(EXAMPLE)
    assert state == play(GAME.new_game(players=2), "L@c1", "S@e5", "c1-c3")
    assert GAME.to_text(state) == EXAMPLE


def test_spots_are_named_a1_to_e5_in_rows() -> None:
    """Rows a (bottom) to e, each spot numbered along its diagonal; the board's index order is the
    order of the names."""
    assert [spot_name(i) for i in range(19)] == NAMES
    assert all(spot_index(name) == i and spot_index(name.upper()) == i for i, name in enumerate(NAMES))


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("M@a2", Drop(2, spot_index("a2"))),
        ("m@A2", Drop(2, spot_index("a2"))),
        (" L @ c1 ", Drop(3, spot_index("c1"))),
        ("S@e5", Drop(1, spot_index("e5"))),
        ("a1-c1", Slide(spot_index("a1"), spot_index("c1"))),
        ("A1 - C1", Slide(spot_index("a1"), spot_index("c1"))),
        ("c3xd4", Swap(spot_index("c3"), spot_index("d4"))),
        ("C3XD4", Swap(spot_index("c3"), spot_index("d4"))),
        (" c3 x d4", Swap(spot_index("c3"), spot_index("d4"))),
        ("pass", Pass()),
        ("PASS", Pass()),
        (" Draw ", Draw()),
    ],
)
def test_move_text_parses(text: str, move: object) -> None:
    state = GAME.new_game()
    assert GAME.parse_move(state, text) == move


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Drop(1, spot_index("b4")), "S@b4"),
        (Slide(spot_index("e3"), spot_index("c1")), "e3-c1"),
        (Swap(spot_index("d5"), spot_index("c4")), "d5xc4"),
        (Pass(), "pass"),
        (Draw(), "draw"),
    ],
)
def test_move_text_is_written_canonically(move: object, text: str) -> None:
    assert GAME.move_text(GAME.new_game(), move) == text


def test_every_written_move_reads_back() -> None:
    """Every drop, slide and swap between any two spots, legal or not, writes and reads back."""
    state = GAME.new_game()
    moves: list[object] = [Drop(size, s) for size in (1, 2, 3) for s in range(19)]
    moves += [kind(a, b) for kind in (Slide, Swap) for a in range(19) for b in range(19) if a != b]
    for move in [*moves, Pass(), Draw()]:
        text = GAME.move_text(state, move)
        assert GAME.parse_move(state, text) == move
        assert GAME.parse_move(state, f"  {text.upper()} ") == move


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "is not a Hextris move"),
        ("passs", "is not a Hextris move"),
        ("X@a1", "is not a Hextris move"),
        ("M@", "is not a Hextris move"),
        ("@a1", "is not a Hextris move"),
        ("M@a4", "'a4' is not a spot"),
        ("M@f1", "'f1' is not a spot"),
        ("M@a0", "'a0' is not a spot"),
        ("M@c33", "'c33' is not a spot"),
        ("M@a²", "'a²' is not a spot"),
        ("M@a١", "'a١' is not a spot"),  # noqa: RUF001 (an Arabic-Indic digit one)
        ("a1-a1", "two different spots"),
        ("c3xc3", "two different spots"),
        ("a1c1", "is not a Hextris move"),
        ("a1-", "is not a Hextris move"),
        ("-c1", "is not a Hextris move"),
        ("a1-c1-e1", "is not a Hextris move"),
        ("a1=c1", "is not a Hextris move"),
        ("draw please", "is not a Hextris move"),
    ],
)
def test_bad_move_text_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        GAME.parse_move(GAME.new_game(), text)
    assert words in str(info.value)


def test_the_bad_move_message_shows_how_to_write_a_move() -> None:
    with pytest.raises(InvalidMoveError) as info:
        GAME.parse_move(GAME.new_game(), "take Y2@7")
    for example in ("M@a2", "a1-c1", "c3xd4", "pass"):
        assert example in str(info.value)


def test_well_formed_but_illegal_moves_raise_illegal_move_error() -> None:
    state = GAME.new_game()
    for text in ("M@c3", "a1-a2", "a1xa2", "c3-c4"):
        with pytest.raises(IllegalMoveError):
            GAME.play(state, GAME.parse_move(state, text))


def test_moves_made_outside_the_notation_are_refused_politely() -> None:
    """A move built in code with a spot off the board is an IllegalMoveError, not a crash."""
    state = play(GAME.new_game(), "L@a1")
    for move in (Drop(2, 19), Drop(4, 0), Slide(0, 19), Slide(0, -1), Swap(0, 42)):
        with pytest.raises(IllegalMoveError, match="no such"):
            GAME.play(state, move)


def random_states(players: int, seed: int) -> list[HextrisState]:
    rng = random.Random(seed)
    state = GAME.new_game(players=players)
    states = [state]
    while not GAME.is_over(state):
        state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3])
def test_position_text_round_trips(players: int) -> None:
    """Every position of random games, and the endings that random games rarely reach."""
    states = random_states(players, seed=players) + [
        play(GAME.new_game(players=players), "L@a1", "draw"),
        play(position(BLOCKED_TWO), "pass", "pass"),
    ]
    assert any(s.ending == "won" for s in states)
    for state in states:
        text = GAME.to_text(state)
        assert GAME.from_text(text) == state
        assert GAME.to_text(GAME.from_text(text)) == text


def test_comments_blank_lines_case_and_padding_are_forgiven() -> None:
    messy = "# a comment\n\n  HEXTRIS\n" + EXAMPLE.split("\n", 1)[1]
    messy = messy.replace("to move: 2", "To Move:   2").replace(
        "players: yellow blue", "players: Yellow BLUE"
    )
    messy = messy.replace("e     ..  ..  B1", "E .. .. b1").replace("result: playing", "result: Playing")
    assert GAME.from_text(messy) == GAME.from_text(EXAMPLE)


def replace_line(prefix: str, new: str, text: str = EXAMPLE) -> str:
    lines = text.splitlines()
    return "\n".join(new if line.startswith(prefix) else line for line in lines) + "\n"


WON = GAME.to_text(play(position(SWAP_BOTH, groups=(2, 2)), "c3xd3"))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "starts with the line: Hextris"),
        ("Iriri\n", "starts with the line: Hextris"),
        (EXAMPLE.replace("groups: 0 0\n", ""), "lacks the line 'groups'"),
        (EXAMPLE.replace("groups: 0 0", "groups: 0 0\ngroups: 0 0"), "given twice"),
        (EXAMPLE.replace("groups: 0 0", "groups 0 0"), "not a 'name: value' line"),
        (EXAMPLE.replace("groups: 0 0", "colour: red\ngroups: 0 0"), "'colour' is not a line"),
        (
            EXAMPLE.replace("result: playing", "hand 3: 5 small, 5 medium, 5 large\nresult: playing"),
            "'hand 3'",
        ),
        (replace_line("players", "players: yellow"), "2 or 3 players"),
        (replace_line("players", "players: yellow blue red green"), "2 or 3 players"),
        (replace_line("players", "players: yellow mauve"), "different colours"),
        (replace_line("players", "players: yellow yellow"), "different colours"),
        (replace_line("to move", "to move: 3"), "to move must be a player from 1 to 2"),
        (replace_line("to move", "to move: one"), "'one' is not a whole number"),
        (replace_line("to move", "to move: ²"), "is not a whole number"),
        (replace_line("to move", "to move: " + "1" * 5000), "far too large"),
        (replace_line("groups", "groups: 0"), "one count per player"),
        (replace_line("groups", "groups: 4 0"), "player 1 has 4 groups"),
        (replace_line("groups", "groups: 1 0"), "should make 15 pieces"),
        (replace_line("hand 1", "hand 1: 5 small, 5 medium"), "write it like"),
        (replace_line("hand 1", "hand 1: 5 small, 5 medium, 3 large"), "should make 15 pieces"),
        (replace_line("hand 1", "hand 1: 6 small, 4 medium, 4 large"), "6 small pieces; a stash has 5"),
        (replace_line("hand 2", "hand 2: 4 small, 5 medium, 6 large"), "6 large pieces; a stash has 5"),
        (replace_line("hand 1", "hand 1: 555 small, 5 medium, 4 large"), "write it like"),
        (EXAMPLE.replace("hand 2: 4 small, 5 medium, 5 large\n", ""), "hand 2"),
        (replace_line("result", "result: over"), "result: playing, won by N"),
        (replace_line("result", "result: won by 3"), "result: playing, won by N"),
        (replace_line("result", "result: won by 1"), "the winner must have three groups"),
        (replace_line("passes", "passes in a row: 2"), "the game is blocked"),
        (replace_line("passes", "passes in a row: 1"), "player 1 has a legal move"),
        (replace_line("result", "result: drawn, nobody can move"), "all 2 players have lost the turn"),
        (EXAMPLE.replace("board:\n", ""), "'e     ..  ..  B1' is not a 'name: value' line"),
        (EXAMPLE.split("board:")[0], "lacks the line 'board'"),
        (EXAMPLE.replace("c ..  ..  Y3  ..  ..", "c ..  ..  Y3  .."), "board row c needs 5 cells"),
        (EXAMPLE.replace("a     ..  ..  ..", "a     ..  ..  ..  .."), "board row a needs 3 cells"),
        (EXAMPLE.replace("a     ..  ..  ..\n", ""), "board row a needs 3 cells"),
        (EXAMPLE.replace("a     ..  ..  ..", "f     ..  ..  .."), "starts with its letter a-e"),
        (EXAMPLE + "c ..  ..  ..  ..  ..\n", "starts with its letter a-e, once"),
        (EXAMPLE.replace("c ..  ..  Y3", "c ..  ..  Q3"), "'Q3' is not a piece"),
        (EXAMPLE.replace("c ..  ..  Y3", "c ..  ..  Y4"), "'Y4' is not a piece"),
        (EXAMPLE.replace("c ..  ..  Y3", "c ..  ..  R3"), "R3 is not a player's colour"),
        (WON.replace("result: won by 1", "result: playing"), "a group of five is on the board"),
        (WON.replace("groups: 3 3", "groups: 3 2"), "should make 15 pieces"),
        (
            WON.replace("passes in a row: 0", "passes in a row: 1"),
            "the winning move was not a pass",
        ),
    ],
)
def test_bad_position_text_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(InvalidPositionError) as info:
        GAME.from_text(text)
    assert words in str(info.value)


def test_impossible_boards_are_refused() -> None:
    """A position no game could reach, whatever its hands and counts say."""
    six = """
        e     ..  ..  ..
        d   ..  ..  ..  ..
        c Y1  ..  ..  ..  ..
        b   Y1  ..  ..  Y1
        a     Y1  Y2  Y1
    """
    with pytest.raises(InvalidPositionError, match="in a group of 6: the most is 5"):
        position(six)
    five = six.replace("Y1  ..  ..  Y1", "Y1  ..  ..  ..")
    with pytest.raises(
        InvalidPositionError, match="a group of five is on the board, but the game is not won"
    ):
        position(five)
    with pytest.raises(
        InvalidPositionError, match="player 1 has three groups, so the third must be on the board"
    ):
        position(groups=(3, 0), hands=[(0, 0, 0), (5, 5, 5)], result="won by 1")
    six_large = "\n".join(["e Y3 .. Y3", "d .. .. .. ..", "c Y3 .. Y3 .. Y3", "b .. .. .. ..", "a .. Y3 .."])
    with pytest.raises(InvalidPositionError, match="6 large pieces; a stash has 5"):
        position(six_large, hands=[(5, 5, 0), (5, 5, 5)])


def test_a_blocked_game_needs_every_player_without_a_move() -> None:
    """``passes in a row`` says who lost the turn; each of them must have had no legal move."""
    blocked = GAME.to_text(play(position(BLOCKED_TWO), "pass", "pass"))
    assert GAME.from_text(blocked).ending == "blocked"
    opened = blocked.replace("d   Y2  B2  Y2  Y2", "d   Y2  B2  ..  Y2").replace(
        "hand 1: 1 small, 0 medium, 5 large", "hand 1: 1 small, 1 medium, 5 large"
    )
    with pytest.raises(InvalidPositionError, match="has a legal move, so could not have lost the turn"):
        GAME.from_text(opened)
