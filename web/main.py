"""The page's only Python module that touches the browser (docs/page.md).

Events arrive from web/ui.js as JSON text; the table (iriri_core.table.Table)
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
import json
from dataclasses import replace
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from iriri_core import GameError, Table, figures, game_names, get_game, pictures, views
from iriri_core.events import event_problem
from iriri_core.history import History
from iriri_core.links import Snapshot, parse_options
from iriri_core.pictures import PictureFile, Step
from iriri_core.saves import DAMAGED, GAME, PICTURE, PREVIOUS, SAVED, saved_key
from iriri_core.seats import default_seats

SLICE = 0.02
"""Seconds a bot thinks before the browser gets control back."""

PACE = 0.45
"""Seconds between a move and a bot's reply, so people can follow the game."""

EMBEDDED = document.documentElement.getAttribute("data-embed") == "1"

PROFILE = getattr(window, "iririProfile", None)
"""Where the bench (e2e/bench.py) asks for it, a list that gets the name,
start and end (``performance.now()``) of each piece of Python's work: a
slice of thinking, a bot's move shown, a save, an event."""


def timed(name: str, start: float) -> None:
    """Note Python's work called ``name`` since ``start``, where the page is profiled."""
    if PROFILE is not None:
        PROFILE.push(name, start, window.performance.now())


table = Table("iriri", default_seats(), pace=PACE)  # dealt at random (boot.mjs reseeds after the snapshot)
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
    if view is not None:
        save(view)
    timed("save", start)


