"""Playing a friend by links from a position set up (issue 38; docs/setup.md, "Play from here"):
Ann opens a Hextris position in the set-up by a link (``&edit``), presses Play from here, gives
the second seat to a friend by links and sends the invitation; Bob opens it in another browser,
is told the game starts from a position Ann set up, joins, and each plays one move by the Play by
text box and sends it with the Send button. A Pyrinoes position is refused in the dialog's words:
both browsers deal its hidden hands, and a position would show every hand."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from iriri_core import get_game

from .friends import moves, open_link, play_one, seat_friend, send, take_link
from .site import poll, sized_watch, state, text, wait_ready

SET_UP = "hextris:3/4/2Y32/4/3:YB:2:554,555:0,0:0:-"
"""A large yellow on c3, Blue to move (docs/setup.md's example, with Blue to move)."""


def play_from_here(page: Page, friend_seat: int, names: tuple[str, str] = ("Ann", "Bob")) -> None:
    """From the set-up on ``page``: Play from here, the friend at ``friend_seat``, the person at the
    other, both names, Start."""
    page.wait_for_selector("#setup:not([hidden])")
    page.click("#setup-play")
    page.wait_for_selector("#new-dialog[open]")
    assert text(page, "#new-title") == "New game from the position set up"
    seat_friend(page, 1 - friend_seat, names)


def test_a_game_with_a_friend_by_links_from_a_position_set_up(browser: Browser, site: str) -> None:
    ann_watch, bob_watch = sized_watch(browser, site, "desktop"), sized_watch(browser, site, "phone")
    ann = ann_watch.open(f"#game=hextris&position={SET_UP}&edit")
    wait_ready(ann)
    play_from_here(ann, friend_seat=1)  # Ann is Yellow; Bob, Blue, moves first as the position says
    link = take_link(ann, "Send this link to Bob")
    poll(ann, "document.getElementById('setup').hidden && !document.getElementById('friend-box').hidden")
    started = state(ann)
    assert started["line"] == SET_UP and started["moves"] == [] and started["to_move"] == 1
    assert started["seats"][1] == {"kind": "friend", "name": "Bob"}
    assert text(ann, "#friend-text").startswith("Invitation made: send it to Bob")

    bob = bob_watch.context.new_page()
    bob.goto(link)
    wait_ready(bob)
    bob.wait_for_selector("#invite-dialog[open]")
    assert text(bob, "#invite-title") == "Ann invites you to a game of Hextris from a position set up"
    told = text(bob, "#invite-text")
    assert "it starts from a position Ann set up" in told and "you move first" in told, told
    bob.click("#invite-join")
    poll(bob, "window.iriri.state().game === 'hextris' && !document.getElementById('friend-box').hidden")
    assert state(bob)["line"] == SET_UP and text(bob, "#friend-text") == "Your turn against Ann."

    play_one(bob, "hextris", seed=1)
    open_link(ann, send(bob, "Ann"))
    assert moves(ann) == moves(bob) and len(moves(ann)) == 1
    assert text(ann, "#friend-text") == "Your turn against Bob."
    play_one(ann, "hextris", seed=2)
    open_link(bob, send(ann, "Bob"))
    assert moves(bob) == moves(ann) and len(moves(bob)) == 2
    assert state(bob)["position"] == state(ann)["position"]
    game, position = get_game("hextris"), get_game("hextris").from_text(SET_UP)
    for move in moves(ann):
        position = game.play(position, game.parse_move(position, move))
    assert state(ann)["line"] == game.to_line(position), "both moves were played from the position set up"
    for watch in (ann_watch, bob_watch):
        watch.assert_clean()


def test_a_pyrinoes_position_is_not_played_by_links_and_the_dialog_says_why(
    browser: Browser, site: str
) -> None:
    watch = sized_watch(browser, site, "desktop")
    game = get_game("pyrinoes")
    page = watch.open(f"#game=pyrinoes&position={game.to_line(game.new_game(2, seed=1))}&edit")
    wait_ready(page)
    play_from_here(page, friend_seat=1)
    poll(page, "document.getElementById('new-error').textContent.length > 0")
    said = text(page, "#new-error")
    assert said.startswith("Pyrinoes by links starts from a fair deal, not from a position set up"), said
    assert "a position would show every hand" in said and page.is_visible("#new-dialog")
    watch.assert_clean()
