"""A started page shared by the tests that only need a fresh table, and a
count of page starts.

A page start (Chromium starting Python for a document of the site) costs
about 3.5 core-seconds, most of an end-to-end test's time. A test marked
``shared_page`` that takes the ``page`` fixture (conftest.py) gets, instead
of a page of its own, the page its worker started once for its viewport,
put back as a fresh page is between tests (:meth:`SharedTable.reset`):
every dialog and menu closed, the browser's storage cleared (local and
session storage, IndexedDB, the caches), and a new table of the first game
with a person against a medium bot, by the game picker, as a person with
no saved games gets it. After the reset, the page must look as it looked
when it was freshly started (:data:`FINGERPRINT`, the deal aside); where it
does not, or where the test left the page in a way a reset does not undo
(another document loaded, another tab opened, the page closed), the page
is closed and the next test starts one afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Request, ViewportSize

from iriri_core.site.storage import GAME

from .site import READY, SETTLED, SiteWatch, poll, wait_ready

SNAPSHOT = "/pyodide/snapshot.br.bin"
"""The first file every start of Python on the page fetches (web/boot.mjs)."""


class PageStarts:
    """How many times a page of the site started Python: counted from the
    requests of a page (not of a service worker) for :data:`SNAPSHOT`,
    in every context made by the session's browser (conftest.py)."""

    def __init__(self) -> None:
        self.count = 0

    def watch(self, context: BrowserContext) -> BrowserContext:
        """Count the page starts of ``context``; returns it."""
        context.on("page", lambda page: page.on("request", self._request))
        for page in context.pages:
            page.on("request", self._request)
        return context

    def _request(self, request: Request) -> None:
        if request.url.endswith(SNAPSHOT):
            self.count += 1


def counting(browser: Browser, starts: PageStarts) -> Browser:
    """``browser``, every context it makes counted by ``starts``."""
    make = browser.new_context

    def new_context(*args: Any, **options: Any) -> BrowserContext:
        return starts.watch(make(*args, **options))

    browser.new_context = new_context  # type: ignore[method-assign]
    return browser


FIRST_GAME = "iriri"
"""The game a fresh page shows (iriri_core.site.contract.FIRST_GAME)."""
DETOUR = "hextris"
"""The game picked on the way back to a new table of the first game (the
picker does nothing for the game already on the table)."""

FINGERPRINT = """() => {
  const REFILLED = /^(player-count(-label|-fixed)?|seat-[0-9]+|seed-(input|label)|setting-.*|new-error)$/;
  const seen = (node) => node.offsetParent !== null || getComputedStyle(node).position === "fixed";
  const nodes = [...document.querySelectorAll("[id]")]
    .filter((node) => !node.closest("#rules-dialog") && !REFILLED.test(node.id));
  const state = window.iriri.state();
  return {
    url: location.href,
    html: [...document.documentElement.attributes].map((a) => `${a.name}=${a.value}`).sort(),
    shown: nodes.filter(seen).map((node) => node.id),
    hidden: nodes.filter((node) => node.hidden).map((node) => node.id),
    open: [...document.querySelectorAll("dialog[open], details[open]")].map((node) => node.id),
    disabled: nodes.filter((node) => node.disabled).map((node) => node.id),
    pressed: [...document.querySelectorAll("[aria-pressed=true]")]
      .map((node) => node.id || node.dataset.game),
    values: [...document.querySelectorAll("input, textarea, select")]
      .filter((node) => !REFILLED.test(node.id))
      .map((node) => `${node.id}=${node.type === "checkbox" ? node.checked : node.value}`),
    texts: ["status", "message", "preview", "last-move", "game-title", "score-label", "moves", "lesson"]
      .map((id) => document.getElementById(id)).filter(Boolean)
      .map((node) => `${node.id}=${node.textContent}`),
    focus: document.activeElement ? document.activeElement.id || document.activeElement.tagName : null,
    scroll: [scrollX, scrollY],
    size: [innerWidth, innerHeight],
    game: state.game,
    seats: state.seats,
    moves: state.record ? state.record.moves : state.moves,
    cursor: state.cursor,
    over: state.over,
    thinking: state.thinking,
    review: window.iriri.review(),
    keyTarget: window.iriri.keyTarget(),
    motion: window.iriri.motion().moving,
    local: Object.keys(localStorage).sort(),
    session: Object.keys(sessionStorage).sort(),
  };
}"""
"""What a fresh page shows that a test could change and a reset must put
back, the deal aside (a new table is dealt at random): the URL, the
page's attributes, which of its parts are shown, hidden, open, disabled
or pressed, what the fields hold, the table's words, the focus, the
scroll, the game and its seats, moves and cursor, and the keys in the
browser's storage. The New game dialog's count of players, seats,
settings, seed and error are left out: the dialog fills them in each time
it opens (web/ui/newgame.js, openNewGame)."""

STORED = "local_storage,indexeddb,cache_storage"
"""What the browser clears of a site's data for :meth:`SharedTable.reset`,
as a person clearing the site's data does (session storage aside: the
page clears that)."""

SAVED = f"!window.iriri.state().thinking && localStorage.getItem({GAME!r}) === window.iriri.state().game"
"""JS: nobody thinking, and the table's game saved as the game played last."""


