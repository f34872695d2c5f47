"""Monte Carlo tree search over the engine protocol: the "hard" level.

Each iteration walks down the tree choosing moves by UCB1 (chance nodes are
sampled by their odds), adds one new position, and scores it with the game's
own evaluation turned into a win chance, with no random playouts: in Iriri a
playout costs a hundred times more than an evaluation and says less.  The
moves searched are ``game.candidate_moves``, best guesses first, and a node
tries more of them as it is visited more (progressive widening).  The search
is deterministic: the seed only drives chance nodes.  Where the game hides
something from the player to move, the search never looks at the real
position: it searches positions drawn from the player's view, a share of its
iterations each, and plays the move that most of them chose
(determinization).  A game may turn on implicit minimax backups
(``search_minimax``): each node also keeps the minimax of the evaluations
below it, and the choice of a child mixes that into its mean, so that a
threat refuted a few moves down counts before the mean has caught up.
docs/bots.md explains the choices and the figures behind them.

>>> from iriri_core import get_game
>>> game = get_game("iriri")
>>> state = game.new_game(players=2, seed=5)
>>> bot = SearchBot(seed=1, iterations=50)
>>> bot.choose(game, state) in game.legal_moves(state)
True
"""

from __future__ import annotations

import math
import random
from collections import Counter, deque
from typing import Any

from ..engine import CHANCE, TERMINAL, GameError, draw_chance
from .baseline import Thinking, finish

YIELD_EVERY = 1
"""Iterations between two yields of :meth:`SearchBot.think`: every one, so
that a slice of thinking on the page ends within an iteration of its budget
(one Pach-Ice-i or Iriri iteration takes up to about 3 ms in CPython, 8 ms
in Pyodide; four in a row made tasks of over 50 ms)."""

WORLD_ITERATIONS = 60
"""Iterations given to each position drawn from a view, where the game hides
something (so 1200 iterations search 20 positions)."""

ITERATIONS = 1200
"""The hard level's iterations per decision, unless its game names its own
budget (``search_iterations``, where an iteration costs more than most)."""


SCALE = 4.0
"""The evaluation difference worth about a 73% win chance, unless the game
names its own (``search_scale``)."""


class Node:
    """A position in the tree, with the statistics of the iterations through it."""

    __slots__ = ("children", "minimax", "moves", "player", "state", "totals", "visits")

    def __init__(self, game: Any, state: Any) -> None:
        self.state = state
        self.player: int = game.current_player(state)
        self.moves: list[Any] | None = None
        """The candidate moves, found when the node is first expanded (most
        leaves never are)."""
        self.children: list[tuple[Any, Node]] = []
        self.visits = 0
        self.totals = [0.0] * game.num_players(state)
        self.minimax: list[float] | None = None
        """Each seat's win chance backed up by minimax from the evaluations
        of the leaves below (kept only where the search mixes it in)."""

    def mean(self, player: int) -> float:
        """The average value of this position for ``player`` (0 to 1)."""
        return self.totals[player] / self.visits


