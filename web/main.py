"""The page's only Python module that touches the browser (docs/page.md).

Events arrive from the page (web/ui/) as JSON text; the page's one front
object (iriri_core.front.Front) handles them and the new view goes back as
JSON text (docs/routes.md).  While a bot is to
move, or a hint is being worked out, a loop lets it think in short slices and
hands control back to the browser between slices, so the page never freezes.

On the site the match is saved in the browser's storage after every change
and put back on the next visit; a link's options (a shared game, a figure)
come in the URL's fragment.  An embed (embed.html) takes its options from the
fragment too, and saves nothing, so it never touches the site's own game.
"""

import asyncio
import contextlib
import json
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from iriri_core import Table
from iriri_core.by_links.check import checking
from iriri_core.by_links.crypto.steps import Running
from iriri_core.front import Front
from iriri_core.seats import default_seats
from iriri_core.site.contract import FIRST_GAME, NAMESPACE
from iriri_core.site.saves import GAME, StorageRefused

SLICE = 0.02
"""Seconds a bot thinks before the browser gets control back."""

PACE = 0.45
"""Seconds between a move and a bot's reply, so people can follow the game."""

EMBEDDED = document.documentElement.getAttribute("data-embed") == "1"

PROFILE = getattr(window, f"{NAMESPACE}Profile", None)
"""Where the bench (e2e/bench.py) asks for it, a list that gets the name,
start and end (``performance.now()``) of each piece of Python's work: a
slice of thinking, a bot's move shown, a save, an event."""


def timed(name: str, start: float) -> None:
    """Note Python's work called ``name`` since ``start``, where the page is profiled."""
    if PROFILE is not None:
        PROFILE.push(name, start, window.performance.now())


ui = window.pageUI
bots: asyncio.Task[None] | None = None


class BrowserStore:
    """The browser's local storage as iriri_core.site.saves uses it; where it is
    blocked (private windows, third-party frames), it keeps nothing."""

    def __init__(self) -> None:
        try:
            self.local: Any = window.localStorage
            self.local.getItem(GAME)
        except Exception:  # blocked
            self.local = None

    def get(self, key: str) -> str | None:
        try:
            text = self.local.getItem(key)
        except Exception:
            return None
        return str(text) if text else None  # (JavaScript's null comes as jsnull, which is false)

    def set(self, key: str, text: str) -> None:
        try:
            self.local.setItem(key, text)
        except Exception as exc:  # full (QuotaExceededError), or blocked
            raise StorageRefused(str(exc)) from None

    def remove(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self.local.removeItem(key)

    def keys(self) -> list[str]:
        try:
            return [str(self.local.key(i)) for i in range(self.local.length)]
        except Exception:
            return []


class PageOffers:
    """What the page offers beside the view (web/ui/kept.js), and the Share
    menu's button that discards the damaged saves."""

    def offer_damaged(self, texts: list[str]) -> None:
        if texts:
            ui.offerDamaged(json.dumps(texts))
        document.getElementById("damaged-button").hidden = not texts
        document.getElementById("discard-damaged-button").hidden = not texts

    def offer_previous(self, text: str, banner: bool) -> None:
        ui.offerPrevious(text, banner)

    def forget_previous(self) -> None:
        ui.forgetPrevious()


front = Front(
    Table(FIRST_GAME, default_seats(), pace=PACE),  # dealt at random (boot.mjs reseeds after the snapshot)
    None if EMBEDDED else BrowserStore(),
    PageOffers(),
    lambda: float(window.Date.now()),
    str(window.location.origin) + str(window.location.pathname),
    defer=True,
)
"""The one object this page talks to (iriri_core.front): the table, its
saves (an embed saves nothing, so it never touches the site's own game)
and the games with friends by links (the deal's long arithmetic left to
:func:`run_friend_work`)."""

dealing: asyncio.Task[None] | None = None
checked: asyncio.Task[None] | None = None

unsaved_view: dict[str, Any] | None = None
"""The latest view, until it is saved (in a task of its own, right after the move's)."""


def save_soon(view: dict[str, Any]) -> None:
    """Save in the next task, so that a move's task (the move, its view, the
    page's rendering) stays short; of several views shown meanwhile, the
    last is saved."""
    global unsaved_view
    if unsaved_view is None:
        asyncio.get_event_loop().call_soon(save_latest)
    unsaved_view = view


def save_latest() -> None:
    global unsaved_view
    start = window.performance.now()
    view, unsaved_view = unsaved_view, None
    if view is not None and front.save(view):
        show_again()  # the player is told that the game is not being saved, or no longer
    timed("save", start)


def show_again() -> None:
    """Paint the view again, with what the storage has to say."""
    ui.render(json.dumps(front.view()))


def on_storage(event: Any) -> None:
    """Another tab of the site stored something (a ``storage`` event)."""
    key, text = str(event.key) if event.key else None, str(event.newValue) if event.newValue else None
    if front.stored_elsewhere(key, text):
        show_again()


def forget_link() -> None:
    """A link is used once: a reload resumes the game from storage."""
    if not EMBEDDED and str(window.location.hash).strip("#"):
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))


def on_hash_change(*_: Any) -> None:
    """A link pasted into an open tab changes only the fragment: opened in
    this task, shown in the next (a link to a friend's game is checked and
    replayed first, which is enough for one task)."""
    start = window.performance.now()
    fragment = str(window.location.hash)
    forget_link()
    front.open_link(fragment)
    timed("open link", start)
    asyncio.get_event_loop().call_soon(show_opened)


