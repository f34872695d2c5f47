"""Puzzles (issue 38, "Puzzles"; docs/embedding.md, "Puzzles"): a position, a
question and the answer, given as a link, opened on a table as a lesson that
is in no tour; bad puzzle links refused with words; the hard bot's check of
an answer for an editor (iriri_core.learn.puzzles) and its command."""

from __future__ import annotations

import json
import random
import string
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from test_saves import Store, Tab

from iriri_core import Table
from iriri_core.engine import InvalidOptionsError, get_game
from iriri_core.learn.lesson_mode import show_me_taps
from iriri_core.learn.lessons import PUZZLE_ID, LessonError, read_tour, tour
from iriri_core.learn.puzzles import MARGIN, MAX_QUESTION, check_puzzle, read_puzzle
from iriri_core.site.links import parse_options
from iriri_core.site.storage import LEARNED, saved_key

ROOT = Path(__file__).resolve().parent.parent

FROM_LESSONS = {
    "iriri": "both-ends",
    "hextris": "win",
    "pach-ice-i": "medium-large",
    "pyrinoes": "two-ends",
}
"""The lesson of each game whose position and first way make its test puzzle
(a real position, and moves the learner makes alone: tests/test_lessons.py)."""

TYPED = {
    "iriri": "B3@0,-1+B1@0,2",
    "hextris": "d3xc2",
    "pach-ice-i": "enter+LM+1+4;enter+L+6",
    "pyrinoes": "R3-Y1+left",
}
"""Each answer as a person types it into a link or a wiki page: a space as
``+``, moves separated by ``;``, a pyrino's ends joined by ``-`` (a ``+``
in a link is a space)."""

QUESTION = "Find the move the lesson asks for"


def puzzle_options(game: str, typed: str | None = None, **more: str) -> str:
    """A puzzle link's options for ``game``, built from its lesson's position
    (as a line) and its first way (encoded as a link encodes it), or the
    answer as ``typed`` into the link."""
    lesson = tour(game).lesson(FROM_LESSONS[game])
    engine = get_game(game)
    line = engine.to_line(lesson.start())
    assert line is not None
    given = {"game": game, "position": line, "puzzle": QUESTION, **more}
    answer = (
        urlencode({"answer": ";".join(lesson.solutions[0])}, safe="@,;")
        if typed is None
        else f"answer={typed}"
    )
    return urlencode(given, safe="@,:/;") + "&" + answer


def opened(game: str, options: str | None = None) -> Table:
    table = Table(game)
    table.apply(parse_options(options or puzzle_options(game)))
    return table


def wrong_move(table: Table, answer: str) -> str:
    """A legal move of the position on ``table`` that is not ``answer``."""
    game, state = table.game, table.state
    texts = [game.move_text(state, move) for move in game.legal_moves(state)]
    return next(text for text in texts if text != answer)


