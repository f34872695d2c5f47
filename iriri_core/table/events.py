"""The events the page sends a table (docs/page-events.md), checked before the
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

from ..bots import bot_names
from ..engine import GameError, get_game, players_text
from ..presenter import presenter_for, table_games
from ..records import Record
from ..seats import Seat
from ..settings import read_settings
from ..site import links
from ..site.links import Snapshot

EVENTS: dict[str, dict[str, tuple[type, ...]]] = {
    "resize": {"width": (int, float), "height": (int, float)},  # and "least" (a number), if the page asks
    "new": {"seats": (list,)},
    "game": {"name": (str,)},
    "command": {"name": (str,)},
    "tap": {"target": (str, type(None))},
    "drag": {"from": (str,), "to": (str,)},
    "move": {"text": (str,)},
    "import": {"text": (str,)},
    "lesson": {"game": (str,), "lesson": (str,)},
    "welcome": {},
    "coach-try": {"move": (int,)},
}
"""Every event the page sends, with the type of each of its fields (docs/page-events.md)."""

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
) -> tuple[list[Seat], int | None, str, dict[str, int], str | None] | str:
    """What a ``new`` event asks for (the game ``current`` where it names
    none): the seats, the seed, the game, its settings and the position it
    starts from (None: a new deal); or what is wrong with it, in words."""
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
    settings = read_settings(presenter_for(name), game.title, event.get("settings") or {})
    if isinstance(settings, str):
        return f"{settings}; the game is unchanged"
    position = event.get("position")
    if position is not None:
        problem = _position_problem(name, position, len(seats), bool(settings))
        if problem:
            return f"{problem}; the game is unchanged"
    return seats, seed, name, settings, position


def _position_problem(name: str, position: Any, seats: int, settings: bool) -> str:
    """What is wrong with a new game of ``name`` from ``position`` (position
    text or its line) for ``seats`` seats, in words; "" if nothing."""
    game = get_game(name)
    if not isinstance(position, str) or len(position) > links.MAX_OPTIONS_LENGTH:
        return "the position of a new game is position text"
    try:
        state = game.from_text(position)
    except GameError as exc:
        return f"position: {exc}"
    if game.num_players(state) != seats:
        return f"the position is for {game.num_players(state)} players, not {seats}"
    if settings:
        return "a game from a position keeps the position's own settings"
    return ""


def new_game_problem(event: Any, current: str) -> str:
    """What is wrong with ``event``, a new game the dialog is about to ask
    for (the game ``current`` where it names none), in the words the table
    would refuse it with, or "" if nothing: so the dialog says it, and
    keeps what was chosen, before the game in progress is left.

    >>> new_game_problem({"type": "new", "seats": [{"kind": "human"}] * 2, "game": "pyrinoes",
    ...                   "settings": {"target": "75"}}, "iriri")
    'Target score: it is one of 50, 100 or 150; the game is unchanged'
    """
    problem = event_problem(event)
    if problem or not isinstance(event, dict) or event.get("type") != "new":
        return problem or "a new game is asked for by a new event"
    asked = new_game_asked(event, current)
    return asked if isinstance(asked, str) else ""


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
