"""Expectimax over whole turns, for games where a turn begins with chance
(dice) and the odds of every outcome are known: the search backgammon
programs make, one or two plies deep.

A decision is a whole turn: every way the player to move can finish the
turn under way (``game.whole_turns``, or found move by move where the game
offers none) is judged by the game's evaluation of the position it ends in,
through the logistic curve as a chance of winning (1-ply).  Then, as the
budget allows, the most promising turns get a deep look (2-ply): the
expectation over every chance outcome that follows, weighed by its odds
(``game.chance_outcomes``), of the position after the opponent's best reply
to it.  The turns that get one are the best by the 1-ply value, one per
:data:`TURN_SHARE` of the budget (the move filter: none under two shares),
and none more than :data:`MARGIN` below the best.  They are looked at side
by side, one chance outcome for each in turn, in a fixed shuffled order
(:func:`outcome_order`), until every outcome is counted or the positions
judged in the replies reach the budget; each turn's deep value is then the
mean over the same outcomes, by their odds, so they compare fairly.  The
budget counts positions judged, so it bounds the work where the replies are
many (a crowded board), and more budget looks at more turns and more
outcomes.  The search draws nothing at random: the seed is accepted and
unused.

Where a decision is one move of a turn that has several, the search plays
the first move of the best turn and keeps the rest of it: the next decision
of the same turn, in the position the plan expects, plays its next move
without searching again.

>>> from iriri_core import get_game
>>> game = get_game("pach-ice-i")
>>> state = game.play(game.new_game(), game.parse_move(game.new_game(), "roll 2 3 5"))
>>> ExpectimaxSearch(iterations=2000).choose(game, state) in game.legal_moves(state)
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..engine import CHANCE, TERMINAL
from .baseline import Thinking, finish
from .search import SCALE

ITERATIONS = 3000
"""The budget of a decision where the game names none: positions judged in deep looks."""

TURN_SHARE = 1000
"""The budget per turn given a deep look: a budget of 3000 looks deeply at the best three."""

MARGIN = 0.2
"""A turn more than this below the best turn's 1-ply chance of winning gets no deep look."""

EVALUATIONS_PER_YIELD = 16
"""Positions judged between two yields in the 1-ply look (a judgement takes tens of microseconds)."""


@dataclass
class Turn:
    """A way to finish the turn, and what the search found it worth to the mover."""

    moves: tuple[Any, ...]
    end: Any
    shallow: float
    """The mover's chance of winning from the position the turn ends in (1-ply)."""
    deep: float | None = None
    """The same after the chance outcomes and the opponent's best reply (2-ply), once looked at."""
    total: float = 0.0
    """The deep look's sum so far: each outcome's odds times the value after the best reply."""
    mass: float = 0.0
    """The odds of the outcomes counted so far."""

    @property
    def value(self) -> float:
        return self.shallow if self.deep is None else self.deep


def outcome_order(count: int) -> list[int]:
    """The order in which a deep look counts ``count`` chance outcomes (as
    the game lists them): a fixed shuffle, so that a look stopped by the
    budget has seen outcomes from all over the list.

    >>> sorted(outcome_order(5)) == list(range(5)) and outcome_order(5) == outcome_order(5)
    True
    """
    order = list(range(count))
    random.Random(count).shuffle(order)
    return order


def whole_turns(game: Any, state: Any) -> list[tuple[tuple[Any, ...], Any]]:
    """Every way to finish the turn of the player to move in ``state``, one
    per position it ends in: the game's own ``whole_turns`` where it has one,
    else found move by move (the turn goes on while the same player moves)."""
    own = getattr(game, "whole_turns", None)
    if own is not None:
        turns: list[tuple[tuple[Any, ...], Any]] = own(state)
        return turns
    mover = game.current_player(state)
    ends: dict[Any, tuple[Any, ...]] = {}
    stack: list[tuple[Any, tuple[Any, ...]]] = [(state, ())]
    while stack:
        current, moves = stack.pop()
        for move in game.legal_moves(current):
            after = game.play(current, move)
            if game.current_player(after) == mover:
                stack.append((after, moves + (move,)))
            else:
                ends.setdefault(after, moves + (move,))
    return [(moves, end) for end, moves in ends.items()]


