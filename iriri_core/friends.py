"""A game with a friend elsewhere, played by links (docs/distance.md): one
side's game, kept from the signed blocks both sides hold, this side's own
chain of chance values and the moves it has made but not yet sent; and
the book of such games one browser keeps ("Your games").

This module owns who may move, what a link must carry, and what opening a
link does.  The blocks' bytes, signatures and chains are
:mod:`iriri_core.distance`'s; the rules are the game's.  Nothing here keeps
a position of its own: the position is always the replay of the blocks
held and the moves not yet sent (:meth:`FriendGame.position`), with every
batch of chance made from both players' values as soon as both are known,
so a side can never hold a position the blocks do not prove.

Signing is the caller's: :meth:`FriendGame.next_block` gives the block due,
unsigned; the caller signs its body (the page with WebCrypto, a script with
:class:`~iriri_core.distance.ecdsa.PrivateKey`) and hands it to
:meth:`FriendGame.send`, which gives the link's packet.

>>> from iriri_core.distance.ecdsa import PrivateKey
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

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .distance.blocks import Block, Ledger, LinkError, options_digest, read_packet, write_packet
from .distance.chains import Chain, batch_seed, seed_number, step
from .engine import CHANCE, GameError, fixed_chance, get_game
from .friend_deck import BEFORE_MOVES, DECKS, SHOW, Part, PyrinoesDeck, read_parts, write_parts
from .invitations import Invitation

SECRET_BYTES = 32
"""The secret a side's chain is made from."""

FORMAT = 1
"""The version of :meth:`FriendGame.to_json`'s data."""


@dataclass(frozen=True)
class Position:
    """A side's game as the blocks held and the moves not yet sent make it:
    the position (None while the start waits for its shuffle), the moves
    of the game so far as move text, chance's included, and how many
    batches of chance have begun (the last may wait for a value)."""

    state: Any | None
    moves: tuple[str, ...]
    batches: int
    waiting: bool
    """Whether a batch of chance waits for the other's value."""
    start: Any | None = None
    """The start position (None while it waits for its shuffle)."""
    deck: PyrinoesDeck | None = None
    """The deal and draws as this side knows them, in a game dealt by both browsers."""


def is_invitation(block: Block) -> bool:
    """Whether ``block`` is a game's first block (its options in place of moves)."""
    return block.ply == 0 and block.previous == options_digest(block.moves)


