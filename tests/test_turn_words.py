"""The last turn of a game in one line, for Your games (iriri_core/site/recaps.py):
in the table's own words (the words the page's table gives the same
moves, put in the past), the players by their names and the reader as
"you", never in move notation, short; worked out from a side's record of a
game by links, where Pyrinoes' record is that side's view ("deal ?") and
names no domino the reader cannot see; and a turn that is chance's alone
(a roll, a deal) told too."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_friends import Pair

from iriri_core import Seat, Table, get_game
from iriri_core.by_links.game import FriendGame
from iriri_core.by_links.invitations import by_links as offered_by_links
from iriri_core.engine import CHANCE, turn_start
from iriri_core.games.pyrinoes.state import UNSEEN
from iriri_core.presenter import presenter_for, table_games
from iriri_core.records import Record
from iriri_core.site.links import Snapshot
from iriri_core.site.recaps import PAST, in_the_past, last_turn_words
from iriri_core.table.views import described

GAMES = table_games()
"""Every game a table shows, from the registry (the fixture games too)."""
SETTINGS: dict[str, dict[str, int]] = {"pyrinoes": {"target": 50}}

LINE = 100
"""The most characters a last turn takes in the list, with names of three letters."""

NOTATION = (
    r"@",  # a drop or a word laid (Hextris, Iriri): "L@c1", "Y1@0,0"
    r"\b[a-g][1-7]-[a-g][1-7]\b|\b[a-e][1-5]x[a-e][1-5]\b",  # Hextris's slides and swaps: "e3-e4", "c5xc4"
    r"\btake [A-Z]\d",  # Iriri's take: "take Y3@19"
    r"\b[a-g][1-7]( [1-8])+\b|\benter [LMS]+\b|\broll [1-8]",  # Pach-Ice-i's parts and rolls: "g1 2 3 8"
    r"(\d-\d|\+[A-Z0-9]+) (left|right)\b|\bbuild [A-Z]|\b(deal|drawn|pick) |\?",  # Pyrinoes: "B1+K1 right"
)
"""Move text of each game, none of which a line in words holds (``B1+K1 right``, ``g1 2 3 8``)."""


PAST_FORMS = {*PAST.values(), "brought", "built", "could", "dealt"}
"""The verbs a line tells a move with that do not end in "ed"."""


def present_verbs(words: str) -> list[str]:
    """The verbs after a player (or the dealer) and after "then" in ``words``
    that are not in the past ("Ann drops", "then takes")."""
    said = re.findall(r"^(?:The \w+|\S+) (\w+)|; (?:the \w+|\w+) (\w+)|\bthen (\w+)", words)
    verbs = [verb for found in said for verb in found if verb]
    return [verb for verb in verbs if not verb.endswith("ed") and verb not in PAST_FORMS]


def notation(words: str) -> list[str]:
    """The pieces of move notation in ``words``."""
    return [found.group(0) for pattern in NOTATION for found in re.finditer(pattern, words)]


def dominoes(words: str) -> set[tuple[int, int]]:
    """The dominoes ``words`` name ("5-3", "the double 6-6"; not a pyrino's
    spots "(3-1)"), each as its spots, larger first."""
    found = re.finditer(r"(?<![\d(])(\d)-(\d)(?![\d)])", words)
    return {(max(int(a), int(b)), min(int(a), int(b))) for a, b in (m.groups() for m in found)}


def seat_names(game: str) -> list[str]:
    """What the table calls the seats ("Yellow", "Black", "Fire")."""
    state = get_game(game).new_game(2)
    return [presenter_for(game).player_name(state, seat) for seat in (0, 1)]


def test_the_checks_see_notation_colours_and_dominoes() -> None:
    """The checks below can fail: they find what they look for."""
    assert notation("Ann moved g1 2 3 8") and notation("Ann played B1+K1 right") and notation("deal ?")
    assert notation("You played L@c1") and notation("Ann took take Y3@19") and notation("roll 2 3 8")
    assert not notation("Ann rolled 2 3 8 and moved the large on g1 by 2+3 to b1")
    assert not notation("You played the pyrino B1+K1 (1-1) on the 1, ending the round")
    assert not notation("Bob swapped the small on a2 with the yellow large on b2")
    assert not notation("You passed: you had no pieces left in hand")
    assert dominoes("Ann drew 5-3; the double 6-6") == {(5, 3), (6, 6)}
    assert dominoes("Ann played the pyrino B3+K1 (3-1) on the 3") == set()
    assert seat_names("pyrinoes") == ["Fire", "Ice"] and seat_names("hextris") == ["Yellow", "Blue"]
    assert present_verbs("Ann drops a large on c1") == ["drops"]
    assert present_verbs("You laid Y1 at 0,0 for 2, then takes Y3 from position 2") == ["takes"]
    assert present_verbs("The dealer deals a domino to Ann") == ["deals"]
    assert not present_verbs("Bob rolled 1 1 8 and moved two pieces, then passed")
    assert not present_verbs("Ann picked 2-2; you picked 6-0, so you start")


# ---------------------------------------------------------------- examples, each game


def random_game(game: str, seed: int, moves: int) -> tuple[Any, list[str]]:
    """A game's start and ``moves`` moves of it played at random, chance's too."""
    rules, rng = get_game(game), random.Random(seed)
    start = state = rules.new_game(2, seed=seed, **SETTINGS.get(game, {}))
    played = []
    for _ in range(moves):
        if rules.current_player(state) == CHANCE:
            move = rng.choice([outcome for outcome, _ in rules.chance_outcomes(state)])
        else:
            move = rng.choice(rules.legal_moves(state))
        played.append(rules.move_text(state, move))
        state = rules.play(state, move)
    return start, played


@pytest.mark.parametrize(
    ("game", "moves", "viewer", "words"),
    [
        ("hextris", 0, 0, ""),
        ("hextris", 1, 1, "Ann dropped a small on d5"),
        (
            "hextris",
            61,
            0,
            "You swapped the small on e4 with the blue large on e3, making a group of five for Bob",
        ),
        (
            "hextris",
            61,
            1,
            "Ann swapped the small on e4 with the blue large on e3, making a group of five for you",
        ),
        ("iriri", 14, 0, "You laid Y2 Y1 at 2,-1 to 3,-1 for 5, then took Y3 from position 2"),
        ("iriri", 15, 1, "Ann laid Y2 Y1 at 2,-1 to 3,-1 for 5, then took Y3 and Y2"),
        ("iriri", 34, 0, "Bob passed: Bob had no pieces left in hand"),
        ("iriri", 33, 0, "You passed: you had no pieces left in hand"),
        ("pach-ice-i", 1, 0, "You rolled 1 3 5"),
        ("pach-ice-i", 3, 0, "Bob rolled 1 6 8"),
        ("pach-ice-i", 4, 0, "Bob rolled 1 6 8 and entered a small by 1+6+8 to g5"),
        (
            "pach-ice-i",
            80,
            0,
            "Bob rolled 4 8 8 and moved the medium on a6 by 8+8 to c4, sending your medium home",
        ),
        ("pach-ice-i", 166, 1, "You rolled 3 3 6 and moved one piece, then passed"),
        ("pach-ice-i", 277, 1, "Ann rolled 1 3 5 and moved two pieces, then passed"),
    ],
)
def test_a_last_turn_is_told_in_the_tables_words_with_names(
    game: str, moves: int, viewer: int, words: str
) -> None:
    start, played = random_game(game, 1, moves)
    assert last_turn_words(game, start, played, ("Ann", "Bob"), viewer) == words


def test_a_pach_ice_i_turn_of_several_pieces_is_summed_up() -> None:
    start, played = random_game("pach-ice-i", 1, 300)
    said = {last_turn_words("pach-ice-i", start, played[:n], ("Ann", "Bob"), 0) for n in range(300)}
    assert any(re.fullmatch(r"(You|Bob) rolled \d \d \d and moved (two|three) pieces", s) for s in said)


PYRINOES_VIEW = [
    "pick 2-2",
    "pick 6-0",
    *["deal ?"] * 9,
    *[f"deal {a}-{b}" for a, b in [(2, 1), (6, 3), (6, 5), (3, 1), (5, 3), (6, 1), (0, 0), (3, 3), (4, 0)]],
    "deal 6-2",
    "build B2B2+K3",
    "build Y1+G1",
]
"""The start of a Pyrinoes match by links as Ice (seat 1) keeps it: Fire's
dominoes dealt unseen, its own seen, the 6-2 turned up, then a pyrino each."""


@pytest.mark.parametrize(
    ("moves", "viewer", "words"),
    [
        (1, 1, "Ann picked 2-2"),
        (2, 1, "You picked 6-0, so you start"),
        (2, 0, "Bob picked 6-0, so Bob starts"),
        (10, 1, "The dealer dealt eight dominoes to Ann"),
        (21, 1, "The dealer dealt nine dominoes to each player and turned up 6-2"),
        (22, 1, "You built the pyrino B2B2+K3 (4-3)"),
        (23, 1, "Ann built the pyrino Y1+G1 (1-0)"),
    ],
)
def test_pyrinoes_on_a_view_is_told_as_its_reader_saw_it(moves: int, viewer: int, words: str) -> None:
    """A deal told by the dealer, counted; the picks, the last one that decides."""
    start = get_game("pyrinoes").new_game(2, target=50)
    assert last_turn_words("pyrinoes", start, PYRINOES_VIEW[:moves], ("Ann", "Bob"), viewer) == words


# ---------------------------------------------------------------- whole games by links


def by_links(game: str, seed: int) -> Iterator[tuple[Pair, FriendGame]]:
    """Both sides of a game by links played at random (every link sent as
    soon as it is due), after each step, each with the pair."""
    pair = Pair(game, seed % 2, seed=seed, **SETTINGS.get(game, {}))
    while pair.step():
        for side in pair.sides.values():
            yield pair, side


def on_the_table(side: FriendGame) -> Table:
    """The side's game on a table, as the page puts it there (``FriendTable.show``)."""
    position, game = side.position(), side.game
    seats = [Seat("human"), Seat("human")]
    seats[1 - side.seat] = Seat("friend", name=side.names[1 - side.seat])
    table = Table(game.name, [Seat("human"), Seat("human")])
    record = Record(game.name, 2, game.to_text(position.start), position.moves)
    table.load(Snapshot(record, ("human", "human"), len(position.moves)), seats=seats)
    return table


