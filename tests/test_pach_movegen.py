"""Pach-Ice-i's move generation against the oracle (tests/pach_oracle.py),
on positions from random games and on rolls drawn for them; move counts
from fixed positions; the notation read back."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from pach_oracle import oracle_moves

from iriri_core import get_game
from iriri_core.pach_ice_i import Pass, Roll
from iriri_core.pach_ice_i.rules import ROLLS, deal, legal_moves, play

GAME = get_game("pach-ice-i")


def positions(games: int, seed: int) -> list:
    """Positions where a player is to move, from random games (rolls by their odds)."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = deal()
        while not state.is_over and len(found) < 100_000:
            if not state.dice:
                move = Roll(rng.choices([d for d, _ in ROLLS], [p for _, p in ROLLS])[0])
            else:
                found.append(state)
                move = rng.choice(legal_moves(state))
            state = play(state, move)
    return found


def test_the_engine_agrees_with_the_oracle() -> None:
    """Thousands of positions: the positions games reach, and the same
    boards with other rolls."""
    rng = random.Random(5)
    checked = 0
    for state in positions(10, seed=11)[::2]:
        cases = [state]
        if len(state.dice) == 3:
            cases.append(replace(state, dice=rng.choice(ROLLS)[0]))
        for case in cases:
            engine = set(legal_moves(case)) - {Pass()}
            assert engine == oracle_moves(case), GAME.to_text(case)
            checked += 1
    assert checked > 1500


@pytest.mark.parametrize(
    ("dice", "count"),
    [((1, 1, 1), 1), ((8, 8, 8), 1), ((1, 2, 3), 1)],
)
def test_move_counts_at_the_start(dice: tuple[int, int, int], count: int) -> None:
    """At the start only a small can enter (every tree's top), so one move."""
    assert len(legal_moves(play(deal(), Roll(dice)))) == count


def test_the_notation_reads_back() -> None:
    for state in positions(3, seed=2)[::25]:
        text = GAME.to_text(state)
        assert GAME.from_text(text) == state
        for move in legal_moves(state):
            assert GAME.parse_move(state, GAME.move_text(state, move)) == move
