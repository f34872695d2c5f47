"""The coach at a table (docs/page-play.md, "The coach"): when a game of one
person against bots is over, the table offers it; asked for (the ``coach``
command), the hard bot judges the person's moves in slices, through the same
loop as the bots' turns (:mod:`iriri_core.table.autoplay`), and the view lists the
moves that cost most, each with the bot's move in its place: as soon as the
coach is :attr:`~iriri_core.learn.coach.Coach.ready`, while it goes on judging
the rest, its progress told in words.  The work and its answer are
:class:`iriri_core.learn.coach.Coach`'s.

A move of the list is looked at (:func:`coached_look`) as the person saw
it, the move played and the hard bot's marked on the board; and it can be
played again (:func:`try_from`), a new game from the position before it."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..panel import Panel
from ..pictures.drawing import move_marks
from ..presenter import Presenter, Seen
from ..table.changes import Changes, Look, Planned
from ..table.sight import seen_by
from .coach import COUNT, Coach, Judgement, bot_seed, pick, quick_budget
from .hint_plan import plan_hint

BUTTON = "Learn from your mistakes"

OFFER = (
    "The strongest bot your device runs in good time looks back at every move you chose and shows "
    "the three that cost you most, with what it would have played instead."
)


def coached_seat(look: Look) -> int | None:
    """The seat the coach would look at: the one person at a table with bots,
    once their game is over (not in a figure or a lesson); None otherwise."""
    people = [seat for seat, sitting in enumerate(look.seats) if not sitting.is_bot]
    if len(people) != 1 or len(people) == len(look.seats) or look.figure or look.lesson is not None:
        return None
    if not look.game.is_over(look.state):
        return None
    return people[0]


def start_coach(look: Look) -> Changes:
    """Ask the hard bot about the person's moves (the answer comes in
    slices through :func:`advance_coach`); where it is already asked, or
    has answered, nothing changes."""
    seat = coached_seat(look)
    if seat is None:
        return Changes(error="the coach looks at a finished game of one person against bots")
    if look.coach is not None:
        return Changes()
    plies = [(ply.before, ply.move) for ply in look.plies]
    coach = Coach(look.game, plies, seat, seed=look.runner.seed, level=look.runner.strongest())
    return Changes(coach=coach, news=[f"The {coach.level} bot is looking at your moves…"])


TELL_EVERY = 0.5
"""Seconds between two views that show only the coach's progress before its
list is ready (a view costs the page tens of milliseconds, the page's
drawing more; the list found, or changed, is shown at once)."""

TELL_EVERY_LISTED = 2.0
"""The same once the list is shown, the rest judged while the person reads."""


def advance_coach(look: Look, budget: float) -> tuple[float | None, Changes]:
    """Let the coach think for at most ``budget`` seconds: 0 to go on at
    once, None once its answer is in the view.  The list shown first, a
    change to it and the end are changes the page shows at once; its
    progress alone, every :data:`TELL_EVERY` seconds at most (every
    :data:`TELL_EVERY_LISTED` once the list is shown)."""
    coach = look.coach
    assert coach is not None
    ready, listed_before = coach.ready, shown(coach)
    every = TELL_EVERY_LISTED if ready else TELL_EVERY
    done, _ = look.runner.advance_coach(budget)
    now = look.runner.clock()
    if done:
        return None, Changes(shown=True, news=[finding(coach)])
    if coach.ready and (not ready or shown(coach) != listed_before):
        coach.told, coach.told_at = progress(coach), now
        return 0.0, Changes(shown=True, news=None if ready else [finding(coach, partial=True)])
    if progress(coach) != coach.told and now - coach.told_at >= every:
        coach.told, coach.told_at = progress(coach), now
        return 0.0, Changes(shown=True)
    return 0.0, Changes()


def shown(coach: Coach) -> list[int]:
    """The moves the coach's list shows now (their plies), once it is ready."""
    return [judged.ply for judged in pick(coach.judgements)] if coach.ready else []


def progress(coach: Coach) -> tuple[int, int, int]:
    """How far the coach has come: quick looks, close ones, positions finished."""
    return coach.looked, len(coach.judgements), coach.done