@pytest.mark.parametrize("game", list(FROM_LESSONS))
def test_a_puzzle_link_opens_asks_refuses_praises_shows_and_starts_again(game: str) -> None:
    answer = tour(game).lesson(FROM_LESSONS[game]).solutions[0]
    assert (
        parse_options(puzzle_options(game, TYPED[game])).puzzle == parse_options(puzzle_options(game)).puzzle
    )
    table = opened(game, puzzle_options(game, TYPED[game], credit="The rules' own example"))
    view = table.view()
    shown = view["lesson"]
    assert (shown["kind"], shown["heading"], shown["id"], shown["goal"]) == (
        "puzzle",
        "Puzzle",
        "puzzle",
        QUESTION,
    )
    assert shown["credit"] == "The rules' own example" and shown["number"] is None and shown["next"] is None
    assert not shown["met"] and not shown["button"]["enabled"]
    assert shown["again"] == {"type": "lesson", "game": game, "lesson": PUZZLE_ID}
    assert [seat.is_bot for seat in table.seats].count(False) == 1, "the solver alone is a person"

    wrong = wrong_move(table, answer[0])
    view = table.handle({"type": "move", "text": wrong})
    assert view["message"] == {
        "kind": "error",
        "text": f"That move is legal, but it is not the answer to this puzzle: {QUESTION}",
    }
    assert table.cursor == 0 and table.lesson is not None, "the wrong move is not played: the table is kept"

    for text in answer:
        view = table.handle({"type": "move", "text": text})
    assert view["lesson"]["met"] and view["lesson"]["done"] == f"That is the answer: {'; '.join(answer)}."
    assert view["message"] == {"kind": "note", "text": f"Well done. That is the answer: {'; '.join(answer)}."}
    assert view["status"] == "Puzzle solved: press Play on from here, or Start again"
    assert table.advance() is None, "nobody acts after the answer"
    button = view["lesson"]["button"]
    assert button["enabled"] and button["label"] == "Play on from here"
    reached = table.state

    view = table.handle(view["lesson"]["again"])  # Start again: the same puzzle, from its start
    assert table.cursor == 0 and not view["lesson"]["met"] and view["lesson"]["goal"] == QUESTION

    for step, text in enumerate(answer):  # Show me rings each move of the answer; Play it plays it
        view = table.handle({"type": "command", "name": "hint"})
        assert view["message"]["text"].startswith("Show me: "), view["message"]
        table.handle({"type": "command", "name": "play-hint"})
        assert table.moves[step] == text
    view = table.view()
    assert view["lesson"]["met"]

    table.handle(view["lesson"]["button"]["event"])  # Play on from here, against the medium bot
    assert table.lesson is None and table.view()["lesson"] is None
    assert table.history.start == reached
    assert sorted(seat.text for seat in table.seats) == ["human", *["medium"] * (len(table.seats) - 1)]


def test_show_me_alone_solves_every_puzzle() -> None:
    for game in FROM_LESSONS:
        table = opened(game)
        assert table.lesson is not None
        assert show_me_taps(table, table.lesson) >= 1
        assert table.view()["lesson"]["met"]


def test_a_lessons_view_keeps_every_field_and_says_its_heading_and_buttons() -> None:
    table = Table("hextris")
    view = table.handle({"type": "lesson", "game": "hextris", "lesson": "swap"})
    shown = view["lesson"]
    assert {
        "game",
        "id",
        "title",
        "number",
        "count",
        "intro",
        "goal",
        "credit",
        "met",
        "done",
        "next",
        "then",
    } <= set(shown)
    count = len(tour("hextris").lessons)
    assert shown["kind"] == "lesson" and shown["heading"] == f"Lesson 3 of {count}: Which pieces may swap"
    assert shown["button"]["label"] == "Next lesson" and shown["button"]["event"] == {
        "type": "lesson",
        "game": "hextris",
        "lesson": shown["next"]["id"],
    }
    assert shown["again"] == {"type": "lesson", "game": "hextris", "lesson": "swap"}
    last = tour("hextris").lessons[-1]
    shown = table.handle({"type": "lesson", "game": "hextris", "lesson": last.id})["lesson"]
    assert shown["button"]["label"] == "Play a game" and shown["button"]["event"] == shown["then"]["event"]


def test_start_again_without_a_puzzle_on_the_table_says_so() -> None:
    table = Table("hextris")
    view = table.handle({"type": "lesson", "game": "hextris", "lesson": PUZZLE_ID})
    assert view["message"]["text"] == "There is no puzzle on the table to start again"
    table = opened("hextris")
    view = table.handle({"type": "lesson", "game": "iriri", "lesson": PUZZLE_ID})
    assert view["message"]["kind"] == "error" and table.lesson is not None and table.lesson.kind == "puzzle"


