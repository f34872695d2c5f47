"""Links a hostile friend could write to make the receiver work (issue 35,
docs/distance.md "What a link may ask"), for the bench
(:mod:`iriri_core.by_links.bench`), and the two sides playing by packets they are
made from.  Each is a signed link that reaches the receiver's checks: the
friend's own key signs it, and it follows the game the receiver holds.

Where a link controls how long a loop runs, it runs it as long as a link
can: the blocks of a packet (:data:`MAX_BLOCKS`, and far more, refused by
length), the steps back along a chain (with as many moves as the walk
needs to be allowed), a move's text, the deal's parts (to the packet's
size limit), the proofs of shuffle (made to fail at their last check), a
resignation that makes the receiver replay its whole game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..presenter import deck_rules
from .crypto import proofs, shuffle
from .crypto.blocks import MAX_PACKET_BYTES, Block, write_packet
from .crypto.chains import Chain
from .crypto.deal import Places
from .crypto.ecdsa import PrivateKey
from .crypto.locking import POINT_BYTES, pack, unpack
from .crypto.p256 import mul_add
from .decks import ANSWER, AUDIT, LIFT, SHOW, START, Part, read_parts, write_parts
from .game import FriendGame
from .invitations import Invitation

DECK_BYTES = POINT_BYTES * 29
"""A deal message's lock's public point and its 28 cards."""
PROOF_BYTES = shuffle.proof_bytes(28)


@dataclass
class Link:
    """A link to time: its name, whether an honest friend sends it, its
    packet, and the receiving side as kept (None: a browser without the
    game opens it, an invitation)."""

    name: str
    honest: bool
    packet: str
    side: dict[str, Any] | None


Hook = Callable[["Duo", int, Block], None]
"""Told of each link before its receiver takes it: the two sides, the sender's seat, its block (signed)."""


class Duo:
    """Two sides of one game that share only the links' packets (the tests'
    two browsers, for the bench): each side's key, and hooks told of each
    link before its receiver takes it."""

    def __init__(self, game: str, inviter: int = 0, seed: int = 1, **settings: int) -> None:
        self.rng = random.Random(seed)
        self.keys = {inviter: PrivateKey(1000 + seed), 1 - inviter: PrivateKey(2000 + seed)}
        key, other = self.keys[inviter], self.keys[1 - inviter]
        invitation = Invitation(game, inviter, "Ann", "Bob", dict(settings))
        first = FriendGame.invite(invitation, key.public_bytes(), key.sign, secret=bytes([seed % 251]) * 32)
        packet = first.link()
        assert packet is not None
        second = FriendGame.join(packet, other.public_bytes(), secret=bytes([seed % 251 + 1]) * 32)
        self.sides = {inviter: first, 1 - inviter: second}
        self.hooks: list[Hook] = []

    def send(self, seat: int) -> str:
        """``seat`` makes its link due and the other takes it."""
        side = self.sides[seat]
        block = side.next_block()
        assert block is not None, "a link is due"
        signed = block.signed(self.keys[seat])
        packet = side.send(signed)
        for hook in self.hooks:
            hook(self, seat, signed)
        self.sides[1 - seat].take(packet)
        return packet

    def step(self) -> bool:
        """The side that must act acts: a move at random, or its link; False once nobody can."""
        for seat, side in self.sides.items():
            if side.to_move() == seat:
                state, game = side.position().state, side.game
                side.play(game.move_text(state, self.rng.choice(game.legal_moves(state))))
                return True
        for seat, side in self.sides.items():
            if side.next_block() is not None:
                self.send(seat)
                return True
        return False

    def play(self, steps: int | None) -> Duo:
        """Act ``steps`` times (None: to the game's end); the duo."""
        count = 0
        while (steps is None or count < steps) and self.step():
            count += 1
        return self


def _signed_after(block: Block, key: PrivateKey, count: int) -> list[Block]:
    """``count`` empty blocks of ``block``'s seat, each following the one before, signed."""
    chain: list[Block] = []
    head, ply = block.digest, block.ply + len(block.moves)
    for _ in range(count):
        chain.append(Block(head, block.seat, ply, ()).signed(key))
        head = chain[-1].digest
    return chain


def _filled(block: Block, part: Part, key: PrivateKey) -> str:
    """``block`` with copies of ``part`` added to its deal up to the packet's size limit, signed."""
    room = MAX_PACKET_BYTES - 1 - len(block.to_bytes()) - 16
    copies = room // len(part.to_bytes())
    return write_packet([replace(block, deal=block.deal + part.to_bytes() * copies).signed(key)])


