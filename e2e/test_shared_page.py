"""The started page a worker lends to one test after another (e2e/shared.py)
carries nothing from one test to the next: the first case changes all it
can (moves, another game, a setting, a save kept aside, the storage, a
dialog and a menu left open, the URL's fragment, the focus and the scroll);
the next finds the same page (the same document: not started again) and
it is as a freshly started page is, the deal aside. At the desktop's size
of ``page`` and the phone's of ``both``; the cases of one size run in
order on one worker (``xdist_group``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .shared import FINGERPRINT, SAVED, SharedTable, lent, shared_size
from .site import SiteWatch, open_dialog, poll, start_game, state, wait_ready

pytestmark = pytest.mark.xdist_group("shared_page")

KINDS = ["desktop", "phone"]
MARK = "window.sharedPageMark"
"""Set by the first case on the page's window: the next finds it on the same document."""
changed: set[str] = set()
"""The sizes whose first case ran in this process."""


@pytest.fixture(params=KINDS)
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def shared(kind: str, shared_tables: dict[str, SharedTable]) -> Iterator[Page]:
    yield from lent(shared_tables[kind])


def test_1_a_test_changes_all_it_can(shared: Page, kind: str) -> None:
    page = shared
    page.evaluate(f"{MARK} = 1")
    start_game(page, ["human", "human"], seed=11)
    page.click("#actions button")
    poll(page, "window.iriri.state().record.moves.length === 1")
    page.click("#game-buttons-list button[data-game=pyrinoes]")  # another game, a target score of 50
    poll(page, "window.iriri.state().game === 'pyrinoes'")
    open_dialog(page, "new")
    page.select_option("#setting-target", "50")
    page.select_option("#seat-1", "human")
    page.click("#new-form button[type=submit]")
    poll(page, "document.getElementById('score-label').textContent === 'Match (to 50)'")
    page.evaluate("location.hash = '#game=hextris&seats=human,easy'")  # a link into the open tab
    poll(page, "window.iriri.state().game === 'hextris' && location.hash === ''")
    page.evaluate(
        """async () => {
          localStorage.setItem("left-behind", "1");
          sessionStorage.setItem("left-behind", "1");
          await caches.open("left-behind");
        }"""
    )
    page.fill("#move-input", "hello")
    page.evaluate("window.scrollTo(0, 200)")
    open_dialog(page, "learn")  # left open
    assert state(page)["game"] == "hextris"
    changed.add(kind)


def fresh_fingerprint(browser: Browser, site: str, kind: str) -> tuple[dict[str, Any], list[str]]:
    """A freshly started page's :data:`FINGERPRINT` and storage keys, at ``kind``'s size."""
    viewport, phone = shared_size(kind)
    watch = SiteWatch(browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone), site)
    page = watch.open()
    poll(page, SAVED)
    keys: list[str] = page.evaluate("Object.keys(localStorage).sort()")
    fingerprint: dict[str, Any] = page.evaluate(FINGERPRINT)
    watch.context.close()
    watch.assert_clean()
    return fingerprint, keys


def test_2_the_next_finds_the_same_page_as_fresh(
    shared: Page, kind: str, browser: Browser, site: str
) -> None:
    if kind not in changed:
        pytest.skip("the first case ran in another process (run the file with --dist loadgroup)")
    page = shared
    assert page.evaluate(MARK) == 1, "the same page, not started again"
    wait_ready(page)
    fresh, keys = fresh_fingerprint(browser, site, kind)
    assert page.evaluate(FINGERPRINT) == fresh
    assert page.evaluate("Object.keys(localStorage).sort()") == keys
    assert page.evaluate("sessionStorage.length") == 0
    assert "left-behind" not in page.evaluate("caches.keys()")
    assert page.evaluate("document.querySelectorAll('dialog[open]').length") == 0
    data = state(page)
    assert data["game"] == "iriri" and data["record"]["moves"] == [] and data["cursor"] == 0
    assert data["seats"] == [{"kind": "human"}, {"kind": "bot", "level": "medium"}]
    assert page.evaluate("location.hash") == ""
