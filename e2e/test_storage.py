"""Saves that lose nothing, in a browser with a profile on disk (as a
person's is): storage full or throwing, two tabs on one game, two links in
a row, a save or a link nested too deeply, a game's match under another
game's key. Each time the game is kept and the player is told
(iriri_core.site.saves holds the rules; tests/test_saves.py the same cases in CPython)."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, Playwright

from iriri_core import Table
from iriri_core.seats import Seat

from .site import SIZES, SiteWatch, build, chromium_path, poll, start_game, state, text, wait_ready

UNSAVED = "does not let the page save the game"
NEWER = "Another tab has saved this game"


def persistent(playwright: Playwright, site: str, tmp_path: Path, size: str) -> Iterator[SiteWatch]:
    """A watched browser with a persistent profile (its storage on disk), at
    one of ``site.SIZES`` (a phone's with touch)."""
    width, height = SIZES[size]
    phone = size != "desktop"
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=chromium_path(),
        args=list(build.CHROMIUM_FLAGS),
        viewport={"width": width, "height": height},
        has_touch=phone,
        is_mobile=phone,
    )
    watch = SiteWatch(context, site)
    yield watch
    context.close()
    watch.assert_clean()


@pytest.fixture
def profile(playwright: Playwright, site: str, tmp_path: Path) -> Iterator[SiteWatch]:
    """A watched browser with a persistent profile, at 1280x800."""
    yield from persistent(playwright, site, tmp_path, "desktop")


@pytest.fixture(params=["desktop", "phone"])
def sized_profile(
    request: pytest.FixtureRequest, playwright: Playwright, site: str, tmp_path: Path
) -> Iterator[SiteWatch]:
    """A watched browser with a persistent profile, at 1280x800 or on a 390x844 phone with touch."""
    yield from persistent(playwright, site, tmp_path, request.param)


def play(page: Page, count: int) -> list[str]:
    """Play ``count`` moves from the action panel (hot seat); their texts."""
    played = []
    for _ in range(count):
        moves = len(state(page)["record"]["moves"])
        played.append(page.eval_on_selector("#actions button", "b => b.dataset.move"))
        page.click("#actions button")
        poll(page, f"window.iriri.state().record.moves.length === {moves + 1}")
    return played


def saved(page: Page, key: str = "iriri.match") -> dict[str, object] | None:
    """The match saved under ``key``, as data."""
    found = page.evaluate(f"localStorage.getItem('{key}')")
    return None if found is None else dict(json.loads(found))


def told(page: Page, words: str) -> None:
    """Wait until the message line says ``words``."""
    poll(page, f"document.getElementById('message').textContent.includes({json.dumps(words)})")


def fill_storage(page: Page) -> None:
    """Fill the site's storage to the last character, as another page of the site could."""
    page.evaluate(
        """() => {
          localStorage.removeItem('iriri.picture');  // (a save removes it first: no room gained then)
          let size = 1 << 24, n = 0;
          for (; size >= 1; size = Math.floor(size / 2)) {
            try { localStorage.setItem('filler.' + n, 'x'.repeat(size)); n++; } catch { }
          }
        }"""
    )


def test_full_storage_is_told_until_a_save_works_and_the_game_plays_on(profile: SiteWatch) -> None:
    page = profile.open()
    start_game(page, ["human", "human"], seed=3)
    play(page, 1)
    poll(page, "JSON.parse(localStorage.getItem('iriri.match')).cursor === 1")
    fill_storage(page)
    played = play(page, 2)
    told(page, UNSAVED)
    play(page, 1)  # the next views keep saying it
    assert UNSAVED in text(page, "#message") and saved(page)["cursor"] == 1  # type: ignore[index]
    assert state(page)["record"]["moves"][1:3] == played
    page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('filler.'))"
        ".forEach((k) => localStorage.removeItem(k))"
    )
    play(page, 1)  # room again: saved, and the message goes
    poll(page, "JSON.parse(localStorage.getItem('iriri.match')).cursor === 5")
    poll(page, f"!document.getElementById('message').textContent.includes({json.dumps(UNSAVED)})")
    page.reload()
    wait_ready(page)
    assert len(state(page)["record"]["moves"]) == 5


