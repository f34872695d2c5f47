"""What the table does by itself, between the acts of the people at it: the
bots' moves, chance's rolls and the passes it makes for a person who can
only pass (:class:`~iriri_core.table.runner.Runner` works each out, in slices, at
the table's pace), the hint being worked out (:mod:`iriri_core.learn.hint_mode`) and
the coach (:mod:`iriri_core.learn.coach_mode`).  The page calls
:meth:`iriri_core.table.table.Table.advance` in a loop and gives the browser
control in between; tests and tools play it all out at once
(:meth:`iriri_core.table.table.Table.play_bots`)."""

from __future__ import annotations

from ..learn.coach_mode import advance_coach
from ..learn.hint_mode import advance_hint
from .changes import Changes, Look


def advance(look: Look, budget: float) -> tuple[float | None, Changes]:
    """Let a bot (or chance) act, thinking for at most ``budget`` seconds;
    what should change (a move), and None when a person is to act, the
    players are between rounds or the game is over, otherwise how long to
    wait before calling again (0 to go on at once)."""
    runner = look.runner
    if runner.hinting is not None:
        return advance_hint(look, budget)
    if runner.coaching is not None:
        return advance_coach(look, budget)
    seating = look.seating()
    if look.game.is_over(look.state) or not seating.bot_to_move:
        runner.rest()
        return None, Changes()
    if seating.between_rounds:
        return None, Changes()  # the people at the table say when: Next round
    wait, move = runner.act(look.state, look.cursor, budget)
    return wait, Changes(play=move)
