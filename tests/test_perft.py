"""Move counts from fixed positions, like chess perft: any change in move
generation changes one of these numbers.  Recount only after checking by
hand, or against tests/test_movegen.py, that the new counts are right."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from iriri_core import get_game


def perft(game: Any, state: Any, depth: int) -> int:
    """Leaf positions ``depth`` moves ahead (fewer when the game ends first)."""
    if depth == 0 or game.is_over(state):
        return 1
    return sum(perft(game, game.play(state, move), depth - 1) for move in game.legal_moves(state))


EXPECTED: dict[tuple[int, int], list[int]] = {
    # (players, seed): perft at depth 1, 2, 3 from the start position
    (2, 1): [16, 192, 2112],
    (2, 2): [8, 96, 1056],
    (3, 5): [12, 144, 1584],
    (4, 9): [12, 144, 1584],
}
POSITIONS = json.loads((Path(__file__).parent / "data" / "perft.json").read_text())


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_perft_from_start(key: tuple[int, int]) -> None:
    game = get_game("iriri")
    players, seed = key
    state = game.new_game(players=players, seed=seed)
    counts = [perft(game, state, depth) for depth in range(1, len(EXPECTED[key]) + 1)]
    assert counts == EXPECTED[key]


@pytest.mark.parametrize("case", POSITIONS, ids=[f"midgame-{i}" for i in range(len(POSITIONS))])
def test_perft_from_stored_midgame_positions(case: dict[str, Any]) -> None:
    game = get_game("iriri")
    state = game.from_text(case["position"])
    counts = [perft(game, state, depth) for depth in range(1, len(case["counts"]) + 1)]
    assert counts == case["counts"]