@dataclass
class _Replay:
    """A replay of a game's blocks under way: the position (None while the
    start waits for its shuffle), the moves so far, the batches of chance
    begun and whether the last waits for a value, how many blocks are in
    and the hash of the last."""

    state: Any | None
    played: list[str]
    batches: int
    waiting: bool
    drawn: int = 0
    blocks: int = 0
    head: bytes = b""
    start: Any | None = None
    deck: PyrinoesDeck | None = None

    @classmethod
    def begin(cls, side: FriendGame) -> _Replay:
        """Before any block: the start, or None where it waits for its shuffle (batch 1)."""
        if side.game.dealt_from_seed:
            return cls(None, [], 1, True)
        start = side.game.new_game(2, **side.invitation.settings)
        dealt = DECKS.get(side.invitation.game)
        deck = None if dealt is None else dealt(side.game, side.seat, side.secret, side.names)
        return cls(start, [], 0, False, start=start, deck=deck)

    def copy(self) -> _Replay:
        """A copy to go on from, sharing nothing that changes."""
        return replace(self, played=list(self.played), deck=None if self.deck is None else self.deck.clone())

    def block(self, side: FriendGame, ledger: Ledger, block: Block) -> None:
        """Play a block of moves (not the invitation): its deal's parts
        before the moves, the moves, then its parts after them."""
        if block.deal and self.deck is None:
            raise LinkError("this link carries a deal, and this game deals nothing: refused")
        parts = read_parts(block.deal)
        shows = [part for part in parts if part.kind == SHOW]
        for part in parts:
            if part.kind in BEFORE_MOVES:
                self.deal(side, ledger, block.seat, part)
        for text in block.moves:
            self.move(side, ledger, block.seat, text, shows)
        for part in parts:
            if part.kind != SHOW and part.kind not in BEFORE_MOVES:
                self.deal(side, ledger, block.seat, part)
        if shows:
            raise LinkError("this link shows a domino that none of its moves plays: refused")

    def deal(self, side: FriendGame, ledger: Ledger, seat: int, part: Part) -> None:
        self.settle(side, ledger)  # the picks before the first deal may have waited for this block's value
        assert self.deck is not None and self.state is not None
        self.state = self.deck.part(self.state, seat, part, self.played)
        self.settle(side, ledger)

    def settle(self, side: FriendGame, ledger: Ledger) -> None:
        """Make the chance due as far as both players' values (and, for a
        game dealt by both browsers, the deal's parts) are known."""
        game = side.game
        if self.deck is not None and self.state is not None and self.deck.acts(self.state):
            self.state, self.waiting = self.deck.settle(self.state, self.played)
            return
        if self.state is None:  # the start is shuffled from batch 1
            seed = side.seed(ledger, 1)
            if seed is None:
                return
            self.state, self.waiting = game.new_game(2, seed=seed, **side.invitation.settings), False
            self.start = self.state
        if game.is_over(self.state) or game.current_player(self.state) != CHANCE:
            return
        if not self.waiting:
            self.batches, self.waiting, self.drawn = self.batches + 1, True, 0
        seed = side.seed(ledger, self.batches)
        if seed is None:
            return
        while not game.is_over(self.state) and game.current_player(self.state) == CHANCE:
            if self.deck is not None and self.deck.acts(self.state):
                break  # the deal after the picks is the deck's
            move = fixed_chance(game, self.state, seed, self.drawn)
            self.played.append(game.move_text(self.state, move))
            self.state, self.drawn = game.play(self.state, move), self.drawn + 1
        self.waiting = False
        if self.deck is not None and self.deck.acts(self.state):
            self.settle(side, ledger)

    def move(
        self, side: FriendGame, ledger: Ledger, seat: int, text: str, shows: list[Part] | None = None
    ) -> None:
        """Play ``seat``'s move ``text``, checked (a domino played with the
        next of ``shows``, its block's proofs, in a game dealt by both
        browsers); raises LinkError saying why it cannot be played."""
        self.settle(side, ledger)
        game, who = side.game, side.names[seat]
        if self.state is None or self.waiting:
            raise LinkError(f"{who}'s move {text!r} comes before the chance it must follow: refused")
        if game.is_over(self.state):
            raise LinkError(f"{who}'s move {text!r} comes after the game's end: refused")
        if game.current_player(self.state) != seat:
            raise LinkError(f"{who} played {text!r} when it was not their turn: refused")
        try:
            move = game.parse_move(self.state, text)
            if self.deck is not None:
                self.state = self.deck.playing(self.state, seat, move, shows)
            self.state = game.play(self.state, move)
        except LinkError:
            raise
        except (GameError, ValueError) as exc:
            raise LinkError(f"{who}'s move {text!r} is not a legal move: {exc}") from None
        self.played.append(text)
        if self.deck is not None:
            self.deck.played(text)
        self.settle(side, ledger)


