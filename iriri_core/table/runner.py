"""The runner that lets bots and chance act at a table, a slice of thinking
at a time, so that a page can hand control back to the browser in between.

Chance is fixed: what it gives at a move is a function of the game's seed
and of where the move falls in the game (:func:`iriri_core.engine.fixed_chance`),
so undoing a roll and playing on rolls the same dice.  A bot is only ever
given its own seat's view of the position.  A person whose only move is a
pass is passed for, like a bot's turn.

>>> from iriri_core import Seat, get_game
>>> game = get_game("hextris")
>>> runner = Runner(game, [Seat("bot", "random"), Seat("human")], seed=3, chance_seed=3)
>>> wait, move = runner.act(game.new_game(players=2), ply=0, budget=1.0)
>>> wait, move in game.legal_moves(game.new_game(players=2))
(0.0, True)
"""

from __future__ import annotations

import hashlib
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from ..bots import Bot, LevelBot, Thinking, make_bot
from ..bots.searchers import SEARCH_LEVELS, iterations_for
from ..engine import CHANCE, Game, fixed_chance
from ..learn.coach import Coaching
from ..seats import Seat

IN_TIME = 5.0
"""The most seconds of this device's work a hint may take: the strongest
level whose budget the device searches within it gives hints."""

DEAL_SHARE = 0.2
"""A deal's pace, as a share of the table's: nine dominoes each are dealt
in under two seconds, still one after the other."""


def chance_seed(seed: int | None, start: str) -> int:
    """What fixes chance in a game: its seed, or, for a game set up from
    position text (which has none), a number drawn from that text."""
    return seed if seed is not None else int(hashlib.sha256(start.encode()).hexdigest()[:12], 16)


