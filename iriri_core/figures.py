"""Pictures of the table drawn by the same scene code as the page.

``python3 build.py figures`` writes docs/table.svg, the picture in the README;
a test keeps it equal to what this code draws.  ``python3 build.py build``
writes :func:`start_pictures`, which the page paints before Python is ready.

>>> svg = table_picture(seed=1, plies=0)
>>> svg.startswith("<svg") and "ring:0" not in svg
True
"""

from __future__ import annotations

from typing import Any

from .bots import make_bot
from .engine import get_game
from .pictures import START_SEED, Step, pack
from .presenter import table_games
from .scene import to_svg
from .seats import Seat, default_seats
from .table import Table
from .views import draw, picture_code

SHAPES = {"wide": (900.0, 560.0), "tall": (390.0, 600.0)}
"""The sizes start pictures are drawn at: for landscape and portrait boxes
(the page paints the one nearer its box's shape, scaled to fit)."""


def table_picture(seed: int = 5, plies: int = 14, width: float = 900, height: float = 560) -> str:
    """Two greedy bots play ``plies`` moves from ``seed``; then the next word
    greedy would lay is shown as a person's draft, with its live preview."""
    table = Table("iriri", [Seat("human"), Seat("human")], seed=seed, size=(width, height))
    bot = make_bot("greedy", seed=seed)
    for _ in range(plies):
        table.play(bot.choose(table.game, table.state))
    while table.state.phase != "place" and not table.game.is_over(table.state):
        table.play(bot.choose(table.game, table.state))
    move = bot.choose(table.game, table.state)
    hand = list(table.state.hand())
    for cell, piece in getattr(move, "pieces", ()):
        index = next(i for i, p in enumerate(hand) if p == piece and i not in table.draft.placed.values())
        table.handle({"type": "tap", "target": f"hand:{table.state.to_move}:{index}"})
        table.handle({"type": "tap", "target": f"cell:{cell[0]},{cell[1]}"})
    return to_svg(table.scene())


def start_pictures() -> dict[str, Any]:
    """The picture code of the start of every game, for each number of
    players and each of :data:`SHAPES`:
    ``{"seed": 1, "games": {"iriri": {"2": {"wide": ..., "tall": ...}}}}``.
    Each is the game the page deals by itself, from ``seed``
    (:data:`~iriri_core.pictures.START_SEED`), seen by a person against
    bots (medium, as a new table seats them)."""
    return {
        "seed": START_SEED,
        "games": {
            name: {
                str(players): {
                    shape: picture_code(_start_table(name, players), range(1), size, figure=False)
                    for shape, size in SHAPES.items()
                }
                for players in range(get_game(name).min_players, get_game(name).max_players + 1)
            }
            for name in table_games()
        },
    }


def first_picture(game: str = "iriri", players: int = 2) -> dict[str, Any]:
    """The start of ``game`` for ``players``, as :func:`start_pictures` draws
    it but unzipped (:func:`iriri_core.pictures.pack`), for the page itself:
    ``{"seed": 1, "game": "iriri", "players": 2, "wide": ..., "tall": ...}``."""
    table = _start_table(game, players)
    shapes = {}
    for shape, size in SHAPES.items():
        [(scene, text)] = draw(table, range(1), size, figure=False)
        shapes[shape] = pack(game, table.presenter.label, [Step(scene.to_json(), text)])
    return {"seed": START_SEED, "game": game, "players": players, **shapes}


def _start_table(game: str, players: int) -> Table:
    """The table the page sets up by itself for ``game``: a person against medium bots."""
    seats = default_seats()[:1] + [Seat("bot", "medium")] * (players - 1)
    return Table(game, seats, seed=START_SEED)
