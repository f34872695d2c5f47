"""The page's only Python module that touches the browser (docs/page.md).

Events arrive from web/ui.js as JSON text; the table (iriri_core.match.Table)
handles them and the new view goes back as JSON text.  While a bot is to
move, or a hint is being worked out, a loop lets it think in short slices and
hands control back to the browser between slices, so the page never freezes.
"""

import asyncio
import json

from pyodide.ffi import create_proxy
from pyscript import window

from iriri_core import Seat, Table

SLICE = 0.02
"""Seconds a bot thinks before the browser gets control back."""

PACE = 0.45
"""Seconds between a move and a bot's reply, so people can follow the game."""

table = Table("iriri", [Seat("human"), Seat("bot", "medium")], pace=PACE)
ui = window.IririUI
bots: asyncio.Task[None] | None = None


async def run_bots() -> None:
    """Let bots move until a person is to move; show each move as it lands.
    If a bot fails (a bug), say so rather than think for ever."""
    shown = table.generation
    try:
        while (wait := table.advance(budget=SLICE)) is not None:
            if table.generation != shown:
                shown = table.generation
                ui.render(json.dumps(table.view()))
            await asyncio.sleep(wait)
    except Exception as exc:  # shown to the player, not hidden
        table.thinking = table.hinting = None
        table.error(f"a bot failed ({exc!r}); undo, or start a new game")
        shown = -1
    if table.generation != shown:
        ui.render(json.dumps(table.view()))


def handle(event_json: str) -> str:
    """One event from the page in, the new view out."""
    global bots
    view = table.handle(json.loads(event_json))
    if view["state"]["thinking"] and (bots is None or bots.done()):
        bots = asyncio.ensure_future(run_bots())
    return json.dumps(view)


ui.connect(create_proxy(handle))
