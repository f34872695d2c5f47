"""What a slow game by links needs, on the page (issue 35): Your games with
the games that wait on you first, in the table's words; a game set aside
and brought back; a resignation sent as a link; and a game carried to a
fresh browser by a backup file and its passphrase (a wrong passphrase
told, nothing changed), then played on to its end by the friend's links.

Moves are chosen by the easy bot in this process, as in e2e/test_friends.py."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from iriri_core import get_game
from iriri_core.engine import CHANCE

from .friends import invite, mine_to_play, open_link, play_one, send, settled
from .site import SiteWatch, poll, sized_watch, state, text, wait_ready

PASSPHRASE = "four pyramids in a row"


def join(bob_watch: SiteWatch, link: str) -> Page:
    """Bob opens Ann's invitation in a new tab of his browser and joins."""
    bob = bob_watch.context.new_page()
    bob.goto(link)
    wait_ready(bob)
    bob.wait_for_selector("#invite-dialog[open]")
    bob.click("#invite-join")
    poll(bob, "!document.getElementById('friend-box').hidden")
    settled(bob)
    return bob


def exchange(people: dict[str, Page], game: str, turns: int) -> int:
    """The two play by links for ``turns`` turns or to the end: each moves
    on their turn, sends with Send, and the other opens the link; the turns
    made."""
    other = dict(zip(people, reversed(list(people)), strict=True))
    for turn in range(turns):
        acted = False
        for name, page in people.items():
            if page.is_visible("#friend-send-button"):
                open_link(people[other[name]], send(page, other[name]))
                acted = True
            elif mine_to_play(page):
                play_one(page, game, seed=turn)
                acted = True
        if not acted:
            return turn
    return turns


def your_games(page: Page) -> list[dict[str, str]]:
    """Your games as the dialog lists them: each line's texts."""
    page.click("#share-menu summary")
    page.click("#friends-button")
    page.wait_for_selector("#friends-dialog[open]")
    found: list[dict[str, str]] = page.evaluate(
        """[...document.querySelectorAll('#friends-list li, #friends-aside li')].map((li) => ({
            id: li.dataset.gameId, aside: li.closest('#friends-aside') ? 'yes' : 'no',
            title: li.querySelector('.friends-game').textContent,
            turn: li.querySelector('.friends-turn').textContent,
            last: li.querySelector('.friends-last')?.textContent ?? '',
            waited: li.querySelector('.friends-waited').textContent}))"""
    )
    return found


def test_your_games_wait_on_you_first_in_words_and_a_game_is_set_aside_and_resigned(
    browser: Browser, site: str
) -> None:
    ann_watch, bob_watch = sized_watch(browser, site, "desktop"), sized_watch(browser, site, "phone")
    ann = ann_watch.open("#game=hextris&seats=human,easy")
    first = join(bob_watch, invite(ann, "hextris", 0))
    exchange({"Ann": ann, "Bob": first}, "hextris", 3)
    ann.goto(ann_watch.site + "#game=pach-ice-i&seats=human,easy")
    wait_ready(ann)
    second = join(bob_watch, invite(ann, "pach-ice-i", 1))  # Bob is Black and rolls first
    exchange({"Ann": ann, "Bob": second}, "pach-ice-i", 2)
    listed = your_games(ann)
    assert [entry["title"] for entry in listed] == ["Hextris with Bob", "Pach-Ice-i with Bob"] or [
        entry["title"] for entry in listed
    ] == ["Pach-Ice-i with Bob", "Hextris with Bob"]
    waiting = [entry for entry in listed if entry["turn"] == "It is your turn."]
    assert waiting and listed[: len(waiting)] == waiting, "the games that wait on Ann come first"
    for entry in listed:
        assert entry["last"].startswith(("Last: Bob ", "Last: You ")), entry
        assert "@" not in entry["last"] and entry["waited"].startswith("Changed ")
    # Set aside, then back with one press.
    hextris = next(entry["id"] for entry in listed if entry["title"] == "Hextris with Bob")
    ann.click(f"#friends-list li[data-game-id='{hextris}'] button[data-friend-aside]")
    poll(ann, f"!!document.querySelector(\"#friends-aside li[data-game-id='{hextris}']\")")
    assert text(ann, "#friends-aside-title") == "Set aside (1)"
    assert ann.is_visible("#friends-aside-box")
    ann.reload()
    wait_ready(ann)
    assert [e["aside"] for e in your_games(ann) if e["id"] == hextris] == ["yes"], "kept set aside"
    ann.click("#friends-aside-box summary")
    ann.click(f"#friends-aside li[data-game-id='{hextris}'] button[data-friend-aside]")
    poll(ann, f"!!document.querySelector(\"#friends-list li[data-game-id='{hextris}']\")")
    assert ann.is_hidden("#friends-aside-box")
    ann.click(f"#friends-list li[data-game-id='{hextris}'] button[data-friend-open]")
    poll(ann, "window.iriri.state().game === 'hextris' && !document.getElementById('friend-box').hidden")
    # A resignation: the dialog says who wins, the link tells Bob.
    ann.click("#friend-resign")
    ann.wait_for_selector("#resign-dialog[open]")
    assert text(ann, "#resign-text").startswith("Bob wins.")
    ann.click("#resign-ok")
    poll(ann, "document.getElementById('friend-text').textContent.startsWith('You resign')")
    open_link(first, send(ann, "Bob"))
    poll(first, "document.getElementById('friend-text').textContent === 'Ann resigned: you win.'")
    assert text(ann, "#friend-text") == "You resigned: the game is over."
    assert first.is_hidden("#friend-resign") and ann.is_hidden("#friend-resign")
    assert state(first)["to_move"] is None or not mine_to_play(first)
    ann_watch.assert_clean()
    bob_watch.assert_clean()


