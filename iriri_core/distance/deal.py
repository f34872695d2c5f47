"""One player's side of a deal by mental poker: the deck shuffled and locked
by both players in turn, cards opened only for their owner, draws, a card
shown when it is played, and the audit at the end of the round
(docs/distance.md, "The Pyrinoes deal").

This module owns the messages of a deal, as bytes, and what each player
keeps.  The deck's places say whose each card is: for Pyrinoes, places
0-8 are fire's hand, 9-17 ice's, 18 the domino face up, 19-27 the boneyard
in the order it is drawn.  The player who starts the round (the
*starter*) sends the first message, the other (the *answerer*) the second:

1. starter: its lock's public point, then every card locked by it and
   shuffled (:meth:`Dealer.start`);
2. answerer: its lock's public point, the deck locked by it too and
   shuffled again (the final deck), and its lock lifted from the starter's
   cards and the face-up one, with a proof (:meth:`Dealer.answer`);
3. from then on, any player lifts its lock from cards that are the other's
   (:meth:`Dealer.lift`: the points and one 64-byte proof), and the other
   opens them (:meth:`Dealer.take`).  The starter's lift of the answerer's
   hand rides on the starter's first move; a draw's lift rides on the other
   player's next move.

A player shows a card it plays with :meth:`Dealer.show` (64 bytes); the
other checks it with :meth:`Dealer.check_shown` against the places it lifted
its lock from for that player and the points it sent (so a card from the
face-up place, from the checker's own hand, from the boneyard not drawn or
played twice is refused).  At the end of the round each reveals its lock
(:meth:`Dealer.audit`), which lets both check that the final deck was
every card once.

>>> cards = Cards([f"card {i}" for i in range(6)])
>>> places = Places(hands=((0, 1), (2, 3)), face_up=4)
>>> fire, ice = Dealer(cards, places, seat=0), Dealer(cards, places, seat=1)
>>> second = ice.answer(fire.start())
>>> len(fire.take(places.hands[0] + (places.face_up,), second)) == 3
True
>>> len(ice.take(places.hands[1] + (places.face_up,), fire.lift(places.hands[1] + (places.face_up,))))
3
>>> sorted(fire.hand + ice.hand) == sorted(set(fire.hand + ice.hand))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import proofs
from .locking import POINT_BYTES, Cards, Lock, pack, shuffled, unpack
from .p256 import G, N, Point, PointError, check_scalar, compress, decode_point, mul


class DealError(ValueError):
    """A deal message that is damaged or dishonest; says which, for a person."""


@dataclass(frozen=True)
class Places:
    """Which places of the final deck are whose: each seat's hand, the card
    face up (or None), and the rest (the boneyard) in the order drawn."""

    hands: tuple[tuple[int, ...], tuple[int, ...]]
    face_up: int | None = None

    def boneyard(self, size: int) -> tuple[int, ...]:
        """The places not dealt, in the order they are drawn."""
        dealt = {*self.hands[0], *self.hands[1], *(() if self.face_up is None else (self.face_up,))}
        return tuple(place for place in range(size) if place not in dealt)


PYRINOES_PLACES = Places(hands=(tuple(range(9)), tuple(range(9, 18))), face_up=18)
"""Nine dominoes to fire, nine to ice, one face up; the boneyard is 19-27."""


def _points(data: bytes, count: int, what: str) -> list[tuple[int, int]]:
    if len(data) != count * POINT_BYTES:
        raise DealError(f"{what} should be {count} cards of {POINT_BYTES} bytes, not {len(data)} bytes")
    try:
        return unpack(data)
    except PointError as exc:
        raise DealError(f"{what}: {exc}") from None


def _public(data: bytes, whose: str) -> tuple[int, int]:
    try:
        return decode_point(data)
    except PointError as exc:
        raise DealError(f"{whose} lock's public point is damaged: {exc}") from None


class Dealer:
    """One player's side of one deal: its lock (kept secret until the
    audit), the other's public point, the final deck, and the cards it has
    opened (its hand, the face-up card, its draws)."""

    def __init__(
        self,
        cards: Cards,
        places: Places,
        seat: int,
        lock: Lock | None = None,
        shuffle_seed: bytes | None = None,
    ) -> None:
        self.cards = cards
        self.places = places
        self.seat = seat
        self.lock = lock or Lock.generate()
        self.shuffle_seed = shuffle_seed
        """Where the shuffles come from (None: the system's random source; a
        secret seed makes this player's messages the same each time)."""
        self.public = mul(self.lock.secret, G)
        self.other: tuple[int, int] | None = None
        self.first: list[tuple[int, int]] = []
        """The deck as the starter sent it (locked by the starter only)."""
        self.deck: list[tuple[int, int]] = []
        """The final deck, locked by both."""
        self.opened: dict[int, str] = {}
        """The cards this player has read, by place."""
        self.lifted: dict[int, tuple[int, int]] = {}
        """The other's lock lifted from this player's cards, by place (for :meth:`show`)."""
        self.given: dict[int, tuple[int, int]] = {}
        """This player's lock lifted from the other's cards (its hand, its
        draws, the face-up card), by place: the points it sent, against which
        it checks a card the other plays (:meth:`check_shown`)."""
        self.played: set[int] = set()
        """The places of the other's cards it has played (shown and checked)."""

    def copy(self) -> Dealer:
        """A copy that shares nothing that changes (a replay goes on from it)."""
        twin = Dealer(self.cards, self.places, self.seat, self.lock, self.shuffle_seed)
        twin.other, twin.first, twin.deck = self.other, list(self.first), list(self.deck)
        twin.opened, twin.lifted, twin.given = dict(self.opened), dict(self.lifted), dict(self.given)
        twin.played = set(self.played)
        return twin

    @property
    def hand(self) -> list[str]:
        """The cards of this player's hand it has read, in deck order."""
        return [self.opened[p] for p in self.places.hands[self.seat] if p in self.opened]

    def start(self) -> bytes:
        """Message 1 (the starter): its public point (33 bytes), then every
        card locked and shuffled (33 bytes each)."""
        self.first = [p for p in self._shuffled(self.lock.lock(self.cards.points), b"start") if p is not None]
        return compress(self.public) + pack(self.first)

    @staticmethod
    def check_start(count: int, message: bytes) -> None:
        """Check a starter's message 1 for ``count`` cards (its point, every
        card a point, none twice) before it is kept; raises DealError."""
        _public(message[:POINT_BYTES], "the starter's")
        if len(set(_points(message[POINT_BYTES:], count, "the starter's deck"))) != count:
            raise DealError("the starter's deck has the same card twice")

    def answer(self, message: bytes) -> bytes:
        """Message 2 (the answerer): its public point, the final deck (the
        starter's cards locked again and shuffled), and its lock lifted from
        the starter's hand and the face-up card, with their proof."""
        count = len(self.cards.points)
        self.other = _public(message[:POINT_BYTES], "the starter's")
        self.first = _points(message[POINT_BYTES:], count, "the starter's deck")
        if len(set(self.first)) != count:
            raise DealError("the starter's deck has the same card twice")
        self.deck = [p for p in self._shuffled(self.lock.lock(self.first), b"answer") if p is not None]
        return compress(self.public) + pack(self.deck) + self.lift(self._theirs())

    def _shuffled(self, points: Sequence[Point], name: bytes) -> list[Point]:
        return shuffled(points, None if self.shuffle_seed is None else self.shuffle_seed + name)

    def answered(self, first: bytes, message: bytes) -> None:
        """Take back this player's own answer (:meth:`answer`'s ``message``
        to the starter's ``first``), as when its game is replayed from the
        messages kept: the points are read, not made again (no check: they
        are this player's own)."""
        count = len(self.cards.points)
        size = count * POINT_BYTES
        self.other = _public(first[:POINT_BYTES], "the starter's")
        self.first = _points(first[POINT_BYTES:], count, "the starter's deck")
        self.deck = _points(message[POINT_BYTES : POINT_BYTES + size], count, "the final deck")
        self.lifted_for(self._theirs(), message[POINT_BYTES + size :])

    def lifted_for(self, places: Sequence[int], message: bytes) -> None:
        """Take back this player's own lift (:meth:`lift`'s ``message`` for
        ``places``), as when its game is replayed: the points it sent."""
        body = message[: -proofs.PROOF_BYTES]
        self.given.update(zip(places, _points(body, len(places), "the cards lifted"), strict=True))

    def _theirs(self) -> tuple[int, ...]:
        face = () if self.places.face_up is None else (self.places.face_up,)
        return self.places.hands[1 - self.seat] + face

    def lift(self, places: Sequence[int]) -> bytes:
        """This player's lock lifted from the final deck's cards at
        ``places``: the points, then one proof that they are the deck's
        cards with this lock lifted."""
        lifted = [p for p in self.lock.unlock(self.deck[p] for p in places) if p is not None]
        pairs = [(z, self.deck[p]) for z, p in zip(lifted, places, strict=True)]
        self.given.update(zip(places, lifted, strict=True))
        return pack(lifted) + proofs.prove(self.lock.secret, pairs)

    def take(self, places: Sequence[int], message: bytes) -> list[str]:
        """Read the cards at ``places`` from the other's lift of them (the
        starter reads the final deck from the front of message 2 first, and
        refuses it if a card is in it twice); raises DealError if the proof
        fails or a card is no card, and then keeps nothing of the message."""
        other, deck = self.other, self.deck
        if not deck:
            count = len(self.cards.points)
            other = _public(message[:POINT_BYTES], "the answerer's")
            size = count * POINT_BYTES
            deck = _points(message[POINT_BYTES : POINT_BYTES + size], count, "the answerer's deck")
            if len(set(deck)) != count:
                raise DealError("the answerer's deck has the same card twice: the deal was not fair")
            message = message[POINT_BYTES + size :]
        if other is None:
            raise DealError("this deal has no other lock yet")
        if any(not 0 <= place < len(deck) for place in places):
            raise DealError(f"the deck has places 0 to {len(deck) - 1} only")
        body, proof = message[: -proofs.PROOF_BYTES], message[-proofs.PROOF_BYTES :]
        lifted = _points(body, len(places), "the cards lifted")
        pairs = [(z, deck[p]) for z, p in zip(lifted, places, strict=True)]
        if not proofs.check(other, pairs, proof):
            raise DealError("the cards lifted are not the deck's cards with the other's lock lifted")
        names: list[str] = []
        seen = set(self.opened.values())
        for place, point in zip(places, lifted, strict=True):
            try:
                name = self.cards.name(self.lock.unlock([point])[0])
            except ValueError:
                raise DealError(
                    f"the card at place {place} opens to no card: the deck was not dealt fairly"
                ) from None
            if name in seen:
                raise DealError(f"{name} opened twice: the deck was not dealt fairly")
            seen.add(name)
            names.append(name)
        self.other, self.deck = other, deck
        for place, point, name in zip(places, lifted, names, strict=True):
            self.opened[place] = name
            self.lifted[place] = point
        return names

    def show(self, place: int) -> bytes:
        """The proof (64 bytes) that the card at ``place``, which this player
        opened, is the card it says (played out of its hand)."""
        if place == self.places.face_up or place not in self.lifted:
            raise DealError(f"place {place} of the deck is not a card of this player's hand")
        card = self.cards.points[self.cards.labels.index(self.opened[place])]
        return proofs.prove(self.lock.secret, [(card, self.lifted[place])])

    def check_shown(self, place: int, label: str, proof: bytes) -> None:
        """Check that the other player played ``label`` from ``place`` of its
        hand, with ``proof`` (:meth:`show`): the place must be one this player
        lifted its lock from for the other (its hand or a draw, not the
        face-up card) and not played yet, and the proof must tie the point
        sent for it to the card.  Marks the place played; raises DealError
        saying what is wrong otherwise, and then changes nothing."""
        if place == self.places.face_up:
            raise DealError(
                "a domino is played from the face-up place, and the domino face up is in nobody's hand: "
                "refused"
            )
        if place not in self.given:
            raise DealError(
                f"a domino is played from place {place} of the deck, "
                "which is not in the other player's hand: refused"
            )
        if place in self.played:
            raise DealError(
                f"a domino is played from place {place} of the deck, which was played already: refused"
            )
        if self.other is None or label not in self.cards.labels:
            raise DealError(f"{label!r} is not one of the cards dealt")
        card = self.cards.points[self.cards.labels.index(label)]
        if not proofs.check(self.other, [(card, self.given[place])], proof):
            raise DealError(
                f"the domino played from place {place} of the deck is not the domino dealt there: "
                f"{label} is not in the other player's hand: refused"
            )
        self.played.add(place)

    def audit(self, secret: int) -> list[str]:
        """At the end of the round, with the other's lock revealed: check that
        it is the lock of its public point and that the final deck opens to
        every card once, and give the card at each place of the final deck;
        raises DealError otherwise."""
        try:
            check_scalar(secret, "a lock")
        except ValueError:
            raise DealError("the lock revealed is not the lock of this deal") from None
        if self.other is None or mul(secret, G) != self.other:
            raise DealError("the lock revealed is not the lock of this deal")
        both = Lock(self.lock.secret * secret % N)
        opened = both.unlock(self.deck)
        if sorted(p for p in opened if p is not None) != sorted(self.cards.points):
            raise DealError("the final deck does not open to every card once: the deal was not fair")
        return [self.cards.name(point) for point in opened]
