"""A game with a friend elsewhere, played by links (docs/distance.md): one
side's game, kept from the signed blocks both sides hold, this side's own
chain of chance values and the moves it has made but not yet sent; and
the book of such games one browser keeps ("Your games").

This module owns who may move, what a link must carry, and what opening a
link does.  The blocks' bytes, signatures and chains are
:mod:`iriri_core.by_links.crypto`'s; the rules are the game's.  Nothing here keeps
a position of its own: the position is always the replay of the blocks
held and the moves not yet sent (:meth:`FriendGame.position`), with every
batch of chance made from both players' values as soon as both are known,
so a side can never hold a position the blocks do not prove.

Signing is the caller's: :meth:`FriendGame.next_block` gives the block due,
unsigned; the caller signs its body (the page with WebCrypto, a script with
:class:`~iriri_core.by_links.crypto.ecdsa.PrivateKey`) and hands it to
:meth:`FriendGame.send`, which gives the link's packet.

>>> from iriri_core.by_links.crypto.ecdsa import PrivateKey
>>> ann, bob = PrivateKey(11), PrivateKey(12)
>>> invitation = Invitation("hextris", seat=0, inviter="Ann", friend="Bob")
>>> mine = FriendGame.invite(invitation, ann.public_bytes(), ann.sign)
>>> mine.play("L@c1")
>>> packet = mine.send(mine.next_block().signed(ann))
>>> theirs = FriendGame.join(packet, bob.public_bytes())
>>> theirs.position().moves, theirs.to_move()
(('L@c1',), 1)
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..engine import CHANCE, GameError, get_game
from .crypto.blocks import Block, Ledger, LinkError, read_packet, write_packet
from .crypto.chains import Chain, batch_seed, seed_number
from .crypto.steps import Deferred, Work
from .decks import write_parts
from .invitations import Invitation
from .replay import Position, Replay, is_invitation

SECRET_BYTES = 32
"""The secret a side's chain is made from."""

FORMAT = 2
"""The version of :meth:`FriendGame.to_json`'s data (1: before the
computations kept and the resignation; still read)."""


