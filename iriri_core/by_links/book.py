"""The games by links one browser keeps ("Your games", docs/distance.md):
which game a link is for, what opening it does, in words, and the list.

An old link, a link opened twice, one's own link and a link of a game
this browser does not have are each answered in words, and none changes a
game: a game takes only a link that follows what it holds
(:meth:`iriri_core.by_links.game.FriendGame.take`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import get_game
from .crypto.blocks import Block, LinkError, read_packet
from .crypto.steps import Work
from .decks import parts_words, read_parts
from .game import FORMAT, FriendGame
from .invitations import Invitation
from .replay import is_invitation


@dataclass
class Opened:
    """What opening a link did: the game it is for (None for an invitation
    still to join: the page makes a key, then :meth:`FriendBook.join`), and
    the words that say so."""

    side: FriendGame | None
    words: str
    changed: bool


def turn_words(side: FriendGame) -> str:
    """Whose turn it is, in words for this side's person."""
    friend = side.friend
    if side.resigned is not None:
        return f"{'You' if side.resigned == side.seat else friend} resigned: the game is over."
    if side.resigning:
        return f"You resign: press Send to {friend}, and send them the link."
    if side.to_move() == side.seat:
        return "It is your turn."
    if side.next_block() is not None:
        over = (
            " (the game is over: it shows them your hand to count the last round)" if side.is_over() else ""
        )
        return f"Press Send to {friend}, and send them the link{over}."
    if side.deferred is not None:
        return f"Your link to {friend} is being made (the deal's arithmetic takes a moment)."
    if side.is_over():
        return "The game is over."
    return f"It is {friend}'s turn: wait for their link."


def waits_on_you(side: FriendGame) -> bool:
    """Whether the game waits for this side's person: their move, or their link to send (a last
    round's hand to count, after the game's end, too)."""
    owed = side.resigning or side.next_block() is not None or side.deferred is not None
    return owed or (not side.is_over() and side.to_move() == side.seat)


def half_words(side: FriendGame, whose: str) -> str:
    """A player's chain value for the batch of chance now, in the game's
    words: ``whose`` half of the shuffle that deals the game (a start
    dealt from the seed), or of the next roll; in a game both browsers
    deal, what its deck says (the part of the deal, the hand at the round's
    end: :meth:`iriri_core.by_links.decks.Deck.words`)."""
    position = side.position()
    if position.deck is not None and position.state is not None:
        block = side.next_block() if whose == "your" else None
        return position.deck.words(position.state, whose, None if block is None else read_parts(block.deal))
    if side.game.dealt_from_seed and side.invitation.start is None and side.position().batches <= 1:
        return f"{whose} half of the shuffle that deals the game"
    return f"{whose} half of the next roll"


def _sent_words(side: FriendGame, block: Block) -> str:
    """What the friend's ``block`` without moves brought, in words."""
    told = parts_words(read_parts(block.deal), "their")
    if told is None and side.position().deck is not None:  # (in a dealt game, a value alone is for the picks)
        return "their half of the draw that picks who starts"
    return told or half_words(side, "their")


