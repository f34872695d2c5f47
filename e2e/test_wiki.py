"""The game on a real MediaWiki (Debian's 1.39, with SQLite, on 127.0.0.1)
through the routes docs/embedding.md gives, with its exact lines: the
template with the site's JavaScript, and raw HTML, under the documented
Content-Security-Policy. The game is served on another site (localhost), as
it would be from GitHub Pages.

A page with five frames shows all five pictures without starting Python;
a frame the reader starts becomes ready and plays a move; no host but the
two is contacted, and no frame says loading is taking long."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Frame, Page, Position

from . import wiki
from .site import SiteWatch, poll, press_play, state

pytestmark = pytest.mark.xdist_group("wiki")
"""Under pytest-xdist (``--dist loadgroup``), this file's tests run in one
worker, which sets up one wiki for them (in its own folder, at a free port)."""


@pytest.fixture(scope="module")
def game_site(site: str) -> str:
    """The game, on another site than the wiki's (localhost, not 127.0.0.1)."""
    return site.replace("127.0.0.1", "localhost")


@pytest.fixture(scope="module")
def rules_page(game_site: str) -> Iterator[tuple[str, str]]:
    """A wiki set up as the documentation says, with a rules page of five
    games: three through the template, two as raw HTML. Yields the wiki's
    address and the page's."""
    reason = wiki.available()
    if reason:
        if os.environ.get("IRIRI_REQUIRE_WIKI"):
            pytest.fail(f"the wiki test must run here, but {reason}")
        pytest.skip(f"no MediaWiki here ({reason}); .ci/run installs it")
    with wiki.documented_wiki(game_site) as (running, page_url):
        yield running.url, page_url


def frames(page: Page) -> list[Frame]:
    return [frame for frame in page.frames if "embed.html" in frame.url]


def test_a_page_of_five_games_shows_five_pictures_and_starts_none(
    browser: Browser, game_site: str, rules_page: tuple[str, str]
) -> None:
    wiki_url, page_url = rules_page
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    watch = SiteWatch(context, game_site, also=(wiki_url,))
    page = context.new_page()
    response = page.goto(page_url)
    policy = response.headers["content-security-policy"] if response else ""
    assert re.search(rf"default-src [^;]*{re.escape(game_site.rstrip('/'))}", policy), policy
    poll(page, "document.querySelectorAll('iframe').length === 5", timeout=30)
    titles = page.eval_on_selector_all("iframe", "fs => fs.map((f) => f.title)")
    assert all(titles) and len(set(titles)) == 5, f"every frame has its own accessible name: {titles}"
    for frame in page.frames:
        if frame != page.main_frame:
            frame.wait_for_selector("html[data-picture]", state="attached", timeout=30_000)
    shown = frames(page)
    assert len(shown) == 5
    for frame in shown:
        assert not frame.evaluate("window.iriri.canvasBlank()"), f"{frame.url[:80]} shows its picture"
        assert frame.get_attribute("html", "data-ready") is None
    resources = "performance.getEntriesByType('resource').map((r) => r.name)"
    requested = [name for frame in [page.main_frame, *shown] for name in frame.evaluate(resources)]
    assert not [name for name in requested if "pyodide" in name], "no frame started Python"
    page.context.close()
    watch.assert_clean()


def test_a_frame_the_reader_starts_plays_a_move(
    browser: Browser, game_site: str, rules_page: tuple[str, str]
) -> None:
    wiki_url, page_url = rules_page
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    watch = SiteWatch(context, game_site, also=(wiki_url,))
    page = context.new_page()
    page.add_init_script(
        "window.loadingTexts = [];"
        "addEventListener('DOMContentLoaded', () => { const w = document.getElementById('loading-words');"
        " if (w) new MutationObserver(() => window.loadingTexts.push(w.textContent))"
        ".observe(w, {childList: true, subtree: true, characterData: true}); });"
    )
    page.goto(page_url)
    poll(page, "document.querySelectorAll('iframe').length === 5", timeout=30)
    element = page.locator(f"iframe[title='{wiki.PLAY_TITLE}']")
    element.scroll_into_view_if_needed()
    frame = element.element_handle().content_frame()
    assert frame is not None
    press_play(frame)
    assert state(frame)["seats"][1] == {"kind": "bot", "level": "hard"}
    frame.click("#canvas", position=_target(frame, "hand:0:3"))
    frame.click("#canvas", position=_target(frame, "spot:a1"))
    poll(frame, "window.iriri.state().record.moves.length >= 1", timeout=30)
    assert state(frame)["record"]["moves"][0] == "L@a1"
    for each in frames(page):
        texts = each.evaluate("window.loadingTexts")
        assert not any("taking long" in t for t in texts), f"a false notice in {each.url[:80]}: {texts}"
    page.context.close()
    watch.assert_clean()


def _target(frame: Frame, target: str) -> Position:
    """Where ``target`` is on the frame's canvas, relative to the canvas."""
    point: Position = frame.evaluate(
        """(t) => {
          const p = window.iriri.targetPoint(t);
          const r = document.getElementById("canvas").getBoundingClientRect();
          return { x: p.x - r.left, y: p.y - r.top };
        }""",
        target,
    )
    return point
