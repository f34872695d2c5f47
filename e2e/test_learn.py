"""Learn to play on the page (issue 24), in every game, at a 1280x800
desktop and on a 390x844 phone with touch: a newcomer's first visit offers
the lessons; they do every lesson of the tour by what the screen says (the
goal, then Show me's rings tapped where they are, or the button it
outlines), a wrong move is answered with why, the board holds still in a
lesson, and the tour ends in a first game against the easy bot; the lessons
done are kept; a lesson never touches the player's own saved game."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from iriri_core.pictures.drawing import HINT
from iriri_core.pictures.finger import FINGER

from .site import BOARD, SITE_GAMES, SiteWatch, open_dialog, poll, rings, sized_watch, state, text, wait_ready
from .test_hints import follow
from .test_play import QUIET_MS, check_layout, tap_at

GAMES = SITE_GAMES
"""The site's own games, whose tours these tests walk (each of five lessons or
more); the tests' fixture game, with a tour of two, is covered by
tests/test_lessons.py and tests/test_finger.py."""

TIMES = os.environ.get("IRIRI_TOUR_TIMES")
"""Where to add each tour's time (seconds, from the first lesson to the
first game, without the page's load): the closing note's figure."""


def lesson_title(page: Page) -> str:
    return text(page, "#lesson-title")


def goal_met(page: Page) -> bool:
    return bool(page.eval_on_selector("#lesson-goal", "g => g.classList.contains('met')"))


def in_view(page: Page, selector: str) -> bool:
    """Whether ``selector`` is wholly on the screen (scrolled as it is)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and (box["y"] + box["height"] <= size["height"] + 0.5)
    )


def try_a_wrong_move(page: Page) -> bool:
    """Play the first legal move of the Play by text list: True if the
    lesson answered that it is legal but not the lesson's (nothing played),
    False if it happened to meet the goal."""
    length = state(page)["length"]
    page.click("#actions button")
    poll(page, f"document.getElementById('message').textContent || window.iriri.state().length > {length}")
    if state(page)["length"] > length:
        return False
    message = text(page, "#message")
    assert message.startswith("That move is legal, but "), message
    assert page.eval_on_selector("#message", "m => !m.classList.contains('news')"), "told as a refusal"
    return True


def do_lesson(page: Page) -> None:
    """Meet the goal of the lesson on the table by Show me: press it, do
    what it marks, until the box before the goal is ticked."""
    for _ in range(7):
        if goal_met(page):  # (a move tried as a wrong one may have met it)
            return
        page.locator("#lesson").scroll_into_view_if_needed()
        assert in_view(page, "#lesson-goal"), "the goal is on the screen"
        assert page.is_enabled("#hint-button"), f"{lesson_title(page)}: {text(page, '#status')}"
        page.wait_for_timeout(QUIET_MS)  # a tap just after a move is not taken (e2e/test_play.py)
        page.click("#hint-button")
        poll(page, "document.getElementById('message').textContent.startsWith('Show me: ')")
        follow(page)
        poll(page, "window.iriri.state().length > 0")
        check_layout(page)
    raise AssertionError(f"the goal of {lesson_title(page)!r} was not met")


@pytest.mark.parametrize("game", GAMES)
def test_a_newcomer_does_every_lesson_by_taps_and_ends_in_a_first_game(both: SiteWatch, game: str) -> None:
    page = both.open()  # a first visit: nothing saved
    page.click(f"#game-buttons-list button[data-game='{game}']")
    poll(page, f"window.iriri.state().game === {game!r}")
    assert page.is_visible("#welcome-banner"), "a first visit offers the lessons"
    assert in_view(page, "#welcome-learn")
    page.click("#welcome-learn")
    poll(page, "!document.getElementById('lesson').hidden")
    started = time.monotonic()
    count = int(lesson_title(page).split(" of ")[1].split(":")[0])
    assert 1 <= count <= 12
    told_why = False
    for number in range(1, count + 1):
        assert lesson_title(page).startswith(f"Lesson {number} of {count}: ")
        goal = text(page, "#lesson-goal")
        assert goal.startswith("☐ ") and len(goal) > 10, goal
        assert page.is_disabled("#lesson-next") and text(page, "#hint-button") == "Show me"
        check_layout(page)
        if not told_why:
            told_why = try_a_wrong_move(page)
        do_lesson(page)
        assert text(page, "#lesson-goal") == "☑ " + goal.removeprefix("☐ ")
        assert text(page, "#status").startswith("Lesson done: ")
        assert text(page, "#message").startswith("Well done. ")
        assert not state(page)["thinking"], "nobody acts after the lesson's move"
        page.click("#lesson-next")
        if number < count:
            title = f"Lesson {number + 1} "
            poll(page, f"document.getElementById('lesson-title').textContent.startsWith({title!r})")
    assert told_why, "a wrong move in the tour was answered with why"
    poll(page, "document.getElementById('lesson').hidden")
    seats = state(page)["seats"]
    assert [seat["kind"] for seat in seats] == ["human", "bot"] and seats[1]["level"] == "easy", seats
    seconds = time.monotonic() - started
    if TIMES:
        with Path(TIMES).open("a") as times:
            times.write(json.dumps({"game": game, "size": page.viewport_size, "seconds": seconds}) + "\n")
    # Every lesson is kept as done, through a reload.
    page.reload()
    wait_ready(page)
    open_dialog(page, "learn")
    labels = page.eval_on_selector_all(
        "#learn-list button", "bs => bs.map(b => b.getAttribute('aria-label'))"
    )
    assert len(labels) == count and all(label and label.endswith("(done)") for label in labels), labels
    assert not page.is_visible("#welcome-banner"), "welcomed once"


