"""Golden playthroughs: a stored record, replayed, must give the stored
playthrough text (every position, its legal move count and the move played).

To regenerate after a deliberate rules change, run
``UPDATE_GOLDEN=1 python3 -m pytest tests/test_golden.py`` and review the diff;
``UPDATE_GOLDEN=hextris_golden`` regenerates only that case (the bots play
differently as they improve, so regenerating a game whose rules did not
change only churns its files).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from iriri_core import Record, get_game
from iriri_core.bots import make_bot
from iriri_core.bots.tournament import play_game

DATA = Path(__file__).parent / "data"
CASES = {
    # name: (game, players, seed, bots)
    "iriri_golden": ("iriri", 3, 2026, ("greedy", "random", "greedy")),
    "hextris_golden": ("hextris", 3, 2026, ("greedy", "random", "greedy")),
}


def playthrough(record: Record) -> str:
    game = get_game(record.game)
    states = record.replay()
    lines = []
    for number, state in enumerate(states):
        lines.append(f"== position {number}")
        lines.append(game.to_text(state).rstrip("\n"))
        lines.append(f"legal moves: {len(game.legal_moves(state))}")
        if number < len(record.moves):
            lines.append(f"move {number + 1}: {record.moves[number]}")
    outcome = game.outcome(states[-1])
    assert outcome is not None
    lines.append(f"== outcome: scores {outcome.scores}, winners {outcome.winners}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    record_path = DATA / f"{name}.json"
    text_path = DATA / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN") in ("1", name):
        game_name, players, seed, bots = CASES[name]
        game = get_game(game_name)
        result = play_game(game, [make_bot(b, seed=i) for i, b in enumerate(bots)], seed=seed)
        assert result.record.players == players
        record_path.write_text(result.record.to_json() + "\n")
        text_path.write_text(playthrough(result.record))
    record = Record.from_json(record_path.read_text())
    assert playthrough(record) == text_path.read_text()
