"""Learn to play: every lesson of every game's tour (its lessons.toml) is
played through the engine, and the table's lesson mode refuses, shows and
tells as a newcomer needs (docs/lessons.md)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fixtures.tictactoe import ENTRY
from kuhn import registered

from iriri_core import Seat, Table
from iriri_core.engine import InvalidOptionsError, get_game
from iriri_core.learn.hint_plan import plan_hint
from iriri_core.learn.lesson_mode import person_seconds, show_me_taps, tour_seconds
from iriri_core.learn.lessons import (
    MAX_LESSONS,
    Lesson,
    LessonError,
    has_tour,
    read_tour,
    replay,
    tour,
    tour_table,
)
from iriri_core.presenter import table_games
from iriri_core.site.links import parse_options

GAMES = ("iriri", "hextris", "pach-ice-i", "pyrinoes")

TOUR_SECONDS = 4.5 * 60
"""The longest a tour may take a person, by :func:`tour_seconds`: a margin
under the five minutes a tour aims at (the estimate is rough)."""


def every_lesson() -> list[Any]:
    """Every lesson of every game's tour, and the test game's."""
    with registered():
        games = [*(game for game in GAMES if has_tour(game)), ENTRY.name]
        return [
            pytest.param(lesson, id=f"{game}/{lesson.id}") for game in games for lesson in tour(game).lessons
        ]


@pytest.fixture
def fifth(with_kuhn: None) -> Iterator[None]:
    yield


# ------------------------------------------------------------ the data

RULE = {"id": "r", "text": "A rule."}
LESSON = {
    "id": "a",
    "title": "A",
    "teaches": ["r"],
    "position": "p",
    "intro": "i",
    "goal": "g",
    "solutions": [["m"]],
    "done": "d",
}
"""A rule and a lesson as a lessons file holds them (read by :func:`read_tour`, never played)."""


@pytest.mark.parametrize("game", [game for game in GAMES if has_tour(game)])
def test_every_rule_of_a_game_is_taught_by_a_lesson(game: str) -> None:
    lessons = tour(game)
    assert lessons.rules, f"{game} lists no rules"
    assert lessons.uncovered() == [], f"rules of {game} no lesson teaches"
    assert 1 <= len(lessons.lessons) <= MAX_LESSONS


@pytest.mark.parametrize("lesson", every_lesson())
def test_every_way_through_a_lesson_is_legal_and_made_by_the_learner_alone(
    lesson: Lesson, fifth: None
) -> None:
    game = get_game(lesson.game)
    start = lesson.start()
    assert not game.is_over(start) and game.roller(start) is None, "the learner acts at the start"
    assert game.forced_pass(start) is None, "the learner has a choice (a lesson never waits on a pass)"
    learner = game.current_player(start)
    for way in lesson.solutions:
        states = replay(game, lesson, way)
        for state in states[:-1]:
            assert game.current_player(state) == learner, f"{way}: someone else acts in the lesson"
    for text, reason in lesson.wrong.items():
        move = game.parse_move(start, text)
        assert move in game.legal_moves(start), (
            f"wrong: {text} is not legal (illegal moves get the game's words)"
        )
        assert text not in lesson.expected(()), f"wrong: {text} meets the goal"
        assert reason.strip()


@pytest.mark.parametrize("lesson", every_lesson())
def test_every_lesson_can_be_played_by_taps_following_show_me(lesson: Lesson, fifth: None) -> None:
    """Show me rings each move's taps (a hint's steps), and following them
    meets the goal: a newcomer can do each lesson on the board."""
    table = Table(lesson.game)
    table.handle({"type": "lesson", "game": lesson.game, "lesson": lesson.id})
    assert table.lesson == lesson and table.view()["lesson"]["goal"] == lesson.goal
    for _ in range(max(len(way) for way in lesson.solutions)):
        if table.view()["lesson"]["met"]:
            break
        view = table.handle({"type": "command", "name": "hint"})
        assert view["message"]["kind"] == "hint" and view["message"]["text"].startswith("Show me: ")
        hint = table.hint
        assert hint is not None and hint.steps, "Show me gives taps to follow"
        for step in hint.steps:
            view = table.handle(step.event())
            assert view["message"] is None or view["message"]["kind"] != "error", view["message"]
    view = table.view()
    assert view["lesson"]["met"] and view["lesson"]["done"] == lesson.done
    assert not view["state"]["thinking"], "nobody acts after the lesson's move"


# ------------------------------------------------------------ the table's lesson mode


def test_a_legal_move_that_misses_the_goal_is_refused_with_the_lessons_reason(fifth: None) -> None:
    table = Table(ENTRY.name)
    table.handle({"type": "lesson", "game": ENTRY.name, "lesson": "win"})
    view = table.handle({"type": "move", "text": "c2"})
    assert view["message"] == {
        "kind": "error",
        "text": "That move is legal, but it only stops O; c3 wins at once.",
    }
    assert table.cursor == 0
    view = table.handle({"type": "move", "text": "c1"})
    assert view["message"]["text"] == (
        "That move is legal, but it is not what this lesson asks: "
        "Win now: take the cell that makes three in a row."
    )
    view = table.handle({"type": "move", "text": "a3"})
    assert view["message"]["kind"] == "error" and "legal" not in view["message"]["text"], "the game's words"
    assert table.cursor == 0


def test_the_lesson_is_met_by_its_move_and_then_rests(fifth: None) -> None:
    table = Table(ENTRY.name)
    view = table.handle({"type": "lesson", "game": ENTRY.name, "lesson": "win"})
    lesson = view["lesson"]
    assert (lesson["number"], lesson["count"], lesson["met"], lesson["done"]) == (1, 2, False, "")
    assert lesson["next"] == {"id": "block", "title": "Blocking"}
    assert [seat.kind for seat in table.seats] == ["human", "bot"], "the learner sits at the seat to move"
    view = table.handle({"type": "move", "text": "c3"})
    assert view["lesson"]["met"] and view["lesson"]["done"] == "Three in a row across the top: X wins."
    assert view["status"] == "Lesson done: press Next lesson"
    assert view["message"] == {"kind": "note", "text": "Well done. Three in a row across the top: X wins."}
    assert table.advance() is None, "nobody else acts"
    view = table.handle({"type": "tap", "target": "cell:8"})
    assert view["message"]["text"] == "This lesson is done: press Next lesson, or Start again to do it again"
    view = table.handle({"type": "command", "name": "undo"})
    assert table.cursor == 0 and not view["lesson"]["met"], "undo starts the lesson again"


def test_show_me_rings_the_lessons_move_and_play_it_plays_it(fifth: None) -> None:
    table = Table(ENTRY.name)
    table.handle({"type": "lesson", "game": ENTRY.name, "lesson": "block"})
    view = table.handle({"type": "command", "name": "hint"})
    assert view["message"]["text"] == "Show me: Tap cell c3."
    assert view["hint"]["next"] == "cell:2"
    table.handle({"type": "command", "name": "play-hint"})
    assert table.moves == ["c3"] and table.view()["lesson"]["met"]


def test_a_lesson_the_tour_has_not_is_refused_and_the_table_kept(fifth: None) -> None:
    table = Table(ENTRY.name, [Seat("human"), Seat("human")])
    table.handle({"type": "move", "text": "b2"})
    view = table.handle({"type": "lesson", "game": ENTRY.name, "lesson": "fork"})
    assert view["message"]["text"] == (
        "Tic-tac-toe (test game) has no lesson 'fork'; its lessons are: win, block"
    )
    assert table.moves == ["b2"] and table.lesson is None


def test_a_new_game_ends_the_lesson(fifth: None) -> None:
    table = Table(ENTRY.name)
    table.handle({"type": "lesson", "game": ENTRY.name, "lesson": "win"})
    view = table.handle({"type": "new", "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}]})
    assert table.lesson is None and view["lesson"] is None


def test_a_link_opens_a_lesson_and_a_wrong_one_says_which_there_are(fifth: None) -> None:
    options = parse_options(f"#game={ENTRY.name}&lesson=block")
    assert options.lesson == "block"
    table = Table(ENTRY.name)
    table.apply(options)
    assert table.lesson is not None and table.lesson.id == "block"
    with pytest.raises(InvalidOptionsError, match=r"no lesson 'nope'; its lessons are: win, block"):
        parse_options(f"#game={ENTRY.name}&lesson=nope")
    with pytest.raises(InvalidOptionsError, match="lesson: a lesson sets up its own table"):
        parse_options(f"#game={ENTRY.name}&lesson=win&seed=4")


def test_a_lesson_file_that_cannot_be_used_says_what_is_wrong() -> None:
    rule, lesson = RULE, LESSON
    assert read_tour("hextris", {"rule": [rule], "lesson": [lesson]}).lessons[0].solutions == (("m",),)
    cases = [
        ({"rule": [rule], "lesson": [{**lesson, "teaches": ["x"]}]}, "teaches rules that are not listed: x"),
        ({"rule": [rule], "lesson": [{**lesson, "goal": " "}]}, "'goal' must be some text"),
        ({"rule": [rule], "lesson": [{**lesson, "solutions": []}]}, "'solutions' is a list of ways"),
        ({"rule": [rule, rule], "lesson": [lesson]}, "a rule id is used twice"),
        ({"rule": [rule], "lesson": [lesson, lesson]}, "a lesson id is used twice"),
        ({"rule": [rule], "lesson": [lesson] * 13}, "a lesson id is used twice"),
        ({"rule": [rule], "lesson": []}, "a tour has 1 to 12 lessons, not 0"),
        ({"rule": [rule], "lesson": [{**lesson, "id": f"l{n}"} for n in range(13)]}, "lessons, not 13"),
    ]
    for data, words in cases:
        with pytest.raises(LessonError, match=words):
            read_tour("hextris", data)


def test_the_tours_are_the_table_games() -> None:
    assert set(GAMES) == set(table_games())


def test_show_me_is_a_plan_of_the_lessons_move(fifth: None) -> None:
    """Show me uses the hint's plan: the same rings and words a hint has."""
    table = Table(ENTRY.name)
    table.handle({"type": "lesson", "game": ENTRY.name, "lesson": "win"})
    seen = table.seen()
    move = table.game.parse_move(seen.state, "c3")
    plan = plan_hint(table.presenter, seen, move, "take c3")
    table.handle({"type": "command", "name": "hint"})
    assert table.hint is not None and table.hint.steps == plan.steps


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_tour_and_docs_lessons_md_lists_it(game: str) -> None:
    assert has_tour(game)
    table = tour_table(game, tour_seconds(Table(game), game))
    docs = (Path(__file__).resolve().parent.parent / "docs" / "lessons.md").read_text()
    assert table in docs, f"docs/lessons.md does not have {game}'s tour as its file has it:\n{table}"


