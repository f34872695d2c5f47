"""The table's lesson mode (Learn to play): a lesson of a game's tour
(:mod:`iriri_core.learn.lessons`), or a puzzle a link gives
(:mod:`iriri_core.learn.puzzles`), put on the table, its position with the
learner to move; a move that misses the lesson's goal refused with why,
Show me (the Hint button) ringing the lesson's own move, and the view
telling the lesson's words and whether its goal is met.  Nobody else acts
while a lesson is on the table: the lesson ends with the learner's move."""

from __future__ import annotations

from typing import Any, Protocol

from ..bots import LEVELS
from ..engine import GameError, get_game
from ..presenter import Hint
from ..records import Record
from ..site.links import Snapshot
from ..table.changes import Changes, Loaded, Look, Planned
from ..table.history import History
from .lessons import PUZZLE_ID, Lesson, LessonError, has_tour, tour
from .puzzles import puzzle_options

DONE = "this lesson is done: press Next lesson, or Start again to do it again"
"""What a learner is told who acts after the lesson's goal is met."""

SOLVED = "this puzzle is solved: press Play on from here, or Start again to do it again"
"""What a solver is told who acts after the puzzle is solved."""

FIRST_OPPONENT = {"kind": "bot", "level": LEVELS[0]}
"""Who a tour's last lesson offers a first game against: the easiest bot."""

PLAY_ON = {"kind": "bot", "level": LEVELS[1]}
"""Who a solved puzzle offers to play on against, from the position reached: the medium bot."""


def done_words(lesson: Lesson | None) -> str:
    """What a learner is told who acts once ``lesson``'s goal is met."""
    return SOLVED if lesson is not None and not lesson.in_tour else DONE


READING_PACE = 200
"""Words a minute a person reads a lesson's words at (:func:`person_seconds`)."""

TAP_SECONDS = 3
"""Seconds a person takes for each tap Show me asks for: finding the place
on the board and tapping it (:func:`person_seconds`)."""


def open_lesson(game: str, lesson_id: str, on_table: Lesson | None = None) -> Changes:
    """Put lesson ``lesson_id`` of ``game``'s tour on the table, from its
    start; on a lesson there is not, say so and keep the table as it is.
    The id ``puzzle`` starts the puzzle ``on_table`` (the lesson on the
    table) again: Start again."""
    if lesson_id == PUZZLE_ID:
        if on_table is None or on_table.in_tour or on_table.game != game:
            return Changes(error="there is no puzzle on the table to start again")
        return open_puzzle(on_table)
    try:
        lesson = tour(game).lesson(lesson_id)
    except (GameError, LessonError) as exc:
        return Changes(error=str(exc))
    return _put(lesson, f"Lesson {lesson.number}: {lesson.title}. {lesson.goal}")


def open_puzzle(puzzle: Lesson) -> Changes:
    """Put ``puzzle`` (:func:`iriri_core.learn.puzzles.read_puzzle`) on the table, from its start."""
    return _put(puzzle, f"Puzzle: {puzzle.goal}")


def _put(lesson: Lesson, news: str) -> Changes:
    """``lesson`` on the table from its start, the learner a person, the
    other seats the easy bot (who never acts in a lesson)."""
    engine = get_game(lesson.game)
    state = lesson.start()
    players, learner = engine.num_players(state), engine.current_player(state)
    seats = tuple("human" if seat == learner else "easy" for seat in range(players))
    record = Record(lesson.game, players, lesson.position)
    load = Loaded(Snapshot(record, seats, 0), History.replay(engine, record, 0))
    return Changes(load=load, lesson=lesson, news=[news])


def lesson_met(lesson: Lesson | None, played: tuple[str, ...]) -> bool:
    """Whether ``lesson``, the lesson on the table, has had its goal met by the learner's moves ``played``."""
    return lesson is not None and lesson.met(played)


def refusal(lesson: Lesson | None, played: tuple[str, ...], state: Any, move: Any) -> str | None:
    """Why ``move`` may not be played in ``state`` of ``lesson``, the lesson on
    the table, after the learner's moves ``played`` (None: no lesson, or the
    move leads to its goal, or it is illegal and the game's rules say why)."""
    if lesson is None:
        return None
    if lesson.met(played):
        return done_words(lesson)
    return lesson.refusal(state, played, move)


def show_me(look: Look, lesson: Lesson) -> Changes:
    """Ring on the board how to meet the lesson's goal, step by step, as
    a hint does (Play it plays it)."""
    expected = lesson.expected(tuple(look.moves[: look.cursor]))
    if not expected:
        return Changes(error=done_words(lesson))
    move = look.game.parse_move(look.seen().state, expected[0])
    return Changes(plan=Planned(move, "", name="Show me"))


