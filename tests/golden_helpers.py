"""Golden playthroughs of the games with chance (Pach-Ice-i, Pyrinoes): a
file with every position of a bot game from the start, its number of legal
moves and the move played from it, which the tests replay position by position."""

from __future__ import annotations

from typing import Any

from iriri_core.bots import make_bot
from iriri_core.bots.tournament import play_game


def playthrough(game: Any, moves: list[str], header: str) -> str:
    """The golden file's text for ``moves`` played from ``game``'s start, under a ``header`` line."""
    state = game.new_game()
    lines = [header]
    for number in range(len(moves) + 1):
        lines.append(f"== position {number}")
        lines.append(game.to_text(state).rstrip("\n"))
        lines.append(f"legal moves: {len(game.legal_moves(state))}")
        if number < len(moves):
            lines.append(f"move {number + 1}: {moves[number]}")
            state = game.play(state, game.parse_move(state, moves[number]))
    outcome = game.outcome(state)
    assert outcome is not None
    lines.append(f"== outcome: scores {outcome.scores}, winners {outcome.winners}")
    return "\n".join(lines) + "\n"


def golden_moves(game: Any, bots: tuple[str, ...], seed: int) -> list[str]:
    """The moves of a game between ``bots`` (the bot of seat i seeded i), chance fixed by ``seed``,
    as the bots play it now."""
    players = [make_bot(name, seed=i) for i, name in enumerate(bots)]
    result = play_game(game, players, seed=seed)
    assert result.outcome is not None
    return list(result.record.moves)