def as_the_table_says(words: str, side: FriendGame, colours: list[str]) -> str:
    """``words`` with the seats called as the table calls them: each name,
    and "you" and "your" for the reader, back to its colour."""
    mine = colours[side.seat]
    for seat, name in enumerate(side.names):
        if seat != side.seat:
            words = re.sub(rf"\b{re.escape(name)}\b", colours[seat], words)
    words = re.sub(r"\b[Yy]our\b", f"{mine}'s", words)
    return re.sub(r"\b[Yy]ou\b", mine, words)


def check_line(side: FriendGame, table_every: int, step: int) -> str:
    """The side's last turn in words, checked: "" before a move; the
    player who moved last first, by name, or "You"; no seat's colour, no
    notation, one short line; every few steps, the table's own words for
    the last move in it (a turn the game sums up, summed up)."""
    position, game = side.position(), side.game
    if position.start is None:
        return ""
    words = last_turn_words(game.name, position.start, position.moves, side.names, side.seat)
    if not position.moves:
        assert words == ""
        return words
    colours = seat_names(game.name)
    assert not any(re.search(rf"\b{colour}\b", words) for colour in colours), words
    assert not notation(words), (words, notation(words))
    assert not present_verbs(words), (words, present_verbs(words))
    assert 0 < len(words) <= LINE, words
    movers = [game.current_player(state) for state in replayed_states(game, position)]
    last = movers[-1]
    if last != CHANCE:
        assert words.startswith("You " if last == side.seat else f"{side.names[last]} "), words
        if step % table_every == 0:
            table = on_the_table(side)
            said = described(table.sight(), len(position.moves) - 1, side.seat)[1]
            own = in_the_past(said).removeprefix(f"{colours[last]} ")
            theirs = as_the_table_says(words, side, colours)
            decisions = sum(mover != CHANCE for mover in movers[turn_start(movers) :])
            summed = re.search(r"moved (one|two|three) pieces?|then took \w+(, \w+)* and \w+$", words)
            assert own in theirs or (summed and decisions > 1), (own, theirs)
    return words


