"""Play as it feels (issue 14): the table and what to press stay in view and
hold still, moves are told and marked, drags show where they go, nothing is
lost by a click, the keyboard plays only what it chose, and the moves can be
looked back at.  At the sizes people use: a 1280x800 desktop and a 390x844
phone (touch)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from iriri_core import Seat, Table
from iriri_core.pictures import drawing

from .site import (
    BOARD,
    SIZES,
    SiteWatch,
    hand,
    legal_moves,
    open_new_game,
    poll,
    sized_watch,
    state,
    still,
    text,
    wait_for_person,
    wait_ready,
)

LAST = (0x9A, 0x34, 0x12)
"""The last turn's mark (iriri_core.pictures.drawing.LAST)."""
GOOD = (0x1F, 0x7A, 0x3A)
"""The colour a legal drop target lights up in (web/ui.js)."""


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, browser: Browser, site: str) -> Iterator[SiteWatch]:
    """A watched context at a desktop's size, or a phone's with touch, either way up."""
    watch = sized_watch(browser, site, request.param)
    yield watch
    watch.context.close()
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


def pixels_around(page: Page, point: dict[str, float], colour: tuple[int, int, int]) -> int:
    """How many canvas pixels in the 30 px square around ``point`` are near ``colour``."""
    count: int = page.evaluate(
        """([point, colour]) => {
          const canvas = document.getElementById("canvas");
          const r = canvas.getBoundingClientRect();
          const k = canvas.width / r.width;
          const size = Math.round(30 * k);
          const x = Math.round((point.x - 15 - r.left) * k), y = Math.round((point.y - 15 - r.top) * k);
          const d = canvas.getContext("2d").getImageData(x, y, size, size).data;
          let found = 0;
          for (let i = 0; i < d.length; i += 4) {
            if ([0, 1, 2].every((c) => Math.abs(d[i + c] - colour[c]) < 40)) found += 1;
          }
          return found;
        }""",
        [point, list(colour)],
    )
    return count


GAMES = ["iriri", "hextris", "pach-ice-i", "pyrinoes"]
PACH = "pach-ice-i"
"""Pach-Ice-i: the person to move presses Roll (or taps the dice) before the turn."""
PYRINOES = "pyrinoes"
"""Pyrinoes: a deal first; two people at one screen show their hand after a cover."""
QUIET_MS = 400
"""A tap just after a tap that played a move is ignored (web/ui.js, QUIET_MS 350)."""
INK = (0x2B, 0x26, 0x22)
"""Pips and outlines (iriri_core.pictures.drawing.INK)."""


def link(game: str, seats: str) -> str:
    """A link's fragment for a game with these seats (each dealt or rolled from seed 3)."""
    return f"game={game}&seats={seats}" + ("" if game == "hextris" else "&seed=3")


LAYOUT = """() => {
  // (The box the board is drawn in: a table drawn larger than it for a finger scrolls inside it.)
  const canvas = document.getElementById("canvas").parentElement.getBoundingClientRect();
  const opened = window.iriri.state().opened;
  // The board's top, where the page's own scroll does not count: the first look at a game sets it.
  const top = canvas.top + scrollY;
  if (!window.boardTop || window.boardTop.opened !== opened) window.boardTop = { opened, top };
  const shown = (node) => node.offsetParent !== null && getComputedStyle(node).visibility !== "hidden";
  const rows = [...document.querySelectorAll(".controls, .controls > div")].filter(shown);
  const buttons = [...document.querySelectorAll(".controls button, .controls .button")].filter(shown);
  const last = document.getElementById("last-move");
  const news = document.querySelector(".news-line");
  const box = news.getBoundingClientRect();
  const seen = last.getBoundingClientRect();
  const style = getComputedStyle(last);
  return {
    width: document.documentElement.scrollWidth, innerWidth,
    rows: rows.filter((row) => row.scrollWidth > row.clientWidth + 1).map((row) => row.id || row.className),
    outside: buttons.filter((b) => b.getBoundingClientRect().right > innerWidth + 0.5)
      .map((b) => b.id || b.textContent),
    short: buttons.filter((b) => navigator.maxTouchPoints > 0 && b.getBoundingClientRect().height < 43.5)
      .map((b) => b.id),
    moved: top - window.boardTop.top,
    last: last.textContent,
    lastShown: shown(last) && last.textContent !== "" && shown(news),
    lastWhole: seen.bottom <= box.bottom + 0.5 && seen.right <= box.right + 0.5 &&
      last.scrollWidth <= last.clientWidth + 1 && last.scrollHeight <= last.clientHeight + 1,
    clipped: style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none" ||
      style.whiteSpace === "nowrap",
    more: Boolean(document.getElementById("turn-more")) && !document.getElementById("turn-more").hidden,
  };
}"""
"""What the layout check measures on the page (see :func:`check_layout`)."""

OPENED = """() => {
  const box = document.getElementById("turn-all");
  document.getElementById("turn-more").click();
  const last = document.getElementById("turn-all-last");
  const seen = last.getBoundingClientRect();
  const out = {
    open: box.matches(":popover-open"), text: last.textContent,
    whole: box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1 &&
      seen.top >= 0 && seen.bottom <= innerHeight && seen.left >= 0 && seen.right <= innerWidth,
  };
  box.hidePopover();
  return out;
}"""
"""Open the turn's words whole (as a tap on them does), measure the last turn there, close them."""


