"""Bot-versus-bot play: single games and matches with seats rotating."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import CHANCE, Game, Outcome, fixed_chance, get_game
from ..records import Record
from . import Bot, make_bot


@dataclass(frozen=True)
class GameResult:
    """One finished game: its outcome (None if stopped at the cap where the
    game has no agreed draw), length and record, whether it was stopped at
    the move cap rather than played to its end, and for each seat the
    seconds its bot took over each decision that had more than one legal
    move."""

    outcome: Outcome | None
    plies: int
    record: Record
    capped: bool = False
    thinking: tuple[tuple[float, ...], ...] = ()


def play_game(
    game: Game[Any, Any],
    bots: Sequence[Bot],
    seed: int | None = None,
    move_cap: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> GameResult:
    """Play one game, bot ``i`` in seat ``i``; chance is fixed by ``seed``
    too (:func:`iriri_core.engine.fixed_chance`, as at a table).  ``options``
    go to ``game.new_game`` (Pyrinoes: ``{"target": 50}``).

    A game still running after ``move_cap`` moves (by default the game's own
    ``move_cap``) is stopped: it ends in the game's agreed draw where it has
    one, else its outcome is None; either way a match scores it a draw."""
    cap = game.move_cap if move_cap is None else move_cap
    state = game.new_game(players=len(bots), seed=seed, **(options or {}))
    record = Record.begin(game, state, seed=seed)
    chance = seed if seed is not None else random.randrange(2**31)
    plies = 0
    thinking: list[list[float]] = [[] for _ in bots]
    while not game.is_over(state) and plies < cap:
        seat = game.current_player(state)
        if seat == CHANCE:
            move = fixed_chance(game, state, chance, plies)
        else:
            view = game.view(state, seat)
            choice = len(game.legal_moves(view)) > 1
            start = time.perf_counter()
            move = bots[seat].choose(game, view)
            if choice:
                thinking[seat].append(time.perf_counter() - start)
        record = record.add(move, state)
        state = game.play(state, move)
        plies += 1
    capped = not game.is_over(state)
    draw = game.agreed_draw(state) if capped else None
    if draw is not None:
        record = record.add(draw, state)
        state = game.play(state, draw)
    return GameResult(game.outcome(state), plies, record, capped, tuple(map(tuple, thinking)))


@dataclass
class MatchSummary:
    """Totals over a match, keyed by the bots' labels.  ``draws`` counts
    every game without a sole winner, ``capped`` those of them stopped at
    the move cap (a game with no draws of its own can be drawn only so).
    ``decisions`` and ``seconds`` count each bot's decisions that had a
    choice and the time it spent on them; ``longest`` is its longest."""

    game: str
    labels: list[str]
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    capped: int = 0
    plies: int = 0
    decisions: Counter[str] = field(default_factory=Counter)
    seconds: dict[str, float] = field(default_factory=dict)
    longest: dict[str, float] = field(default_factory=dict)

    def seconds_per_decision(self, label: str) -> float:
        """The mean time the bot ``label`` took over a decision with a choice."""
        return self.seconds.get(label, 0.0) / self.decisions[label] if self.decisions[label] else 0.0

    def as_json(self) -> dict[str, Any]:
        """The figures printed as the last line of ``match`` (not the times,
        so that a match printed twice reads the same)."""
        return {
            "game": self.game,
            "games": self.games,
            "wins": {label: self.wins[label] for label in self.labels},
            "draws": self.draws,
            "capped": self.capped,
            "mean_plies": round(self.plies / self.games, 2) if self.games else 0.0,
        }


def labels_for(names: Sequence[str]) -> list[str]:
    """Bot names made unique: ``random, random`` becomes ``random, random-2``."""
    seen: Counter[str] = Counter()
    labels = []
    for name in names:
        seen[name] += 1
        labels.append(name if seen[name] == 1 else f"{name}-{seen[name]}")
    return labels


def play_match(
    game: Game[Any, Any],
    names: Sequence[str],
    games: int,
    seed: int = 0,
    move_cap: int | None = None,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
) -> MatchSummary:
    """Play ``games`` games; in game ``i`` the bots sit rotated by ``i`` seats.

    Game ``i`` is dealt from ``seed + i`` and each bot is seeded from it too, so
    a match is reproducible, and the same whatever ``jobs`` (the number of
    processes playing games side by side).  ``options`` go to each game's
    ``new_game``, as in :func:`play_game`.  A game with several winners counts
    as a draw, and so does a game stopped at the move cap (counted in
    ``capped`` too).
    """
    labels = labels_for(names)
    summary = MatchSummary(game=game.name, labels=labels)
    settings = dict(options or {})
    tasks = [(game.name, tuple(names), number, seed + number, move_cap, settings) for number in range(games)]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_match_game, tasks, chunksize=2))
    else:
        results = [_match_game(task) for task in tasks]
    for order, outcome, plies, capped, thinking in results:
        summary.games += 1
        summary.plies += plies
        summary.capped += capped
        for seat, times in enumerate(thinking):
            label = labels[order[seat]]
            summary.decisions[label] += len(times)
            summary.seconds[label] = summary.seconds.get(label, 0.0) + sum(times)
            summary.longest[label] = max([summary.longest.get(label, 0.0), *times])
        if outcome is None or outcome.is_draw:
            summary.draws += 1
        else:
            summary.wins[labels[order[outcome.winners[0]]]] += 1
    return summary


def _match_game(
    task: tuple[str, tuple[str, ...], int, int, int | None, dict[str, Any]],
) -> tuple[list[int], Outcome | None, int, bool, tuple[tuple[float, ...], ...]]:
    """One game of a match: which bot sat where, the outcome, the length,
    whether it was stopped at the cap, and each seat's time per decision."""
    name, names, number, game_seed, move_cap, options = task
    count = len(names)
    order = [(number + seat) % count for seat in range(count)]
    bots = [make_bot(names[i], seed=game_seed * 16 + i) for i in order]
    result = play_game(get_game(name), bots, seed=game_seed, move_cap=move_cap, options=options)
    return order, result.outcome, result.plies, result.capped, result.thinking
