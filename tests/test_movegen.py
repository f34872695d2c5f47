"""The fast move generator against the literal rules checker.

``rules.placements`` (generator) and ``rules.check_place`` (checker) are
written independently; here each vouches for the other.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations
from typing import Any

import pytest

from iriri_core import IllegalMoveError
from iriri_core.iriri import rules
from iriri_core.iriri.state import PLACE, IririState, Place


def positions(game: Any, seeds: range, players: int = 2) -> list[IririState]:
    """Every place-phase position of random games."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(players=players, seed=seed)
        while not game.is_over(state):
            if state.phase == PLACE:
                found.append(state)
            state = game.play(state, rng.choice(game.legal_moves(state)))
    return found


def checked(state: IririState, move: Place) -> float | None:
    try:
        return rules.check_place(state, move)
    except IllegalMoveError:
        return None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_generated_placement_passes_the_checker_with_the_same_score(iriri: Any, players: int) -> None:
    for state in positions(iriri, range(20), players):
        for move, score in rules.placements(state).items():
            assert checked(state, move) == score, iriri.move_text(state, move)


def brute_force(state: IririState) -> dict[Place, float]:
    """Every placement the checker accepts among all sets of 1 to 3 cells in a
    row or column near the board, with every ordering of hand pieces."""
    hand = state.hand()
    grid = state.grid
    xs = [x for x, _ in grid] or [0]
    ys = [y for _, y in grid] or [0]
    margin = 3
    cols = range(min(xs) - margin, max(xs) + margin + 1)
    rows = range(min(ys) - margin, max(ys) + margin + 1)
    lines = [[(x, y) for x in cols] for y in rows] + [[(x, y) for y in rows] for x in cols]
    found: dict[Place, float] = {}
    for line in lines:
        empty = [cell for cell in line if cell not in grid]
        for k in range(1, len(hand) + 1):
            for cells in combinations(empty, k):
                for pieces in set(permutations(hand, k)):
                    move = Place(tuple(zip(cells, pieces, strict=True)))
                    score = checked(state, move)
                    if score is not None:
                        found[move] = score
    return found


def test_generator_finds_exactly_what_the_checker_allows(iriri: Any) -> None:
    """Exhaustive on the empty board and on early, small boards."""
    sample = [s for s in positions(iriri, range(6)) if len(s.board) <= 9][:14]
    assert any(not s.board for s in sample) and any(len(s.board) >= 6 for s in sample)
    for state in sample:
        assert rules.placements(state) == brute_force(state), iriri.to_text(state)


def test_random_candidates_agree(iriri: Any) -> None:
    """Random well-formed placements near the board, on larger boards."""
    rng = random.Random(7)
    for state in [s for s in positions(iriri, range(30, 45)) if s.hand()][::3]:
        legal = rules.placements(state)
        grid = state.grid
        xs = [x for x, _ in grid] or [0]
        ys = [y for _, y in grid] or [0]
        for _ in range(150):
            k = rng.randint(1, len(state.hand()))
            pieces = rng.sample(state.hand(), k)
            x = rng.randint(min(xs) - 2, max(xs) + 2)
            y = rng.randint(min(ys) - 2, max(ys) + 2)
            dx, dy = rng.choice([(1, 0), (0, 1)])
            steps = sorted(rng.sample(range(4), k))
            move = Place(tuple(((x + i * dx, y + i * dy), p) for i, p in zip(steps, pieces, strict=True)))
            assert checked(state, move) == legal.get(move)
