"""The signed move chain as data: blocks of moves, each signed by the
browser of the player who made it and chained by hash to the history,
packets of blocks written as URL-safe text, and a ledger that takes a
packet only if it follows the history it holds (docs/distance.md, "Links
and moves").

This module owns the bytes of a block and a packet, and the checks of
the chain: which block follows which, whose key signed it, and that no
past move is changed.  It does not replay the moves (the page does, with
the game's rules) nor check the deal's parts (:mod:`.deal` does).

>>> fire, ice = PrivateKey(3), PrivateKey(5)
>>> invitation = Block.first(("game=hextris", "seat=0"), 0, fire.public_bytes()).signed(fire)
>>> ledger = Ledger.begin(invitation)
>>> answer = Block(ledger.head, 1, 0, ("L@c1",), key=ice.public_bytes()).signed(ice)
>>> [b.moves for b in ledger.take(write_packet([answer]))]
[('L@c1',)]
>>> ledger.take(write_packet([answer]))
Traceback (most recent call last):
...
iriri_core.by_links.crypto.blocks.LinkError: this link has nothing new: every move in it is already here
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .chains import VALUE_BYTES, values_back
from .ecdsa import PUBLIC_KEY_BYTES, SIGNATURE_BYTES, PrivateKey, verify

PACKET_VERSION = 1
OPTIONS_TAG = b"iriri distance options v1\x00"
MAX_PACKET_BYTES = 12_000
"""A link's packet may not be longer than this (a damaged or hostile link):
twice the longest an honest one is (a deal's answer of 28 cards, with its
proof of the shuffle, docs/distance.md "Cost").  A game kept in the
browser holds every block, and is read with no such limit."""

MAX_BLOCKS = 4
"""A link holds at most this many blocks: an honest one holds the blocks
its receiver lacks, which are one (the players take turns) or, for the
invitation sent with the inviter's first move, two."""

_KEY, _COMMITMENT, _REVEAL, _DEAL, _RESIGN = 1, 2, 4, 8, 16


class LinkError(ValueError):
    """A link that cannot be taken, with the reason for a person."""


def options_digest(options: Sequence[str]) -> bytes:
    """What the invitation's block follows: SHA-256 of a tag and its options."""
    return hashlib.sha256(OPTIONS_TAG + "\n".join(options).encode("utf-8")).digest()


@dataclass(frozen=True)
class Block:
    """One player's part between two of the other's: the hash of the block
    before (``previous``), the seat that made it, the number of its first
    move in the record (``ply``), the moves as move text, and what rides
    with them: the seat's public key and chain commitment (its first block
    only), its newest chain value, its part of a deal, whether the player
    resigns the game with it; then its signature."""

    previous: bytes
    seat: int
    ply: int
    moves: tuple[str, ...]
    key: bytes = b""
    commitment: bytes = b""
    reveal: bytes = b""
    deal: bytes = b""
    signature: bytes = b""
    resign: bool = False

    @classmethod
    def first(cls, options: Sequence[str], seat: int, key: bytes, commitment: bytes = b"") -> Block:
        """The invitation's block: the game's options in place of moves,
        following the hash of the options themselves."""
        return cls(options_digest(options), seat, 0, tuple(options), key=key, commitment=commitment)

    def body(self) -> bytes:
        """Every field but the signature, as the signature signs them."""
        text = "\n".join(self.moves).encode("utf-8")
        flags = (
            (_KEY if self.key else 0)
            | (_COMMITMENT if self.commitment else 0)
            | (_REVEAL if self.reveal else 0)
            | (_DEAL if self.deal else 0)
            | (_RESIGN if self.resign else 0)
        )
        parts = [
            self.previous,
            bytes([self.seat, flags]),
            self.ply.to_bytes(2, "big"),
            len(text).to_bytes(2, "big"),
            text,
            self.key,
            self.commitment,
            self.reveal,
        ]
        if self.deal:
            parts += [len(self.deal).to_bytes(2, "big"), self.deal]
        return b"".join(parts)

    def to_bytes(self) -> bytes:
        """The block as it travels: its body, then the signature."""
        return self.body() + self.signature

    @property
    def digest(self) -> bytes:
        """SHA-256 of the block's body, what the next block names.  Not of
        the signature: an ECDSA signature (r, s) has a twin (r, N - s) that
        checks as well, which anyone can make, so a hash over the signature
        would let the same move have two names (a link sent again would look
        new, and the history could fork with no move changed)."""
        return hashlib.sha256(self.body()).digest()

    def signed(self, key: PrivateKey) -> Block:
        """The block with its signature by ``key`` (the page signs with WebCrypto instead)."""
        return replace(self, signature=key.sign(self.body()))


