"""Two people playing by links through the page's own controls, for the
e2e tests (e2e/test_friends.py) and the bench (e2e/bench.py): Ann invites
from New game, each sends with the Send button and copies the link from
the dialog, the other opens it in their tab.  Moves are chosen by the easy
bot in this process, from the position the page gives scripts."""

from __future__ import annotations

from playwright.sync_api import Page

from iriri_core import get_game
from iriri_core.bots import make_bot
from iriri_core.engine import IllegalMoveError

from .site import poll, state, text


def invite(
    ann: Page,
    game: str,
    seat: int,
    settings: dict[str, str] | None = None,
    names: tuple[str, str] = ("Ann", "Bob"),
) -> str:
    """Ann starts a game with Bob from New game, sitting at ``seat``, with
    the game's ``settings`` chosen (``names``: hers and her friend's); the invitation's link."""
    ann.click("#new-button")
    ann.wait_for_selector("#new-dialog[open]")
    for name, value in (settings or {}).items():
        ann.select_option(f"#setting-{name}", value)
    seat_friend(ann, seat, names)
    return take_link(ann, f"Send this link to {names[1]}")


def seat_friend(page: Page, seat: int, names: tuple[str, str]) -> None:
    """In the open New game dialog: the person at ``seat``, the friend at the other,
    both names (``names``: the person's and the friend's), then Start."""
    page.select_option(f"#seat-{1 - seat}", "friend")
    page.select_option(f"#seat-{seat}", "human")
    assert page.is_visible("#friend-names") and page.is_hidden("#seed-input")
    page.fill("#friend-me", names[0])
    page.fill("#friend-name", names[1])
    page.click("#new-form button[type=submit]")


def take_link(page: Page, title: str) -> str:
    """The link the page hands over, from its dialog (as a person copies it); the dialog closed."""
    page.wait_for_selector("#link-dialog[open]")
    assert text(page, "#link-title") == title
    link = page.input_value("#link-url")
    page.click("#link-done")
    assert page.is_hidden("#link-dialog")
    return link


def open_link(page: Page, link: str) -> None:
    """Open ``link`` in the page's tab, as a person who pastes it (and wait
    while the page checks it: a deal's proofs take a moment)."""
    before = page.evaluate("window.iriri.state().opened")
    page.goto(link)
    poll(page, f"!location.hash && window.iriri.state() && window.iriri.state().opened >= {before}")
    settled(page)


def settled(page: Page) -> None:
    """Wait while the friend's box says the page is working (its aria-busy):
    a deal's arithmetic, done in slices."""
    poll(page, "document.getElementById('friend-box').getAttribute('aria-busy') !== 'true'", timeout=60)


def moves(page: Page) -> list[str]:
    """The moves as the person saw them (a game that hides pieces gives
    scripts no record: its dominoes not seen are ``?``)."""
    found: list[str] = state(page)["moves"]
    return found


def play_one(
    page: Page, game_name: str, seed: int, level: str = "easy", settings: dict[str, str] | None = None
) -> None:
    """The person whose turn it is makes one move, chosen by the bot of
    ``level`` from what the person sees, typed in Play by text.  A game that
    hides pieces gives scripts no position: the moves as the person saw
    them are played again by the rules from the start (with ``settings``)."""
    game = get_game(game_name)
    data = state(page)
    if "position" in data:
        position = game.from_text(data["position"])
        move = game.move_text(position, make_bot(level, seed=seed).choose(game, position))
    else:
        try:
            position = game.new_game(2, **{name: int(value) for name, value in (settings or {}).items()})
            for text in data["moves"]:
                position = game.play(position, game.parse_move(position, text))
            move = game.move_text(position, make_bot(level, seed=seed).choose(game, position))
        except IllegalMoveError:  # the unseen dominoes ("?") scored a round otherwise: a move the page offers
            move = page.eval_on_selector("#actions button", "b => b.dataset.move")
    count = len(data["moves"])
    page.fill("#move-input", move)
    page.click("#move-form button[type=submit]")
    poll(page, f"window.iriri.state().moves.length > {count}")
    settled(page)


def mine_to_play(page: Page) -> bool:
    """Whether the table shows the game with the friend, and it is this person's move."""
    data = state(page)
    with_friend = any(seat["kind"] == "friend" for seat in data["seats"])
    return with_friend and not data["over"] and data["to_move"] == data["viewer"]


def send(page: Page, friend: str) -> str:
    """The page's Send button; the link it hands over."""
    page.click("#friend-send-button")
    return take_link(page, f"Send this link to {friend}")
