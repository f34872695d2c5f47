"""The table says what you are trying to do (issue 24, item 4), on the page:
the game's goal in a line above the status, read whole at every size (a
1280x800 desktop, a 390x844 phone with touch, the phone on its side, a
640x480 frame) without moving the board during a game; and what a part of
the board is, shown over the canvas on a resting mouse or a long press, in
the scene's words, a long press tapping nothing."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from .site import SITE_GAMES, SiteWatch, poll, sized_watch, state, text, wait_ready
from .test_play import Drag, check_layout, link, open_game, play_one, rect, touching

GAMES = SITE_GAMES
"""The site's own games: these tests read each one's own goal and board areas
(EXPECTED, AREAS); a game added from elsewhere is not theirs to know."""

GOAL = """() => {
  const goal = document.getElementById("game-goal");
  const box = goal.getBoundingClientRect();
  const status = document.getElementById("status").getBoundingClientRect();
  const canvas = document.getElementById("canvas").getBoundingClientRect();
  return {
    text: goal.textContent, shown: goal.offsetParent !== null && box.height > 0,
    whole: goal.scrollWidth <= goal.clientWidth + 1 && goal.scrollHeight <= goal.clientHeight + 1,
    inside: box.left >= 0 && box.right <= innerWidth + 0.5 && box.top >= 0,
    aboveStatus: box.bottom <= status.top + 0.5, gap: status.top - box.bottom,
    aboveBoard: box.bottom <= canvas.top + 0.5 || box.left >= canvas.right - 0.5,
  };
}"""
"""Where the goal's line is, and whether it is read whole."""


def goal_seen(page: Page) -> dict[str, Any]:
    seen: dict[str, Any] = page.evaluate(GOAL)
    return seen


@pytest.fixture(params=["desktop", "phone", "landscape"])
def sized(request: pytest.FixtureRequest, browser: Browser, site: str) -> Any:
    watch = sized_watch(browser, site, request.param)
    yield watch
    watch.context.close()
    watch.assert_clean()


EXPECTED = {
    "iriri": "Lay words that match the ring; most points wins",
    "hextris": "First to make 3 groups of 5 of your pieces wins",
    "pach-ice-i": "First to get all 15 pieces to the other pad wins",
    "pyrinoes": "Empty your hand first; 100 points wins the match",
}


@pytest.mark.parametrize("game", GAMES)
def test_the_goal_is_read_whole_above_the_status_and_the_board_holds_still(
    sized: SiteWatch, game: str
) -> None:
    """At every size the goal's line is on screen, whole (no ellipsis, no
    line cut), just above the status and above (or beside) the board, and it
    stays as moves are played, the board's top not moving (check_layout)."""
    page = open_game(sized, link(game, "human,human"))
    if page.is_visible("#welcome-dismiss"):  # a newcomer: the welcome's line sits under the goal's
        page.click("#welcome-dismiss")
    for _ in range(3):
        page.evaluate("window.scrollTo(0, 0)")  # (a move played from the list below scrolled the page)
        seen = goal_seen(page)
        assert seen["text"] == "Goal: " + EXPECTED[game], seen
        assert seen["shown"] and seen["whole"] and seen["inside"], (page.viewport_size, seen)
        assert seen["aboveStatus"] and seen["gap"] <= 8 and seen["aboveBoard"], (page.viewport_size, seen)
        play_one(page)  # (and check_layout: the board has not moved)


def test_the_goal_is_read_whole_in_a_640x480_frame(browser: Browser, site: str) -> None:
    context = browser.new_context(viewport=ViewportSize(width=640, height=480))
    watch = SiteWatch(context, site)
    page = context.new_page()
    page.goto(site + "embed.html#" + link("pyrinoes", "human,random") + "&start=now")
    wait_ready(page)
    poll(page, "document.getElementById('game-goal-text').textContent !== ''")
    seen = goal_seen(page)
    assert seen["text"] == "Goal: " + EXPECTED["pyrinoes"], seen
    assert seen["shown"] and seen["whole"] and seen["inside"] and seen["aboveStatus"], seen
    assert rect(page, "#canvas")["bottom"] - rect(page, "#canvas")["top"] >= 300
    context.close()
    watch.assert_clean()


# ---------------------------------------------------------------- what a part of the board is

TIP = """() => {
  const tip = document.getElementById("canvas-tip");
  const box = tip.getBoundingClientRect();
  const canvas = document.getElementById("canvas").getBoundingClientRect();
  return {shown: !tip.hidden, text: tip.textContent, inside: box.left >= canvas.left - 0.5 &&
    box.right <= canvas.right + 0.5 && box.top >= canvas.top - 0.5 && box.bottom <= canvas.bottom + 0.5};
}"""

LABELLED = """(words) => {
  const shapes = window.iriri.scene().shapes;
  const shape = [...shapes].reverse().find((s) => s.label && s.label.startsWith(words));
  if (!shape) return null;
  const r = document.getElementById("canvas").getBoundingClientRect();
  const circle = shape.type === "circle";
  const x = circle ? shape.x : shape.x + shape.w / 2;
  const y = circle ? shape.y - shape.r * 0.85 : shape.y + shape.h / 2; // (a ring's track, clear of the hands)
  return {x: r.left + x, y: r.top + y, label: shape.label};
}"""
"""A point of the area whose label starts with ``words`` (the topmost such shape), in page coordinates."""

AREAS = {
    "pyrinoes": ("The tray: build a pyrino here", "The boneyard: "),
    "pach-ice-i": ("Black's start pad: ", "White's pieces home: "),
    "iriri": ("The ring (the rules' dictionary)", "Yellow's hand and score"),
    "hextris": ("Yellow's rack", "Groups of five made: 0 of 3"),
}


def area_point(page: Page, words: str) -> dict[str, Any]:
    page.evaluate("window.scrollTo(0, 0)")  # the whole board in view, none of it under the turn's words
    point: dict[str, Any] = page.evaluate(LABELLED, words)
    assert point, f"no area says {words!r}"
    return point


@pytest.mark.parametrize("game", GAMES)
def test_a_resting_mouse_or_a_long_press_says_what_a_part_of_the_board_is(both: SiteWatch, game: str) -> None:
    """On the desktop the words come once the mouse rests on the area and
    go when it leaves the canvas; on the phone a finger held still shows
    them, and the press taps nothing (no move, no pick, no message)."""
    seats = "human,random" if game == "pyrinoes" else "human,human"
    page = open_game(both, link(game, seats))
    for words in AREAS[game]:
        point = area_point(page, words)
        before = (
            state(page)["length"],
            text(page, "#message"),
            page.evaluate("window.iriri.scene().shapes.length"),
        )
        if touching(page):
            drag = Drag(page)
            drag.start(point["x"], point["y"])
            poll(page, "!document.getElementById('canvas-tip').hidden")
            drag.end()
        else:
            page.mouse.move(point["x"] - 3, point["y"] - 3)
            page.mouse.move(point["x"], point["y"], steps=3)
            poll(page, "!document.getElementById('canvas-tip').hidden")
        tip = page.evaluate(TIP)
        assert tip["shown"] and tip["text"] == point["label"] and tip["inside"], tip
        after = (
            state(page)["length"],
            text(page, "#message"),
            page.evaluate("window.iriri.scene().shapes.length"),
        )
        assert after == before, "showing what a part of the board is played or picked nothing"
        if touching(page):
            page.locator("#scores-title").tap()  # a touch anywhere else puts the words away
        else:
            page.mouse.move(2, 2)  # off the canvas
        poll(page, "document.getElementById('canvas-tip').hidden")
    check_layout(page)