def test_a_lesson_leaves_the_players_own_game_as_it_was(watch: SiteWatch) -> None:
    page = watch.open("#game=hextris&seats=human,human")
    for move in ("M@a1", "S@a2"):
        page.fill("#move-input", move)
        page.press("#move-input", "Enter")
    poll(page, "window.iriri.state().length === 2")
    page.click("#learn-button")
    page.click("#learn-start")
    poll(page, "!document.getElementById('lesson').hidden")
    assert state(page)["length"] == 0
    page.reload()  # nothing of the lesson was saved: the player's game comes back
    wait_ready(page)
    assert state(page)["moves"] == ["M@a1", "S@a2"]
    page.click("#learn-button")
    page.click("#learn-start")
    poll(page, "!document.getElementById('lesson').hidden")
    page.click("#lesson-leave")
    poll(page, "document.getElementById('lesson').hidden")
    assert state(page)["moves"] == ["M@a1", "S@a2"], "leaving the lesson puts the game back"
    assert text(page, "#hint-button") == "Hint"


def test_a_lesson_link_that_names_no_lesson_says_which_there_are(watch: SiteWatch) -> None:
    page = watch.open("#game=hextris&lesson=nope")
    message = text(page, "#message")
    assert message.startswith(
        "This link could not be opened: lesson: Hextris has no lesson 'nope'; its lessons are: "
    ), message
    assert page.is_hidden("#lesson")


TAP_AREA = """(id) => {
  const button = document.getElementById(id);
  const box = button.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const hits = (dx, dy) => button.contains(document.elementFromPoint(x + dx, box.top + dy));
  let down = 0;
  while (hits(0, down + 1)) down += 1;
  let left = 0, right = 0;
  while (hits(-(left + 1), box.height / 2)) left += 1;
  while (hits(right + 1, box.height / 2)) right += 1;
  return {height: down + 1, width: left + right + 1, top: box.top};
}"""
"""The height and width (px) a tap on ``id`` is taken on, from its top and
across its middle, by what the page answers at each point."""


def test_the_welcome_takes_a_finger_on_a_phone(browser: Browser, site: str) -> None:
    watch = sized_watch(browser, site, "phone")
    try:
        page = watch.open()  # a first visit
        assert page.is_visible("#welcome-banner")
        board_top = page.eval_on_selector("#canvas", "c => c.getBoundingClientRect().top")
        areas = {name: page.evaluate(TAP_AREA, name) for name in ("welcome-learn", "welcome-dismiss")}
        for name, area in areas.items():
            assert area["height"] >= 44 and area["width"] >= 44, (name, area)
            assert area["top"] + 44 <= board_top, f"{name}'s tap area reaches the board: {area}, {board_top}"
        assert page.is_visible("#game-goal") and text(page, "#game-goal-text"), "the goal is shown beside it"
        page.tap("#welcome-dismiss", position={"x": 5, "y": 30})  # under the ✕, on its area
        poll(page, "document.getElementById('welcome-banner').hidden")
        assert page.eval_on_selector("#canvas", "c => c.getBoundingClientRect().top") == board_top
        # Each game welcomes a newcomer to it, through reloads, until Not now.
        page.click("#game-buttons-list button[data-game='hextris']")
        poll(
            page,
            "window.iriri.state().game === 'hextris' && !document.getElementById('welcome-banner').hidden",
        )
        page.reload()
        wait_ready(page)
        assert page.is_visible("#welcome-banner") and state(page)["game"] == "hextris"
        page.click("#game-buttons-list button[data-game='iriri']")
        poll(page, "window.iriri.state().game === 'iriri'")
        assert page.is_hidden("#welcome-banner"), "Not now is kept for the game it was said of"
    finally:
        watch.context.close()
    watch.assert_clean()


