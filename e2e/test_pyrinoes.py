"""Pyrinoes (Andy Bond) on the page, in Chromium: a whole round against the
random bot played by taps on the canvas (tiles and open ends, a pyrino built
pyramid by pyramid in the tray and Build, the boneyard when nothing else
goes), its summary and Next round; what the page never shows of the bot's
dominoes (and of the boneyard), in its text, its accessibility tree, its
script interface and an embed's messages to its host page; the cover
between two people's turns at one screen; a reload in the middle of a
round; a bad link.

The person's moves are chosen by a simple rule from what the page itself
says may be played (:func:`choose`): the tiles it lets them drag and the
open ends each may go to (``window.iriri.draggable()`` and ``drops``), the
builds among its legal-move buttons, and the Draw and Pass buttons; each is
then made by taps at ``window.iriri.targetPoint`` points.  The seeds are
chosen (in CPython, with the same rule) so that the round has every kind of
turn; chance and the bot are fixed by the seed, so the page plays the same
round.

What may be shown is decided in docs/rules-notes.md (Pyrinoes, 6 and 7):
the dominoes picked to decide who starts are public, and both hands are
shown when a round ends (the boneyard stays face down).  The checks look for
a domino's name as dominoes are written ("5-3" or "3-5"), not inside a
pyrino's spot counts ("R3+Y2 (3-2)").

Every test runs in a watched context (conftest.py): no request may go to
another host, no console error may appear, no request may fail."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, CDPSession, Page

from iriri_core import Seat, Table, get_game
from iriri_core.bots import make_bot
from iriri_core.engine import CHANCE, fixed_chance
from iriri_core.games.pyrinoes import rules
from iriri_core.games.pyrinoes.presenter import round_lines
from iriri_core.games.pyrinoes.state import ENDINGS, Domino, Drawn, PyrinoesState
from iriri_core.presenter import presenter_for
from iriri_core.records import Record
from iriri_core.site.links import Snapshot
from iriri_core.table import views

from .site import (
    SiteWatch,
    Surface,
    click_target,
    host_server,
    poll,
    state,
    text,
    wait_for_person,
    wait_ready,
    write_host_page,
)

GAME = get_game("pyrinoes")
PRESENTER = presenter_for("pyrinoes")
SEATS = ("Fire", "Ice")

QUIET_S = 0.4
"""A tap just after a tap that played a move is ignored (web/ui.js, QUIET_MS
350): taps are this far apart from the one that played the last move."""

ROUND_SEED = 34
"""With :func:`choose`, the person builds and plays six pyrinoes, plays
tiles that fit both open ends five times, draws once, and the bot draws
once, in a round of 22 turns of the person's, which they end (no pyramids
left, bonus 5); fire starts it, so ice starts the next."""

EMBED_SEED = 37
"""With :func:`choose`, the bot first draws after the person's 11th turn."""

HOT_SEAT_SEED = 5
"""Fire starts."""


# ---------------------------------------------------------------- what may not be shown


def leaked(text: str, dominoes: set[Domino]) -> list[str]:
    """The dominoes of ``dominoes`` that ``text`` names (either way round:
    "the 2-1 pyrino" names a pyrino), the picks for who starts and the
    game's fixed help texts aside."""
    for fixed in (PRESENTER.move_help, PRESENTER.move_example):
        text = text.replace(fixed, "")
    text = re.sub(r"pick(?:ed)? \d-\d", "picked", text)  # the picks are public (rules-notes 6)
    found = []
    for domino in sorted(dominoes):
        for name in sorted({f"{domino.high}-{domino.low}", f"{domino.low}-{domino.high}"}):
            if re.search(rf"(?<![\w(+-]){name}(?![\w)+-]| pyrino)", text):
                found.append(name)
    return found


def hidden_from_fire(position: PyrinoesState) -> set[Domino]:
    """What the person in fire's seat may not see: ice's hand (until the
    round ends) and the boneyard."""
    unseen = set(position.boneyard)
    if position.ending is None:
        unseen |= set(position.hands[1])
    return unseen


