"""Play as it feels (issue 14): the table and what to press stay in view and
hold still, moves are told and marked, drags show where they go, nothing is
lost by a click, the keyboard plays only what it chose, and the moves can be
looked back at.  At the sizes people use: a 1280x800 desktop and a 390x844
phone (touch)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from iriri_core import Seat, Table

from .site import SiteWatch, hand, legal_moves, poll, state, text, wait_for_person, wait_ready

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
LAST = (0x9A, 0x34, 0x12)
"""The last turn's mark (iriri_core.drawing.LAST)."""
GOOD = (0x1F, 0x7A, 0x3A)
"""The colour a legal drop target lights up in (web/ui.js)."""


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, browser: Browser, site: str) -> Iterator[SiteWatch]:
    """A watched context at a desktop's size, or a phone's with touch."""
    width, height = SIZES[request.param]
    phone = request.param == "phone"
    viewport = ViewportSize(width=width, height=height)
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    watch = SiteWatch(context, site)
    yield watch
    context.close()
    watch.assert_clean()


def rect(page: Page, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }",
        selector,
    )
    return box


def in_view(page: Page, selector: str) -> bool:
    box = rect(page, selector)
    size = page.viewport_size
    assert size
    return box["top"] >= -0.5 and box["bottom"] <= size["height"] + 0.5 and box["bottom"] > box["top"]


def pixels_near(
    page: Page, box: dict[str, float], colour: tuple[int, int, int], inset: float, round_: bool
) -> int:
    """How many of 76 canvas pixels ``inset`` CSS px inside the edge of
    ``box`` (page coordinates; with ``round_``, of the circle in it) are
    within 40 of ``colour`` in each channel."""
    count: int = page.evaluate(
        """([box, colour, inset, round]) => {
          const canvas = document.getElementById("canvas");
          const r = canvas.getBoundingClientRect();
          const k = canvas.width / r.width;
          const ctx = canvas.getContext("2d");
          const near = ([x, y]) => {
            const d = ctx.getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data;
            return [0, 1, 2].every((c) => Math.abs(d[c] - colour[c]) < 40);
          };
          const points = [];
          const [cx, cy] = [box.x + box.w / 2, box.y + box.h / 2];
          for (let i = 0; i < 76; i++) {
            if (round) {
              const a = (2 * Math.PI * i) / 76;
              points.push([cx + (box.w / 2 - inset) * Math.cos(a), cy + (box.h / 2 - inset) * Math.sin(a)]);
            } else {
              const f = ((i % 19) + 0.5) / 19, side = Math.floor(i / 19);
              const [left, right] = [box.x + inset, box.x + box.w - inset];
              const [top, bottom] = [box.y + inset, box.y + box.h - inset];
              const along = [left + (right - left) * f, top + (bottom - top) * f];
              points.push([[along[0], top], [along[0], bottom], [left, along[1]], [right, along[1]]][side]);
            }
          }
          return points.filter(near).length;
        }""",
        [box, list(colour), inset, round_],
    )
    return count


def pixels_under(page: Page, point: dict[str, float], colour: tuple[int, int, int]) -> int:
    """How many of 81 canvas pixels in a 40 px square around ``point`` are near ``colour``."""
    count: int = page.evaluate(
        """([point, colour]) => {
          const canvas = document.getElementById("canvas");
          const r = canvas.getBoundingClientRect();
          const k = canvas.width / r.width;
          const ctx = canvas.getContext("2d");
          let found = 0;
          for (let i = -4; i <= 4; i++) for (let j = -4; j <= 4; j++) {
            const x = Math.round((point.x + 5 * i - r.left) * k);
            const y = Math.round((point.y + 5 * j - r.top) * k);
            const d = ctx.getImageData(x, y, 1, 1).data;
            if ([0, 1, 2].every((c) => Math.abs(d[c] - colour[c]) < 40)) found += 1;
          }
          return found;
        }""",
        [point, list(colour)],
    )
    return count


GAMES = ["iriri", "hextris", "pach-ice-i"]
PACH = "pach-ice-i"
"""Pach-Ice-i: the person to move presses Roll (or taps the dice) before the turn."""
QUIET_MS = 400
"""A tap just after a tap that played a move is ignored (web/ui.js, QUIET_MS 350)."""