def test_show_me_shows_the_first_way_the_lesson_lists() -> None:
    ways = [["z", "b"], ["a"], ["z", "c"]]
    lesson = read_tour("hextris", {"rule": [RULE], "lesson": [{**LESSON, "solutions": ways}]}).lessons[0]
    assert lesson.expected(()) == ["z", "a"] and lesson.expected(("z",)) == ["b", "c"]
    assert lesson.expected(("a",)) == [] and lesson.met(("a",)) and not lesson.met(("z",))


# ------------------------------------------------------------ a person's time


def test_a_persons_time_is_the_lessons_words_read_and_show_mes_taps(fifth: None) -> None:
    """200 words a minute for the intro, goal and closing words (ten here), 3 s a tap."""
    words = {"intro": "Three in a row.", "goal": "Take c3 now.", "done": "You won it."}
    lesson = read_tour("hextris", {"rule": [RULE], "lesson": [{**LESSON, **words}]}).lessons[0]
    assert person_seconds(lesson, 0) == pytest.approx(10 * 60 / 200)
    assert person_seconds(lesson, 2) == pytest.approx(10 * 60 / 200 + 2 * 3)
    win = tour(ENTRY.name).lesson("win")
    table = Table(ENTRY.name)
    assert show_me_taps(table, win) == 1 and table.lesson == win and table.moves == ["c3"]
    assert tour_seconds(Table(ENTRY.name), ENTRY.name) == {
        lesson.id: person_seconds(lesson, 1) for lesson in tour(ENTRY.name).lessons
    }


@pytest.mark.parametrize("game", GAMES)
def test_every_tour_takes_a_person_at_most_four_and_a_half_minutes(game: str) -> None:
    """Reading every lesson's words and making Show me's taps takes a
    person at most 4.5 minutes by the estimate (:func:`tour_seconds`)."""
    seconds = tour_seconds(Table(game), game)
    total = sum(seconds.values())
    slowest = sorted(seconds.items(), key=lambda item: -item[1])[:3]
    assert total <= TOUR_SECONDS, f"{game}: about {total / 60:.1f} minutes; the slowest lessons: {slowest}"
