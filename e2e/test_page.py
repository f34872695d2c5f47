"""The page as a player meets it: loading, playing against a bot, hot-seat
play with undo and redo, refusals with reasons, and keyboard-only play.

Every test runs in a watched context (conftest.py): no request may go to
another host, no console error may appear, no request may fail, and every
load must end with a canvas that is not blank."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from .site import (
    BOARD,
    SiteWatch,
    click_target,
    drag,
    hand,
    legal_moves,
    poll,
    start_game,
    state,
    text,
    wait_for_person,
    wait_ready,
)


def test_the_page_loads_to_a_playable_table(watch: SiteWatch) -> None:
    page = watch.context.new_page()
    page.goto(watch.site, wait_until="commit")
    page.wait_for_selector("#loading progress", state="visible")
    wait_ready(page)
    assert page.is_hidden("#loading") and page.is_visible("#canvas")
    data = state(page)
    assert data["game"] == "iriri" and data["position"].startswith("Iriri\n")
    assert data["record"]["format"] == "iriri-core record" and data["record"]["moves"] == []
    assert data["seats"] == [{"kind": "human"}, {"kind": "bot", "level": "medium"}]
    assert "lay a first word: 2 or 3 of your pieces in a line" in text(page, "#status")
    assert page.is_hidden("#pass-button")


def place_by_clicks(page: Page, move: str) -> None:
    """Lay ``move`` (such as "Y1@0,0 Y2@1,0") by clicking hand pieces, then cells, then Confirm."""
    seat = state(page)["to_move"]
    pieces = hand(page, seat)
    used: set[int] = set()
    for part in move.split():
        piece, cell = part.split("@")
        index = next(i for i, p in enumerate(pieces) if p == piece and i not in used)
        used.add(index)
        click_target(page, f"hand:{seat}:{index}")
        click_target(page, f"cell:{cell}")
    assert "✓" in text(page, "#preview")
    page.click("#confirm-button")


@pytest.mark.shared_page
def test_a_whole_game_against_a_bot(page: Page) -> None:
    start_game(page, ["human", "bot:medium"], seed=11)
    first = next(m for m in legal_moves(page) if not m.startswith("take") and m != "pass")
    place_by_clicks(page, first)
    poll(page, "window.iriri.state().record.moves.length === 1")
    assert state(page)["record"]["moves"] == [first]
    assert "refill your hand: tap 2 more lit pieces of your colour in the ring" in text(page, "#status")

    take = legal_moves(page)[0]  # "take Y2@7"
    position = int(take.split("@")[1])
    click_target(page, f"ring:{position - 1}")
    poll(page, "window.iriri.state().record.moves.length === 2")
    assert state(page)["record"]["moves"][1] == take

    for _ in range(200):
        data = wait_for_person(page)
        if data["over"]:
            break
        page.click("#actions button")  # the rest through the action panel
    assert state(page)["over"]
    page.wait_for_selector("#over-dialog[open]")
    result = text(page, "#over-text")
    assert "wins" in result or "share the win" in result
    scores = page.eval_on_selector_all(
        "#over-scores td:nth-child(2)", "cells => cells.map(c => c.textContent)"
    )
    assert len(scores) == 2 and all(s.replace(".", "").isdigit() for s in scores)
    assert "Game over" in text(page, "#status")


@pytest.mark.shared_page
def test_hot_seat_with_undo_and_redo(page: Page) -> None:
    start_game(page, ["human", "human"], seed=1)
    played = []
    for _ in range(4):
        move = legal_moves(page)[0]
        page.click("#actions button")
        played.append(move)
        poll(page, f"window.iriri.state().record.moves.length === {len(played)}")
    after = state(page)["position"]
    page.click("#undo-button")
    page.click("#undo-button")
    data = state(page)
    assert data["cursor"] == 2 and data["record"]["moves"] == played
    assert page.locator("#moves li:not(.undone)").count() == 2
    assert page.locator("#moves li.undone").count() == 2, "undone moves stay, struck through"
    page.click("#redo-button")
    page.keyboard.press("Control+y")
    assert state(page)["position"] == after and page.is_disabled("#redo-button")
    page.keyboard.press("Control+z")
    assert state(page)["cursor"] == 3
    # A new move after an undo drops the undone moves.
    page.click("#actions button")
    poll(page, "window.iriri.state().record.moves.length === 4 && window.iriri.state().cursor === 4")
    assert page.is_disabled("#redo-button") and page.locator("#moves li.undone").count() == 0


@pytest.mark.shared_page
def test_an_illegal_attempt_shows_its_reason_and_loses_nothing(page: Page) -> None:
    start_game(page, ["human", "human"], seed=2)  # seed 2: no Y1 next to Y3 in the ring
    before = state(page)["position"]
    # On the canvas: the preview says why before confirming.
    click_target(page, "hand:0:0")
    click_target(page, "cell:0,0")
    click_target(page, "hand:0:2")
    click_target(page, "cell:1,0")
    assert "Y1 Y3 ✗" in text(page, "#preview")
    assert "the word Y1 Y3 does not occur in the dictionary" in text(page, "#preview")
    assert page.is_disabled("#confirm-button")
    assert state(page)["position"] == before
    page.click("#clear-button")
    assert text(page, "#preview") == ""
    # Typed: moves that break a rule, and text that is not a move.
    page.fill("#move-input", "Y1@0,0 Y3@1,0")
    page.press("#move-input", "Enter")
    assert text(page, "#message") == "The word Y1 Y3 does not occur in the dictionary"
    page.fill("#move-input", "Y1@0,0 Y2@2,0")
    page.press("#move-input", "Enter")
    assert "one line with no gap" in text(page, "#message")
    page.fill("#move-input", "hello")
    page.press("#move-input", "Enter")
    assert "hello" in text(page, "#message")
    assert page.input_value("#move-input") == "hello"  # kept, so it can be corrected
    page.click("#actions button")  # and the pass button stays hidden while a word exists
    assert page.is_hidden("#pass-button")
    assert state(page)["record"]["moves"] and json.loads(json.dumps(state(page)))


def tab_to(page: Page, selector: str, limit: int = 60) -> None:
    """Press Tab until ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.shared_page
