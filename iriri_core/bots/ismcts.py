"""Information-set Monte Carlo tree search (single observer, Cowling, Powley
and Whitehouse 2012), for games where a player does not see everything.

One tree over what the searching player knows: a node is what it has seen
so far (the moves as it sees them, ``game.view_move``), not a position.
Every iteration draws a fresh position consistent with its view
(``game.sample``) and walks down the tree playing it: at each node only
the moves that position allows are considered, and UCB1 counts a child's
visits against the number of times it was there to be chosen (its
availability), not the parent's visits.  Chance is drawn by its odds, and
outcomes the searcher cannot tell apart (another player's hidden draw)
share a node.  So the budget deepens one tree, where votes over separate
positions, each searched alone, only added positions as shallow as the
first; and no position's hidden cards are known to the moves chosen in
it.  As in :mod:`.search`, leaves are scored by the game's evaluation
through a logistic curve, no playouts, and a node tries more of its
candidate moves as it is visited more (progressive widening).

A game names this search with ``search_kind = "ismcts"``
(:data:`iriri_core.bots.searchers.SEARCHES`); docs/bots.md has the figures.

>>> from iriri_core import get_game
>>> game = get_game("pyrinoes")
>>> state = game.new_game(target=1)
>>> for text in ("pick 6-5", "pick 3-1"):
...     state = game.play(state, game.parse_move(state, text))
>>> for _ in range(19):
...     state = game.play(state, game.legal_moves(state)[0])
>>> bot = InformationSetSearch(seed=1, iterations=40)
>>> view = game.view(state, 0)
>>> bot.choose(game, view) in game.legal_moves(view), bot.share(game)
(True, 40)
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any

from ..engine import CHANCE, TERMINAL, GameError, draw_chance
from .baseline import Thinking, finish
from .search import ITERATIONS, SCALE, _logistic

TRIES = 20
"""Positions drawn, at most, to find one where a move asked about can be played."""


class InfoNode:
    """What the searching player has seen down one line, with the
    statistics of the iterations through it."""

    __slots__ = ("available", "children", "moves", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.moves: list[Any] | None = None
        """The searcher's own candidate moves, the same in every position it cannot tell apart."""
        self.children: dict[Hashable, InfoNode] = {}
        """By the move as the searcher sees it, in the order first tried."""
        self.visits = 0
        self.available = 1
        """Times this node could have been chosen where its parent chose (UCB1's parent count)."""
        self.totals = [0.0] * seats

    def mean(self, player: int) -> float:
        """The average value here for ``player`` (0 to 1)."""
        return self.totals[player] / self.visits


