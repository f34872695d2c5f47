"""Bots written against the engine protocol only, each seeded.

>>> from iriri_core import get_game
>>> game = get_game("iriri")
>>> state = game.new_game(players=2, seed=5)
>>> bot = make_bot("greedy", seed=1)
>>> bot.choose(game, state) in game.legal_moves(state)
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from .baseline import GreedyBot, RandomBot, Thinking, finish
from .levels import EasyBot, MediumBot
from .search import SearchBot
from .searchers import LevelBot, searcher


class Bot(Protocol):
    """Chooses a move for the player to move; sees only that player's view.

    ``think`` is a generator that yields between units of work and returns
    the move, so a page can think in slices and stay responsive;
    ``choose`` runs it to the end.
    """

    name: str

    def think(self, game: Any, state: Any) -> Thinking:
        """Yield between units of work; return one of ``game.legal_moves(state)``."""
        ...

    def choose(self, game: Any, state: Any) -> Any:
        """One of ``game.legal_moves(state)``."""
        ...


BOTS: dict[str, Callable[[int | None], Bot]] = {
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": partial(LevelBot, "hard"),
    "expert": partial(LevelBot, "expert"),
    "random": RandomBot,
    "greedy": GreedyBot,
}
"""Every bot by name: the four levels players choose from, then the two
baselines they are measured against."""

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels offered to players on the page."""

STRONGEST = "expert"
"""The strongest level (a table's hint and coach use the strongest its
device runs in time: :meth:`iriri_core.table.runner.Runner.strongest`)."""


def accepts_draw(game: Any, state: Any, seat: int) -> bool:
    """Whether a bot in ``seat`` agrees to a draw: when the game's evaluation
    of its view says it is not ahead (every level answers the same way)."""
    return bool(game.evaluate(state, seat) <= 0.0)


def bot_names() -> list[str]:
    """Every bot that :func:`make_bot` knows."""
    return list(BOTS)


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot called ``name``; the same seed gives the same choices."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise KeyError(f"no bot called {name!r}; the bots are: {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = [
    "BOTS",
    "LEVELS",
    "STRONGEST",
    "Bot",
    "EasyBot",
    "GreedyBot",
    "LevelBot",
    "MediumBot",
    "RandomBot",
    "SearchBot",
    "Thinking",
    "accepts_draw",
    "bot_names",
    "finish",
    "make_bot",
    "searcher",
]