def _with_parts(block: Block, change: Callable[[Part], Part], key: PrivateKey) -> Block:
    return replace(block, deal=write_parts([change(part) for part in read_parts(block.deal)])).signed(key)


def sums(deck: list[Any], seat: int, places: Places) -> list[Any]:
    """The attack on the deal of issue 35: the answerer's own places hold
    sums of the starter's locked cards, so the starter's lift of them would
    be a decryption oracle."""
    for n, place in enumerate(places.hands[seat]):
        i, j, k = (3 * n) % 28, (3 * n + 1) % 28, (3 * n + 2) % 28
        deck[place] = mul_add([(1, deck[i]), (2, deck[j]), (4, deck[k])])
    return deck


class DealAttacks:
    """A hook (:class:`Duo`) that makes the hostile links of a Pyrinoes
    match the first time each part of the deal comes, each from the honest
    link of that moment; and, at every link, a resignation that crosses it
    (the last one kept: the longest replay)."""

    def __init__(self) -> None:
        self.links: dict[str, Link] = {}
        self.crossing: Link | None = None

    def __call__(self, duo: Duo, seat: int, block: Block) -> None:
        key, receiver = duo.keys[seat], duo.sides[1 - seat]
        kinds = {part.kind for part in read_parts(block.deal)}
        made: dict[str, Callable[[], str]] = {}
        if ANSWER in kinds:
            dealer = duo.sides[seat].position().deck.round.dealer  # type: ignore[union-attr]
            rules = deck_rules(duo.sides[seat].invitation.game)
            assert rules is not None
            places = rules.places
            made["Pyrinoes: deal message 2 whose final deck holds sums of the starter's points"] = lambda: (
                write_packet([_with_parts(block, lambda part: _summed(part, seat, dealer, places), key)])
            )
            made["Pyrinoes: deal message 2, then three more blocks of its sender's"] = lambda: write_packet(
                [block, *_signed_after(block, key, 3)]
            )
        if START in kinds and AUDIT not in kinds:
            made["Pyrinoes: deal message 1 whose proof of shuffle fails at its last check"] = lambda: (
                write_packet([_with_parts(block, _spoiled, key)])
            )
        lifts = [part for part in read_parts(block.deal) if part.kind == LIFT]
        if lifts and lifts[0].data[0] > 1:
            made["Pyrinoes: message 3's lift of the hand, again to the size limit (LIFT parts)"] = lambda: (
                _filled(block, lifts[0], key)
            )
        shows = [part for part in read_parts(block.deal) if part.kind == SHOW]
        if shows:
            made["Pyrinoes: a domino played, and SHOW parts to the size limit"] = lambda: _filled(
                block, shows[0], key
            )
        if AUDIT in kinds:
            audit = next(part for part in read_parts(block.deal) if part.kind == AUDIT)
            made["Pyrinoes: a round's end (AUDIT), and AUDIT parts to the size limit"] = lambda: _filled(
                block, audit, key
            )
            made["Pyrinoes: a round's end with its lock padded to 9,000 bytes"] = lambda: write_packet(
                [_with_parts(block, _padded, key)]
            )
        for name, make in made.items():
            if name not in self.links:
                self.links[name] = Link(name, False, make(), receiver.to_json())
        sender = duo.sides[seat]  # holds this block, which the friend has not seen: the friend resigns
        resignation = Block(receiver.ledger.head, 1 - seat, receiver.ledger.plies, (), resign=True)
        packet = write_packet([resignation.signed(duo.keys[1 - seat])])
        name = "Pyrinoes: a resignation that crosses the receiver's last link (the whole match replayed)"
        self.crossing = Link(name, False, packet, sender.to_json())

    def made(self) -> list[Link]:
        return [*self.links.values(), *([self.crossing] if self.crossing else [])]


def _summed(part: Part, seat: int, dealer: Any, places: Places) -> Part:
    """Message 2 with a final deck of sums (:func:`sums`), the lift of the
    starter's places made again for it with a true proof, and the honest
    proof of the shuffle."""
    if part.kind != ANSWER:
        return part
    deck = sums(unpack(part.data[POINT_BYTES:DECK_BYTES]), seat, places)
    points = [deck[place] for place in (*places.hands[1 - seat], places.face_up) if place is not None]
    lifted = dealer.lock.unlock(points)
    lift = pack(lifted) + proofs.prove(dealer.lock.secret, list(zip(lifted, points, strict=True)))
    proof = part.data[DECK_BYTES : DECK_BYTES + PROOF_BYTES]
    return replace(part, data=part.data[:POINT_BYTES] + pack(deck) + proof + lift)


