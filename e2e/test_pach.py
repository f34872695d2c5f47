"""Pach-Ice-i (Jeff Zeitlin) on the page, in Chromium: the end of a game
against a bot played on the canvas with the Roll button, refusals in the
rules' words, undo inside a turn, a reload in the middle of a turn, a share
link, and a bot's turn shown roll by move.

Positions are built as in tests/test_pach_table.py: pieces named as in
docs/notation.md (``K3`` a large black, ``W1`` a small white) on squares a1 to
g7, the rest of each stash home unless said otherwise.  Black (seat 0) rolls
first, enters at a1 and moves pieces on black squares; White on white ones.

Every test runs in a watched context (conftest.py): no request may go to
another host, no console error may appear, no request may fail, and every
load must end with a canvas that is not blank."""

from __future__ import annotations

import itertools
import re
import time
from dataclasses import replace
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page

from iriri_core import Seat, Table, get_game
from iriri_core.games.pach_ice_i import Advance, Enter, PachState, Pass, square_name
from iriri_core.games.pach_ice_i.board import POSITIONS
from iriri_core.games.pach_ice_i.drawing import GOAL
from iriri_core.games.pach_ice_i.notation import setup
from iriri_core.games.pach_ice_i.rules import legal_moves
from iriri_core.games.pach_ice_i.turn import destination

from .site import SiteWatch, click_target, poll, state, text, wait_for_person, wait_ready

GAME = get_game("pach-ice-i")

QUIET_S = 0.4
"""A tap just after a tap that played a move is ignored (web/ui.js, QUIET_MS
350): the parts of one turn are tapped this far apart."""

LMS, LM, L = (3, 2, 1), (3, 2), (3,)
MIXED_PAD = (L, LM, LMS, LMS, LMS)
"""A pad with a large (tree:0), a medium (tree:1) and smalls (tree:2 to 4) on top."""

Trees = tuple[tuple[int, ...], ...]


# ---------------------------------------------------------------- positions and links


def position_text(
    board: dict[str, str],
    to_move: int = 0,
    dice: tuple[int, ...] = (),
    trees: tuple[Trees, Trees] = ((), ()),
    home: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None,
) -> str:
    """The position text of ``board`` (square name to piece) with ``trees``
    in the pads, the rest of each stash home unless ``home`` says otherwise."""
    text: str = GAME.to_text(setup(board, to_move, dice, trees, home))
    return text


def position_link(text: str, seats: str, seed: int | None = None) -> str:
    """A link's fragment that opens the position ``text`` with these seats."""
    return (
        f"#game=pach-ice-i&seats={seats}"
        + (f"&seed={seed}" if seed is not None else "")
        + ("&position=" + quote(text))
    )


LATE_SEED = 10
LATE_BACK = 80
"""The late game: two random bots play a game from seed :data:`LATE_SEED`;
it is cut at Black's first roll at least :data:`LATE_BACK` plies before its end.
(Seed 4, used before, gave another game once a player was no longer made to
hand the other the win, docs/rules-notes.md, Pach-Ice-i 6: from it the
person brought no piece home.  From seed 10 they play 10 turns, bring a
piece home and pass twice, and win.)"""


def late_game_code() -> str:
    """The share code of a game two random bots played, cut near its end
    where Black is to roll, with a person in Black's seat
    and the random bot in White's."""
    table = Table("pach-ice-i", [Seat("bot", "random"), Seat("bot", "random")], seed=LATE_SEED)
    table.play_bots()
    full = table.snapshot()
    moves = full.record.moves
    plies = table.history.plies
    cursor = next(
        c
        for c in range(len(moves) - LATE_BACK, len(moves))
        if moves[c].startswith("roll ") and plies[c].before.to_move == 0
    )
    record = replace(full.record, moves=moves[:cursor])
    return replace(full, record=record, seats=("human", "random"), cursor=cursor).to_code()


# ---------------------------------------------------------------- reading the page


def position(page: Page) -> PachState:
    """The position on the table, read from its text."""
    found: PachState = GAME.from_text(state(page)["position"])
    return found


def record(page: Page) -> list[str]:
    moves: list[str] = state(page)["record"]["moves"]
    return moves


def error(page: Page) -> str:
    return text(page, "#message")


def source_of(state: PachState, move: Enter | Advance) -> str:
    """The canvas target to pick for ``move``: its tree in the pad, or its square."""
    if isinstance(move, Enter):
        return f"tree:{state.trees[state.to_move].index(move.tree)}"
    return f"square:{square_name(move.square)}"


def place_of(state: PachState, move: Enter | Advance) -> str:
    """The canvas target of the place ``move`` takes its piece to."""
    place = destination(state, move)
    return f"square:{square_name(place)}" if isinstance(place, int) else GOAL


