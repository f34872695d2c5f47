"""The page contract: the facts the page's JavaScript and the package both
need, written once, here. build.py puts :func:`page_contract` into the
built page as JSON (``<script type="application/json" id="page-contract">``)
and the JavaScript reads it from there (web/ui/contract.js), so that web/
names no game and repeats no list of the package's (docs/page.md, "The page
contract")."""

from __future__ import annotations

from typing import Any

from ..bots import LEVELS
from ..engine import get_game
from ..presenter import game_settings, presenter_for, table_games
from ..seats import Seat, default_seats
from .links import KNOWN, WHOLE_NUMBER, Options
from .saves import GAME, PICTURE, saved_key
from .storage import NAME

NAMESPACE = "iriri"
"""The site's own name where scripts meet it: ``window.iriri`` (for tests
and embedders), the page's marks in the browser's performance timeline
(``iriri-ready``), the ``source`` and ``target`` of an embed's messages,
and the start of the names of its caches and of the files it saves."""

FIRST_GAME = Options().game
"""The game a first visit deals (a link that names none, too)."""

CONTRACT_ID = "page-contract"
"""The id of the element of the built page that holds the contract."""


def page_contract() -> dict[str, Any]:
    """The page contract, as plain JSON data.

    >>> contract = page_contract()
    >>> contract["first_game"], contract["saves"]["matches"]["hextris"]
    ('iriri', 'iriri.match.hextris')
    >>> contract["seats"]["default"]
    ['human', 'medium']
    """
    games = []
    for name in table_games():
        game, presenter = get_game(name), presenter_for(name)
        settings = [
            {"name": s.name, "label": s.label, "choices": list(s.choices), "min": s.minimum, "max": s.maximum}
            for s in game_settings(presenter)
        ]
        games.append(
            {
                "name": name,
                "label": presenter.label,
                "players": [game.min_players, game.max_players],
                "settings": settings,
            }
        )
    return {
        "namespace": NAMESPACE,
        "first_game": FIRST_GAME,
        "games": games,
        "link_options": list(KNOWN),
        "whole_number": WHOLE_NUMBER,
        "seats": {
            "person": Seat().kind,
            "bot": Seat("bot").kind,
            "friend": Seat("friend").kind,
            "levels": list(LEVELS),
            "default": [seat.text for seat in default_seats()],
            "most": max(get_game(name).max_players for name in table_games()),
        },
        "saves": {
            "game": GAME,
            "picture": PICTURE,
            "name": NAME,
            "matches": {name: saved_key(name) for name in table_games()},
            "damaged_file": f"{NAMESPACE}-damaged-saves.json",
        },
        "messages": {"source": NAMESPACE, "target": NAMESPACE},
        "caches": NAMESPACE,
    }