SURFACES = """() => {
  const texts = { innerText: document.body.innerText };
  for (const id of ["status", "last-move", "live", "mirror", "message", "round-text", "cover-text",
                    "moves", "scores"]) {
    const node = document.getElementById(id);
    texts["#" + id] = node ? node.textContent : "";
  }
  const attributes = [];
  for (const node of document.querySelectorAll("*")) {
    for (const attribute of node.attributes) attributes.push(`${attribute.name}=${attribute.value}`);
    if (typeof node.value === "string") attributes.push(`value=${node.value}`);
  }
  texts.attributes = attributes.join("\\n");
  const api = {};
  for (const [name, member] of Object.entries(window.iriri)) {
    if (typeof member === "function" && member.length === 0) api[name] = member();
  }
  api.drops = Object.fromEntries(Object.keys(window.iriri.targets()).map((t) => [t, window.iriri.drops(t)]));
  texts["window.iriri"] = JSON.stringify(api);
  return texts;
}"""
"""Every text the page shows or gives: its rendered text, the texts of the
status, the line by the board, the live region, the mirror (the table in
words), the messages, covers, the moves list and the scores; every attribute
(aria-label, title, data-move...) and input value; and everything
``window.iriri`` returns without being asked for a save or a share (every
function without arguments, and ``drops`` for every target)."""


def accessible_texts(page: Page, cdp: CDPSession) -> str:
    """What assistive technology reads: the names, values and descriptions
    of the accessibility tree's nodes, and Playwright's ARIA snapshot."""
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    parts = [page.locator("body").aria_snapshot()]
    for node in nodes:
        if node.get("ignored") or node.get("role", {}).get("value") == "InlineTextBox":
            continue  # (an inline text box is a line of its static text, which is read whole)
        for key in ("name", "value", "description"):
            value = node.get(key, {}).get("value")
            if isinstance(value, str | int | float):
                parts.append(str(value))
    return "\n".join(parts)


@dataclass
class Seen:
    """What the page showed at one moment: after ``cursor`` moves."""

    cursor: int
    texts: dict[str, str]
    note: str = ""


def look(page: Page, cdp: CDPSession, note: str = "") -> Seen:
    """Everything the page shows, at the move it stands at."""
    cursor = state(page)["cursor"]
    texts: dict[str, str] = page.evaluate(SURFACES)
    texts["accessibility"] = accessible_texts(page, cdp)
    return Seen(cursor, texts, note)


def assert_nothing_shown(seen: Seen, secret: set[Domino], where: str) -> None:
    for surface, shown in seen.texts.items():
        found = leaked(shown, secret)
        assert not found, f"{where}, after move {seen.cursor} ({seen.note}): {surface} names {found}"


WATCH_TEXTS = """(() => {
  window.seenTexts = [];
  let last = "";
  const grab = () => {
    const get = (id) => (document.getElementById(id) || {}).textContent || "";
    const entry = {
      cursor: window.iriri.state().cursor,
      status: get("status"), last: get("last-move"), live: get("live"), mirror: get("mirror"),
      round: get("round-text"), cover: get("cover-text"), message: get("message"), moves: get("moves"),
      label: document.getElementById("canvas").getAttribute("aria-label"),
    };
    const key = JSON.stringify(entry);
    if (key !== last) window.seenTexts.push(entry);
    last = key;
  };
  window.stopWatching = () => observer.disconnect();
  const observer = new MutationObserver(grab);
  observer.observe(document.body, { childList: true, characterData: true, subtree: true, attributes: true });
})()"""
"""Record the texts of the status, the line by the board, the live region,
the mirror, the covers, the message, the moves list and the canvas's label
at every change of the page, with the move the table stands at: what a
screen reader may have read between two looks of the test."""


def assert_never_shown(page: Page, positions: list[PyrinoesState], up_to: int) -> int:
    """No text recorded by :data:`WATCH_TEXTS` up to move ``up_to`` named a
    domino hidden from fire then (the live region is filled 30 ms after
    its view: a domino hidden both then and one move before).  Returns how
    many records there were."""
    records: list[dict[str, Any]] = page.evaluate("window.seenTexts")
    checked = 0
    for record in records:
        cursor = record.pop("cursor")
        if cursor > up_to:
            continue
        secret = hidden_from_fire(positions[cursor])
        live = record.pop("live")
        for surface, shown in record.items():
            found = leaked(shown or "", secret)
            assert not found, f"after move {cursor}, {surface} named {found}: {shown!r}"
        before = secret & hidden_from_fire(positions[max(cursor - 1, 0)])
        assert not leaked(live, before), f"after move {cursor}, the live region named {leaked(live, before)}"
        checked += 1
    return checked