def link(game: str, seats: str) -> str:
    """A link's fragment for a game with these seats (Iriri and Pach-Ice-i dealt from seed 3)."""
    return f"game={game}&seats={seats}" + ("&seed=3" if game in ("iriri", PACH) else "")


def play_one(page: Page) -> None:
    """One move from the buttons: Roll where the person is to roll, else the first legal move."""
    length = state(page)["length"]
    page.click("#roll-button" if page.is_visible("#roll-button") else "#actions button")
    poll(page, f"window.iriri.state().length === {length + 1}")


def open_game(watch: SiteWatch, fragment: str) -> Page:
    page = watch.context.new_page()
    page.goto(watch.site + "#" + fragment)
    wait_ready(page)
    return page


def tap(page: Page, target: str) -> None:
    """A click, or on a phone a tap, on a canvas target."""
    page.locator("#canvas").scroll_into_view_if_needed()
    point = page.evaluate("(t) => window.iriri.targetPoint(t)", target)
    assert point, f"no {target} on the canvas"
    if page.evaluate("navigator.maxTouchPoints") > 0:
        page.touchscreen.tap(point["x"], point["y"])
    else:
        page.mouse.click(point["x"], point["y"])


def compose(page: Page, game: str) -> list[str]:
    """Start a move by taps on the table, as a player would; returns the steps tapped."""
    if game == "iriri":
        move = next(m for m in legal_moves(page) if m.count("@") == 2)
        steps = []
        pieces = hand(page, 0)
        for part in move.split():
            piece, cell = part.split("@")
            steps += [f"hand:0:{pieces.index(piece)}", f"cell:{cell}"]
        return steps
    if game == PACH:  # the dice, tapped to roll them, then a tree: its places light up
        return ["die:0", "tree:0"]
    return ["hand:0:3"]


@pytest.mark.parametrize("game", GAMES)
def test_the_board_and_the_turn_stay_in_view_and_hold_still(sized: SiteWatch, game: str) -> None:
    """While a move is put together, the board, the status and the move's
    buttons are all on screen, and the board does not move as the preview
    changes (in Pach-Ice-i, nor when the Roll button goes once the dice are rolled)."""
    page = open_game(sized, link(game, "human,human"))
    page.locator("#canvas").scroll_into_view_if_needed()
    where = rect(page, "#canvas")
    if game == PACH:
        assert in_view(page, "#roll-button") and in_view(page, "#status")
    for target in compose(page, game):
        tap(page, target)
        if target.startswith("die:"):
            poll(page, "window.iriri.state().length === 1")  # rolled
            page.wait_for_timeout(QUIET_MS)
        assert rect(page, "#canvas") == where, f"the board moved after a tap on {target}"
        for part in ("#canvas", "#status", "#undo-button", "#hint-button"):
            assert in_view(page, part), f"{part} is off screen at {page.viewport_size}"
    if game == "iriri":
        assert "✓" in text(page, "#preview") and in_view(page, "#confirm-button")
        assert page.is_enabled("#confirm-button")
    elif game == PACH:
        assert page.is_hidden("#roll-button")
        assert text(page, "#status").endswith("; tap a lit place for the small from your pad")
        assert text(page, "#status").startswith("Black, your turn: dice ")
        return
    else:
        assert "drop your large" in text(page, "#status")
    assert text(page, "#status").startswith("Yellow, your turn")


