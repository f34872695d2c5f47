"""Hints: the person to move asks (Hint), the strongest level works the
answer out in slices while the page stays live, the hint's plan is put on
the table (:func:`iriri_core.learn.hint_plan.plan_hint`), the person follows its
steps against their draft, or has the table play it (Play it).  The table
keeps the hint shown (``hint``) and the runner the one being worked out."""

from __future__ import annotations

from ..presenter import Hint
from ..table.desk import Desk
from . import lesson_mode
from .hint_plan import plan_hint


def request_hint(desk: Desk) -> None:
    """Ask the strongest level what the person to move should play; the
    answer comes in slices through :func:`advance_hint`."""
    seating = desk.seating()
    if not seating.acting:
        desk.error(seating.why_not())
        return
    if seating.person_rolls:
        desk.error("roll the dice first: a hint is about what to play with them")
        return
    if desk.lesson is not None:  # Show me: the lesson's own move
        lesson_mode.show_me(desk, desk.lesson)
        return
    desk.runner.start_hint(desk.game.view(desk.state, seating.seat_to_move))
    desk.news = ["Looking for a good move…"]


def advance_hint(desk: Desk, budget: float) -> float | None:
    """Think about the hint asked for, for at most ``budget`` seconds: 0 to
    go on at once, None once the hint is on the table."""
    done, move = desk.runner.advance_hint(budget)
    if not done:
        return 0.0
    seen = desk.seen()
    summary = desk.presenter.action_label(desk.game, seen.state, move)
    desk.draft, desk.steps = desk.presenter.new_draft(), []  # the steps start from nothing picked
    desk.hint = plan_hint(desk.presenter, seen, move, summary)
    desk.note(desk.hint.text(), "hint")
    desk.generation += 1
    return None


def play_hint(desk: Desk, hint: Hint | None) -> None:
    """Play the move ``hint``, the hint on the table, suggests (Play it)."""
    if hint is None:
        desk.error("there is no hint to play: press Hint first")
        return
    desk.play(hint.move)


def follow_hint(desk: Desk, hint: Hint | None, cursor: int) -> None:
    """Keep ``hint`` on the table after a tap, a drag or a button that
    took the person to where its next steps lead (no move played, nothing
    refused), its marks moved on; anything else has dropped it."""
    if hint is None or desk.cursor != cursor or (desk.message or {}).get("kind") == "error":
        return
    if hint.following(desk.draft):
        desk.hint = hint
        desk.message = {"kind": "hint", "text": hint.text()}
        desk.news = [hint.next_words()]
