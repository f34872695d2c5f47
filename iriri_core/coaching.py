"""The coach at a table (docs/page.md, "The coach"): when a game of one
person against bots is over, the table offers it; asked for (the ``coach``
command), the hard bot judges the person's moves in slices, through the same
loop as the bots' turns (:mod:`iriri_core.autoplay`), and the view lists the
moves that cost most, each with the bot's move in its place.  The work and
its answer are :class:`iriri_core.coach.Coach`'s.

A move of the list is looked at (:func:`coached_look`) as the person saw
it, the move played and the hard bot's marked on the board; and it can be
played again (:func:`try_from`), a new game from the position before it."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from .coach import COUNT, Coach, Judgement, bot_seed, pick
from .desk import Desk
from .drawing import move_marks
from .hint_plan import plan_hint
from .panel import Panel
from .presenter import Presenter, Seen
from .sight import seen_by

BUTTON = "Learn from your mistakes"

OFFER = (
    "The hard bot looks back at every move you chose and shows the three that cost you most, "
    "with what it would have played instead."
)


def coached_seat(desk: Desk) -> int | None:
    """The seat the coach would look at: the one person at a table with bots,
    once their game is over (not in a figure or a lesson); None otherwise."""
    people = [seat for seat, sitting in enumerate(desk.seats) if not sitting.is_bot]
    if len(people) != 1 or len(people) == len(desk.seats) or desk.figure or desk.lesson is not None:
        return None
    if not desk.game.is_over(desk.state):
        return None
    return people[0]


def start_coach(desk: Desk) -> None:
    """Ask the hard bot about the person's moves (the answer comes in
    slices through :func:`advance_coach`); where it is already asked, or
    has answered, nothing changes."""
    seat = coached_seat(desk)
    if seat is None:
        desk.error("the coach looks at a finished game of one person against bots")
        return
    if desk.coach is not None:
        return
    plies = [(ply.before, ply.move) for ply in desk.plies]
    desk.coach = Coach(desk.game, plies, seat, seed=desk.runner.seed)
    desk.runner.coaching = desk.coach.think()
    desk.news = ["The hard bot is looking at your moves…"]


def advance_coach(desk: Desk, budget: float) -> float | None:
    """Let the coach think for at most ``budget`` seconds: 0 to go on at
    once, None once its answer is in the view.  Every position judged is a
    change the page shows (its progress)."""
    coach = desk.coach
    assert coach is not None
    judged = coach.done
    done, _ = desk.runner.advance_coach(budget)
    if done or coach.done != judged:
        desk.generation += 1
    if not done:
        return 0.0
    desk.news = [finding(coach)]
    return None


def finding(coach: Coach) -> str:
    """The coach's answer in one sentence, before its list."""
    judged = coach.judgements
    costly = pick(judged)
    if not judged:
        return "You had no choice to make in this game: every move of yours was the only one you could make."
    if not costly:
        if all(each.agrees for each in judged):
            return f"The hard bot agrees with every move you chose ({len(judged)} of them)."
        return "The hard bot would have played some moves otherwise, but none of your moves cost you much."
    if len(costly) < COUNT:
        few = "one move" if len(costly) == 1 else f"{len(costly)} moves"
        return f"Only {few} of yours cost you anything, as the hard bot sees it: step into it to see why."
    return "The three moves that cost you most, as the hard bot sees them. Choose one to see that position."


def entry(desk: Desk, judged: Judgement) -> dict[str, Any]:
    """One move of the coach's list, as the page shows it: the turn as
    players count it, and in a sentence what was played and what the hard
    bot would play ("On turn 12 you moved ...; the hard bot would move ...")."""
    game, presenter, coach = desk.game, desk.presenter, desk.coach
    assert coach is not None
    view = game.view(desk.plies[judged.ply].before, coach.seat)
    played = presenter.move_words(game, view, judged.played, past=True)
    better = presenter.move_words(game, view, judged.better, past=False)
    when = " ".join(filter(None, [f"On turn {judged.turn}", presenter.round_words(view)]))
    return {
        "number": judged.number,
        "turn": judged.turn,
        "move": judged.ply,
        "played": played,
        "better": better,
        "said": f"{when} you {played}; the hard bot would {better}.",
        "played_text": judged.played_text,
        "better_text": judged.better_text,
        "cost": judged.words(),
        "loss": round(judged.loss, 4),
    }