class FriendBook:
    """The games by links one browser keeps ("Your games"), by game id,
    with when each last changed (the caller's clock, in seconds), the games
    set aside (kept, out of the list), what the list said of each game
    when it was last worked out (so that the list needs no game replayed),
    and any kept game that could not be read, kept as it was.  ``defer``:
    the games' long arithmetic is done in slices by the page
    (:class:`~iriri_core.by_links.crypto.steps.Work`)."""

    def __init__(self, defer: bool = False) -> None:
        self.games: dict[str, FriendGame] = {}
        self.updated: dict[str, float] = {}
        self.damaged: dict[str, Any] = {}
        self.aside: dict[str, bool] = {}
        """Whether each game is set aside, for the games ever set aside or brought back."""
        self.marked: dict[str, float] = {}
        """When each game was last set aside or brought back (for :meth:`merge`)."""
        self.listed: dict[str, dict[str, Any]] = {}
        """Each game's line in the list as last worked out (:meth:`entry`)."""
        self.defer = defer

    def add(self, side: FriendGame, now: float) -> None:
        self.games[side.game_id.hex()] = side
        self.updated[side.game_id.hex()] = now

    def merge(self, other: FriendBook) -> set[str]:
        """Take from ``other`` (another tab's book) each game this one lacks,
        and each game it holds further on along the same blocks (blocks
        are only ever added, so the longer holds the shorter); a game as far
        on in both keeps this tab's moves not sent.  Returns the games the
        two tabs played apart (each sent a different block): this tab's is
        kept, and the caller tells the person."""
        forks = set()
        for key, theirs in other.games.items():
            mine = self.games.get(key)
            if mine is not None and (mine.seat, mine.public, mine.secret) != (
                theirs.seat,
                theirs.public,
                theirs.secret,
            ):
                forks.add(key)  # (the friend's side of the same game: never taken in place of this one's)
                continue
            if mine is None or len(theirs.ledger.blocks) > len(mine.ledger.blocks):
                shorter = [] if mine is None else mine.ledger.blocks
                if [b.digest for b in theirs.ledger.blocks[: len(shorter)]] != [b.digest for b in shorter]:
                    forks.add(key)
                    continue
                self.games[key], self.updated[key] = theirs, other.updated.get(key, 0.0)
                if key in other.listed:
                    self.listed[key] = other.listed[key]
                else:
                    self.listed.pop(key, None)
            elif [b.digest for b in mine.ledger.blocks[: len(theirs.ledger.blocks)]] != [
                b.digest for b in theirs.ledger.blocks
            ]:
                forks.add(key)
        for key, when in other.marked.items():
            if when > self.marked.get(key, -1.0):
                self.marked[key], self.aside[key] = when, other.aside.get(key, False)
        for key, entry in other.damaged.items():
            self.damaged.setdefault(key, entry)
        return forks

    def holding(self, digest: bytes) -> FriendGame | None:
        """The game that holds a block with this hash."""
        for side in self.games.values():
            if any(block.digest == digest for block in side.ledger.blocks):
                return side
        return None

    def open(self, packet: str, now: float) -> Opened:
        """Take a link's packet into the game it is for; raises LinkError
        with the reason, every game unchanged (or Deferred, on the page,
        where the link's arithmetic is still to do)."""
        blocks = read_packet(packet)
        first = blocks[0]
        if is_invitation(first):
            side = self.games.get(first.digest.hex())
            if side is None:
                FriendGame.join(packet, b"")  # (checked whole, its signatures too, before it is offered)
                invitation = Invitation.read(first.moves)
                return Opened(
                    None,
                    f"{invitation.inviter} invites you to a game of {get_game(invitation.game).title}.",
                    False,
                )
        else:
            side = self.holding(first.previous)
            if side is None:
                raise LinkError(
                    "this link is a move of a game this browser does not have: open the game's "
                    "first link (the invitation) here first, or ask your friend to send it again"
                )
        held = {block.digest for block in side.ledger.blocks}
        if all(block.digest in held for block in blocks):
            return Opened(side, self._nothing_new(side, blocks), False)
        fresh = side.take(packet)
        key = side.game_id.hex()
        self.updated[key] = now
        if self.aside.get(key):  # (a game set aside comes back when the friend moves)
            self.aside[key], self.marked[key] = False, now
        friend = side.friend
        count = sum(len(block.moves) for block in fresh)
        if fresh[-1].resign:
            moved = f"{friend} resigned: you win."
        elif count:
            moved = f"{friend} made {count} move{'s' if count != 1 else ''}."
        else:
            moved = f"{friend} sent {_sent_words(side, fresh[-1])}."
        return Opened(side, moved if side.resigned is not None else f"{moved} {turn_words(side)}", True)

    def _nothing_new(self, side: FriendGame, blocks: Sequence[Block]) -> str:
        friend = side.friend
        if all(block.seat == side.seat for block in blocks):
            return f"This is a link you made for {friend}: send it to them. Nothing changed here."
        theirs = [block for block in side.ledger.blocks if block.seat != side.seat]
        if theirs and blocks[-1].digest == theirs[-1].digest:
            return f"You have opened this link already: nothing in it is new. {turn_words(side)}"
        return (
            f"This is an older link of {friend}'s: every move in it is here already, "
            f"and the game is kept as it is. {turn_words(side)}"
        )

    def join(self, packet: str, public: bytes, now: float, secret: bytes | None = None) -> FriendGame:
        """Join the game of an invitation (its first link) with this
        browser's new key; the game is kept in the book."""
        side = FriendGame.join(packet, public, secret, Work(defer=self.defer))
        if side.game_id.hex() in self.games:
            raise LinkError("you have joined this game already: it is in Your games")
        self.add(side, now)
        return side

    def set_aside(self, key: str, aside: bool, now: float) -> None:
        """Set the game ``key`` aside (kept, with its record, out of the list) or bring it back."""
        if key not in self.games:
            raise LinkError("that game with a friend is not kept here any more")
        self.aside[key], self.marked[key] = aside, now

    def entry(self, key: str, last: Callable[[FriendGame], str] | None = None) -> dict[str, Any]:
        """The game ``key``'s line in the list: the game, the friend, whose
        turn in words, whether it waits on this browser's person, whether it
        is over, the last turn in words (``last`` gives them; "" without),
        when it last changed, whether it is set aside, and the link to send
        again.  A game not replayed since it was read from the storage is
        not replayed for this: its line is the one kept with it."""
        side = self.games[key]
        kept = self.listed.get(key)
        if kept is None or side.replayed:
            kept = {
                "game": side.game.title,
                "friend": side.friend,
                "turn": turn_words(side),
                "mine": waits_on_you(side),
                "over": side.is_over(),
                "last": last(side) if last is not None else kept.get("last", "") if kept else "",
            }
            self.listed[key] = kept
        return kept | {
            "id": key,
            "updated": self.updated.get(key, 0.0),
            "aside": self.aside.get(key, False),
            "link": side.link(),
        }

    def entries(self, last: Callable[[FriendGame], str] | None = None) -> list[dict[str, Any]]:
        """Your games, those that wait on you first (the longest waiting
        first), then those that wait on the friend (the newest first), then
        those over; the games set aside last of all."""

        def order(entry: dict[str, Any]) -> tuple[int, float]:
            when = float(entry["updated"])
            if entry["aside"]:
                return 3, -when
            if entry["over"]:
                return 2, -when
            return (0, when) if entry["mine"] else (1, -when)

        return sorted((self.entry(key, last) for key in self.games), key=order)

    def to_json(self) -> dict[str, Any]:
        games = {
            key: {
                "side": side.to_json(),
                "updated": self.updated.get(key, 0.0),
                "listed": self.listed.get(key),
                "aside": self.aside.get(key, False),
                "marked": self.marked.get(key),
            }
            for key, side in self.games.items()
        }
        return {"format": FORMAT, "games": games, "damaged": dict(self.damaged)}

    @classmethod
    def from_json(cls, data: Any, defer: bool = False) -> FriendBook:
        """The book kept (no game replayed); a game that cannot be read is
        kept aside as it was, not lost."""
        book = cls(defer)
        if (
            not isinstance(data, dict)
            or data.get("format") not in (1, FORMAT)
            or not isinstance(data.get("games"), dict)
        ):
            raise ValueError("the games by links kept here are not in a form this page reads")
        damaged = data.get("damaged") or {}
        book.damaged = dict(damaged) if isinstance(damaged, dict) else {"damaged": damaged}
        for key, entry in data["games"].items():
            try:
                side = FriendGame.from_json(entry["side"], defer)
                if side.game_id.hex() != key:
                    raise ValueError("it is kept under another game's name")
                book.games[key], book.updated[key] = side, float(entry.get("updated", 0.0))
                if isinstance(entry.get("listed"), dict):
                    book.listed[key] = entry["listed"]
                if entry.get("marked") is not None:
                    book.aside[key], book.marked[key] = bool(entry.get("aside")), float(entry["marked"])
            except (KeyError, TypeError, ValueError, AttributeError):
                book.damaged[key] = entry
        return book