def _padded(part: Part) -> Part:
    """A lock revealed with 9,000 zero bytes before it (the same number, were it read as one)."""
    return replace(part, data=bytes(9000) + part.data) if part.kind == AUDIT else part


def _spoiled(part: Part) -> Part:
    """Message 1 with the last byte of its proof changed (the check fails at its end)."""
    if part.kind != START:
        return part
    return replace(part, data=part.data[:-1] + bytes([part.data[-1] ^ 1]))


def hextris_attacks() -> list[Link]:
    """Hostile links in a game of Hextris, after a few moves: many blocks,
    empty or following their own player's, and a move of the longest text
    a link holds."""
    duo = Duo("hextris", 0, seed=2).play(6)
    while any(side.pending for side in duo.sides.values()):
        duo.step()
    last = duo.sides[0].ledger.blocks[-1]
    sent, mover = last.seat, 1 - last.seat  # the mover opened the last link, and is to move
    key, waiting = duo.keys[sent], duo.sides[mover].to_json()
    again = Block(last.digest, sent, last.ply + len(last.moves), ("L@a1",)).signed(key)
    long_move = Block(last.digest, mover, last.ply + len(last.moves), ("L@" + "a" * 11_000,))
    state = duo.sides[mover].position().state
    legal = duo.sides[mover].game.move_text(state, duo.sides[mover].game.legal_moves(state)[0])
    padded = Block(last.digest, mover, last.ply + len(last.moves), (" " * 11_000 + legal,))
    return [
        Link("Hextris: 624 empty blocks", False, write_packet(_signed_after(last, key, 624)), waiting),
        Link(
            "Hextris: 4 empty blocks, each signed", False, write_packet(_signed_after(last, key, 4)), waiting
        ),
        Link("Hextris: a block that follows its own player's", False, write_packet([again]), waiting),
        Link(
            "Hextris: a move of 11,000 characters",
            False,
            write_packet([long_move.signed(duo.keys[mover])]),
            duo.sides[sent].to_json(),
        ),
        Link(
            "Hextris: a legal move after 11,000 spaces",
            False,
            write_packet([padded.signed(duo.keys[mover])]),
            duo.sides[sent].to_json(),
        ),
    ]


def chain_attacks() -> list[Link]:
    """A Pach-Ice-i game whose inviter committed to the end of a chain of
    6,000 steps: a value 4,096 steps back, alone, and with as many moves as
    let the ledger walk back that far."""
    attacker, chain = PrivateKey(666), Chain.make(b"an attacker's chain of many steps", 6000)
    options = Invitation("pach-ice-i", 0, "Mallory", "Bob").options()
    invitation = Block.first(options, 0, attacker.public_bytes(), chain.commitment).signed(attacker)
    bob_key = PrivateKey(7)
    bob = FriendGame.join(write_packet([invitation]), bob_key.public_bytes(), secret=b"b" * 32)
    answer = bob.next_block()
    assert answer is not None
    bob.send(answer.signed(bob_key))
    far = Block(bob.ledger.head, 0, bob.ledger.plies, ("pass",), reveal=chain.value(4096))
    walked = Block(bob.ledger.head, 0, bob.ledger.plies, ("x",) * 4100, reveal=chain.value(4096))
    side = bob.to_json()
    return [
        Link(
            "Pach-Ice-i: a chance value 4,096 steps back", False, write_packet([far.signed(attacker)]), side
        ),
        Link(
            "Pach-Ice-i: a chance value 4,096 steps back, with 4,100 moves to allow the walk",
            False,
            write_packet([walked.signed(attacker)]),
            side,
        ),
    ]


def invitation_attacks() -> list[Link]:
    """Invitations with a name far beyond a sane size."""
    key = PrivateKey(5)
    links = []
    for size, name in ((60_000, "60 KB"), (500, "500-character")):
        options = ("game=hextris", "seat=0", "from=" + "A" * size, "to=Bob")
        block = Block.first(options, 0, key.public_bytes()).signed(key)
        links.append(Link(f"an invitation with a {name} name", False, write_packet([block]), None))
    return links