TARGETS = os.environ.get("IRIRI_LESSON_TARGETS")
"""Where to add each lesson's smallest target Show me rings (under either of its rings), at each
size (the closing note's figure)."""


def whole_turn(page: Page) -> None:
    """The turn's words above the board are whole: no "more ▾" to open."""
    assert page.is_hidden("#turn-more"), (
        f"{lesson_title(page)}: cut: {text(page, '#status')!r} / {text(page, '#message')!r}"
    )


@pytest.mark.parametrize("size", ["phone", "landscape"])
@pytest.mark.parametrize("game", GAMES)
def test_on_a_phone_every_lessons_words_are_whole_or_open_whole(
    browser: Browser, site: str, game: str, size: str
) -> None:
    """Issue 36: on a 390x844 phone each lesson's words are whole, or show a
    "more ▾" a finger can tap that opens them whole; Show me's first step and
    a wrong move's answer are shown whole above the board (or beside it, on
    a phone held on its side); and every place Show me rings is a tap target
    44 px or more each way, the first on the screen when it is shown, and
    the next after a tap on it (the table, drawn larger than its box where
    need be, scrolls there)."""
    watch = sized_watch(browser, site, size)
    page = watch.open()
    page.goto(f"{site}#game={game}&lesson=first")
    poll(page, "document.getElementById('message').textContent.includes('lessons are: ')")
    lessons = text(page, "#message").split("lessons are: ")[1].rstrip(".").split(", ")
    assert len(lessons) >= 5, lessons
    smallest: list[float] = []
    for number, lesson in enumerate(lessons, 1):
        page.goto(f"{site}#game={game}&lesson={lesson}")
        title = f"Lesson {number} of {len(lessons)}: "
        poll(page, f"document.getElementById('lesson-title').textContent.startsWith({title!r})")
        check_layout(page)
        words = text(page, "#lesson-text")
        if page.is_visible("#lesson-read"):
            area = page.evaluate(TAP_AREA, "lesson-read")
            assert area["height"] >= 44 and area["width"] >= 44, (lesson, area)
            page.tap("#lesson-read")
            poll(page, "document.getElementById('lesson-all').matches(':popover-open')")
            # It opens over the words, raised as far as the screen needs once it is open (a frame later).
            on_screen = (
                "(p) => p.getBoundingClientRect().top >= 0 && p.getBoundingClientRect().bottom <= innerHeight"
            )
            poll(page, f"({on_screen})(document.getElementById('lesson-all'))", timeout=5)
            shown = page.eval_on_selector("#lesson-all", "p => p.getBoundingClientRect().toJSON()")
            assert text(page, "#lesson-all-text") == words and text(page, "#lesson-all-goal") == text(
                page, "#lesson-goal"
            )
            height = page.evaluate("innerHeight")
            assert shown["top"] >= 0 and shown["bottom"] <= height, (lesson, shown)
            page.click("#lesson-all button")
            poll(page, "!document.getElementById('lesson-all').matches(':popover-open')")
        else:
            fits = "(m) => m.scrollHeight <= m.clientHeight + 1"
            assert page.eval_on_selector("#lesson-more", fits), f"{lesson}: cut, with no sign"
        whole_turn(page)
        if try_a_wrong_move(page):
            whole_turn(page)
        page.click("#lesson-again")
        poll(page, "window.iriri.state().length === 0 && !document.getElementById('message').textContent")
        page.wait_for_timeout(QUIET_MS)
        page.click("#hint-button")
        poll(page, "document.getElementById('message').textContent.startsWith('Show me: ')")
        whole_turn(page)
        page.locator(BOARD).scroll_into_view_if_needed()  # as a person does: the lesson is above the board
        poll(page, "!window.iriri.motion().due")
        ringed = rings(page, HINT)
        assert ringed and all(
            ring["smallest"] is not None and ring["smallest"] >= FINGER for ring in ringed
        ), f"{lesson} at {size}: {ringed}"
        first = next(ring for ring in ringed if not ring["dashed"])
        assert first["seen"], f"{lesson}: Show me's first ring is off the screen at {size}: {first}"
        smallest.append(min(ring["smallest"] for ring in ringed))
        tap_at(page, first)  # the table follows to the next ring
        poll(page, "!window.iriri.motion().due")
        assert all(ring["seen"] for ring in rings(page, HINT) if not ring["dashed"]), (
            f"{lesson}: the next ring"
        )
    if TARGETS:
        with Path(TARGETS).open("a") as out:
            out.write(json.dumps({"game": game, "size": size, "smallest": smallest}) + "\n")
    watch.context.close()
    watch.assert_clean()