def check_layout(page: Page) -> None:
    """The shared layout check (issue 22), at any step of a game, at any
    size: nothing is wider than the screen (the page, every row of
    controls, every button in them; on a touch screen every control 44 px
    tall), the last turn can be read whole where it is shown (in its line,
    not cut, no ellipsis; or, where the line has not the room, whole in the
    box a tap on it opens), and the board's top has not moved since the
    game was first looked at (within 2 px)."""
    seen = page.evaluate(LAYOUT)
    size = f"{page.viewport_size}"
    assert seen["width"] <= seen["innerWidth"], f"the page is {seen['width']} px wide at {size}"
    assert not seen["rows"] and not seen["outside"], f"controls wider than the screen at {size}: {seen}"
    assert not seen["short"], f"controls under 44 px tall at {size}: {seen['short']}"
    assert abs(seen["moved"]) <= 2, f"the board moved {seen['moved']:.0f} px at {size}"
    if not seen["lastShown"]:
        return
    assert not seen["clipped"], "the last turn's line cuts its words off"
    if seen["lastWhole"]:
        return
    assert seen["more"], f"the last turn is cut short, with no way to read it whole: {seen['last']!r}"
    opened = page.evaluate(OPENED)
    assert opened["open"] and opened["text"] == seen["last"] and opened["whole"], opened


def ready_to_act(page: Page) -> None:
    """Wait out bots and a deal, and show the hand of the person to move
    behind a cover; then check the layout."""
    wait_for_person(page)
    if page.is_visible("#reveal-button"):
        page.click("#reveal-button")
        poll(page, "document.getElementById('cover').hidden")
    check_layout(page)


def play_one(page: Page) -> None:
    """One move from the buttons: Roll where the person is to roll, else the
    first legal move (then the next person's hand shown, where covered)."""
    ready_to_act(page)
    length = state(page)["length"]
    page.click("#roll-button" if page.is_visible("#roll-button") else "#actions button")
    poll(page, f"window.iriri.state().length > {length}")
    ready_to_act(page)


def open_game(watch: SiteWatch, fragment: str) -> Page:
    page = watch.context.new_page()
    page.goto(watch.site + "#" + fragment)
    wait_ready(page)
    ready_to_act(page)
    return page


def touching(page: Page) -> bool:
    """Whether the page is on a touch screen (the phone)."""
    return bool(page.evaluate("navigator.maxTouchPoints > 0"))


def seen_point(page: Page, target: str) -> dict[str, float]:
    """Where a canvas target is on the screen, scrolled into view first."""
    page.locator(BOARD).scroll_into_view_if_needed()
    point: dict[str, float] = page.evaluate("(t) => window.iriri.targetPoint(t)", target)
    assert point, f"no {target} on the canvas"
    size = page.viewport_size
    assert size
    shown = "(p) => document.elementFromPoint(p.x, p.y) === document.getElementById('canvas')"
    if not page.evaluate(shown, point):  # off screen, or under the turn bar that stays in view
        page.evaluate("(y) => window.scrollBy(0, y)", point["y"] - size["height"] / 2)
        point = page.evaluate("(t) => window.iriri.targetPoint(t)", target)
        assert page.evaluate(shown, point), f"{target} cannot be brought into view"
    return point


def tap(page: Page, target: str) -> None:
    """A click, or on a phone a tap, on a canvas target (then the layout checked)."""
    tap_at(page, seen_point(page, target))
    check_layout(page)


def tap_at(page: Page, point: dict[str, float]) -> None:
    """A click, or on a phone a tap, at a point of the page."""
    if touching(page):
        page.touchscreen.tap(point["x"], point["y"])
    else:
        page.mouse.click(point["x"], point["y"])


