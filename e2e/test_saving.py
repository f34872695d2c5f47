"""Save and resume, share links, record files: what a player relies on so
that nothing is lost (issue: offline play, embedding, save and resume)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

from .site import SiteWatch, legal_moves, poll, start_game, state, text, wait_for_person, wait_ready


def play(page: Page, count: int) -> list[str]:
    """Play ``count`` moves from the action panel (hot seat); their texts."""
    played = []
    for _ in range(count):
        played.append(legal_moves(page)[0])
        page.click("#actions button")
        poll(page, f"window.iriri.state().cursor === {len(state(page)['record']['moves'])}")
    return played


def test_a_reload_in_the_middle_of_a_game_resumes_it_with_undo(page: Page) -> None:
    start_game(page, ["human", "bot:easy"], seed=8)
    while len(state(page)["record"]["moves"]) < 4:  # the person, then the bot, has moved
        wait_for_person(page)
        page.click("#actions button")
        page.wait_for_timeout(100)
    wait_for_person(page)
    before = state(page)
    assert len(before["record"]["moves"]) >= 3
    page.reload()
    wait_ready(page)
    after = state(page)
    assert after["position"] == before["position"] and after["record"] == before["record"]
    assert after["seats"] == [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    assert page.locator("#moves li").count() == before["cursor"]
    page.click("#undo-button")
    assert state(page)["cursor"] < before["cursor"] and page.is_enabled("#redo-button")


def test_corrupt_saved_data_is_reported_kept_and_the_page_still_plays(watch: SiteWatch) -> None:
    page = watch.open()
    page.evaluate(
        'localStorage.setItem(\'iriri.match\', \'{"format": "iriri-core match", "version": 1, "rec\')'
    )
    page.reload()
    wait_ready(page)
    assert "Your saved game could not be read" in text(page, "#message")
    page.click("#share-menu summary")
    assert page.is_visible("#damaged-button")
    with page.expect_download() as download:
        page.click("#damaged-button")
    kept = json.loads(Path(download.value.path()).read_text())
    assert len(kept) == 1 and kept[0].startswith('{"format": "iriri-core match"') and kept[0].endswith('"rec')
    page.keyboard.press("Escape")
    page.click("#actions button")  # the page plays on, and saves a sound game again
    poll(page, "window.iriri.state().record.moves.length === 1")
    assert json.loads(page.evaluate("localStorage.getItem('iriri.match')"))["cursor"] == 1
    # A second damaged save does not overwrite the first, and both stay on offer.
    page.evaluate("localStorage.setItem('iriri.match', 'garbage')")
    page.reload()
    wait_ready(page)
    damaged = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('iriri.match.damaged.'))")
    assert len(damaged) == 2
    page.click("#share-menu summary")
    with page.expect_download() as download:
        page.click("#damaged-button")
    assert len(json.loads(Path(download.value.path()).read_text())) == 2


def test_a_share_link_opens_the_same_game(watch: SiteWatch) -> None:
    page = watch.open()
    start_game(page, ["human", "human"], seed=12)
    played = play(page, 5)
    page.click("#share-menu summary")
    page.click("#embed-button")
    code = state(page)["share"]
    figure = page.input_value("#embed-figure")
    assert f"embed.html#record={code}&mode=figure&step=5" in figure
    assert figure.startswith("<iframe ") and f"embed.html#record={code}" in page.input_value("#embed-play")
    page.click("#embed-dialog [data-close]")
    page.click("#share-menu summary")
    page.click("#share-button")
    link = page.input_value("#share-link")
    assert link.endswith("#record=" + code)
    other = watch.context.new_page()
    other.goto(link)
    wait_ready(other)
    shared = state(other)
    assert shared["record"]["moves"] == played and shared["position"] == state(page)["position"]
    assert "#" not in other.url  # the link did its work; a reload resumes from storage
    other.reload()
    wait_ready(other)
    assert state(other)["record"]["moves"] == played


def test_a_link_over_a_game_in_progress_keeps_that_game(watch: SiteWatch) -> None:
    page = watch.open()
    start_game(page, ["human", "human"], seed=3)
    mine = play(page, 3)
    other_game = watch.site + "#seats=human,human&seed=9"
    page.goto(other_game)  # pasted into the open tab: only the fragment changes
    poll(page, "window.iriri.state().record.seed === 9")
    assert "The game you had is kept" in text(page, "#message")
    page.click("#share-menu summary")
    page.click("#previous-button")
    poll(page, "window.iriri.state().record.seed === 3")
    assert state(page)["record"]["moves"] == mine and page.is_hidden("#previous-button")
    page.reload()
    wait_ready(page)
    assert state(page)["record"]["moves"] == mine and page.is_hidden("#previous-button")
    # A link that cannot be opened leaves the game as it was.
    code = state(page)["share"]
    page.goto(watch.site + "#record=" + code[: len(code) - 20])
    poll(page, "document.getElementById('message').textContent.includes('could not be opened')")
    assert state(page)["record"]["moves"] == mine


def test_a_record_file_exports_imports_and_a_malformed_one_is_refused(page: Page, tmp_path: Path) -> None:
    start_game(page, ["human", "human"], seed=4)
    played = play(page, 4)
    page.click("#share-menu summary")
    with page.expect_download() as download:
        page.click("#export-button")
    exported = Path(download.value.path()).read_text()
    assert json.loads(exported)["moves"] == played
    start_game(page, ["human", "human"], seed=5)
    before = state(page)
    malformed = tmp_path / "bad.json"
    malformed.write_text(exported.replace(played[1], "take Q9@1"))
    page.set_input_files("#import-input", str(malformed))
    poll(page, "document.getElementById('message').textContent.length > 0")
    assert "move 2" in text(page, "#message") and "unchanged" in text(page, "#message")
    assert state(page) == before
    good = tmp_path / "good.json"
    good.write_text(exported)
    page.set_input_files("#import-input", str(good))
    poll(page, f"window.iriri.state().record.moves.length === {len(played)}")
    assert state(page)["record"]["moves"] == played
