"""Learn to play: each game's tour of short lessons, read from the data file
``lessons.toml`` in the game's package (docs/lessons.md says how to write
one).  A lesson is a real position of the game, a goal in one sentence,
the moves that meet it and the words around them; a new lesson needs no
code.  The file also lists the game's rules, each in one sentence, and
every lesson names the rules it teaches, so that a test can tell that the
tour covers every rule.

This module only reads the data and judges a move against a lesson; the
table's lesson mode is :mod:`iriri_core.learn.lesson_mode`."""

from __future__ import annotations

import functools
import importlib.resources
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from typing import Any

from ..engine import Game, GameError, get_game

LESSONS_FILE = "lessons.toml"
MAX_LESSONS = 12
"""A tour is short: at most this many lessons (a person finishes it in minutes)."""

LESSON, PUZZLE = "lesson", "puzzle"
"""The kinds of :class:`Lesson`: one of its game's tour, or a puzzle a link
gives (:mod:`iriri_core.learn.puzzles`), in no tour."""

PUZZLE_ID = "puzzle"
"""A puzzle's id: no lesson of a tour may have it, so that Start again
(a ``lesson`` event with this id) reopens the puzzle on the table."""


class LessonError(ValueError):
    """A lesson file that cannot be used: what is wrong, and where."""


@dataclass(frozen=True)
class Rule:
    """One rule of a game, in one sentence: what a lesson teaches."""

    id: str
    text: str


@dataclass(frozen=True)
class Lesson:
    """One idea (a rule or a tactic) taught on one position."""

    game: str
    id: str
    title: str
    teaches: tuple[str, ...]
    """The ids of the rules it teaches (:class:`Rule`)."""
    position: str
    """The game's own position text; the learner is the player to move."""
    intro: str
    """What to know before the move, in one or two short sentences."""
    goal: str
    """What to do, in one sentence."""
    solutions: tuple[tuple[str, ...], ...]
    """The ways to meet the goal: each the learner's moves in order, as move texts."""
    done: str
    """What the move showed, in one sentence, said once it is made."""
    credit: str = ""
    """Whose example it is (the designer's worked example), if not ours."""
    wrong: dict[str, str] = field(default_factory=dict, hash=False)
    """Why a legal move that misses the goal misses it, by move text; other
    legal moves get the goal again."""
    kind: str = LESSON
    """``lesson`` (in its game's tour) or ``puzzle`` (from a link, in no tour)."""

    @property
    def in_tour(self) -> bool:
        """Whether it is a lesson of its game's tour (not a puzzle)."""
        return self.kind == LESSON

    @property
    def number(self) -> int | None:
        """Its place in the tour, from 1 (None for a puzzle)."""
        if not self.in_tour:
            return None
        return [lesson.id for lesson in tour(self.game).lessons].index(self.id) + 1

    def start(self) -> Any:
        """The position it starts from."""
        return get_game(self.game).from_text(self.position)

    def expected(self, played: tuple[str, ...]) -> list[str]:
        """The move texts that carry on from ``played`` (the learner's moves
        so far) towards the goal, in the order of the ways (Show me shows
        the first: the way the lesson's words describe); empty once it is met."""
        after = len(played)
        nexts = (way[after] for way in self.solutions if way[:after] == played and len(way) > after)
        return list(dict.fromkeys(nexts))

    def met(self, played: tuple[str, ...]) -> bool:
        """Whether ``played`` is one of the ways to meet the goal."""
        return played in self.solutions

    def refusal(self, state: Any, played: tuple[str, ...], move: Any) -> str | None:
        """Why the learner may not play ``move`` in ``state`` after ``played``
        in this lesson (None: it leads to the goal).  An illegal move is
        refused by the game's own rules, in its own words; a legal one that
        misses the goal, with the lesson's reason."""
        game = get_game(self.game)
        if move not in game.legal_moves(state):
            return None  # the table plays it, and the game says why not
        text = game.move_text(state, move)
        if text in self.expected(played):
            return None
        asks = "what this lesson asks" if self.in_tour else "the answer to this puzzle"
        reason = self.wrong.get(text, f"it is not {asks}: {self.goal}")
        return f"That move is legal, but {reason}"


@dataclass(frozen=True)
class Tour:
    """A game's lessons, in order, and the rules they teach."""

    game: str
    rules: tuple[Rule, ...]
    lessons: tuple[Lesson, ...]

    def lesson(self, lesson_id: str) -> Lesson:
        """The lesson called ``lesson_id``; LessonError naming the lessons there are."""
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        names = ", ".join(lesson.id for lesson in self.lessons)
        raise LessonError(
            f"{get_game(self.game).title} has no lesson {lesson_id!r}; its lessons are: {names}"
        )

    def after(self, lesson: Lesson) -> Lesson | None:
        """The next lesson, None after the last."""
        index = self.lessons.index(lesson)
        return self.lessons[index + 1] if index + 1 < len(self.lessons) else None

    def uncovered(self) -> list[str]:
        """The ids of the rules no lesson teaches."""
        taught = {rule for lesson in self.lessons for rule in lesson.teaches}
        return [rule.id for rule in self.rules if rule.id not in taught]


