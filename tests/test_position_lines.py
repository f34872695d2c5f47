"""Positions in one line (docs/notation.md, "Positions in one line", and each game's "One line"):
the documented examples, whole games read back through their lines, lines safe in a link and
short, mutated lines read or refused with words, impossible positions refused with their reason,
and a link that opens a line as it is."""

from __future__ import annotations

import random
import re
import statistics
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import pytest

from iriri_core import InvalidPositionError, game_names, get_game
from iriri_core.bots import make_bot
from iriri_core.bots.tournament import play_game
from iriri_core.site.links import parse_options

NOTATION = (Path(__file__).resolve().parent.parent / "docs" / "notation.md").read_text()
LINED = [name for name in game_names() if get_game(name).to_line(get_game(name).new_game()) is not None]
"""The registered games that write a position line (the fixture game does not)."""
SAFE = re.compile(r"[A-Za-z0-9.,\-/:@]+")
"""docs/notation.md: a line holds only letters, digits and . , - / : @."""
TYPICAL = {"iriri": 180, "hextris": 80, "pach-ice-i": 85, "pyrinoes": 240}
"""A bound the median line of a whole game keeps under (docs/notation.md: Hextris and Pach-Ice-i
well under 100 characters; Iriri and Pyrinoes as long as their ring, hands and line of play)."""
LONGEST = {"iriri": 240, "hextris": 90, "pach-ice-i": 100, "pyrinoes": 300}
"""A bound no line of those games passes."""
SHORT = {"pyrinoes": {"target": 30}}
"""A Pyrinoes match to 30 points still crosses rounds, in a fraction of the time."""


def test_a_game_whose_notation_writes_no_line_has_none() -> None:
    """docs/notation.md: a game whose notation writes no line (the fixture game of
    tests/fixtures/games) has ``to_line`` None and reads its own position text only."""
    assert set(LINED) == {"iriri", "hextris", "pach-ice-i", "pyrinoes"}
    unlined = [name for name in game_names() if name not in LINED]
    assert unlined, "tests/conftest.py adds a game without a line"
    for name in unlined:
        game = get_game(name)
        state = game.new_game()
        assert not hasattr(game.notation, "to_line") and game.to_line(state) is None
        assert game.from_text(game.to_text(state)) == state


# ---------------------------------------------------------------- the documented examples


def documented(name: str) -> tuple[str, str]:
    """The game's position text example in docs/notation.md and its line there."""
    title = get_game(name).title.lower()
    blocks = re.findall(r"```\n(.*?)```", NOTATION, re.S)
    text = next(block for block in blocks if block.splitlines()[0].strip().lower() == title)
    line = next(block.strip() for block in blocks if block.startswith(f"{name}:"))
    return text, line


@pytest.mark.parametrize("name", ["iriri", "hextris", "pach-ice-i", "pyrinoes"])
def test_the_documented_example_is_its_documented_line(name: str) -> None:
    game = get_game(name)
    text, line = documented(name)
    state = game.from_text(text)
    assert game.to_line(state) == line
    assert game.from_text(line) == state
    assert game.to_text(game.from_text(line)) == text
    assert f"({len(line)} characters" in NOTATION


def test_the_documented_board_with_a_hole_reads_as_its_text(iriri: Any) -> None:
    """docs/notation.md, "Iriri in one line": ``1B21/Y1Y2Y3/1B11@-1,-1`` is the board with a hole."""
    line = documented("iriri")[1]
    parts = line.split(":")
    parts[1] = "1B21/Y1Y2Y3/1B11@-1,-1"
    ring = re.findall("..", parts[8])
    for piece in ("B2", "Y3", "B1"):  # three more pieces leave the ring for the board
        ring.remove(piece)
    parts[8] = "".join(ring)
    state = iriri.from_text(":".join(parts))
    assert iriri.to_text(state).endswith("board: -1,-1\n.. B2 ..\nY1 Y2 Y3\n.. B1 ..\n")
    assert iriri.to_line(state) == ":".join(parts)


# ---------------------------------------------------------------- whole games


@cache
def whole_games(name: str) -> tuple[Any, ...]:
    """Every position of whole games played by bots (random and greedy for two players, random for
    more), and in a game that hides something, a seat's view of each, the seats in turn."""
    game = get_game(name)
    states: list[Any] = []
    for players in range(game.min_players, game.max_players + 1):
        for level, seed in (("random", 1), ("greedy", 2))[: 2 if players == game.min_players else 1]:
            bots = [make_bot(level, seed=seed + seat) for seat in range(players)]
            record = play_game(game, bots, seed=seed, options=SHORT.get(name)).record
            for ply, state in enumerate(record.replay()):
                states.append(state)
                if game.hidden_information:  # the seats' views in turn
                    states.append(game.view(state, ply % players))
    return tuple(states)


