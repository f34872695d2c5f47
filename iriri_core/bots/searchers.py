"""The search levels (hard, expert) and the search each game uses.

A game names its search with ``search_kind`` (by default ``"mcts"``, the
tree search of :mod:`.search`); :data:`SEARCHES` maps each name to its
class.  Every search offers what the levels, the hint, the coach and the
puzzle check read of it (:class:`Searcher`).  A level is a budget: hard
searches the game's ``search_iterations`` a decision, expert its
``expert_iterations`` (docs/bots.md).

>>> from iriri_core import get_game
>>> game = get_game("hextris")
>>> bot = LevelBot("hard", seed=1)
>>> bot.choose(game, game.new_game()) in game.legal_moves(game.new_game())
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .baseline import Thinking, finish
from .expectimax import ExpectimaxSearch
from .ismcts import InformationSetSearch
from .search import ITERATIONS, SearchBot

EXPERT_FACTOR = 4
"""The expert level's budget over the hard level's, where a game names none."""

SEARCH_LEVELS = ("hard", "expert")
"""The levels that search, weakest first."""


class Searcher(Protocol):
    """A search a level plays with, and that the coach and the puzzle check ask."""

    def think(self, game: Any, state: Any) -> Thinking:
        """Yield between units of work; return the move chosen."""
        ...

    def share(self, game: Any) -> int:
        """The iterations each tree of the last decision had (0: no search, one legal move)."""
        ...

    def looked_at(self) -> list[Any]:
        """The moves the last search tried, in the order it tried them."""
        ...

    def rough_value(self, game: Any, move: Any, seat: int) -> float:
        """``seat``'s chance of winning after ``move``, as the last search left it."""
        ...

    def value_after(self, game: Any, move: Any, seat: int, least: int) -> Thinking:
        """``seat``'s chance of winning after ``move``, searched on to ``least`` visits."""
        ...


SEARCHES: dict[str, Callable[..., Searcher]] = {
    "mcts": SearchBot,
    "expectimax": ExpectimaxSearch,
    "ismcts": InformationSetSearch,
}
"""Each search by the name a game gives it (``search_kind``)."""


def iterations_for(game: Any, level: str = "hard") -> int:
    """The iterations per decision of ``level`` in ``game``."""
    hard: int = getattr(game, "search_iterations", None) or ITERATIONS
    if level == "hard":
        return hard
    if level == "expert":
        expert: int | None = getattr(game, "expert_iterations", None)
        return expert or EXPERT_FACTOR * hard
    raise ValueError(f"{level!r} is not a level that searches; they are: {', '.join(SEARCH_LEVELS)}")


def searcher(
    game: Any, seed: int | None = None, iterations: int | None = None, level: str = "hard"
) -> Searcher:
    """A new search of ``game``'s kind, with ``iterations`` a decision (by default ``level``'s)."""
    kind = getattr(game, "search_kind", "mcts")
    return SEARCHES[kind](seed=seed, iterations=iterations or iterations_for(game, level))


class LevelBot:
    """The hard or the expert level: the game's search at the level's budget,
    made on the first decision and kept for the game's next ones (a search
    may reuse what it found)."""

    def __init__(self, level: str, seed: int | None = None, factor: float = 1.0) -> None:
        iterations_for(None, level)  # refuses a level that does not search
        self.name = level
        self.seed = seed
        self.factor = factor
        """The budget over the level's (the strength bench's budget curve)."""
        self.search: Searcher | None = None
        self.iterations = 0
        """The budget of a decision, once the game is known."""
        self._game: Any = None

    def think(self, game: Any, state: Any) -> Thinking:
        """The move the level's search arrives at; yields after every iteration."""
        if self.search is None or self._game is not game:
            self.iterations = max(1, round(self.factor * iterations_for(game, self.name)))
            self.search, self._game = searcher(game, self.seed, self.iterations), game
        return (yield from self.search.think(game, state))

    def choose(self, game: Any, state: Any) -> Any:
        """The move :meth:`think` arrives at."""
        return finish(self.think(game, state))