def test_a_game_played_from_the_keyboard_only(page: Page) -> None:
    tab_to(page, "#new-button")
    page.keyboard.press("Enter")
    tab_to(page, "#seat-1")
    page.keyboard.press("Home")  # "Person"
    tab_to(page, "#seed-input")
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    poll(page, "window.iriri.state().seats[1].kind === 'human' && window.iriri.state().record.seed === 5")
    tab_to(page, "#move-input")
    for turn in range(300):
        data = wait_for_person(page)  # a pass that is someone's only move, the table makes
        if data["over"]:
            break
        move = legal_moves(page)[turn % 3 and -1]  # vary the choices
        page.keyboard.type(move)
        page.keyboard.press("Enter")
        poll(page, f"window.iriri.state().record.moves.length > {len(data['record']['moves'])}")
        announced = poll(page, "document.getElementById('live').textContent")
        assert announced
    assert state(page)["over"]
    page.wait_for_selector("#over-dialog[open]")
    page.keyboard.press("Escape")
    assert "Game over" in text(page, "#status")


def ask_for_a_hint(page: Page) -> str:
    """Click Hint and wait for the suggestion, announced in the live region."""
    page.click("#hint-button")
    announced = "document.getElementById('live').textContent.startsWith('Hint')"
    poll(page, f"!window.iriri.state().thinking && {announced}")
    return text(page, "#live")


@pytest.mark.shared_page
def test_the_hint_button_suggests_a_word_and_then_a_take(page: Page) -> None:
    """A word, with the taps that lay it, played here by Play it; then a
    take, played by a click on the ring piece it names (every game, by
    tapping what the hint rings: e2e/test_hints.py)."""
    start_game(page, ["human", "bot:medium"], seed=4)
    word = ask_for_a_hint(page)
    assert word.startswith("Hint: lay ") and word.endswith(", then press Confirm."), word
    assert not text(page, "#preview"), "the hint lays nothing for the person"
    page.click("#play-hint-button")
    poll(page, "window.iriri.state().record.moves.length === 1")
    take = ask_for_a_hint(
        page
    )  # "Hint: take Y2 from position 7. Tap the medium yellow at position 7 of the ring."
    assert take.startswith("Hint: take ")
    position = int(take.split("position ")[1].split(".")[0])
    click_target(page, f"ring:{position - 1}")
    poll(page, "window.iriri.state().record.moves.length === 2")
    assert state(page)["record"]["moves"][1].endswith(f"@{position}")


@pytest.mark.shared_page
def test_three_players_a_drag_and_a_double_tap_that_takes_once(page: Page) -> None:
    start_game(page, ["human", "human", "human"], seed=6)
    data = state(page)
    assert len(data["seats"]) == 3 and "hand 3:" in data["position"]
    first = next(m for m in legal_moves(page) if m.count("@") == 2 and not m.startswith("take"))
    pieces = hand(page, 0)
    used: set[int] = set()
    for part in first.split():
        piece, cell = part.split("@")
        index = next(i for i, p in enumerate(pieces) if p == piece and i not in used)
        used.add(index)
        click_target(page, f"hand:0:{index}")  # picked first: the drag must not unpick it
        drag(page, f"hand:0:{index}", f"cell:{cell}")
    assert "✓" in text(page, "#preview")
    page.click("#confirm-button")
    poll(page, "window.iriri.state().record.moves.length === 1")
    # Two takeable pieces side by side: without the guard, the second tap of
    # a double tap would take the piece that slides under the pointer.
    positions = {int(move.split("@")[1]) for move in legal_moves(page)}
    pair = min(p for p in positions if p + 1 in positions)
    point = page.evaluate("(t) => window.iriri.targetPoint(t)", f"ring:{pair - 1}")
    page.mouse.dblclick(point["x"], point["y"])
    answered = "document.getElementById('message').textContent.includes('not taken')"
    poll(page, f"{answered} || window.iriri.state().record.moves.length > 2")
    assert len(state(page)["record"]["moves"]) == 2, "a double tap takes one piece"
    assert "not taken" in text(page, "#message"), "and the second tap is answered"


