"""The table's lesson mode (Learn to play): a lesson of a game's tour
(:mod:`iriri_core.lessons`) put on the table, its position with the
learner to move; a move that misses the lesson's goal refused with why,
Show me (the Hint button) ringing the lesson's own move, and the view
telling the lesson's words and whether its goal is met.  Nobody else acts
while a lesson is on the table: the lesson ends with the learner's move."""

from __future__ import annotations

from typing import Any

from .desk import Desk
from .engine import GameError, get_game
from .hint_plan import plan_hint
from .lessons import Lesson, LessonError, has_tour, tour
from .links import Snapshot
from .records import Record


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


def refusal(desk: Desk, move: Any) -> str | None:
    """Why ``move`` may not be played in the lesson on the table (None:
    no lesson, or the move leads to its goal, or it is illegal and the
    game's rules say why)."""
    lesson = desk.lesson
    if lesson is None:
        return None
    so_far = played(desk)
    if lesson.met(so_far):
        return "this lesson is done: press Next lesson, or Start again to play it again"
    return lesson.refusal(desk.state, so_far, move)


def show_me(desk: Desk, lesson: Lesson) -> None:
    """Ring on the board how to meet the lesson's goal, step by step, as
    a hint does (Play it plays it)."""
    expected = lesson.expected(played(desk))
    if not expected:
        desk.error("this lesson is done: press Next lesson, or Start again to play it again")
        return
    seen = desk.seen()
    move = desk.game.parse_move(seen.state, expected[0])
    summary = desk.presenter.action_label(desk.game, seen.state, move)
    desk.draft, desk.steps = desk.presenter.new_draft(), []
    desk.hint = plan_hint(desk.presenter, seen, move, summary)
    desk.note(desk.hint.text().replace("Hint: ", "Show me: ", 1), "hint")
    desk.generation += 1


def dress(desk: Desk, view: dict[str, Any]) -> None:
    """Put the lesson on the table in the page's ``view`` (docs/page.md,
    "Lessons"): its words as ``lesson`` (None where there is none), and,
    once its goal is met, the table at rest (nobody else acts in a lesson)."""
    lesson = desk.lesson
    view["lesson"] = None
    if lesson is None:
        return
    lessons = tour(lesson.game)
    after = lessons.after(lesson)
    met = lesson.met(played(desk))
    view["buttons"]["draw"] = False
    if met:
        view["state"]["thinking"] = False
        view["buttons"]["hint"] = view["buttons"]["play-hint"] = False
        view["status"] = "Lesson done: " + ("on to the next one" if after else "that was the last one")
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
    }


def tour_view(game: str, learned: set[str]) -> list[dict[str, Any]]:
    """A game's lessons as the Learn dialog lists them, each with whether
    it was ``learned`` (its goal met once in this browser); empty for a
    game with no tour."""
    if not has_tour(game):
        return []
    return [
        {"id": lesson.id, "title": lesson.title, "learned": lesson.id in learned}
        for lesson in tour(game).lessons
    ]