def test_storage_that_throws_is_told_and_the_game_plays_on(profile: SiteWatch) -> None:
    profile.context.add_init_script(
        """const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (window.refuseStorage) throw new DOMException('The operation is insecure.', 'SecurityError');
          return setItem.call(this, key, value);
        };"""
    )
    page = profile.open()
    start_game(page, ["human", "human"], seed=4)
    poll(page, "JSON.parse(localStorage.getItem('iriri.match')).record.seed === 4")
    page.evaluate("window.refuseStorage = true")
    play(page, 2)
    told(page, UNSAVED)
    assert saved(page)["cursor"] == 0  # type: ignore[index]
    page.evaluate("window.refuseStorage = false")
    play(page, 1)
    poll(page, "JSON.parse(localStorage.getItem('iriri.match')).cursor === 3")
    poll(page, f"!document.getElementById('message').textContent.includes({json.dumps(UNSAVED)})")


def test_a_tab_showing_an_older_game_is_told_and_never_overwrites_the_newer(profile: SiteWatch) -> None:
    first = profile.open()
    start_game(first, ["human", "human"], seed=5)
    play(first, 2)
    second = profile.open()  # resumes the save, and plays on
    assert len(state(second)["record"]["moves"]) == 2
    theirs = play(second, 2)
    poll(second, "JSON.parse(localStorage.getItem('iriri.match')).cursor === 4")
    poll(first, "!document.getElementById('other-tab-banner').hidden")  # at once, by the storage event
    assert NEWER in text(first, "#other-tab-banner")
    # The banner comes with the other tab's first save; this tab's copy of
    # storage catches up with its last one a moment later.
    poll(first, "JSON.parse(localStorage.getItem('iriri.match')).cursor === 4")
    newer = first.evaluate("localStorage.getItem('iriri.match')")
    play(first, 1)
    assert first.evaluate("localStorage.getItem('iriri.match')") == newer and first.is_visible(
        "#other-tab-banner"
    )
    first.reload()
    wait_ready(first)
    assert state(first)["record"]["moves"][2:] == theirs and first.is_hidden("#other-tab-banner")


def told_by_the_other_tab(page: Page) -> None:
    """Wait for the line that says another tab saved this game, check its
    words and that its two buttons are whole on screen and big enough for
    the pointer (44 px tall for a finger)."""
    poll(page, "!document.getElementById('other-tab-banner').hidden")
    assert NEWER in text(page, "#other-tab-banner") and "the game you do not take is kept" in text(
        page, "#other-tab-banner"
    )
    width, height = page.viewport_size["width"], page.viewport_size["height"]  # type: ignore[index]
    touch = page.evaluate("matchMedia('(pointer: coarse)').matches")
    for button in ("#other-tab-theirs", "#other-tab-mine"):
        box = page.locator(button).bounding_box()
        assert box is not None and page.is_visible(button), button
        assert box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] >= 0, (button, box)
        assert box["y"] + box["height"] <= height / 2, (
            button,
            box,
        )  # (over the top, not over the board's middle)
        assert box["height"] >= (44 if touch else 35), (button, box)


def press(page: Page, selector: str) -> None:
    """A tap where the screen is touched, else a click."""
    if page.evaluate("matchMedia('(pointer: coarse)').matches"):
        page.tap(selector)
    else:
        page.click(selector)


def test_a_tab_told_of_another_tabs_save_takes_it_up_or_keeps_its_own(sized_profile: SiteWatch) -> None:
    first = sized_profile.open()
    start_game(first, ["human", "human"], seed=11)
    play(first, 2)
    second = sized_profile.open()  # resumes the save, and plays on
    play(second, 2)
    board = first.locator("#canvas").bounding_box()
    told_by_the_other_tab(first)
    assert first.locator("#canvas").bounding_box() == board, (
        "the line comes over the top: the board stays put"
    )
    press(first, "#other-tab-theirs")  # tab A shows tab B's game at once
    poll(first, "document.getElementById('other-tab-banner').hidden")
    theirs = state(second)
    assert state(first)["record"] == theirs["record"] and state(first)["position"] == theirs["position"]
    assert text(first, "#status") == text(second, "#status")
    assert text(first, "#message") == "This tab now shows the other tab's game."  # (its moves all in B's)

    mine = play(first, 1)  # A plays on from B's game and saves: now B is told
    poll(first, "JSON.parse(localStorage.getItem('iriri.match')).cursor === 5")
    told_by_the_other_tab(second)
    press(second, "#other-tab-mine")  # B keeps its own game, saved over A's, and A's offered back
    poll(second, "JSON.parse(localStorage.getItem('iriri.match')).cursor === 4")
    assert second.is_hidden("#other-tab-banner") and second.is_visible("#previous-banner")
    assert "the other tab's game is kept: Share ▸ Back to the game I had" in text(second, "#message")
    assert state(second)["record"] == theirs["record"]
    press(second, "#previous-back")  # the other tab's game, back, nothing lost
    poll(second, "window.iriri.state().record.moves.length === 5")
    assert state(second)["record"]["moves"][4:] == mine