# ---------------------------------------------------------------- choosing and making moves


def spots(pyrino: str) -> set[int]:
    """The spot counts of a pyrino's ends: ``R3R3+Y2`` -> {6, 2}."""
    return {sum(int(size) for size in re.findall(r"[RYBK](\d)", end)) for end in pyrino.split("+")}


@dataclass
class Choice:
    kind: str
    """``play``, ``build``, ``draw`` or ``pass``."""
    tile: str = ""
    """The tile to play (``6-4``, ``R3R3+Y2``) or the pyrino to build."""
    ends: list[str] = field(default_factory=list)
    """The open ends the tile may go to (``end:left``)."""


def open_ends(page: Surface) -> tuple[int, int]:
    """The open ends' spot counts, as the mirror says them."""
    found = re.search(r"Open ends: left (\d), right (\d)\.", text(page, "#mirror"))
    assert found, text(page, "#mirror")
    return int(found[1]), int(found[2])


def choose(page: Surface) -> Choice:
    """The person's rule, from what the page says may be played: a pyrino of
    the hand that fits, else the heaviest domino that fits (at the first
    open end it fits), else the first pyrino listed to build whose end
    matches an open end (else the first listed), else Draw, else Pass."""
    tiles = [t[5:] for t in page.evaluate("window.iriri.draggable()") if t.startswith("tile:")]
    pyrinoes = [t for t in tiles if not t[0].isdigit()]
    dominoes = [t for t in tiles if t[0].isdigit()]
    if pyrinoes or dominoes:
        tile = pyrinoes[0] if pyrinoes else max(dominoes, key=lambda d: int(d[0]) + int(d[2]))
        ends = page.evaluate("(s) => window.iriri.drops(s)", f"tile:{tile}")
        return Choice("play", tile, ends)
    listed: list[str] = page.eval_on_selector_all("#actions button", "bs => bs.map(b => b.dataset.move)")
    builds = [move.removeprefix("build ") for move in listed if move.startswith("build ")]
    if builds:
        fitting = [b for b in builds if spots(b) & set(open_ends(page))]
        return Choice("build", (fitting or builds)[0])
    return Choice("draw" if page.is_visible("#boneyard-button") else "pass")


def end_words(ends: str) -> str:
    """The tray's words for a pyrino: ``R3R3+Y2`` -> ``R3R3 + Y2 (6-2)``."""
    parts = ends.split("+")
    counts = "-".join(str(sum(int(s) for s in re.findall(r"[RYBK](\d)", part))) for part in parts)
    return f"{' + '.join(parts)} ({counts})"


