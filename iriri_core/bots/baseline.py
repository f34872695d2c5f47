"""The baseline bots: random, and greedy for the most points now.

Every bot is given the view of the seat it plays, never more.  Where a game
hides something, a bot that looks ahead reasons about a position drawn from
what it sees (:func:`world`), never about the real one.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

Thinking = Generator[None, None, Any]
"""A bot's thought: yields between units of work, returns the move."""


def world(game: Any, view: Any, rng: random.Random) -> Any:
    """A position to reason about from ``view``: the view itself where the
    game hides nothing, else a full position drawn (from ``rng``) among
    those the player to move cannot tell from it."""
    if not game.hidden_information:
        return view
    return game.sample(view, game.current_player(view), rng)


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def think(self, game: Any, state: Any) -> Thinking:
        """A random legal move (no work to slice)."""
        return self.rng.choice(game.legal_moves(state))
        yield  # a generator, like every bot's think

    def choose(self, game: Any, state: Any) -> Any:
        """A random legal move."""
        return finish(self.think(game, state))


class GreedyBot:
    """Takes the most points now; breaks ties by the game's evaluation of the
    position after the move (for Iriri: score, pieces still to place and the
    best single piece to lay next, against the best of the others), then at
    random.

    It uses only the engine protocol: the points a move earns are the change
    in ``game.scores`` that ``game.play`` makes.  In Iriri every take scores
    nothing, so the evaluation decides the take: greedy keeps the pieces that
    make words for itself and removes the ones the next player needs.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def think(self, game: Any, state: Any) -> Thinking:
        """The highest-scoring move, ties broken as described above; yields
        after each position it evaluates."""
        state = world(game, state, self.rng)
        me = game.current_player(state)
        now = game.scores(state)[me]
        after = {move: game.play(state, move) for move in self.options(game, state)}
        gains = {move: game.scores(next_state)[me] - now for move, next_state in after.items()}
        best = max(gains.values())
        tied = [move for move, gain in gains.items() if gain == best]
        values = []
        for move in tied:
            yield
            values.append(game.evaluate(after[move], me))
        top = max(values)
        return self.rng.choice([move for move, value in zip(tied, values, strict=True) if value == top])

    def choose(self, game: Any, state: Any) -> Any:
        """The move :meth:`think` arrives at."""
        return finish(self.think(game, state))

    def options(self, game: Any, state: Any) -> list[Any]:
        """The moves greedy weighs: every legal move."""
        moves: list[Any] = game.legal_moves(state)
        return moves


def finish(thinking: Thinking) -> Any:
    """Run a bot's thought to the end and return its move."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value