def replayed_states(game: Any, position: Any) -> list[Any]:
    """The position before each move of a side's record."""
    states, state = [], position.start
    for text in position.moves:
        states.append(state)
        state = game.play(state, game.parse_move(state, text))
    return states


@pytest.mark.slow
@pytest.mark.parametrize("game", [name for name in table_games() if offered_by_links(get_game(name))])
def test_every_last_turn_of_whole_games_by_links_is_one_line_in_words(game: str) -> None:
    """Every game offered by links, played whole: each side's last turn after
    every step is checked (:func:`check_line`), and the lines differ from
    turn to turn (more of them than half the game's moves), not a few said
    over and over."""
    said, moves = set(), 0
    for step, (_, side) in enumerate(by_links(game, seed=2)):
        said.add(check_line(side, table_every=7, step=step))
        moves = max(moves, len(side.position().moves))
    assert len(said) > moves // 2 > 0, (moves, said)
    assert any(s.startswith("You ") for s in said) and any(s.startswith(("Ann ", "Bob ")) for s in said)


@pytest.mark.slow
def test_pyrinoes_by_links_names_no_domino_its_reader_cannot_see() -> None:
    """Each side's record is its view ("deal ?", "drawn ?"); its last turn
    never names a domino of the other's hand, which the other side holds,
    and tells the other's draw and the deal."""
    said = set()
    for step, (pair, side) in enumerate(by_links("pyrinoes", seed=3)):
        words = check_line(side, table_every=11, step=step)
        said.add(words)
        theirs = pair.sides[1 - side.seat].position().state
        if theirs is None:
            continue
        hidden = {(d.high, d.low) for d in theirs.hands[1 - side.seat] if d != UNSEEN}
        hidden -= dominoes(" ".join(side.position().moves))  # (a domino picked to start, seen by both)
        assert not dominoes(words) & hidden, (words, hidden)
    friend_drew = {s for s in said if re.fullmatch(r"(Ann|Bob) drew a domino", s)}
    assert friend_drew and any(s.startswith("The dealer dealt nine dominoes to each player") for s in said)
    assert any(re.fullmatch(r"You drew (a domino|\d-\d)", s) for s in said)


def test_a_full_record_is_told_as_each_reader_saw_it() -> None:
    """A record that holds every hand (two people at one screen) still
    tells each reader only what they saw: the words name none of the
    other's dominoes, where the table's words for the whole position name them."""
    game = get_game("pyrinoes")
    start, played = random_game("pyrinoes", 4, 160)
    named_anyway = 0
    state = start
    for number, text in enumerate(played, start=1):
        before, move = state, game.parse_move(state, text)
        state = game.play(state, move)
        for viewer in (0, 1):
            words = last_turn_words("pyrinoes", start, played[:number], ("Ann", "Bob"), viewer)
            hidden = {(d.high, d.low) for d in state.hands[1 - viewer]}
            assert not dominoes(words) & hidden, (words, hidden)
        if text.startswith("drawn"):  # told in full, the draw names the domino: the check would see it
            whole = presenter_for("pyrinoes").describe(game, before, move)
            named_anyway += bool(dominoes(whole))
    assert named_anyway