class Person:
    """A person at the canvas: taps, waiting out the quiet after a tap that
    played a move; counts the kinds of move they made."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.moved_at = 0.0
        self.made: dict[str, int] = {"play": 0, "two ends": 0, "pyrino": 0, "build": 0, "draw": 0, "pass": 0}
        self.you = "Your turn"

    def tap(self, target: str) -> None:
        wait = self.moved_at + QUIET_S - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        click_target(self.page, target)

    def done(self, count: int, expected: str) -> None:
        """The move is made: the record has grown, by ``expected`` first."""
        page = self.page
        poll(page, f"window.iriri.state().cursor > {count}")
        self.moved_at = time.monotonic()
        assert state(page)["moves"][count] == expected
        assert text(page, "#message") == ""

    def make(self, choice: Choice) -> None:
        page = self.page
        count = state(page)["cursor"]
        status = text(page, "#status")
        self.made[choice.kind] += 1
        if choice.kind == "play":
            self.tap(f"tile:{choice.tile}")
            if len(choice.ends) > 1:  # it waits for the end, which is lit
                assert (
                    text(page, "#status")
                    == f"{self.you}: tap a lit end of the line to play {choice.tile} there"
                )
                assert text(page, "#message") == ""
                self.tap(choice.ends[0])
                self.made["two ends"] += 1
            self.made["pyrino"] += not choice.tile[0].isdigit()
            self.done(count, f"{choice.tile} {choice.ends[0].removeprefix('end:')}")
        elif choice.kind == "build":
            assert status == f"{self.you}: " + (
                "tap a tile of your hand to play it on the line, or pyramids of your supply to build a pyrino"
                if page.evaluate("window.iriri.draggable().some((t) => t.startsWith('tile:'))")
                else "nothing in your hand fits the line: tap pyramids of your supply to build a pyrino"
            )
            for piece in re.findall(r"[RYBKG]\d", choice.tile):
                self.tap(f"supply:{piece}")
                assert text(page, "#message") == "", text(page, "#message")
            assert text(page, "#status") == (
                f"{self.you}: building {end_words(choice.tile)}: press Build, or add to a stack"
            )
            assert page.is_visible("#build-button") and page.is_enabled("#build-button")
            page.click("#build-button")
            self.done(count, f"build {choice.tile}")
        elif choice.kind == "draw":
            assert status == f"{self.you}: you can neither play nor build: tap the boneyard to draw a domino"
            assert page.is_visible("#boneyard-button") and page.is_hidden("#pass-button")
            if self.made["draw"] == 1:
                self.tap("boneyard")  # the boneyard on the table, the first time
            else:
                page.click("#boneyard-button")
            self.done(count, "draw")
            poll(page, f"window.iriri.state().cursor > {count + 1}")
            assert re.fullmatch(r"drawn \d-\d", state(page)["moves"][count + 1]), "they see what they drew"
        else:
            raise AssertionError("a pass is the table's to make, never the person's")


def save_record(page: Page) -> Record:
    """The game record, from Share ▸ Save as a file."""
    page.click("#share-menu summary")
    with page.expect_download() as download:
        page.click("#export-button")
    return Record.from_json(Path(download.value.path()).read_text())


# ---------------------------------------------------------------- 1. a whole round


def test_a_whole_round_against_the_random_bot_by_taps_hiding_its_dominoes(watch: SiteWatch) -> None:
    """The person (fire) plays the whole first round by taps: dominoes at
    the one end they fit or at a lit end, pyrinoes built in the tray with
    Build and played, draws from the boneyard (on the table, then with the
    Draw button).  At every turn of theirs, just after the bot drew too,
    and at every change of the page's texts, nothing names a domino of the
    bot's hand or of the boneyard.  The round's summary gives the hand
    totals, the bonus and the scores; Next round deals the next round, which
    the player who went second starts."""
    page = watch.open(f"#game=pyrinoes&seats=human,random&seed={ROUND_SEED}")
    cdp = watch.context.new_cdp_session(page)
    page.evaluate(WATCH_TEXTS)
    person = Person(page)
    looks: list[Seen] = []
    started = time.monotonic()
    for _ in range(40):
        wait_for_person(page, timeout=60)
        if page.is_visible("#round"):
            break
        looks.append(look(page, cdp, "the person's turn"))
        if not looks[-1].texts["#status"].startswith("Your turn"):
            raise AssertionError(looks[-1].texts["#status"])
        person.make(choose(page))
    else:
        raise AssertionError("the round was not over after 40 turns of the person")
    round_s = time.monotonic() - started

    # The round is over: its summary, and both hands shown (the boneyard is not).
    record = save_record(page)
    positions = record.replay()
    end = positions[-1]
    assert end.ending is not None and end.round == 1 and len(record.moves) == state(page)["cursor"]
    looks.append(look(page, cdp, "the round's summary"))
    page.evaluate("window.stopWatching()")
    totals = [rules.hand_total(end, seat) for seat in (0, 1)]
    points = rules.round_points(end)
    summary = text(page, "#round-text")
    assert summary == " ".join(round_lines(end))
    assert f"Hand totals: Fire {totals[0]}, Ice {totals[1]}." in summary
    bonus = ENDINGS[end.ending]
    assert bonus and end.ender is not None
    assert f"{SEATS[end.ender]} has no pyramids left (bonus {bonus})" in summary
    assert f"{bonus} bonus" in summary
    assert f"Match: Fire {points[0]}, Ice {points[1]}, to 100." in summary
    assert text(page, "#status") == f"Round 1 is over: Fire scores {points[0]}, Ice {points[1]}"
    scores = page.eval_on_selector_all("#scores tbody tr", "rows => rows.map(r => r.cells[1].textContent)")
    assert scores == [str(points[0]), str(points[1])]
    assert text(page, "#next-round-button") == "Next round"
    ice_hand = " ".join(str(d) for d in end.hands[1]) or "no dominoes"
    assert f"Ice (random bot)'s hand: {ice_hand}." in text(page, "#mirror"), "both hands are shown"

    # Nothing of the bot's hand or the boneyard, at any look or change.
    bot_drew = 0
    for seen in looks:
        assert_nothing_shown(seen, hidden_from_fire(positions[seen.cursor]), "fire's page")
        mine = set(positions[seen.cursor].hands[0])
        shown_mine = set(leaked(seen.texts["#mirror"], mine))
        assert shown_mine >= {f"{d.high}-{d.low}" for d in mine}, "fire's own hand is seen"
        before = positions[seen.cursor - 1]
        if isinstance(GAME.parse_move(before, record.moves[seen.cursor - 1]), Drawn) and before.to_move == 1:
            bot_drew += 1
    assert bot_drew >= 1, "a look just after the bot drew"
    assert assert_never_shown(page, positions, len(record.moves)) >= 3 * len(looks)

    made = person.made
    assert made["build"] >= 1 and made["pyrino"] >= 1 and made["draw"] >= 1 and made["two ends"] >= 1, made
    assert round_s < 90, f"the round took {round_s:.0f} s"

    # Next round: the player who went second in this one starts.
    page.click("#next-round-button")
    poll(page, "document.getElementById('round').hidden")
    ended = len(record.moves)
    dealt = ended + 19  # nine dominoes to each player, one face up
    poll(page, f"window.iriri.state().cursor >= {dealt} && !window.iriri.state().thinking", 60)
    starter = 1 - end.first
    record = save_record(page)
    positions = record.replay()
    assert all(GAME.current_player(p) == CHANCE for p in positions[ended:dealt])
    second = positions[dealt]
    assert second.round == 2 and second.first == starter and second.to_move == starter
    assert f"round 2. Match score: Fire {points[0]}, Ice {points[1]}." in text(page, "#mirror")
    descriptions = page.eval_on_selector_all("#moves li button", "bs => bs.map(b => b.textContent)")
    if starter == 1:
        assert descriptions[-1].startswith("Ice "), descriptions[-1]
    assert text(page, "#status").startswith("Your turn")
    watch.assert_clean()


# ---------------------------------------------------------------- 2. an embed's messages


@pytest.fixture
def host(site: str) -> Iterator[tuple[str, Path]]:
    """A host page's server on another site (localhost), and its folder."""
    with host_server() as (url, folder):
        yield url.replace("127.0.0.1", "localhost"), folder


