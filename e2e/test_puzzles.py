"""Puzzles (issue 38): a puzzle link read by a person at 1280x800 and on a
390x844 phone: the question over the board, a wrong move refused with
why and nothing played, Show me doing the answer, the puzzle praised and
Play on from here starting a game from the position reached."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from iriri_core import get_game
from iriri_core.learn.lessons import tour
from iriri_core.learn.puzzles import puzzle_options, read_puzzle

from .site import poll, sized_watch, state, text, wait_ready
from .test_learn import do_lesson, goal_met, try_a_wrong_move

QUESTION = "Yellow to play and make a third group"


def hextris_puzzle() -> str:
    """A puzzle link's options: the position of Hextris' lesson "win", its answer."""
    lesson = tour("hextris").lesson("win")
    line = get_game("hextris").to_line(lesson.start())
    assert line is not None
    return puzzle_options(read_puzzle("hextris", line, QUESTION, ";".join(lesson.solutions[0])))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_reader_answers_a_puzzle_wrongly_then_rightly_and_plays_on(
    browser: Browser, site: str, size: str
) -> None:
    watch = sized_watch(browser, site, size)
    page = watch.open("#" + hextris_puzzle())
    assert text(page, "#lesson-title") == "Puzzle"
    assert QUESTION in text(page, "#lesson-goal")
    assert page.is_hidden("#lesson-list"), "a puzzle is in no tour"
    assert page.is_disabled("#lesson-next")
    if try_a_wrong_move(page):  # (unless the first move listed is the answer)
        assert state(page)["length"] == 0, "the wrong move is not played"
    do_lesson(page)
    assert goal_met(page)
    assert text(page, "#status").startswith("Puzzle solved")
    assert text(page, "#lesson-next") == "Play on from here" and page.is_enabled("#lesson-next")
    reached = state(page)["position"]
    page.click("#lesson-next")
    poll(page, "document.getElementById('lesson').hidden")
    wait_ready(page)
    assert state(page)["position"] == reached and state(page)["length"] == 0
    watch.context.close()
    watch.assert_clean()
