"""What the table does by itself, between the acts of the people at it: the
bots' moves, chance's rolls and the passes it makes for a person who can
only pass (:class:`~iriri_core.table.runner.Runner` works each out, in slices, at
the table's pace), and the hint being worked out (:mod:`iriri_core.learn.hint_mode`).
The page calls :func:`advance` in a loop and gives the browser control in
between; tests and tools play it all out at once (:func:`play_bots`)."""

from __future__ import annotations

import math

from ..learn.coach_mode import advance_coach
from ..learn.hint_mode import advance_hint
from .desk import Desk


def advance(desk: Desk, budget: float) -> float | None:
    """Let a bot (or chance) act, thinking for at most ``budget`` seconds.

    Returns None when a person is to act, the players are between rounds
    or the game is over; otherwise how long to wait before calling again
    (0 to go on at once).
    """
    if desk.runner.hinting is not None:
        return advance_hint(desk, budget)
    if desk.runner.coaching is not None:
        return advance_coach(desk, budget)
    seating = desk.seating()
    if desk.game.is_over(desk.state) or not seating.bot_to_move:
        desk.runner.thinking = None
        return None
    if seating.between_rounds:
        return None  # the people at the table say when: Next round
    wait, move = desk.runner.act(desk.state, desk.cursor, budget)
    if move is not None:
        desk.play(move)
    return wait


def play_bots(desk: Desk) -> None:
    """Let bots and chance act, without pauses, until a person is to move,
    the people at the table are between rounds, or the game ends."""
    pace, desk.runner.pace = desk.runner.pace, 0.0
    try:
        while advance(desk, math.inf) is not None:
            pass
    finally:
        desk.runner.pace = pace