def dress(lesson: Lesson | None, played: tuple[str, ...], view: dict[str, Any]) -> None:
    """Put ``lesson``, the lesson or puzzle on the table, in the page's
    ``view`` (docs/page-events.md, "The view"), the learner having
    ``played`` these moves: its words as ``lesson`` (None where there is
    none), what to do next once its goal is met, and what the page's
    heading and buttons say and send, so that the page does no arithmetic."""
    view["lesson"] = None
    if lesson is None:
        return
    met = lesson.met(played)
    view["buttons"]["draw"] = False
    if lesson.in_tour:
        lessons = tour(lesson.game)
        after = lessons.after(lesson)
        number, count = lesson.number, len(lessons.lessons)
        heading = f"Lesson {number} of {count}: {lesson.title}"
        then: dict[str, Any] = {
            "label": "Play a first game against the easy bot",
            "event": {
                "type": "new",
                "game": lesson.game,
                "seats": [{"kind": "human"}, FIRST_OPPONENT],
                "seed": None,
            },
        }
        if after is None:
            button = {"label": "Play a game", "title": then["label"], "event": then["event"]}
        else:
            title = f"Lesson {(number or 0) + 1}: {after.title}"
            button = {"label": "Next lesson", "title": title, "event": _opening(lesson.game, after.id)}
        press, done = (
            ("press Next lesson" if after else "press Play a game to play the easy bot"),
            "Lesson done",
        )
    else:
        after, number, count, heading = None, None, None, "Puzzle"
        event = play_on(lesson, played) if met else None
        then = {"label": "Play on from here against the medium bot", "event": event}
        button = {"label": "Play on from here", "title": then["label"], "event": then["event"]}
        press, done = "press Play on from here, or Start again", "Puzzle solved"
    if met:
        view["buttons"]["hint"] = view["buttons"]["play-hint"] = False
        if (
            view["round"] is not None
        ):  # a lesson's last move may end a round: its count is shown, no next round
            view["round"] = {**view["round"], "button": None}
        view["status"] = f"{done}: {press}"
        if view["message"] is None:
            view["message"] = {"kind": "note", "text": f"Well done. {lesson.done}"}
    view["lesson"] = {
        "game": lesson.game,
        "id": lesson.id,
        "kind": lesson.kind,
        "heading": heading,
        "title": lesson.title,
        "number": number,
        "count": count,
        "intro": lesson.intro,
        "goal": lesson.goal,
        "credit": lesson.credit,
        "met": met,
        "done": lesson.done if met else "",
        "next": None if after is None else {"id": after.id, "title": after.title},
        "then": then,
        "button": {**button, "enabled": met},
        "again": _opening(lesson.game, lesson.id),
        "link": _link(lesson),
    }


def _link(lesson: Lesson) -> str:
    """The link options that give ``lesson`` (Share): a lesson of a tour by
    its id, a puzzle whole."""
    return f"game={lesson.game}&lesson={lesson.id}" if lesson.in_tour else puzzle_options(lesson)


def _opening(game: str, lesson_id: str) -> dict[str, Any]:
    """The event that puts lesson ``lesson_id`` of ``game`` on the table
    (with the puzzle's id: the puzzle on the table, again)."""
    return {"type": "lesson", "game": game, "lesson": lesson_id}


def play_on(puzzle: Lesson, played: tuple[str, ...]) -> dict[str, Any] | None:
    """The event that starts a new game from the position ``puzzle`` reaches
    after ``played`` (the solver's moves), the solver against the medium
    bot (docs/page-events.md: a ``new`` event with a ``position``); None
    where those moves cannot be played again (they always can on a table)."""
    engine = get_game(puzzle.game)
    state = puzzle.start()
    solver = engine.current_player(state)
    try:
        for text in played:
            state = engine.play(state, engine.parse_move(state, text))
    except GameError:
        return None
    players = engine.num_players(state)
    return {
        "type": "new",
        "game": puzzle.game,
        "seats": [{"kind": "human"} if seat == solver else PLAY_ON for seat in range(players)],
        "seed": None,
        "position": engine.to_line(state) or engine.to_text(state),
    }


class LessonTable(Protocol):
    """A table, as Show me's taps are counted on it: changes applied, what is on it read."""

    def apply_changes(self, changes: Changes) -> None: ...

    def look(self) -> Look: ...


def show_me_taps(table: LessonTable, lesson: Lesson) -> int:
    """How many taps Show me asks for through ``lesson``: the lesson opened
    on ``table`` and Show me's move played, move after move, until its goal
    is met (the table is left there)."""
    table.apply_changes(open_lesson(lesson.game, lesson.id) if lesson.in_tour else open_puzzle(lesson))
    taps = 0
    while not lesson_met(lesson, tuple((look := table.look()).moves[: look.cursor])):
        cursor = look.cursor
        table.apply_changes(show_me(look, lesson))
        hint: Hint | None = table.look().hint
        if hint is not None:
            table.apply_changes(Changes(play=hint.move))
        if hint is None or table.look().cursor != cursor + 1:
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


def tour_seconds(table: LessonTable, game: str) -> dict[str, float]:
    """A person's time through each lesson of ``game``'s tour, by lesson
    id (:func:`person_seconds`), Show me's taps counted on ``table``,
    which is left at the last lesson's end."""
    return {lesson.id: person_seconds(lesson, show_me_taps(table, lesson)) for lesson in tour(game).lessons}


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
