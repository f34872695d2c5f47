"""The page's events acted on (docs/page.md): a handler for each kind of
event and each of the table's own buttons, in three tables: what anyone
may do at any time (a new game, another game, a file opened, undo and redo,
showing oneself, the next round), what only the person to act may do (a
hint, a draw offer and its answers), and what the game's presenter makes of
a tap, a drag, one of its buttons or a typed move.  Events are checked
first (:func:`iriri_core.table.events.event_problem`); the table shows the view."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..engine import GameError
from ..learn.coach_mode import start_coach, try_from
from ..learn.hint_mode import follow_hint, play_hint, request_hint
from ..learn.lesson_mode import DONE, lesson_met, open_lesson
from ..presenter import Hint, Reply
from .agreement import draw_step
from .desk import Desk
from .drafts import kept_steps
from .events import event_problem, new_game_asked
from .opening import open_file, switch

Handler = Callable[[Desk, dict[str, Any], Hint | None], None]
"""What acts on an event, given the table, the event and the hint shown when it came."""


def handle(desk: Desk, event: Any) -> None:
    """Apply one event from the page.  An event of the wrong shape changes
    nothing and gets a message."""
    if not isinstance(event, dict) or event.get("type") != "resize":
        desk.lasting = False  # the person has acted: the next position clears the message
    problem = event_problem(event)
    if problem:
        desk.error(f"the page sent an event this table does not understand: {problem}")
        return
    kind = event["type"]
    if kind == "resize":
        width, height = event["width"], event["height"]
        desk.size = (min(max(width, 48.0), 4000.0), min(max(height, 48.0), 4000.0))
        least = event.get("least", 0)
        desk.least = min(max(float(least), 0.0), 96.0) if isinstance(least, (int, float)) else 0.0
        return
    shown = desk.hint
    desk.runner.hinting = None  # anything the person does makes a pending hint moot
    desk.hint = None  # and drops the hint shown, unless it follows it (follow_hint)
    key = f"command:{event['name']}" if kind == "command" else kind
    if desk.figure and key not in ("command:undo", "command:redo"):
        desk.error("this is a figure: it only shows a game; step through it with Previous and Next")
    elif key in ANYTIME:
        ANYTIME[key](desk, event, shown)
    elif not desk.acting():
        desk.error(DONE if lesson_met(desk) else desk.seating().why_not())
    elif key in ACTING:
        ACTING[key](desk, event, shown)
    else:
        PRESENTED[kind](desk, event, shown)


# ------------------------------------------------------------ anytime


def _new(desk: Desk, event: dict[str, Any], shown: Hint | None) -> None:
    asked = new_game_asked(event, desk.game.name)
    if isinstance(asked, str):
        desk.error(asked)
    else:
        desk.new_game(*asked)


def _game(desk: Desk, event: dict[str, Any], shown: Hint | None) -> None:
    switch(desk, event["name"])  # another game picked: no such game is said in the message


def _reveal(desk: Desk, event: dict[str, Any], shown: Hint | None) -> None:
    """The person the covered screen waits for shows themselves."""
    seating = desk.seating()
    seat = seating.covered
    if seat is None:
        desk.error("there is nothing to show: the table is not covered")
        return
    desk.screen = seat
    desk.news = [f"{seating.seat_label(seat)} to play"]


def _next_round(desk: Desk, event: dict[str, Any], shown: Hint | None) -> None:
    """The players move on from a round's summary to the next round."""
    if not desk.seating().between_rounds:
        desk.error("there is no round to move on from")
        return
    desk.continued = desk.cursor
    desk.screen = None  # the next round is dealt to a covered screen
    desk.generation += 1
    desk.news = ["Next round"]