class Runner:
    """Bots and chance at a table of ``seats`` for ``game``.  ``seed`` seeds
    the bots (and the hint), ``chance_seed`` fixes chance; ``pace`` is how
    long a bot (or chance rolling for a seat) waits after the move before
    its own, so that people can follow, and a deal (chance acting for nobody,
    ``game.roller`` None) goes :data:`DEAL_SHARE` of that; ``clock`` gives
    seconds."""

    def __init__(
        self,
        game: Game[Any, Any],
        seats: Sequence[Seat],
        seed: int,
        chance_seed: int,
        pace: float = 0.0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.chance_seed = chance_seed
        self.pace = pace
        self.clock = clock
        self.bots: dict[int, Bot] = {
            i: make_bot(seat.level, seed=seed * 16 + i) for i, seat in enumerate(seats) if seat.is_bot
        }
        self.thinking: Thinking | None = None
        """A bot's decision under way."""
        self.hinting: Thinking | None = None
        """The strongest level thinking about a hint for the person to move."""
        self.coaching: Coaching | None = None
        """The coach judging a finished game's moves (:mod:`iriri_core.learn.coach_mode`)."""
        self.decisions: deque[dict[str, Any]] = deque(maxlen=200)
        """The latest bot decisions: seat, level, seconds from the start of
        thinking to the move (slices and the pauses between them) and slices."""
        self._thought: dict[str, Any] = {}
        self.last_move_at = clock()
        self.speed: float | None = None
        """The iterations a second this device's searches made, the last
        measured (a search level's decision, or a hint); None until one is."""
        self._hint_bot: Bot | None = None
        self._busy = 0.0
        """Seconds of work inside the slices of the thinking under way."""

    def stop(self) -> None:
        """Drop any thinking under way (the position changed)."""
        self.thinking = self.hinting = self.coaching = None

    def rest(self) -> None:
        """No bot is to move (a person is, or the game is over): a bot's thinking is dropped."""
        self.thinking = None

    def moved(self) -> None:
        """A move was played: stop thinking, and start the pause before the next."""
        self.stop()
        self.last_move_at = self.clock()

    def act(self, state: Any, ply: int, budget: float) -> tuple[float, Any | None]:
        """Let the bot or chance to act in ``state`` (move ``ply`` of the
        game) think for at most ``budget`` seconds: ``(0.0, move)`` once it
        has decided, else ``(seconds, None)``: how long to wait before
        asking again (0 to go on at once).  For a person whose only move is
        a pass (``game.forced_pass``), the move is that pass, after the
        same pause, so that the person sees the position they pass in."""
        if self.thinking is None:
            game, seat = self.game, self.game.current_player(state)
            dealing = seat == CHANCE and game.roller(state) is None
            wait = self.pace * (DEAL_SHARE if dealing else 1.0) - (self.clock() - self.last_move_at)
            if wait > 0:
                return wait, None
            draw = game.agreed_draw(state)
            if draw is not None and ply >= game.move_cap and all(s.is_bot for s in self.seats):
                return 0.0, draw  # bots alone would play on for ever: they stop at the game's cap
            if seat == CHANCE:
                return 0.0, fixed_chance(game, state, self.chance_seed, ply)
            if not self.seats[seat].is_bot:  # a person whose only move is a pass: it is made for them
                forced = game.forced_pass(state)
                if forced is None:
                    raise ValueError(f"seat {seat} is a person with moves to choose: nobody acts for them")
                return 0.0, forced
            self.thinking = self.bots[seat].think(game, game.view(state, seat))
            self._busy = 0.0
            self._thought = {
                "seat": seat,
                "level": self.seats[seat].level,
                "started": self.clock(),
                "slices": 0,
            }
        self._thought["slices"] += 1
        done, move = self._slice(self.thinking, budget)
        if not done:
            return 0.0, None
        self.thinking = None
        thought = self._thought
        self._measure(self.bots[thought["seat"]])
        seconds = round(self.clock() - thought["started"], 4)
        self.decisions.append({**{k: thought[k] for k in ("seat", "level", "slices")}, "seconds": seconds})
        return 0.0, move

    def strongest(self) -> str:
        """The strongest search level this device runs in :data:`IN_TIME`
        seconds, as its last measured searches say (hard until one is)."""
        fitting = [
            level
            for level in SEARCH_LEVELS
            if self.speed is not None and iterations_for(self.game, level) / self.speed <= IN_TIME
        ]
        return fitting[-1] if fitting else SEARCH_LEVELS[0]

    def _measure(self, bot: Bot | None) -> None:
        """Note the device's speed from the search ``bot`` has just finished
        (none where it was no search level, or did not search)."""
        if isinstance(bot, LevelBot) and bot.search is not None and bot.search.share(self.game):
            self.speed = bot.iterations / max(self._busy, 1e-6)

    def start_hint(self, view: Any) -> None:
        """Ask the strongest level the device runs in time (:meth:`strongest`)
        what the person to act in ``view`` should play."""
        self._hint_bot = make_bot(self.strongest(), seed=self.seed * 16 + 15)
        self.hinting = self._hint_bot.think(self.game, view)
        self._busy = 0.0

    def advance_hint(self, budget: float) -> tuple[bool, Any]:
        """Think about the hint for at most ``budget`` seconds: ``(True, move)`` once found."""
        assert self.hinting is not None
        done, move = self._slice(self.hinting, budget)
        if done:
            self.hinting = None
            self._measure(self._hint_bot)
        return done, move

    def advance_coach(self, budget: float) -> tuple[bool, Any]:
        """Let the coach think for at most ``budget`` seconds: ``(True, judgements)`` once done."""
        assert self.coaching is not None
        done, judged = self._slice(self.coaching, budget)
        if done:
            self.coaching = None
        return done, judged

    def _slice(self, thinking: Any, budget: float) -> tuple[bool, Any]:
        """Think for about ``budget`` seconds: a step that would likely end
        past it (as long as the longest step so far) waits for the next
        slice, so a slice overruns its budget by less than one step."""
        start = now = self.clock()
        deadline, longest = now + budget, 0.0
        try:
            while True:
                before = now
                try:
                    next(thinking)
                except StopIteration as decided:
                    return True, decided.value
                now = self.clock()
                longest = max(longest, now - before)
                if now + longest >= deadline:
                    return False, None
        finally:
            self._busy += self.clock() - start
