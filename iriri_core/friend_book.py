"""The games by links one browser keeps ("Your games", docs/distance.md):
which game a link is for, what opening it does, in words, and the list.

An old link, a link opened twice, one's own link and a link of a game
this browser does not have are each answered in words, and none changes a
game: a game takes only a link that follows what it holds
(:meth:`iriri_core.friends.FriendGame.take`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .distance.blocks import Block, LinkError, read_packet
from .engine import get_game
from .friend_deck import parts_words, read_parts
from .friends import FORMAT, FriendGame, is_invitation
from .invitations import Invitation


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
    friend = side.names[1 - side.seat]
    if side.is_over():
        return "The game is over."
    if side.to_move() == side.seat:
        return "It is your turn."
    if side.next_block() is not None:
        return f"Press Send to {friend}, and send them the link."
    return f"It is {friend}'s turn: wait for their link."


def half_words(side: FriendGame, whose: str) -> str:
    """A player's chain value for the batch of chance now, in the game's
    words: ``whose`` half of the shuffle that deals the game (Iriri's
    ring), or of the next roll; in a game both browsers deal, the part of
    the deal or the hand at the round's end (Pyrinoes)."""
    position = side.position()
    if position.deck is not None and position.state is not None:
        block = side.next_block() if whose == "your" else None
        return position.deck.words(position.state, whose, None if block is None else read_parts(block.deal))
    if side.game.dealt_from_seed and side.position().batches <= 1:
        return f"{whose} half of the shuffle that deals the game"
    return f"{whose} half of the next roll"


def _sent_words(side: FriendGame, block: Block) -> str:
    """What the friend's ``block`` without moves brought, in words."""
    told = parts_words(read_parts(block.deal), "their")
    if told is None and side.position().deck is not None:  # (a Pyrinoes value alone is for the picks)
        return "their half of the draw that picks who starts"
    return told or half_words(side, "their")


class FriendBook:
    """The games by links one browser keeps ("Your games"), by game id,
    with when each last changed (the caller's clock, in seconds), and any
    kept game that could not be read, kept as it was."""

    def __init__(self) -> None:
        self.games: dict[str, FriendGame] = {}
        self.updated: dict[str, float] = {}
        self.damaged: dict[str, Any] = {}

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
            if mine is None:
                self.games[key], self.updated[key] = theirs, other.updated.get(key, 0.0)
                continue
            shorter, longer = sorted((mine.ledger.blocks, theirs.ledger.blocks), key=len)
            if [b.digest for b in longer[: len(shorter)]] != [b.digest for b in shorter]:
                forks.add(key)
            elif len(theirs.ledger.blocks) > len(mine.ledger.blocks):
                self.games[key], self.updated[key] = theirs, other.updated.get(key, 0.0)
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
        with the reason, every game unchanged."""
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
        self.updated[side.game_id.hex()] = now
        friend = side.names[1 - side.seat]
        count = sum(len(block.moves) for block in fresh)
        moved = (
            f"{friend} made {count} move{'s' if count != 1 else ''}."
            if count
            else f"{friend} sent {_sent_words(side, fresh[-1])}."
        )
        return Opened(side, f"{moved} {turn_words(side)}", True)

    def _nothing_new(self, side: FriendGame, blocks: Sequence[Block]) -> str:
        friend = side.names[1 - side.seat]
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
        side = FriendGame.join(packet, public, secret)
        if side.game_id.hex() in self.games:
            raise LinkError("you have joined this game already: it is in Your games")
        self.add(side, now)
        return side

    def entries(self) -> list[dict[str, Any]]:
        """Your games, newest first: the game, the friend, whose turn, the
        last move, when it came, and the link to send again."""
        found = []
        for key, side in self.games.items():
            position = side.position()
            found.append(
                {
                    "id": key,
                    "game": side.game.title,
                    "friend": side.names[1 - side.seat],
                    "turn": turn_words(side),
                    "last": position.moves[-1] if position.moves else "",
                    "updated": self.updated.get(key, 0.0),
                    "link": side.link(),
                }
            )
        return sorted(found, key=lambda entry: -float(entry["updated"]))

    def to_json(self) -> dict[str, Any]:
        games = {
            key: {"side": side.to_json(), "updated": self.updated.get(key, 0.0)}
            for key, side in self.games.items()
        }
        return {"format": FORMAT, "games": games, "damaged": dict(self.damaged)}

    @classmethod
    def from_json(cls, data: Any) -> FriendBook:
        """The book kept; a game that cannot be read is kept aside as it was, not lost."""
        book = cls()
        if (
            not isinstance(data, dict)
            or data.get("format") != FORMAT
            or not isinstance(data.get("games"), dict)
        ):
            raise ValueError("the games by links kept here are not in a form this page reads")
        book.damaged = dict(data.get("damaged") or {})
        for key, entry in data["games"].items():
            try:
                side = FriendGame.from_json(entry["side"])
                if side.game_id.hex() != key:
                    raise ValueError("it is kept under another game's name")
                book.games[key], book.updated[key] = side, float(entry.get("updated", 0.0))
            except (KeyError, TypeError, ValueError, AttributeError):
                book.damaged[key] = entry
        return book
