"""The page's only Python module that touches the browser (docs/page.md).

Events arrive from the page (web/ui/) as JSON text; the table (iriri_core.table.table.Table)
handles them and the new view goes back as JSON text.  While a bot is to
move, or a hint is being worked out, a loop lets it think in short slices and
hands control back to the browser between slices, so the page never freezes.

On the site the match is saved in the browser's storage after every change
and put back on the next visit; a link's options (a shared game, a figure)
come in the URL's fragment.  An embed (embed.html) takes its options from the
fragment too, and saves nothing, so it never touches the site's own game.
"""

import asyncio
import base64
import contextlib
import json
from dataclasses import replace
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from iriri_core import Table
from iriri_core.by_links.check import checking, signed_record
from iriri_core.by_links.crypto.steps import Running
from iriri_core.by_links.table import FriendTable
from iriri_core.pictures import figures, packed
from iriri_core.pictures.packed import PictureFile
from iriri_core.seats import default_seats
from iriri_core.site.contract import FIRST_GAME, NAMESPACE
from iriri_core.site.saves import GAME, Shelf, StorageRefused
from iriri_core.site.storage import FRIENDS
from iriri_core.table import views
from iriri_core.table.events import new_game_problem

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


table = Table(FIRST_GAME, default_seats(), pace=PACE)  # dealt at random (boot.mjs reseeds after the snapshot)
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


shelf = Shelf(table, None if EMBEDDED else BrowserStore(), PageOffers(), lambda: float(window.Date.now()))
"""The storage rules (iriri_core.site.saves); an embed saves nothing, so it never
touches the site's own game."""

friends = FriendTable(
    table,
    None if EMBEDDED else shelf.store,
    lambda: float(window.Date.now()) / 1000,
    str(window.location.origin) + str(window.location.pathname),
    defer=True,
)
"""The games with friends by links (iriri_core.by_links.table): kept by
themselves, so that the table's own saves never hold one; an embed keeps
none.  The deal's long arithmetic is left to :func:`run_friend_work`."""

dealing: asyncio.Task[None] | None = None
checked: asyncio.Task[None] | None = None


def dressed(view: dict[str, Any]) -> str:
    """A view with what the storage and the games with friends add, as JSON
    text (made again where the person's moves went to the game with a friend)."""
    if friends.sync():
        view = table.view()
    return json.dumps(friends.dress(shelf.dress(view)))


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
    if friends.playing:  # (a game with a friend is kept with its blocks: friends.save)
        return
    if view is not None and shelf.save(view):
        show_again()  # the player is told that the game is not being saved, or no longer
    timed("save", start)


def show_again() -> None:
    """Paint the table's view again, with what the storage has to say."""
    ui.render(dressed(table.view()))


def on_storage(event: Any) -> None:
    """Another tab of the site stored something (a ``storage`` event)."""
    if event.key and str(event.key) == FRIENDS:
        if friends.stored_elsewhere():
            show_again()
        return
    if friends.playing:  # (the game on the table is kept with its blocks, not in the tab's saves)
        return
    if shelf.stored_elsewhere(
        str(event.key) if event.key else None, str(event.newValue) if event.newValue else None
    ):
        show_again()


def open_link(fragment: str) -> list[str]:
    """Follow a link's options (iriri_core.site.saves.Shelf.open_link); the link
    is used once: a reload resumes the game from storage."""
    if not fragment.strip("#"):
        return []
    if not EMBEDDED:
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
    by_links = None if EMBEDDED else friends.open_link(fragment)
    return shelf.open_link(fragment) if by_links is None else by_links


def on_hash_change(*_: Any) -> None:
    """A link pasted into an open tab changes only the fragment: opened in
    this task, shown in the next (a link to a friend's game is checked and
    replayed first, which is enough for one task)."""
    start = window.performance.now()
    notes = open_link(str(window.location.hash))
    timed("open link", start)
    if notes:
        table.error(" ".join(notes), lasting=True)
    asyncio.get_event_loop().call_soon(show_opened)


def show_opened() -> None:
    start = window.performance.now()
    view = table.view()
    show(view)
    let_bots_act(view)
    let_friends_work()
    timed("show", start)


async def run_bots() -> None:
    """Let bots move until a person is to move; show each move as it lands.
    If a bot fails (a bug), say so rather than think for ever."""
    shown = table.generation
    try:
        while True:
            start = window.performance.now()
            wait = table.advance(budget=SLICE)
            timed("think", start)
            if wait is None:
                break
            if table.generation != shown:
                await asyncio.sleep(0)  # the view in a task of its own, after the thinking's
                start = window.performance.now()
                shown = table.generation
                show(table.view())
                timed("show", start)
            await asyncio.sleep(wait)
    except Exception as exc:  # shown to the player, not hidden
        table.runner.stop()
        table.error(f"a bot failed ({exc!r}); undo, or start a new game")
        shown = -1
    if table.generation != shown:
        show(table.view())


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
    while (waiting := friends.work()) is not None:
        running = waiting.running()
        try:
            await in_slices(running, "deal")
            waiting.keep(running)
        except Exception as exc:  # (a proof that fails: kept, and said where it is asked for)
            waiting.fail(exc)
        await asyncio.sleep(0)  # (each of the three below in a task of its own)
        start = window.performance.now()
        notes = friends.worked()
        if notes:
            table.error(" ".join(notes), lasting=True)
        timed("open link", start)
        await asyncio.sleep(0)
        start = window.performance.now()
        friends.save()
        timed("save", start)
        await asyncio.sleep(0)
        start = window.performance.now()
        show(table.view())
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
    if friends.work() is not None and (dealing is None or dealing.done()):
        dealing = asyncio.ensure_future(run_friend_work())


