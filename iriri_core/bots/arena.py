"""Paired matches that cannot fool themselves: the strength bench's games.

A strength figure from bot matches can lie in three ways, and each is
closed here:

* **The same game counted many times.** A game with no chance and a fixed
  start (Hextris), between deterministic searches, is the same game every
  time. Such games start from :func:`openings`: distinct positions after two
  random plies. Every game's moves are fingerprinted, and the distinct games
  are counted.
* **Luck taken for skill.** Each opening, deal or seed is played twice, the
  players' seats swapped (a *pair*), and chance is tied to the count of
  chance events, not to the ply: the k-th roll or draw of both games of a
  pair comes from the same seed, so both players meet the same dice.
* **Noise taken for a difference.** A point's result comes with its Wilson
  95% interval, and the results from each seat apart; a point stops early
  once its interval lies wholly on one side of its goal (a sequential stop),
  else at its most pairs or its CPU time.

A player may play through another engine than the referee's (a past
revision of this package, for "today's hard"): its position is kept in
step by move text, the way records replay.

>>> from iriri_core import get_game
>>> from iriri_core.bots import make_bot
>>> game = get_game("hextris")
>>> greedy = Player("greedy", lambda seed: make_bot("greedy", seed))
>>> pair = play_pair(game, (greedy, Player("random", lambda seed: make_bot("random", seed))), 3)
>>> [len(result.seats) for result in pair]
[2, 2]
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import CHANCE, Game, draw_chance
from . import Bot

Z = 1.96
"""The normal quantile of a 95% interval."""


def wilson(score: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate of ``score`` in ``games`` (a
    draw counting half).

    >>> wilson(50, 100)
    (0.404, 0.596)
    """
    if not games:
        return (0.0, 1.0)
    rate = score / games
    centre = (rate + Z * Z / (2 * games)) / (1 + Z * Z / games)
    half = Z * math.sqrt(rate * (1 - rate) / games + Z * Z / (4 * games * games)) / (1 + Z * Z / games)
    return (round(centre - half, 3), round(centre + half, 3))


@dataclass(frozen=True)
class Player:
    """A contestant: its label, a bot from a seed, and the game object its
    bot plays through (None: the referee's own)."""

    label: str
    bot: Callable[[int], Bot]
    engine: Any = None


@dataclass(frozen=True)
class Played:
    """One game of a pair: the score of the pair's first player (1 a win,
    a half for a draw, a shared win or a game stopped at the move cap, 0 a
    loss), the seat it sat in, the game's fingerprint and length, and the
    CPU seconds the game took."""

    score: float
    seat: int
    fingerprint: str
    plies: int
    cpu: float
    seats: tuple[str, ...] = ()


def fixed_start(game: Game[Any, Any]) -> bool:
    """Whether every game of ``game`` starts from the same position whatever
    its seed: then a match needs :func:`openings`."""
    return bool(
        game.to_text(game.new_game(players=2, seed=1)) == game.to_text(game.new_game(players=2, seed=2))
    )


def openings(game: Game[Any, Any], count: int, plies: int = 2, seed: int = 0) -> list[tuple[str, ...]]:
    """``count`` distinct openings of ``plies`` random legal moves (as move
    texts), drawn from ``seed``: the same list every time."""
    rng = random.Random(seed)
    found: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    tries = 0
    while len(found) < count and tries < 100 * count:
        tries += 1
        state = game.new_game(players=2)
        texts = []
        for _ in range(plies):
            move = rng.choice(game.legal_moves(state))
            texts.append(game.move_text(state, move))
            state = game.play(state, move)
        if tuple(texts) not in seen and not game.is_over(state):
            seen.add(tuple(texts))
            found.append(tuple(texts))
    return found


