"""A game by links replayed by someone who played in neither browser
(issue 35; docs/distance.md, "Checking a game"): the spectator's side of
the replay, which holds no secret, and, for a game that deals hidden pieces
by links, the witness of the deal its deck gives
(:attr:`iriri_core.by_links.decks.DeckRules.witness`), which checks every
proof of it from the blocks alone.

This module owns what a third party can prove of a game from its signed
blocks: the replay of :mod:`iriri_core.by_links.replay` for a
:class:`Spectator` (a batch of chance made once both players' values for
it are in the blocks), with the locks the blocks reveal at a round's end
found ahead, so that the witness opens a round as soon as it is dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ..engine import SPECTATOR, get_game
from ..presenter import deck_rules
from .crypto.blocks import Block, Ledger, LinkError
from .crypto.chains import batch_seed, seed_number
from .crypto.steps import Work
from .decks import AUDIT, LOCK_BYTES, PART_WORDS, Found, Part, Witness, read_parts
from .invitations import Invitation
from .replay import Replay


class Spectator:
    """The side a third party replays a game as (the
    :class:`~iriri_core.by_links.replay.Side` of a replay): no seat, no secret;
    a batch of chance is made once both players' values for it are in the
    blocks replayed."""

    def __init__(self, invitation: Invitation, work: Work | None = None) -> None:
        self.invitation = invitation
        self.game: Any = get_game(invitation.game)
        self.seat = SPECTATOR
        self.secret = b""
        self.work = work or Work()

    @property
    def names(self) -> tuple[str, str]:
        """The players' names by seat (as :attr:`FriendGame.names`)."""
        names = [self.invitation.friend, self.invitation.friend]
        names[self.invitation.seat] = self.invitation.inviter
        return names[0], names[1]

    def seed(self, ledger: Ledger, batch: int, shown: dict[int, int]) -> int | None:
        """The seed of ``batch`` once a block replayed (``shown`` counts
        them) has revealed each player's value for it; None before."""
        fire, ice = (ledger.value(seat, batch) if batch <= shown.get(seat, 0) else None for seat in (0, 1))
        if fire is None or ice is None:
            return None
        return seed_number(batch_seed(ledger.blocks[0].digest, batch, fire, ice))


def revealed_locks(blocks: Sequence[Block]) -> dict[int, dict[int, int]]:
    """Every lock the blocks reveal at a round's end (AUDIT parts): by round,
    then by seat.  A damaged block's parts are left out (its replay says why)."""
    found: dict[int, dict[int, int]] = {}
    for block in blocks[1:]:
        try:
            parts = read_parts(block.deal)
        except LinkError:
            continue
        for part in parts:
            if part.kind == AUDIT and block.seat in (0, 1) and len(part.data) == LOCK_BYTES:
                found.setdefault(part.round, {})[block.seat] = int.from_bytes(part.data, "big")
    return found


class Witnessed(Replay):
    """The replay of a game's blocks for a spectator: a move or a deal's
    part that breaks the rules or the protocol raises :class:`Found`, with
    the number of the move it is about (as the record numbers them)."""

    @classmethod
    def begin_for(
        cls, spectator: Spectator, readable: Sequence[str] = (), blocks: Sequence[Block] = ()
    ) -> Witnessed:
        """Before any block: the start (None where it waits for its shuffle),
        with a witness of the deal in a game dealt by both browsers;
        ``readable`` (the record's moves) gives the domino face up of a round
        not yet opened, and ``blocks`` the locks revealed ahead."""
        game, settings = spectator.game, spectator.invitation.settings
        rules = deck_rules(spectator.invitation.game)
        if rules is None or spectator.invitation.start is not None:  # (no deck game starts from a position)
            return cast(Witnessed, cls.begin(spectator))
        state = game.new_game(2, **settings)
        deck = rules.witness(game, spectator.names, spectator.work, readable, revealed_locks(blocks))
        return cls(state, [], 0, False, start=state, deck=deck)

    def copy(self) -> Witnessed:
        return cast(Witnessed, super().copy())

    @property
    def witness(self) -> Witness | None:
        """The witness of the deal, in a game dealt by both browsers."""
        return cast(Witness | None, self.deck)

    def move(
        self,
        side: Any,
        ledger: Ledger,
        seat: int,
        text: str,
        shows: list[Part] | None = None,
        check: bool = True,
    ) -> None:
        self.settle(side, ledger)
        at = len(self.played)
        try:
            super().move(side, ledger, seat, text, shows, check)
        except Found:
            raise
        except LinkError as exc:
            known = self._known() if "not a legal move" in str(exc) else ""
            raise Found(at, f"Move {at + 1}: {exc}{known}") from None

    def deal(self, side: Any, ledger: Ledger, seat: int, part: Part, check: bool = True) -> None:
        try:
            super().deal(side, ledger, seat, part, check)
        except Found:
            raise
        except LinkError as exc:
            what = "end" if part.kind == AUDIT else "deal"
            words = f"Round {part.round}'s {what}, {side.names[seat]}'s {PART_WORDS[part.kind]}: {exc}"
            raise Found(None, words) from None

    def _known(self) -> str:
        """What the round's dominoes are known from, where that matters to a
        move refused: both locks, or the record's domino face up on trust."""
        witness, current = self.witness, self.deck.round if self.deck else None
        if witness is None or current is None:
            return ""
        if current.number not in witness.hidden:
            return " (every domino of the round is known from both players' locks, revealed at its end)"
        return (
            f" (with round {current.number}'s domino face up as the record gives it, {current.face_up}, "
            "which only the round's end can prove: the record's deal may have been changed)"
        )