def test_an_embed_tells_its_host_nothing_of_the_bots_dominoes(
    browser: Browser, site: str, host: tuple[str, Path]
) -> None:
    """The game in a wiki's frame, the person's moves sent by the host page
    (``move`` commands) as :func:`choose` picks them, until the bot has
    drawn and the person has moved once more: no message the frame posts
    (ready, move, state) names a domino of the bot's hand or the boneyard
    at the move it tells, nor does the frame's own page.  The same round is
    replayed in CPython from the seed and the person's moves, and its moves
    as fire saw them are the frame's."""
    context = browser.new_context()
    watch = SiteWatch(context, site, also=(host[0],))
    url, folder = host
    write_host_page(folder, site, f"game=pyrinoes&seats=human,random&seed={EMBED_SEED}&start=now", "Pyrinoes")
    page = context.new_page()
    page.goto(url)
    frame = page.locator("#game").element_handle().content_frame()
    assert frame is not None
    wait_ready(frame)
    sent: list[str] = []
    bot_drew_at = None
    for turn in range(30):
        poll(frame, "!window.iriri.state().thinking", 60)
        data = state(frame)
        if bot_drew_at is None and any(m == "drawn ?" for m in data["moves"]):
            bot_drew_at = turn
        if bot_drew_at is not None and turn > bot_drew_at:
            break
        choice = choose(frame)
        move = {
            "play": f"{choice.tile} {choice.ends[0].removeprefix('end:') if choice.ends else ''}",
            "build": f"build {choice.tile}",
        }.get(choice.kind, choice.kind)
        sent.append(move)
        page.evaluate("(text) => window.command({command: 'move', text})", move)
        poll(frame, f"window.iriri.state().cursor > {data['cursor']}")
    assert bot_drew_at is not None, "the bot drew"
    poll(frame, "!window.iriri.state().thinking", 60)
    shown = frame.evaluate(SURFACES)
    final = state(frame)
    events: list[dict[str, Any]] = page.evaluate("window.events")
    context.close()
    watch.assert_clean()

    # The same round in CPython: the seed fixes chance and the bot.
    table = Table("pyrinoes", [Seat("human"), Seat("bot", "random")], seed=EMBED_SEED)
    table.play_bots()
    for move in sent:
        view = table.handle({"type": "move", "text": move})
        assert view["message"] is None, view["message"]
        table.play_bots()
    assert views.full_state(table.sight())["moves"] == final["moves"], "the page played the same round"
    positions = [table.history.position(i) for i in range(table.history.length + 1)]

    kinds = {event["event"] for event in events}
    assert {"ready", "move"} <= kinds and "error" not in kinds, kinds
    assert sum(event["event"] == "move" for event in events) >= 2 * len(sent)
    seen_own = False
    for event in events:
        cursor = event["state"]["cursor"]
        told = json.dumps(event)
        found = leaked(told, hidden_from_fire(positions[cursor]))
        assert not found, (event, found)
        assert "position" not in event["state"] and "record" not in event["state"]
        seen_own = seen_own or bool(leaked(told, set(positions[cursor].hands[0])))
    assert seen_own, "the messages tell fire's own dominoes (a check that sees)"
    secret = hidden_from_fire(positions[final["cursor"]])
    for surface, value in shown.items():
        assert not leaked(value, secret), (surface, leaked(value, secret))