@pytest.mark.parametrize("name", LINED)
def test_every_position_of_whole_games_goes_through_its_line(name: str) -> None:
    """text -> position -> line -> position -> text, and line -> position -> line."""
    game = get_game(name)
    for state in whole_games(name):
        text = game.to_text(state)
        line = game.to_line(game.from_text(text))
        again = game.from_text(line)
        assert again == state, line
        assert game.to_text(again) == text
        assert game.to_line(again) == line


@pytest.mark.parametrize("name", LINED)
def test_lines_are_safe_in_a_link_and_short(name: str) -> None:
    game = get_game(name)
    lengths = []
    for state in whole_games(name):
        line = game.to_line(state)
        assert SAFE.fullmatch(line), line
        assert line.startswith(f"{name}:")
        lengths.append(len(line))
    assert statistics.median(lengths) <= TYPICAL[name]
    assert max(lengths) <= LONGEST[name]


# ---------------------------------------------------------------- mutated lines

POOL = "AZaz019.,-/:@x+ &#%?'\"<>\n"


def mutated(line: str, rng: random.Random) -> str:
    """Damaged copies of ``line``: a character dropped, doubled, swapped with the next, replaced
    or inserted, one to three times over."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(line))
        kind = rng.randrange(5)
        if kind == 0:
            line = line[:at] + line[at + 1 :]
        elif kind == 1:
            line = line[:at] + line[at] + line[at:]
        elif kind == 2 and at + 1 < len(line):
            line = line[:at] + line[at + 1] + line[at] + line[at + 2 :]
        elif kind == 3:
            line = line[:at] + rng.choice(POOL) + line[at + 1 :]
        else:
            line = line[:at] + rng.choice(POOL) + line[at:]
        if not line:
            line = rng.choice(POOL)
    return line


@pytest.mark.parametrize("name", LINED)
def test_mutated_lines_are_read_or_refused_with_words(name: str) -> None:
    """docs/notation.md: a line is read, or refused with InvalidPositionError, never another error;
    a line read writes back to a line that reads to the same position."""
    game = get_game(name)
    rng = random.Random(38)
    states = whole_games(name)
    lines = [game.to_line(states[rng.randrange(len(states))]) for _ in range(40)]
    read = refused = 0
    for case in range(1000):
        damaged = mutated(lines[case % len(lines)], rng)
        try:
            state = game.from_text(damaged)
        except InvalidPositionError as exc:
            assert str(exc), damaged
            refused += 1
            continue
        read += 1
        assert game.from_text(game.to_line(state)) == state, damaged
    assert refused > 500 and read >= 5


# ---------------------------------------------------------------- refused with words


def example_line(name: str, **parts: str) -> str:
    """The documented line of ``name`` with some parts (named as in its table, spaces as _) changed."""
    game = get_game(name)
    names = game.notation.LINE_PARTS
    values = documented(name)[1].split(":")[1:]
    for key, value in parts.items():
        values[names.index(key.replace("_", " "))] = value
    return ":".join((name, *values))


REFUSED = [
    # impossible positions, with the reason position text gives
    ("iriri", {"hands": "Y1Y2B1,B1B2B3"}, "hand 1 may only hold yellow pieces"),
    ("iriri", {"hands": "Y1Y2,B1B2B3"}, "there are 4 Y3 pieces in all, but each player has exactly 5"),
    (
        "iriri",
        {"phase": "take", "passes_in_a_row": "1"},
        "it cannot be the take phase|passes in a row must be 0",
    ),
    ("hextris", {"hands": "555,455"}, "player 1 has 6 large pieces; a stash has 5"),
    ("hextris", {"result": "won-by-1"}, "the winner must have three groups"),
    ("hextris", {"passes_in_a_row": "1"}, "player 1 has a legal move, so could not have lost the turn"),
    ("pach-ice-i", {"black_pad": "5LMS"}, "black must have five pieces of each size"),
    ("pach-ice-i", {"result": "black-won"}, "a player wins only with all fifteen pieces home"),
    ("pach-ice-i", {"dice": "35", "moved_this_turn": "c4"}, "moved this turn: no piece on c4"),
    ("pyrinoes", {"fire_hand": "5-5,6-2,6-0,5-1,4-4,4-2,2-2,1-0"}, "the domino 5-5 is in two places"),
    ("pyrinoes", {"line": "G2-R3R2,5-5,5-0,0-3,1-3"}, r"line: 0-3 and 1-3 do not match \(3 and 1\)"),
    ("pyrinoes", {"ice_pyrinoes": "B3-K1,B1-B2"}, "B2-B1: a pyrino must not have the same colour"),
    ("pyrinoes", {"passes": "2"}, "passes: 0 or 1, or 2 when the round ended with two passes"),
    # lines that are not lines, with what was expected where
    ("hextris", {"board": "2B1/4/2Y32/4"}, r"board: 5 rows, e at the top to a, separated by / \(it has 4\)"),
    ("hextris", {"board": "2B1/4/2Y3/4/3"}, "board row c needs 5 cells"),
    ("hextris", {"hands": "554"}, r"hands: one per player \(2\), separated by commas, each three digits"),
    ("hextris", {"players": "YQ"}, "players: 'Q' is not a colour"),
    (
        "iriri",
        {"board": "Y1Y2"},
        "board: the rows, separated by /, then @ and the cell of the top left corner",
    ),
    ("iriri", {"board": "3@0,0"}, "board: the rows hold no piece; write - for an empty board"),
    ("iriri", {"dictionary": "B3Y3B"}, "dictionary: 'B3Y3B' is not a row of pieces"),
    # a line crafted to cost work: numbers that would make the reader write millions of empty cells
    (
        "iriri",
        {"board": "/".join(["99"] * 5000) + "/Y1Y2@0,0"},
        "board: a board has at most 99 rows, not 5001",
    ),
    ("iriri", {"board": "99Y1" * 5000 + "@0,0"}, "board row 1: a row has at most 99 cells"),
    ("iriri", {"board": "999Y1Y2@0,0"}, "board row 1: 999 is not a number of empty cells from 1 to 99"),
    ("pach-ice-i", {"board": "7/K16/7/7/7/7/8"}, "board row 1 has 8 squares: each row has seven"),
    ("pach-ice-i", {"white_pad": "5LMSL"}, "white pad: '5LMSL' is not a tree"),
    ("pach-ice-i", {"dice": "to roll"}, r"the line has a space \(character 36\)"),
    (
        "pyrinoes",
        {"ice_pyrinoes": "B3-K1-G1"},
        "ice pyrinoes: 'B3-K1-G1' is not a pyrino: write its two ends joined by -",
    ),
    (
        "pyrinoes",
        {"ended": "fire"},
        "ended: -, or the player who ended the round and how, like ice-two-passes",
    ),
    ("pyrinoes", {"fire_pyrinoes": ""}, "fire pyrinoes: the part is empty; write - where there is nothing"),
]


@pytest.mark.parametrize("name, parts, reason", REFUSED)
def test_impossible_and_malformed_lines_are_refused_with_their_reason(
    name: str, parts: dict[str, str], reason: str
) -> None:
    line = example_line(name, **parts)
    with pytest.raises(InvalidPositionError, match=reason):
        get_game(name).from_text(line)


@pytest.mark.parametrize(
    "line, reason",
    [
        ("hextris:2B1/4/2Y32/4/3:YB:2:554,455:0,0:0", "the line has 6 parts after hextris:, and needs 7"),
        ("hextris:2B1/4/2Y32/4/3:YB:2:554+455:0,0:0:-", r"the line has a \+ \(character 32\)"),
        ("iriri:2B1/4/2Y32/4/3:YB:2:554,455:0,0:0:-", "the line has 7 parts after iriri:, and needs 8"),
        (
            "pach-ice-i:7/7/7/7/7/7/7:black:-:5LMS:5LMS:-:-:-&seats=human",
            r"the line has an & \(character 49\)",
        ),
    ],
)
def test_a_line_that_is_not_one_says_what_is_wrong(line: str, reason: str) -> None:
    name = line.partition(":")[0]
    with pytest.raises(InvalidPositionError, match=reason):
        get_game(name).from_text(line)


def test_a_line_of_another_game_says_which_it_is() -> None:
    with pytest.raises(InvalidPositionError, match="this line is a position of 'hextris', not iriri"):
        get_game("iriri").from_text(documented("hextris")[1])


def test_round_0_has_every_green() -> None:
    """docs/notation.md, Pyrinoes positions: round 0 has nothing built, so every green is left
    (position text may not say otherwise, since a line leaves the greens out)."""
    game = get_game("pyrinoes")
    text = game.to_text(game.new_game()).replace("greens: G1 G1 G1", "greens: G1 G1")
    with pytest.raises(InvalidPositionError, match="greens: in round 0, nothing is built yet"):
        game.from_text(text)


# ---------------------------------------------------------------- links


@pytest.mark.parametrize("name", LINED)
def test_a_link_opens_the_line_as_it_is(name: str) -> None:
    """docs/embedding.md: ``#game=<game>&position=<line>``, with no escaping; without ``game``,
    the line's own name says which game it is."""
    game = get_game(name)
    states = whole_games(name)
    whole = [state for state in states if game.view(state, 0) != state or not game.hidden_information]
    for state in (whole[len(whole) // 2], whole[-1]):
        line = game.to_line(state)
        assert parse_qsl(f"game={name}&position={line}") == [("game", name), ("position", line)]
        seats = ",".join(["human"] * game.num_players(state))
        for link in (f"#game={name}&position={line}", f"#position={line}&seats={seats}"):
            options = parse_options(link)
            assert options.game == name
            assert options.position == line
            assert game.from_text(options.position) == state
