"""The coach: after a game, a person's costliest moves as the hard level
judges them, like a chess site's "learn from your mistakes".

For every position where the person chose a move (chance's rolls and deals
left out, and positions with one legal move), the hard bot is asked what it
would play there, from what the person could see then
(``game.view(state, seat)``: the other hands and the dice to come hidden), a
fresh bot seeded for that position (:func:`bot_seed`), so that the same bot
asked directly gives the same move.  Where it would have played otherwise,
the search's own values of the two moves (the person's chance of winning
after each, as the bot's tree gives it, each move's subtree searched on to
at least :func:`deepening` visits) say how much the choice cost.  The moves
that cost most, three at most, are the ones shown.

The hard bot's search at every position takes long (seconds of a phone's
time each in Iriri and Hextris), so the coach first takes a quick look at
each position (a search of a twentieth of the budget: :func:`quick_budget`),
then judges them closely in the order of what that quick look found them to
cost, the costliest first.  Once the first :data:`COUNT` are judged closely,
the list can be shown (:attr:`Coach.ready`), and the rest are judged while
the person reads: every move listed, then and later, is judged closely, by
the same bot as the game's hard level, and the final list is the one a
close look at every position gives.

The work is a generator, like a bot's thought: it yields after every
iteration of the search, so a page runs it in slices (:mod:`iriri_core.table.autoplay`).

>>> from iriri_core import get_game
>>> game = get_game("hextris")
>>> state = game.new_game(players=2)
>>> coach = Coach(game, [(state, game.parse_move(state, "S@a1"))], seat=0, iterations=40)
>>> coach.total
1
>>> judged = run(coach)
>>> judged[0].number, judged[0].turn, judged[0].played_text
(1, 1, 'S@a1')
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.searchers import Searcher, iterations_for, searcher
from ..engine import Game, get_game, turn_numbers
from ..records import Record

Coaching = Generator[None, None, list["Judgement"]]
"""The coach at work: yields between units of work, returns every judgement."""

COUNT = 3
"""How many of the costliest moves are shown."""

FLOOR = 0.02
"""A move that costs less than this share of the person's chance of winning
(2 in 100) costs nothing worth telling: within what the search can tell apart."""


def bot_seed(seed: int, ply: int) -> int:
    """The seed of the hard bot asked about move ``ply`` (0-based) of a game
    the coach is given ``seed`` for."""
    return seed * 100_003 + ply


def deepening(budget: int) -> int:
    """The visits each of the two moves compared gets at least, in a search
    of ``budget`` iterations: a quarter of it, and at least 30."""
    return max(30, budget // 4)


QUICK_SHARE = 20
"""The quick look at a position searches this share of the hard bot's budget
(1 in 20): enough to rank the positions by what they seem to cost, so that
the close looks find the costliest moves early."""

QUICK_LEAST = 10
"""The fewest iterations of a quick look (Pach-Ice-i's and Pyrinoes' hard
bots search only 60 and 120)."""

QUICK_VISITS = 8
"""The visits each of the two moves compared gets at least in a quick look."""


def quick_budget(budget: int) -> int:
    """The iterations of the quick look at a position, where the hard bot
    searches ``budget``: a twentieth of it, at least :data:`QUICK_LEAST`.

    >>> quick_budget(1200), quick_budget(120), quick_budget(60)
    (60, 10, 10)
    """
    return max(QUICK_LEAST, budget // QUICK_SHARE)


def chance_words(chance: float) -> str:
    """How a chance of winning reads to a newcomer.

    >>> chance_words(0.9), chance_words(0.5), chance_words(0.1)
    ('likely winning', 'an even game', 'likely losing')
    """
    if chance >= 0.85:
        return "likely winning"
    if chance >= 0.6:
        return "ahead"
    if chance > 0.4:
        return "an even game"
    if chance > 0.15:
        return "behind"
    return "likely losing"


def cost_words(better: float, played: float) -> str:
    """How much a move cost, in words, from the person's chance of winning
    after the better move and after the move played.

    >>> cost_words(0.7, 0.5)
    'about 20 in 100 of your chances to win: from ahead to an even game'
    >>> cost_words(0.52, 0.47)
    'about 5 in 100 of your chances to win (still an even game)'
    """
    lost = max(1, round(100 * (better - played)))
    amount = f"about {lost} in 100 of your chances to win"
    before, after = chance_words(better), chance_words(played)
    if before == after:
        return f"{amount} (still {after})"
    return f"{amount}: from {before} to {after}"


@dataclass(frozen=True)
class Judgement:
    """The hard bot's word on one of the person's moves.

    ``ply`` is the move's index in the game (the position is the one after
    ``ply`` moves), ``turn`` the turn it was played in, as players count
    them (:func:`~iriri_core.engine.turn_numbers`: a roll and the moves it
    allows are one turn); ``played`` and ``better`` are the move made and the one
    the bot would make, with their move text; ``played_value`` and
    ``better_value`` the person's chance of winning after each (0 to 1), as
    the bot's search values them (equal when the bot agrees)."""

    ply: int
    turn: int
    played: Any
    better: Any
    played_text: str
    better_text: str
    played_value: float
    better_value: float

    @property
    def number(self) -> int:
        """The move's number, as the Moves list counts it (from 1): every
        move, chance's and each part of a turn, counts (:attr:`turn` is what
        a player counts)."""
        return self.ply + 1

    @property
    def agrees(self) -> bool:
        """The bot would have played the same move."""
        return bool(self.played == self.better)

    @property
    def loss(self) -> float:
        """How much of the person's chance of winning the move cost (0 where it cost nothing)."""
        return 0.0 if self.agrees else max(0.0, self.better_value - self.played_value)

    @property
    def costly(self) -> bool:
        """Whether the move cost enough to be worth telling (:data:`FLOOR`)."""
        return self.loss >= FLOOR

    def words(self) -> str:
        """What it cost, in words (:func:`cost_words`)."""
        return cost_words(self.better_value, self.played_value)


