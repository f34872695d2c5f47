"""The page's only Python module that touches the browser (docs/page.md).

Events arrive from web/ui.js as JSON text; the table (iriri_core.match.Table)
handles them and the new view goes back as JSON text.  While a bot is to
move, or a hint is being worked out, a loop lets it think in short slices and
hands control back to the browser between slices, so the page never freezes.

On the site the match is saved in the browser's storage after every change
and put back on the next visit; a link's options (a shared game, a figure)
come in the URL's fragment.  An embed (embed.html) takes its options from the
fragment too, and saves nothing, so it never touches the site's own game.
"""

import asyncio
import json
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from iriri_core import GameError, Seat, Table
from iriri_core.links import Snapshot, parse_options

SLICE = 0.02
"""Seconds a bot thinks before the browser gets control back."""

PACE = 0.45
"""Seconds between a move and a bot's reply, so people can follow the game."""

SAVED = "iriri.match"
"""Where the site keeps the match in the browser's storage."""

DAMAGED = "iriri.match.damaged"
"""Where a saved match that could not be read is kept, so it can be exported."""

EMBEDDED = document.documentElement.getAttribute("data-embed") == "1"

table = Table("iriri", [Seat("human"), Seat("bot", "medium")], pace=PACE)
ui = window.IririUI
bots: asyncio.Task[None] | None = None
last_saved = ""


def storage() -> Any:
    """The browser's local storage, or None where it is blocked."""
    try:
        store = window.localStorage
        store.getItem(SAVED)
    except Exception:  # blocked: private windows, third-party frames
        return None
    return store


def save() -> None:
    """Keep the match in storage (only on the site, never for a figure)."""
    global last_saved
    if EMBEDDED or table.figure:
        return
    text = table.snapshot().to_json()
    store = storage()
    if store is None or text == last_saved:
        return
    try:
        store.setItem(SAVED, text)
        last_saved = text
    except Exception:  # full: the game goes on, unsaved
        return


def start() -> None:
    """Put the saved match back, then follow the link's options if any; any
    problem is told to the player and the game they had stays."""
    notes = []
    store = None if EMBEDDED else storage()
    saved = store.getItem(SAVED) if store is not None else None
    if store is not None and saved:
        try:
            table.load(Snapshot.from_json(saved))
        except GameError as exc:
            store.setItem(DAMAGED, saved)
            store.removeItem(SAVED)
            ui.offerDamaged(saved)
            notes.append(f"Your saved game could not be read ({exc}); it is kept, to download from the menu.")
    fragment = str(window.location.hash)
    if fragment.strip("#"):
        try:
            table.apply(parse_options(fragment))
        except GameError as exc:
            notes.append(f"This link could not be opened: {exc}.")
        if not EMBEDDED:  # the link has done its work: a reload resumes the game from storage
            window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
    if notes:
        table.error(" ".join(notes))


async def run_bots() -> None:
    """Let bots move until a person is to move; show each move as it lands.
    If a bot fails (a bug), say so rather than think for ever."""
    shown = table.generation
    try:
        while (wait := table.advance(budget=SLICE)) is not None:
            if table.generation != shown:
                shown = table.generation
                show(table.view())
            await asyncio.sleep(wait)
    except Exception as exc:  # shown to the player, not hidden
        table.thinking = table.hinting = None
        table.error(f"a bot failed ({exc!r}); undo, or start a new game")
        shown = -1
    if table.generation != shown:
        show(table.view())


def show(view: dict[str, Any]) -> None:
    """Save, then paint a view that comes without an event (a bot's move)."""
    save()
    ui.render(json.dumps(view))


def handle(event_json: str) -> str:
    """One event from the page in, the new view out."""
    global bots
    view = table.handle(json.loads(event_json))
    save()
    if view["state"]["thinking"] and (bots is None or bots.done()):
        bots = asyncio.ensure_future(run_bots())
    return json.dumps(view)


start()
ui.connect(create_proxy(handle))
