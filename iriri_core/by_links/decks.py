"""What a game that hides pieces gives for play by links: its deck
(docs/distance.md, "A game's deck"), dealt and drawn by mental poker
between both browsers (:mod:`iriri_core.by_links.crypto.deal`).

A game declares it once, on its entry (``GameEntry(..., deck=DeckRules(...))``,
:func:`iriri_core.presenter.deck_rules` finds it by the game's name); a game
with no deck (None, the default) deals no hidden pieces by links.  The
shared layer (the replay, one side's game, the invitation, the witness)
asks the game's :class:`DeckRules` for a :class:`Deck` and names no game.

This module owns the deal's parts of a block, which every game's deck
writes the same way.  A block's ``deal`` bytes are parts, each one byte of
kind, two of round, two of length, then its data:

* START (the round's starter): the deal's message 1;
* ANSWER (the other): message 2, which lifts its lock from the starter's
  hand and the cards face up;
* LIFT: a lock lifted from places of the final deck (one byte of count,
  the places, then :meth:`~iriri_core.by_links.crypto.deal.Dealer.lift`'s
  bytes): the starter's lift of the other's hand and the cards face up
  (message 3, with its first move), or a card the other drew;
* SHOW: a card played out of the sender's hand (one byte of place, then
  :meth:`~iriri_core.by_links.crypto.deal.Dealer.show`'s proof), one for
  each card the block plays;
* AUDIT: the sender's lock, at the round's end (32 bytes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .crypto.blocks import LinkError
from .crypto.deal import Places
from .crypto.locking import Cards
from .crypto.steps import Work

START, ANSWER, LIFT, SHOW, AUDIT = range(1, 6)
KINDS = {START: "the deal's first message", ANSWER: "the deal's answer", LIFT: "a lock lifted"}
KINDS |= {SHOW: "a domino shown", AUDIT: "a lock revealed"}
"""A part's kind, as a refusal names it."""
LOCK_BYTES = 32
"""A lock revealed at the round's end (AUDIT): the secret scalar, 32 bytes."""

BEFORE_MOVES = (ANSWER, LIFT)
"""Parts a block's moves need first (the answerer's hand is read before the starter's first move)."""

PART_WORDS = {
    START: "first message",
    ANSWER: "answer",
    LIFT: "lock lifted",
    SHOW: "domino shown",
    AUDIT: "lock revealed at the round's end",
}
"""A part of a deal, as a player would name it."""


@dataclass(frozen=True)
class Part:
    """One part of a block's deal bytes: its kind, the round it is for, its data."""

    kind: int
    round: int
    data: bytes

    def to_bytes(self) -> bytes:
        head = bytes([self.kind]) + self.round.to_bytes(2, "big") + len(self.data).to_bytes(2, "big")
        return head + self.data


def write_parts(parts: list[Part]) -> bytes:
    """A block's deal bytes."""
    return b"".join(part.to_bytes() for part in parts)


def read_parts(data: bytes) -> list[Part]:
    """The parts of a block's deal bytes; raises LinkError if they are damaged."""
    parts, at = [], 0
    while at < len(data):
        if at + 5 > len(data) or data[at] not in KINDS:
            raise LinkError("this link's part of the deal is damaged: refused")
        length = int.from_bytes(data[at + 3 : at + 5], "big")
        if at + 5 + length > len(data):
            raise LinkError("this link's part of the deal is cut short: refused")
        number = int.from_bytes(data[at + 1 : at + 3], "big")
        parts.append(Part(data[at], number, data[at + 5 : at + 5 + length]))
        at += 5 + length
    return parts


def lift_part(number: int, places: tuple[int, ...], message: bytes) -> Part:
    """A LIFT part: the lock lifted from ``places`` of round ``number``'s final deck."""
    return Part(LIFT, number, bytes([len(places), *places]) + message)


def lift_places(part: Part) -> tuple[tuple[int, ...], bytes]:
    """A LIFT part's places and the lift's bytes; raises LinkError if it is damaged."""
    count = part.data[0] if part.data else 0
    if not part.data or len(part.data) < 1 + count:
        raise LinkError("this link's lift of a lock is damaged: refused")
    return tuple(part.data[1 : 1 + count]), part.data[1 + count :]