def dice_of(state: PachState, move: Enter | Advance) -> list[str]:
    """The dice targets to tap to choose ``move``'s dice (each die's index
    among the dice still to use)."""
    left = list(enumerate(state.dice))
    taps = []
    for die in move.dice:
        index = next(i for i, value in left if value == die)
        left.remove((index, die))
        taps.append(f"die:{index}")
    return taps


def best(state: PachState, moves: list[Any]) -> Any:
    """The person's choice, to keep the game short: a piece home, else one of
    their own pieces as far along as it goes, else an entry, else a move of
    the other's piece; a pass (which the table makes) only when nothing else is allowed."""
    me = state.to_move

    def value(move: Any) -> tuple[int, int]:
        if isinstance(move, Pass):
            return (-1, 0)
        if destination(state, move) == GOAL:
            return (3, sum(move.dice))
        if isinstance(move, Enter):
            return (1, sum(move.dice))
        owner = state.board[move.square][0]
        return (2 if owner == me else 0, POSITIONS[me][move.square])

    return max(moves, key=value)


class Person:
    """A person at the canvas: taps, waiting out the quiet after a tap that
    played a move."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.moved_at = 0.0

    def tap(self, target: str) -> None:
        wait = self.moved_at + QUIET_S - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        click_target(self.page, target)

    def roll(self) -> tuple[int, ...]:
        """Press Roll; returns the dice rolled."""
        page = self.page
        count = state(page)["cursor"]
        assert text(page, "#status") == "Your turn: roll the dice"
        assert page.is_visible("#roll-button") and text(page, "#roll-button") == "Roll the dice"
        page.click("#roll-button")
        poll(page, f"window.iriri.state().cursor > {count}")  # (and a pass, where the dice have no move)
        rolled = record(page)[count]
        assert rolled.startswith("roll ")
        assert page.is_hidden("#roll-button")
        return tuple(int(die) for die in rolled.split()[1:])

    def play(self, move: Enter | Advance, pick_dice: bool = False) -> None:
        """Make one part of the turn on the canvas: (the dice,) the piece or
        tree, then its place, which must be lit; the record must grow by
        that move (and a pass the table makes after it, where no die left
        can be used)."""
        page = self.page
        before = position(page)
        count = state(page)["cursor"]
        source, place = source_of(before, move), place_of(before, move)
        for die in dice_of(before, move) if pick_dice else []:
            self.tap(die)
        self.tap(source)
        assert re.search(
            r"; tap (a lit square|your lit home)( or your lit home)? to move ", text(page, "#status")
        ), text(page, "#status")
        assert place in page.evaluate("(s) => window.iriri.drops(s)", source), f"{place} is not lit"
        self.tap(place)
        poll(page, f"window.iriri.state().cursor > {count}")  # (then a pass, where no die left can be used)
        self.moved_at = time.monotonic()
        assert record(page)[count] == GAME.move_text(before, move)
        assert error(page) == ""


# ---------------------------------------------------------------- 1. a game to its end


def test_the_end_of_a_game_against_a_bot_played_on_the_canvas(watch: SiteWatch) -> None:
    """The person (Black) rolls with the Roll button and makes every part of
    every turn by taps on the canvas, against the random bot, to the end of
    the game, which the game-over panel tells.

    The game starts late, from a share link: a whole game from the start is
    some 300 plies (the bot waits 0.45 s before each of its own, the table's
    pace), which took longer than this test may take on a loaded machine.
    Two random bots play the game in CPython (seed 10), and the link puts the
    person in Black's seat where Black is next to roll, some 80 plies before
    the bots' game ended; from there the person plays about a dozen turns,
    with three-part turns, pieces brought home and passes."""
    page = watch.open("#record=" + late_game_code())
    data = state(page)
    assert data["game"] == "pach-ice-i"
    assert data["seats"] == [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    person = Person(page)
    turns = parts = passes = homes = 0
    for _ in range(60):
        data = wait_for_person(page, timeout=60)
        if data["over"]:
            break
        assert position(page).to_move == 0, "the bot plays White's turns"  # (to_move is chance's)
        rolled_at = state(page)["cursor"]  # (nothing moves until the person rolls)
        person.roll()
        turns += 1
        parts_now = 0
        while True:
            now = position(page)
            if now.is_over or now.to_move != 0 or not now.dice:
                break
            move = best(now, legal_moves(now))
            if isinstance(move, Pass):  # the table passes for the person: nothing to press
                # (read where the pass falls from the person's own moves: the
                # bot may already have rolled after it when the page is read)
                count = rolled_at + 1 + parts_now
                assert page.is_hidden("#pass-button")
                poll(page, f"window.iriri.state().length > {count}")
                assert record(page)[count] == "pass"
                passes += 1
                break
            home = destination(now, move) == GOAL
            person.play(move, pick_dice=home)
            parts += 1
            parts_now += 1
            homes += home
    else:
        raise AssertionError("the game was not over after 60 turns of the person")
    final = position(page)
    assert final.is_over and turns >= 5 and parts >= turns - passes and homes >= 1
    winner = final.winner
    assert winner is not None
    names = ("Black", "White")
    page.wait_for_selector("#over-dialog[open]")
    assert text(page, "#over-text") == (
        f"{names[winner]} wins with all 15 pieces home; "
        f"{names[1 - winner]} has {final.pieces_home(1 - winner)}"
    )
    assert text(page, "#status").startswith("Game over")
    assert page.locator("#moves li").count() == len(record(page))
    page.click("#over-close")
    assert page.is_hidden("#over-dialog")
    watch.assert_clean()


# ---------------------------------------------------------------- 2. refusals


def test_refused_parts_say_why_and_change_nothing(watch: SiteWatch) -> None:
    """tests/test_pach_rules.py, test_every_die_must_be_used_when_it_can_be:
    the medium on c1 cannot go 1+2 (c4 holds a white large), so the large on
    e1 may not go 4, which would leave a die unused; and
    test_no_turn_may_leave_the_opponent_without_a_move: Black's large on d1
    may not go to e1, where White would have no move whatever it rolled."""
    used = position_text({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4))
    page = watch.open(position_link(used, "human,human"))
    before = state(page)
    assert before["record"]["moves"] == []
    assert text(page, "#status") == (
        "Black, your turn: dice 1, 2 and 4; tap a piece on the board, or a tree (a stack) in "
        "your start pad, to move it"
    )
    click_target(page, "square:c4")
    assert error(page) == (
        "White's large on c4 cannot move: Black may only move pieces standing on black or marked squares"
    )
    click_target(page, "square:e1")
    assert (
        text(page, "#status")
        == "Black, your turn: dice 1, 2 and 4; tap a lit square to move the large on e1 there"
    )
    assert page.evaluate("window.iriri.drops('square:e1')") == ["square:e2", "square:e3"]
    click_target(page, "square:e5")
    assert error(page) == (
        "That would leave a die unused: every die must be used when a way of moving uses them"
    )
    after = state(page)
    assert after["record"] == before["record"] and after["position"] == before["position"]

    stuck = position_text({"d1": "K3", "g5": "W1"}, dice=(1, 2, 3), home=((5, 5, 4), (4, 5, 5)))
    page.goto(watch.site + position_link(stuck, "human,human"))  # the page follows the new link
    poll(page, f"window.iriri.state().position === {stuck!r}")
    click_target(page, "square:d1")
    assert page.evaluate("window.iriri.drops('square:d1')") == ["square:e2"]
    click_target(page, "square:e1")
    message = error(page)
    assert "no roll with a move" in message, message
    assert record(page) == []
    click_target(page, "square:e2")
    poll(page, "window.iriri.state().record.moves.length === 1")
    assert record(page) == ["d1 2"] and error(page) == ""
    watch.assert_clean()


# ---------------------------------------------------------------- 3. undo, reload, share


def mixed_start(watch: SiteWatch, seats: str = "human,random") -> Page:
    """A game where each pad has a large and a medium on top: a turn may be
    two parts (a large and a medium, either first)."""
    start = position_text({}, trees=(MIXED_PAD, MIXED_PAD))
    return watch.open(position_link(start, seats, seed=11))


def two_part_first(page: Page) -> Enter:
    """The large's entry that begins a two-part turn: the first lit place of tree:0."""
    now = position(page)
    first = next(m for m in legal_moves(now) if isinstance(m, Enter) and m.tree == L)
    return first


