"""A table a finger can play on (issue 36), measured on the screen of a
390x844 phone with touch, held upright and on its side: every place a
lesson's Show me rings is a tap target 44 px or more each way, and the
first is on the screen when it is shown (the table, drawn larger than its
box where need be, scrolls there); and an Iriri game played to its end,
however far its board grows, asks for no tap on a cell under 44 px."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from iriri_core.drawing import HINT

from .site import BOARD, poll, sized_watch, state, text, wait_for_person
from .test_play import GAMES, QUIET_MS, link, open_game, tap_at

RINGED = """(colour) => {
  const canvas = document.getElementById("canvas").getBoundingClientRect();
  const box = document.getElementById("canvas").parentElement.getBoundingClientRect();
  const targets = Object.values(window.iriri.targets());
  return window.iriri.scene().shapes.filter((s) => s.stroke === colour && !s.fill).map((ring) => {
    const [x, y] = ring.type === "circle" ? [ring.x, ring.y] : [ring.x + ring.w / 2, ring.y + ring.h / 2];
    const at = {x: canvas.left + x, y: canvas.top + y};
    const under = targets.filter((t) => t.x <= at.x && at.x <= t.x + t.w && t.y <= at.y && at.y <= t.y + t.h);
    return {
      first: !ring.dash,
      at,
      side: under.length ? Math.min(...under.map((t) => Math.min(t.w, t.h))) : null,
      seen: box.left <= at.x && at.x <= box.right && box.top <= at.y && at.y <= box.bottom &&
        at.y >= 0 && at.y <= innerHeight && document.elementFromPoint(at.x, at.y)?.id === "canvas",
    };
  });
}"""
"""Each ring Show me draws: whether it is the first, where its centre is on
the page, the least side of the tap targets under it (null: none), and
whether its centre is on the screen, in the board's box, on the canvas."""

FINGER = 44


def rings(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(RINGED, HINT)
    return found


def scroll_to_board(page: Page) -> None:
    """As a person does: the board's box brought on the screen (the lesson is above it)."""
    page.locator(BOARD).scroll_into_view_if_needed()


@pytest.mark.parametrize("size", ["phone", "landscape"])
@pytest.mark.parametrize("game", GAMES)
def test_every_place_show_me_rings_is_a_finger_wide_and_on_screen(
    browser: Browser, site: str, game: str, size: str
) -> None:
    watch = sized_watch(browser, site, size)
    page = watch.open()
    page.goto(f"{site}#game={game}&lesson=first")
    poll(page, "document.getElementById('message').textContent.includes('lessons are: ')")
    lessons = text(page, "#message").split("lessons are: ")[1].rstrip(".").split(", ")
    least: list[float] = []
    for number, lesson in enumerate(lessons, 1):
        page.goto(f"{site}#game={game}&lesson={lesson}")
        title = f"Lesson {number} of {len(lessons)}: "
        poll(page, f"document.getElementById('lesson-title').textContent.startsWith({title!r})")
        page.wait_for_timeout(QUIET_MS)
        page.click("#hint-button")
        poll(page, "document.getElementById('message').textContent.startsWith('Show me: ')")
        scroll_to_board(page)
        poll(page, "!window.iriri.motion().due")
        ringed = rings(page)
        assert ringed, f"{lesson}: Show me rings nothing"
        for ring in ringed:
            assert ring["side"] is not None and ring["side"] >= FINGER, (lesson, ring)
            least.append(ring["side"])
        first = next(ring for ring in ringed if ring["first"])
        assert first["seen"], f"{lesson}: Show me's first ring is off the screen at {size}: {first}"
        tap_at(page, first["at"])  # and the next tap is followed to
        poll(page, "!window.iriri.motion().due")
        for ring in rings(page):
            if ring["first"]:
                assert ring["seen"], f"{lesson}: Show me's next ring is off the screen at {size}: {ring}"
    print(f"{game} at {size}: least target Show me rings {min(least):.1f} px over {len(lessons)} lessons")
    watch.context.close()
    watch.assert_clean()


CELLS = """() => Object.entries(window.iriri.targets())
  .filter(([target]) => target.startsWith("cell:")).map(([, t]) => Math.min(t.w, t.h))"""
"""The least side, on the screen, of every board cell a person may tap now."""


def test_an_iriri_game_on_a_phone_asks_for_no_cell_under_a_finger(browser: Browser, site: str) -> None:
    """An Iriri game of a person (whose moves are the hard bot's: Show me,
    then Play it) against the medium bot, on a phone, to its end: whenever the
    person is to lay a word, every cell they may tap is 44 px or more on the
    screen, and the board grows past the phone's width on the way."""
    watch = sized_watch(browser, site, "phone")
    page = open_game(watch, link("iriri", "human,medium"))
    turns, widest = 0, 0.0
    for _ in range(80):
        seen = wait_for_person(page, timeout=90)
        if seen["over"]:
            break
        cells = page.evaluate(CELLS)
        assert cells and min(cells) >= FINGER, f"turn {turns}: a cell {min(cells):.1f} px"
        widest = max(widest, page.evaluate("window.iriri.sceneSize().width"))
        length = seen["length"]
        page.click("#hint-button")
        poll(page, "!document.getElementById('play-hint-button').hidden", timeout=90)
        page.click("#play-hint-button")
        poll(page, f"window.iriri.state().length > {length}")
        page.wait_for_timeout(QUIET_MS)
        turns += 1
    assert state(page)["over"], "the game ended"
    assert widest > page.evaluate("document.querySelector('.canvas-box').clientWidth"), (
        "the board outgrew the phone's width, and the table scrolled"
    )
    print(f"an Iriri game on a phone: {turns} turns of the person's, the table up to {widest:.0f} px wide")
    watch.context.close()
    watch.assert_clean()