def play_one(
    game: Game[Any, Any],
    players: Sequence[Player],
    seed: int,
    opening: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
) -> tuple[list[float], list[str], list[str]]:
    """One game, ``players[i]`` in seat ``i``, dealt from ``seed`` after the
    ``opening`` moves; the k-th chance event drawn from ``seed`` and k. Each
    seat's score, the moves' texts, and chance's among them."""
    state = game.new_game(players=len(players), seed=seed, **(options or {}))
    others = {
        seat: player.engine.new_game(players=len(players), seed=seed, **(options or {}))
        for seat, player in enumerate(players)
        if player.engine is not None
    }
    for seat, past in others.items():
        if players[seat].engine.to_text(past) != game.to_text(state):
            raise ValueError(f"{players[seat].label} starts the game otherwise: it cannot play in step")
    bots = [player.bot(seed * 16 + seat) for seat, player in enumerate(players)]
    texts: list[str] = []
    chances: list[str] = []
    while not game.is_over(state) and len(texts) < game.move_cap:
        seat = game.current_player(state)
        if len(texts) < len(opening):
            move = game.parse_move(state, opening[len(texts)])
        elif seat == CHANCE:
            move = draw_chance(game, state, random.Random(f"{seed}/chance/{len(chances)}"))
            chances.append(game.move_text(state, move))
        elif seat in others:
            engine, past = players[seat].engine, others[seat]
            view = engine.view(past, seat)
            move = game.parse_move(state, engine.move_text(view, bots[seat].choose(engine, view)))
        else:
            move = bots[seat].choose(game, game.view(state, seat))
        text = game.move_text(state, move)
        texts.append(text)
        state = game.play(state, move)
        for other, past in others.items():
            engine = players[other].engine
            others[other] = engine.play(past, engine.parse_move(past, text))
    if not game.is_over(state):
        draw = game.agreed_draw(state)
        state = game.play(state, draw) if draw is not None else state
    outcome = game.outcome(state)
    scores = [0.5] * len(players)
    if outcome is not None and not outcome.is_draw:
        scores = [1.0 if seat in outcome.winners else 0.0 for seat in range(len(players))]
        if len(outcome.winners) > 1:
            scores = [0.5 if seat in outcome.winners else 0.0 for seat in range(len(players))]
    return scores, texts, chances


def play_pair(
    game: Game[Any, Any],
    players: tuple[Player, Player],
    seed: int,
    opening: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
) -> tuple[Played, Played]:
    """The two games of a pair: ``players[0]`` first in seat 0, then in seat
    1, the same deal, opening and dice; each from ``players[0]``'s side."""
    results = []
    for first in (0, 1):
        seated = players if first == 0 else (players[1], players[0])
        start = time.process_time()
        scores, texts, _ = play_one(game, seated, seed, opening, options)
        results.append(
            Played(
                scores[first],
                first,
                hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16],
                len(texts),
                time.process_time() - start,
                tuple(player.label for player in seated),
            )
        )
    return results[0], results[1]


@dataclass
class Point:
    """A point of the bench: ``first`` against ``second``, its games so far,
    and the goal its sequential stop is measured against."""

    first: str
    second: str
    goal: float = 0.5
    games: list[Played] = field(default_factory=list)
    stopped: str = ""

    @property
    def score(self) -> float:
        """``first``'s score: its wins and half its draws."""
        return sum(played.score for played in self.games)

    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of ``first``'s win rate."""
        return wilson(self.score, len(self.games))

    def clear(self) -> bool:
        """Whether the interval lies wholly above or below the goal."""
        low, high = self.interval()
        return low > self.goal or high < self.goal

    def figures(self) -> dict[str, Any]:
        """The point as the bench prints it."""
        games = len(self.games)
        by_seat = {}
        for seat in (0, 1):
            mine = [played.score for played in self.games if played.seat == seat]
            by_seat[f"as seat {seat + 1}"] = {
                "won": mine.count(1.0),
                "drawn": mine.count(0.5),
                "lost": mine.count(0.0),
            }
        low, high = self.interval()
        return {
            "pairing": f"{self.first} vs {self.second}",
            "games": games,
            "distinct_games": len({played.fingerprint for played in self.games}),
            "win_rate": round(self.score / games, 3) if games else None,
            "ci95": [low, high],
            **by_seat,
            "goal": f">= {self.goal}",
            "verdict": "met" if low >= self.goal else "missed" if high < self.goal else "unclear",
            "stopped": self.stopped,
            "cpu_seconds": round(sum(played.cpu for played in self.games), 1),
            "mean_plies": round(sum(played.plies for played in self.games) / games, 1) if games else 0,
        }


def pair_tasks(game: Game[Any, Any], pairs: int, seed: int) -> list[tuple[int, tuple[str, ...]]]:
    """Each pair's seed and opening: distinct openings where the game starts
    the same whatever its seed, else a seed of its own each."""
    if fixed_start(game) and not game.has_chance:
        return [(seed + number, opening) for number, opening in enumerate(openings(game, pairs, seed=seed))]
    return [(seed + number, ()) for number in range(pairs)]


def run_point(
    point: Point,
    pairs: Iterator[tuple[Played, Played]],
    least: int = 20,
    cpu_seconds: float = math.inf,
) -> Point:
    """Take pairs from ``pairs`` into ``point`` until its answer is clear
    (after ``least`` games at least), the pairs run out, or the games have
    taken ``cpu_seconds``; ``point.stopped`` says which."""
    point.stopped = "pairs"
    for pair in pairs:
        point.games.extend(pair)
        if len(point.games) >= least and point.clear():
            point.stopped = "clear"
            break
        if sum(played.cpu for played in point.games) >= cpu_seconds:
            point.stopped = "cpu"
            break
    return point