def save_backup(page: Page, folder: Path) -> Path:
    """Your games ▸ Save a backup, with the passphrase typed twice (once
    wrong first); the file saved."""
    your_games(page)
    page.click("#backup-save")
    page.wait_for_selector("#backup-dialog[open]")
    page.fill("#backup-pass", PASSPHRASE)
    page.fill("#backup-again", PASSPHRASE + "!")
    page.click("#backup-ok")
    poll(page, "document.getElementById('backup-problem').textContent.includes('not the same')")
    page.fill("#backup-again", PASSPHRASE)
    with page.expect_download() as waiting:
        page.click("#backup-ok")
    path = folder / waiting.value.suggested_filename
    waiting.value.save_as(path)
    poll(page, "document.getElementById('message').textContent.startsWith('Backup saved: 1 game')")
    return path


def open_backup(page: Page, path: Path, passphrase: str) -> None:
    your_games(page)
    page.click("#backup-open")
    page.wait_for_selector("#backup-dialog[open]")
    page.set_input_files("#backup-file", str(path))
    page.fill("#backup-pass", passphrase)
    page.click("#backup-ok")


def test_a_game_is_carried_to_a_fresh_browser_by_its_backup_and_played_to_the_end(
    browser: Browser, site: str, tmp_path: Path
) -> None:
    ann_watch, bob_watch = sized_watch(browser, site, "desktop"), sized_watch(browser, site, "phone")
    ann = ann_watch.open("#game=pach-ice-i&seats=human,easy")
    bob = join(bob_watch, invite(ann, "pach-ice-i", 0))
    exchange({"Ann": ann, "Bob": bob}, "pach-ice-i", 6)
    path = save_backup(ann, tmp_path)
    text_of_file = path.read_text()
    # In the clear: all but the salt, the ivs and the ciphertexts (base64, where "Bob" may come by chance).
    clear = re.sub(r'"(iv|data|salt)":"[A-Za-z0-9+/=]*"', "", text_of_file)
    assert "Bob" not in clear and "pach" not in clear.lower(), "the file shows nothing without its passphrase"
    ann_watch.context.close()

    fresh_watch = sized_watch(browser, site, "desktop")  # a new browser: nothing kept
    fresh = fresh_watch.open()
    # A book of many long games is hundreds of kilobytes: its bytes are written as base64 whole.
    written = fresh.evaluate(
        "import('./ui/keys.js').then((keys) => { const bytes = new Uint8Array(400000).map((_, i) => i % 251);"
        " return keys.fromBase64(keys.toBase64(bytes)).every((byte, i) => byte === i % 251); })"
    )
    assert written
    assert your_games(fresh) == []
    assert text(fresh, "#friends-none").startswith("No game with a friend yet")
    fresh.click("#friends-close")
    open_backup(fresh, path, "not the passphrase")
    poll(
        fresh,
        "document.getElementById('backup-problem').textContent.startsWith('This passphrase does not open')",
    )
    fresh.click("#backup-cancel")
    assert your_games(fresh) == [], "a wrong passphrase changes nothing"
    fresh.click("#friends-close")
    broken = tmp_path / "broken.json"
    broken.write_text(text_of_file.replace('"data":"', '"data":"A', 1))
    open_backup(fresh, broken, PASSPHRASE)
    problem = "document.getElementById('backup-problem').textContent"
    poll(fresh, f"{problem}.length > 0 && !{problem}.startsWith('Opening')")
    fresh.click("#backup-cancel")
    assert your_games(fresh) == [], "a changed file changes nothing"
    fresh.click("#friends-close")
    open_backup(fresh, path, PASSPHRASE)
    poll(fresh, "document.getElementById('message').textContent.startsWith('From the backup: 1 game')")
    assert "Pach-Ice-i with Bob" in text(fresh, "#message")
    (entry,) = your_games(fresh)
    fresh.click(f"#friends-list li[data-game-id='{entry['id']}'] button[data-friend-open]")
    poll(fresh, "window.iriri.state().game === 'pach-ice-i' && !document.getElementById('friend-box').hidden")
    settled(fresh)
    exchange({"Ann": fresh, "Bob": bob}, "pach-ice-i", 2000)
    assert state(fresh)["over"] and state(bob)["over"], "played on to the end from the fresh browser"
    assert state(fresh)["moves"] == state(bob)["moves"]
    fresh_watch.assert_clean()
    bob_watch.assert_clean()


