"""Hints: the person to move asks (Hint), the strongest level works the
answer out in slices while the page stays live, the hint's plan is put on
the table (:func:`iriri_core.learn.hint_plan.plan_hint`), the person follows its
steps against their draft, or has the table play it (Play it).  The table
keeps the hint shown (``hint``) and the runner the one being worked out;
each function here says what should change (:class:`~iriri_core.table.changes.Changes`)."""

from __future__ import annotations

from ..presenter import Hint
from ..table.changes import Changes, Look, Planned
from . import lesson_mode


def request_hint(look: Look) -> Changes:
    """Ask the strongest level what the person to move should play; the
    answer comes in slices through :func:`advance_hint`."""
    seating = look.seating()
    if not seating.acting:
        return Changes(error=seating.why_not())
    if seating.person_rolls:
        return Changes(error="roll the dice first: a hint is about what to play with them")
    if look.lesson is not None:  # Show me: the lesson's own move
        return lesson_mode.show_me(look, look.lesson)
    return Changes(
        think_hint=look.game.view(look.state, seating.seat_to_move), news=["Looking for a good move…"]
    )


def advance_hint(look: Look, budget: float) -> tuple[float | None, Changes]:
    """Think about the hint asked for, for at most ``budget`` seconds: 0 to
    go on at once, None once the hint is on the table."""
    done, move = look.runner.advance_hint(budget)
    if not done:
        return 0.0, Changes()
    summary = look.presenter.action_label(look.game, look.seen().state, move)
    return None, Changes(plan=Planned(move, summary))


def play_hint(hint: Hint | None) -> Changes:
    """Play the move ``hint``, the hint on the table, suggests (Play it)."""
    if hint is None:
        return Changes(error="there is no hint to play: press Hint first")
    return Changes(play=hint.move)


def follow_hint(look: Look, hint: Hint, cursor: int) -> Changes:
    """Keep ``hint`` on the table after a tap, a drag or a button that
    took the person to where its next steps lead (no move played, nothing
    refused: still at ``cursor``), its marks moved on; anything else has dropped it."""
    if look.cursor != cursor or (look.message or {}).get("kind") == "error":
        return Changes()
    if hint.following(look.draft):
        return Changes(hint=hint, message={"kind": "hint", "text": hint.text()}, news=[hint.next_words()])
    return Changes()