def shared(seed: int, moves: int) -> str:
    """A share code of a game of Iriri dealt from ``seed``, ``moves`` played."""
    table = Table("iriri", [Seat("human"), Seat("human")], seed=seed)
    for _ in range(moves):
        table.play(table.legal_moves()[0])
    return table.snapshot().to_code()


def test_two_links_in_a_row_keep_the_players_own_game(profile: SiteWatch) -> None:
    page = profile.open()
    start_game(page, ["human", "human"], seed=6)
    mine = play(page, 2)
    for seed in (21, 22):
        page.goto(profile.site + "#record=" + shared(seed, 3))
        poll(page, f"window.iriri.state().record.seed === {seed}")
        told(page, "The game you had is kept")
    page.reload()  # the second link's game, saved
    wait_ready(page)
    assert state(page)["record"]["seed"] == 22
    page.click("#share-menu summary")
    page.click("#previous-button")
    poll(page, "window.iriri.state().record.seed === 6")
    assert state(page)["record"]["moves"] == mine


def test_a_save_nested_too_deeply_is_set_aside_and_can_be_discarded(profile: SiteWatch) -> None:
    page = profile.open()
    start_game(page, ["human", "human"], seed=7)
    play(page, 1)
    page.evaluate(
        """const match = localStorage.getItem('iriri.match');
        localStorage.setItem('iriri.match', match.slice(0, -1) + ', "draft": ' + '['.repeat(20000) + '}');"""
    )
    page.reload()
    wait_ready(page)
    assert "Your saved game could not be read" in text(page, "#message") and "nests deeper" in text(
        page, "#message"
    )
    assert len(state(page)["record"]["moves"]) == 0
    page.click("#share-menu summary")
    assert page.is_visible("#damaged-button") and page.is_visible("#discard-damaged-button")
    page.click("#discard-damaged-button")
    poll(page, "Object.keys(localStorage).every((k) => !k.startsWith('iriri.match.damaged.'))")
    assert page.is_hidden("#damaged-button") and page.is_hidden("#discard-damaged-button")
    page.reload()
    wait_ready(page)
    assert text(page, "#message") == "" and page.is_hidden("#damaged-button")


def test_a_link_nested_too_deeply_is_refused_in_words_and_the_game_kept(profile: SiteWatch) -> None:
    page = profile.open()
    start_game(page, ["human", "human"], seed=8)
    mine = play(page, 2)
    code = "1." + base64.urlsafe_b64encode(zlib.compress(b"[" * 20_000, 9)).decode().rstrip("=")
    assert len("record=" + code) < 300
    fresh = profile.context.new_page()  # a fresh load of the link
    fresh.goto(profile.site + "#record=" + code)
    wait_ready(fresh)
    assert "This link could not be opened" in text(fresh, "#message") and "nests deeper" in text(
        fresh, "#message"
    )
    assert state(fresh)["record"]["moves"] == mine


def test_another_games_match_under_a_games_key_is_set_aside_and_its_save_kept(profile: SiteWatch) -> None:
    page = profile.open("#game=hextris&seats=human,human&seed=9")
    hextris = play(page, 2)
    poll(page, "JSON.parse(localStorage.getItem('iriri.match.hextris') || '{}').cursor === 2")
    page.evaluate(
        """localStorage.setItem('iriri.match', localStorage.getItem('iriri.match.hextris'));
        localStorage.setItem('iriri.game', 'iriri');"""
    )
    page.reload()
    wait_ready(page)
    assert "it is a game of Hextris, kept where Iriri is kept" in text(page, "#message")
    assert state(page)["record"]["game"] == "iriri" and state(page)["record"]["moves"] == []
    play(page, 1)
    poll(page, "JSON.parse(localStorage.getItem('iriri.match')).record.game === 'iriri'")
    assert saved(page, "iriri.match.hextris")["record"]["moves"] == hextris  # type: ignore[index]
    page.evaluate("localStorage.setItem('iriri.game', 'hextris')")
    page.reload()
    wait_ready(page)
    assert state(page)["record"]["game"] == "hextris" and state(page)["record"]["moves"] == hextris