def parts_words(parts: list[Part], whose: str) -> str | None:
    """What a block's deal ``parts`` bring, in words (``whose`` "your",
    "their"), or None if they bring nothing but shown cards."""
    kinds = {part.kind for part in parts}
    if AUDIT in kinds:
        more = f", and {whose} part of the next deal" if START in kinds else ""
        return f"{whose} hand to count the round{more}"
    return f"{whose} part of the deal" if kinds & {START, ANSWER, LIFT} else None


class Found(LinkError):
    """What the replay of a spectator found wrong, with the index of the
    record's move it is about (None: a part of a deal, named in words)."""

    def __init__(self, at: int | None, words: str) -> None:
        super().__init__(words)
        self.at = at


class Deck(Protocol):
    """The deal and draws of one replay of a game by links, as the replay
    (:mod:`iriri_core.by_links.replay`) and one side's game ask them: the
    chance the deck makes, the parts a block brings and those due from
    this side, in the game's words."""

    seat: int
    """This side's seat (a spectator's witness: the first to reveal a lock)."""

    @property
    def round(self) -> Any:
        """The round under way, or None before the first deal."""

    def clone(self) -> Deck:
        """A copy to go on from, sharing nothing that changes."""

    def acts(self, state: Any) -> bool:
        """Whether the deck makes the chance due at ``state`` (the rest of
        the game's chance is made from both players' values)."""

    def settle(self, state: Any, record: list[str]) -> tuple[Any, bool]:
        """Make the deck's chance due at ``state`` as far as this side knows
        it, written on ``record``: the position, and whether it waits for a part."""

    def part(self, state: Any, sender: int, part: Part, record: list[str], check: bool = True) -> Any:
        """Take a part of ``sender``'s block (a SHOW goes with its move):
        the position it makes; raises LinkError saying why it cannot be taken."""

    def playing(self, state: Any, seat: int, move: Any, shows: list[Part] | None, check: bool = True) -> Any:
        """Before ``seat``'s ``move`` is played: the position to play it on."""

    def played(self, text: str) -> None:
        """After a player's move ``text``."""

    def words(self, state: Any, whose: str, due: list[Part] | None = None) -> str:
        """What a link must bring for the deck's chance under way, in the game's words."""

    def due(self, state: Any) -> list[Part]:
        """The parts this side owes the friend now, in the order they are taken."""

    def unseen(self, moves: Sequence[str]) -> tuple[str, ...]:
        """``moves`` (this side's record) with this side's own hidden cards of
        the round under way written unseen, as the friend sees them."""


class Witness(Deck, Protocol):
    """A deck checked by a spectator from the blocks alone (:mod:`iriri_core.by_links.witness`)."""

    counts: Any
    """What was checked: "deals", "shuffles", "lifts", "shown", "opened" (rounds), "rounds" (audited)."""
    claimed: dict[int, str]
    """The record's entries taken on trust, by index."""
    learned: dict[int, str]
    """Cards known from their proofs in a round not opened, by record index."""
    hidden: set[int]
    """The rounds dealt whose locks are not both in the blocks."""
    faces: dict[int, int]
    """Where each round's card face up is in the record, by round."""
    rounds: dict[int, Any]
    """The rounds kept, by number."""


@dataclass(frozen=True)
class DeckRules:
    """What a game that hides pieces gives for play by links (on its
    ``ENTRY``): its cards (each piece as a point, by its text), which places
    of the dealt deck are whose, one side's deck (``side(game, seat, secret,
    names, work)``) and a spectator's witness of it (``witness(game, names,
    work, readable, locks)``: the record's moves, the locks revealed ahead)."""

    cards: Cards
    places: Places
    side: Callable[[Any, int, bytes, tuple[str, str], Work], Deck]
    witness: Callable[[Any, tuple[str, str], Work, Sequence[str], dict[int, dict[int, int]]], Witness]
