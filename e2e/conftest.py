"""Fixtures for the end-to-end tests: the built site served on 127.0.0.1,
Chromium driven by Playwright, and checks made on every page load."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from _pytest.nodeid import NodeId
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from .site import TEST_GAMES, SiteWatch, built_site, fixture_games_known, launch, serve, sized_watch


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
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
    if getattr(config.option, "loadgroup", False):  # a pytest-xdist worker under --dist loadgroup
        for item in items:
            group_by_id(item)


def group_by_id(item: pytest.Item) -> None:
    """Put an ``xdist_group`` mark's name at the end of the test's id, which
    is how ``--dist loadgroup`` sends a group to one worker. pytest-xdist
    3.8 does it by writing ``item._nodeid``, which pytest 9 no longer reads
    (it keeps the id in ``item._id``): without this, the wiki's tests were
    spread over every worker, and each worker set up a wiki of its own."""
    names = sorted(
        {
            str(m.args[0] if m.args else m.kwargs.get("name", "default"))
            for m in item.iter_markers("xdist_group")
        }
    )
    suffix = "@" + "_".join(names)
    if names and not item.nodeid.endswith(suffix):
        item._id = NodeId.parse(item.nodeid + suffix)
        assert item.nodeid.endswith(suffix), f"pytest no longer keeps a test's id in _id: {item.nodeid}"


@pytest.fixture(scope="session")
def user_site() -> Iterator[str]:
    """The base URL of dist/, built first unless build.py just built it."""
    with serve() as url:
        yield url


@pytest.fixture(scope="session")
def games_site() -> Iterator[str]:
    """The base URL of the test build, dist-games/ (the site and the fixture
    games), built first unless build.py just built it."""
    with serve(built_site(games=True)) as url:
        yield url


@pytest.fixture
def site(request: pytest.FixtureRequest) -> Iterator[str]:
    """The base URL of the site a test opens: dist/, or, for a test of a
    fixture game (its ``game`` or ``game_name`` parameter, from
    :data:`EVERY_GAME`), the test build that holds it, the fixture games
    then known to this process for the test (:func:`fixture_games_known`)."""
    callspec = getattr(request.node, "callspec", None)
    params = callspec.params if callspec is not None else {}
    game = params.get("game", params.get("game_name"))
    if game in TEST_GAMES:
        url: str = request.getfixturevalue("games_site")
        with fixture_games_known():
            yield url
    else:
        yield request.getfixturevalue("user_site")


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
