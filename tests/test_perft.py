"""Move counts from fixed positions, like chess perft: any change in move
generation changes one of these numbers.  Recount only after checking by
hand, or against tests/test_movegen.py (Iriri) or tests/test_hextris_movegen.py
(Hextris, whose oracle recounts every Hextris number here), that the new
counts are right."""

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

HEXTRIS_EXPECTED: dict[int, list[int]] = {
    # players: perft at depth 1, 2, 3 from the empty board.  Depth 1 is 3 sizes x 12 edge
    # spots, depth 2 then 3 x 11; with 3 players, depth 3 is red's 3 x 10 drops after each.
    2: [36, 1188, 42228],
    3: [36, 1188, 35640],
}
HEXTRIS_POSITIONS = json.loads((Path(__file__).parent / "data" / "hextris_perft.json").read_text())


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


@pytest.mark.parametrize("players", sorted(HEXTRIS_EXPECTED))
def test_hextris_perft_from_start(players: int) -> None:
    game = get_game("hextris")
    state = game.new_game(players=players)
    counts = [perft(game, state, depth) for depth in range(1, len(HEXTRIS_EXPECTED[players]) + 1)]
    assert counts == HEXTRIS_EXPECTED[players]


@pytest.mark.parametrize(
    "case", HEXTRIS_POSITIONS, ids=[f"hextris-midgame-{i}" for i in range(len(HEXTRIS_POSITIONS))]
)
def test_hextris_perft_from_stored_midgame_positions(case: dict[str, Any]) -> None:
    game = get_game("hextris")
    state = game.from_text(case["position"])
    counts = [perft(game, state, depth) for depth in range(1, len(case["counts"]) + 1)]
    assert counts == case["counts"]