def save(view: dict[str, Any]) -> None:
    """Keep the match, and the picture of ``view``, in storage (only on the
    site, never for a figure); if the browser will not keep it, say so once."""
    global last_saved, unsaved_told
    if EMBEDDED or table.figure:
        return
    text = table.snapshot().to_json()
    if text == last_saved:
        return
    store = storage()
    try:
        store.removeItem(PICTURE)  # never a picture of another game than the one saved
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
        return
    if table.game.hidden_information:  # the next visit's picture shows no one's hand
        scene, status = figures.draw(table, range(table.cursor, table.cursor + 1), table.size, figure=False)[
            0
        ]
        step = Step(scene.to_json(), status)
    else:
        step = Step(view["scene"], view["status"])
    keep(
        store,
        PICTURE,
        pictures.pack(table.game.name, table.presenter.label, [step], table.cursor, len(table.moves)),
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
    store.removeItem(PICTURE)
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
    """Whether ``snapshot`` is a game that has begun (a seat has moved: a
    deal alone is not a game begun) and is not over."""
    if not snapshot.record.moves:
        return False
    game = get_game(snapshot.record.game)
    history = History.replay(game, snapshot.record, snapshot.cursor)
    return history.begun(game) and not game.is_over(history.state)


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


def forget_previous(store: Any, text: str) -> None:
    """If ``text`` is the game kept before, the player went back to it: it
    is the saved game now, and there is nothing to go back to."""
    if store.getItem(PREVIOUS) == text:
        store.removeItem(PREVIOUS)
        ui.forgetPrevious()


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
        options = parse_options(fragment)
        table.apply(options)
    except GameError as exc:
        return [f"This link could not be opened: {exc}."]
    notes = [f"{note}; the game is as the link has it." for note in options.notes]
    store = None if EMBEDDED else storage()
    if store is None:
        return notes
    kept, problems = keep_replaced(store, before, banner=False)
    notes += problems
    if kept:
        notes.append("The game you had is kept: Share ▸ Back to the game I had.")
    return notes


def keep_replaced(store: Any, before: Snapshot | None, banner: bool) -> tuple[bool, list[str]]:
    """Keep the game in progress that the one now on the table replaces, to
    go back to (offered in Share, and with ``banner`` in a line at the top):
    the game that was on the table or, where the table went over to another
    game, the saved match of that game (the game left keeps its own save).
    Returns whether a game was kept, and what the player must be told."""
    notes: list[str] = []
    if before is not None and before.record.game != table.game.name:
        before, notes = saved_match(store, table.game.name)
    if before is None or not in_progress(before) or before == table.snapshot():
        return False, notes
    text = before.to_json()
    if not keep(store, PREVIOUS, text):
        return False, [*notes, "The game you had could not be kept: this browser's storage is full."]
    ui.offerPrevious(text, banner)
    return True, notes


def on_hash_change(*_: Any) -> None:
    """A link pasted into an open tab changes only the fragment."""
    notes = open_link(str(window.location.hash))
    if notes:
        table.error(" ".join(notes), lasting=True)
    view = table.view()
    show(view)
    let_bots_act(view)


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


def let_bots_act(view: dict[str, Any]) -> None:
    """Where ``view`` has a bot or the dealer to act, let them, unless they are already at it."""
    global bots
    if view["state"]["thinking"] and (bots is None or bots.done()):
        bots = asyncio.ensure_future(run_bots())


def show(view: dict[str, Any]) -> None:
    """Paint a view that comes without an event (a bot's move), and save it."""
    save_soon(view)
    ui.render(json.dumps(view))


def start_new(event: dict[str, Any], store: Any) -> dict[str, Any]:
    """A new game, or a game opened from a record (a file, or the game kept
    before); one in progress that it replaces is kept, to go back to."""
    before, figure = table.snapshot(), table.figure
    view = table.handle(event)
    if view["message"] is not None or store is None:
        return view
    if event["type"] == "import":
        forget_previous(store, event["text"])
    _, notes = keep_replaced(store, None if figure else before, banner=True)
    if notes:
        table.error(" ".join(notes), lasting=True)
        view = table.view()
    return view


def handle(event_json: str) -> str:
    """One event from the page in, the new view out."""
    start = window.performance.now()
    event = json.loads(event_json)
    store = None if EMBEDDED else storage()
    if event.get("type") == "game" and isinstance(event.get("name"), str) and store is not None:
        if table.switch(event["name"]):
            notes = resume(store, table.game.name)  # the match of that game played before, if any
            if notes:
                table.error(" ".join(notes), lasting=True)
        view = table.view()
    elif event.get("type") in ("new", "import") and not event_problem(event):
        view = start_new(event, store)
    else:
        view = table.handle(event)
    save_soon(view)
    let_bots_act(view)
    text = json.dumps(view)
    timed("event", start)
    return text


saved_files: list[PictureFile] = []
"""The pictures last drawn as files, for ``bundle`` to pack."""


def export(request_json: str) -> str:
    """What the page asks for beside the view (web/ui.js, ``ask``), as JSON:
    ``state``, the game for scripts and host pages (iriri_core.views.full_state);
    ``record``, the game record as far as the table shows it; ``share``, its
    share code; ``drops``, where a drag ``from`` a piece may end;
    ``review``, the scene and status after ``move`` moves, to
    look at (nobody acts); ``picture``, the picture code of the move shown,
    as the game to play on; ``figure``, the
    pictures of a figure from the move shown; ``files``, the move shown
    (with ``all``, every move) as files for a wiki, with the wikitext that
    shows them; ``bundle``, those files as a ZIP (in base64), with the
    ``pngs`` the page drew (name to base64) and the gallery's wikitext."""
    global saved_files
    request = json.loads(request_json)
    kind, cursor = request["kind"], table.cursor
    if kind == "state":
        return json.dumps(views.full_state(table.sight()))
    if kind == "record":
        record = table.record()
        return replace(record, moves=record.moves[:cursor]).to_json()
    if kind == "share":
        return json.dumps({"code": table.snapshot().to_code()})
    if kind == "picture":
        return json.dumps({"code": figures.picture_code(table, range(cursor, cursor + 1), figure=False)})
    if kind == "figure":
        return json.dumps({"code": figures.figure_picture(table, cursor)})
    if kind == "drops":  # where a piece being dragged may go
        return json.dumps({"targets": table.drops(str(request["from"]))})
    if kind == "review":  # a move of the list, read-only
        move = request["move"]
        if not isinstance(move, int) or not 0 <= move <= table.history.length:
            return json.dumps({"error": f"there is no move {move} in this game"})
        [(scene, status)] = figures.draw(table, range(move, move + 1), table.size)
        return json.dumps({"scene": scene.to_json(), "status": status})
    if kind == "files":
        moves = range(table.history.length + 1) if request.get("all") else range(cursor, cursor + 1)
        saved_files = figures.picture_files(table, moves)
        listed = [{"name": f.name, "scene": f.scene, "svg": f.svg, "caption": f.caption} for f in saved_files]
        return json.dumps({"files": listed, "wikitext": pictures.wikitext(saved_files)})
    contents: dict[str, bytes] = {}
    for file in saved_files:
        contents[f"{file.name}.svg"] = file.svg.encode()
        contents[f"{file.name}.png"] = base64.b64decode(request["pngs"][file.name])
    contents["gallery.txt"] = pictures.wikitext(saved_files).encode()
    return json.dumps({"zip": base64.b64encode(pictures.bundle(contents)).decode()})


notes = start() + open_link(str(window.location.hash))
if notes:
    table.error(" ".join(notes), lasting=True)
window.addEventListener("hashchange", create_proxy(on_hash_change))
ui.connect(create_proxy(handle), create_proxy(export))
