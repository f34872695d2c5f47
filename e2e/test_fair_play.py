"""What the table does for a person and what it keeps from them (issue 22,
items 5, 12 and 13), as a person sees it at a 1280x800 desktop and on a
390x844 phone with touch: a pass that is their only move is made for them,
and told; a move half made survives a reload; and undo never goes back
past what they have since been shown.  (Two first visits dealing two
different games: e2e/test_loading.py.)"""

from __future__ import annotations

from dataclasses import replace

from playwright.sync_api import Page

from iriri_core import Record, Seat, Table, get_game
from iriri_core.games.pach_ice_i.notation import setup
from iriri_core.site.links import Snapshot

from .site import BOARD, SiteWatch, poll, state, text, wait_for_person, wait_ready


def open_link(watch: SiteWatch, fragment: str) -> Page:
    page = watch.context.new_page()
    page.goto(watch.site + "#" + fragment)
    wait_ready(page)
    return page


def tap(page: Page, target: str) -> None:
    """A click, or on a phone a tap, on a canvas target, in view first."""
    page.locator(BOARD).scroll_into_view_if_needed()
    point = page.evaluate("(t) => window.iriri.targetPoint(t)", target)
    assert point, f"no {target} on the canvas"
    size = page.viewport_size
    assert size
    if not 0 < point["y"] < size["height"]:
        page.evaluate("(y) => window.scrollBy(0, y)", point["y"] - size["height"] / 2)
        point = page.evaluate("(t) => window.iriri.targetPoint(t)", target)
    if page.evaluate("matchMedia('(pointer: coarse)').matches"):
        page.touchscreen.tap(point["x"], point["y"])
    else:
        page.mouse.click(point["x"], point["y"])


def press(page: Page, button: str) -> None:
    """Press one of the table's buttons, brought into view."""
    page.locator(button).scroll_into_view_if_needed()
    if page.evaluate("matchMedia('(pointer: coarse)').matches"):
        page.locator(button).tap()
    else:
        page.click(button)


# ---------------------------------------------------------------- 5. a pass that is the only move

WATCH_LINES = """(() => {
  window.lines = [];
  const note = () => window.lines.push({
    status: document.getElementById("status").textContent,
    last: document.getElementById("last-move").textContent,
  });
  const observer = new MutationObserver(note);
  for (const id of ["status", "last-move"]) {
    observer.observe(document.getElementById(id), { childList: true, characterData: true, subtree: true });
  }
})()"""
"""Keep every change of the status and of the line by the board, in order."""


def stuck_roll_code() -> str:
    """A game of Pach-Ice-i where Black, a person, is to roll, and the roll
    the seed gives (5 6 7) no piece of Black's can use; White is the random bot."""
    game = get_game("pach-ice-i")
    start = setup({"b1": "K3", "c2": "W1"}, 0, (), ((), ()), ((5, 5, 4), (4, 5, 5)))
    record = Record(game.name, 2, game.to_text(start), (), seed=1)
    return Snapshot(record, ("human", "random"), 0).to_code()


def test_a_roll_no_piece_can_use_is_passed_for_the_person(both: SiteWatch) -> None:
    """The person presses Roll and nothing else: the dice stay in view with
    the status saying why Black passes (for the table's pace, which
    tests/test_pach_table.py holds with a clock of its own); then the table
    passes, the line by the board says so, and keeps saying so after
    White's turn; no Pass button ever shows.  Undo goes back to before the
    roll, where nothing passes by itself."""
    page = open_link(both, "record=" + stuck_roll_code())
    assert text(page, "#status") == "Your turn: roll the dice"
    page.evaluate(WATCH_LINES)
    press(page, "#roll-button")
    said = "Black passes: no piece can move by 5, 6 and 7"
    poll(page, "window.iriri.state().length >= 2")
    assert state(page)["record"]["moves"][:2] == ["roll 5 6 7", "pass"]
    wait_for_person(page)
    assert page.is_hidden("#pass-button")
    lines = page.evaluate("window.lines")
    shown = [i for i, line in enumerate(lines) if line == {"status": said, "last": "Black rolled 5 6 7"}]
    passed = [i for i, line in enumerate(lines) if line["last"] == f"{said} (after Black rolled 5 6 7)"]
    assert shown and passed and shown[0] < passed[0], "the dice and the reason first, then the pass"
    last = text(page, "#last-move")
    assert last.startswith("White ") and "(after White rolled " in last, last
    assert last.endswith(f". Before that, {said}"), last
    assert page.is_visible("#last-move") and text(page, "#status") == "Your turn: roll the dice"
    length = state(page)["length"]
    press(page, "#undo-button")
    poll(page, "window.iriri.state().cursor === 0")
    assert text(page, "#status") == "Your turn: roll the dice" and not state(page)["thinking"]
    press(page, "#redo-button")
    poll(page, f"window.iriri.state().cursor === {length}")


