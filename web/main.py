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

from iriri_core import GameError, Seat, Table, game_names, get_game
from iriri_core.links import Snapshot, parse_options
from iriri_core.match import default_seats

SLICE = 0.02
"""Seconds a bot thinks before the browser gets control back."""

PACE = 0.45
"""Seconds between a move and a bot's reply, so people can follow the game."""

SAVED = "iriri.match"
"""Where the site keeps the Iriri match in the browser's storage; a match of
another game goes under this key, a dot and the game's name."""

GAME = "iriri.game"
"""The game played last, which the site opens with."""

PREVIOUS = "iriri.match.previous"
"""Where the game in progress goes when a link opens another one."""

DAMAGED = "iriri.match.damaged."
"""Saved matches that could not be read are kept under this prefix and a
timestamp, so they can be downloaded; none is ever overwritten."""

EMBEDDED = document.documentElement.getAttribute("data-embed") == "1"

table = Table("iriri", [Seat("human"), Seat("bot", "medium")], pace=PACE)
ui = window.IririUI
bots: asyncio.Task[None] | None = None
last_saved = ""
unsaved_told = False


def storage() -> Any:
    """The browser's local storage, or None where it is blocked."""
    try:
        store = window.localStorage
        store.getItem(SAVED)
    except Exception:  # blocked: private windows, third-party frames
        return None
    return store


def saved_key(game: str) -> str:
    """Where a match of ``game`` is kept."""
    return SAVED if game == "iriri" else f"{SAVED}.{game}"


def save() -> None:
    """Keep the match in storage (only on the site, never for a figure); if
    the browser will not keep it, say so once."""
    global last_saved, unsaved_told
    if EMBEDDED or table.figure:
        return
    text = table.snapshot().to_json()
    if text == last_saved:
        return
    store = storage()
    try:
        store.setItem(saved_key(table.game.name), text)
        store.setItem(GAME, table.game.name)
        last_saved = text
    except Exception:  # blocked, or full: the game goes on, unsaved
        if not unsaved_told:
            unsaved_told = True
            table.error(
                "This browser does not let the page save the game, so a reload would lose it: "
                "Share ▸ Save as a file keeps it."
            )


def keep(store: Any, key: str, text: str) -> bool:
    """Store ``text``; False if the browser refuses."""
    try:
        store.setItem(key, text)
    except Exception:
        return False
    return True


def damaged_saves(store: Any) -> list[str]:
    """Every damaged save kept, oldest first."""
    keys = sorted(str(store.key(i)) for i in range(store.length) if str(store.key(i)).startswith(DAMAGED))
    return [str(store.getItem(key)) for key in keys]


def set_aside(store: Any, game: str, saved: str, problem: GameError) -> list[str]:
    """Move a save of ``game`` that cannot be read among the damaged saves
    (so it is never overwritten); returns what the player must be told."""
    where = "kept" if keep(store, DAMAGED + str(int(window.Date.now())), saved) else "not kept (storage full)"
    store.removeItem(saved_key(game))
    ui.offerDamaged(json.dumps(damaged_saves(store)))
    return [f"Your saved game could not be read ({problem}); it is {where}, to download from Share."]


def saved_match(store: Any, game: str) -> tuple[Snapshot | None, list[str]]:
    """The saved match of ``game``, if there is one and it replays, and what
    the player must be told."""
    saved = store.getItem(saved_key(game))
    if not saved:
        return None, []
    try:
        snapshot = Snapshot.from_json(saved)
        snapshot.record.replay()
    except GameError as exc:
        return None, set_aside(store, game, saved, exc)
    return snapshot, []


def resume(store: Any, game: str) -> list[str]:
    """Put back the saved match of ``game``, if there is one; returns what
    the player must be told."""
    saved = store.getItem(saved_key(game))
    if not saved:
        return []
    try:
        table.load(Snapshot.from_json(saved))  # replays it, once
    except GameError as exc:
        return set_aside(store, game, saved, exc)
    return []


def in_progress(snapshot: Snapshot) -> bool:
    """Whether ``snapshot`` is a game that has begun and is not over."""
    if not snapshot.record.moves:
        return False
    state = snapshot.record.replay()[snapshot.cursor]
    return not get_game(snapshot.record.game).is_over(state)


def start() -> list[str]:
    """Open the game played last and put its saved match back; returns what
    the player must be told."""
    store = None if EMBEDDED else storage()
    if store is None:
        return []
    game = store.getItem(GAME)
    if game in game_names() and game != table.game.name:
        table.new_game(default_seats(), game=game)
    notes = resume(store, table.game.name)
    damaged = damaged_saves(store)
    if damaged and not notes:  # (a save just set aside has offered them already)
        ui.offerDamaged(json.dumps(damaged))
    previous = store.getItem(PREVIOUS)
    if previous:
        ui.offerPrevious(previous)
    return notes


def forget_previous(text: str) -> None:
    """The player went back to the game they had: it is the saved game now."""
    store = storage()
    if store is not None and store.getItem(PREVIOUS) == text:
        store.removeItem(PREVIOUS)


def open_link(fragment: str) -> list[str]:
    """Follow a link's options; returns what the player must be told.  A game
    in progress that the link replaces (the one on the table, or the saved
    match of the link's game when that is another game) is kept, to go back
    to from Share."""
    if not fragment.strip("#"):
        return []
    before: Snapshot | None = table.snapshot()
    if not EMBEDDED:  # the link is used once: a reload resumes the game from storage
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
    try:
        table.apply(parse_options(fragment))
    except GameError as exc:
        return [f"This link could not be opened: {exc}."]
    store = None if EMBEDDED else storage()
    if store is None:
        return []
    notes: list[str] = []
    if before is not None and before.record.game != table.game.name:
        before, notes = saved_match(store, table.game.name)  # the save that the link's game replaces
    if (
        before
        and in_progress(before)
        and before != table.snapshot()
        and keep(store, PREVIOUS, before.to_json())
    ):
        ui.offerPrevious(before.to_json())
        notes.append("The game you had is kept: Share ▸ Back to the game I had.")
    return notes


def on_hash_change(*_: Any) -> None:
    """A link pasted into an open tab changes only the fragment."""
    notes = open_link(str(window.location.hash))
    if notes:
        table.error(" ".join(notes))
    show(table.view())


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
    event = json.loads(event_json)
    store = None if EMBEDDED else storage()
    if event.get("type") == "game" and isinstance(event.get("name"), str) and store is not None:
        if table.switch(event["name"]):
            notes = resume(store, table.game.name)  # the match of that game played before, if any
            if notes:
                table.error(" ".join(notes))
        view = table.view()
    else:
        view = table.handle(event)
    if event.get("type") == "import" and view["message"] is None:
        forget_previous(event["text"])
    save()
    if view["state"]["thinking"] and (bots is None or bots.done()):
        bots = asyncio.ensure_future(run_bots())
    return json.dumps(view)


notes = start() + open_link(str(window.location.hash))
if notes:
    table.error(" ".join(notes))
window.addEventListener("hashchange", create_proxy(on_hash_change))
ui.connect(create_proxy(handle))
