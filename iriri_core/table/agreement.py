"""Draw offers: the end of a game by agreement.  The person to move offers a
draw; bots answer at once, by their evaluation; the people at the screen
answer in turn; the draw is played once everyone has agreed, and one "no"
ends the offer.  This module says what an offer or an answer comes to; the
table keeps who is still to answer and plays the draw."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bots import accepts_draw
from .seating import Seating


@dataclass(frozen=True)
class DrawStep:
    """What an offer or an answer comes to."""

    waiting: list[int]
    """The people still to answer (none: the offer is over)."""
    error: str = ""
    """Why not: the table says it, and nothing else changes."""
    note: str = ""
    """Someone declined: the game plays on."""
    move: Any = None
    """The draw to play: everyone has agreed."""


def draw_step(seating: Seating, waiting: list[int], name: str) -> DrawStep:
    """Offer a draw (``draw``), or answer one (``accept``, ``decline``), in
    the position ``seating`` shows, ``waiting`` being the people still to
    answer an offer made."""
    game, state = seating.game, seating.state
    move = game.agreed_draw(state)
    if move is None:
        return DrawStep(waiting, error=f"{game.title} has no draws by agreement")
    if name == "draw":
        if waiting:
            return DrawStep(waiting, error="a draw is already offered: accept or decline it")
        for seat, sitter in enumerate(seating.seats):
            if sitter.is_bot and not accepts_draw(game, game.view(state, seat), seat):
                return DrawStep([], note=f"{seating.seat_label(seat)} declines the draw: play on")
        mover = seating.seat_to_move
        waiting = [seat for seat, sitter in enumerate(seating.seats) if seat != mover and not sitter.is_bot]
    elif not waiting:
        return DrawStep(waiting, error="no draw is offered")
    elif name == "decline":
        return DrawStep(
            [], note=f"{seating.presenter.player_name(state, waiting[0])} declines the draw: play on"
        )
    else:
        waiting = waiting[1:]
    return DrawStep(waiting, move=None if waiting else move)