def pach_marked(page: Page) -> list[str]:
    """The squares the last turn's pieces left and landed on, from the record
    replayed in CPython."""
    from iriri_core.links import Snapshot
    from iriri_core.pach_ice_i import Advance, Enter, square_name
    from iriri_core.pach_ice_i.presenter import destination

    table = Table("pach-ice-i", [Seat("human"), Seat("human")])
    table.load(Snapshot.from_code(state(page)["share"]))
    plies = table.history.plies[: table.cursor]
    marked = []
    for ply in reversed(plies):
        if not isinstance(ply.move, Enter | Advance):
            break
        if isinstance(ply.move, Advance):
            marked.append(f"square:{square_name(ply.move.square)}")
        place = destination(ply.before, ply.move)
        if isinstance(place, int):  # (not the goal)
            marked.append(f"square:{square_name(place)}")
    return marked


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_move_is_told_by_the_board_and_marked(watch: SiteWatch, game: str) -> None:
    page = open_game(watch, link(game, "human,easy"))
    if game == PACH:
        play_one(page)  # Roll
    while state(page)["to_move"] == 0:  # Yellow's turn, from the legal-move buttons
        length = state(page)["length"]
        page.click("#actions button")
        poll(page, f"window.iriri.state().length > {length}")
    wait_for_person(page)
    line = text(page, "#last-move")
    assert line.startswith("White rolled " if game == PACH else "Blue "), line
    poll(page, "document.getElementById('live').textContent.length > 0")
    assert text(page, "#live") == line, "the live region says the same"
    assert in_view(page, "#last-move")
    moves = state(page)["moves"]
    if game == "iriri":
        word = next(move for move in reversed(moves) if not move.startswith(("take", "pass")))
        marked = [f"cell:{part.split('@')[1]}" for part in word.split()]
    elif game == PACH:
        marked = pach_marked(page)
        assert marked, "White entered a piece on the board"
    else:
        marked = [f"spot:{moves[-1].split('@')[1]}"]
    page.wait_for_timeout(400)  # the move has glided into place
    boxes = page.evaluate("window.iriri.targets()")
    for target in marked:
        inset, round_ = {"iriri": (1.0, False), PACH: (3.0, False)}.get(game, (5.0, True))
        assert pixels_near(page, boxes[target], LAST, inset, round_) >= 40, f"{target} is not marked"
    assert page.evaluate("window.iriri.motion().animations") >= 1, "the bot's move was animated"


def test_no_motion_when_the_player_asks_for_none(browser: Browser, site: str) -> None:
    context: BrowserContext = browser.new_context(reduced_motion="reduce")
    watch = SiteWatch(context, site)
    page = open_game(watch, "game=hextris&seats=easy,human")
    wait_for_person(page)
    assert page.evaluate("window.iriri.motion()") == {"animations": 0, "moving": False}
    context.close()
    watch.assert_clean()


@pytest.mark.parametrize("game", GAMES)
def test_a_drag_shows_the_piece_and_lights_the_target(watch: SiteWatch, game: str) -> None:
    page = open_game(watch, link(game, "human,human"))
    page.locator("#canvas").scroll_into_view_if_needed()
    if game == PACH:
        play_one(page)  # Roll
        source = "tree:0"
        [target] = page.evaluate("window.iriri.drops('tree:0')")  # a small by all three dice
    else:
        steps = compose(page, game)
        source, target = steps[0], steps[1] if game == "iriri" else "spot:c1"
    start = page.evaluate("(t) => window.iriri.targetPoint(t)", source)
    end = page.evaluate("(t) => window.iriri.targetPoint(t)", target)
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    page.mouse.move(end["x"], end["y"], steps=6)
    page.wait_for_timeout(100)
    boxes = page.evaluate("window.iriri.targets()")
    assert pixels_near(page, boxes[target], GOOD, -2, False) >= 40, "the target lights up"
    colour = (0x3B, 0x3B, 0x3B) if game == PACH else (0xE8, 0xB9, 0x23)  # Black's, Yellow's pieces
    assert pixels_under(page, end, colour) >= 5, "the piece is under the pointer"
    ring = {"iriri": "ring:0", PACH: "square:d4"}.get(game, "spot:c3")
    over = page.evaluate("(t) => window.iriri.targetPoint(t)", ring)
    page.mouse.move(over["x"], over["y"], steps=4)
    page.wait_for_timeout(100)
    assert pixels_near(page, boxes[ring], GOOD, -2, False) < 5, "a place it may not go stays dark"
    page.mouse.move(end["x"], end["y"], steps=4)
    page.mouse.up()
    if game == "iriri":
        poll(page, "document.getElementById('preview').textContent.includes('Words')")
    else:
        poll(page, f"window.iriri.state().length === {2 if game == PACH else 1}")