ANYTIME: dict[str, Handler] = {
    "new": _new,
    "game": _game,
    "import": lambda desk, event, shown: open_file(desk, event["text"]),
    "lesson": lambda desk, event, shown: open_lesson(desk, event["game"], event["lesson"]),
    "command:undo": lambda desk, event, shown: desk.undo(),
    "command:redo": lambda desk, event, shown: desk.redo(),
    "command:reveal": _reveal,
    "command:next-round": _next_round,
    "command:coach": lambda desk, event, shown: start_coach(desk),
    "coach-try": lambda desk, event, shown: try_from(desk, event["move"]),
}
"""What anyone at the table may do, whoever is to act."""


# ------------------------------------------------------------ the person to act


def draw(desk: Desk, name: str) -> None:
    """Offer a draw (``draw``), or answer one (``accept``, ``decline``)
    (:func:`iriri_core.table.agreement.draw_step`)."""
    step = draw_step(desk.seating(), desk.draw_offer, name)
    if step.error:
        desk.error(step.error)
        return
    desk.draw_offer = step.waiting
    if step.note:
        desk.note(step.note)
    elif step.move is not None:
        desk.play(step.move)
    else:
        desk.news = [desk.seating().offer_text(step.waiting)]


def _hint(desk: Desk, event: dict[str, Any], shown: Hint | None) -> None:
    desk.message = None
    request_hint(desk)


def _draw(desk: Desk, event: dict[str, Any], shown: Hint | None) -> None:
    desk.message = None
    draw(desk, event["name"])


ACTING: dict[str, Handler] = {
    "command:hint": _hint,
    "command:play-hint": lambda desk, event, shown: play_hint(desk, shown),
    "command:draw": _draw,
    "command:accept": _draw,
    "command:decline": _draw,
}
"""What only the person to act may do, of the table's own buttons."""


# ------------------------------------------------------------ what the presenter makes of it


def _presented(desk: Desk, event: dict[str, Any], shown: Hint | None) -> None:
    """A tap, a drag or one of the game's buttons, as the presenter takes it;
    the hint shown stays if the person followed it."""
    cursor, seen, draft = desk.cursor, desk.seen(), copy.deepcopy(desk.draft)
    kind = event["type"]
    if kind == "tap":
        reply = desk.presenter.tap(seen, draft, event["target"])
    elif kind == "drag":
        reply = desk.presenter.drag(seen, draft, event["from"], event["to"])
    else:
        reply = desk.presenter.command(seen, draft, event["name"])
    _reply(desk, reply, event)
    follow_hint(desk, shown, cursor)


def _reply(desk: Desk, reply: Reply, event: dict[str, Any]) -> None:
    """Take what a presenter made of a tap, a drag or a button (``event``)."""
    before, generation = desk.draft, desk.generation
    desk.draft = reply.draft
    if reply.error:
        desk.error(reply.error)
    elif reply.roll:
        desk.roll()
    elif reply.move is not None:
        desk.play(reply.move)
    else:
        desk.message = None
    if desk.generation == generation:  # the same position: the draft may have changed
        failed = bool(reply.error) or reply.move is not None or reply.roll
        if desk.draft != before:  # noted among what made the draft (desk.steps)
            empty = bool(desk.draft == desk.presenter.new_draft())
            desk.steps = kept_steps(desk.steps, event, empty, failed)


def _typed(desk: Desk, event: dict[str, Any], shown: Hint | None) -> None:
    """A move typed in the game's notation (docs/notation.md)."""
    game, state = desk.game, desk.state
    try:
        move = game.parse_move(state, event["text"])
    except GameError as exc:
        desk.error(str(exc))
        return
    if move == game.agreed_draw(state):
        draw(desk, "draw")  # typed, it is an offer: everyone must agree
    elif desk.seating().person_rolls:
        desk.error("the dice decide the roll: press Roll")
    else:
        desk.play(move)


PRESENTED: dict[str, Handler] = {"tap": _presented, "drag": _presented, "command": _presented, "move": _typed}
"""What the person to act does in the game itself, by kind of event."""
