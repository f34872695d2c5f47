"""Bot-versus-bot play: single games and matches with seats rotating."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, make_bot
from .engine import CHANCE, Game, Outcome
from .records import Record

DEFAULT_MOVE_CAP = 10_000
"""A game still running after this many moves is stopped and scored as a draw."""


@dataclass(frozen=True)
class GameResult:
    """One finished game: its outcome (None if stopped at the cap), length and record."""

    outcome: Outcome | None
    plies: int
    record: Record


def play_game(
    game: Game[Any, Any],
    bots: Sequence[Bot],
    seed: int | None = None,
    move_cap: int = DEFAULT_MOVE_CAP,
) -> GameResult:
    """Play one game, bot ``i`` in seat ``i``; chance is drawn from ``seed`` too."""
    state = game.new_game(players=len(bots), seed=seed)
    record = Record.begin(game, state, seed=seed)
    chance = random.Random(seed)
    plies = 0
    while not game.is_over(state) and plies < move_cap:
        seat = game.current_player(state)
        if seat == CHANCE:
            outcomes, weights = zip(*game.chance_outcomes(state), strict=True)
            move = chance.choices(outcomes, weights)[0]
        else:
            move = bots[seat].choose(game, game.view(state, seat))
        record = record.add(move, state)
        state = game.play(state, move)
        plies += 1
    return GameResult(game.outcome(state), plies, record)


@dataclass
class MatchSummary:
    """Totals over a match, keyed by the bots' labels."""

    game: str
    labels: list[str]
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    plies: int = 0

    def as_json(self) -> dict[str, Any]:
        """The figures printed as the last line of ``match``."""
        return {
            "game": self.game,
            "games": self.games,
            "wins": {label: self.wins[label] for label in self.labels},
            "draws": self.draws,
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
    move_cap: int = DEFAULT_MOVE_CAP,
) -> MatchSummary:
    """Play ``games`` games; in game ``i`` the bots sit rotated by ``i`` seats.

    Game ``i`` is dealt from ``seed + i`` and each bot is seeded from it too, so
    a match is reproducible.  A game with several winners counts as a draw.
    """
    labels = labels_for(names)
    summary = MatchSummary(game=game.name, labels=labels)
    count = len(names)
    for number in range(games):
        game_seed = seed + number
        order = [(number + seat) % count for seat in range(count)]
        bots = [make_bot(names[i], seed=game_seed * 16 + i) for i in order]
        result = play_game(game, bots, seed=game_seed, move_cap=move_cap)
        summary.games += 1
        summary.plies += result.plies
        if result.outcome is None or result.outcome.is_draw:
            summary.draws += 1
        else:
            summary.wins[labels[order[result.outcome.winners[0]]]] += 1
    return summary
