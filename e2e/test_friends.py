"""Playing a friend elsewhere by links (issue 25), two people at two
screens: Ann at a desktop invites Bob from New game; Bob, on a phone,
opens her link and joins; each moves only on their own turn, by the Play
by text box, and sends each link with the page's own Send button, and the
other opens it. A whole game of every game that can be played by links
runs to its end the same on both sides; Your games is right on both; an
old link, the same link twice and an edited link are each answered in
words with nothing lost; and a second game asks for no name again.

The moves are chosen for both people by the easy bot, in this process,
from the position the page gives scripts: the subject is the links, not
the play."""

from __future__ import annotations

import base64

import pytest
from playwright.sync_api import Browser, Page

from iriri_core import get_game
from iriri_core.by_links.crypto.blocks import read_packet
from iriri_core.by_links.invitations import by_links
from iriri_core.presenter import presenter_for
from iriri_core.registry import games_in
from iriri_core.settings import least_settings

from .friends import invite, mine_to_play, moves, open_link, play_one, send
from .site import (
    EVERY_GAME,
    FIXTURE_GAMES,
    ROOT,
    TEST_GAMES,
    game_of,
    poll,
    sized_watch,
    state,
    text,
    wait_ready,
)


def least(name: str) -> dict[str, str]:
    """The game's settings at their least, as the invitation's form takes them."""
    entry = next(e for e in games_in(ROOT / FIXTURE_GAMES) if e.name == name) if name in TEST_GAMES else None
    shown = entry.presenter() if entry is not None else presenter_for(name)
    return {key: str(value) for key, value in least_settings(shown).items()}


GAMES: list[tuple[str, int, dict[str, str]]] = [
    (name, seat, least(name))
    for name in EVERY_GAME
    if by_links(game_of(name))
    for seat in ((0,) if least(name) else (0, 1))
]
"""Every game played by links (e2e/site.py) with each seat inviting; a game
with settings once, at their least (Pyrinoes: a match to 50, several
rounds, each dealt by both)."""


@pytest.mark.slow
@pytest.mark.parametrize(("game_name", "inviter_seat", "settings"), GAMES)
def test_a_whole_game_with_a_friend_by_links(
    browser: Browser, site: str, game_name: str, inviter_seat: int, settings: dict[str, str]
) -> None:
    ann_watch, bob_watch = sized_watch(browser, site, "desktop"), sized_watch(browser, site, "phone")
    ann = ann_watch.open(f"#game={game_name}&seats=human,easy")
    link = invite(ann, game_name, inviter_seat, settings)
    bob = bob_watch.context.new_page()
    bob.goto(link)
    wait_ready(bob)
    bob.wait_for_selector("#invite-dialog[open]")
    assert text(bob, "#invite-title") == f"Ann invites you to a game of {get_game(game_name).title}"
    bob.click("#invite-join")
    poll(bob, f"window.iriri.state().game === '{game_name}' && !document.getElementById('friend-box').hidden")
    # (Iriri's ring is dealt from both halves: until Ann's next link the table keeps Bob's own game.)
    title = "Your game with Ann, by links" if get_game(game_name).dealt_from_seed else "Playing Ann by links"
    assert text(bob, "#friend-title") == title

    people = {"Ann": ann, "Bob": bob}
    other = {"Ann": "Bob", "Bob": "Ann"}
    sent: dict[str, list[str]] = {"Ann": [link], "Bob": []}
    for turn in range(2000):
        acted = False
        for name, page in people.items():
            if page.is_visible("#friend-send-button"):
                if name == "Bob":  # on the phone: a button a finger can press
                    box = page.locator("#friend-send-button").bounding_box()
                    assert box and box["height"] >= 44 and box["width"] >= 44, box
                sent[name].append(send(page, other[name]))
                open_link(people[other[name]], sent[name][-1])
                acted = True
            elif mine_to_play(page):
                play_one(page, game_name, seed=turn, settings=settings)
                acted = True
        if not acted:
            break
    assert state(ann)["over"] and state(bob)["over"], "the game ran to its end on both sides"
    if get_game(game_name).hidden_information:  # each saw the other's deals as unseen: the same number
        assert len(moves(ann)) == len(moves(bob)) and text(ann, "#status") == text(bob, "#status")
    else:
        assert moves(ann) == moves(bob) and state(ann)["position"] == state(bob)["position"]
    for page in (ann, bob):  # the end is told on the table; no panel offers a rematch at one screen
        assert text(page, "#status").startswith("Game over") and page.is_hidden("#over-dialog")

    # Your games, on both sides.
    for name, page in people.items():
        entries = page.evaluate(
            "window.iriri.state() && document.querySelectorAll('#friends-list li').length"
        )
        assert entries == 1
        listed = page.text_content("#friends-list li") or ""
        assert f"{get_game(game_name).title} with {other[name]}" in listed and "The game is over." in listed

    # Bob opens an older link of Ann's, then her last one again: words, and nothing changes.
    last = moves(bob)
    if len(sent["Ann"]) > 2:
        open_link(bob, sent["Ann"][1])
        poll(bob, "document.getElementById('message').textContent.includes('older link')")
        assert moves(bob) == last
    open_link(bob, sent["Ann"][-1])
    poll(
        bob, "document.getElementById('message').textContent.startsWith('You have opened this link already')"
    )
    assert moves(bob) == last
    # An edited link: the first letter of its move changed (the packet's
    # version byte, the previous block's hash and 6 bytes of seat, ply and
    # length come before it: docs/distance.md).
    with_move = [link for link in sent["Ann"] if read_packet(link.split("#play=")[1])[-1].moves]
    address, packet = with_move[-1].split("#play=")
    data = bytearray(base64.urlsafe_b64decode(packet + "=" * (-len(packet) % 4)))
    data[1 + 32 + 6] ^= 1
    open_link(bob, address + "#play=" + base64.urlsafe_b64encode(bytes(data)).decode().rstrip("="))
    poll(bob, "document.getElementById('message').textContent.startsWith('This link could not be opened')")
    assert "changes a move already played" in text(bob, "#message")
    assert moves(bob) == last
    for watch in (ann_watch, bob_watch):
        watch.assert_clean()


