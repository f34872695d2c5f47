"""Save and resume, share links, record files: what a player relies on so
that nothing is lost (issue: offline play, embedding, save and resume)."""

from __future__ import annotations

import json
import re
import struct
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from .site import (
    SiteWatch,
    legal_moves,
    poll,
    sized_watch,
    start_game,
    state,
    text,
    wait_for_person,
    wait_ready,
)
from .wiki import IFRAMETAG_ATTRIBUTES, parsed


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
        count = len(wait_for_person(page)["record"]["moves"])
        page.click("#actions button")
        poll(page, f"window.iriri.state().record.moves.length > {count}")
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
    poll(page, "document.getElementById('embed-html').value !== ''")
    figure = page.input_value("#embed-html")
    assert f"embed.html#record={code}&mode=figure&step=5&picture=1." in figure and figure.startswith(
        "<iframe "
    )
    assert page.input_value("#embed-wiki").startswith("{{Pyramid game|title=Iriri: a figure|options=record=")
    iframetag = page.input_value("#embed-iframetag")
    group, frame = parsed(iframetag)
    assert group == {"role": "group", "aria-label": "Iriri: a figure"}, "the frame's name, kept by a group"
    assert set(frame) <= IFRAMETAG_ATTRIBUTES, f"IFrameTag drops {set(frame) - IFRAMETAG_ATTRIBUTES}"
    assert frame["src"] == parsed(f"<div>{figure}</div>")[1]["src"] and frame["style"] == "border:0"
    page.check("input[name=embed-kind][value=play]")
    assert f"embed.html#record={code}&picture=1." in page.input_value("#embed-html")
    assert parsed(page.input_value("#embed-iframetag"))[0]["aria-label"] == "Iriri: a game to play"
    page.click("#embed-dialog [data-close]")
    page.click("#share-menu summary")
    page.click("#share-button")
    poll(page, "document.getElementById('share-link').value !== ''")
    link = page.input_value("#share-link")
    assert f"#record={code}&picture=1." in link
    page.uncheck("#share-picture")
    assert page.input_value("#share-link").endswith("#record=" + code)
    assert page.is_visible("#share-position"), "the position alone, in one line"
    position_link = page.input_value("#share-position")
    assert position_link.endswith(f"#game=iriri&position={state(page)['line']}"), position_link
    assert not re.search(r"[\s&+%]", position_link.split("&position=")[1]), "no escaping needed"
    other = watch.context.new_page()
    other.goto(link)
    other.wait_for_selector("html[data-picture]", state="attached")  # the board, before Python is ready
    wait_ready(other)
    shared = state(other)
    assert shared["record"]["moves"] == played and shared["position"] == state(page)["position"]
    assert "#" not in other.url  # the link did its work; a reload resumes from storage
    other.reload()
    wait_ready(other)
    assert state(other)["record"]["moves"] == played
    other.goto(position_link)  # pasted into the open tab: a new game from the position shown
    poll(other, "window.iriri.state().record.moves.length === 0")
    assert state(other)["position"] == state(page)["position"]


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
    # A link whose game a bot begins: pasted into the open tab, the bot plays.
    page.goto(watch.site + "#game=hextris&seats=easy,human")
    poll(page, "window.iriri.state().length === 1 && !window.iriri.state().thinking")


def save_as_a_file(page: Page) -> str:
    """Share ▸ Save as a file: the text of the record downloaded."""
    page.click("#share-menu summary")
    with page.expect_download() as download:
        page.click("#export-button")
    return Path(download.value.path()).read_text()


@pytest.mark.shared_page
def test_a_record_file_exports_imports_and_a_malformed_one_is_refused(page: Page, tmp_path: Path) -> None:
    start_game(page, ["human", "human"], seed=4)
    played = play(page, 4)
    exported = save_as_a_file(page)
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


@pytest.mark.shared_page
def test_opening_a_file_over_a_game_in_progress_asks_first_and_keeps_it(page: Page, tmp_path: Path) -> None:
    start_game(page, ["human", "human"], seed=4)
    theirs = play(page, 2)
    record = tmp_path / "theirs.json"
    record.write_text(save_as_a_file(page))
    start_game(page, ["human", "human"], seed=5)
    mine = play(page, 1)
    page.set_input_files("#import-input", str(record))
    page.wait_for_selector("#leave-dialog[open]")
    assert text(page, "#leave-ok") == "Open the other game"
    page.click("#leave-cancel")
    assert state(page)["record"]["moves"] == mine, "Keep playing keeps the game"
    page.click("#share-menu summary")
    with page.expect_file_chooser() as chooser:  # as a person opens one: the menu's item
        page.click("#import-button")
    chooser.value.set_files(str(record))
    page.click("#leave-ok")
    poll(page, f"window.iriri.state().record.moves.length === {len(theirs)}")
    assert state(page)["record"]["moves"] == theirs
    page.click("#previous-back")  # the game that was in progress, back; the opened one kept in turn
    poll(page, f"window.iriri.state().record.moves.length === {len(mine)}")
    assert state(page)["record"]["moves"] == mine and page.is_visible("#previous-banner")