def has_tour(game: str) -> bool:
    """Whether the game's package has a lessons file."""
    return _file(game).is_file()


@functools.cache
def tour(game: str) -> Tour:
    """The game's tour, read and checked from its lessons file."""
    file = _file(game)
    if not file.is_file():
        raise LessonError(f"{get_game(game).title} has no lessons yet")
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{game}'s {LESSONS_FILE}: {exc}") from None
    return read_tour(game, data)


def read_tour(game: str, data: dict[str, Any]) -> Tour:
    """A tour from a lessons file's data; LessonError says what is wrong
    (a missing field, a rule or lesson named twice, a rule nobody has)."""
    rules = tuple(Rule(_text(item, "id", game), _text(item, "text", game)) for item in data.get("rule", []))
    ids = [rule.id for rule in rules]
    if len(set(ids)) != len(ids):
        raise LessonError(f"{game}: a rule id is used twice")
    lessons = tuple(_lesson(game, item, set(ids)) for item in data.get("lesson", []))
    names = [lesson.id for lesson in lessons]
    if len(set(names)) != len(names):
        raise LessonError(f"{game}: a lesson id is used twice")
    if PUZZLE_ID in names:
        raise LessonError(f"{game}: no lesson may be called {PUZZLE_ID!r}: a puzzle is")
    if not lessons or len(lessons) > MAX_LESSONS:
        raise LessonError(f"{game}: a tour has 1 to {MAX_LESSONS} lessons, not {len(lessons)}")
    return Tour(game, rules, lessons)


def _lesson(game: str, item: dict[str, Any], rules: set[str]) -> Lesson:
    where = f"{game}, lesson {item.get('id', '?')!r}"
    teaches = tuple(item.get("teaches", ()))
    unknown = [rule for rule in teaches if rule not in rules]
    if unknown:
        raise LessonError(f"{where}: teaches rules that are not listed: {', '.join(unknown)}")
    solutions = tuple(tuple(way) for way in item.get("solutions", ()))
    if not solutions or not all(solutions) or not all(isinstance(m, str) for way in solutions for m in way):
        raise LessonError(f"{where}: 'solutions' is a list of ways, each a list of move texts")
    wrong = item.get("wrong", {})
    if not isinstance(wrong, dict) or not all(isinstance(v, str) for v in wrong.values()):
        raise LessonError(f"{where}: 'wrong' maps move texts to reasons")
    return Lesson(
        game=game,
        id=_text(item, "id", where),
        title=_text(item, "title", where),
        teaches=teaches,
        position=_text(item, "position", where),
        intro=_text(item, "intro", where),
        goal=_text(item, "goal", where),
        solutions=solutions,
        done=_text(item, "done", where),
        credit=str(item.get("credit", "")),
        wrong=dict(wrong),
    )


def _text(item: dict[str, Any], key: str, where: str) -> str:
    value = item.get(key)
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{where}: {key!r} must be some text")
    return value.strip()


def _file(game: str) -> Traversable:
    package = sys.modules[type(get_game(game)).__module__].__package__ or ""
    return importlib.resources.files(package) / LESSONS_FILE


def replay(game: Game[Any, Any], lesson: Lesson, way: tuple[str, ...]) -> list[Any]:
    """The positions a way through ``lesson`` passes: its start, then the
    position after each move (GameError if a move is not legal there)."""
    states = [lesson.start()]
    for text in way:
        state = states[-1]
        move = game.parse_move(state, text)
        if move not in game.legal_moves(state):
            raise GameError(f"{lesson.id}: {text} is not legal in its position")
        states.append(game.play(state, move))
    return states


def tour_table(game: str, seconds: Mapping[str, float]) -> str:
    """The tour of ``game`` as docs/lessons.md lists it (Markdown): its
    lessons, each with the rules it teaches and a person's time through it
    (``seconds`` by lesson id, as :func:`iriri_core.learn.lesson_mode.tour_seconds`
    estimates it), then every rule with the lessons that teach it."""
    lessons = tour(game)
    title = get_game(game).title
    minutes = sum(seconds[lesson.id] for lesson in lessons.lessons) / 60
    counts = f"{len(lessons.lessons)} lessons, {len(lessons.rules)} rules"
    lines = [
        f"### {title}: {counts}, about {minutes:.1f} minutes",
        "",
        "| # | lesson (`lesson=` id) | teaches | from | time |",
        "|---|---|---|---|---|",
    ]
    for number, lesson in enumerate(lessons.lessons, 1):
        teaches, credit = ", ".join(lesson.teaches), lesson.credit or "ours"
        time = f"{seconds[lesson.id]:.0f} s"
        lines.append(f"| {number} | {lesson.title} (`{lesson.id}`) | {teaches} | {credit} | {time} |")
    lines += ["", "| rule | in a sentence | taught by |", "|---|---|---|"]
    for rule in lessons.rules:
        by = [str(number) for number, lesson in enumerate(lessons.lessons, 1) if rule.id in lesson.teaches]
        lines.append(f"| `{rule.id}` | {rule.text} | {', '.join(by)} |")
    return "\n".join(lines) + "\n"