def test_no_lesson_of_a_tour_may_take_the_puzzles_id() -> None:
    data = {
        "rule": [{"id": "r", "text": "A rule."}],
        "lesson": [
            {
                "id": PUZZLE_ID,
                "title": "A",
                "teaches": ["r"],
                "position": "p",
                "intro": "i",
                "goal": "g",
                "solutions": [["m"]],
                "done": "d",
            }
        ],
    }
    with pytest.raises(LessonError, match="no lesson may be called 'puzzle'"):
        read_tour("hextris", data)


def test_a_solved_puzzle_is_no_lesson_learned_and_never_saved() -> None:
    store = Store()
    tab = Tab(store)
    saved = store.items.get(saved_key("iriri"))
    tab.follow("#" + puzzle_options("hextris"))
    assert tab.table.lesson is not None and tab.table.lesson.kind == "puzzle"
    tab.send({"type": "move", "text": "d3xc2"})
    assert tab.view["lesson"]["met"]
    assert json.loads(store.items.get(LEARNED, "{}")).get("hextris", []) == []
    assert not any(lesson["learned"] for lesson in tab.view["tour"]["lessons"])
    assert saved_key("hextris") not in store.items and store.items.get(saved_key("iriri")) == saved


# ------------------------------------------------------------ bad puzzle links


BAD = {
    "no position": ("game=hextris&puzzle=Win&answer=d3xc2", "puzzle: it needs the position it is set in"),
    "no answer": ("{p}&puzzle=Win", "puzzle: it needs its answer"),
    "no question": ("{p}&answer=d3xc2", "answer: it goes with a puzzle"),
    "a credit alone": ("{p}&credit=Me", "credit: it goes with a puzzle"),
    "an empty question": ("{p}&puzzle=+&answer=d3xc2", "puzzle: it is empty"),
    "a long question": ("{p}&puzzle=" + "a" * (MAX_QUESTION + 1) + "&answer=d3xc2", "at most 200"),
    "a control character": ("{p}&puzzle=Win%07&answer=d3xc2", "puzzle: it has a control character"),
    "an empty answer": ("{p}&puzzle=Win&answer=", "answer: it is empty"),
    "an illegal answer": (
        "{p}&puzzle=Win&answer=d3-c4",
        "answer: move 1, 'd3-c4', is not legal in the position: ",
    ),
    "a move of another game": (
        "{p}&puzzle=Win&answer=Y1@0,0",
        "answer: move 1, 'Y1@0,0', is not a move of Hextris",
    ),
    "the other player's move": (
        "{p}&puzzle=Win&answer=b1-c1;S@a1",
        "answer: after move 1 it is ",
    ),
    "with a record": (
        "{p}&puzzle=Win&answer=d3xc2&seats=human,hard",
        "puzzle: a puzzle sets up its own table",
    ),
    "with a lesson": (
        "game=hextris&lesson=swap&puzzle=Win&answer=d3xc2",
        "lesson: a lesson sets up its own table",
    ),
}


@pytest.mark.parametrize("name", list(BAD))
def test_a_bad_puzzle_link_is_refused_with_words(name: str) -> None:
    position = "game=hextris&position=" + get_game("hextris").to_line(tour("hextris").lesson("win").start())  # type: ignore[operator]
    link, words = BAD[name]
    with pytest.raises(InvalidOptionsError) as refused:
        parse_options(link.replace("{p}", position))
    assert words in str(refused.value)


def test_a_puzzle_needs_a_player_to_move_not_a_game_over() -> None:
    game = get_game("hextris")
    state = game.from_text(ONE_WIN)
    over = game.to_line(game.play(state, game.parse_move(state, "d3xc2")))
    with pytest.raises(InvalidOptionsError, match="the game is over there"):
        parse_options(f"game=hextris&position={over}&puzzle=Win&answer=pass")


def test_a_pach_ice_i_puzzle_needs_the_dice_rolled() -> None:
    line = "pach-ice-i:7/7/7/7/7/7/7:black:-:5LMS:5LMS:-:-:-"
    with pytest.raises(InvalidOptionsError, match="chance is to move there"):
        parse_options(f"game=pach-ice-i&position={line}&puzzle=Roll&answer=roll+1+2+3")