def _read(data: bytes, at: int, size: int, what: str) -> tuple[bytes, int]:
    if at + size > len(data):
        raise LinkError(f"this link is cut short: {what} is missing (was the whole link copied?)")
    return data[at : at + size], at + size


def read_block(data: bytes, at: int) -> tuple[Block, int]:
    """The block that starts at byte ``at``, and where the next one starts."""
    previous, at = _read(data, at, 32, "a move's link to the one before")
    head, at = _read(data, at, 6, "a move's seat and number")
    seat, flags = head[0], head[1]
    if flags & ~(_KEY | _COMMITMENT | _REVEAL | _DEAL | _RESIGN):
        raise LinkError("this link is damaged: a move in it has a part this page does not know")
    ply, size = int.from_bytes(head[2:4], "big"), int.from_bytes(head[4:6], "big")
    text, at = _read(data, at, size, "the moves")
    try:
        moves = tuple(text.decode("utf-8").split("\n")) if text else ()
    except UnicodeDecodeError:
        raise LinkError("this link is damaged: its moves are not text") from None
    key = commitment = reveal = deal = b""
    if flags & _KEY:
        key, at = _read(data, at, PUBLIC_KEY_BYTES, "a public key")
    if flags & _COMMITMENT:
        commitment, at = _read(data, at, VALUE_BYTES, "a commitment")
    if flags & _REVEAL:
        reveal, at = _read(data, at, VALUE_BYTES, "a chance value")
    if flags & _DEAL:
        length, at = _read(data, at, 2, "the deal's length")
        deal, at = _read(data, at, int.from_bytes(length, "big"), "the deal")
    signature, at = _read(data, at, SIGNATURE_BYTES, "a signature")
    block = Block(previous, seat, ply, moves, key, commitment, reveal, deal, signature, bool(flags & _RESIGN))
    return block, at


def write_packet(blocks: Sequence[Block]) -> str:
    """Blocks as the text a link carries: a version byte then the blocks, in
    URL-safe base64 without padding."""
    data = bytes([PACKET_VERSION]) + b"".join(block.to_bytes() for block in blocks)
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def read_packet(text: str, most: int | None = MAX_PACKET_BYTES) -> list[Block]:
    """The blocks of a link's text (at most ``most`` bytes and
    :data:`MAX_BLOCKS` blocks; None: a kept game, as long as it is); raises
    LinkError saying what is wrong."""
    text = text.strip()
    if most is not None and len(text) > most * 4 // 3 + 4:
        raise LinkError("this link is far too long to be a move of a game")
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise LinkError("this link is damaged: it has characters a game link never has") from None
    if not data:
        raise LinkError("this link holds no game")
    if data[0] != PACKET_VERSION:
        raise LinkError(
            f"this link is of version {data[0]}, which this page does not read (it reads {PACKET_VERSION})"
        )
    blocks: list[Block] = []
    at = 1
    while at < len(data):
        if most is not None and len(blocks) == MAX_BLOCKS:
            raise LinkError(
                f"this link holds more than {MAX_BLOCKS} moves' worth of blocks: no link of a game does"
            )
        block, at = read_block(data, at)
        blocks.append(block)
    if not blocks:
        raise LinkError("this link holds no moves")
    return blocks


