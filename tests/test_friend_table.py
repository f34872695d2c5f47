"""Games with a friend at the page's table (issue 25): two browsers, each a
table with its storage, play by the page's events alone (a tap's move, the
signatures WebCrypto would make, the links opened), each moving only for
its own seat; a reload puts the game back; the buttons that do not apply
to a game by links are off."""

from __future__ import annotations

import base64
import json
import random
from typing import Any

import pytest
from test_saves import Store, Tab

from iriri_core import Seat, Table
from iriri_core.by_links.crypto.blocks import Block, LinkError
from iriri_core.by_links.crypto.ecdsa import PrivateKey
from iriri_core.by_links.game import FriendGame
from iriri_core.by_links.table import FriendTable

ADDRESS = "https://example.org/play/"


class Browser:
    """One browser: a table, its storage, its friend games, and the key WebCrypto would keep."""

    def __init__(self, secret: int, store: Store | None = None, defer: bool = False) -> None:
        self.key = PrivateKey(secret)
        self.store = store or Store()
        self.table = Table("iriri", [Seat("human"), Seat("bot", "easy")])
        self.now = 1.0
        self.friends = FriendTable(self.table, self.store, lambda: self.now, ADDRESS, defer=defer)
        self.slices: list[int] = []
        """How many slices each piece of arithmetic took (:meth:`work`)."""
        self.working: list[str] = []
        """What the friend's box said while the page worked."""

    def work(self) -> None:
        """What web/main.py does: the arithmetic due, a slice at a time, then
        the link that waited for it opened again."""
        while (waiting := self.friends.work()) is not None:
            self.working.append(self.view()["friend"]["text"])
            assert self.view()["friend"]["working"]
            running, slices = waiting.running(), 1
            while not running.run_for(0.002):
                slices += 1
            waiting.keep(running)
            self.slices.append(slices)
            notes = self.friends.worked()
            if notes:
                self.table.error(" ".join(notes))

    def view(self) -> dict[str, Any]:
        self.friends.sync()
        return self.friends.dress(self.table.view())

    def event(self, event: dict[str, Any]) -> dict[str, Any]:
        if not self.friends.handle(event):
            self.table.handle(event)
        return self.view()

    def sign(self, body: str) -> str:
        return base64.b64encode(self.key.sign(base64.b64decode(body))).decode()

    def invite(self, game: str, seat: int, **settings: int) -> str:
        public = base64.b64encode(self.key.public_bytes()).decode()
        asked = self.friends.draft(
            {"game": game, "seat": seat, "me": "Ann", "friend": "Bob", "key": public, "settings": settings}
        )
        view = self.event({"type": "friend-invite", "signature": self.sign(asked["body"])})
        assert view["friend"]["share"] and view["friend"]["link"].startswith(ADDRESS + "#play=")
        return str(view["friend"]["link"])

    def send(self) -> str:
        self.work()
        asked = self.friends.block_body()
        assert asked["key"] == self.key.public_bytes().hex()
        view = self.event({"type": "friend-send", "signature": self.sign(asked["body"])})
        return str(view["friend"]["link"])

    def open(self, link: str) -> list[str]:
        """The link opened: what the table tells (news), or why it was refused."""
        notes = self.friends.open_link(link[len(ADDRESS) :])
        assert notes is not None
        self.work()
        message = self.table.view()["message"]
        return notes or ([message["text"]] if message else [])