class SharedTable:
    """The started page of one worker for one viewport kind, lent to one
    test at a time (:meth:`lend`, :meth:`take_back`); ``make`` makes its
    watched context."""

    def __init__(self, make: Callable[[], SiteWatch]) -> None:
        self.make = make
        self.watch: SiteWatch | None = None
        self.page: Page | None = None
        self.fresh: dict[str, Any] = {}
        """The page's :data:`FINGERPRINT` when it had just started."""
        self.stored: dict[str, str] = {}
        """The page's local storage when it had just started."""
        self.documents = 0
        """Documents loaded in the page (one, until a test loads another)."""

    def lend(self) -> Page:
        """The started page, fresh, its watch reset for the test."""
        if self.page is None:
            self.watch = self.make()
            page = self.page = self.watch.context.new_page()
            page.on("domcontentloaded", self._loaded)
            try:
                page.goto(self.watch.site)
                wait_ready(page)
                poll(page, SAVED)
                self.fresh = page.evaluate(FINGERPRINT)
                self.stored = page.evaluate("({...localStorage})")
            except Exception:  # (not lent half started)
                self.close()
                raise
        assert self.watch is not None
        self.watch.problems.clear()
        self.watch.allowed_errors.clear()
        return self.page

    def _loaded(self, _: Page) -> None:
        self.documents += 1

    def reusable(self) -> bool:
        """Whether the test left nothing a reset cannot undo: the page open,
        the one document it started with, no other tab."""
        return (
            self.page is not None
            and self.watch is not None
            and not self.page.is_closed()
            and self.documents == 1
            and self.watch.context.pages == [self.page]
        )

    def take_back(self) -> None:
        """After a test: put the page back as fresh, or close it where that
        cannot be done; the events of the reset count as the test's (its
        watch is checked after this)."""
        try:
            kept = self.reusable() and self.reset() == self.fresh
        except Exception:  # (a page a test left broken: a new one for the next test)
            kept = False
        if not kept:
            self.close()

    def reset(self) -> dict[str, Any]:
        """Put the page back as a freshly started one (see the module's
        docstring); returns its :data:`FINGERPRINT`."""
        assert self.page is not None and self.watch is not None
        page, context = self.page, self.watch.context
        page.unroute_all()
        context.set_offline(False)
        for _ in range(6):  # a dialog over a dialog, a menu: Escape closes each, as a person does
            if not page.evaluate("document.querySelector('dialog[open], details[open]:not(#mirror-box)')"):
                break
            page.keyboard.press("Escape")
            page.evaluate("document.querySelector('details[open]:not(#mirror-box)')?.removeAttribute('open')")
        poll(page, "!window.iriri.state().thinking")
        self.clear_storage()
        page.evaluate("window.pageUI.forgetPrevious()")  # (the game kept aside: gone with the storage)
        if page.evaluate("window.iriri.state().game") == FIRST_GAME:
            page.click(f"#game-buttons-list button[data-game={DETOUR}]")
            poll(page, f"window.iriri.state().game === {DETOUR!r}")
            poll(page, SAVED)
            self.clear_storage()
        page.click(f"#game-buttons-list button[data-game={FIRST_GAME}]")
        poll(page, f"window.iriri.state().game === {FIRST_GAME!r} && {SAVED}")
        # What a tab's start writes (the welcomes, iriri_core.learn.progress), as the fresh page wrote it:
        page.evaluate(
            "(stored) => { for (const [k, v] of Object.entries(stored)) if (localStorage.getItem(k) === null)"
            " localStorage.setItem(k, v); }",
            self.stored,
        )
        page.fill("#move-input", "")
        poll(page, SETTLED)
        page.evaluate("document.activeElement?.blur(); window.scrollTo(0, 0)")
        page.wait_for_selector(READY, state="attached")
        fingerprint: dict[str, Any] = page.evaluate(FINGERPRINT)
        return fingerprint

    def clear_storage(self) -> None:
        """Clear the site's storage: the browser's (DevTools' Storage.clearDataForOrigin), and the tab's."""
        assert self.page is not None and self.watch is not None
        origin = self.watch.site.rstrip("/")
        session = self.watch.context.new_cdp_session(self.page)
        try:
            session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORED})
        finally:
            session.detach()
        self.page.evaluate("sessionStorage.clear()")

    def close(self) -> None:
        if self.watch is not None:
            self.watch.context.close()
        self.watch = self.page = None
        self.documents = 0


def shared_size(kind: str) -> tuple[ViewportSize, bool]:
    """The viewport of a shared page, and whether it is a phone's with touch:
    the ``watch`` fixture's desktop, or the phone of ``both``."""
    if kind == "desktop":
        return ViewportSize(width=1200, height=820), False
    return ViewportSize(width=390, height=844), True


def lent(table: SharedTable) -> Iterator[Page]:
    """``table``'s page for one test (a fixture's body); after the test, put
    back, and its watch checked for what happened during the test and the
    reset."""
    page = table.lend()
    watch = table.watch
    assert watch is not None
    yield page
    table.take_back()
    watch.assert_clean()