def coach_view(desk: Desk) -> dict[str, Any] | None:
    """The coach as the page's view shows it, as ``coach`` (docs/page.md, "The
    coach"): None where it is not offered; else ``state`` ``offered``,
    ``thinking`` (with ``done`` of ``total`` positions) or ``done`` (with
    ``moves``), and ``text`` saying so.  While it thinks, the view says the
    table is ``thinking`` (:func:`iriri_core.views.page_view`), so the page
    runs its loop."""
    seat = coached_seat(desk)
    if seat is None:
        return None
    coach = desk.coach
    if coach is None:
        return {"state": "offered", "button": BUTTON, "text": OFFER}
    if desk.runner.coaching is not None:
        return {
            "state": "thinking",
            "done": coach.done,
            "total": coach.total,
            "text": f"The hard bot is looking at your moves: {coach.done} of {coach.total}…",
        }
    return {
        "state": "done",
        "text": finding(coach),
        "moves": [entry(desk, judged) for judged in pick(coach.judgements)],
    }


# ---------------------------------------------------------------- a move of the list, looked at and tried


def listed(desk: Desk, ply: int) -> Judgement | None:
    """The move ``ply`` (0-based) of the coach's list, once it has answered; None if it lists no such move."""
    coach = desk.coach
    if coach is None or desk.runner.coaching is not None or coached_seat(desk) is None:
        return None
    return next((judged for judged in pick(coach.judgements) if judged.ply == ply), None)


def seen_then(desk: Desk, ply: int) -> Seen:
    """The position before the person's move ``ply`` as the person coached
    saw it when they chose it: the viewer is that person, their own hidden
    pieces shown, with the moves they could play then."""
    seating = desk.seating()
    state = desk.history.position(ply)
    then = replace(seating, state=state, cursor=ply, figure=False, anyone=False)
    seen = seen_by(then, desk.history, desk.game.legal_moves, desk.size, False)
    return replace(seen, acting=True, legal=tuple(desk.game.legal_moves(seen.state)), thinking=False)


def taps(presenter: Presenter, seen: Seen, move: Any) -> list[str]:
    """The canvas targets tapped to play ``move`` in ``seen``, in order, as a hint plays it
    (:func:`iriri_core.hint_plan.plan_hint`): none where only a button plays it."""
    return [step.target for step in plan_hint(presenter, seen, move, "").steps if step.target is not None]


def coached_look(desk: Desk, ply: int) -> tuple[Panel, dict[str, list[str]]] | None:
    """A move of the coach's list looked at: the panel of the position
    before it as the person saw it then (:func:`seen_then`), the move
    played and the hard bot's marked on the board
    (:func:`iriri_core.drawing.move_marks`: "yours" and "better"), the
    coach's sentence as the status; with the targets marked.  None where
    the coach lists no move ``ply``."""
    judged = listed(desk, ply)
    if judged is None:
        return None
    presenter, seen = desk.presenter, seen_then(desk, ply)
    shown = presenter.panel(seen, presenter.new_draft())
    marked = move_marks(
        shown["scene"], taps(presenter, seen, judged.played), taps(presenter, seen, judged.better)
    )
    shown["status"] = entry(desk, judged)["said"]
    return shown, marked


TRY_NAME = "The hard bot's move"
"""What the hint of a position tried again calls the hard bot's move."""


def try_from(desk: Desk, ply: int) -> None:
    """Play on from the position before the person's move ``ply`` of the
    coach's list: a new game that starts there, the same seats, the hard
    bot's move on the table as a hint (Play it plays it; any other move
    may be played instead).  In a game with hidden information, what the
    person could not see is dealt again, consistently with what they could
    (the other hands, the dominoes to draw): it is a new game, not a
    replay of the old one."""
    judged, coach = listed(desk, ply), desk.coach
    if judged is None or coach is None:
        desk.error(f"the coach lists no move {ply + 1} to play on from")
        return
    game, seat = desk.game, coach.seat
    state = desk.history.position(ply)
    if game.hidden_information:
        state = game.sample(game.view(state, seat), seat, random.Random(bot_seed(coach.seed, ply)))
    said = entry(desk, judged)
    desk.start_from(state)
    summary = said["better"]
    desk.hint = replace(plan_hint(desk.presenter, desk.seen(), judged.better, summary), name=TRY_NAME)
    desk.note(
        f"A new game from before your move on turn {judged.turn}, against the same bots; "
        f"you {said['played']} then. {desk.hint.text()} Or play a move of your own.",
        "hint",
    )
