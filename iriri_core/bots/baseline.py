"""The baseline bots: random, and greedy for the most points now."""

from __future__ import annotations

import random
from typing import Any


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any, state: Any) -> Any:
        """A random legal move."""
        return self.rng.choice(game.legal_moves(state))


class GreedyBot:
    """Takes the most points now; breaks ties by the game's evaluation of the
    position after the move (for Iriri: its own best next word against the
    best the others can answer with), then at random.

    In Iriri every take scores nothing, so the evaluation decides the take:
    greedy keeps the pieces that make words for itself and removes the ones
    the next player needs.
    """

    name = "greedy"
    most_ties = 12
    """Ties beyond this many are sampled before evaluation, to bound the time."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any, state: Any) -> Any:
        """The highest-scoring move, ties broken as described above."""
        scored: dict[Any, float] = game.scored_moves(state)
        best = max(scored.values())
        tied = sorted(move for move, points in scored.items() if points == best)
        if len(tied) == 1:
            return tied[0]
        if len(tied) > self.most_ties:
            tied = sorted(self.rng.sample(tied, self.most_ties))
        me = game.current_player(state)
        values = [game.evaluate(game.play(state, move), me) for move in tied]
        top = max(values)
        return self.rng.choice([move for move, value in zip(tied, values, strict=True) if value == top])