def test_leaving_a_game_asks_first_and_the_game_can_come_back(page: Page) -> None:
    page.click("#new-button")
    page.select_option("#seat-1", "human")
    page.click("#new-form button[type=submit]")
    poll(page, "window.iriri.state().seats[1].kind === 'human'")
    page.click("#actions button")
    poll(page, "window.iriri.state().length === 1")
    before = state(page)
    page.click("#new-button")
    page.click("#new-form button[type=submit]")
    page.wait_for_selector("#leave-dialog[open]")
    page.click("#leave-cancel")
    assert state(page)["moves"] == before["moves"], "Keep playing keeps the game"
    page.click("#new-button")
    page.click("#new-form button[type=submit]")
    page.click("#leave-ok")
    poll(page, "window.iriri.state().length === 0")
    assert page.is_visible("#previous-banner")
    page.click("#previous-back")
    poll(page, "window.iriri.state().length === 1")
    assert page.is_hidden("#previous-banner")
    assert state(page)["moves"] == before["moves"] and state(page)["position"] == before["position"]


def test_enter_after_a_move_plays_nothing_by_itself(page: Page) -> None:
    """The legal-move buttons keep the focus in their list, not on a move;
    the canvas plays from the arrow keys and Enter."""
    page.goto(page.url.split("#")[0] + "#game=hextris&seats=human,human")
    wait_ready(page)
    page.focus("#actions button")
    page.keyboard.press("Enter")
    poll(page, "window.iriri.state().length === 1")
    assert page.evaluate("document.activeElement.id") == "actions"
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert state(page)["length"] == 1, "Enter on the list plays nothing"
    page.focus("#canvas")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # the first piece Blue may pick
    poll(page, "document.getElementById('status').textContent.includes('drop your')")
    for _ in range(12):  # to the leftmost spot, c1, on the edge
        page.keyboard.press("ArrowLeft")
    assert page.evaluate("window.iriri.keyTarget()") == "spot:c1"
    page.keyboard.press("Enter")
    poll(page, "window.iriri.state().length === 2")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert state(page)["length"] == 2, "Enter right after a move plays nothing"


@pytest.mark.parametrize("game", ["hextris", PACH])
def test_the_moves_list_shows_earlier_positions_and_undone_moves(page: Page, game: str) -> None:
    """(In Pach-Ice-i the three moves are Black's roll, Black's small and White's roll.)"""
    page.goto(page.url.split("#")[0] + "#" + link(game, "human,human"))
    wait_ready(page)
    poll(page, f"window.iriri.state().game === {game!r}")
    for _ in range(3):
        play_one(page)
    page.wait_for_timeout(400)
    live = page.evaluate("document.getElementById('canvas').toDataURL()")
    status = text(page, "#status")
    page.click("#moves [data-review='1']")
    assert page.is_visible("#review-bar") and text(page, "#status").startswith("Move 1 of 3")
    poll(page, f"document.getElementById('canvas').toDataURL() !== {live!r}", timeout=5)
    tap(page, "square:d4" if game == PACH else "spot:c3")
    assert state(page)["length"] == 3, "a look back is read-only"
    page.click("#review-next")
    assert text(page, "#status").startswith("Move 2 of 3")
    page.click("#review-back")
    assert text(page, "#status") == status and page.is_hidden("#review-bar")
    poll(page, f"document.getElementById('canvas').toDataURL() === {live!r}", timeout=5)  # at the next frame
    page.click("#undo-button")
    poll(page, "window.iriri.state().cursor === 2")
    undone = page.locator("#moves li.undone")
    assert undone.count() == 1
    assert "line-through" in undone.locator("button").evaluate("b => getComputedStyle(b).textDecorationLine")