def test_cut_and_garbled_puzzle_links_are_refused_with_words_never_an_exception() -> None:
    rng = random.Random(38)
    links = [puzzle_options(game, TYPED[game]) for game in FROM_LESSONS]
    tried = 0
    for link in links:
        for cut in range(1, len(link), 7):
            tried += _refused_or_read(link[:cut])
        for _ in range(40):
            chars = list(link)
            for _ in range(rng.randint(1, 4)):
                chars[rng.randrange(len(chars))] = rng.choice(string.printable)
            tried += _refused_or_read("".join(chars))
    for _ in range(100):
        noise = "".join(rng.choice(string.ascii_letters + "@,;-+ ") for _ in range(rng.randint(0, 30)))
        tried += _refused_or_read(puzzle_options("hextris", noise))
        tried += _refused_or_read(puzzle_options("pyrinoes", noise))
    assert tried > 300


def _refused_or_read(link: str) -> int:
    try:
        parse_options(link)
    except InvalidOptionsError as exc:
        assert str(exc) and not str(exc).startswith("Traceback")
    return 1


# ------------------------------------------------------------ the hard bot's check

ONE_WIN = "hextris:3/Y2Y1B11/1B31B21/Y32B3/Y3Y1B2:YB:1:000,000:2,2:0:-"
"""Hextris lesson 9 (``win``): Yellow, with two groups, makes a third only by d3xc2."""

TWO_WINS = "hextris:B3B31/2B21/B1Y21B11/Y2Y32/Y32:YB:1:100,000:2,2:0:-"
"""Yellow, with two groups and one small in hand, has four in a group: a small
dropped on a2 or on d2 makes the third group (found by a search of positions)."""


def test_the_two_positions_have_one_and_two_winning_moves() -> None:
    game = get_game("hextris")
    for line, count in ((ONE_WIN, 1), (TWO_WINS, 2)):
        state = game.from_text(line)
        wins = [move for move in game.legal_moves(state) if game.is_over(game.play(state, move))]
        assert len(wins) == count


def test_the_hard_bot_agrees_with_the_one_winning_move() -> None:
    checked = check_puzzle("hextris", ONE_WIN, "d3xc2")
    assert checked.legal and checked.agrees and checked.best == "d3xc2" and checked.rivals == ()
    assert checked.words() == [
        "The hard bot agrees: it plays d3xc2 too (the solver's chance to win after it: 100 in 100)."
    ]
    assert check_puzzle("hextris", ONE_WIN, "d3xc2") == checked, "the same seed, the same check"


def test_the_hard_bot_warns_of_another_move_as_good() -> None:
    checked = check_puzzle("hextris", TWO_WINS, "S@a2")
    assert checked.legal and checked.agrees
    assert [text for text, _ in checked.rivals] == ["S@d2"]
    assert checked.words()[-1] == "Another move is as good: S@d2 (100 in 100)."
    other = check_puzzle("hextris", TWO_WINS, "S@d2")
    assert [text for text, _ in other.rivals] == ["S@a2"]


def test_the_hard_bot_prefers_a_winning_move_to_a_weak_answer() -> None:
    checked = check_puzzle("hextris", ONE_WIN, "b1-c1")
    assert checked.legal and not checked.agrees and checked.best == "d3xc2"
    assert checked.best_value - checked.answer_value > MARGIN
    assert checked.words() == [
        "The hard bot prefers d3xc2: the solver's chance to win after it is 100 in 100, "
        f"after the answer's b1-c1 {round(100 * checked.answer_value)} in 100."
    ], "no other move is told of when the answer is not the best"


def test_an_illegal_answer_is_told_by_the_check() -> None:
    checked = check_puzzle("hextris", ONE_WIN, "d3-c4")
    assert not checked.legal
    assert checked.words()[0].startswith("The answer cannot be played: move 1, 'd3-c4', is not legal")