def test_undo_inside_a_turn_puts_the_piece_back_with_the_same_dice(watch: SiteWatch) -> None:
    page = mixed_start(watch)
    person = Person(page)
    dice = person.roll()
    rolled = state(page)
    person.play(two_part_first(page))
    middle = state(page)
    assert middle["cursor"] == 2 and len(position(page).dice) == 2
    assert "Black entered a large by " in text(page, "#last-move")
    page.click("#undo-button")
    poll(page, "window.iriri.state().cursor === 1")
    back = state(page)
    assert back["position"] == rolled["position"], "the large is back in the pad, the dice as rolled"
    assert back["moves"] == rolled["moves"] == [rolled["record"]["moves"][0]]
    assert back["record"]["moves"] == middle["record"]["moves"], "the part undone is kept for Redo"
    assert position(page).dice == dice and page.is_hidden("#roll-button")
    status = text(page, "#status")
    assert status == (
        f"Your turn: dice {dice[0]}, {dice[1]} and {dice[2]}; tap a piece on the board, or a "
        "tree (a stack) in your start pad, to move it"
    )
    # The turn goes on from there: the same large, then a medium, with the dice rolled once.
    person.play(two_part_first(page))
    now = position(page)
    medium = next(m for m in legal_moves(now) if isinstance(m, Enter) and m.tree == LM)
    person.play(medium)
    wait_for_person(page)
    played = record(page)
    assert played[0] == "roll " + " ".join(map(str, dice))
    assert not any(move.startswith("roll ") for move in played[1:3]), "rolled once"
    watch.assert_clean()


