"""Fixtures for the end-to-end tests: the built site served on 127.0.0.1,
Chromium driven by Playwright, and checks made on every page load."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from .site import SiteWatch, launch, serve, sized_watch


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start the longest tests first: the browser and Node tests marked slow
    (the engine's tests in Pyodide, every screenshot), then the other browser
    tests, then the CPython tests marked slow, then the rest. Under
    pytest-xdist the many short tests at the end keep every worker busy until
    the last one ends, instead of one worker running a long test alone at the
    end (the wiki's tests, one group, go first anyway: ``--dist loadgroup``
    starts the largest group first). The order is stable within each kind,
    and nothing is left out."""

    def rank(item: pytest.Item) -> int:
        browser = item.nodeid.startswith("e2e/")
        slow = item.get_closest_marker("slow") is not None
        return {(True, True): 0, (True, False): 1, (False, True): 2}.get((browser, slow), 3)

    items.sort(key=rank)


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
