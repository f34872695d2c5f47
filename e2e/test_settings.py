"""A game's own settings in the page: the new-game dialog shows them only
for a game that has some (Pyrinoes' target score), a shorter match starts
from it, and a link with a bad value says why and keeps the game."""

from __future__ import annotations

from playwright.sync_api import Page

from iriri_core.table.events import new_game_problem

from .site import SiteWatch, poll, text, wait_for_person


def test_a_shorter_pyrinoes_match_from_the_dialog_and_a_bad_link_value(page: Page, watch: SiteWatch) -> None:
    page.click("#new-button")
    page.wait_for_selector("#new-dialog[open]")
    assert page.locator("#game-settings [data-setting]").count() == 0  # Iriri has no settings
    page.click("#new-cancel")

    page.click("button[data-game=pyrinoes]")
    poll(page, "document.documentElement.dataset.game === 'pyrinoes'")
    page.click("#new-button")
    page.wait_for_selector("#new-dialog[open]")
    assert page.is_visible("#setting-target") and "Target score" in text(page, "#game-settings")
    options = page.eval_on_selector_all("#setting-target option", "os => os.map(o => o.value)")
    assert options == ["50", "100", "150"] and page.input_value("#setting-target") == "100"
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "bot:easy")
    # A value the dialog does not offer (as a page left open over an older version could send):
    # Python refuses it in the table's words, the dialog stays open with what was chosen.
    game = page.evaluate("window.iriri.state().record")
    for value in ("75", "fifty"):
        page.eval_on_selector("#setting-target", f"s => s.append(new Option('{value}', '{value}'))")
        page.select_option("#setting-target", value)
        page.click("#new-form button[type=submit]")
        event = {"type": "new", "seats": [{"kind": "human"}] * 2, "settings": {"target": value}}
        words = new_game_problem(event, "pyrinoes")
        assert words == "Target score: it is one of 50, 100 or 150; the game is unchanged"
        poll(page, f"document.getElementById('new-error').textContent === {words + '.'!r}")
        assert page.is_visible("#new-dialog") and page.is_hidden("#leave-dialog")
        assert page.input_value("#setting-target") == value and page.input_value("#seat-1") == "bot:easy"
        assert page.evaluate("window.iriri.state().record") == game, "the game on the table is unchanged"
    page.select_option("#setting-target", "50")
    page.click("#new-form button[type=submit]")
    if page.is_visible("#leave-dialog"):
        page.click("#leave-ok")
    poll(page, "document.getElementById('score-label').textContent === 'Match (to 50)'")
    poll(page, "document.getElementById('mirror').textContent.includes('match to 50')")
    assert page.evaluate("window.iriri.state().game") == "pyrinoes"
    page.click("#new-button")  # the dialog offers the match's own target again
    assert page.input_value("#setting-target") == "50"
    page.click("#new-cancel")
    wait_for_person(page)  # the deal done and saved: nothing acts when the match is put back

    other = watch.open("#game=pyrinoes&target=75")
    poll(other, "document.getElementById('message').textContent.includes('target:')")
    message = text(other, "#message")
    assert "This link could not be opened" in message and "target: it is one of 50, 100 or 150" in message
    assert text(other, "#score-label") == "Match (to 50)", "the saved match stays on the table"
