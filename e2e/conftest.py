"""Fixtures for the end-to-end tests: the built site served on 127.0.0.1,
Chromium driven by Playwright, and checks made on every page load.

- ``site``, ``browser``: the served site and Chromium, one per worker.
- ``watch``: a fresh watched context of a desktop's size (1200x820); after
  the test, no request to another host, no console error, no failed request.
- ``page``: a page of ``watch`` with the game loaded; in a test marked
  ``shared_page`` (and that takes no ``watch``), the worker's started page
  instead, put back as a fresh page (storage cleared, a new table of the
  first game: e2e/shared.py) and watched for that test alone
  (``IRIRI_SHARED_PAGE=0`` in the environment: a page of ``watch`` anyway).
  ``phone_page``: the same at the phone's size of ``both``.
- ``both``: a watched context at a desktop's size, or a phone's with touch.

The terminal summary ends with the page starts of the run (Python started
by a page of the site: e2e/shared.py, PageStarts), by test file."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator

import pytest
from _pytest.nodeid import NodeId
from _pytest.terminal import TerminalReporter
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from .shared import PageStarts, SharedTable, counting, lent, shared_size
from .site import TEST_GAMES, SiteWatch, built_site, fixture_games_known, launch, serve, sized_watch

STARTS = PageStarts()
"""This process's page starts."""
STARTED_BEFORE = pytest.StashKey[int]()
PAGE_STARTS = "page_starts"
"""A test's page starts, in its teardown report's ``user_properties``."""
by_file: Counter[str] = Counter()
"""Page starts by test file, as the reports tell them (under pytest-xdist, in the controller)."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "shared_page: the page fixture is the worker's started page, reset (e2e/shared.py)"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[STARTED_BEFORE] = STARTS.count


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    if call.when == "teardown":  # (the teardown report is made after the test's fixtures are gone)
        started = STARTS.count - item.stash.get(STARTED_BEFORE, STARTS.count)
        item.user_properties.append((PAGE_STARTS, started))
    return (yield)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "teardown":
        for name, value in report.user_properties:
            if name == PAGE_STARTS:
                by_file[report.nodeid.split("::")[0]] += int(str(value))


def pytest_terminal_summary(terminalreporter: TerminalReporter) -> None:
    if by_file:
        files = ", ".join(f"{name} {count}" for name, count in sorted(by_file.items()) if count)
        terminalreporter.write_line(f"page starts: {by_file.total()} ({files})")


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
    browser = counting(launch(playwright), STARTS)
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


@pytest.fixture(scope="session")
def shared_tables(browser: Browser, user_site: str) -> Iterator[dict[str, SharedTable]]:
    """The worker's started pages of dist/, one per viewport kind (e2e/shared.py)."""

    def maker(kind: str) -> SharedTable:
        viewport, phone = shared_size(kind)
        make = lambda: SiteWatch(  # noqa: E731
            browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone), user_site
        )
        return SharedTable(make)

    tables = {kind: maker(kind) for kind in ("desktop", "phone")}
    yield tables
    for table in tables.values():
        table.close()


@pytest.fixture
def page(request: pytest.FixtureRequest) -> Iterator[Page]:
    """A watched page with the game loaded and ready: of ``watch``, or in a
    test marked ``shared_page``, the worker's started page, fresh."""
    if request.node.get_closest_marker("shared_page") is None or os.environ.get("IRIRI_SHARED_PAGE") == "0":
        watch: SiteWatch = request.getfixturevalue("watch")
        yield watch.open()
        return
    assert "watch" not in request.fixturenames, "a test with a page of its watch's context cannot share one"
    yield from lent(request.getfixturevalue("shared_tables")["desktop"])


@pytest.fixture
def phone_page(shared_tables: dict[str, SharedTable]) -> Iterator[Page]:
    """The worker's started page at the phone's size of ``both`` (390x844, touch), fresh."""
    yield from lent(shared_tables["phone"])


@pytest.fixture(params=["desktop", "phone"])
def both(request: pytest.FixtureRequest, browser: Browser, site: str) -> Iterator[SiteWatch]:
    """A watched context at 1280x800, or at 390x844 with touch."""
    watch = sized_watch(browser, site, request.param)
    yield watch
    watch.context.close()
    watch.assert_clean()