class Drag:
    """A drag by the mouse, or on a phone by a finger (Chrome's touch events,
    through the DevTools protocol: Playwright's touchscreen only taps)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page) if touching(page) else None

    def _touch(self, kind: str, x: float, y: float) -> None:
        assert self.cdp is not None
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def start(self, x: float, y: float) -> None:
        self.at = (x, y)
        if self.cdp:
            self._touch("touchStart", x, y)
        else:
            self.page.mouse.move(x, y)
            self.page.mouse.down()

    def move(self, x: float, y: float, steps: int = 6) -> None:
        if self.cdp:
            x0, y0 = self.at
            for i in range(1, steps + 1):
                self._touch("touchMove", x0 + (x - x0) * i / steps, y0 + (y - y0) * i / steps)
        else:
            self.page.mouse.move(x, y, steps=steps)
        self.at = (x, y)
        self.page.wait_for_timeout(100)

    def end(self) -> None:
        if self.cdp:
            self._touch("touchEnd", *self.at)
        else:
            self.page.mouse.up()


def own_supply(page: Page) -> list[str]:
    """The Pyrinoes supply pyramids of the person to move (not the greens), as canvas targets."""
    targets: list[str] = page.evaluate("Object.keys(window.iriri.targets())")
    return [t for t in targets if t.startswith("supply:") and not t.startswith("supply:G")]


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
    if game == PYRINOES:  # a pyrino built pyramid by pyramid: a pyramid of each colour
        supply = own_supply(page)
        return [supply[0], next(t for t in supply if t[7] != supply[0][7])]
    return ["hand:0:3"]


@pytest.mark.parametrize("game", GAMES)
def test_the_board_and_the_turn_stay_in_view_and_hold_still(sized: SiteWatch, game: str) -> None:
    """While a move is put together, the board, the status and the move's
    buttons are all on screen, the board fills most of the screen's height,
    and it does not move as the preview changes (in Pach-Ice-i, nor when the
    Roll button goes once the dice are rolled), on a phone held either way too.
    (The board is its box: a table drawn larger for a finger scrolls in it.)"""
    page = open_game(sized, link(game, "human,human"))
    page.locator(BOARD).scroll_into_view_if_needed()
    where = rect(page, BOARD)
    size = page.viewport_size
    assert size
    share = (where["bottom"] - where["top"]) / size["height"]
    assert share >= (0.75 if size["width"] > size["height"] and size["height"] < 500 else 0.6), share
    if game == PACH:
        assert in_view(page, "#roll-button") and in_view(page, "#status")
    for target in compose(page, game):
        tap(page, target)
        if target.startswith("die:"):
            poll(page, "window.iriri.state().length === 1")  # rolled
            page.wait_for_timeout(QUIET_MS)
        assert rect(page, BOARD) == where, f"the board moved after a tap on {target}"
        for part in (BOARD, "#status", "#undo-button", "#hint-button"):
            assert in_view(page, part), f"{part} is off screen at {page.viewport_size}"
    if game == "iriri":
        assert "✓" in text(page, "#preview") and in_view(page, "#confirm-button")
        assert page.is_enabled("#confirm-button")
    elif game == PACH:
        assert page.is_hidden("#roll-button")
        assert text(page, "#status").endswith("; tap a lit square to move the small from your pad there")
        assert text(page, "#status").startswith("Black, your turn: dice ")
        return
    elif game == PYRINOES:
        assert text(page, "#status").endswith(": press Build, or add to a stack"), text(page, "#status")
        assert in_view(page, "#build-button") and page.is_enabled("#build-button")
        return
    else:
        assert "drop your large" in text(page, "#status")
    assert text(page, "#status").startswith("Yellow, your turn")


def last_marks(page: Page) -> list[dict[str, Any]]:
    """The shapes the scene draws in the last turn's colour, each with its box
    in page coordinates (``line`` for a notch across Iriri's ring)."""
    found: list[dict[str, Any]] = page.evaluate(
        """(colour) => {
          const r = document.getElementById("canvas").getBoundingClientRect();
          return window.iriri.scene().shapes.filter((s) => s.stroke === colour).map((s) => {
            if (s.type === "rect") return {type: s.type, x: r.left + s.x, y: r.top + s.y, w: s.w, h: s.h};
            if (s.type === "circle") {
              return {type: s.type, x: r.left + s.x - s.r, y: r.top + s.y - s.r, w: 2 * s.r, h: 2 * s.r};
            }
            const xs = s.points.map((p) => p[0]), ys = s.points.map((p) => p[1]);
            const [x, y] = [Math.min(...xs), Math.min(...ys)];
            const [w, h] = [Math.max(...xs) - x, Math.max(...ys) - y];
            return {type: s.type, x: r.left + x, y: r.top + y, w, h};
          });
        }""",
        drawing.LAST,
    )
    return found


def pach_marked(page: Page) -> list[str]:
    """The squares the last turn's pieces left and landed on, from the record
    replayed in CPython."""
    from iriri_core.games.pach_ice_i import Advance, Enter, square_name
    from iriri_core.games.pach_ice_i.turn import destination
    from iriri_core.site.links import Snapshot

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


BOT_NAMES = {"iriri": "Blue ", "hextris": "Blue ", PACH: "White ", PYRINOES: "Ice "}
"""How the line by the board starts when the bot (the second seat) has moved."""


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_move_is_told_by_the_board_and_marked(both: SiteWatch, game: str) -> None:
    """The bot's turn is told in the line by the board and by the live
    region alike, it glides into place, and what it changed is marked in
    rust on the canvas: in Iriri the cells of its word and, across the ring,
    where each piece it took was."""
    page = open_game(both, link(game, "human,easy"))
    if game == PACH:
        play_one(page)  # Roll
    while state(page)["to_move"] == 0:  # the person's turn, from the legal-move buttons
        length = state(page)["length"]
        page.click("#actions button")
        poll(page, f"window.iriri.state().length > {length}")
    wait_for_person(page)
    check_layout(page)
    line = text(page, "#last-move")
    assert line.startswith(BOT_NAMES[game]), line
    poll(page, "document.getElementById('live').textContent.length > 0")
    assert text(page, "#live") == line, "the live region says the same"
    assert in_view(page, "#last-move")
    moves = state(page)["moves"]
    still(page)  # the move has glided into place
    boxes = page.evaluate("window.iriri.targets()")
    marks = last_marks(page)
    assert marks, "the last turn is marked"
    if game == "iriri":
        word = next(move for move in reversed(moves) if not move.startswith(("take", "pass")))
        marked = [f"cell:{part.split('@')[1]}" for part in word.split()]
        takes = [move for move in moves[moves.index(word) + 1 :] if move.startswith("take")]
        notches = [mark for mark in marks if mark["type"] == "line"]
        assert len(notches) == len(takes) >= 1, (takes, notches)
        for notch in notches:  # across the ring's track, where a piece was taken
            middle = {"x": notch["x"] + notch["w"] / 2, "y": notch["y"] + notch["h"] / 2}
            assert pixels_under(page, middle, LAST) >= 3, "the notch is drawn"
    elif game == PACH:
        marked = pach_marked(page)
        assert marked, "White entered a piece on the board"
    elif game == PYRINOES:
        marked = []
        for mark in marks:  # the tile it played or the pyrino it built, or the boneyard
            assert pixels_near(page, mark, LAST, 0, False) >= 40, f"{mark} is not drawn"
    else:
        marked = [f"spot:{re.split('[@x-]', moves[-1])[-1]}"]  # a drop's spot, a slide's or swap's end
    for target in marked:
        inset, round_ = {"iriri": (1.0, False), PACH: (3.0, False)}.get(game, (5.0, True))
        assert pixels_near(page, boxes[target], LAST, inset, round_) >= 40, f"{target} is not marked"
    assert page.evaluate("window.iriri.motion().animations") >= 1, "the bot's move was animated"


@pytest.mark.parametrize("game", GAMES)
def test_no_motion_when_the_player_asks_for_none(browser: Browser, site: str, game: str) -> None:
    context: BrowserContext = browser.new_context(reduced_motion="reduce")
    watch = SiteWatch(context, site)
    page = open_game(watch, link(game, "easy,human"))
    if game == PACH:  # the bot rolls and moves; then the person rolls, which moves nothing
        play_one(page)
    assert state(page)["length"] >= 1
    still(page)
    assert page.evaluate("window.iriri.motion()") == {"animations": 0, "moving": False, "due": False}
    context.close()
    watch.assert_clean()


def dragged(page: Page, game: str) -> tuple[str, str, tuple[int, int, int]]:
    """A piece to drag, a place it may go, and a colour of the piece's."""
    if game == PACH:
        play_one(page)  # Roll
        [target] = page.evaluate("window.iriri.drops('tree:0')")  # a small by all three dice
        return "tree:0", target, (0x3B, 0x3B, 0x3B)  # Black's pieces
    if game == PYRINOES:
        tiles = [t for t in page.evaluate("window.iriri.draggable()") if t.startswith("tile:")]
        return tiles[0], page.evaluate("(t) => window.iriri.drops(t)", tiles[0])[0], INK  # its pips
    steps = compose(page, game)
    return steps[0], steps[1] if game == "iriri" else "spot:c1", (0xE8, 0xB9, 0x23)  # Yellow's


@pytest.mark.parametrize("game", GAMES)
def test_a_drag_shows_the_piece_and_lights_the_target(both: SiteWatch, game: str) -> None:
    """By mouse on the desktop and by finger on the phone: the piece follows
    the pointer, the place it would go lights up where it may go and not
    elsewhere, and letting go there plays it; let go where nothing can go, the
    player is told."""
    page = open_game(both, link(game, "human,human"))
    page.locator(BOARD).scroll_into_view_if_needed()
    source, target, colour = dragged(page, game)
    start = page.evaluate("(t) => window.iriri.targetPoint(t)", source)
    end = page.evaluate("(t) => window.iriri.targetPoint(t)", target)
    under_before = pixels_around(page, end, colour)
    drag = Drag(page)
    drag.start(start["x"], start["y"])
    drag.move(end["x"], end["y"])
    boxes = page.evaluate("window.iriri.targets()")
    assert pixels_near(page, boxes[target], GOOD, -2, False) >= 40, "the target lights up"
    assert pixels_around(page, end, colour) >= under_before + 20, "the piece is under the pointer"
    elsewhere = next(
        t
        for t in boxes
        if t != target
        and t != source
        and t not in page.evaluate("(t) => window.iriri.drops(t)", source)
        and abs(boxes[t]["y"] - boxes[target]["y"]) + abs(boxes[t]["x"] - boxes[target]["x"]) > 60
    )
    over = page.evaluate("(t) => window.iriri.targetPoint(t)", elsewhere)
    drag.move(over["x"], over["y"], steps=4)
    assert pixels_near(page, boxes[elsewhere], GOOD, -2, False) < 5, (
        f"{elsewhere}, where it may not go, stays dark"
    )
    drag.move(end["x"], end["y"], steps=4)
    length = state(page)["length"]
    drag.end()
    if game == "iriri":
        poll(page, "document.getElementById('preview').textContent.includes('Words')")
    else:
        poll(page, f"window.iriri.state().length > {length}")
    if game in ("hextris", PYRINOES):  # let go where nothing can go: said, and nothing played
        ready_to_act(page)
        page.wait_for_timeout(QUIET_MS)
        source = page.evaluate("window.iriri.draggable()")[0]
        start = page.evaluate("(t) => window.iriri.targetPoint(t)", source)
        canvas = rect(page, BOARD)
        length = state(page)["length"]
        drag = Drag(page)
        drag.start(start["x"], start["y"])
        drag.move(canvas["left"] + 3, canvas["bottom"] - 3)  # a corner of the table, with nothing there
        drag.end()
        poll(page, "document.getElementById('message').textContent.startsWith('Nothing can go there')")
        assert state(page)["length"] == length
        assert in_view(page, "#message") and rect(page, BOARD) == canvas, "told, and the board stays put"


@pytest.mark.parametrize("game", GAMES)
def test_leaving_a_game_asks_first_and_the_game_can_come_back(both: SiteWatch, game: str) -> None:
    """A new game over one in progress asks first; started, it leaves a line
    at the top that offers the game left back, still there once the new game
    is ready (in Pyrinoes, dealt: the dealer's moves hid it, as if the person
    had played on), and its button brings that game back as it was.  The
    game left in turn is kept only if it had begun.  Each step waits for
    what the person waits for: the other game on the table, and ready."""
    page = open_game(both, link(game, "human,human"))
    play_one(page)
    while not state(page)["begun"]:  # (a roll alone is chance's move: no game begun yet)
        play_one(page)
    before = state(page)
    open_new_game(page)
    page.click("#new-form button[type=submit]")
    page.wait_for_selector("#leave-dialog[open]")
    assert text(page, "#leave-ok") == "Start the new game"
    page.click("#leave-cancel")
    assert state(page)["moves"] == before["moves"], "Keep playing keeps the game"
    open_new_game(page)
    page.click("#new-form button[type=submit]")
    page.click("#leave-ok")
    poll(page, f"window.iriri.state().opened !== {before['opened']}")
    ready_to_act(page)  # (Pyrinoes: dealt, and the hand of the person to move shown)
    fresh = state(page)
    assert fresh["moves"] != before["moves"]
    assert page.is_visible("#previous-banner"), "the line offering the game left back"
    assert in_view(page, "#previous-back")
    page.click("#previous-back")
    poll(page, f"window.iriri.state().opened !== {fresh['opened']}")
    ready_to_act(page)  # (Pyrinoes: the hand of the person to move shown again, as it was)
    back = state(page)
    assert back["moves"] == before["moves"] and back["length"] == before["length"]
    if "position" in before:
        assert back["position"] == before["position"]
    # The new game is kept in turn if it had begun ("begun": a seat has moved, where the page
    # says so; else any move, a deal included).
    begun = fresh.get("begun", fresh["length"] > 0)
    assert page.is_visible("#previous-banner") == begun
    assert page.evaluate("document.getElementById('previous-button').hidden") == (not begun), "Share's too"
    if begun:
        page.click("#previous-back")
        poll(page, f"window.iriri.state().opened !== {back['opened']}")
        ready_to_act(page)
        assert state(page)["moves"] == fresh["moves"]


def key_to(page: Page, target: str) -> None:
    """Move the canvas's keyboard place to ``target`` with the arrow keys, as
    a person would: each press the way the target lies, along the longer
    distance first."""
    page.focus("#canvas")
    if page.evaluate("window.iriri.keyTarget()") is None:
        page.keyboard.press("ArrowDown")  # the first piece the person may move
    boxes = page.evaluate("window.iriri.targets()")
    goal = boxes[target]
    for _ in range(60):
        here = page.evaluate("window.iriri.keyTarget()")
        if here == target:
            return
        box = boxes[here]
        dx = goal["x"] + goal["w"] / 2 - box["x"] - box["w"] / 2
        dy = goal["y"] + goal["h"] / 2 - box["y"] - box["h"] / 2
        ways = ["ArrowRight" if dx > 0 else "ArrowLeft", "ArrowDown" if dy > 0 else "ArrowUp"]
        for key in ways if abs(dx) >= abs(dy) else ways[::-1]:
            page.keyboard.press(key)
            if page.evaluate("window.iriri.keyTarget()") != here:
                break
    raise AssertionError(f"the arrow keys did not reach {target}")


def move_steps(page: Page, game: str) -> list[str]:
    """The canvas targets a person taps (or picks with Enter) to play a first move."""
    if game == PACH:
        return ["tree:0", page.evaluate("window.iriri.drops('tree:0')")[0]]
    source, target, _ = dragged(page, game)
    return compose(page, "iriri") if game == "iriri" else [source, target]


def die_picked(page: Page) -> bool:
    """Whether Pach-Ice-i's first die is framed as picked in the scene shown
    (the frame around a picked die shares the centre of its tap area)."""
    picked: bool = page.evaluate(
        """(focus) => {
          const shapes = window.iriri.scene().shapes;
          const die = shapes.find((s) => s.target === "die:0");
          if (!die) return false;
          const [cx, cy] = [die.x + die.w / 2, die.y + die.h / 2];
          return shapes.some((s) => s.type === "rect" && s.stroke === focus && !s.fill && !s.dash
            && Math.abs(s.x + s.w / 2 - cx) < 1 && Math.abs(s.y + s.h / 2 - cy) < 1);
        }""",
        drawing.FOCUS,
    )
    return picked


@pytest.mark.parametrize("game", GAMES)
def test_right_after_a_move_a_tap_or_enter_plays_nothing_unasked(both: SiteWatch, game: str) -> None:
    """A second tap that comes within 350 ms of a tap that played a move is
    either taken or answered; Enter on the legal-move list after a move
    played from it plays nothing by itself.  (The page's quiet time is made
    long here, so that the second tap comes within it however slowly a
    loaded machine passes taps on.)"""
    both.context.add_init_script("window.iririQuietMs = 5000")
    page = open_game(both, link(game, "human,easy"))
    if game == "iriri":  # a word from the list; then a take is a tap on the ring
        play_one(page)
        take = next(m for m in legal_moves(page) if m.startswith("take"))
        steps = [f"ring:{int(take.split('@')[1]) - 1}"]
    elif game == PACH:
        steps = ["die:0"]  # a tap on the dice rolls them
    else:
        steps = move_steps(page, game)
    length = state(page)["length"]
    for step in steps[:-1]:
        tap(page, step)
    last = seen_point(page, steps[-1])
    if page.evaluate(f"window.iriri.state().length === {length}"):
        tap_at(page, last)
    tap_at(page, last)  # a second tap, at once
    poll(page, f"window.iriri.state().length > {length}")
    answered = text(page, "#message").startswith("That tap came just as the table changed")
    # Taken: a second move (the bot's comes after its pace); in Pach-Ice-i a tap on the rolled
    # dice picks one.
    taken = state(page)["length"] > length + 1 or (game == PACH and die_picked(page))
    assert answered or taken, "a quick second tap is taken or answered"

    ready_to_act(page)
    if page.is_visible("#roll-button"):
        page.click("#roll-button")
        ready_to_act(page)
    page.focus("#actions button")
    length = state(page)["length"]
    page.keyboard.press("Enter")
    poll(page, f"window.iriri.state().length > {length}")
    wait_for_person(page)
    assert page.evaluate("document.activeElement.id") == "actions", "the focus stays on the list"
    length = state(page)["length"]
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert state(page)["length"] == length, "Enter on the list plays nothing"


@pytest.mark.parametrize("game", GAMES)
def test_enter_on_the_canvas_after_a_move_plays_nothing(page: Page, game: str) -> None:
    """The canvas takes the focus and plays from the arrow keys and Enter;
    after the move nothing is chosen, so Enter plays nothing."""
    page.goto(page.url.split("#")[0] + "#" + link(game, "human,human"))
    wait_ready(page)
    ready_to_act(page)
    if game == PACH:
        play_one(page)  # Roll
    length = state(page)["length"]
    for step in move_steps(page, game):
        if page.evaluate(f"window.iriri.state().length > {length}"):
            break  # (a Pyrinoes tile that fits one open end goes there at once)
        key_to(page, step)
        page.keyboard.press("Enter")
    if game == "iriri":  # the word is laid; Confirm plays it
        page.focus("#confirm-button")
        page.keyboard.press("Enter")
    poll(page, f"window.iriri.state().length > {length}")
    assert page.evaluate("window.iriri.keyTarget()") is None, "after a move nothing is chosen"
    length = state(page)["length"]
    page.focus("#canvas")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert state(page)["length"] == length, "Enter right after a move plays nothing"


@pytest.mark.parametrize("game", GAMES)
def test_the_moves_list_shows_earlier_positions_and_undone_moves(both: SiteWatch, game: str) -> None:
    """Each entry of the Moves list shows the table after it, read-only (taps
    that would play a move do nothing), ◀ ▶ step through, and Back to the
    game brings the table back; an undone move is struck through.  (In
    Pyrinoes against a bot: two people who hide their hands from each other
    cannot undo each other's moves.)"""
    page = open_game(both, link(game, "human,easy" if game == PYRINOES else "human,human"))
    for _ in range(3):
        play_one(page)
    still(page)
    played = state(page)["length"]
    live = page.evaluate("document.getElementById('canvas').toDataURL()")
    status = text(page, "#status")
    entries = page.locator("#moves [data-review]")
    first = entries.nth(0).get_attribute("data-review")
    page.click(f"#moves [data-review='{first}']")
    assert page.is_visible("#review-bar") and text(page, "#status").startswith(f"Move {first} of {played}")
    assert in_view(page, "#review-back")
    check_layout(page)
    poll(page, f"document.getElementById('canvas').toDataURL() !== {live!r}")
    draggable = page.evaluate("window.iriri.draggable()")
    for piece in draggable[:1]:  # what would start a move in the game: nothing, while looking back
        drops = page.evaluate("(t) => window.iriri.drops(t)", piece)
        tap(page, piece)
        if drops:
            page.wait_for_timeout(QUIET_MS)
            tap(page, drops[0])
    page.wait_for_timeout(300)
    assert state(page)["length"] == played and text(page, "#status").startswith("Move "), (
        "a look back is read-only"
    )
    page.click("#review-next")
    assert text(page, "#status").startswith("Move ") and not text(page, "#status").startswith(
        f"Move {first} "
    )
    check_layout(page)
    page.click("#review-back")
    assert text(page, "#status") == status and page.is_hidden("#review-bar")
    poll(page, f"document.getElementById('canvas').toDataURL() === {live!r}")  # at the next frame
    page.click("#undo-button")
    poll(page, f"window.iriri.state().cursor < {played}")
    undone = page.locator("#moves li.undone")
    assert undone.count() >= 1
    assert "line-through" in undone.first.locator("button").evaluate(
        "b => getComputedStyle(b).textDecorationLine"
    )


def test_a_finished_game_reloads_finished_without_the_panel_and_offers_a_rematch(page: Page) -> None:
    """The game-over panel opens when the last move is played, not when a
    finished game is opened again; its Rematch swaps the seats.  (An Iriri
    game ends in passes, which the table makes: the person plays the last
    move that is not one.)"""
    for seed in range(2, 40):
        table = Table("iriri", [Seat("bot", "random"), Seat("bot", "random")], seed=seed)
        table.play_bots()
        cut = max(i for i, move in enumerate(table.moves) if move != "pass")
        if table.game.current_player(table.history.plies[cut].before) == 0:
            break
    last = table.moves[cut]
    almost = replace(table.snapshot(), seats=("human", "easy"), cursor=cut)
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


MENU_ITEMS = """[...document.querySelectorAll('#share-menu .menu-items > :not(input)')]
  .filter((item) => item.offsetParent !== null)
  .map((item) => ({ id: item.id, text: item.textContent.trim(), font: getComputedStyle(item).fontSize,
    left: item.getBoundingClientRect().left + parseFloat(getComputedStyle(item).paddingLeft),
    height: item.getBoundingClientRect().height }))"""
"""JS: the More menu's items as shown: where their text starts, its size, and their height."""


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_a_phone_shows_all_four_games_and_every_button_fits(browser: Browser, site: str, size: str) -> None:
    """Issue 22: on a phone held either way, all four games are in view at
    once (no sideways scrolling to find them), each 44 px or more, beside
    Rules and the menu (Share; on the upright phone, More, which starts a
    new game too); every button of the bar and of the row under the board
    is on screen and at least 44 px tall, and so is every item of More,
    all of them written alike from one left edge ("Open a file…" was
    bigger, further in and 35 px tall)."""
    watch = sized_watch(browser, site, size)
    page = open_game(watch, link("pach-ice-i", "human,human"))
    buttons = page.evaluate(
        """() => [...document.querySelectorAll('.top button, .top .menu > summary, .controls button')]
          .filter((b) => b.offsetParent !== null && !b.closest('.menu-items'))
          .map((b) => { const r = b.getBoundingClientRect();
            return {id: b.id || b.dataset.game || b.textContent.trim(), left: r.left, right: r.right,
                    width: r.width, height: r.height, game: Boolean(b.dataset.game)}; })"""
    )
    picker = rect(page, "#game-picker")
    width = page.viewport_size["width"] if page.viewport_size else 0
    games = [b for b in buttons if b["game"]]
    assert [b["id"] for b in games] == ["hextris", "iriri", "pach-ice-i", "pyrinoes"]
    scrolls = page.evaluate(
        "(() => { const p = document.getElementById('game-picker');"
        " return [p.scrollWidth, p.clientWidth]; })()"
    )
    assert scrolls[0] <= scrolls[1] + 1, f"the games scroll sideways: {scrolls}"
    for button in buttons:
        assert button["height"] >= 44, f"{button['id']} is {button['height']:.0f} px tall"
        assert button["left"] >= 0 and button["right"] <= width, f"{button['id']} is off screen"
    for game in games:
        assert game["width"] >= 44, f"{game['id']} is {game['width']:.0f} px wide"
        assert picker["left"] - 0.5 <= game["left"] and game["right"] <= picker["right"] + 0.5, game
    ids = {b["id"] for b in buttons}
    assert "rules-button" in ids and "undo-button" in ids
    for bar_button in ("rules-button", "share-summary"):
        left = next(b["left"] for b in buttons if b["id"] == bar_button)
        assert left >= picker["right"] - 0.5, f"{bar_button} overlaps the games"
    menu = page.evaluate("document.getElementById('share-summary').innerText.trim()")
    assert menu == ("More" if size == "phone" else "Share"), menu
    if size == "phone":  # New game is the first thing in More
        page.click("#share-menu summary")
        items = page.evaluate(MENU_ITEMS)
        assert items[0]["id"] == "new-menu-button" and "Open a file…" in [i["text"] for i in items]
        assert len({i["left"] for i in items}) == 1, f"the items start at {items}"
        assert len({i["font"] for i in items}) == 1, f"the items are written at {items}"
        assert min(i["height"] for i in items) >= 44, f"the items are {items}"
        page.click("#new-menu-button")
        page.wait_for_selector("#new-dialog[open]")
        assert page.is_hidden("#share-menu .menu-items"), "the menu closes"
    else:
        assert "new-button" in ids
    watch.context.close()
    watch.assert_clean()


# ---------------------------------------------------------------- issue 22: what a new player tripped over


def placing_link() -> str:
    """A link to an Iriri game for two people, Blue to lay a word after
    Yellow's first turn: Confirm, Clear, Undo, Redo and Hint all show."""
    from iriri_core.games.iriri.state import Place

    table = Table("iriri", [Seat("human"), Seat("human")], seed=1)
    table.play(table.legal_moves()[0])  # Yellow lays a word, then takes pieces
    while not isinstance(table.legal_moves()[0], Place):
        table.play(table.legal_moves()[0])
    assert table.seat_to_move == 1
    return "record=" + table.snapshot().to_code()


ONE_MORE = """() => {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "one-more-button";
  button.textContent = "One more";
  document.getElementById("game-controls").append(button);
  dispatchEvent(new Event("resize"));
}"""
"""One more button in the game's row, then the page fits its rows again."""


def test_no_row_of_controls_is_wider_than_the_screen(sized: SiteWatch) -> None:
    """Issue 22: with every button a turn shows at once (Confirm, Clear,
    Undo, Redo, Hint and a hint's Play it: six, as many as with Pass, which
    made the row 402 px on a 390 px phone before; the table now passes by
    itself), and with one more button besides, the row fits the screen,
    every button whole and 44 px tall on a phone, the page does not scroll
    sideways, the Rules dialog is centred, and the board stays where it was
    when Play it is pressed."""
    page = open_game(sized, placing_link())
    page.click("#hint-button")
    page.wait_for_selector("#play-hint-button:not([hidden])")
    for button in ("#play-hint-button", "#confirm-button", "#clear-button", "#undo-button", "#hint-button"):
        assert page.is_visible(button), button
    check_layout(page)
    page.evaluate(ONE_MORE)
    check_layout(page)
    labels = page.eval_on_selector_all(
        ".controls button:not([hidden])",
        "bs => bs.filter((b) => b.offsetParent)"
        ".map((b) => [b.textContent, b.scrollWidth <= b.clientWidth + 1])",
    )
    assert all(whole for _, whole in labels), f"a label is cut: {labels}"
    page.click("#rules-button")
    dialog = rect(page, "#rules-dialog")
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert abs(dialog["left"] - (width - dialog["right"])) <= 1, f"the Rules dialog is off centre: {dialog}"
    page.click("#rules-close")
    page.evaluate("document.getElementById('one-more-button').remove()")
    length = state(page)["length"]
    page.click("#play-hint-button")
    poll(page, f"window.iriri.state().length > {length}")
    ready_to_act(page)


def long_turn_link() -> tuple[str, str]:
    """A link to a Pach-Ice-i game for two people, Black to roll, after a
    turn of White's told in more than 160 characters; and that turn's words."""
    from iriri_core.site.links import Snapshot
    from iriri_core.table.views import last_turn

    table = Table("pach-ice-i", [Seat("bot", "random"), Seat("bot", "random")], seed=4)
    game = table.game
    turn = ""
    while not (
        game.current_player(table.state) < 0
        and game.roller(table.state) == 0
        and len(turn := last_turn(table.sight(), 0)) > 160
        and turn.startswith("White ")
    ):
        assert table.advance(budget=math.inf) is not None, "the game ended first"
    snapshot = Snapshot(table.record(), ("human", "human"), table.cursor)
    return "record=" + snapshot.to_code(), turn


def test_a_long_last_turn_is_read_whole(both: SiteWatch) -> None:
    """Issue 22: the whole last turn can be read where it is shown, the
    news first: on a desktop in its two lines; on a phone, where two lines
    cannot hold it, a tap on the words opens them whole, over the board,
    which does not move; a tap on Close puts them away."""
    fragment, turn = long_turn_link()
    page = open_game(both, fragment)
    assert text(page, "#last-move") == turn and turn.startswith("White ") and " (after White rolled " in turn
    board = rect(page, BOARD)
    if not touching(page):
        assert page.is_hidden("#turn-more")
        seen = page.evaluate(LAYOUT)
        assert seen["lastWhole"] and not seen["clipped"], seen
        return
    assert page.is_visible("#turn-more"), "two lines cannot hold it on a phone"
    more = rect(page, "#turn-more")
    tap_at(page, {"x": more["right"] - 20, "y": more["bottom"] - 8})  # the "more" at the end of the words
    page.wait_for_selector("#turn-all:popover-open")
    assert text(page, "#turn-all-last") == turn and text(page, "#turn-all-status") == text(page, "#status")
    whole = rect(page, "#turn-all")
    assert whole["top"] >= 0 and whole["bottom"] <= 844 and whole["left"] >= 0 and whole["right"] <= 390
    assert page.evaluate(
        "(() => { const b = document.getElementById('turn-all');"
        " return b.scrollHeight <= b.clientHeight + 1; })()"
    ), "nothing of it is cut"
    assert rect(page, BOARD) == board
    close = page.locator("#turn-all button").bounding_box()
    assert close and close["height"] >= 44
    tap_at(page, {"x": close["x"] + close["width"] / 2, "y": close["y"] + close["height"] / 2})
    poll(page, "!document.getElementById('turn-all').matches(':popover-open')")
    assert rect(page, BOARD) == board


def test_looking_back_steps_by_the_arrow_keys_and_goes_to_the_start_and_the_end(both: SiteWatch) -> None:
    """Issue 22: while looking back, ← and → step like ◀ ▶, Home and End
    (and ⏮ ⏭) go to the start and to the last move, Escape goes back to the
    game; the board does not move; and the live region says which move an
    undo goes back after."""
    page = open_game(both, link("hextris", "human,human"))
    for _ in range(4):
        play_one(page)
    page.click("#moves [data-review='2']")

    def status() -> str:
        return text(page, "#status")

    def at(move: int) -> None:
        poll(page, f"document.getElementById('status').textContent.startsWith('Move {move} of 4')")
        assert page.get_attribute(f"#moves [data-review='{move}']", "aria-current") is None
        current = page.eval_on_selector("#moves li[aria-current] button", "b => b.dataset.review")
        assert current == str(move)
        check_layout(page)

    at(2)
    page.keyboard.press("ArrowRight")
    at(3)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    at(1)
    page.keyboard.press("Home")
    poll(page, "window.iriri.state() && document.getElementById('review-first').disabled")
    assert page.is_disabled("#review-previous") and status().startswith("Move 0 of 4")
    check_layout(page)
    page.keyboard.press("ArrowRight")
    at(1)
    page.click("#review-last")  # the last move is the table as it stands: back to the game
    assert page.is_hidden("#review-bar") and status().startswith("Yellow, your turn")
    page.click("#moves [data-review='3']")
    page.click("#review-first")
    assert status().startswith("Move 0 of 4")
    page.keyboard.press("End")
    assert page.is_hidden("#review-bar")
    page.click("#moves [data-review='1']")
    page.keyboard.press("Escape")
    assert page.is_hidden("#review-bar") and status().startswith("Yellow, your turn")
    check_layout(page)
    page.click("#undo-button")
    poll(page, "document.getElementById('live').textContent.startsWith('Undone')")
    assert text(page, "#live") == "Undone: the table is as it was after move 3"


def test_a_move_picked_from_the_list_on_a_desktop_keeps_the_page_still(browser: Browser, site: str) -> None:
    """Issue 22: at 1280x800 the Moves list is on screen without scrolling,
    and a move picked from it shows the table without scrolling the page:
    the header, the board and the list all stay in view."""
    watch = sized_watch(browser, site, "desktop")
    page = open_game(watch, link("hextris", "human,human"))
    for _ in range(6):
        play_one(page)
    page.evaluate("scrollTo(0, 0)")
    first = rect(page, "#moves li:first-child button")
    assert first["bottom"] <= 800, f"the first move of the list is at {first['top']:.0f} px, off screen"
    last = rect(page, "#moves li:last-child button")
    assert last["bottom"] <= 800, f"the last move of the list is at {last['top']:.0f} px, off screen"
    page.mouse.click((first["left"] + first["right"]) / 2, (first["top"] + first["bottom"]) / 2)
    assert page.is_visible("#review-bar")
    assert page.evaluate("scrollY") == 0, "the page scrolled"
    assert in_view(page, "#game-title") and in_view(page, BOARD) and in_view(page, "#review-back")
    page.keyboard.press("ArrowRight")
    assert text(page, "#status").startswith("Move 2 of 6") and page.evaluate("scrollY") == 0
    watch.context.close()
    watch.assert_clean()


def test_the_new_game_dialog_fits_a_finger_and_says_a_fixed_player_count(both: SiteWatch) -> None:
    """Issue 22: in the New game dialog on a phone every select and button
    is 44 px tall or more; a game for two only (Pach-Ice-i) says so
    ("Players: 2"), where Iriri (two to four) offers the choice."""
    page = open_game(both, link(PACH, "human,human"))
    open_new_game(page)
    assert page.is_hidden("#player-count") and text(page, "#player-count-fixed") == "Players: 2"
    if touching(page):
        heights = page.eval_on_selector_all(
            "#new-dialog select, #new-dialog button, #new-dialog input",
            "fs => fs.filter((f) => f.offsetParent)"
            ".map((f) => [f.id || f.textContent, f.getBoundingClientRect().height])",
        )
        assert heights and all(h >= 44 for _, h in heights), heights
    page.click("#new-cancel")
    page.click("#game-picker [data-game='iriri']")
    poll(page, "window.iriri.state().game === 'iriri'")
    open_new_game(page)
    assert page.is_visible("#player-count") and page.is_hidden("#player-count-fixed")
    options = page.eval_on_selector_all("#player-count option", "os => os.map((o) => o.value)")
    assert options == ["2", "3", "4"]


def test_a_fresh_pyrinoes_table_starts_a_new_game_without_asking(both: SiteWatch) -> None:
    """Issue 22: the deal is chance's moves, not a game begun: New game over
    a table where nobody has moved yet starts the new game at once (and no
    game is kept to go back to); after a move of a player's it asks."""
    page = open_game(both, link(PYRINOES, "human,human"))
    assert state(page)["length"] > 0 and not state(page)["begun"]
    opened = state(page)["opened"]
    open_new_game(page)
    page.click("#new-form button[type=submit]")
    poll(page, f"window.iriri.state().opened > {opened}")
    assert page.is_hidden("#leave-dialog") and page.is_hidden("#previous-banner")
    play_one(page)
    assert state(page)["begun"]
    open_new_game(page)
    page.click("#new-form button[type=submit]")
    page.wait_for_selector("#leave-dialog[open]")