def save_record(page: Page, folder: Path, name: str) -> Path:
    """Share ▸ Save as a file, on the table of a game with a friend: the signed record, saved."""
    page.click("#share-menu summary")
    assert text(page, "#export-button") == "Save as a file", (
        "a game by links' file holds no hand of the friend's"
    )
    with page.expect_download() as waiting:
        page.click("#export-button")
    path = folder / name
    waiting.value.save_as(path)
    return path


def check(page: Page, path: Path) -> tuple[str, str]:
    """Your games ▸ Check a game with the file at ``path``: what the check says, and its details."""
    your_games(page)
    page.click("#check-open")
    page.wait_for_selector("#check-dialog[open]")
    page.set_input_files("#check-file", str(path))
    poll(page, "document.getElementById('check-dialog').getAttribute('aria-busy') !== 'true'", timeout=120)
    found = (text(page, "#check-result"), text(page, "#check-details"))
    page.click("#check-close")
    return found


def changed(path: Path, change: Callable[[list[str]], None], name: str) -> Path:
    """A copy of the record at ``path`` with its readable moves changed by ``change``."""
    record = json.loads(path.read_text())
    change(record["moves"])
    copy = path.with_name(name)
    copy.write_text(json.dumps(record))
    return copy


def another_move(game_name: str, record: dict[str, Any]) -> tuple[int, str]:
    """The place of a player's move in ``record`` (its tenth), and another legal move there."""
    game = get_game(game_name)
    state = game.from_text(record["start"])
    count = 0
    for index, text_ in enumerate(record["moves"]):
        if game.current_player(state) != CHANCE:
            count += 1
            others = [
                game.move_text(state, m) for m in game.legal_moves(state) if game.move_text(state, m) != text_
            ]
            if count >= 10 and others:
                return index, others[0]
        state = game.play(state, game.parse_move(state, text_))
    raise AssertionError("no move with another legal move beside it")


def test_anyone_checks_a_game_and_a_changed_roll_move_or_deal_is_named(
    browser: Browser, site: str, tmp_path: Path
) -> None:
    """Issue 35, 9: a record saved from a game by links (Share ▸ Save as a
    file) is checked on a third person's page ("Verified"), and the record
    with one roll, one move or one deal changed is refused, naming it."""
    ann_watch, bob_watch = sized_watch(browser, site, "desktop"), sized_watch(browser, site, "phone")
    cara_watch = sized_watch(browser, site, "desktop")  # someone else, with no game of theirs
    cara = cara_watch.open()
    ann = ann_watch.open("#game=pach-ice-i&seats=human,easy")
    bob = join(bob_watch, invite(ann, "pach-ice-i", 0))
    exchange({"Ann": ann, "Bob": bob}, "pach-ice-i", 24)
    pach = save_record(ann, tmp_path, "pach.json")
    said, details = check(cara, pach)
    assert said.startswith("Verified: a game of Pach-Ice-i between Ann and Bob"), said
    assert "signed by its player's browser" in details
    assert "made from both players' committed values" in details
    record = json.loads(pach.read_text())
    roll = next(i for i, move in enumerate(record["moves"]) if move.startswith("roll ") and i > 10)

    def other_roll(moves: list[str]) -> None:
        moves[roll] = "roll 1 1 1" if moves[roll] != "roll 1 1 1" else "roll 2 2 2"

    said, _ = check(cara, changed(pach, other_roll, "roll.json"))
    assert said.startswith("Not verified") and f"Move {roll + 1}" in said and "roll" in said, said
    assert "this roll was changed after the game" in said
    index, other = another_move("pach-ice-i", record)

    def other_move(moves: list[str]) -> None:
        moves[index] = other

    said, _ = check(cara, changed(pach, other_move, "move.json"))
    assert (
        said.startswith("Not verified") and f"Move {index + 1}" in said and "the record was changed" in said
    ), said

    # Pyrinoes, once round 1 is over (both locks out) and round 2 dealt: a dealt domino changed.
    ann.goto(ann_watch.site + "#game=pyrinoes&seats=human,easy")
    wait_ready(ann)
    bob = join(bob_watch, invite(ann, "pyrinoes", 0, {"target": "50"}))
    for _ in range(40):
        exchange({"Ann": ann, "Bob": bob}, "pyrinoes", 10)
        if sum(move.startswith("deal") for move in state(ann)["moves"]) > 19 and not state(ann)["over"]:
            break
    dominoes = save_record(ann, tmp_path, "pyrinoes.json")
    said, _ = check(cara, dominoes)
    assert said.startswith("Verified: a game of Pyrinoes between Ann and Bob"), said
    record = json.loads(dominoes.read_text())
    dealt = next(i for i, move in enumerate(record["moves"]) if move.startswith("deal ") and "?" not in move)

    def other_deal(moves: list[str]) -> None:
        moves[dealt] = "deal 6-6" if moves[dealt] != "deal 6-6" else "deal 0-0"

    said, _ = check(cara, changed(dominoes, other_deal, "deal.json"))
    assert said.startswith("Not verified") and "deal" in said and "changed after the game" in said, said
    for watch in (ann_watch, bob_watch, cara_watch):
        watch.assert_clean()