class Ledger:
    """The blocks one side holds, with each seat's public key, every chain
    value known of each seat (its commitment, then the value of each batch
    it has revealed), how many of the players' moves the blocks hold, and
    the seat that resigned, if one did."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.keys: dict[int, bytes] = {}
        self.values: dict[int, list[bytes]] = {}
        """Each seat's chain as known: the commitment, then the value for batch 1, 2, ..."""
        self.plies = 0
        """The players' moves held: those of every block after the invitation
        (whose "moves" are the game's options); the next block's ply."""
        self.resigned: int | None = None

    @classmethod
    def begin(cls, invitation: Block, signed: bool = True) -> Ledger:
        """A ledger from the invitation's block, checked: it follows its own
        options and is signed by the key it brings (unless ``signed`` is
        False: a side's own kept game)."""
        if invitation.previous != options_digest(invitation.moves) or invitation.ply != 0:
            raise LinkError("this invitation is damaged: its options are not the ones it was made with")
        if not invitation.key:
            raise LinkError("this invitation is damaged: it has no key to check its moves with")
        ledger = cls()
        ledger.add(invitation, signed)
        return ledger

    @classmethod
    def restore(cls, blocks: Sequence[Block]) -> Ledger:
        """The ledger of a side's own kept blocks, which it checked when it
        took them: their signatures are not checked again (the chain of
        hashes, the numbers and the values are)."""
        ledger = cls.begin(blocks[0], signed=False) if blocks else cls()
        for block in blocks[1:]:
            ledger.add(block, signed=False)
        return ledger

    def copy(self) -> Ledger:
        """A copy to try blocks on, sharing nothing that changes."""
        twin = Ledger()
        twin.blocks, twin.keys, twin.plies = list(self.blocks), dict(self.keys), self.plies
        twin.values = {seat: list(values) for seat, values in self.values.items()}
        twin.resigned = self.resigned
        return twin

    @property
    def head(self) -> bytes:
        """The hash of the last block held: what the next block names as its previous."""
        return self.blocks[-1].digest

    def revealed(self, seat: int) -> int:
        """How many values of its chain ``seat`` has revealed."""
        return max(len(self.values.get(seat, ())) - 1, 0)

    def value(self, seat: int, batch: int) -> bytes | None:
        """``seat``'s value for ``batch`` (1-based), or None if not revealed."""
        known = self.values.get(seat, [])
        return known[batch] if 1 <= batch < len(known) else None

    def add(self, block: Block, signed: bool = True) -> None:
        """Add one block that follows the head (the sender adds its own this
        way), checked: its signature by its seat's key (unless ``signed`` is
        False: a side's own kept blocks), its move number, its chance value."""
        if self.blocks and block.previous != self.head:
            raise LinkError("this move does not follow the last one held")
        if self.resigned is not None:
            raise LinkError("this link has moves after the game's end (a player resigned): refused")
        if block.seat not in (0, 1):
            raise LinkError(
                f"this link has a move for seat {block.seat + 1}, and a game by links has two seats"
            )
        if block.key:
            if block.seat in self.keys:
                raise LinkError(
                    f"this link brings a new key for seat {block.seat + 1}, which has one: refused"
                )
            if len(block.key) != PUBLIC_KEY_BYTES:
                raise LinkError("this link's public key is damaged")
            key = block.key
        elif block.seat in self.keys:
            key = self.keys[block.seat]
        else:
            raise LinkError(f"seat {block.seat + 1} has no key yet: its first move must bring it")
        if signed and not verify(key, block.body(), block.signature):
            raise LinkError(
                f"a move in this link was not signed by seat {block.seat + 1}'s browser: refused, "
                "and the game is kept as it was"
            )
        plies = self.plies if self.blocks else 0
        if block.ply != plies:
            raise LinkError(
                f"a move in this link is numbered {block.ply + 1}, and the game held has {plies} moves, "
                f"so it should be move {plies + 1}: the link is damaged, refused, "
                "and the game is kept as it was"
            )
        values = self.values.get(block.seat)
        if block.commitment:
            # Only with the seat's key, in its first block, made before it has seen a value of the
            # other's: a commitment made later could be a chain chosen to steer the rolls.
            if not block.key:
                raise LinkError(
                    f"this link brings a commitment for seat {block.seat + 1} after its first move: refused"
                )
            values = [block.commitment]
        if block.reveal:
            # Every batch of chance comes between two of the players' decisions, so there are at
            # most one more than the moves played: a value further back is refused before its
            # chain is walked (each step a hash), whatever the link.
            most = (plies + len(block.moves) if self.blocks else 0) + 1 - (len(values or [b""]) - 1)
            shown = values_back(block.reveal, values[-1], most) if values and most > 0 else None
            if shown is None:
                raise LinkError(
                    f"seat {block.seat + 1}'s chance value does not follow its commitment, or is for a "
                    "roll not begun: refused"
                )
            values = [*(values or ()), *shown]
        if values is not None:
            self.values[block.seat] = values
        self.keys[block.seat] = key
        if self.blocks:  # the invitation's "moves" are the game's options
            self.plies += len(block.moves)
        if block.resign:
            self.resigned = block.seat
        self.blocks.append(block)

    def take(self, packet: str) -> list[Block]:
        """The new blocks of ``packet``, added after checking that they
        follow the history held, each signed by its seat's key; raises
        LinkError with the reason, the ledger unchanged."""
        blocks = read_packet(packet)
        held = {block.digest: index for index, block in enumerate(self.blocks)}
        start = 0
        while start < len(blocks) and blocks[start].digest in held:
            start += 1  # blocks this side already holds, sent again
        fresh = blocks[start:]
        if not fresh:
            raise LinkError("this link has nothing new: every move in it is already here")
        if fresh[0].previous != self.head:
            if fresh[0].previous in held:
                index = held[fresh[0].previous] + 1
                raise LinkError(
                    f"this link changes a move already played (from part {index + 1} of the game on): "
                    "refused, and the game is kept as it was"
                )
            raise LinkError("a link is missing before this one: ask your friend for the last link they sent")
        copy = self.copy()
        for block in fresh:
            if block.previous != copy.head:
                raise LinkError("this link's moves do not follow one another: it is damaged")
            copy.add(block)
        self.blocks, self.keys, self.values = copy.blocks, copy.keys, copy.values
        self.plies, self.resigned = copy.plies, copy.resigned
        return fresh