class FriendGame:
    """One side of a game with a friend: the blocks both hold (a checked
    :class:`Ledger`), this side's seat, public key and chain secret, and
    the moves it has made since its last block.  A side may make moves
    only for its own seat, and undo only those not yet sent.

    Its long arithmetic (a deal's, in a game both browsers deal) runs through ``work``
    (:class:`~iriri_core.by_links.crypto.steps.Work`): where it defers, a step that
    needs a computation not yet done raises
    :class:`~iriri_core.by_links.crypto.steps.Deferred` (from :meth:`take`), or
    makes :meth:`next_block` wait (:attr:`deferred`), and the page does it
    in slices before asking again."""

    def __init__(
        self,
        ledger: Ledger,
        seat: int,
        public: bytes,
        secret: bytes,
        pending: Sequence[str] = (),
        work: Work | None = None,
    ) -> None:
        self.ledger = ledger
        self.seat = seat
        self.public = public
        self.secret = secret
        self.pending = list(pending)
        self.work = work or Work()
        self.resigning = False
        """Whether this side resigns with its next block."""
        self.trusted = 0
        """How many of the blocks held were checked when they came (their
        proofs are not checked again in a replay)."""
        self.deferred: Deferred | None = None
        """The computation the block due waits for, where the work defers."""
        first = ledger.blocks[0]
        self.invitation = Invitation.read(first.moves)
        if first.seat != self.invitation.seat:
            raise LinkError("this invitation is damaged: its maker's seat is not the one it gives them")
        self.game = get_game(self.invitation.game)
        if bool(first.commitment) != self.game.has_chance or first.reveal or first.deal or first.resign:
            what = (
                "without the commitment its chance needs"
                if self.game.has_chance
                else "with parts it cannot have"
            )
            raise LinkError(f"this invitation is damaged: it comes {what}, so no game could start from it")
        self._replayed: tuple[tuple[int, int, tuple[str, ...], bool], Position] | None = None
        self._due: tuple[Position, bool, Block | None] | None = None
        self._base: Replay | None = None
        self._packet: tuple[bytes, str] = (b"", "")

    # ------------------------------------------------------------ starting

    @classmethod
    def invite(
        cls,
        invitation: Invitation,
        public: bytes,
        sign: Callable[[bytes], bytes],
        secret: bytes | None = None,
    ) -> FriendGame:
        """The inviter's side of a new game: its first block made and signed
        by ``sign`` (a function from the block's body to its signature)."""
        secret = secrets.token_bytes(SECRET_BYTES) if secret is None else secret
        block = cls.draft_invitation(invitation, public, secret)
        return cls.begin(replace(block, signature=sign(block.body())), secret)

    @staticmethod
    def draft_invitation(invitation: Invitation, public: bytes, secret: bytes) -> Block:
        """The invitation's block, unsigned: the options, the inviter's key,
        and its chain's commitment where the game has chance."""
        commitment = Chain.make(secret).commitment if get_game(invitation.game).has_chance else b""
        return Block.first(invitation.options(), invitation.seat, public, commitment)

    @classmethod
    def begin(cls, invitation: Block, secret: bytes, work: Work | None = None) -> FriendGame:
        """The inviter's side from its signed invitation (:meth:`draft_invitation`'s)."""
        side = cls(Ledger.begin(invitation), invitation.seat, invitation.key, secret, work=work)
        side.trusted = 1
        return side

    @classmethod
    def join(
        cls, packet: str, public: bytes, secret: bytes | None = None, work: Work | None = None
    ) -> FriendGame:
        """The invitee's side, from the first link (the invitation, and any
        moves the inviter sent with it), checked whole; raises LinkError if
        it is not one, or is one no game can start from."""
        blocks = read_packet(packet)
        if not is_invitation(blocks[0]):
            raise LinkError(
                "this link is a move of a game this browser does not have: "
                "open the game's first link (the invitation) here first"
            )
        invitation = Invitation.read(blocks[0].moves)
        side = cls(
            Ledger.begin(blocks[0]),
            1 - invitation.seat,
            public,
            secrets.token_bytes(SECRET_BYTES) if secret is None else secret,
            work=work,
        )
        side.trusted = 1
        if len(blocks) > 1:
            side.take(write_packet(blocks))
        return side

    @property
    def game_id(self) -> bytes:
        """The game's identity: the hash of its invitation."""
        return self.ledger.blocks[0].digest

    @property
    def names(self) -> tuple[str, str]:
        """The players' names by seat."""
        names = [self.invitation.friend, self.invitation.friend]
        names[self.invitation.seat] = self.invitation.inviter
        return names[0], names[1]

    @functools.cached_property
    def chain(self) -> Chain | None:
        """This side's chain of chance values (made when first needed: 4,096 hashes), None without chance."""
        return Chain.make(self.secret) if self.game.has_chance else None

    @property
    def friend(self) -> str:
        """The other player's name."""
        return self.names[1 - self.seat]

    # ------------------------------------------------------------ the position

    def seed(self, ledger: Ledger, batch: int, shown: dict[int, int]) -> int | None:
        """The seed of ``batch`` if both values are known on this side: its
        own from its chain, the other's once a block replayed (``shown``
        counts them) has revealed it."""
        values: list[bytes | None] = []
        for seat in (0, 1):
            if seat == self.seat and self.chain is not None:
                values.append(self.chain.value(batch))
            else:
                values.append(ledger.value(seat, batch) if batch <= shown.get(seat, 0) else None)
        fire, ice = values
        if fire is None or ice is None:
            return None
        return seed_number(batch_seed(ledger.blocks[0].digest, batch, fire, ice))

    def _replay(self, ledger: Ledger, pending: Sequence[str]) -> tuple[Position, Replay]:
        """The position the blocks of ``ledger`` and then ``pending`` (this
        side's) lead to, and the replay of the blocks alone; raises LinkError
        where a block or a move breaks the protocol or the rules.  The
        replay of the blocks is kept and extended: blocks are only ever
        added (:attr:`_base`)."""
        base = self._base
        if (
            base is None
            or len(ledger.blocks) < base.blocks
            or ledger.blocks[base.blocks - 1].digest != base.head
        ):
            base = Replay.begin(self)
        replay = base.copy()
        for index, block in enumerate(ledger.blocks[replay.blocks :], start=replay.blocks):
            if replay.blocks:
                replay.block(self, ledger, block, check=index >= self.trusted)
            replay.blocks, replay.head = replay.blocks + 1, block.digest
        replay.settle(self, ledger)
        blocks = replay.copy()
        for text in pending:
            replay.move(self, ledger, self.seat, text)
        position = Position(
            replay.state, tuple(replay.played), replay.batches, replay.waiting, replay.start, replay.deck
        )
        return position, blocks

    def position(self) -> Position:
        """The game now, on this side (replayed once per change of the blocks or the moves not sent)."""
        key = (id(self.ledger), len(self.ledger.blocks), tuple(self.pending), self.resigning)
        if self._replayed is None or self._replayed[0] != key:
            position, self._base = self._replay(self.ledger, self.pending)
            self._replayed = (key, position)
        return self._replayed[1]

    @property
    def replayed(self) -> bool:
        """Whether this side's position has been worked out since it was read (or made)."""
        return self._replayed is not None

    def to_move(self) -> int | None:
        """The seat whose decision the game waits for, or None (chance
        waits for a value, or the game is over)."""
        if self.ledger.resigned is not None or self.resigning:
            return None
        state = self.position().state
        if state is None or self.game.is_over(state):
            return None
        seat = self.game.current_player(state)
        return None if seat == CHANCE else seat

    def is_over(self) -> bool:
        """Whether the game has ended: by the rules, or a player resigned."""
        if self.ledger.resigned is not None:
            return True
        position = self.position()
        return position.state is not None and not position.waiting and self.game.is_over(position.state)

    @property
    def resigned(self) -> int | None:
        """The seat that resigned the game, if one did (this side's once its resignation is sent)."""
        return self.ledger.resigned

    # ------------------------------------------------------------ this side's moves

    def play(self, text: str) -> None:
        """Make a move for this side's seat (kept until the link is made);
        raises GameError or LinkError saying why it cannot be made, unchanged.
        A pass that is the only move left is made for the player."""
        if self.resigned is not None or self.resigning:
            raise GameError("the game is over: a player resigned")
        if self.to_move() != self.seat:
            raise GameError(f"it is not your turn: wait for {self.friend}'s link")
        self._replay(self.ledger, [*self.pending, text])  # raises, the game unchanged
        self.pending.append(text)
        self._pass_if_forced()

    def _pass_if_forced(self) -> None:
        position = self.position()
        while position.state is not None and self.to_move() == self.seat:
            forced = self.game.forced_pass(position.state)
            if forced is None:
                return
            self.pending.append(self.game.move_text(position.state, forced))
            position = self.position()

    def undo(self) -> str:
        """Take back this side's last move not yet sent (or its resignation
        not yet sent: "resign"); its text.  Moves sent cannot be taken back."""
        if self.resigning:
            self.resigning = False
            return "resign"
        if not self.pending:
            raise GameError(
                "there is no move of yours to take back: a move is yours to undo only until its link is made"
            )
        return self.pending.pop()

    def resign(self) -> None:
        """Resign the game: the next block says so (any moves not sent are
        dropped), and the friend wins once they open its link."""
        if self.is_over() or self.resigning:
            raise GameError("the game is over already")
        self.pending = []
        self.resigning = True

    def next_block(self) -> Block | None:
        """The block due, unsigned, or None: due once this side has nothing
        left to decide and has something the friend needs: its moves not yet
        sent, or its chain value for a batch of chance that has begun (the
        value for the newest batch, which shows the earlier ones too), or its
        part of a deal, or its resignation.  Made once per position (a
        deal's part is long arithmetic); where the work defers and that
        arithmetic is not done yet, None, with :attr:`deferred` saying what
        it waits for."""
        position = self.position()
        if self._due is None or self._due[0] is not position or self._due[1] != self.resigning:
            try:
                self.deferred = None
                self._due = (position, self.resigning, self._next_block(position))
            except Deferred as waiting:
                self.deferred = waiting
                return None
        return self._due[2]

    def _next_block(self, position: Position) -> Block | None:
        mine = self.seat in self.ledger.keys
        key = b"" if mine else self.public
        commitment = b"" if mine or self.chain is None else self.chain.commitment
        held = self.ledger.plies
        if self.resigning:
            return Block(self.ledger.head, self.seat, held, (), key=key, commitment=commitment, resign=True)
        if self.to_move() == self.seat or self.resigned is not None:
            return None
        reveal = b""
        # A value only once both have committed: one shown before the other's
        # commitment would let the other choose a chain that steers the batch.
        if self.chain is not None and 1 - self.seat in self.ledger.values:
            shown = self.ledger.revealed(self.seat) if mine else 0
            if position.batches > shown:
                reveal = self.chain.value(position.batches)
        deck, state = position.deck, position.state
        deal = b"" if deck is None or state is None else write_parts(deck.due(state))
        if not self.pending and not reveal and not deal:
            return None
        return Block(self.ledger.head, self.seat, held, tuple(self.pending), key, commitment, reveal, deal)

    def send(self, block: Block) -> str:
        """Add this side's signed ``block`` (:meth:`next_block`'s, with its
        signature) and give the link's packet: every block the friend lacks."""
        due = self.next_block()
        if due is None or replace(block, signature=b"") != due:
            raise LinkError("this is not the block due: make the link again")
        self.ledger.add(block)
        self.trusted = len(self.ledger.blocks)
        self.pending = []
        self.resigning = False
        packet = self.link()
        assert packet is not None
        return packet

    def link(self) -> str | None:
        """The packet of this side's last link, to send (again): its blocks
        after the friend's last block before them (all of them, from the
        invitation, if the friend has sent none); None if it has sent none."""
        blocks = self.ledger.blocks
        mine = [i for i, block in enumerate(blocks) if block.seat == self.seat]
        if not mine:
            return None
        theirs = [i for i in range(mine[-1]) if blocks[i].seat != self.seat]
        return write_packet(blocks[theirs[-1] + 1 if theirs else 0 : mine[-1] + 1])

    # ------------------------------------------------------------ the friend's links

    def take(self, packet: str) -> list[Block]:
        """The friend's new blocks of ``packet``, checked (signatures, the
        chain, chance values, the deal's proofs, and every move replayed by
        the rules), then held; raises LinkError with the reason, this side's
        game unchanged.  A resignation that crossed this side's own last
        link is taken in its place (the friend never saw that link)."""
        trial = self.ledger.copy()
        try:
            fresh = trial.take(packet)
        except LinkError:
            crossed = self._crossed_resignation(packet)
            if crossed is None:
                raise
            trial, fresh = crossed
        if self.game.has_chance and any(block.key and not block.commitment for block in fresh):
            raise LinkError("this link's first move brings no commitment for the chance: refused")
        if any(block.seat == self.seat for block in fresh):
            raise LinkError("this link has moves for your own seat that this browser did not make: refused")
        if self.pending and trial.resigned is None:
            raise LinkError("you have moves not yet sent: make your link first")
        self.trusted = min(self.trusted, len(trial.blocks) - len(fresh))  # (a crossed resignation cut some)
        _, base = self._replay(trial, ())
        self.ledger, self._base = trial, base
        self.trusted = len(trial.blocks)
        if trial.resigned is not None:
            self.pending, self.resigning = [], False
        self._pass_if_forced()
        return fresh

    def _crossed_resignation(self, packet: str) -> tuple[Ledger, list[Block]] | None:
        """Where ``packet`` is the friend's resignation made before they had
        this side's last links: the ledger with it in place of those links,
        and the block; None otherwise."""
        blocks = read_packet(packet)
        held = [block.digest for block in self.ledger.blocks]
        last = blocks[-1]
        if not last.resign or last.moves or last.reveal or last.deal:
            return None  # (a resignation carries nothing else: one that does is refused as it comes)
        if last.seat == self.seat or last.previous not in held:
            return None
        cut = held.index(last.previous) + 1
        if cut == len(held) or any(block.seat != self.seat for block in self.ledger.blocks[cut:]):
            return None
        trial = Ledger.restore(self.ledger.blocks[:cut])
        trial.add(last)
        return trial, [last]

    # ------------------------------------------------------------ keeping

    def to_json(self) -> dict[str, Any]:
        """This side as data to keep (the signing key is not in it: the page
        keeps it in WebCrypto), with the results of its long arithmetic
        worth keeping (the dominoes it has read)."""
        if self._packet[0] != self.ledger.head:  # (a long match's blocks: written once per block added)
            self._packet = (self.ledger.head, write_packet(self.ledger.blocks))
        return {
            "format": FORMAT,
            "blocks": self._packet[1],
            "seat": self.seat,
            "public": self.public.hex(),
            "secret": self.secret.hex(),
            "pending": list(self.pending),
            "resigning": self.resigning,
            "kept": dict(self.work.kept),
        }

    @classmethod
    def from_json(cls, data: Any, defer: bool = False) -> FriendGame:
        """A side kept by :meth:`to_json` (its blocks as held, not replayed
        until its position is asked for); raises ValueError saying what is
        wrong.  ``defer``: the side's work defers (on the page)."""
        if not isinstance(data, dict) or data.get("format") not in (1, FORMAT):
            raise ValueError("this kept game by links is not one this page reads")
        try:
            blocks = read_packet(str(data["blocks"]), most=None)
            ledger = Ledger.restore(blocks)
            seat, pending, kept = data["seat"], data["pending"], data.get("kept", {})
            if (
                seat not in (0, 1)
                or not isinstance(pending, list)
                or not all(isinstance(m, str) for m in pending)
                or not isinstance(kept, dict)
            ):
                raise ValueError("its seat or its moves not sent are damaged")
            public, secret = bytes.fromhex(data["public"]), bytes.fromhex(data["secret"])
            side = cls(ledger, seat, public, secret, pending, Work(kept, defer))
            side.trusted = len(blocks)
            side.resigning = bool(data.get("resigning", False))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"this kept game by links is damaged: {exc}") from None
        return side
