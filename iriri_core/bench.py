"""Engine speed figures, printed by ``python3 build.py bench``.

Pure Python with no test dependencies, so the same code can be timed in
CPython and inside Pyodide.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from .engine import get_game


def random_games(game_name: str = "iriri", seconds: float = 3.0, players: int = 2) -> dict[str, Any]:
    """Complete uniformly random games played for about ``seconds``."""
    game = get_game(game_name)
    rng = random.Random(1)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(players=players, seed=games)
        while not game.is_over(state):
            state = game.play(state, rng.choice(game.legal_moves(state)))
            plies += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "seconds": round(elapsed, 2),
        "games_per_second": round(games / elapsed, 1),
        "plies_per_game": round(plies / games, 1),
    }


def midgame_positions(game_name: str = "iriri", count: int = 60) -> list[Any]:
    """Positions from random games, at a random point between a quarter and
    three quarters of the game, with the player to move about to place."""
    game = get_game(game_name)
    rng = random.Random(2)
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        state = game.new_game(players=2, seed=10_000 + seed)
        seed += 1
        line = [state]
        while not game.is_over(state):
            state = game.play(state, rng.choice(game.legal_moves(state)))
            line.append(state)
        middle = line[len(line) // 4 : 3 * len(line) // 4]
        choices = [s for s in middle if getattr(s, "phase", "place") == "place" and not game.is_over(s)]
        if choices:
            found.append(rng.choice(choices))
    return found


def move_generation(game_name: str = "iriri", repeats: int = 20) -> dict[str, Any]:
    """Time ``legal_moves`` on mid-game positions (each timed ``repeats`` times)."""
    game = get_game(game_name)
    positions = midgame_positions(game_name)
    times = []
    counts = []
    for state in positions:
        start = time.perf_counter()
        for _ in range(repeats):
            moves = game.legal_moves(state)
        times.append((time.perf_counter() - start) / repeats)
        counts.append(len(moves))
    return {
        "positions": len(positions),
        "mean_ms": round(1000 * statistics.mean(times), 3),
        "median_ms": round(1000 * statistics.median(times), 3),
        "max_ms": round(1000 * max(times), 3),
        "mean_moves": round(statistics.mean(counts), 1),
    }


def run(seconds: float = 3.0) -> dict[str, Any]:
    """Every engine figure, with the interpreter that produced it."""
    return {
        "python": f"{sys.implementation.name} {sys.version.split()[0]}",
        "random_games": random_games(seconds=seconds),
        "legal_moves_midgame": move_generation(),
    }