# ---------------------------------------------------------------- 12. a move half made, kept


def test_a_reload_puts_back_the_word_being_laid(both: SiteWatch) -> None:
    """Iriri: two pieces laid, not confirmed; the page is reloaded: the word
    is back on the board, previewed, ready to confirm, and confirming it
    plays it."""
    page = open_link(both, "game=iriri&seats=human,medium&seed=5")
    tap(page, "hand:0:0")
    tap(page, "cell:0,0")
    tap(page, "hand:0:1")
    tap(page, "cell:1,0")
    poll(page, "document.getElementById('preview').textContent.includes('✓')")
    preview = text(page, "#preview")
    poll(page, "(JSON.parse(localStorage.getItem('iriri.match')).draft || {}).steps?.length === 4")
    page.reload()
    wait_ready(page)
    poll(page, "document.getElementById('preview').textContent.includes('✓')")
    assert text(page, "#preview") == preview and page.is_enabled("#confirm-button")
    assert state(page)["length"] == 0
    press(page, "#confirm-button")
    poll(page, "window.iriri.state().length >= 1")
    assert state(page)["record"]["moves"][0] == preview.split(" · ")[-1]


# ---------------------------------------------------------------- 13. nothing shown let out by undo


def round_end_code() -> tuple[str, str]:
    """A Pyrinoes match against the random bot where Fire, a person, is to
    make the move that ends the first round (and shows both hands): the
    share code, and that move's text."""
    for seed in range(1, 40):
        table = Table("pyrinoes", [Seat("human"), Seat("bot", "random")], seed=seed)
        table.play_bots()
        while table.state.ending is None:
            before = table.cursor
            table.play(table.legal_moves()[-1])
            table.play_bots()
            if table.state.ending is not None and table.history.plies[before].after.ending is not None:
                snapshot = table.snapshot()
                record = replace(snapshot.record, moves=snapshot.record.moves[:before])
                return replace(snapshot, record=record, cursor=before).to_code(), table.moves[before]
    raise AssertionError("no match where Fire ends the round")


def test_no_undo_back_into_a_round_whose_hands_were_shown(both: SiteWatch) -> None:
    """Pyrinoes against a bot: Fire's move ends the round, and the summary
    shows Ice's hand.  Undo is off there (and Ctrl+Z says why), and stays
    off in the next round: going back would put Fire in the round again,
    with Ice still holding the hand just shown."""
    code, move = round_end_code()
    page = open_link(both, "record=" + code)
    wait_for_person(page)
    assert page.is_enabled("#undo-button") or state(page)["cursor"] == 0
    page.evaluate("(m) => document.querySelector(`#actions button[data-move='${m}']`).click()", move)
    poll(page, "!document.getElementById('round').hidden")
    assert "Hand totals" in text(page, "#round-text")
    assert page.is_disabled("#undo-button")
    page.locator("#canvas").focus()
    page.keyboard.press("Control+z")
    poll(page, "document.getElementById('message').textContent.includes('what another player was hiding')")
    assert "no undo here" in text(page, "#message")
    press(page, "#next-round-button")
    wait_for_person(page)
    assert page.is_disabled("#undo-button") and state(page)["cursor"] > 0
