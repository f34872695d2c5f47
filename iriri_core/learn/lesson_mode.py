"""The table's lesson mode (Learn to play): a lesson of a game's tour
(:mod:`iriri_core.learn.lessons`) put on the table, its position with the
learner to move; a move that misses the lesson's goal refused with why,
Show me (the Hint button) ringing the lesson's own move, and the view
telling the lesson's words and whether its goal is met.  Nobody else acts
while a lesson is on the table: the lesson ends with the learner's move."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..bots import LEVELS
from ..engine import GameError, get_game
from ..records import Record
from ..site.links import Snapshot
from ..table.desk import Desk
from .hint_plan import plan_hint
from .lessons import Lesson, LessonError, has_tour, tour

DONE = "this lesson is done: press Next lesson, or Start again to do it again"
"""What a learner is told who acts after the lesson's goal is met."""

FIRST_OPPONENT = {"kind": "bot", "level": LEVELS[0]}
"""Who a tour's last lesson offers a first game against: the easiest bot."""

READING_PACE = 200
"""Words a minute a person reads a lesson's words at (:func:`person_seconds`)."""

TAP_SECONDS = 3
"""Seconds a person takes for each tap Show me asks for: finding the place
on the board and tapping it (:func:`person_seconds`)."""


def open_lesson(desk: Desk, game: str, lesson_id: str) -> None:
    """Put lesson ``lesson_id`` of ``game``'s tour on the table, from its
    start; on a lesson there is not, say so and keep the table as it is."""
    try:
        lesson = tour(game).lesson(lesson_id)
    except (GameError, LessonError) as exc:
        desk.error(str(exc))
        return
    engine = get_game(game)
    state = lesson.start()
    players, learner = engine.num_players(state), engine.current_player(state)
    seats = tuple("human" if seat == learner else "easy" for seat in range(players))
    desk.load(Snapshot(Record(game, players, lesson.position), seats, 0))
    desk.lesson = lesson
    desk.news = [f"Lesson {lesson.number}: {lesson.title}. {lesson.goal}"]


def played(desk: Desk) -> tuple[str, ...]:
    """The learner's moves in the lesson on the table, up to the move shown."""
    return tuple(desk.moves[: desk.cursor])


def lesson_met(desk: Desk) -> bool:
    """Whether the lesson on the table has had its goal met."""
    return desk.lesson is not None and desk.lesson.met(played(desk))


def refusal(desk: Desk, move: Any) -> str | None:
    """Why ``move`` may not be played in the lesson on the table (None:
    no lesson, or the move leads to its goal, or it is illegal and the
    game's rules say why)."""
    lesson = desk.lesson
    if lesson is None:
        return None
    so_far = played(desk)
    if lesson.met(so_far):
        return DONE
    return lesson.refusal(desk.state, so_far, move)


def show_me(desk: Desk, lesson: Lesson) -> None:
    """Ring on the board how to meet the lesson's goal, step by step, as
    a hint does (Play it plays it)."""
    expected = lesson.expected(played(desk))
    if not expected:
        desk.error(DONE)
        return
    seen = desk.seen()
    move = desk.game.parse_move(seen.state, expected[0])
    desk.draft, desk.steps = desk.presenter.new_draft(), []
    desk.hint = replace(plan_hint(desk.presenter, seen, move, ""), name="Show me")
    desk.note(desk.hint.text(), "hint")
    desk.generation += 1


def dress(lesson: Lesson | None, played: tuple[str, ...], view: dict[str, Any]) -> None:
    """Put ``lesson``, the lesson on the table, in the page's ``view``
    (docs/page.md, "Learn to play"), the learner having ``played`` these
    moves: its words as ``lesson`` (None where there is none), and, once its
    goal is met, what to do next."""
    view["lesson"] = None
    if lesson is None:
        return
    lessons = tour(lesson.game)
    after = lessons.after(lesson)
    met = lesson.met(played)
    view["buttons"]["draw"] = False
    if met:
        view["buttons"]["hint"] = view["buttons"]["play-hint"] = False
        if (
            view["round"] is not None
        ):  # a lesson's last move may end a round: its count is shown, no next round
            view["round"] = {**view["round"], "button": None}
        then = "press Next lesson" if after else "press Play a game to play the easy bot"
        view["status"] = f"Lesson done: {then}"
        if view["message"] is None:
            view["message"] = {"kind": "note", "text": f"Well done. {lesson.done}"}
    view["lesson"] = {
        "game": lesson.game,
        "id": lesson.id,
        "title": lesson.title,
        "number": lesson.number,
        "count": len(lessons.lessons),
        "intro": lesson.intro,
        "goal": lesson.goal,
        "credit": lesson.credit,
        "met": met,
        "done": lesson.done if met else "",
        "next": None if after is None else {"id": after.id, "title": after.title},
        "then": {
            "label": "Play a first game against the easy bot",
            "event": {
                "type": "new",
                "game": lesson.game,
                "seats": [{"kind": "human"}, FIRST_OPPONENT],
                "seed": None,
            },
        },
    }


def show_me_taps(desk: Desk, lesson: Lesson) -> int:
    """How many taps Show me asks for through ``lesson``: the lesson opened
    on ``desk`` and Show me's move played, move after move, until its goal
    is met (the desk is left there)."""
    open_lesson(desk, lesson.game, lesson.id)
    taps = 0
    while not lesson_met(desk):
        show_me(desk, lesson)
        hint = desk.hint
        if hint is None or not desk.play(hint.move):
            raise LessonError(f"{lesson.game}, lesson {lesson.id!r}: Show me has no move to play")
        taps += len(hint.steps)
    return taps


def person_seconds(lesson: Lesson, taps: int) -> float:
    """A person's time through ``lesson``, estimated: its words (intro,
    goal and closing words) read at :data:`READING_PACE` (200) words a
    minute, plus :data:`TAP_SECONDS` (3 s) for each of the ``taps`` Show me
    asks for."""
    words = sum(len(text.split()) for text in (lesson.intro, lesson.goal, lesson.done))
    return words * 60 / READING_PACE + taps * TAP_SECONDS


def tour_seconds(desk: Desk, game: str) -> dict[str, float]:
    """A person's time through each lesson of ``game``'s tour, by lesson
    id (:func:`person_seconds`), Show me's taps counted on ``desk``, a
    table, which is left at the last lesson's end."""
    return {lesson.id: person_seconds(lesson, show_me_taps(desk, lesson)) for lesson in tour(game).lessons}


def tour_view(game: str, learned: set[str]) -> dict[str, Any]:
    """A game's tour as the Learn dialog shows it: the game's short name
    (``title``) and its ``lessons``, each with whether it was ``learned``
    (its goal met once in this browser); no lessons for a game with no tour."""
    lessons = tour(game).lessons if has_tour(game) else ()
    return {
        "title": get_game(game).title,
        "lessons": [
            {"id": lesson.id, "title": lesson.title, "learned": lesson.id in learned} for lesson in lessons
        ],
    }
