"""The game embedded in another site's page: it loads whether or not the
browser lets a third-party frame use storage, tells its host page what
happens, takes commands from it, and shows a bad option as a readable error
inside the frame.

The host page is served on ``localhost`` and the game on ``127.0.0.1``: two
sites, so the frame is a cross-site one, as on a wiki."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Playwright

from .site import SiteWatch, build, chromium_path, host_server, poll, wait_ready, write_host_page

STORAGE = "(() => { try { localStorage.length; return 'open' } catch { return 'blocked' } })()"
"""Whether the frame may use storage."""


@pytest.fixture
def host(site: str) -> Iterator[tuple[str, Path]]:
    """A host page's server on another site (localhost), and its folder."""
    with host_server() as (url, folder):
        yield url.replace("127.0.0.1", "localhost"), folder


def host_page(host: tuple[str, Path], site: str, fragment: str) -> str:
    url, folder = host
    write_host_page(folder, site, fragment)
    return url


def game_frame(page: Page) -> Frame:
    frame = page.locator("#game").element_handle().content_frame()
    assert frame is not None
    return frame


def events(page: Page, kind: str) -> list[Any]:
    found: list[Any] = page.evaluate(f"window.events.filter((e) => e.event === '{kind}')")
    return found


def play_in_the_frame(page: Page) -> None:
    """The frame is ready and says so; the host plays a move by message, the
    frame reports it; then the host plays on to the end and hears of it."""
    frame = game_frame(page)
    wait_ready(frame)
    poll(page, "window.events.some((e) => e.event === 'ready')")
    ready = events(page, "ready")[0]
    assert ready["source"] == "iriri" and ready["state"]["game"] == "iriri"
    first = frame.eval_on_selector("#actions button", "b => b.dataset.move")
    page.evaluate("(text) => window.command({command: 'move', text})", first)
    poll(page, "window.events.some((e) => e.event === 'move')")
    assert events(page, "move")[0]["move"] == first
    page.evaluate("window.command({command: 'dance'})")
    poll(page, "window.events.some((e) => e.event === 'error')")
    for _ in range(300):
        if frame.evaluate("window.iriri.state().over"):
            break
        move = frame.eval_on_selector("#actions button", "b => b.dataset.move")
        page.evaluate("(text) => window.command({command: 'move', text})", move)
        poll(frame, "!window.iriri.state().thinking")
    poll(page, "window.events.some((e) => e.event === 'gameover')")
    assert "win" in events(page, "gameover")[0]["result"]


def embed_and_play(context: BrowserContext, site: str, host: tuple[str, Path], storage: str) -> None:
    """Open the host page in ``context``; the frame's storage must be
    ``storage`` ("open" or "blocked"); then play the game through the frame."""
    watch = SiteWatch(context, site, also=(host[0],))
    page = context.new_page()
    page.goto(host_page(host, site, "seats=human,human&seed=3"))
    assert game_frame(page).evaluate(STORAGE) == storage
    play_in_the_frame(page)
    page.close()
    watch.assert_clean()


def test_embedded_where_third_party_storage_is_blocked(
    browser: Browser, site: str, host: tuple[str, Path]
) -> None:
    """Playwright's default context blocks storage in cross-site frames:
    PyScript would hang on IndexedDB, so the page gives it one in memory."""
    context = browser.new_context()
    embed_and_play(context, site, host, "blocked")
    context.close()


@pytest.fixture
def persistent(playwright: Playwright, tmp_path: Path) -> Iterator[BrowserContext]:
    """A browser profile that lets cross-site frames use storage: a
    persistent context, with Chromium's third-party cookie phase-out (on by
    default in Chromium 156, measured) switched off."""
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=chromium_path(),
        args=[*build.CHROMIUM_FLAGS, "--disable-features=TrackingProtection3pcd"],
        headless=True,
    )
    yield context
    context.close()


def test_embedded_where_third_party_storage_is_allowed(
    persistent: BrowserContext, site: str, host: tuple[str, Path]
) -> None:
    embed_and_play(persistent, site, host, "open")


def test_a_bad_option_shows_a_readable_error_inside_the_frame(
    browser: Browser, site: str, host: tuple[str, Path]
) -> None:
    context = browser.new_context()
    watch = SiteWatch(context, site, also=(host[0],))
    page = context.new_page()
    page.goto(host_page(host, site, "seats=human,wizard"))
    frame = game_frame(page)
    wait_ready(frame)
    message = frame.text_content("#message") or ""
    assert "This link could not be opened" in message and "'wizard' is not a seat" in message
    assert frame.is_visible("#canvas") and frame.is_visible("#full-link")
    context.close()
    watch.assert_clean()


def test_a_figure_steps_through_a_record_and_refuses_moves(
    browser: Browser, site: str, host: tuple[str, Path]
) -> None:
    context = browser.new_context()
    page = context.new_page()
    from iriri_core import Seat, Table

    table = Table("iriri", [Seat("human"), Seat("human")], seed=7)
    for _ in range(6):
        table.handle({"type": "move", "text": table.view()["actions"][0]["move"]})
    code = table.snapshot().to_code()
    page.goto(host_page(host, site, f"record={code}&mode=figure&step=2"))
    frame = game_frame(page)
    wait_ready(frame)
    assert "Move 2 of 6" in (frame.text_content("#status") or "")
    assert frame.text_content("#redo-button") == "Next" and frame.is_hidden("#hint-button")
    frame.click("#redo-button")
    assert "Move 3 of 6" in (frame.text_content("#status") or "")
    frame.click("#undo-button")
    frame.click("#undo-button")
    assert "Move 1 of 6" in (frame.text_content("#status") or "")
    page.evaluate("window.command({command: 'move', text: 'pass'})")
    poll(frame, "document.getElementById('message').textContent.includes('this is a figure')")
    context.close()
