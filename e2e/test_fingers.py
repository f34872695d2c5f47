"""A table a finger can play on (issue 36), measured on the screen of a
390x844 phone with touch: an Iriri game played to its end, however far its
board grows, asks for no tap on a cell under 44 px (the table, drawn larger
than its box, scrolls in it). Every lesson's Show me at that size, and on
its side, is measured in e2e/test_learn.py."""

from __future__ import annotations

from playwright.sync_api import Browser

from iriri_core.pictures.finger import FINGER

from .site import poll, sized_watch, state, wait_for_person
from .test_play import QUIET_MS, link, open_game

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