class SearchBot:
    """Chooses moves by Monte Carlo tree search with evaluated leaves.

    ``iterations`` bounds the work per decision (positions added to the
    tree; by default the game's ``search_iterations``, else :data:`ITERATIONS`);
    ``exploration`` is the UCB1 constant; ``widening`` says how fast a
    node tries more of its candidate moves; ``scale`` is the evaluation
    difference (in the game's units, points for Iriri) worth about a 73%
    win chance (by default the game's ``search_scale``, else :data:`SCALE`);
    ``minimax`` is the weight of the implicit minimax backups (Lanctot,
    Winands, Pepels and Sturtevant 2014): each node also keeps the minimax
    of its children's evaluations, and the choice of a child scores it by
    that, this much, and by its mean, the rest (by default the game's
    ``search_minimax``, else 0: the mean alone).
    """

    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        exploration: float = 0.5,
        widening: float = 2.0,
        scale: float | None = None,
        minimax: float | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.widening = widening
        self.scale = scale
        self.minimax = minimax
        self._weight = 0.0
        self._kept: Node | None = None
        self.roots: list[Node] = []
        """The trees of the last decision (one per position drawn, where the
        game hides something), for the coach (:mod:`iriri_core.learn.coach`), which
        reads the values the search gave the moves."""

    # ------------------------------------------------------------ deciding

    def budget(self, game: Any) -> int:
        """The iterations per decision in ``game``: the bot's own, else the game's."""
        return self.iterations or getattr(game, "search_iterations", None) or ITERATIONS

    def think(self, game: Any, state: Any) -> Thinking:
        """Search from ``state`` (the view of the player to move); yields
        after every iteration."""
        legal = game.legal_moves(state)
        if len(legal) == 1:
            return legal[0]
        if game.hidden_information:
            return (yield from self._think_unseen(game, state, legal))
        root = self._reuse(state) or Node(game, state)
        self.roots = [root]
        budget = self.budget(game)
        self._weight = self._minimax_weight(game)
        done = 0
        while root.visits < budget or done < budget // 4:
            self._iterate(game, root)
            done += 1
            if done % YIELD_EVERY == 0:
                yield
        move, child = max(root.children, key=lambda item: (item[1].visits, item[1].mean(root.player)))
        self._kept = child
        return move

    def _think_unseen(self, game: Any, view: Any, legal: list[Any]) -> Thinking:
        """Search positions drawn from ``view``, each with a share of the
        iterations; the move most iterations went to, over all of them."""
        me = game.current_player(view)
        budget = self.budget(game)
        self._weight = self._minimax_weight(game)
        worlds = max(1, budget // WORLD_ITERATIONS)
        votes: Counter[Any] = Counter()
        done = 0
        self.roots = []
        for _ in range(worlds):
            root = Node(game, game.sample(view, me, self.rng))
            self.roots.append(root)
            while root.visits < budget // worlds:
                self._iterate(game, root)
                done += 1
                if done % YIELD_EVERY == 0:
                    yield
            for move, child in root.children:
                votes[move] += child.visits
        self._kept = None
        return max(legal, key=lambda move: votes[move])

    def _minimax_weight(self, game: Any) -> float:
        """The weight of the minimax backups: the bot's own, else the game's."""
        if self.minimax is not None:
            return self.minimax
        return float(getattr(game, "search_minimax", None) or 0.0)

    def choose(self, game: Any, state: Any) -> Any:
        """The move :meth:`think` arrives at."""
        return finish(self.think(game, state))

    # ------------------------------------------------------------ what the coach reads

    def share(self, game: Any) -> int:
        """The iterations each tree of the last decision was given (0 where
        it did not search: one legal move)."""
        return self.budget(game) // len(self.roots) if self.roots else 0

    def looked_at(self) -> list[Any]:
        """The first moves the last search tried, in any of its trees, in the order it tried them."""
        moves: list[Any] = []
        for root in self.roots:
            moves += [move for move, _ in root.children if move not in moves]
        return moves

    def rough_value(self, game: Any, move: Any, seat: int) -> float:
        """``seat``'s chance of winning after ``move`` as the last search left
        it, over its trees (0 where it never tried the move)."""
        total = visits = 0.0
        for root in self.roots:
            child = _child(game, root, move)
            if child is not None and child.visits:
                total, visits = total + child.totals[seat], visits + child.visits
        return total / visits if visits else 0.0

    def value_after(self, game: Any, move: Any, seat: int, least: int) -> Thinking:
        """``seat``'s chance of winning after ``move`` (one of the last
        decision's moves), its subtree in every tree searched on to at least
        ``least`` visits, the mean over all of them (0.5 where it could not
        be played in any); yields after every iteration."""
        total = visits = 0.0
        for root in self.roots:
            child = _child(game, root, move)
            if child is None:
                continue
            while child.visits < least:
                self._iterate(game, child)
                yield
            total, visits = total + child.totals[seat], visits + child.visits
        return total / visits if visits else 0.5

    # ------------------------------------------------------------ the tree

    def _iterate(self, game: Any, root: Node) -> None:
        """Walk down, add one position, back its value up the path."""
        node = root
        path = [root]
        while node.player != TERMINAL:
            if node.player == CHANCE:
                node = self._chance_child(game, node)
            else:
                if node.moves is None:
                    node.moves = game.candidate_moves(node.state)
                room = min(len(node.moves), 1 + int(self.widening * math.sqrt(node.visits + 1)))
                if len(node.children) < room:
                    move = node.moves[len(node.children)]
                    child = Node(game, game.play(node.state, move))
                    node.children.append((move, child))
                    path.append(child)
                    node = child
                    break
                node = self._best_child(node)
            path.append(node)
        values = self._values(game, node.state)
        for visited in path:
            visited.visits += 1
            for seat, value in enumerate(values):
                visited.totals[seat] += value
        if self._weight:
            _back_up(path, values)

    def _best_child(self, node: Node) -> Node:
        """UCB1 for the player to move at ``node``."""
        log_visits = math.log(node.visits + 1)
        player = node.player
        weight = self._weight
        best, best_score = node.children[0][1], -math.inf
        for _, child in node.children:
            value = child.mean(player)
            if weight and child.minimax is not None:
                value += weight * (child.minimax[player] - value)
            score = value + self.exploration * math.sqrt(log_visits / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _chance_child(self, game: Any, node: Node) -> Node:
        """An outcome drawn by its odds, its node created on first draw."""
        move = draw_chance(game, node.state, self.rng)
        for known, child in node.children:
            if known == move:
                return child
        child = Node(game, game.play(node.state, move))
        node.children.append((move, child))
        return child

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

    # ------------------------------------------------------------ reuse

    def _reuse(self, state: Any) -> Node | None:
        """The node of ``state`` in the tree kept from the last decision, if
        it is there (after one's own placement, the takes come next)."""
        kept = self._kept
        if kept is None:
            return None
        queue = deque([(kept, 0)])
        while queue:
            node, depth = queue.popleft()
            if node.state == state:
                return node
            if depth < 3:
                queue.extend((child, depth + 1) for _, child in node.children)
        return None


def _child(game: Any, root: Node, move: Any) -> Node | None:
    """The node ``move`` leads to from ``root``, added if the search never
    tried it; None where it cannot be played there (a position drawn from
    the view where it would not be legal)."""
    for known, child in root.children:
        if known == move:
            return child
    try:
        child = Node(game, game.play(root.state, move))
    except GameError:
        return None
    root.children.append((move, child))
    return child


def _back_up(path: list[Node], values: list[float]) -> None:
    """The minimax values along ``path`` after its leaf was valued
    ``values``: a node's is its best child's for the player to move there
    (at a chance node, the mean of its outcomes' weighted by visits).
    Where no chance node is on the path, it stops at the first node whose
    value does not change: those above cannot change either."""
    path[-1].minimax = values
    settled = all(node.player != CHANCE for node in path)
    for node in reversed(path[:-1]):
        known = [(child.visits, child.minimax) for _, child in node.children if child.minimax is not None]
        if not known:
            return
        if node.player == CHANCE:
            visits = sum(count for count, _ in known)
            value = [
                sum(count * minimax[seat] for count, minimax in known) / visits for seat in range(len(values))
            ]
        else:
            player = node.player
            value = max((minimax for _, minimax in known), key=lambda minimax: minimax[player])
        if settled and value == node.minimax:
            return
        node.minimax = value


def _logistic(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