def thinking_words(coach: Coach) -> str:
    """What the coach is doing before its list is ready, in a sentence."""
    if coach.looked < coach.total:
        return (
            f"The {coach.level} bot is taking a quick look at each of your moves: "
            f"{coach.looked} of {coach.total}…"
        )
    if coach.first == 1:
        return f"The {coach.level} bot is now looking closely at the move its quick look rated worst…"
    return (
        f"The {coach.level} bot is now looking closely at the {coach.first} moves "
        "its quick look rated worst: "
        f"{len(coach.judgements)} of {coach.first}…"
    )


def refining_words(coach: Coach) -> str:
    """What the coach is still doing once its list is shown, in two sentences."""
    return (
        f"The {coach.level} bot is still looking closely at your other moves: "
        f"{coach.done} of {coach.total} done. "
        "The list may change if it finds a costlier one."
    )


def bar(coach: Coach) -> tuple[int, int]:
    """The progress bar before the list is ready, as value and maximum: a
    quick look counts one, a close one as many as it searches more."""
    weight = max(1, coach.budget // quick_budget(coach.budget))
    return coach.looked + weight * len(coach.judgements), coach.total + weight * COUNT


def finding(coach: Coach, partial: bool = False) -> str:
    """The coach's answer in one sentence, before its list; ``partial``:
    the answer so far, the coach still judging some moves."""
    if partial:
        costly = pick(coach.judgements)
        if not costly:
            return f"None of the moves the {coach.level} bot has looked at closely so far cost you much."
        if len(costly) == 1:
            return (
                f"So far only one move of yours cost you anything, as the {coach.level} bot sees it: "
                "step into it to see why."
            )
        if len(costly) < COUNT:
            return (
                f"So far only {len(costly)} moves of yours cost you anything, "
                f"as the {coach.level} bot sees them: "
                "step into one to see why."
            )
        return (
            f"The three moves that cost you most so far, as the {coach.level} bot sees them. "
            "Choose one to see that position."
        )
    judged = coach.judgements
    costly = pick(judged)
    if not judged:
        return "You had no choice to make in this game: every move of yours was the only one you could make."
    if not costly:
        if all(each.agrees for each in judged):
            return f"The {coach.level} bot agrees with every move you chose ({len(judged)} of them)."
        return (
            f"The {coach.level} bot would have played some moves otherwise, "
            "but none of your moves cost you much."
        )
    if len(costly) < COUNT:
        few = "one move" if len(costly) == 1 else f"{len(costly)} moves"
        return (
            f"Only {few} of yours cost you anything, as the {coach.level} bot sees it: "
            "step into it to see why."
        )
    return (
        f"The three moves that cost you most, as the {coach.level} bot sees them. "
        "Choose one to see that position."
    )


def entry(look: Look, judged: Judgement) -> dict[str, Any]:
    """One move of the coach's list, as the page shows it: the turn as
    players count it, and in a sentence what was played and what the hard
    bot would play ("On turn 12 you moved ...; the hard bot would move ...")."""
    game, presenter, coach = look.game, look.presenter, look.coach
    assert coach is not None
    view = game.view(look.plies[judged.ply].before, coach.seat)
    played = presenter.move_words(game, view, judged.played, past=True)
    better = presenter.move_words(game, view, judged.better, past=False)
    when = " ".join(filter(None, [f"On turn {judged.turn}", presenter.round_words(view)]))
    return {
        "number": judged.number,
        "turn": judged.turn,
        "move": judged.ply,
        "played": played,
        "better": better,
        "said": f"{when} you {played}; the {coach.level} bot would {better}.",
        "played_text": judged.played_text,
        "better_text": judged.better_text,
        "cost": judged.words(),
        "loss": round(judged.loss, 4),
    }


def coach_view(look: Look) -> dict[str, Any] | None:
    """The coach as the page's view shows it, as ``coach`` (docs/page-play.md, "The
    coach"): None where it is not offered; else ``state`` ``offered``,
    ``thinking`` (with ``done`` of ``total``, the progress bar's value and
    maximum), ``refining`` (the list so far, ``moves``, while the rest is
    judged: ``progress`` in words, ``done`` of ``total`` positions) or
    ``done`` (with ``moves``), and ``text`` saying so.  While it thinks,
    the view says the table is ``thinking`` (:func:`iriri_core.table.views.page_view`),
    so the page runs its loop."""
    seat = coached_seat(look)
    if seat is None:
        return None
    coach = look.coach
    if coach is None:
        return {"state": "offered", "button": BUTTON, "text": OFFER}
    if look.runner.coaching is not None and not coach.ready:
        value, most = bar(coach)
        return {"state": "thinking", "done": value, "total": most, "text": thinking_words(coach)}
    if look.runner.coaching is not None:
        return {
            "state": "refining",
            "done": coach.done,
            "total": coach.total,
            "text": finding(coach, partial=True),
            "progress": refining_words(coach),
            "moves": [entry(look, judged) for judged in pick(coach.judgements)],
        }
    return {
        "state": "done",
        "text": finding(coach),
        "moves": [entry(look, judged) for judged in pick(coach.judgements)],
    }


# ---------------------------------------------------------------- a move of the list, looked at and tried


def listed(look: Look, ply: int) -> Judgement | None:
    """The move ``ply`` (0-based) of the coach's list, once it is shown (the
    coach may still be judging the rest); None if it lists no such move."""
    coach = look.coach
    if coach is None or coached_seat(look) is None:
        return None
    if look.runner.coaching is not None and not coach.ready:
        return None
    return next((judged for judged in pick(coach.judgements) if judged.ply == ply), None)


def seen_then(look: Look, ply: int) -> Seen:
    """The position before the person's move ``ply`` as the person coached
    saw it when they chose it: the viewer is that person, their own hidden
    pieces shown, with the moves they could play then."""
    seating = look.seating()
    state = look.history.position(ply)
    then = replace(seating, state=state, cursor=ply, figure=False, anyone=False)
    seen = seen_by(then, look.history, look.game.legal_moves, look.size, False)
    return replace(seen, acting=True, legal=tuple(look.game.legal_moves(seen.state)), thinking=False)


def taps(presenter: Presenter, seen: Seen, move: Any) -> list[str]:
    """The canvas targets tapped to play ``move`` in ``seen``, in order, as a hint plays it
    (:func:`iriri_core.learn.hint_plan.plan_hint`): none where only a button plays it."""
    return [step.target for step in plan_hint(presenter, seen, move, "").steps if step.target is not None]


def coached_look(look: Look, ply: int) -> tuple[Panel, dict[str, list[str]]] | None:
    """A move of the coach's list looked at: the panel of the position
    before it as the person saw it then (:func:`seen_then`), the move
    played and the hard bot's marked on the board
    (:func:`iriri_core.pictures.drawing.move_marks`: "yours" and "better"), the
    coach's sentence as the status; with the targets marked.  None where
    the coach lists no move ``ply``."""
    judged = listed(look, ply)
    if judged is None:
        return None
    presenter, seen = look.presenter, seen_then(look, ply)
    shown = presenter.panel(seen, presenter.new_draft())
    marked = move_marks(
        shown["scene"], taps(presenter, seen, judged.played), taps(presenter, seen, judged.better)
    )
    shown["status"] = entry(look, judged)["said"]
    return shown, marked


TRY_NAME = "The {level} bot's move"
"""What the hint of a position tried again calls the coach's bot's move."""


def try_from(look: Look, ply: int) -> Changes:
    """Play on from the position before the person's move ``ply`` of the
    coach's list: a new game that starts there, the same seats, the hard
    bot's move on the table as a hint (Play it plays it; any other move
    may be played instead).  In a game with hidden information, what the
    person could not see is dealt again, consistently with what they could
    (the other hands, the dominoes to draw): it is a new game, not a
    replay of the old one."""
    judged, coach = listed(look, ply), look.coach
    if judged is None or coach is None:
        return Changes(error=f"the coach lists no move {ply + 1} to play on from")
    game, seat = look.game, coach.seat
    state = look.history.position(ply)
    if game.hidden_information:
        state = game.sample(game.view(state, seat), seat, random.Random(bot_seed(coach.seed, ply)))
    said = entry(look, judged)
    words = (
        f"A new game from before your move on turn {judged.turn}, against the same bots; "
        f"you {said['played']} then. {{hint}} Or play a move of your own."
    )
    name = TRY_NAME.format(level=coach.level)
    return Changes(start_from=state, plan=Planned(judged.better, said["better"], name, words))
