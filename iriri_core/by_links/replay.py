"""The replay of a game by links (docs/distance.md, "One side's game"):
the position one side's blocks and moves lead to, worked out again from
them, with the protocol's rules checked on the way.

This module owns what a block may be once its signature and chain are
checked (:class:`~iriri_core.by_links.crypto.blocks.Ledger`): that it answers the
other's, carries something the game needs, shows no value for a roll not
begun, and that its moves are its seat's, legal, after the chance they
must follow; each batch of chance made as soon as both players' values are
known; and, in a game that deals hidden pieces by links, the deal's parts taken
in their place by the game's deck (:mod:`iriri_core.by_links.decks`).  One side's game (:class:`FriendGame`)
keeps a replay of its blocks and extends it as blocks come.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ..engine import CHANCE, GameError, fixed_chance
from ..presenter import deck_rules
from .crypto.blocks import Block, Ledger, LinkError, options_digest
from .crypto.steps import Work
from .decks import BEFORE_MOVES, SHOW, Deck, Part, read_parts
from .invitations import Invitation


class Side(Protocol):
    """What a replay needs of the side it replays for (:class:`~iriri_core.by_links.game.FriendGame`)."""

    game: Any
    invitation: Invitation
    seat: int
    secret: bytes
    work: Work

    @property
    def names(self) -> tuple[str, str]: ...

    def seed(self, ledger: Ledger, batch: int, shown: dict[int, int]) -> int | None:
        """The seed of ``batch`` if both values are known on this side."""


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
    deck: Deck | None = None
    """The deal and draws as this side knows them, in a game dealt by both browsers."""


def is_invitation(block: Block) -> bool:
    """Whether ``block`` is a game's first block (its options in place of moves)."""
    return block.ply == 0 and block.previous == options_digest(block.moves)