class ExpectimaxSearch:
    """Chooses whole turns by expectimax over every chance outcome (the
    :class:`~iriri_core.bots.searchers.Searcher` of games with
    ``search_kind = "expectimax"``).

    ``iterations`` is the budget of a decision in chance outcomes looked at
    (by default the game's ``search_iterations``, else :data:`ITERATIONS`);
    ``scale`` the evaluation difference worth about a 73% chance (by default
    the game's ``search_scale``, else the tree search's).
    """

    name = "hard"

    def __init__(
        self, seed: int | None = None, iterations: int | None = None, scale: float | None = None
    ) -> None:
        self.seed = seed
        self.iterations = iterations
        self.scale = scale
        self.turns: list[Turn] = []
        """The turns of the last decision searched, the best first by their values."""
        self.mover: int | None = None
        self.looked: list[Turn] = []
        """The turns that got a deep look, in the order they got it."""
        self.seen: list[int] = []
        """The chance outcomes (their indexes) every deep look counted."""
        self._plan: tuple[Any, tuple[Any, ...]] | None = None
        """The position the rest of the chosen turn starts from, and its moves."""
        self._searched = False
        self._root: Any = None
        self._of_move: dict[Any, list[Turn]] = {}
        """The turns each first move can end in, as asked."""

    # ------------------------------------------------------------ deciding

    def budget(self, game: Any) -> int:
        """The chance outcomes a decision may look at: the bot's own budget, else the game's."""
        return self.iterations or getattr(game, "search_iterations", None) or ITERATIONS

    def think(self, game: Any, state: Any) -> Thinking:
        """The first move of the best whole turn (or the next move of the turn
        chosen before); yields every few milliseconds of work."""
        plan = self._plan
        self._plan = None
        if plan is not None and plan[0] == state and plan[1]:
            move = plan[1][0]
            self._keep(game, state, plan[1])
            self._searched = False
            return move
        legal = game.legal_moves(state)
        self._searched = False
        self.turns, self.looked, self.seen = [], [], []
        if len(legal) == 1:
            return legal[0]
        self.mover = game.current_player(state)
        self._root, self._of_move = state, {}
        found = whole_turns(game, state)
        yield
        turns = []
        for count, (moves, end) in enumerate(found, 1):
            turns.append(Turn(moves, end, self._chance(game, end, self.mover)))
            if count % EVALUATIONS_PER_YIELD == 0:
                yield
        turns.sort(key=lambda turn: -turn.shallow)
        self.turns = turns
        self._searched = True
        budget = self.budget(game)
        count = round(budget / TURN_SHARE)
        promising = [turn for turn in turns[:count] if turn.shallow >= turns[0].shallow - MARGIN]
        if len(promising) > 1:  # (a budget under two turns' shares looks at none deeply)
            yield from self._deepen(game, promising, budget)
        turns.sort(key=lambda turn: (turn.deep is None, -turn.value))
        best = turns[0]
        self._keep(game, state, best.moves)
        return best.moves[0]

    def choose(self, game: Any, state: Any) -> Any:
        """The move :meth:`think` arrives at."""
        return finish(self.think(game, state))

    def _catch_up(self, game: Any, turn: Turn) -> Thinking:
        """Give ``turn`` the deep look the last search gave its turns: the same chance outcomes."""
        outcomes = game.chance_outcomes(turn.end) if game.current_player(turn.end) == CHANCE else []
        turn.total, turn.mass = (0.0, 0.0) if outcomes else (turn.shallow, 1.0)
        for index in self.seen:
            if index < len(outcomes):
                self._add(game, turn, *outcomes[index])
                yield
        turn.deep = turn.total / turn.mass if turn.mass else turn.shallow
        self.looked.append(turn)

    def _keep(self, game: Any, state: Any, moves: tuple[Any, ...]) -> None:
        """Remember the rest of the turn that ``moves`` (from ``state``) make."""
        rest = moves[1:]
        self._plan = (game.play(state, moves[0]), rest) if rest else None

    # ------------------------------------------------------------ judging

    def _chance(self, game: Any, state: Any, seat: int) -> float:
        """``seat``'s chance of winning from ``state``: exact once the game is
        over, else the evaluation through the logistic curve."""
        outcome = game.outcome(state)
        if outcome is not None:
            return float(outcome.result(seat))
        scale = self.scale or getattr(game, "search_scale", None) or SCALE
        return _logistic(game.evaluate(state, seat) / scale)

    def _deepen(self, game: Any, turns: list[Turn], budget: int) -> Thinking:
        """Give ``turns`` their deep look (2-ply), the chance outcomes in
        :func:`outcome_order`, each for every turn before the next, until the
        positions judged reach ``budget`` or every outcome is seen; yields
        after every outcome of every turn."""
        assert self.mover is not None
        spent = 0
        lists = []
        for turn in turns:
            outcomes = game.chance_outcomes(turn.end) if game.current_player(turn.end) == CHANCE else []
            lists.append(outcomes)
            turn.total, turn.mass = (0.0, 0.0) if outcomes else (turn.shallow, 1.0)
            self.looked.append(turn)
        for index in outcome_order(max(len(outcomes) for outcomes in lists)):
            for turn, outcomes in zip(turns, lists, strict=True):
                if index < len(outcomes):
                    spent += self._add(game, turn, *outcomes[index])
                    yield
            self.seen.append(index)
            if spent >= budget:
                break
        for turn in turns:
            turn.deep = turn.total / turn.mass if turn.mass else turn.shallow

    def _add(self, game: Any, turn: Turn, outcome: Any, odds: float) -> int:
        """Count ``outcome`` (of chance after ``turn``) into its deep value; the positions judged."""
        assert self.mover is not None
        worth, judged = self._reply(game, game.play(turn.end, outcome), self.mover)
        turn.total += odds * worth
        turn.mass += odds
        return judged

    def _reply(self, game: Any, state: Any, seat: int) -> tuple[float, int]:
        """``seat``'s chance of winning after the best turn of the player to
        move in ``state``, and the positions judged to find it."""
        player = game.current_player(state)
        if player in (TERMINAL, CHANCE):
            return self._chance(game, state, seat), 1
        best, worth = -math.inf, 0.0
        ends = whole_turns(game, state)
        for _, end in ends:
            mine = self._chance(game, end, player)
            if mine > best:
                best, worth = mine, mine if player == seat else self._chance(game, end, seat)
        return worth, len(ends)

    # ------------------------------------------------------------ what the coach reads

    def share(self, game: Any) -> int:
        """The budget of the last decision (0 where it did not search)."""
        return self.budget(game) if self._searched else 0

    def looked_at(self) -> list[Any]:
        """The first moves of the turns the last search judged: those it
        looked at deeply first, in the order it did, then the others by their
        1-ply values."""
        moves: list[Any] = []
        for turn in self.looked + sorted(self.turns, key=lambda turn: -turn.shallow):
            if turn.moves[0] not in moves:
                moves.append(turn.moves[0])
        return moves

    def _turns_of(self, game: Any, move: Any) -> list[Turn]:
        """The last decision's turns that can begin with ``move`` (in another
        order of the same moves, too: each end position is kept once)."""
        if move not in self._of_move:
            mine = [turn for turn in self.turns if turn.moves[0] == move]
            if self._root is not None and move in game.legal_moves(self._root):
                after = game.play(self._root, move)
                if game.current_player(after) == self.mover:
                    ends = {end for _, end in whole_turns(game, after)}
                    mine = [turn for turn in self.turns if turn.end in ends]
                else:
                    mine = [turn for turn in self.turns if turn.end == after]
            self._of_move[move] = mine
        return self._of_move[move]

    def rough_value(self, game: Any, move: Any, seat: int) -> float:
        """``seat``'s chance of winning after ``move``, as the last search left
        it: its best turn's deep value where one was looked at deeply, else
        its best 1-ply value (0 where no turn began with it)."""
        mine = self._turns_of(game, move)
        if not mine:
            return 0.0
        deep = [turn.deep for turn in mine if turn.deep is not None]
        value = max(deep) if deep else max(turn.shallow for turn in mine)
        return value if seat == self.mover else 1.0 - value

    def value_after(self, game: Any, move: Any, seat: int, least: int) -> Thinking:
        """``seat``'s chance of winning after ``move`` (one of the last
        decision's moves): where the last search looked deeply, the best deep
        value of the turns it begins, the best of them by 1-ply looked at
        deeply if none was; else the best 1-ply value (``least`` is not used:
        a deep look is whole).  0.5 where no turn began with it."""
        mine = self._turns_of(game, move)
        if not mine:
            return 0.5
        if self.looked:
            if all(turn.deep is None for turn in mine):
                yield from self._catch_up(game, max(mine, key=lambda turn: turn.shallow))
            value = max(turn.deep for turn in mine if turn.deep is not None)
        else:
            value = max(turn.shallow for turn in mine)
        return value if seat == self.mover else 1.0 - value


def _logistic(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


__all__ = ["ITERATIONS", "MARGIN", "ExpectimaxSearch", "Turn", "whole_turns"]