def test_two_browsers_play_hextris_by_the_pages_events() -> None:
    ann, bob = Browser(5), Browser(6)
    link = ann.invite("hextris", 0)
    assert ann.view()["friend"]["text"] == "Your turn against Bob."
    assert bob.open(link) == [] and bob.view()["invite"]["title"] == "Ann invites you to a game of Hextris"
    assert "You play Blue and move second" in bob.view()["invite"]["text"]
    bob.event({"type": "friend-join", "key": base64.b64encode(bob.key.public_bytes()).decode()})
    assert bob.table.game.name == "hextris" and bob.table.seats[0] == Seat("friend", name="Ann")
    view = bob.view()
    assert view["friend"]["text"].startswith("Ann's turn") and not view["state"]["thinking"]
    bob.event({"type": "move", "text": "L@c1"})
    assert bob.table.moves == [], "Bob cannot move for Ann's seat"

    ann.event({"type": "move", "text": "L@c1"})
    view = ann.view()
    assert view["friend"]["due"] and view["buttons"]["undo"] and not view["buttons"]["hint"]
    ann.event({"type": "command", "name": "undo"})
    assert ann.table.moves == [] and not ann.view()["friend"]["due"]
    ann.event({"type": "move", "text": "M@c1"})
    link = ann.send()
    assert not ann.view()["buttons"]["undo"], "a move sent cannot be undone"
    assert bob.open(link) == ["Ann made 1 move. It is your turn."]
    assert bob.table.moves == ["M@c1"]
    bob.event({"type": "move", "text": "S@e5"})
    assert ann.open(bob.send()) == ["Bob made 1 move. It is your turn."]
    assert ann.table.moves == bob.table.moves == ["M@c1", "S@e5"]
    assert bob.open(link)[0].startswith("You have opened this link already")

    # A reload: the game with Bob is back on the table from the storage.
    again = Browser(5, ann.store)
    assert again.friends.open_link("") is None
    again.friends.show(again.friends.current or "")
    assert (
        again.table.moves == ["M@c1", "S@e5"] and again.view()["friend"]["text"] == "Your turn against Bob."
    )
    entries = again.view()["friends"]
    assert [(e["game"], e["friend"], e["turn"]) for e in entries] == [("Hextris", "Bob", "It is your turn.")]


def test_pach_ice_i_rolls_only_once_both_browsers_have_sent_their_part() -> None:
    ann, bob = Browser(7), Browser(8)
    bob_link = None
    link = ann.invite("pach-ice-i", 1)  # Ann is White: Bob, Black, rolls first
    assert ann.table.moves == [] and not ann.view()["state"]["thinking"], "nobody rolls for the table"
    bob.open(link)
    bob.event({"type": "friend-join", "key": base64.b64encode(bob.key.public_bytes()).decode()})
    assert bob.view()["friend"]["due"] and bob.table.moves == []
    bob_link = bob.send()
    assert ann.open(bob_link) == [
        "Bob sent their half of the next roll. Press Send to Bob, and send them the link."
    ]
    assert len(ann.table.moves) == 1, "Ann's table shows Black's roll"
    assert ann.open(bob_link)[0].startswith("You have opened this link already")
    bob.open(ann.send())
    assert bob.table.moves == ann.table.moves and bob.view()["friend"]["text"] == "Your turn against Ann."


@pytest.mark.parametrize(
    ("fragment", "words"),
    [
        ("#play=%%%", "it has characters a game link never has"),
        ("#play=AQ", "holds no moves"),
        ("#play=AQAB", "cut short"),
    ],
)
def test_a_broken_link_is_told_and_the_table_kept(fragment: str, words: str) -> None:
    ann = Browser(9)
    before = ann.table.snapshot()
    (note,) = ann.friends.open_link(fragment) or [""]
    assert note.startswith("This link could not be opened") and words in note
    assert ann.table.snapshot() == before


def test_games_with_friends_that_cannot_be_read_are_kept_aside_and_new_ones_kept() -> None:
    store = Store()
    store.items["iriri.friends"] = "{not json"
    ann = Browser(10, store)
    assert "could not be read" in ann.view()["message"]["text"]
    ann.invite("hextris", 0)
    (aside,) = [key for key in store.items if key.startswith("iriri.friends.damaged.")]
    assert store.items[aside] == "{not json"
    assert len(Browser(10, store).friends.book.games) == 1, "the new game is kept"


def test_two_tabs_keep_each_others_games_and_moves() -> None:
    """Two tabs of one browser share its storage: what one keeps, the other
    takes before it keeps its own, so neither loses a game or a move."""
    store = Store()
    first = Browser(11, store)
    link = first.invite("hextris", 0)
    second = Browser(11, store)  # a second tab, opened now: it has the game
    assert list(second.friends.book.games) == list(first.friends.book.games)
    first.event({"type": "move", "text": "M@c1"})
    first.send()
    # The second tab, not told yet, starts another game with a friend and keeps its book.
    second.invite("pach-ice-i", 0)
    third = Browser(11, store)
    kept = {side.game.name: len(side.ledger.blocks) for side in third.friends.book.games.values()}
    assert kept == {"hextris": 2, "pach-ice-i": 1}, "both tabs' changes are kept"
    # Told by the storage event, the first tab takes the second's game too.
    assert first.friends.stored_elsewhere() and len(first.friends.book.games) == 2
    assert link.startswith(ADDRESS)


