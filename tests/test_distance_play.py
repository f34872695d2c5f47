"""A game of Pach-Ice-i played by links between two sides that share
nothing but the packets (docs/distance.md, "Fair chance"): each side has
its own key, chain and ledger; every roll is made from both players'
values in the order the protocol says, both sides reach the same
positions, and no side ever holds both values of a roll before the moves
that must not know it are sent."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from iriri_core import get_game
from iriri_core.by_links.crypto.blocks import Block, Ledger, write_packet
from iriri_core.by_links.crypto.chains import Chain, batch_seed, seed_number
from iriri_core.by_links.crypto.ecdsa import PrivateKey
from iriri_core.engine import CHANCE, fixed_chance

GAME = get_game("pach-ice-i")


@dataclass
class Side:
    """One browser: its seat, key and chain, the ledger, the position."""

    seat: int
    key: PrivateKey
    chain: Chain
    ledger: Ledger | None = None
    state: Any = field(default_factory=GAME.new_game)

    def other_values(self) -> int:
        """How many chain values of the other seat this side has seen."""
        assert self.ledger is not None
        return self.ledger.revealed(1 - self.seat)

    def roll(self, batch: int) -> None:
        """Make the roll of ``batch`` from this side's value and the other's
        last revealed one (which must be value ``batch``)."""
        assert self.ledger is not None
        theirs = self.ledger.value(1 - self.seat, batch)
        assert theirs is not None and self.ledger.revealed(1 - self.seat) == batch, (
            "the other's value is not here"
        )
        values = {self.seat: self.chain.value(batch), 1 - self.seat: theirs}
        seed = batch_seed(self.ledger.blocks[0].digest, batch, values[0], values[1])
        self.state = GAME.play(self.state, fixed_chance(GAME, self.state, seed_number(seed), 0))


def test_a_game_by_links_gives_both_sides_the_same_rolls_in_the_right_order() -> None:
    rng = random.Random(3)
    black = Side(0, PrivateKey(0xB1AC), Chain.make(b"black's own secret", 64))
    white = Side(1, PrivateKey(0x3417E), Chain.make(b"white's own secret", 64))
    invitation = Block.first(
        ("game=pach-ice-i", "seat=0"), 0, black.key.public_bytes(), black.chain.commitment
    ).signed(black.key)
    black.ledger, white.ledger = Ledger.begin(invitation), Ledger.begin(invitation)
    # The answer: white's key, commitment, and its value for roll 1 (black's).
    answer = Block(
        white.ledger.head,
        1,
        0,
        (),
        key=white.key.public_bytes(),
        commitment=white.chain.commitment,
        reveal=white.chain.value(1),
    ).signed(white.key)
    white.ledger.add(answer)
    black.ledger.take(write_packet([answer]))
    sides = (black, white)
    plies = 0
    for batch in range(1, 21):
        roller, other = sides[(batch - 1) % 2], sides[batch % 2]
        # Nobody has both values of this roll before the roller's link: the
        # other has the roller's values up to the last roll only.
        assert other.other_values() == batch - 1
        roller.roll(batch)
        moves = []
        while GAME.current_player(roller.state) == roller.seat:
            move = rng.choice(GAME.legal_moves(roller.state))
            moves.append(GAME.move_text(roller.state, move))
            roller.state = GAME.play(roller.state, move)
        assert roller.ledger is not None and other.ledger is not None
        block = Block(
            roller.ledger.head, roller.seat, plies, tuple(moves), reveal=roller.chain.value(batch + 1)
        ).signed(roller.key)
        plies += len(moves)
        roller.ledger.add(block)
        (taken,) = other.ledger.take(write_packet([block]))
        # The other makes the same roll from its own value and the one revealed
        # (value batch + 1 steps to value batch), then plays the moves.
        assert other.other_values() == batch + 1
        values = {
            other.seat: other.chain.value(batch),
            roller.seat: other.ledger.value(roller.seat, batch),
        }
        seed = batch_seed(other.ledger.blocks[0].digest, batch, values[0], values[1])
        other.state = GAME.play(other.state, fixed_chance(GAME, other.state, seed_number(seed), 0))
        for text in taken.moves:
            other.state = GAME.play(other.state, GAME.parse_move(other.state, text))
        assert other.state == roller.state
        if GAME.is_over(roller.state):
            break
        assert GAME.current_player(other.state) == CHANCE
    assert plies > 20