def show_opened() -> None:
    start = window.performance.now()
    view = show()
    let_bots_act(view)
    let_friends_work()
    timed("show", start)


async def run_bots() -> None:
    """Let bots move until a person is to move; show each move as it lands.
    If a bot fails (a bug), say so rather than think for ever."""
    shown = front.generation
    try:
        while True:
            start = window.performance.now()
            wait = front.advance(SLICE)
            timed("think", start)
            if wait is None:
                break
            if front.generation != shown:
                await asyncio.sleep(0)  # the view in a task of its own, after the thinking's
                start = window.performance.now()
                shown = front.generation
                show()
                timed("show", start)
            await asyncio.sleep(wait)
    except Exception as exc:  # shown to the player, not hidden
        front.failed(exc)
        shown = -1
    if front.generation != shown:
        show()


async def in_slices(running: Running[Any], name: str) -> None:
    """Run ``running`` to its end a slice at a time, the browser getting
    control back between slices, as the bots think (``name``: the bench's
    name for the work)."""
    while True:
        start = window.performance.now()
        done = running.run_for(SLICE)
        timed(name, start)
        if done:
            return
        await asyncio.sleep(0)


async def run_friend_work() -> None:
    """Do the long arithmetic of a game by links (a deal by both browsers: a
    shuffle proved or checked, a hand read, a round's audit) in slices;
    then open again the link that waited for it, and show the view."""
    while (waiting := front.friend_work()) is not None:
        running = waiting.running()
        try:
            await in_slices(running, "deal")
            waiting.keep(running)
        except Exception as exc:  # (a proof that fails: kept, and said where it is asked for)
            waiting.fail(exc)
        await asyncio.sleep(0)  # (each of the three below in a task of its own)
        start = window.performance.now()
        front.friend_worked()
        timed("open link", start)
        await asyncio.sleep(0)
        start = window.performance.now()
        front.keep_friends()
        timed("save", start)
        await asyncio.sleep(0)
        start = window.performance.now()
        show()
        timed("show", start)
        await asyncio.sleep(0)


async def run_check(text: str) -> None:
    """Check a record of a game by links (Check a game, web/ui/check.js) in
    slices, then show what the check says."""
    running = Running(checking(text))
    await in_slices(running, "check")
    ui.showCheck(json.dumps(running.result))


def let_friends_work() -> None:
    """Where a game by links waits for its arithmetic, do it, unless it is already being done."""
    global dealing
    if front.friend_work() is not None and (dealing is None or dealing.done()):
        dealing = asyncio.ensure_future(run_friend_work())


def let_bots_act(view: dict[str, Any]) -> None:
    """Where ``view`` has a bot or the dealer to act, let them, unless they are already at it."""
    global bots
    if view["state"]["thinking"] and (bots is None or bots.done()):
        bots = asyncio.ensure_future(run_bots())


def show() -> dict[str, Any]:
    """Paint the view when no event came (a bot's move), save it, and return it."""
    view = front.view()
    save_soon(view)
    ui.render(json.dumps(view))
    return view


def handle(event_json: str) -> str:
    """One event from the page in, the new view out."""
    start = window.performance.now()
    view = front.handle(json.loads(event_json))
    save_soon(view)
    let_bots_act(view)
    text = json.dumps(view)
    let_friends_work()
    timed("event", start)
    return text


def export(request_json: str) -> str:
    """What the page asks for beside the view (web/ui/state.js, ``ask``), as
    JSON (iriri_core.front.Front.ask): ``state``, the game for scripts and
    host pages (iriri_core.table.views.full_state); ``record``, the game record as
    far as the table shows it; ``share``, its share code; ``drops``, where a
    drag ``from`` a piece may end; ``review``, the scene, status and
    players' table after ``move`` moves, to look at (nobody acts; with
    ``coached``, a move of the coach's list, both moves marked:
    iriri_core.pictures.figures.review); ``new-problem``, what is wrong with the new
    game ``event`` the dialog is about to send, in the table's words ("" for
    nothing), so the dialog says it and keeps what was chosen; ``picture``,
    the picture code of the move shown, as the game to play on; ``figure``,
    the pictures of a figure from the move shown; ``files``, the move shown
    (with ``all``, every move) as files for a wiki, with the wikitext that
    shows them (their PNG files, and their SVG files); ``bundle``, those
    files as a ZIP (in base64), with the ``pngs`` the page drew (name to
    base64) and the gallery's wikitext; ``check``, a record of a game by
    links checked in slices (:func:`run_check`)."""
    request = json.loads(request_json)
    if request["kind"] == "check":
        global checked
        if checked is not None and not checked.done():
            checked.cancel()
        checked = asyncio.ensure_future(run_check(str(request["text"])))
        return json.dumps({"started": True})
    answer = front.ask(request)
    return answer if isinstance(answer, str) else json.dumps(answer)


fragment = str(window.location.hash)
forget_link()
front.start(fragment)
window.addEventListener("hashchange", create_proxy(on_hash_change))
window.addEventListener("storage", create_proxy(on_storage))
document.getElementById("discard-damaged-button").addEventListener(
    "click", create_proxy(lambda *_: front.shelf.discard_damaged())
)
ui.connect(create_proxy(handle), create_proxy(export))
let_friends_work()