def test_a_new_game_over_a_game_with_a_friend_keeps_the_players_own_game_not_a_copy() -> None:
    """The game kept to go back to is the player's own saved game, never a
    copy of the game with a friend that anyone at the screen could play on."""
    store = Store()
    tab = Tab(store)
    tab.send({"type": "game", "name": "hextris"})
    own = tab.play(1)
    ann = Browser(12, store)
    ann.table, ann.friends.table = tab.table, tab.table  # (one page: the shelf's table is the friends')
    ann.invite("hextris", 0)
    ann.event({"type": "move", "text": "M@c1"})
    tab.front.act(
        {"type": "new", "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}], "seed": None}
    )
    kept = json.loads(store.items["iriri.match.previous"])
    assert kept["record"]["moves"] == own and kept["seats"] == ["human", "medium"]


def test_a_turn_sent_from_one_tab_is_not_sent_again_otherwise_from_another() -> None:
    """Every link opened from a message app opens a tab: two tabs of one
    browser may hold the same turn. The second to press Send takes the
    first's turn instead, and says so: the friend never gets two pasts."""
    store = Store()
    ann = Browser(13, store)
    ann.invite("hextris", 0)
    other = Browser(13, store)
    other.friends.show(other.friends.current or "")
    ann.event({"type": "move", "text": "M@c1"})
    ann.send()
    other.event({"type": "move", "text": "L@c1"})
    assert other.friends.block_body() == {"problem": "there is nothing to send now"}
    assert other.table.moves == ["M@c1"]
    assert other.view()["message"]["text"].startswith("Another tab of this browser sent this turn")


def test_two_tabs_that_sent_different_turns_are_told_and_keep_their_own() -> None:
    first, second = Browser(14), Browser(14)
    link = first.invite("hextris", 0)
    second.friends.book.games.update(first.friends.book.games)
    key = next(iter(first.friends.book.games))
    twin = FriendGame.from_json(first.friends.book.games[key].to_json())
    second.friends.book.games[key] = twin
    for browser, move in ((first, "M@c1"), (second, "L@c1")):
        side = browser.friends.book.games[key]
        side.play(move)
        side.send((side.next_block() or Block(b"", 0, 0, ())).signed(browser.key))
    assert first.friends.book.merge(second.friends.book) == {key}
    assert first.friends.book.games[key].position().moves == ("M@c1",)
    assert link.startswith(ADDRESS)


def test_a_kept_game_that_cannot_be_read_is_told_not_dropped() -> None:
    store = Store()
    ann = Browser(15, store)
    ann.invite("hextris", 0)
    data = json.loads(store.items["iriri.friends"])
    data["games"]["broken"] = {"side": {"format": 1, "blocks": "AAAA"}, "updated": 1.0}
    store.items["iriri.friends"] = json.dumps(data)
    again = Browser(15, store)
    assert again.view()["message"]["text"] == (
        "1 game with friends kept here could not be read: kept aside as they were, out of Your games."
    )
    again.invite("iriri", 1)
    assert json.loads(store.items["iriri.friends"])["damaged"]["broken"]["side"]["blocks"] == "AAAA"


def test_an_invitation_not_yet_answered_is_asked_again_after_a_reload() -> None:
    ann, store = Browser(16), Store()
    link = ann.invite("hextris", 0)
    bob = Browser(17, store)
    bob.open(link)
    assert Browser(17, store).view()["invite"]["title"] == "Ann invites you to a game of Hextris"
    bob.event({"type": "friend-decline"})
    assert Browser(17, store).view()["invite"] is None


@pytest.mark.slow
def test_two_browsers_play_a_pyrinoes_match_each_seeing_only_its_own_hand() -> None:
    """Pyrinoes by the page's events: each table shows exactly its side's
    view (its own hand, the friend's unseen) at every decision; a round is
    counted only once the friend's hand is shown; the words name each part."""
    rng = random.Random(2)
    ann, bob = Browser(5), Browser(6)
    link = ann.invite("pyrinoes", 0, target=50)
    assert "Bob's half of the draw that picks who starts" in ann.view()["status"]
    bob.open(link)
    bob.event({"type": "friend-join", "key": base64.b64encode(bob.key.public_bytes()).decode()})
    browsers, told, counted, covers = {0: ann, 1: bob}, set(), 0, 0
    for _ in range(3000):
        for seat, browser in browsers.items():
            side = browser.friends.side
            assert side is not None
            state = side.position().state
            if side.to_move() == seat:
                assert browser.table.state == state and "?" not in map(str, state.hands[seat])
                assert set(map(str, state.hands[1 - seat])) <= {"?"}
                move = rng.choice(side.game.legal_moves(state))
                browser.event({"type": "move", "text": side.game.move_text(state, move)})
                break
            unseen = "?" in map(str, state.hands[1 - seat])
            if state.ending is not None and side.position().waiting and unseen:
                assert "it is counted once the other hand is shown" in browser.view()["status"]
                counted += 1
            cover = browser.view()["round"]
            if cover is not None and (side.next_block() is not None or side.position().waiting):
                # Issue 36: no "Next round" while the round waits for a link; the cover says for which.
                assert cover["button"] == "See the board", cover
                assert "press Send to" in cover["text"] or "in their link" in cover["text"], cover
                covers += 1
        else:
            senders = [seat for seat, b in browsers.items() if b.friends.side.next_block() is not None]
            if not senders:
                break
            told.update(browsers[1 - senders[0]].open(browsers[senders[0]].send()))
    ends = [b.friends.side.position().state for b in browsers.values()]
    assert ends[0] == ends[1] and ann.table.state == ends[0] and bob.friends.side.is_over()
    assert counted and ann.view()["friend"]["text"] == "The game is over."
    assert covers, "a round's end was seen while a link was awaited"
    words = " ".join(told)
    for part in ("half of the draw that picks who starts", "part of the deal", "hand to count the round"):
        assert part in words


def test_a_game_joined_from_another_is_told_in_its_own_words_only() -> None:
    """Issue 36: joining a friend's Pyrinoes game from the middle of a
    Pach-Ice-i game with them kept the old game's news ("Ann made 2 moves. It
    is your turn.") beside the new status, and that status read "Picking who
    starts…." with four dots."""
    ann, bob = Browser(7), Browser(8)
    bob.open(ann.invite("pach-ice-i", 1))
    bob.event({"type": "friend-join", "key": base64.b64encode(bob.key.public_bytes()).decode()})
    assert ann.open(bob.send())[0].startswith("Bob sent their half of the next roll")
    assert bob.open(ann.send()) and bob.table.view()["message"] is not None, "news of the game with Ann"
    bob.open(ann.invite("pyrinoes", 0, target=50))
    bob.event({"type": "friend-join", "key": base64.b64encode(bob.key.public_bytes()).decode()})
    view = bob.view()
    assert bob.table.game.name == "pyrinoes" and view["message"] is None, view["message"]
    assert "…." not in view["status"] and "…:" not in view["status"], view["status"]


def test_a_move_the_side_refuses_is_told_after_the_game_is_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    ann = Browser(5)
    ann.invite("hextris", 0)
    side = ann.friends.side
    assert side is not None

    def refuse(text: str) -> None:
        raise LinkError(f"{text} is refused here")

    monkeypatch.setattr(side, "play", refuse)
    view = ann.event({"type": "move", "text": "L@c1"})
    assert ann.table.moves == [] and view["message"] == {"kind": "error", "text": "L@c1 is refused here"}


def test_a_deal_is_worked_out_in_slices_while_the_box_says_what_the_page_does() -> None:
    """Issue 35, 5: on the page (a FriendTable that defers) a Pyrinoes deal's
    arithmetic (a proof of shuffle made or checked, a hand read) is left to
    the page, which does it a slice at a time (web/main.py, as the bots
    think), the friend's box saying so meanwhile; then the game goes on."""
    rng = random.Random(4)
    ann, bob = Browser(5, defer=True), Browser(6, defer=True)
    link = ann.invite("pyrinoes", 0, target=50)
    bob.open(link)
    bob.event({"type": "friend-join", "key": base64.b64encode(bob.key.public_bytes()).decode()})
    browsers = {0: ann, 1: bob}
    for _ in range(40):
        for seat, browser in browsers.items():
            side = browser.friends.side
            assert side is not None
            if side.to_move() == seat:
                state = side.position().state
                browser.event(
                    {
                        "type": "move",
                        "text": side.game.move_text(state, rng.choice(side.game.legal_moves(state))),
                    }
                )
                break
        else:
            browser = next(
                b for b in browsers.values() if b.friends.side.next_block() is not None or b.friends.work()
            )
            other = bob if browser is ann else ann
            other.open(browser.send())
    slices = ann.slices + bob.slices
    assert len(slices) >= 4 and max(slices) >= 20, "the deal's arithmetic came in many slices"
    said = " ".join(ann.working + bob.working)
    assert "Checking Ann's link" in said or "Checking Bob's link" in said
    assert "your part of the deal takes a moment" in said
    assert all(b.friends.side.position().state.round >= 1 for b in browsers.values())


def test_a_resignation_is_sent_as_a_link_and_ends_the_game_at_both_tables() -> None:
    ann, bob = Browser(5), Browser(6)
    bob.open(ann.invite("hextris", 0))
    bob.event({"type": "friend-join", "key": base64.b64encode(bob.key.public_bytes()).decode()})
    ann.event({"type": "move", "text": "L@c1"})
    bob.open(ann.send())
    assert bob.view()["friend"]["resign"] and ann.view()["friend"]["resign"], "either may resign, on any turn"
    ann.now += 3 * 86400
    waiting = ann.view()["friend"]["text"]
    assert "You have waited 3 days" in waiting and "you can resign, or set the game aside" in waiting
    view = ann.event({"type": "friend-resign"})
    assert "You resign" in view["friend"]["text"] and view["buttons"]["undo"]
    view = ann.event({"type": "command", "name": "undo"})
    assert not ann.friends.side.resigning and view["friend"]["resign"]  # type: ignore[union-attr]
    ann.event({"type": "friend-resign"})
    told = bob.open(ann.send())
    assert told == ["Ann resigned: you win."] or "Ann resigned: you win." in " ".join(told)
    assert bob.view()["friend"]["text"] == "Ann resigned: you win."
    assert ann.view()["friend"]["text"] == "You resigned: the game is over."
    assert not bob.view()["friend"]["resign"]
    assert all(seat.kind == "friend" for seat in ann.table.seats), "nobody moves at a table resigned"


def play_on(browsers: dict[int, Browser], rng: random.Random, steps: int) -> int:
    """The browsers play their game by links, moves at random, for ``steps``
    steps or to the end; the steps made."""
    for step in range(steps):
        for seat, browser in browsers.items():
            side = browser.friends.side
            assert side is not None
            if side.to_move() == seat:
                state = side.position().state
                move = side.game.move_text(state, rng.choice(side.game.legal_moves(state)))
                browser.event({"type": "move", "text": move})
                break
            if side.next_block() is not None:
                browsers[1 - seat].open(browser.send())
                break
        else:
            return step
    return steps


def test_a_backup_carries_every_game_to_a_fresh_browser_which_plays_on() -> None:
    """Issue 35, 7 (the part in Python): the book of a backup, taken into a
    fresh browser, plays on by the friend's links as the one that played."""
    ann, bob = Browser(5), Browser(6)
    bob.open(ann.invite("pach-ice-i", 0))
    bob.event({"type": "friend-join", "key": base64.b64encode(bob.key.public_bytes()).decode()})
    ann.open(bob.send())
    backup = ann.friends.backup()
    assert backup["keys"] == [ann.key.public_bytes().hex()] and backup["titles"] == ["Pach-Ice-i with Bob"]
    fresh = Browser(5)  # the same key, unwrapped from the backup file by the page
    assert not fresh.friends.book.games
    view = fresh.event({"type": "friend-restore", "book": backup["book"]})
    assert "From the backup: 1 game with friends (Pach-Ice-i with Bob)" in view["message"]["text"]
    fresh.event({"type": "friend-open", "id": next(iter(fresh.friends.book.games))})
    assert play_on({0: fresh, 1: bob}, random.Random(1), 30) == 30
    mine, theirs = (b.friends.side.position().moves for b in (fresh, bob))  # type: ignore[union-attr]
    shorter, longer = sorted((mine, theirs), key=len)
    assert len(shorter) > 20 and longer[: len(shorter)] == shorter, "the same game on both sides"
    again = fresh.event({"type": "friend-restore", "book": backup["book"]})
    assert "every one of them was here already" in again["message"]["text"]
    broken = fresh.event({"type": "friend-restore", "book": "{not json"})
    assert "cannot be read" in broken["message"]["text"]


def test_a_game_set_aside_from_your_games_comes_back_with_one_press() -> None:
    ann, bob = Browser(5), Browser(6)
    bob.open(ann.invite("hextris", 0))
    key = ann.friends.current
    view = ann.event({"type": "friend-aside", "id": key, "aside": True})
    assert [entry["aside"] for entry in view["friends"]] == [True]
    assert Browser(5, ann.store).view()["friends"][0]["aside"], "kept set aside after a reload"
    view = ann.event({"type": "friend-aside", "id": key, "aside": False})
    assert [entry["aside"] for entry in view["friends"]] == [False]
