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
from iriri_core.games.iriri import rules
from iriri_core.games.iriri.state import PLACE, IririState, Place


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


@pytest.mark.slow
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


@pytest.mark.slow
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


# An oracle written from the rules text alone, sharing no code with the engine
# beyond the position's fields: "Valid word: a word which can be matched to a
# sequence of adjacent pieces in the dictionary [...] Direction doesn't matter.
# For the purpose of matching, the dictionary is considered an infinite loop."


def oracle_matches(word: tuple[Any, ...], ring: tuple[Any, ...]) -> bool:
    size = len(ring)
    return any(
        all(word[k] == ring[(start + step * k) % size] for k in range(len(word)))
        for start in range(size)
        for step in (1, -1)
    )


def oracle_word(
    board: dict[Any, Any], cell: tuple[int, int], dx: int, dy: int
) -> tuple[Any, tuple[Any, ...]]:
    """The maximal run through ``cell``: its first cell and its pieces."""
    x, y = cell
    while (x - dx, y - dy) in board:
        x, y = x - dx, y - dy
    first, pieces = (x, y), []
    while (x, y) in board:
        pieces.append(board[(x, y)])
        x, y = x + dx, y + dy
    return first, tuple(pieces)


def oracle_placements(state: IririState) -> dict[frozenset[Any], float]:
    """Every legal placement (as a set of (cell, piece)) with its score."""
    hand, board, ring = state.hand(), dict(state.board), state.dictionary
    found: dict[frozenset[Any], float] = {}
    if not board:  # "placing a valid word (of at least 2 pieces) in the empty play area"
        for k in range(2, len(hand) + 1):
            for word in set(permutations(hand, k)):
                if oracle_matches(word, ring):
                    for dx, dy in ((1, 0), (0, 1)):
                        found[frozenset(((i * dx, i * dy), p) for i, p in enumerate(word))] = 3 * k + 0.5
        return found
    xs, ys = [x for x, _ in board], [y for _, y in board]
    cols, rows = range(min(xs) - 3, max(xs) + 4), range(min(ys) - 3, max(ys) + 4)
    lines = [[(x, y) for x in cols] for y in rows] + [[(x, y) for y in rows] for x in cols]
    for line in lines:
        empty = [cell for cell in line if cell not in board]
        for k in range(1, len(hand) + 1):
            for cells in combinations(empty, k):
                # "All placed pieces must lie on a single horizontal or vertical line, with no empty spaces"
                span = line[line.index(cells[0]) : line.index(cells[-1]) + 1]
                if any(c not in board and c not in cells for c in span):
                    continue
                # "connected (orthogonally) in at least one place to the rest of the pyramids"
                if not any(
                    (x + a, y + b) in board for x, y in cells for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))
                ):
                    continue
                for pieces in set(permutations(hand, k)):
                    merged = {**board, **dict(zip(cells, pieces, strict=True))}
                    formed = {}
                    for cell in cells:
                        for dx, dy in ((1, 0), (0, 1)):
                            first, word = oracle_word(merged, cell, dx, dy)
                            if len(word) >= 2:
                                formed[(first, dx)] = word
                    # "Each word [...] of which the newly placed pieces are part [...] must be a valid word"
                    if formed and all(oracle_matches(w, ring) for w in formed.values()):
                        # "score 1 point per piece [...] If a piece is part of 2 newly
                        # formed words, count it twice"
                        found[frozenset(zip(cells, pieces, strict=True))] = float(
                            sum(map(len, formed.values()))
                        )
    return found


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_generator_agrees_with_an_oracle_written_from_the_rules_text(iriri: Any, players: int) -> None:
    sample = positions(iriri, range(100, 110), players)[::2]
    assert any(len(s.board) >= 15 for s in sample)
    for state in sample:
        engine = {frozenset(move.pieces): score for move, score in rules.placements(state).items()}
        assert engine == oracle_placements(state), iriri.to_text(state)