class Coach:
    """Judges the moves of ``seat`` among ``plies`` (each the position a move
    was played in, the whole of it, and the move), for ``game``.  ``seed``
    seeds the bot asked at each position (:func:`bot_seed`); ``iterations``
    is its budget per decision (by default the hard level's in that game).

    :meth:`think` does the work in small steps: first a quick look at
    every position (:attr:`looked` of :attr:`total` so far, each quick
    judgement in :attr:`glances`), then a close one, the positions that
    seemed costliest first (:attr:`done` of :attr:`total` positions
    finished, the close judgements in :attr:`judgements`).  Positions with
    one legal move are passed over, with no judgement: the person had no
    choice.  Once the first :data:`COUNT` close looks are made, the list
    (:func:`pick` of :attr:`judgements`) can be shown (:attr:`ready`)."""

    def __init__(
        self,
        game: Game[Any, Any],
        plies: Iterable[tuple[Any, Any]],
        seat: int,
        seed: int = 0,
        iterations: int | None = None,
        level: str = "hard",
    ) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.iterations = iterations
        self.level = level
        """The search level whose budget it judges with (the strongest the device runs in time)."""
        plies = list(plies)
        self.turns = turn_numbers([game.current_player(state) for state, _ in plies])
        """The turn of each move of the game (:func:`~iriri_core.engine.turn_numbers`)."""
        self.positions: list[tuple[int, Any, Any]] = [
            (ply, state, move)
            for ply, (state, move) in enumerate(plies)
            if game.current_player(state) == seat
        ]
        """Each of the person's moves: its index, the position it was played in, the move."""
        self.looked = 0
        """Positions given their quick look (or passed over: no choice)."""
        self.done = 0
        """Positions finished: judged closely, or passed over (no choice)."""
        self.glances: dict[int, Judgement] = {}
        """The quick look's judgement of each move looked at, by its ply."""
        self.judgements: list[Judgement] = []
        """The close judgements so far, in the order of the game."""
        self.told: tuple[Any, ...] = ()
        self.told_at = float("-inf")
        """What a table last showed of the coach's progress, and when (:mod:`iriri_core.learn.coach_mode`)."""

    @classmethod
    def from_record(cls, record: Record, seat: int, seed: int = 0, iterations: int | None = None) -> Coach:
        """The coach of ``seat`` for a game ``record`` (raises InvalidRecordError if it does not replay)."""
        game = get_game(record.game)
        states = record.replay()
        plies = [
            (before, game.parse_move(before, text))
            for before, text in zip(states, record.moves, strict=False)
        ]
        return cls(game, plies, seat, seed, iterations)

    @property
    def total(self) -> int:
        """How many of the person's positions there are to look at."""
        return len(self.positions)

    @property
    def first(self) -> int:
        """How many close looks the first list waits for: :data:`COUNT`, or
        fewer where the person made fewer choices."""
        return min(COUNT, len(self.glances))

    @property
    def ready(self) -> bool:
        """Whether the list can be shown: every position looked at quickly,
        and the :attr:`first` that seemed costliest judged closely (the
        rest may still be judged: the list can change until :attr:`done`
        reaches :attr:`total`)."""
        return self.looked == self.total and len(self.judgements) >= self.first

    @property
    def budget(self) -> int:
        """The hard bot's iterations per decision, as the close looks search."""
        return self.iterations or iterations_for(self.game, self.level)

    def think(self) -> Coaching:
        """Judge every position where the person had a choice, quickly and
        then closely (the positions that seemed costliest first), yielding
        after each iteration of the search and between positions; returns
        the close judgements, in the order of the game.  (Once per coach.)"""
        game, seat = self.game, self.seat
        chosen: list[tuple[int, Any, Any]] = []
        for ply, state, move in self.positions:
            view, seen = game.view(state, seat), game.view_move(state, move, seat)
            legal = game.legal_moves(view)
            if len(legal) > 1 and seen in legal:  # a forced move, or a draw agreed, is no choice
                yield
                self.glances[ply] = yield from self.judge(ply, view, seen, quick=True)
                chosen.append((ply, view, seen))
            else:
                self.done += 1
            self.looked += 1
            yield
        chosen.sort(key=lambda each: (-self.glances[each[0]].loss, each[0]))
        for ply, view, seen in chosen:
            yield
            judged = yield from self.judge(ply, view, seen)
            insort(self.judgements, judged, key=lambda each: each.ply)
            self.done += 1
            yield
        return list(self.judgements)

    def judge(
        self, ply: int, view: Any, played: Any, quick: bool = False
    ) -> Generator[None, None, Judgement]:
        """The hard bot's word on ``played`` in ``view`` (move ``ply``); with
        ``quick``, after a search of :func:`quick_budget` iterations only."""
        game = self.game
        iterations = quick_budget(self.budget) if quick else self.budget
        bot = searcher(game, seed=bot_seed(self.seed, ply), iterations=iterations)
        better = yield from bot.think(game, view)
        text, turn = game.move_text(view, played), self.turns[ply]
        if better == played:  # nothing to compare: the value as the search left it
            value = yield from self._value(bot, better, deepen=False)
            return Judgement(ply, turn, played, better, text, text, value, value)
        better_value = yield from self._value(bot, better, quick=quick)
        played_value = yield from self._value(bot, played, quick=quick)
        better_text = game.move_text(view, better)
        return Judgement(ply, turn, played, better, text, better_text, played_value, better_value)

    def _value(
        self, bot: Searcher, move: Any, deepen: bool = True, quick: bool = False
    ) -> Generator[None, None, float]:
        """The person's chance of winning after ``move``, as ``bot``'s last
        search values it: the move's subtree searched on to :func:`deepening`
        visits (with ``deepen``; a quick look's to :data:`QUICK_VISITS` or a
        quarter of its share of the budget)."""
        share = bot.share(self.game)
        if not share:  # the bot did not search (one legal move): nothing to compare
            return 0.5
        least = (max(QUICK_VISITS, share // 4) if quick else deepening(share)) if deepen else 1
        value: float = yield from bot.value_after(self.game, move, self.seat, least)
        return value


def pick(judgements: Sequence[Judgement], count: int = COUNT) -> list[Judgement]:
    """The ``count`` moves that cost most (and cost something: :attr:`Judgement.costly`),
    the costliest first, an earlier move first among equals."""
    costly = [judged for judged in judgements if judged.costly]
    return sorted(costly, key=lambda judged: (-judged.loss, judged.ply))[:count]


def run(coach: Coach) -> list[Judgement]:
    """Let ``coach`` judge every position at once; its judgements."""
    thinking = coach.think()
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return list(done.value)


def costliest(record: Record, seat: int, count: int = COUNT, seed: int = 0) -> list[Judgement]:
    """The costliest moves of ``seat`` in a finished game ``record``, at
    most ``count``, as the hard bot judges them, for scripts:

    >>> hextris = get_game("hextris")
    >>> record = Record("hextris", 2, hextris.to_text(hextris.new_game()), ("S@a1", "S@e5"))
    >>> [judged.number for judged in costliest(record, seat=1)] in ([], [2])
    True
    """
    return pick(run(Coach.from_record(record, seat, seed)), count)
