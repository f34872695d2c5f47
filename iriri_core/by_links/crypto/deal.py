"""One player's side of a deal by mental poker: the deck shuffled and locked
by both players in turn, cards opened only for their owner, draws, a card
shown when it is played, and the audit at the end of the round
(docs/distance.md, "The deal by both browsers").

This module owns the messages of a deal, as bytes, and what each player
keeps.  The deck's places say whose each card is (:class:`Places`, which a
game's deck gives: docs/distance.md, "A game's deck"): for instance places
0-8 fire's hand, 9-17 ice's, 18 the card face up, 19-27 the boneyard in
the order it is drawn.  The player who starts the round (the
*starter*) sends the first message, the other (the *answerer*) the second:

1. starter: its lock's public point, then every card locked by it and
   shuffled, with the proof that they are (:mod:`.shuffle`;
   :meth:`Dealer.start`);
2. answerer: its lock's public point, the deck locked by it too and
   shuffled again (the final deck) with the proof that it is, and its lock
   lifted from the starter's cards and the face-up one, with a proof
   (:meth:`Dealer.answer`);
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

Each side checks both proofs of shuffle before it lifts its lock from any
card (the answerer checks message 1's before it answers, the starter
message 2's before it reads its hand), so every card it ever lifts its lock
from is one of its own deck's cards locked once more by the other's one
lock: whatever the other sends, a lift shows the other nothing but the
card it is for.  The long arithmetic runs through a :class:`~.steps.Work`,
which the page does in slices.

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

import copy
import functools
from collections.abc import Sequence
from dataclasses import dataclass

from . import proofs, shuffle
from .locking import POINT_BYTES, Cards, Lock, pack, shuffled, unpack
from .p256 import G, N, Point, PointError, check_scalar, compress, decode_point, mul
from .steps import Steps, Work


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


def lift_bytes(count: int) -> int:
    """The bytes of a lock lifted from ``count`` cards: the points and one proof."""
    return count * POINT_BYTES + proofs.PROOF_BYTES


def deck_bytes(count: int) -> int:
    """The bytes of a deck of ``count`` cards as a message sends it: the
    sender's lock's public point, the cards, and the proof of its shuffle."""
    return (1 + count) * POINT_BYTES + shuffle.proof_bytes(count)


def _points(data: bytes, count: int, what: str) -> list[tuple[int, int]]:
    if len(data) != count * POINT_BYTES:
        raise DealError(f"{what} should be {count} cards of {POINT_BYTES} bytes, not {len(data)} bytes")
    try:
        return list(_unpacked(data))
    except PointError as exc:
        raise DealError(f"{what}: {exc}") from None


@functools.lru_cache(maxsize=16)
def _unpacked(data: bytes) -> tuple[tuple[int, int], ...]:
    """The points of ``data`` (a square root each): a deck read again, as a
    link is opened again once its arithmetic is done, is not read twice."""
    return tuple(unpack(data))


def _public(data: bytes, whose: str) -> tuple[int, int]:
    try:
        return decode_point(data)
    except PointError as exc:
        raise DealError(f"{whose} lock's public point is damaged: {exc}") from None


@dataclass(frozen=True)
class Deck:
    """A deck as a message holds it: the sender's lock's public point, the
    cards, the proof that they are the cards before them locked by that
    lock and shuffled (empty in a message kept from before such proofs),
    and what follows in the message."""

    public: tuple[int, int]
    cards: list[tuple[int, int]]
    proof: bytes
    rest: bytes

    @classmethod
    def read(cls, message: bytes, count: int, whose: str, rest: int = 0, old: bool = False) -> Deck:
        """The deck at the start of ``message``, of ``count`` cards, followed
        by ``rest`` bytes; with ``old``, a deck without its proof is read too
        (a side's own kept game, dealt before the proofs).  Raises DealError
        if it is damaged or has a card twice."""
        plain = (1 + count) * POINT_BYTES
        proof = shuffle.proof_bytes(count)
        if len(message) == plain + proof + rest:
            proved = message[plain : plain + proof]
        elif old and len(message) == plain + rest:
            proved = b""
        else:
            raise DealError(
                f"{whose} deck should be {plain + proof + rest} bytes with its proof, not {len(message)}"
            )
        cards = _points(message[POINT_BYTES:plain], count, f"{whose} deck")
        if len(set(cards)) != count:
            raise DealError(f"{whose} deck has the same card twice: the deal was not fair")
        return cls(_public(message[:POINT_BYTES], whose), cards, proved, message[plain + len(proved) :])


def _deck_steps(
    lock: Lock, inputs: Sequence[Point], order: Sequence[int]
) -> Steps[tuple[list[Point], bytes]]:
    """The cards ``inputs`` locked by ``lock`` in ``order``, and the deck's
    message: the lock's public point, the cards, the proof of the shuffle."""
    outputs, proof = yield from shuffle.prove_steps(lock.secret, inputs, order)
    yield
    return outputs, compress(mul(lock.secret, G)) + pack(outputs) + proof


def _lift_steps(lock: Lock, points: Sequence[Point]) -> Steps[tuple[list[Point], bytes]]:
    """``lock`` lifted from ``points``: the points, and the message (them and one proof)."""
    inverse = pow(lock.secret, -1, N)
    lifted: list[Point] = []
    for point in points:
        lifted.append(mul(inverse, point))
        yield
    proof = yield from proofs.prove_steps(lock.secret, list(zip(lifted, points, strict=True)))
    return lifted, pack(lifted) + proof


def _open_steps(lock: Lock, cards: Cards, points: Sequence[Point]) -> Steps[list[str]]:
    """The cards behind ``points`` once ``lock`` is lifted (every other lock
    lifted already); raises DealError at a point that opens to no card."""
    inverse = pow(lock.secret, -1, N)
    names = []
    for index, point in enumerate(points):
        try:
            names.append(cards.name(mul(inverse, point)))
        except ValueError:
            raise DealError(f"card {index + 1} opens to no card: the deck was not dealt fairly") from None
        yield
    return names


def _name(*parts: bytes | int) -> bytes:
    """The inputs of a computation, as the key :class:`~.steps.Work` finds it by."""
    return b"".join(
        (p.to_bytes(32, "big") if isinstance(p, int) else len(p).to_bytes(4, "big") + p) for p in parts
    )


class Dealer:
    """One player's side of one deal: its lock (kept secret until the
    audit), the other's public point, the final deck, and the cards it has
    opened (its hand, the face-up card, its draws).  Its long arithmetic
    runs through ``work``."""

    def __init__(
        self,
        cards: Cards,
        places: Places,
        seat: int,
        lock: Lock | None = None,
        shuffle_seed: bytes | None = None,
        work: Work | None = None,
    ) -> None:
        self.cards = cards
        self.places = places
        self.seat = seat
        self.lock = lock or Lock.generate()
        self.shuffle_seed = shuffle_seed
        """Where the shuffles come from (None: the system's random source; a
        secret seed makes this player's messages the same each time)."""
        self.work = work or Work()
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
        """A copy that shares nothing that changes (a replay goes on from it;
        its public point is not worked out again)."""
        twin = copy.copy(self)
        twin.first, twin.deck = list(self.first), list(self.deck)
        twin.opened, twin.lifted, twin.given = dict(self.opened), dict(self.lifted), dict(self.given)
        twin.played = set(self.played)
        return twin

    @property
    def count(self) -> int:
        return len(self.cards.points)

    @property
    def hand(self) -> list[str]:
        """The cards of this player's hand it has read, in deck order."""
        return [self.opened[p] for p in self.places.hands[self.seat] if p in self.opened]

    def _order(self, name: bytes) -> list[int]:
        return shuffled(
            list(range(self.count)), None if self.shuffle_seed is None else self.shuffle_seed + name
        )

    def start(self) -> bytes:
        """Message 1 (the starter): its public point, then every card locked
        and shuffled, with the proof that they are (:data:`deck_bytes`)."""
        order = self._order(b"start")
        inputs = self.cards.points
        first, message = self.work.run(
            _name(b"start", self.lock.secret, bytes(order)), lambda: _deck_steps(self.lock, inputs, order)
        )
        self.first = [p for p in first if p is not None]
        return message

    def started(self, message: bytes) -> None:
        """Take back this player's own message 1 (:meth:`start`'s), as when
        its game is replayed from the messages kept: the cards it sent."""
        self.first = Deck.read(message, self.count, "your", old=True).cards

    def check_start(self, message: bytes, check: bool = True) -> None:
        """Check a starter's message 1 before it is kept: its point, every
        card a point, none twice, and (unless ``check`` is False: a side's
        own kept game, checked when it came) the proof that the cards are
        every card locked by the starter's lock and shuffled; raises
        DealError saying what is wrong."""
        deck = Deck.read(message, self.count, "the starter's", old=not check)
        if check and not self.work.run(
            _name(b"check start", message),
            lambda: shuffle.check_steps(deck.public, self.cards.points, deck.cards, deck.proof),
        ):
            raise DealError(
                "the starter's deck is not the dominoes locked by one lock and shuffled: "
                "it is refused before any of it is read"
            )

    def answer(self, message: bytes) -> bytes:
        """Message 2 (the answerer), to the starter's message 1 (checked by
        :meth:`check_start`): its public point, the final deck (the starter's
        cards locked again and shuffled) with the proof that it is, and its
        lock lifted from the starter's hand and the face-up card, with their
        proof."""
        first = Deck.read(message, self.count, "the starter's", old=True)  # (checked when it came)
        order = self._order(b"answer")
        theirs = self._theirs()

        def steps() -> Steps[tuple[list[Point], list[Point], bytes]]:
            deck, sent = yield from _deck_steps(self.lock, first.cards, order)
            lifted, lift = yield from _lift_steps(self.lock, [deck[p] for p in theirs])
            return deck, lifted, sent + lift

        deck, lifted, answer = self.work.run(_name(b"answer", self.lock.secret, message, bytes(order)), steps)
        self.other, self.first = first.public, first.cards
        self.deck = [p for p in deck if p is not None]
        self.given.update(zip(theirs, [p for p in lifted if p is not None], strict=True))
        return answer

    def answered(self, first: bytes, message: bytes) -> None:
        """Take back this player's own answer (:meth:`answer`'s ``message``
        to the starter's ``first``), as when its game is replayed from the
        messages kept: the points are read, not made again (no check: they
        are this player's own)."""
        start = Deck.read(first, self.count, "the starter's", old=True)
        theirs = self._theirs()
        final = Deck.read(message, self.count, "your", rest=lift_bytes(len(theirs)), old=True)
        self.other, self.first, self.deck = start.public, start.cards, final.cards
        self.lifted_for(theirs, final.rest)

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
        points = [self.deck[p] for p in places]
        lifted, message = self.work.run(
            _name(b"lift", self.lock.secret, pack(points)), lambda: _lift_steps(self.lock, points)
        )
        self.given.update(zip(places, [p for p in lifted if p is not None], strict=True))
        return message

    def take(self, places: Sequence[int], message: bytes, check: bool = True) -> list[str]:
        """Read the cards at ``places`` from the other's lift of them (the
        starter reads the final deck from the front of message 2 first, and
        checks the proof of its shuffle); raises DealError if a proof fails
        or a card is no card, and then keeps nothing of the message.  With
        ``check`` False (a side's own kept game, checked when it came), the
        proofs are not checked again, and the cards opened are found where
        they were kept."""
        other, deck = self.other, self.deck
        if not deck:
            second = Deck.read(
                message, self.count, "the answerer's", rest=lift_bytes(len(places)), old=not check
            )
            if check and not self.work.run(
                _name(b"check answer", pack(self.first), message[: -lift_bytes(len(places))]),
                lambda: shuffle.check_steps(second.public, self.first, second.cards, second.proof),
            ):
                raise DealError(
                    "the answerer's deck is not your dominoes locked once more by one lock and shuffled: "
                    "the deal was not fair, and nothing of it is read"
                )
            other, deck, message = second.public, second.cards, second.rest
        if other is None:
            raise DealError("this deal has no other lock yet")
        if any(not 0 <= place < len(deck) for place in places):
            raise DealError(f"the deck has places 0 to {len(deck) - 1} only")
        body, proof = message[: -proofs.PROOF_BYTES], message[-proofs.PROOF_BYTES :]
        lifted = _points(body, len(places), "the cards lifted")
        pairs: list[proofs.Pair] = [(z, deck[p]) for z, p in zip(lifted, places, strict=True)]
        if check and not self.work.run(
            _name(b"check lift", compress(other), message, pack(deck[p] for p in places)),
            lambda: proofs.check_steps(other, pairs, proof),
        ):
            raise DealError("the cards lifted are not the deck's cards with the other's lock lifted")
        names: list[str] = self.work.run(
            _name(b"open", self.lock.secret, pack(lifted)),
            lambda: _open_steps(self.lock, self.cards, lifted),
            keep=True,
            now=not check,
        )
        seen = set(self.opened.values())
        for name in names:
            if name in seen:
                raise DealError(f"{name} opened twice: the deck was not dealt fairly")
            seen.add(name)
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
        pair: list[proofs.Pair] = [(card, self.lifted[place])]
        return self.work.run(
            _name(b"show", self.lock.secret, pack([card, self.lifted[place]])),
            lambda: proofs.prove_steps(self.lock.secret, pair),
        )

    def check_shown(self, place: int, label: str, proof: bytes, check: bool = True) -> None:
        """Check that the other player played ``label`` from ``place`` of its
        hand, with ``proof`` (:meth:`show`): the place must be one this player
        lifted its lock from for the other (its hand or a draw, not the
        face-up card) and not played yet, and the proof must tie the point
        sent for it to the card (not checked again where ``check`` is False).
        Marks the place played; raises DealError saying what is wrong
        otherwise, and then changes nothing."""
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
        other = self.other
        if other is None or label not in self.cards.labels:
            raise DealError(f"{label!r} is not one of the cards dealt")
        card = self.cards.points[self.cards.labels.index(label)]
        pair: list[proofs.Pair] = [(card, self.given[place])]
        if check and not self.work.run(
            _name(b"check shown", compress(other), pack([card, self.given[place]]), proof),
            lambda: proofs.check_steps(other, pair, proof),
        ):
            raise DealError(
                f"the domino played from place {place} of the deck is not the domino dealt there: "
                f"{label} is not in the other player's hand: refused"
            )
        self.played.add(place)

    def audit(self, secret: int, check: bool = True) -> list[str]:
        """At the end of the round, with the other's lock revealed: check that
        it is the lock of its public point and that the final deck opens to
        every card once, and give the card at each place of the final deck;
        raises DealError otherwise.  The cards are kept (:class:`~.steps.Work`):
        with ``check`` False (a side's own kept game), they are found there."""
        try:
            check_scalar(secret, "a lock")
        except ValueError:
            raise DealError("the lock revealed is not the lock of this deal") from None
        other, deck = self.other, list(self.deck)
        both = Lock(self.lock.secret * secret % N)

        def steps() -> Steps[list[str]]:
            if other is None or mul(secret, G) != other:
                raise DealError("the lock revealed is not the lock of this deal")
            yield
            try:
                names = yield from _open_steps(both, self.cards, deck)
            except DealError:
                names = []
            if sorted(names) != sorted(self.cards.labels):
                raise DealError("the final deck does not open to every card once: the deal was not fair")
            return names

        return self.work.run(
            _name(b"audit", self.lock.secret, secret, pack(deck)), steps, keep=True, now=not check
        )