# ---------------------------------------------------------------- 3. two people at one screen


def test_two_people_at_one_screen_the_cover_hides_both_hands(watch: SiteWatch) -> None:
    """After the deal and after each move the cover hides the table until
    the next person presses the button that shows their game; while it is
    up, no domino of either hand (or the boneyard) is on the page, and no
    tile can be tapped.  Once shown, the page has that person's hand and
    still nothing of the other's."""
    page = watch.open(f"#game=pyrinoes&seats=human,human&seed={HOT_SEAT_SEED}")
    cdp = watch.context.new_cdp_session(page)
    table = Table("pyrinoes", [Seat("human"), Seat("human")], seed=HOT_SEAT_SEED)
    table.play_bots()
    wait_for_person(page, timeout=60)
    person = Person(page)
    for turn in range(3):
        mover = table.state.to_move
        name = SEATS[mover]
        poll(page, "!document.getElementById('cover').hidden")
        assert text(page, "#cover-text") == (
            f"{name} to play: pass the screen to them, and nobody else looks while they do."
        )
        assert text(page, "#reveal-button") == f"Show {name}'s game"
        assert not [t for t in page.evaluate("Object.keys(window.iriri.targets())") if t.startswith("tile:")]
        both = set(table.state.hands[0]) | set(table.state.hands[1]) | set(table.state.boneyard)
        assert_nothing_shown(look(page, cdp, "covered"), both, f"the cover before {name}'s turn {turn}")

        page.click("#reveal-button")
        poll(page, "document.getElementById('cover').hidden")
        table.handle({"type": "command", "name": "reveal"})
        person.you = f"{name}, your turn"
        assert text(page, "#status") == (
            f"{name}, your turn: tap a tile of your hand to play it on the line, or pyramids "
            "of your supply to build a pyrino"
        )
        shown = look(page, cdp, f"{name}'s turn")
        hand = " ".join(str(d) for d in table.state.hands[mover])
        assert f"{name}'s hand: {hand}." in shown.texts["#mirror"]
        others = set(table.state.hands[1 - mover]) | set(table.state.boneyard)
        assert_nothing_shown(shown, others, f"{name}'s turn {turn}")
        tiles = {t for t in page.evaluate("Object.keys(window.iriri.targets())") if t.startswith("tile:")}
        assert tiles == {f"tile:{d}" for d in table.state.hands[mover]}

        choice = choose(page)
        assert choice.kind in ("play", "build"), choice
        person.make(choice)
        move = (
            f"{choice.tile} {choice.ends[0].removeprefix('end:')}"
            if choice.kind == "play"
            else f"build {choice.tile}"
        )
        view = table.handle({"type": "move", "text": move})
        assert view["message"] is None and table.state.to_move == 1 - mover
    assert views.full_state(table.sight())["moves"] == state(page)["moves"]
    watch.assert_clean()


