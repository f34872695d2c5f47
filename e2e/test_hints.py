"""Hints on the page (issue 22, item 1), in every game, at a 1280x800 desktop
and on a 390x844 phone with touch: press Hint, wait for it, then do what the
table marks (the ring numbered 1 in ``window.iriri.scene()``, tapped where it
is on the screen, or the button the hint outlines) until the move is played;
it is the move the hint names.  Then a second hint, played by Play it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from iriri_core.pictures.drawing import HINT

from .site import BOARD, SiteWatch, poll, rings, state, text, wait_for_person
from .test_play import GAMES, link, open_game, tap_at


def ring_one(page: Page) -> dict[str, Any] | None:
    """Where the hint's ring numbered 1 is on the page (its centre), or None."""
    return next((ring for ring in rings(page, HINT) if not ring["dashed"]), None)


def to_act(page: Page) -> None:
    """Wait for the person's turn: past the bot, a round's end, the roll."""
    for _ in range(5):
        wait_for_person(page, timeout=60)
        if page.is_visible("#next-round-button"):
            page.click("#next-round-button")
        elif page.is_visible("#roll-button"):
            length = state(page)["length"]
            page.click("#roll-button")
            poll(page, f"window.iriri.state().length > {length}")
        else:
            return


def ask_hint(page: Page) -> str:
    """Press Hint and wait until the hint is shown (Play it appears); the
    move it names, as the Play by text list writes it."""
    page.click("#hint-button")
    poll(page, "!document.getElementById('play-hint-button').hidden", timeout=90)
    message = text(page, "#message")
    assert message.startswith("Hint: ") and (". Tap " in message or ". Press " in message), message
    summary = message.removeprefix("Hint: ").split(". ")[0]
    actions = page.eval_on_selector_all(
        "#actions button", "bs => bs.map(b => [b.textContent, b.dataset.move])"
    )
    named = [move for label, move in actions if label == summary]
    assert named, f"the hint {summary!r} is not among the legal moves"
    return str(named[0])


def follow(page: Page) -> list[str]:
    """Tap what the hint's ring 1 marks, or press the button it outlines,
    until the move is played; what was done, in order."""
    length, done = state(page)["length"], []
    for _ in range(12):
        message = text(page, "#message")
        page.locator(BOARD).scroll_into_view_if_needed()
        point = ring_one(page)
        if point is not None:
            on_canvas = "(p) => document.elementFromPoint(p.x, p.y) === document.getElementById('canvas')"
            if not page.evaluate(on_canvas, point):  # under the bar that stays in view: scroll to it
                size = page.viewport_size
                assert size
                page.evaluate("(y) => window.scrollBy(0, y)", point["y"] - size["height"] / 2)
                point = ring_one(page)
                assert point and page.evaluate(on_canvas, point), "the ring cannot be brought into view"
            tap_at(page, point)
            done.append("ring")
        else:
            button = page.locator(".controls button.hinted")
            assert button.count() == 1, f"nothing is marked: {message}"
            done.append(button.text_content() or "")
            button.click()
        changed = (
            f"window.iriri.state().length > {length} || "
            f"document.getElementById('message').textContent !== {message!r}"
        )
        poll(page, changed)
        assert not page.eval_on_selector("#message", "m => !m.classList.contains('news') && m.textContent"), (
            f"refused: {text(page, '#message')}"
        )
        if state(page)["length"] > length:
            return done
    raise AssertionError(f"no move after {done}")


@pytest.mark.parametrize("game", GAMES)
def test_tapping_what_the_hint_marks_plays_the_hinted_move_and_play_it_plays_one(
    both: SiteWatch, game: str
) -> None:
    page = open_game(both, link(game, "human,easy"))
    to_act(page)
    hinted = ask_hint(page)
    assert page.is_disabled("#hint-button")
    length = state(page)["length"]
    done = follow(page)
    played = state(page)["moves"][length]  # (the bot may have moved since)
    assert played == hinted, f"{done} played another move than {hinted}"
    assert page.is_hidden("#play-hint-button") and not page.locator(".controls button.hinted").count()
    to_act(page)
    hinted = ask_hint(page)
    length = state(page)["length"]
    page.click("#play-hint-button")
    poll(page, f"window.iriri.state().length > {length}")
    assert state(page)["moves"][length] == hinted
