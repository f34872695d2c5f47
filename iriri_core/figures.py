"""Pictures of the table drawn by the same scene code as the page, as SVG.

``python3 build.py figures`` writes docs/table.svg, the picture in the README;
a test keeps it equal to what this code draws.

>>> svg = table_picture(seed=1, plies=0)
>>> svg.startswith("<svg") and "ring:0" not in svg
True
"""

from __future__ import annotations

from .bots import make_bot
from .match import Seat, Table
from .scene import to_svg


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