def test_a_move_of_the_friends_seat_is_refused_and_the_game_reloads_whole(
    browser: Browser, site: str
) -> None:
    ann_watch = sized_watch(browser, site, "desktop")
    ann = ann_watch.open("#game=hextris&seats=human,easy")
    invite(ann, "hextris", 1)  # Bob moves first
    data = state(ann)
    assert data["seats"][0] == {"kind": "friend", "name": "Bob"} and data["to_move"] == 0
    assert "waiting for Bob's link" in text(ann, "#status")
    ann.fill("#move-input", "L@c1")
    ann.click("#move-form button[type=submit]")
    poll(ann, "document.getElementById('message').textContent.length > 0")
    assert moves(ann) == []
    assert ann.is_hidden("#hint-button") or ann.is_disabled("#hint-button")
    ann.reload()
    wait_ready(ann)
    poll(ann, "!document.getElementById('friend-box').hidden")
    assert state(ann)["seats"][0] == {"kind": "friend", "name": "Bob"}
    assert text(ann, "#friend-text").startswith("Invitation made: send it to Bob")
    ann_watch.assert_clean()


@pytest.mark.parametrize(("game_name", "hides"), [("pyrinoes", True), ("hextris", False)])
def test_the_share_menu_says_when_a_link_or_file_holds_every_hand(
    browser: Browser, site: str, game_name: str, hides: bool
) -> None:
    """Issue 25: a hot-seat game's link or file holds what the game hides;
    the Share menu says so before either is made (a game with a friend by
    links is the way to play Pyrinoes with each hand kept to its owner)."""
    watch = sized_watch(browser, site, "desktop")
    page = watch.open(f"#game={game_name}&seats=human,human")
    page.click("#share-menu summary")
    label = text(page, "#export-button")
    assert label == ("Save as a file (it holds every hand)" if hides else "Save as a file")
    page.click("#share-button")
    page.wait_for_selector("#share-dialog[open]")
    assert page.is_visible("#share-hidden") == hides
    if hides:
        assert "whoever opens it sees every hand" in text(page, "#share-hidden")
    watch.assert_clean()


def names_offered(page: Page) -> tuple[str, list[str]]:
    """What New game offers with a friend in the second seat: the person's
    own name, filled in, and the friends' names the friend's name lists; the dialog closed."""
    page.click("#new-button")
    page.wait_for_selector("#new-dialog[open]")
    page.select_option("#seat-1", "friend")
    page.select_option("#seat-0", "human")
    me = page.input_value("#friend-me")
    known: list[str] = page.evaluate(
        "[...(document.getElementById('friend-name').list?.options ?? [])].map((option) => option.value)"
    )
    page.click("#new-cancel")
    return me, known


def test_a_second_game_with_a_friend_asks_for_no_name_again(browser: Browser, site: str) -> None:
    """New game fills in the name the person gave themselves last (after a
    reload too) and offers the friends of Your games for the friend's name:
    Ann, who invited Bob, and Bob, who joined (Ann named him: his own name
    he gives once, when he first invites)."""
    ann_watch, bob_watch = sized_watch(browser, site, "desktop"), sized_watch(browser, site, "desktop")
    ann = ann_watch.open("#game=hextris&seats=human,easy")
    link = invite(ann, "hextris", 0)
    bob = bob_watch.context.new_page()
    bob.goto(link)
    wait_ready(bob)
    bob.wait_for_selector("#invite-dialog[open]")
    bob.click("#invite-join")
    poll(bob, "!document.getElementById('friend-box').hidden")
    ann.reload()
    wait_ready(ann)
    assert names_offered(ann) == ("Ann", ["Bob"])
    assert names_offered(bob) == ("", ["Ann"])
    invite(bob, "hextris", 0, names=("Bob", "Ann"))
    bob.reload()
    wait_ready(bob)
    assert names_offered(bob) == ("Bob", ["Ann"])
    for watch in (ann_watch, bob_watch):
        watch.assert_clean()
