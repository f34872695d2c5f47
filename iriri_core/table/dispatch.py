"""The page's events decided on (docs/page.md, docs/routes.md): one
``match`` on the kind of event, and on the table's own buttons, saying what
should change (:class:`~iriri_core.table.changes.Changes`), which the table
applies.  What anyone may do at any time comes first (a new game, another
game, a file opened, a lesson, undo and redo, showing oneself, the next
round, the coach); then, for the person to act only, a hint, a draw offer
and its answers, and what the game's presenter makes of a tap, a drag, one
of its buttons or a typed move.  Events are checked first
(:func:`iriri_core.table.events.event_problem`); the table shows the view."""

from __future__ import annotations

import copy
from typing import Any

from ..engine import GameError
from ..learn.coach_mode import start_coach, try_from
from ..learn.hint_mode import play_hint, request_hint
from ..learn.lesson_mode import done_words, lesson_met, open_lesson
from ..presenter import Hint, Reply
from .agreement import draw_step
from .changes import Changes, Look, NewGame
from .events import event_problem, new_game_asked
from .opening import open_file, switch


def person_acted(event: Any) -> bool:
    """Whether ``event`` is the person acting (a well-formed event, not a
    resize): the table then drops the hint shown (it stays if they followed
    it: :func:`iriri_core.learn.hint_mode.follow_hint`) and any being worked out."""
    return not event_problem(event) and event["type"] != "resize"


def decide(look: Look, event: Any, shown: Hint | None) -> Changes:
    """What one event from the page should change, ``shown`` being the hint
    shown when it came.  An event of the wrong shape changes nothing and
    gets a message."""
    problem = event_problem(event)
    if problem:
        return Changes(error=f"the page sent an event this table does not understand: {problem}")
    kind = event["type"]
    if kind == "resize":
        return resize(event)
    name = event.get("name") if kind == "command" else None
    if look.figure and name not in ("undo", "redo"):
        return Changes(error="this is a figure: it only shows a game; step through it with Previous and Next")
    match kind, name:  # what anyone at the table may do, whoever is to act
        case "new", _:
            asked = new_game_asked(event, look.game.name)
            return Changes(error=asked) if isinstance(asked, str) else Changes(new_game=NewGame(*asked))
        case "game", _:
            return switch(event["name"])  # another game picked: no such game is said in the message
        case "import", _:
            return open_file(look, event["text"])
        case "lesson", _:
            return open_lesson(event["game"], event["lesson"], look.lesson)
        case "command", "undo":
            return Changes(undo=True)
        case "command", "redo":
            return Changes(redo=True)
        case "command", "reveal":
            return reveal(look)
        case "command", "next-round":
            return next_round(look)
        case "command", "coach":
            return start_coach(look)
        case "coach-try", _:
            return try_from(look, event["move"])
    if not look.acting():
        played = tuple(look.moves[: look.cursor])
        return Changes(
            error=done_words(look.lesson) if lesson_met(look.lesson, played) else look.seating().why_not()
        )
    match kind, name:  # what only the person to act may do
        case "command", "hint":
            return Changes(message=None, then=[request_hint(look)])
        case "command", "play-hint":
            return play_hint(shown)
        case "command", "draw" | "accept" | "decline":
            return Changes(message=None, then=[draw(look, str(name))])
        case "move", _:
            return typed(look, event["text"])
    return presented(look, event, shown)


def resize(event: dict[str, Any]) -> Changes:
    """The canvas box changed size (and a tap target's least side)."""
    width, height = event["width"], event["height"]
    size = (min(max(width, 48.0), 4000.0), min(max(height, 48.0), 4000.0))
    least = event.get("least", 0)
    return Changes(
        size=size, least=min(max(float(least), 0.0), 96.0) if isinstance(least, (int, float)) else 0.0
    )


def reveal(look: Look) -> Changes:
    """The person the covered screen waits for shows themselves."""
    seating = look.seating()
    seat = seating.covered
    if seat is None:
        return Changes(error="there is nothing to show: the table is not covered")
    return Changes(screen=seat, news=[f"{seating.seat_label(seat)} to play"])


def next_round(look: Look) -> Changes:
    """The players move on from a round's summary to the next round."""
    if not look.seating().between_rounds:
        return Changes(error="there is no round to move on from")
    # the next round is dealt to a covered screen
    return Changes(continued=look.cursor, screen=None, shown=True, news=["Next round"])


def draw(look: Look, name: str) -> Changes:
    """Offer a draw (``draw``), or answer one (``accept``, ``decline``)
    (:func:`iriri_core.table.agreement.draw_step`)."""
    step = draw_step(look.seating(), list(look.draw_offer), name)
    if step.error:
        return Changes(error=step.error)
    if step.note:
        return Changes(draw_offer=step.waiting, note=(step.note, "note"))
    if step.move is not None:
        return Changes(draw_offer=step.waiting, play=step.move)
    return Changes(draw_offer=step.waiting, news=[look.seating().offer_text(step.waiting)])


def presented(look: Look, event: dict[str, Any], shown: Hint | None) -> Changes:
    """A tap, a drag or one of the game's buttons, as the presenter takes it;
    the hint shown stays if the person followed it."""
    seen, draft, presenter = look.seen(), copy.deepcopy(look.draft), look.presenter
    kind = event["type"]
    if kind == "tap":
        reply = presenter.tap(seen, draft, event["target"])
    elif kind == "drag":
        reply = presenter.drag(seen, draft, event["from"], event["to"])
    else:
        reply = presenter.command(seen, draft, event["name"])
    return replied(reply, event, shown)


def replied(reply: Reply, event: dict[str, Any], shown: Hint | None) -> Changes:
    """What a presenter made of a tap, a drag or a button (``event``): the
    draft it leaves, kept among what made it (``step``) where the position stays."""
    if reply.error:
        return Changes(draft=reply.draft, step=event, error=reply.error, follow=shown)
    if reply.roll:
        return Changes(draft=reply.draft, step=event, roll=True, follow=shown)
    if reply.move is not None:
        return Changes(draft=reply.draft, step=event, play=reply.move, follow=shown)
    return Changes(draft=reply.draft, step=event, message=None, follow=shown)


def typed(look: Look, text: str) -> Changes:
    """A move typed in the game's notation (docs/notation.md)."""
    game, state = look.game, look.state
    try:
        move = game.parse_move(state, text)
    except GameError as exc:
        return Changes(error=str(exc))
    if move == game.agreed_draw(state):
        return draw(look, "draw")  # typed, it is an offer: everyone must agree
    if look.seating().person_rolls:
        return Changes(error="the dice decide the roll: press Roll")
    return Changes(play=move)