def test_the_puzzle_command_prints_the_check_and_fails_on_an_illegal_answer() -> None:
    def command(options: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "iriri_core", "puzzle", "check", options],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )

    link = f"https://example.org/#game=hextris&position={TWO_WINS}&puzzle=Yellow+to+play+and+win&answer=S@a2"
    done = command(link)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Hextris puzzle: Yellow to play and win Answer: S@a2",
        "The hard bot agrees: it plays S@a2 too (the solver's chance to win after it: 100 in 100).",
        "Another move is as good: S@d2 (100 in 100).",
    ]
    done = command(f"game=hextris&position={ONE_WIN}&puzzle=Win&answer=d3-c4")
    assert done.returncode == 1 and "answer: move 1, 'd3-c4', is not legal" in done.stderr


def test_read_puzzle_keeps_the_answers_moves_as_the_game_writes_them() -> None:
    puzzle = read_puzzle("hextris", ONE_WIN, "  Yellow   to play  ", " D3 X C2 ")
    assert puzzle.goal == "Yellow to play" and puzzle.solutions == (("d3xc2",),)
    assert puzzle.number is None and not puzzle.in_tour


def test_a_new_game_event_may_start_from_a_position() -> None:
    table = Table("hextris")
    seats: list[dict[str, Any]] = [{"kind": "human"}, {"kind": "bot", "level": "medium"}]
    table.handle({"type": "new", "game": "hextris", "seats": seats, "position": ONE_WIN})
    assert get_game("hextris").to_line(table.history.start) == ONE_WIN
    view = table.handle({"type": "new", "game": "hextris", "seats": [*seats, seats[1]], "position": ONE_WIN})
    assert view["message"]["text"] == "The position is for 2 players, not 3; the game is unchanged"
    assert get_game("hextris").to_line(table.history.start) == ONE_WIN, "the game is kept"
    view = table.handle({"type": "new", "game": "hextris", "seats": seats, "position": "hextris:nonsense"})
    assert view["message"]["text"].startswith("Position: ") and view["message"]["text"].endswith(
        "the game is unchanged"
    )


def test_the_puzzle_links_of_docs_embedding_md_open_and_are_solved_by_their_answers() -> None:
    text = (ROOT / "docs" / "embedding.md").read_text()
    links = [line for line in text.splitlines() if line.startswith("game=") and "&puzzle=" in line]
    assert sorted(parse_options(link).game for link in links) == sorted(FROM_LESSONS), "one per game"
    for link in links:
        table = opened(parse_options(link).game, link)
        assert table.lesson is not None
        for text_ in table.lesson.solutions[0]:
            table.handle({"type": "move", "text": text_})
        assert table.view()["lesson"]["met"], link


@pytest.mark.parametrize("game", list(FROM_LESSONS))
def test_share_gives_the_puzzle_on_the_table_whole(game: str) -> None:
    """Share on a puzzle (the view's ``lesson.link``, web/ui/share.js) gives
    the puzzle again, not a lesson id no tour has: opened, the same
    position, question, answer and credit; a lesson keeps its id."""
    table = opened(game, puzzle_options(game, credit="A designer"))
    link = table.view()["lesson"]["link"]
    assert "lesson=" not in link and " " not in link and "&answer=" in link
    again = Table(game)
    again.apply(parse_options(link))
    puzzle, shared = table.look().lesson, again.look().lesson
    assert puzzle is not None and shared is not None
    assert (shared.position, shared.goal, shared.solutions, shared.credit) == (
        puzzle.position,
        puzzle.goal,
        puzzle.solutions,
        "A designer",
    )
    lesson = Table(game)
    lesson.apply(parse_options(f"game={game}&lesson={FROM_LESSONS[game]}"))
    assert lesson.view()["lesson"]["link"] == f"game={game}&lesson={FROM_LESSONS[game]}"
