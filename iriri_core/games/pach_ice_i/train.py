"""Train the weights of the Pach-Ice-i evaluation (:mod:`.evaluation`) by
self-play with TD(lambda), as TD-Gammon was trained, and tell how well they
foretell the winner.

    python -m iriri_core.games.pach_ice_i.train --games 3000 --seed 1 [--write]

Both seats play the best whole turn by the weights as they are (1-ply, every
turn of the roll tried); after each turn the weights move towards the value
of the next position (the outcome at the end), the earlier positions of the
game by the eligibility trace (``lambda``).  The dice come from ``--seed``,
so the same arguments give the same weights.  Then, on games the training
never saw (another seed, played by the hand-made evaluation's best turns),
it prints how well the new weights and the hand-made evaluation
(:func:`strategy.standing` through the hard level's old curve) foretell the
winner from each position between two turns: the log loss, the Brier score
and how often the favourite won, over the whole game and by its thirds.
``--write`` keeps the weights in ``weights.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from . import evaluation
from .evaluation import FEATURES, features
from .rules import DICE, SIDES, deal, play
from .state import PachState, Roll
from .strategy import standing
from .whole_turns import whole_turns

TURN_CAP = 400
"""Turns after which a training game is dropped (the long runs of passes of docs/rules-notes.md)."""

OLD_SCALE = 4.0
"""The hand-made evaluation's points worth about a 73% chance (the old search's curve)."""


def _sigmoid(x: float) -> float:
    x = max(-40.0, min(40.0, x))
    return 1.0 / (1.0 + math.exp(-x))


def _dot(weights: Sequence[float], x: Sequence[float]) -> float:
    return sum(w * v for w, v in zip(weights, x, strict=True))


def _roll(rng: random.Random) -> Roll:
    return Roll(tuple(rng.randint(1, SIDES) for _ in range(DICE)))


def _best_end(state: PachState, judge: Callable[[PachState, int], float]) -> PachState:
    """The end of the mover's best whole turn by ``judge`` (the mover's worth of a position)."""
    mover = state.to_move
    ends = [end for _, end in whole_turns(state)]
    return max(ends, key=lambda end: judge(end, mover))


def _judge_by(weights: Sequence[float]) -> Callable[[PachState, int], float]:
    def judge(state: PachState, player: int) -> float:
        if state.is_over:
            return math.inf if state.winner == player else -math.inf
        roller = _dot(weights, features(state))
        return roller if state.to_move == player else -roller

    return judge


def _old_judge(state: PachState, player: int) -> float:
    return standing(state, player)


def self_play(weights: list[float], rng: random.Random, alpha: float, lam: float) -> bool:
    """One game of self-play, the weights learning as it goes (TD(lambda) on
    Black's chance of winning); False if it reached the turn cap."""
    judge = _judge_by(weights)
    state = deal()
    trace = [0.0] * len(weights)
    before: float | None = None
    for _ in range(TURN_CAP):
        x = features(state)
        chance = _sigmoid(_dot(weights, x))
        sign = 1.0 if state.to_move == 0 else -1.0
        black = chance if sign > 0 else 1.0 - chance
        if before is not None:
            delta = black - before
            for i, e in enumerate(trace):
                weights[i] += alpha * delta * e
        slope = sign * chance * (1.0 - chance)
        trace = [lam * e + slope * v for e, v in zip(trace, x, strict=True)]
        before = black
        state = _best_end(play(state, _roll(rng)), judge)
        if state.is_over:
            delta = (1.0 if state.winner == 0 else 0.0) - before
            for i, e in enumerate(trace):
                weights[i] += alpha * delta * e
            return True
    return False


def positions(games: int, seed: int) -> list[tuple[PachState, int, float]]:
    """From ``games`` games between the hand-made evaluation's best turns:
    each position between two turns, the winner, and how far into its game it
    came (0 to 1)."""
    rng = random.Random(seed)
    found: list[tuple[PachState, int, float]] = []
    for _ in range(games):
        state = deal()
        seen = []
        for _ in range(TURN_CAP):
            seen.append(state)
            state = _best_end(play(state, _roll(rng)), _old_judge)
            if state.is_over:
                break
        if state.winner is None:
            continue
        found += [(each, state.winner, i / len(seen)) for i, each in enumerate(seen)]
    return found


def report(weights: Sequence[float], held_out: list[tuple[PachState, int, float]]) -> list[str]:
    """How well the weights and the hand-made evaluation foretell the winner of ``held_out``."""
    lines = [f"{'positions':<14}{'':>6} {'log loss':>9} {'Brier':>7} {'favourite won':>14}"]
    parts = (("whole game", 0.0, 1.0), ("first third", 0.0, 1 / 3), ("second third", 1 / 3, 2 / 3))
    for name, low, high in parts + (("last third", 2 / 3, 1.0),):
        chosen = [(s, w) for s, w, at in held_out if low <= at < high]
        judges: list[tuple[str, Callable[[PachState], float]]] = [
            ("trained", lambda s: _sigmoid(_dot(weights, features(s)))),
            ("old", lambda s: _sigmoid(standing(s, s.to_move) / OLD_SCALE)),
        ]
        for label, chance in judges:
            loss = brier = right = 0.0
            for state, winner in chosen:
                p = min(max(chance(state), 1e-6), 1 - 1e-6)
                won = 1.0 if winner == state.to_move else 0.0
                loss -= won * math.log(p) + (1 - won) * math.log(1 - p)
                brier += (p - won) ** 2
                right += (p > 0.5) == (won == 1.0) if p != 0.5 else 0.5
            n = max(1, len(chosen))
            figures = f"{loss / n:9.3f} {brier / n:7.3f} {right / n:13.1%}"
            lines.append(f"{name:<14}{label:>8} {figures}  ({len(chosen)})")
    return lines


def train(
    games: int, seed: int, alpha: float = 0.1, lam: float = 0.7, progress: bool = False
) -> tuple[list[float], int]:
    """The weights after ``games`` games of self-play from the hand-made start
    (the learning rate falling from ``alpha`` to a tenth of it); the games capped."""
    weights = list(evaluation.load_start())
    rng = random.Random(seed)
    capped = 0
    for game in range(games):
        rate = alpha * (1.0 - 0.9 * game / max(1, games))
        capped += not self_play(weights, rng, rate, lam)
        if progress and (game + 1) % 100 == 0:
            print(f"  {game + 1} games, {time.process_time():.0f} s of CPU", file=sys.stderr, flush=True)
    return weights, capped


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000, help="self-play games")
    parser.add_argument("--seed", type=int, default=1, help="the dice of the training games")
    parser.add_argument("--alpha", type=float, default=0.1, help="the learning rate at the start")
    parser.add_argument("--lam", type=float, default=0.7, help="TD(lambda)'s lambda")
    parser.add_argument("--held-out", type=int, default=200, help="games to judge the weights on")
    parser.add_argument("--write", action="store_true", help="keep the weights in weights.json")
    args = parser.parse_args(argv)
    began = time.process_time()
    weights, capped = train(args.games, args.seed, args.alpha, args.lam, progress=True)
    took = time.process_time() - began
    print(f"{args.games} games of self-play ({capped} capped) in {took:.0f} s of CPU")
    for name, weight in zip(FEATURES, weights, strict=True):
        print(f"  {name:<16}{weight:8.3f}")
    held_out = positions(args.held_out, args.seed + 1_000_003)
    print(f"held out: {args.held_out} games, seed {args.seed + 1_000_003}")
    print("\n".join(report(weights, held_out)))
    if args.write:
        path = Path(evaluation.__file__).with_name(evaluation.WEIGHTS_FILE)
        data = {
            "features": list(FEATURES),
            "weights": [round(w, 3) for w in weights],
            "trained": (
                f"python -m iriri_core.games.pach_ice_i.train --games {args.games} --seed {args.seed}"
                f" --alpha {args.alpha} --lam {args.lam}"
            ),
        }
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"written to {path.name}")


if __name__ == "__main__":
    main()