def test_the_game_left_is_offered_back_on_one_line_over_that_game_only(browser: Browser, site: str) -> None:
    """Issue 36: on a phone the line offering back the game left is one line
    (its words, Back to it and a ✕ a finger can tap); picking another game
    puts it away, and Share still offers the game."""
    watch = sized_watch(browser, site, "phone")
    page = watch.open("#game=iriri&seats=human,human&seed=3")
    play(page, 1)
    start_game(page, ["human", "human"], seed=None)
    poll(page, "!document.getElementById('previous-banner').hidden")
    line = page.eval_on_selector("#previous-banner", "b => b.getBoundingClientRect().toJSON()")
    back, dismiss = (
        page.eval_on_selector(f"#{name}", "b => b.getBoundingClientRect().toJSON()")
        for name in ("previous-back", "previous-dismiss")
    )
    assert line["height"] <= 56 and abs(back["top"] - dismiss["top"]) < 1, (line, back, dismiss)
    assert min(back["height"], dismiss["height"], dismiss["width"]) >= 44, (back, dismiss)
    page.click("#game-buttons-list button[data-game='hextris']")
    poll(page, "window.iriri.state().game === 'hextris'")
    assert page.is_hidden("#previous-banner"), "the line stays over the game it offers back"
    assert not page.evaluate("document.getElementById('previous-button').hidden"), "Share still offers it"
    page.click("#game-buttons-list button[data-game='iriri']")
    poll(page, "window.iriri.state().game === 'iriri'")
    assert page.is_hidden("#previous-banner")
    watch.context.close()
    watch.assert_clean()


@pytest.mark.shared_page
def test_pictures_for_a_wiki_are_saved_with_their_wikitext(page: Page) -> None:
    """Share ▸ Pictures for a wiki: the position as SVG and PNG, every move
    as a ZIP of both, and the wikitext that shows them once uploaded: the
    PNG, and the SVG (it was given for the PNG only)."""
    start_game(page, ["human", "human"], seed=6)
    play(page, 3)
    page.click("#share-menu summary")
    page.click("#pictures-button")
    poll(page, "document.getElementById('pictures-wiki').value !== ''")
    wikitext = page.input_value("#pictures-wiki")
    found = re.fullmatch(
        r"\[\[File:(Iriri \w+ move 3)\.png\|thumb\|upright=1\.6\|Iriri, move 3 of 3: (.*)\]\]", wikitext
    )
    assert found, wikitext
    name = found.group(1)
    assert found.group(2) == page.eval_on_selector("#moves li:last-child", "li => li.textContent")
    with page.expect_download() as svg:
        page.click("#save-svg")
    assert svg.value.suggested_filename == f"{name}.svg"
    labels = dict(
        page.eval_on_selector_all(
            "#pictures-dialog label", "(ls) => ls.map((l) => [l.htmlFor, l.textContent])"
        )
    )
    assert labels["pictures-wiki"] == "Wikitext for the PNG"
    assert labels["pictures-wiki-svg"].startswith("Wikitext for the SVG")
    svg_wikitext = page.input_value("#pictures-wiki-svg")
    assert f"[[File:{svg.value.suggested_filename}|" in svg_wikitext
    assert svg_wikitext == wikitext.replace(f"{name}.png", f"{name}.svg"), "the same caption"
    assert Path(svg.value.path()).read_text().startswith("<svg")
    with page.expect_download() as png:
        page.click("#save-png")
    data = Path(png.value.path()).read_bytes()
    assert png.value.suggested_filename == f"{name}.png" and data.startswith(b"\x89PNG")
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1600, 1040), "drawn at twice 800x520"
    with page.expect_download() as bundle:
        page.click("#save-zip")
    archive = zipfile.ZipFile(Path(bundle.value.path()))
    stem = name.removesuffix(" move 3")
    expected = {f"{stem} move {n}.{kind}" for n in range(4) for kind in ("svg", "png")} | {"gallery.txt"}
    assert set(archive.namelist()) == expected
    gallery = page.input_value("#pictures-gallery")
    assert gallery == archive.read("gallery.txt").decode() and gallery.count("File:") == 4
    assert archive.read(f"{stem} move 0.png").startswith(b"\x89PNG")
