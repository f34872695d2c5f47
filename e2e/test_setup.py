"""Setting up a position by hand (issue 38; docs/setup.md), for every game
that has a set-up, at 1280x800 and on a 390x844 phone with touch: the
position of the game's trial (:class:`iriri_core.setup.rules.SetupTrial`)
set up from the empty board by taps on the palette and the board, said to
be possible; each of the trial's refusals said in words, and undone by
reading the line back; the line opened in a fresh page drawing the same
board; and a new game from it played on by the rules."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from iriri_core import Seat, Table, get_game
from iriri_core.presenter import presenter_for, setup_rules, table_games
from iriri_core.setup.editor import Editor, step_event
from iriri_core.setup.rules import Step

from .site import poll, sized_watch, state, text, wait_ready
from .test_play import key_to, seen_point, tap_at, touching

GAMES = [name for name in table_games() if setup_rules(name) is not None]

POSSIBLE = "This position can happen in a game."
"""The verdict on a position that can happen."""

FINGER = 44
"""The least side, in CSS px, of a control a finger taps (a phone's)."""


def press(page: Page, selector: str) -> None:
    """A click, or on a phone a tap, on an element of the page."""
    locator = page.locator(selector)
    if touching(page):
        locator.scroll_into_view_if_needed()
        locator.tap()
    else:
        locator.click()


def in_hand(page: Page, tool: str) -> None:
    """Wait until the palette shows ``tool`` pressed."""
    poll(page, f"document.querySelector(\"[data-tool='{tool}']\").getAttribute('aria-pressed') === 'true'")


def take(page: Page, step: Step) -> int:
    """Take one step of a trial as a person does on the page; how many taps it took."""
    before = page.input_value("#setup-line")
    match step:
        case ("tool", tool):
            press(page, f"[data-tool='{tool}']")
            in_hand(page, tool)
            return 1
        case ("tap", target):
            page.locator(".canvas-box").scroll_into_view_if_needed()
            tap_at(page, seen_point(page, target))
        case ("field", field, value):
            selector = f"[data-field='{field}']"
            if page.evaluate(f'document.querySelector("{selector}").tagName') == "SELECT":
                page.select_option(selector, value)
            else:
                page.fill(selector, value)
                page.press(selector, "Tab")
    # (a change shows in the line, or as a refusal)
    poll(
        page,
        f"document.getElementById('setup-line').value !== {before!r} || "
        "document.getElementById('setup-message').textContent !== ''",
    )
    assert text(page, "#setup-message") == "", (step, text(page, "#setup-message"))
    return 1


def empty_line(game: str) -> str:
    """The line of ``game``'s empty board, as the set-up starts it."""
    table = Table(game, [Seat("human"), Seat("human")])
    return Editor.open(table.game, table.presenter, table.state, "empty").line


def open_set_up(page: Page, game: str) -> None:
    """Share ▸ Set up a position, then Start again from the empty board."""
    press(page, "#share-menu summary")
    press(page, "#setup-button")
    page.wait_for_selector("#setup:not([hidden])")
    press(page, "[data-setup-start='empty']")
    poll(page, f"document.getElementById('setup-line').value === {empty_line(game)!r}")


def read_line(page: Page, line: str) -> None:
    """Paste ``line``, a position that can happen, into the set-up's line box and press Read it."""
    page.fill("#setup-line", line)
    press(page, "#setup-read")
    poll(page, f"document.getElementById('setup-verdict').textContent === {POSSIBLE!r}")
    assert page.input_value("#setup-line") == line


def scene(page: Page) -> Any:
    return page.evaluate("JSON.stringify(window.iriri.scene())")


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_a_position_set_up_by_taps_is_checked_read_back_and_played_from(
    browser: Browser, site: str, game: str, size: str
) -> None:
    rules = setup_rules(game)
    assert rules is not None
    trial = rules.trial
    watch = sized_watch(browser, site, size)
    page = watch.open(f"#game={game}")
    wait_ready(page)
    open_set_up(page, game)
    assert page.is_hidden("#controls") and page.is_hidden(".turn-bar"), (
        "the game's own controls are out of the way"
    )
    if touching(page):
        sides = page.eval_on_selector_all(
            "#setup-tools button", "bs => bs.map(b => Math.min(b.offsetWidth, b.offsetHeight))"
        )
        assert min(sides) >= FINGER, f"palette buttons a finger wide: {sides}"
    taps = sum(take(page, step) for step in trial.build)
    assert text(page, "#setup-verdict") == POSSIBLE
    assert page.is_enabled("#setup-play")
    line = page.input_value("#setup-line")
    assert line.startswith(f"{game}:") and page.input_value("#setup-link").endswith(f"position={line}")
    box = page.locator("#canvas").bounding_box()
    assert box and box["width"] >= 300 and box["height"] >= 250, f"the board set up is drawn whole: {box}"
    drawn = scene(page)
    if not touching(page):  # Share's pictures are of the position set up
        press(page, "#share-menu summary")
        press(page, "#pictures-button")
        poll(page, "document.getElementById('pictures-wiki').value !== ''")
        assert "move 0 of 0: the start" in page.input_value("#pictures-wiki")
        page.click("#pictures-dialog [data-close]")
    print(f"{game} {size}: the trial's position in {taps} taps")

    for refusal in trial.refusals:
        for step in refusal.steps:
            take(page, step)
        verdict = text(page, "#setup-verdict")
        assert verdict.startswith("This position cannot happen in a game:") and refusal.words in verdict, (
            verdict
        )
        assert page.is_disabled("#setup-play")
        read_line(page, line)

    fresh = watch.open(f"#game={game}&position={line}&edit")
    wait_ready(fresh)
    fresh.wait_for_selector("#setup:not([hidden])")
    assert fresh.input_value("#setup-line") == line
    assert scene(fresh) == drawn, "the line read back in a fresh page draws the same board"
    fresh.close()

    press(page, "#setup-play")
    page.wait_for_selector("#new-dialog[open]")
    assert text(page, "#new-title") == "New game from the position set up"
    for seat in range(len(page.query_selector_all("#seats select"))):
        page.select_option(f"#seat-{seat}", "human")
    press(page, "#new-form button[type=submit]")
    poll(page, "document.getElementById('setup').hidden && window.iriri.state().length === 0")
    started = state(page)
    assert started.get("line", line) == line  # (a game that hides pieces shows scripts no position)
    for played, move in enumerate(trial.moves, start=1):
        if page.is_visible("#cover"):  # (people at one screen, hands hidden: the next shows theirs)
            press(page, "#reveal-button")
            poll(page, "document.getElementById('cover').hidden")
        page.fill("#move-input", move)
        page.press("#move-input", "Enter")
        poll(page, f"window.iriri.state().length >= {played}")
    watch.context.close()
    watch.assert_clean()


TWO_WINS = "hextris:B3B31/2B21/B1Y21B11/Y2Y32/Y32:YB:1:100,000:2,2:0:-"
"""Yellow to move, with two drops that each make the third group (tests/test_puzzles.py)."""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_puzzle_made_on_the_page_is_checked_by_the_hard_bot_who_warns_of_another_answer(
    browser: Browser, site: str, size: str
) -> None:
    watch = sized_watch(browser, site, size)
    page = watch.open(f"#game=hextris&position={TWO_WINS}&edit")
    wait_ready(page)
    page.wait_for_selector("#setup:not([hidden])")
    press(page, "#setup-puzzle")
    page.wait_for_selector("#making:not([hidden])")
    assert page.is_hidden("#setup") and state(page)["line"] == TWO_WINS
    assert text(page, "#making-answer") == "The answer: no move played yet."
    assert text(page, "#making-problem").startswith("Play the answer on the board")
    assert page.input_value("#making-link") == "" and page.is_disabled("#making-check")
    page.fill("#move-input", "S@a2")
    page.press("#move-input", "Enter")
    poll(page, "document.getElementById('making-answer').textContent === 'The answer: S@a2.'")
    page.fill("#making-question", "Yellow to play and win")
    page.press("#making-question", "Tab")
    poll(page, "document.getElementById('making-link').value.includes('puzzle=Yellow+to+play+and+win')")
    assert text(page, "#making-problem") == ""
    options = f"game=hextris&position={TWO_WINS}&puzzle=Yellow+to+play+and+win&answer=S@a2"
    assert page.input_value("#making-link").endswith("#" + options)
    assert (
        page.input_value("#making-wiki")
        == f"{{{{Pyramid game|title=Hextris (David J. Bush): a puzzle|options={options}}}}}"
    )
    press(page, "#making-check")
    poll(page, "document.querySelectorAll('#making-words li').length > 0", timeout=180)
    words = page.eval_on_selector_all("#making-words li", "items => items.map((li) => li.textContent)")
    assert words[-1] == "Another move is as good: S@d2 (100 in 100).", words
    assert page.is_enabled("#making-check")
    reader = watch.open("#" + options)
    wait_ready(reader)
    assert text(reader, "#lesson-title") == "Puzzle" and "Yellow to play and win" in text(
        reader, "#lesson-goal"
    )
    watch.context.close()
    watch.assert_clean()


@pytest.mark.parametrize("game", GAMES)
def test_the_trial_is_set_up_from_the_keyboard_alone_and_read_in_words(
    browser: Browser, site: str, game: str
) -> None:
    """Keyboard and screen reader, as play is: the palette's buttons by Tab
    and Enter, the board's places by the arrow keys and Enter, the fields by
    their labels; the position in words in the table in words."""
    rules = setup_rules(game)
    assert rules is not None
    watch = sized_watch(browser, site, "desktop")
    page = watch.open(f"#game={game}&position={empty_line(game)}&edit")
    wait_ready(page)
    page.wait_for_selector("#setup:not([hidden])")
    words = "items => items.map((li) => li.textContent)"
    empty = page.eval_on_selector_all("#mirror li", words)
    for step in rules.trial.build:
        before = page.input_value("#setup-line")
        match step:
            case ("tool", tool):
                page.focus(f"[data-tool='{tool}']")
                page.keyboard.press("Enter")
                in_hand(page, tool)
                continue
            case ("tap", target):
                key_to(page, target)
                page.keyboard.press("Enter")
            case ("field", field, value):
                label = page.text_content(f"label[for='setup-field-{field}']")
                locator = page.get_by_label(label or "", exact=True)
                if page.evaluate(f"document.querySelector(\"[data-field='{field}']\").tagName") == "SELECT":
                    locator.select_option(value)
                else:
                    locator.fill(value)
                    locator.press("Enter")
                    locator.press("Tab")
        poll(page, f"document.getElementById('setup-line').value !== {before!r}")
    assert text(page, "#setup-verdict") == POSSIBLE
    editor = Editor.open(get_game(game), presenter_for(game), get_game(game).new_game(), "empty")
    for step in rules.trial.build:
        editor.act(step_event(step))
    assert page.input_value("#setup-line") == editor.line
    assert page.eval_on_selector_all("#mirror li", words) != empty, (
        "the table in words says the position set up"
    )
    watch.context.close()
    watch.assert_clean()