class InformationSetSearch:
    """Chooses moves by one search over the player's information.

    ``iterations`` bounds the work per decision (positions drawn, each
    walked down the tree once; by default the game's ``search_iterations``,
    else :data:`~.search.ITERATIONS`); ``exploration`` is the UCB1 constant,
    ``widening`` how fast a node tries more of its candidates, ``scale``
    the evaluation difference worth about a 73% win chance (by default the
    game's ``search_scale``)."""

    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        exploration: float = 0.5,
        widening: float = 2.0,
        scale: float | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.widening = widening
        self.scale = scale
        self.root: InfoNode | None = None
        self.view: Any = None
        self.me = 0
        self.searched = 0

    # ------------------------------------------------------------ deciding

    def budget(self, game: Any) -> int:
        """The iterations per decision in ``game``: the bot's own, else the game's."""
        return self.iterations or getattr(game, "search_iterations", None) or ITERATIONS

    def think(self, game: Any, state: Any) -> Thinking:
        """Search from ``state`` (the view of the player to move); yields
        after every iteration."""
        legal = game.legal_moves(state)
        self.root, self.view, self.searched = None, state, 0
        if len(legal) == 1:
            return legal[0]
        self.me = game.current_player(state)
        root = self.root = InfoNode(game.num_players(state))
        budget = self.budget(game)
        for _ in range(budget):
            self._iterate(game, root, game.sample(state, self.me, self.rng))
            yield
        self.searched = budget
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].mean(self.me)))
        return best[0]

    def choose(self, game: Any, state: Any) -> Any:
        """The move :meth:`think` arrives at."""
        return finish(self.think(game, state))

    # ------------------------------------------------------------ what the coach reads

    def share(self, game: Any) -> int:
        """The iterations of the last decision's one tree (0 where it did
        not search: one legal move)."""
        return self.searched

    def looked_at(self) -> list[Any]:
        """The first moves the last search tried, in the order it tried them."""
        return list(self.root.children) if self.root else []

    def rough_value(self, game: Any, move: Any, seat: int) -> float:
        """``seat``'s chance of winning after ``move`` as the last search
        left it (0 where it never tried the move)."""
        child = self.root.children.get(move) if self.root else None
        return child.mean(seat) if child is not None and child.visits else 0.0

    def value_after(self, game: Any, move: Any, seat: int, least: int) -> Thinking:
        """``seat``'s chance of winning after ``move`` (one of the last
        decision's moves), its subtree searched on to at least ``least``
        visits, positions drawn afresh for each (0.5 where it cannot be
        played); yields after every iteration."""
        root = self.root
        if root is None:
            return 0.5
        child = root.children.get(move)
        while child is None or child.visits < least:
            for _ in range(TRIES):
                state = game.sample(self.view, self.me, self.rng)
                try:
                    after = game.play(state, move)
                except GameError:
                    continue
                break
            else:
                return 0.5
            if child is None:
                child = root.children[move] = InfoNode(len(root.totals))
            self._iterate(game, child, after)
            yield
        return child.mean(seat)

    # ------------------------------------------------------------ the tree

    def _iterate(self, game: Any, top: InfoNode, state: Any) -> None:
        """Walk down from ``top`` playing ``state`` (a position drawn for
        this iteration), add one node, back its value up the path."""
        node = top
        path = [top]
        me = self.me
        while True:
            player = game.current_player(state)
            if player == TERMINAL:
                break
            if player == CHANCE:
                move = draw_chance(game, state, self.rng)
                key = game.view_move(state, move, me)
                state = game.play(state, move)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = InfoNode(len(top.totals))
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            if player == me:
                if node.moves is None:
                    node.moves = game.candidate_moves(state)
                moves = node.moves
            else:
                moves = game.candidate_moves(state)
            room = min(len(moves), 1 + int(self.widening * math.sqrt(node.visits + 1)))
            children = node.children
            choices: list[tuple[Any, InfoNode]] = []
            fresh = None
            for move in moves[:room]:
                key = move if player == me else game.view_move(state, move, me)
                child = children.get(key)
                if child is None:
                    fresh = (move, key)
                    break
                choices.append((move, child))
            if fresh is not None:
                move, key = fresh
                state = game.play(state, move)
                child = children[key] = InfoNode(len(top.totals))
                path.append(child)
                break
            move, node = self._best(choices, player)
            state = game.play(state, move)
            path.append(node)
        values = self._values(game, state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, value in enumerate(values):
                totals[seat] += value

    def _best(self, choices: list[tuple[Any, InfoNode]], player: int) -> tuple[Any, InfoNode]:
        """UCB1 for ``player`` over the children this position allows, each
        counted against its availability (which this choice adds to)."""
        best, best_score = choices[0], -math.inf
        exploration = self.exploration
        for choice in choices:
            child = choice[1]
            child.available += 1
            score = child.mean(player) + exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = choice, score
        return best

    def _values(self, game: Any, state: Any) -> list[float]:
        """Each seat's chance of winning from ``state``: exact once the game
        is over, else the game's evaluation through a logistic curve."""
        seats = game.num_players(state)
        outcome = game.outcome(state)
        if outcome is not None:
            return [outcome.result(seat) for seat in range(seats)]
        scale = self.scale or getattr(game, "search_scale", None) or SCALE
        if seats == 2:
            chance = _logistic(game.evaluate(state, 0) / scale)
            return [chance, 1.0 - chance]
        return [_logistic(game.evaluate(state, seat) / scale) for seat in range(seats)]