def test_a_finished_game_reloads_finished_without_the_panel_and_offers_a_rematch(page: Page) -> None:
    """The game-over panel opens when the last move is played, not when a
    finished game is opened again; its Rematch swaps the seats."""
    table = Table("iriri", [Seat("bot", "random"), Seat("bot", "random")], seed=2)
    table.play_bots()
    last = table.moves[-1]
    almost = replace(table.snapshot(), seats=("human", "easy"), cursor=table.history.length - 1)
    page.goto(page.url.split("#")[0] + "#record=" + almost.to_code())
    wait_ready(page)
    assert not state(page)["over"]
    page.fill("#move-input", last)
    page.press("#move-input", "Enter")
    page.wait_for_selector("#over-dialog[open]")
    page.reload()
    wait_ready(page)
    assert state(page)["over"] and "Game over" in text(page, "#status")
    page.wait_for_timeout(300)
    assert not page.is_visible("#over-dialog"), "no game-over panel on a reload"
    page.evaluate("document.getElementById('over-dialog').showModal()")
    page.click("#over-rematch")
    poll(page, "window.iriri.state().seats[0].kind === 'bot'")
    seats: list[dict[str, Any]] = state(page)["seats"]
    assert seats == [{"kind": "bot", "level": "easy"}, {"kind": "human"}]
    assert state(page)["game"] == "iriri" and not state(page)["over"]


@pytest.mark.parametrize("game", GAMES)
def test_every_place_to_tap_now_is_big_enough_on_a_phone(browser: Browser, site: str, game: str) -> None:
    """At 390x844, what the person may tap for their move (their pieces,
    where those may go, the pieces they may take; in Pach-Ice-i the dice,
    then the trees and where they go) is at least 44 px across; the page may
    also be zoomed."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    watch = SiteWatch(context, site)
    page = open_game(watch, link(game, "human,human"))
    assert "user-scalable" not in (page.get_attribute("meta[name=viewport]", "content") or "")
    phases = [page.evaluate("window.iriri.targets()")]
    rolled: set[str] = set()
    if game == PACH:  # the dice roll when tapped; then the trees may be picked or dragged
        rolled = {"die:0", "die:1", "die:2"}
        assert rolled <= set(phases[0])
        play_one(page)
        phases.append(page.evaluate("window.iriri.targets()"))
    usable = page.evaluate(
        "Object.fromEntries(window.iriri.draggable().map((s) => [s, window.iriri.drops(s)]))"
    )
    wanted = rolled | set(usable) | {t for drops in usable.values() for t in drops}
    if game == "iriri":
        page.click("#actions button")
        poll(page, "window.iriri.state().length === 1")
        phases.append(page.evaluate("window.iriri.targets()"))
        wanted |= {f"ring:{int(m.split('@')[1]) - 1}" for m in legal_moves(page)}
    assert wanted
    for target in wanted:
        box = next(boxes[target] for boxes in reversed(phases) if target in boxes)  # when it may be used
        assert min(box["w"], box["h"]) >= 44, f"{target} is {box['w']:.0f}x{box['h']:.0f}"
    context.close()
    watch.assert_clean()


def test_the_phone_bar_and_buttons_fit_and_are_big_enough(browser: Browser, site: str) -> None:
    """At 390x844 the top bar holds every game (scrolling sideways when they
    outgrow it, the chosen one in view) beside New, Rules and Share, all on
    screen; every button of the bar and of the row under the board is at
    least 44 px tall."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    watch = SiteWatch(context, site)
    page = open_game(watch, link("pach-ice-i", "human,human"))
    buttons = page.evaluate(
        """() => [...document.querySelectorAll('.top button, .top .menu > summary, .controls button')]
          .filter((b) => b.offsetParent !== null && !b.closest('.menu-items'))
          .map((b) => { const r = b.getBoundingClientRect();
            return {id: b.id || b.dataset.game || b.textContent.trim(), left: r.left, right: r.right,
                    height: r.height, game: Boolean(b.dataset.game)}; })"""
    )
    picker = rect(page, "#game-picker")
    assert {b["id"] for b in buttons} >= {"new-button", "rules-button", "Share", "undo-button"}
    for button in buttons:
        assert button["height"] >= 44, f"{button['id']} is {button['height']:.0f} px tall"
        if not button["game"]:
            assert button["left"] >= 0 and button["right"] <= 390, f"{button['id']} is off screen"
    for bar_button in ("new-button", "rules-button", "Share"):
        left = next(b["left"] for b in buttons if b["id"] == bar_button)
        assert left >= picker["right"] - 0.5, f"{bar_button} overlaps the games"
    chosen = next(b for b in buttons if b["id"] == "pach-ice-i")
    assert picker["left"] - 0.5 <= chosen["left"] and chosen["right"] <= picker["right"] + 0.5
    context.close()
    watch.assert_clean()