def test_the_table_fills_the_page_on_a_desktop_and_a_phone(watch: SiteWatch) -> None:
    """The table takes the room the page has for it, all of it on screen
    once scrolled to, with nothing to tap under 24 px (as in a frame: see
    test_embedding.py); the desktop keeps a column for the side panels."""
    for (width, height), share in (((1280, 800), 0.45), ((390, 844), 0.6)):
        page = watch.context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        page.goto(watch.site + "#game=hextris&seats=human,human")
        wait_ready(page)
        page.locator(BOARD).scroll_into_view_if_needed()
        box = page.evaluate(
            "(() => { const r = document.getElementById('canvas').getBoundingClientRect();"
            " return {w: r.width, h: r.height, top: r.top, bottom: r.bottom}; })()"
        )
        assert box["w"] * box["h"] >= share * width * height, f"the table is {box} in {width}x{height}"
        assert box["h"] <= height, "the whole table fits on the screen"
        targets = page.evaluate("window.iriri.targets()")
        assert targets and min(min(t["w"], t["h"]) for t in targets.values()) >= 24
        page.close()


PRESSED = """[...document.querySelectorAll('[aria-pressed=true]')].map(
  (node) => node.tagName === 'BUTTON' ? node.dataset.game : node.tagName)"""
"""What the page marks pressed: a picker's button by its game, anything else by its tag."""


@pytest.mark.shared_page
def test_the_picker_presses_its_button_of_the_game_and_nothing_else(page: Page) -> None:
    """<html> carries the game on the table (data-game, for the styles), as
    the picker's buttons carry theirs: only a button is ever pressed."""
    assert page.evaluate(PRESSED) == ["iriri"]
    page.click("#game-picker button[data-game=hextris]")
    poll(page, "window.iriri.state().game === 'hextris'")
    assert page.evaluate("document.documentElement.dataset.game") == "hextris"
    assert page.evaluate(PRESSED) == ["hextris"]


TOFU = """(() => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const drawn = (font, character) => {
    ctx.clearRect(0, 0, 64, 64);
    ctx.font = font;
    ctx.textBaseline = 'middle';
    ctx.fillText(character, 8, 32);
    return ctx.getImageData(0, 0, 64, 64).data.join();
  };
  const tofu = new Map();
  const characters = new Set();
  const boxes = [];
  for (const node of document.querySelectorAll('button, summary, label, a, [role=button], option')) {
    const style = getComputedStyle(node);
    const font = `${style.fontStyle} ${style.fontWeight} 32px ${style.fontFamily}`;
    if (!tofu.has(font)) tofu.set(font, drawn(font, '\\u0378'));
    const written = node.textContent.replace(/\\s/g, '');
    for (const character of new Set(written)) {
      characters.add(character);
      if (drawn(font, character) === tofu.get(font)) boxes.push(`#${node.id || node.tagName}: ${character}`);
    }
  }
  return { characters: characters.size, boxes };
})()"""
"""JS: every character of every control's text drawn in that control's font,
and those drawn as the box a font draws for a character it has not (drawn
like U+0378, which no font has)."""


@pytest.mark.shared_page
def test_no_control_is_drawn_as_a_box_for_a_missing_character(page: Page) -> None:
    """The review bar's ⏮ and ⏭ were empty boxes where the page's fonts had
    no such character: every control's text is drawn in its own font, and
    none as that box. The review bar's arrows are drawn instead, as tall as
    the text beside them."""
    drawn = page.evaluate(TOFU)
    assert drawn["characters"] >= 60, "letters, digits and signs"
    assert drawn["boxes"] == []
    page.evaluate("document.getElementById('review-bar').hidden = false")
    sizes = page.eval_on_selector_all(
        "#review-bar svg", "(icons) => icons.map((icon) => icon.getBoundingClientRect().height)"
    )
    font = page.eval_on_selector("#review-back", "(node) => parseFloat(getComputedStyle(node).fontSize)")
    assert len(sizes) == 4 and all(size == font for size in sizes), f"{sizes} beside text of {font} px"