def let_bots_act(view: dict[str, Any]) -> None:
    """Where ``view`` has a bot or the dealer to act, let them, unless they are already at it."""
    global bots
    if view["state"]["thinking"] and (bots is None or bots.done()):
        bots = asyncio.ensure_future(run_bots())


def show(view: dict[str, Any]) -> None:
    """Paint a view that comes without an event (a bot's move), and save it."""
    save_soon(view)
    ui.render(dressed(view))


def handle(event_json: str) -> str:
    """One event from the page in, the new view out."""
    start = window.performance.now()
    event = json.loads(event_json)
    view = table.view() if isinstance(event, dict) and friends.handle(event) else shelf.handle(event)
    save_soon(view)
    let_bots_act(view)
    text = dressed(view)
    let_friends_work()
    timed("event", start)
    return text


saved_files: list[PictureFile] = []
"""The pictures last drawn as files, for ``bundle`` to pack."""


def export(request_json: str) -> str:
    """What the page asks for beside the view (web/ui/state.js, ``ask``), as JSON:
    ``state``, the game for scripts and host pages (iriri_core.table.views.full_state);
    ``record``, the game record as far as the table shows it; ``share``, its
    share code; ``drops``, where a drag ``from`` a piece may end;
    ``review``, the scene, status and players' table after ``move`` moves,
    to look at (nobody acts; with ``coached``, a move of the coach's list,
    both moves marked: iriri_core.pictures.figures.review); ``new-problem``, what is wrong with the new
    game ``event`` the dialog is about to send, in the table's words
    ("" for nothing), so the dialog says it and keeps what was chosen;
    ``picture``, the picture code of the move shown, as the game to play on; ``figure``, the
    pictures of a figure from the move shown; ``files``, the move shown
    (with ``all``, every move) as files for a wiki, with the wikitext that
    shows them (their PNG files, and their SVG files); ``bundle``, those
    files as a ZIP (in base64), with the ``pngs`` the page drew (name to
    base64) and the gallery's wikitext."""
    global saved_files
    request = json.loads(request_json)
    kind, cursor = request["kind"], table.cursor
    if kind == "state":
        return json.dumps(views.full_state(table.sight()))
    if kind == "record" and friends.playing and friends.side is not None:  # signed by both browsers
        return json.dumps(signed_record(friends.side))
    if kind == "check":  # a record of a game by links to check, in slices (run_check)
        global checked
        if checked is not None and not checked.done():
            checked.cancel()
        checked = asyncio.ensure_future(run_check(str(request["text"])))
        return json.dumps({"started": True})
    if kind == "record":
        record = table.record()
        return replace(record, moves=record.moves[:cursor]).to_json()
    if kind == "share":
        return json.dumps({"code": table.snapshot().to_code()})
    if kind == "picture":
        return json.dumps({"code": figures.picture_code(table, range(cursor, cursor + 1), figure=False)})
    if kind == "figure":
        return json.dumps({"code": figures.figure_picture(table, cursor)})
    if kind == "friend-draft":  # a new game with a friend: its invitation's body, to sign
        return json.dumps(friends.draft(request))
    if kind == "friend-block":  # the block due in the game with a friend, to sign
        return json.dumps(friends.block_body())
    if kind == "friend-backup":  # every game with a friend, for a backup file (web/ui/backup.js)
        return json.dumps(friends.backup())
    if kind == "new-problem":  # (the table checks the event again when it comes)
        return json.dumps({"problem": new_game_problem(request["event"], table.game.name)})
    if kind == "drops":  # where a piece being dragged may go
        return json.dumps({"targets": table.drops(str(request["from"]))})
    if kind == "review":  # a move of the list, read-only
        move = request["move"]
        if not isinstance(move, int) or not 0 <= move <= table.history.length:
            return json.dumps({"error": f"there is no move {move} in this game"})
        return json.dumps(figures.review(table, move, coached=request.get("coached") is True))
    if kind == "files":
        moves = range(table.history.length + 1) if request.get("all") else range(cursor, cursor + 1)
        saved_files = figures.picture_files(table, moves)
        listed = [{"name": f.name, "scene": f.scene, "svg": f.svg, "caption": f.caption} for f in saved_files]
        wikitext = {extension: packed.wikitext(saved_files, extension) for extension in ("png", "svg")}
        return json.dumps({"files": listed, "wikitext": wikitext})
    contents: dict[str, bytes] = {}
    for file in saved_files:
        contents[f"{file.name}.svg"] = file.svg.encode()
        contents[f"{file.name}.png"] = base64.b64decode(request["pngs"][file.name])
    contents["gallery.txt"] = packed.wikitext(saved_files).encode()
    return json.dumps({"zip": base64.b64encode(packed.bundle(contents)).decode()})


notes = shelf.start()
if friends.current and not str(window.location.hash).strip("#"):
    friends.show(friends.current)  # the game with a friend shown last, back on the table
notes += open_link(str(window.location.hash))
if notes:
    table.error(" ".join(notes), lasting=True)
window.addEventListener("hashchange", create_proxy(on_hash_change))
window.addEventListener("storage", create_proxy(on_storage))
document.getElementById("discard-damaged-button").addEventListener(
    "click", create_proxy(lambda *_: shelf.discard_damaged())
)
ui.connect(create_proxy(handle), create_proxy(export))
let_friends_work()