@dataclass
class Replay:
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
    deck: Deck | None = None
    shown: dict[int, int] = field(default_factory=dict)
    """How many values of each seat's chain the blocks replayed have shown."""
    last: int | None = None
    """The seat of the last block replayed."""
    set_up: bool = False
    """Whether the game starts from a position set up, which its invitation gives."""

    @classmethod
    def begin(cls, side: Side) -> Replay:
        """Before any block: the start, or None where it waits for its shuffle
        (batch 1).  A game from a position set up (the invitation's ``start``)
        starts there at once, shuffled from nothing, even in a game that
        deals its start from the seed; its chance after that is made batch
        by batch from both players' values, as in any game."""
        if side.invitation.start is not None:
            start = side.game.from_text(
                side.invitation.start
            )  # (checked by the invitation: Invitation.problem)
            return cls(start, [], 0, False, start=start, set_up=True)
        if side.game.dealt_from_seed:
            return cls(None, [], 1, True)
        start = side.game.new_game(2, **side.invitation.settings)
        rules = deck_rules(side.invitation.game)
        deck = None if rules is None else rules.side(side.game, side.seat, side.secret, side.names, side.work)
        return cls(start, [], 0, False, start=start, deck=deck)

    def copy(self) -> Replay:
        """A copy to go on from, sharing nothing that changes."""
        deck = None if self.deck is None else self.deck.clone()
        return replace(self, played=list(self.played), deck=deck, shown=dict(self.shown))

    def block(self, side: Side, ledger: Ledger, block: Block, check: bool = True) -> None:
        """Play a block of moves (not the invitation): its deal's parts
        before the moves, the moves, then its parts after them; ``check``
        False for a side's own kept blocks (their proofs were checked when
        they came).  A block must answer the other's (the players take
        turns: only the inviter's first move may follow its invitation, and
        a resignation may come at any time), carry something the game needs
        (a move, a value for a roll begun, a part of a deal), and show no
        value for a roll not begun yet."""
        who = side.names[block.seat]
        if self.blocks > 1 and block.seat == self.last and not block.resign:
            raise LinkError(
                f"{who}'s link follows their own last link, not yours: a link answers the other's, refused"
            )
        if not (block.moves or block.reveal or block.deal or block.key or block.resign):
            raise LinkError(f"{who}'s link carries no move and nothing else the game needs: refused")
        if block.resign and (block.moves or block.reveal or block.deal):
            raise LinkError(f"{who}'s resignation carries moves or parts of the game with it: refused")
        if block.deal and self.deck is None:
            raise LinkError("this link carries a deal, and this game deals nothing: refused")
        if block.reveal:
            count, known = self.shown.get(block.seat, 0), len(ledger.values.get(block.seat, ()))
            while count + 1 < known and ledger.value(block.seat, count + 1) != block.reveal:
                count += 1
            self.shown[block.seat] = count + 1
        parts = read_parts(block.deal)
        shows = [part for part in parts if part.kind == SHOW]
        for part in parts:
            if part.kind in BEFORE_MOVES:
                self.deal(side, ledger, block.seat, part, check)
        for text in block.moves:
            self.move(side, ledger, block.seat, text, shows, check)
        for part in parts:
            if part.kind != SHOW and part.kind not in BEFORE_MOVES:
                self.deal(side, ledger, block.seat, part, check)
        if shows:
            raise LinkError("this link shows a domino that none of its moves plays: refused")
        self.settle(side, ledger)
        if self.shown.get(block.seat, 0) > self.batches:
            raise LinkError(f"{who}'s link shows their part of a roll that has not begun: refused")
        self.last = block.seat

    def deal(self, side: Side, ledger: Ledger, seat: int, part: Part, check: bool = True) -> None:
        self.settle(side, ledger)  # the picks before the first deal may have waited for this block's value
        assert self.deck is not None and self.state is not None
        self.state = self.deck.part(self.state, seat, part, self.played, check)
        self.settle(side, ledger)

    def settle(self, side: Side, ledger: Ledger) -> None:
        """Make the chance due as far as both players' values (and, for a
        game dealt by both browsers, the deal's parts) are known."""
        game = side.game
        if self.deck is not None and self.state is not None and self.deck.acts(self.state):
            self.state, self.waiting = self.deck.settle(self.state, self.played)
            return
        if self.state is None:  # the start is shuffled from batch 1
            seed = side.seed(ledger, 1, self.shown)
            if seed is None:
                return
            self.state, self.waiting = game.new_game(2, seed=seed, **side.invitation.settings), False
            self.start = self.state
        if game.is_over(self.state) or game.current_player(self.state) != CHANCE:
            return
        if not self.waiting:
            self.batches, self.waiting, self.drawn = self.batches + 1, True, 0
        seed = side.seed(ledger, self.batches, self.shown)
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
        self,
        side: Side,
        ledger: Ledger,
        seat: int,
        text: str,
        shows: list[Part] | None = None,
        check: bool = True,
    ) -> None:
        """Play ``seat``'s move ``text``, checked (a domino played with the
        next of ``shows``, its block's proofs, in a game dealt by both
        browsers); raises LinkError saying why it cannot be played."""
        self.settle(side, ledger)
        game, who = side.game, side.names[seat]
        said = repr(
            text if len(text) <= 40 else text[:40] + "…"
        )  # (as a person is told it: a link may hold anything)
        if self.state is None or self.waiting:
            raise LinkError(f"{who}'s move {said} comes before the chance it must follow: refused")
        if game.is_over(self.state):
            raise LinkError(f"{who}'s move {said} comes after the game's end: refused")
        if game.current_player(self.state) != seat:
            raise LinkError(f"{who} played {said} when it was not their turn: refused")
        try:
            move = game.parse_move(self.state, text)
            if game.move_text(self.state, move) != text:  # (a move padded or spelt otherwise: kept as sent)
                raise LinkError(f"{who}'s move {said} is not written as the page writes moves: refused")
            if self.deck is not None:
                self.state = self.deck.playing(self.state, seat, move, shows, check)
            self.state = game.play(self.state, move)
        except LinkError:
            raise
        except (GameError, ValueError) as exc:
            why = str(exc) if len(str(exc)) <= 200 else str(exc)[:200] + "…"
            raise LinkError(f"{who}'s move {said} is not a legal move: {why}") from None
        self.played.append(text)
        if self.deck is not None:
            self.deck.played(text)
        self.settle(side, ledger)
