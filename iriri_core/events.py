"""The events the page sends a table (docs/page.md), checked before the
table acts on them: their shape, and what a new game or an opened file
asks for.  Nothing here changes a table: each check returns what the event
asks, or, in words, what is wrong with it.

>>> event_problem({"type": "drag", "to": "cell:0,0"})
'a drag event needs from'
>>> new_game_asked({"type": "new", "seats": [{"kind": "human"}], "game": "hextris"}, "iriri")
'Hextris is for 2 to 3 players'
"""

from __future__ import annotations

import json
from typing import Any

from . import links
from .bots import bot_names
from .engine import get_game, players_text
from .links import Snapshot
from .presenter import presenter_for, settings_problem, table_games
from .records import Record
from .seats import Seat

EVENTS: dict[str, dict[str, tuple[type, ...]]] = {
    "resize": {"width": (int, float), "height": (int, float)},
    "new": {"seats": (list,)},
    "game": {"name": (str,)},
    "command": {"name": (str,)},
    "tap": {"target": (str, type(None))},
    "drag": {"from": (str,), "to": (str,)},
    "move": {"text": (str,)},
    "import": {"text": (str,)},
    "lesson": {"game": (str,), "lesson": (str,)},
}
"""Every event the page sends, with the type of each of its fields (docs/page.md)."""

TABLE_COMMANDS = (
    "undo",
    "redo",
    "hint",
    "play-hint",
    "draw",
    "accept",
    "decline",
    "reveal",
    "next-round",
    "coach",
)
"""The buttons every table has; the others are the game's own (its presenter's ``controls``)."""


def event_problem(event: Any) -> str:
    """What is wrong with the shape of ``event``, or "" if nothing."""
    if not isinstance(event, dict) or event.get("type") not in EVENTS:
        return f"an event has a type, one of {', '.join(EVENTS)}"
    for name, types in EVENTS[event["type"]].items():
        value = event.get(name)
        if not isinstance(value, types) or isinstance(value, bool):
            return f"a {event['type']} event needs {name}"
    return ""


def unknown_game(name: str) -> str:
    """What the person is told of a game there is not."""
    return f"there is no game called {name!r}; the games are: {', '.join(table_games())}"


def new_game_asked(
    event: dict[str, Any], current: str
) -> tuple[list[Seat], int | None, str, dict[str, int]] | str:
    """What a ``new`` event asks for (the game ``current`` where it names
    none): the seats, the seed, the game and its settings; or what is wrong
    with it, in words."""
    raw = event["seats"]
    name = event.get("game", current)
    if name not in table_games():
        return unknown_game(name)
    game = get_game(name)
    if not game.min_players <= len(raw) <= game.max_players:
        return f"{game.title} is for {players_text(game)}"
    seats = []
    for item in raw:
        kind = item.get("kind") if isinstance(item, dict) else None
        level = item.get("level", "medium") if isinstance(item, dict) else None
        if kind not in ("human", "bot") or level not in bot_names():
            return f"each seat is a human or a bot of level {', '.join(bot_names())}"
        seats.append(Seat(kind, level))
    seed = event.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        return "the seed must be a whole number, 0 or more"
    settings = event.get("settings") or {}
    problem = settings_problem(presenter_for(name), game.title, settings)
    if problem:
        return f"{problem}; the game is unchanged"
    return seats, seed, name, settings


def file_snapshot(text: str, seats: tuple[str, ...]) -> Snapshot:
    """The match a game record file (or a saved match) holds; a record's
    seats are ``seats`` where their number fits, else all people.  Raises
    a ValueError (a GameError where the data is not a game), or a
    RecursionError for data nested too deep."""
    data = json.loads(text)
    if isinstance(data, dict) and data.get("format") == links.FORMAT:
        return Snapshot.from_data(data)
    record = Record.from_json(text)
    same = len(seats) == record.players
    return Snapshot(record, seats if same else ("human",) * record.players, len(record.moves))
