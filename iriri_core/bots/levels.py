"""The levels a player picks: easy and medium (hard is :mod:`.search`).

>>> from iriri_core import get_game
>>> game = get_game("iriri")
>>> state = game.new_game(players=2, seed=5)
>>> EasyBot(seed=1).choose(game, state) in game.legal_moves(state)
True
"""

from __future__ import annotations

import random
from typing import Any

from .baseline import GreedyBot, Thinking, finish, world


class EasyBot:
    """Beatable by a beginner, but never silly: half the time it plays like
    greedy (the most points now), otherwise a random move, more often one
    that scores more (a move's weight is 1 plus its points)."""

    name = "easy"
    care = 0.5
    """How often it plays the greedy move."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(seed)

    def think(self, game: Any, state: Any) -> Thinking:
        """The greedy move, or a move drawn by the points it scores now."""
        if self.rng.random() < self.care:
            return (yield from self.greedy.think(game, state))
        state = world(game, state, self.rng)
        me = game.current_player(state)
        now = game.scores(state)[me]
        moves = game.legal_moves(state)
        weights = []
        for move in moves:
            weights.append(1.0 + max(0.0, game.scores(game.play(state, move))[me] - now))
            yield
        return self.rng.choices(moves, weights)[0]

    def choose(self, game: Any, state: Any) -> Any:
        """The move :meth:`think` arrives at."""
        return finish(self.think(game, state))


class MediumBot(GreedyBot):
    """Greedy over the game's candidate moves rather than every legal move.
    In Iriri that means laying one piece a turn, the one that scores most,
    and choosing takes by the evaluation, which counts the pieces still to
    place: a plain 1-ply player that beats greedy 19 games in 20
    (docs/bots.md)."""

    name = "medium"

    def options(self, game: Any, state: Any) -> list[Any]:
        """The candidate moves."""
        moves: list[Any] = game.candidate_moves(state)
        return moves