# ---------------------------------------------------------------- 4. reload, and a bad link


def round_two_code() -> tuple[str, PyrinoesState]:
    """A share code of a match two random bots played in CPython, cut in the
    second round where fire is to move after six turns of it, with a person
    in fire's seat and the random bot in ice's; and that position."""
    position = GAME.new_game(players=2, seed=3)
    bots = [make_bot("random", seed=3 * 16 + seat) for seat in (0, 1)]
    moves: list[str] = []
    turns = 0
    while True:
        player = GAME.current_player(position)
        if player == CHANCE:
            move = fixed_chance(GAME, position, 3, len(moves))
        else:
            if position.round == 2:
                turns += 1
                if turns > 6 and player == 0:
                    break
            move = bots[player].choose(GAME, position)
        moves.append(GAME.move_text(position, move))
        position = GAME.play(position, move)
    assert rules.match_scores(position) != (0, 0)
    start = GAME.to_text(GAME.new_game(players=2, seed=3))
    record = Record(game="pyrinoes", players=2, start=start, moves=tuple(moves), seed=3)
    return Snapshot(record, ("human", "random"), len(moves)).to_code(), position


def table_words(page: Page) -> dict[str, Any]:
    """What the person reads of the table: their hand, the line, the scores."""
    mirror = page.eval_on_selector_all("#mirror li", "items => items.map(i => i.textContent)")
    return {
        "hand": next(line for line in mirror if line.startswith("Your hand (Fire): ")),
        "line": next(line for line in mirror if line.startswith("Line of play")),
        "match": mirror[0],
        "scores": page.eval_on_selector_all(
            "#scores tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
        ),
        "tiles": sorted(
            t for t in page.evaluate("Object.keys(window.iriri.targets())") if t.startswith("tile:")
        ),
        "status": text(page, "#status"),
        "state": {key: value for key, value in state(page).items() if key != "opened"},  # (the page's count)
    }


def test_a_reload_mid_round_resumes_it_and_a_bad_link_keeps_it(watch: SiteWatch) -> None:
    code, position = round_two_code()
    page = watch.open(f"#record={code}")
    wait_for_person(page, timeout=60)
    scores = rules.match_scores(position)
    hand = " ".join(str(d) for d in position.hands[0])
    before = table_words(page)
    assert before["hand"].startswith(f"Your hand (Fire): {hand}.")
    assert before["match"].endswith(f"round 2. Match score: Fire {scores[0]}, Ice {scores[1]}.")
    person = Person(page)
    person.make(choose(page))
    wait_for_person(page, timeout=60)
    before = table_words(page)
    assert before["state"]["cursor"] > len(Snapshot.from_code(code).record.moves)
    assert [row[1] for row in before["scores"]] == [str(scores[0]), str(scores[1])]
    page.reload()
    wait_ready(page)
    wait_for_person(page)
    after = table_words(page)
    assert after == before

    # A link this game cannot open: said plainly, and the game stays.
    bad = GAME.to_text(position)
    domino = position.boneyard[0]
    bad = bad.replace("fire hand: ", f"fire hand: {domino} ", 1)
    page.goto(watch.site + "#game=pyrinoes&seats=human,random&position=" + quote(bad))
    poll(page, "document.getElementById('message').textContent.includes('could not be opened')")
    assert (
        text(page, "#message")
        == f"This link could not be opened: position: the domino {domino} is in two places."
    )
    assert table_words(page) == after
    page.goto(watch.site + "#game=pyrinoes&seats=human,random,random")
    poll(page, "document.getElementById('message').textContent.includes('could not be opened')")
    message = text(page, "#message")
    assert message.startswith("This link could not be opened: seats: Pyrinoes is for 2"), message
    assert table_words(page) == after
    person.make(choose(page))  # and it plays on
    watch.assert_clean()
