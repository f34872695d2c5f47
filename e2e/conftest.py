"""Fixtures for the end-to-end tests: the built site served on 127.0.0.1,
Chromium driven by Playwright, and checks made on every page load."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from .site import SiteWatch, launch, serve, sized_watch


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """The base URL of dist/, built first unless build.py just built it."""
    with serve() as url:
        yield url


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = launch(playwright)
    yield browser
    browser.close()


@pytest.fixture
def watch(browser: Browser, site: str) -> Iterator[SiteWatch]:
    """A fresh browser context whose pages are watched: after the test there
    must have been no request to another host, no console error and no
    failed request."""
    context = browser.new_context(viewport={"width": 1200, "height": 820})
    watch = SiteWatch(context, site)
    yield watch
    context.close()
    watch.assert_clean()


@pytest.fixture
def page(watch: SiteWatch) -> Page:
    """A watched page with the game loaded and ready."""
    return watch.open()


@pytest.fixture(params=["desktop", "phone"])
def both(request: pytest.FixtureRequest, browser: Browser, site: str) -> Iterator[SiteWatch]:
    """A watched context at 1280x800, or at 390x844 with touch."""
    watch = sized_watch(browser, site, request.param)
    yield watch
    watch.context.close()
    watch.assert_clean()