class FriendGame:
    """One side of a game with a friend: the blocks both hold (a checked
    :class:`Ledger`), this side's seat, public key and chain secret, and
    the moves it has made since its last block.  A side may make moves
    only for its own seat, and undo only those not yet sent."""

    def __init__(
        self, ledger: Ledger, seat: int, public: bytes, secret: bytes, pending: Sequence[str] = ()
    ) -> None:
        self.ledger = ledger
        self.seat = seat
        self.public = public
        self.secret = secret
        self.pending = list(pending)
        self.invitation = Invitation.read(ledger.blocks[0].moves)
        if ledger.blocks[0].seat != self.invitation.seat:
            raise LinkError("this invitation is damaged: its maker's seat is not the one it gives them")
        self.game = get_game(self.invitation.game)
        self.chain = Chain.make(secret) if self.game.has_chance else None
        self._replayed: tuple[tuple[int, int, tuple[str, ...]], Position] | None = None
        self._due: tuple[Position, Block | None] | None = None
        self._base: _Replay | None = None

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
    def begin(cls, invitation: Block, secret: bytes) -> FriendGame:
        """The inviter's side from its signed invitation (:meth:`draft_invitation`'s)."""
        return cls(Ledger.begin(invitation), invitation.seat, invitation.key, secret)

    @classmethod
    def join(cls, packet: str, public: bytes, secret: bytes | None = None) -> FriendGame:
        """The invitee's side, from the first link (the invitation, and any
        moves the inviter sent with it); raises LinkError if it is not one."""
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
        )
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

    # ------------------------------------------------------------ the position

    def _value(self, ledger: Ledger, seat: int, batch: int) -> bytes | None:
        """A seat's chain value for ``batch``: this side's own from its chain;
        the other's only once revealed (a later value steps back to it)."""
        if seat == self.seat:
            assert self.chain is not None
            return self.chain.value(batch)
        latest, count = ledger.chains.get(seat, (b"", 0))
        if count < batch:
            return None
        for _ in range(count - batch):
            latest = step(latest)
        return latest

    def seed(self, ledger: Ledger, batch: int) -> int | None:
        """The seed of ``batch`` if both values are known on this side."""
        fire, ice = self._value(ledger, 0, batch), self._value(ledger, 1, batch)
        if fire is None or ice is None:
            return None
        return seed_number(batch_seed(ledger.blocks[0].digest, batch, fire, ice))

    def _replay(self, ledger: Ledger, pending: Sequence[str]) -> Position:
        """The position the blocks of ``ledger`` and then ``pending`` (this
        side's) lead to; raises LinkError where a move is not its seat's or
        not legal, or comes before the chance it must follow.  The replay of
        the blocks is kept and extended: blocks are only ever added."""
        base = self._base
        if (
            base is None
            or len(ledger.blocks) < base.blocks
            or ledger.blocks[base.blocks - 1].digest != base.head
        ):
            base = _Replay.begin(self)
        replay = base.copy()
        for block in ledger.blocks[replay.blocks :]:
            if replay.blocks:
                replay.block(self, ledger, block)
            replay.blocks, replay.head = replay.blocks + 1, block.digest
        replay.settle(self, ledger)
        if ledger is self.ledger:
            self._base = replay.copy()
        for text in pending:
            replay.move(self, ledger, self.seat, text)
        return Position(
            replay.state, tuple(replay.played), replay.batches, replay.waiting, replay.start, replay.deck
        )

    def position(self) -> Position:
        """The game now, on this side (replayed once per change of the blocks or the moves not sent)."""
        key = (id(self.ledger), len(self.ledger.blocks), tuple(self.pending))
        if self._replayed is None or self._replayed[0] != key:
            self._replayed = (key, self._replay(self.ledger, self.pending))
        return self._replayed[1]

    def to_move(self) -> int | None:
        """The seat whose decision the game waits for, or None (chance
        waits for a value, or the game is over)."""
        state = self.position().state
        if state is None or self.game.is_over(state):
            return None
        seat = self.game.current_player(state)
        return None if seat == CHANCE else seat

    def is_over(self) -> bool:
        position = self.position()
        return position.state is not None and not position.waiting and self.game.is_over(position.state)

    # ------------------------------------------------------------ this side's moves

    def play(self, text: str) -> None:
        """Make a move for this side's seat (kept until the link is made);
        raises GameError or LinkError saying why it cannot be made, unchanged.
        A pass that is the only move left is made for the player."""
        if self.to_move() != self.seat:
            raise GameError(f"it is not your turn: wait for {self.names[1 - self.seat]}'s link")
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
        """Take back this side's last move not yet sent; its text.  Moves sent cannot be taken back."""
        if not self.pending:
            raise GameError(
                "there is no move of yours to take back: a move is yours to undo only until its link is made"
            )
        return self.pending.pop()

    def next_block(self) -> Block | None:
        """The block due, unsigned, or None: due once this side has nothing
        left to decide and has something the friend needs: its moves not yet
        sent, or its chain value for a batch of chance that has begun (the
        value for the newest batch, which shows the earlier ones too), or its
        part of a deal.  Made once per position (a deal's part is tens of
        milliseconds of arithmetic)."""
        position = self.position()
        if self._due is None or self._due[0] is not position:
            self._due = (position, self._next_block(position))
        return self._due[1]

    def _next_block(self, position: Position) -> Block | None:
        if self.to_move() == self.seat:
            return None
        mine = self.seat in self.ledger.keys
        reveal = b""
        # A value only once both have committed: one shown before the other's
        # commitment would let the other choose a chain that steers the batch.
        if self.chain is not None and 1 - self.seat in self.ledger.chains:
            shown = self.ledger.chains.get(self.seat, (b"", 0))[1] if mine else 0
            if position.batches > shown:
                reveal = self.chain.value(position.batches)
        deck, state = position.deck, position.state
        deal = b"" if deck is None or state is None else write_parts(deck.due(state))
        if not self.pending and not reveal and not deal:
            return None
        held = sum(len(block.moves) for block in self.ledger.blocks[1:])
        return Block(
            self.ledger.head,
            self.seat,
            held,
            tuple(self.pending),
            key=b"" if mine else self.public,
            commitment=b"" if mine or self.chain is None else self.chain.commitment,
            reveal=reveal,
            deal=deal,
        )

    def send(self, block: Block) -> str:
        """Add this side's signed ``block`` (:meth:`next_block`'s, with its
        signature) and give the link's packet: every block the friend lacks."""
        due = self.next_block()
        if due is None or replace(block, signature=b"") != due:
            raise LinkError("this is not the block due: make the link again")
        self.ledger.add(block)
        self.pending = []
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
        chain, chance values, and every move replayed by the rules), then
        held; raises LinkError with the reason, this side's game unchanged."""
        trial = Ledger(list(self.ledger.blocks), dict(self.ledger.keys), dict(self.ledger.chains))
        fresh = trial.take(packet)
        if self.game.has_chance and any(block.key and not block.commitment for block in fresh):
            raise LinkError("this link's first move brings no commitment for the chance: refused")
        if any(block.seat == self.seat for block in fresh):
            raise LinkError("this link has moves for your own seat that this browser did not make: refused")
        if self.pending:
            raise LinkError("you have moves not yet sent: make your link first")
        self._replay(trial, ())
        self.ledger = trial
        self._pass_if_forced()
        return fresh

    # ------------------------------------------------------------ keeping

    def to_json(self) -> dict[str, Any]:
        """This side as data to keep (the signing key is not in it: the page keeps it in WebCrypto)."""
        return {
            "format": FORMAT,
            "blocks": write_packet(self.ledger.blocks),
            "seat": self.seat,
            "public": self.public.hex(),
            "secret": self.secret.hex(),
            "pending": list(self.pending),
        }

    @classmethod
    def from_json(cls, data: Any) -> FriendGame:
        """A side kept by :meth:`to_json`; raises ValueError saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("this kept game by links is not one this page reads")
        try:
            blocks = read_packet(str(data["blocks"]))
            ledger = Ledger.begin(blocks[0])
            for block in blocks[1:]:
                ledger.add(block)
            seat, pending = data["seat"], data["pending"]
            if (
                seat not in (0, 1)
                or not isinstance(pending, list)
                or not all(isinstance(m, str) for m in pending)
            ):
                raise ValueError("its seat or its moves not sent are damaged")
            side = cls(ledger, seat, bytes.fromhex(data["public"]), bytes.fromhex(data["secret"]), pending)
            side.position()  # every move replays
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"this kept game by links is damaged: {exc}") from None
        return side