def test_a_reload_in_the_middle_of_a_turn_resumes_it(watch: SiteWatch) -> None:
    page = mixed_start(watch)
    person = Person(page)
    person.roll()
    person.play(two_part_first(page))
    before = state(page)
    status = text(page, "#status")
    page.reload()
    wait_ready(page)
    after = state(page)
    assert after["position"] == before["position"] and after["record"] == before["record"]
    assert after["cursor"] == before["cursor"] == 2
    assert text(page, "#status") == status and page.is_hidden("#roll-button")
    assert len(position(page).dice) == 2
    # and the turn can be finished
    now = position(page)
    medium = next(m for m in legal_moves(now) if isinstance(m, Enter) and m.tree == LM)
    person.play(medium)
    watch.assert_clean()


def test_a_share_link_opens_the_same_position(watch: SiteWatch) -> None:
    page = mixed_start(watch)
    person = Person(page)
    person.roll()
    person.play(two_part_first(page))
    shared = state(page)
    page.click("#share-menu summary")
    page.click("#share-button")
    poll(page, "document.getElementById('share-link').value !== ''")
    link = page.input_value("#share-link")
    assert f"#record={shared['share']}&picture=1." in link
    other = watch.context.new_page()
    other.goto(link)
    wait_ready(other)
    data = state(other)
    assert data["game"] == "pach-ice-i"
    assert data["position"] == shared["position"] and data["record"] == shared["record"]
    assert data["seats"] == shared["seats"] and data["cursor"] == 2
    assert text(other, "#status") == text(page, "#status")
    assert "#" not in other.url
    watch.assert_clean()


# ---------------------------------------------------------------- 4. a bot's turn


WATCH_TURN = """(() => {
  window.shown = [];
  const note = () => window.shown.push({
    last: document.getElementById("last-move").textContent,
    live: document.getElementById("live").textContent,
  });
  const observer = new MutationObserver(note);
  for (const id of ["last-move", "live"]) {
    observer.observe(document.getElementById(id), { childList: true, characterData: true, subtree: true });
  }
})()"""
"""Record every change of the line by the board and of the live region."""


def test_a_bots_roll_and_its_moves_are_shown_one_after_the_other(watch: SiteWatch) -> None:
    page = mixed_start(watch)
    person = Person(page)
    person.roll()
    person.play(two_part_first(page))
    now = position(page)
    medium = next(m for m in legal_moves(now) if isinstance(m, Enter) and m.tree == LM)
    page.evaluate(WATCH_TURN)
    count = state(page)["cursor"]
    person.play(medium)  # the turn ends: White's bot rolls and moves
    wait_for_person(page)
    plies = record(page)[count + 1 :]
    assert plies[0].startswith("roll ") and len(plies) == 3, plies  # a roll, a large and a medium
    page.wait_for_timeout(100)  # the live region is filled 30 ms after its view
    shown: list[dict[str, Any]] = page.evaluate("window.shown")
    told: list[str] = []
    for change in shown:
        if change["last"].startswith("White ") and (not told or told[-1] != change["last"]):
            told.append(change["last"])
    dice = plies[0].removeprefix("roll ")
    assert told[0] == f"White rolled {dice}", told
    assert len(told) == len(plies), f"one line for each of the bot's {len(plies)} moves: {told}"
    roll = f" (after {told[0]})"  # the pieces first, the roll they moved with after
    assert all(line.endswith(roll) for line in told[1:]), told
    pieces = [line.removesuffix(roll) for line in told[1:]]
    assert pieces[0].startswith("White "), pieces
    for earlier, later in itertools.pairwise(pieces):
        assert later.startswith(earlier + ", then "), (earlier, later)
    # The pause between them is the table's pace, pinned with a fixed clock in
    # tests/test_pach_table.py: times taken here on a loaded machine are not.
    live = [change["live"] for change in shown if change["live"]]
    for line in told:
        assert line in live, f"{line!r} was not announced"
    assert text(page, "#last-move") == told[-1] and text(page, "#live") == told[-1]
    assert text(page, "#status") == "Your turn: roll the dice"
    watch.assert_clean()
