"""The coach at a table (docs/page.md, "The coach"): when a game of one
person against bots is over, the table offers it; asked for (the ``coach``
command), the hard bot judges the person's moves in slices, through the same
loop as the bots' turns (:mod:`iriri_core.autoplay`), and the view lists the
moves that cost most, each with the bot's move in its place.  The work and
its answer are :class:`iriri_core.coach.Coach`'s."""

from __future__ import annotations

from typing import Any

from .coach import COUNT, Coach, Judgement, pick
from .desk import Desk

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
