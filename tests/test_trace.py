"""One tap and one bot move traced through the table in CPython
(:func:`iriri_core.bench.tap_trace`, printed by ``python -m iriri_core.bench
--trace``): the table as the person sees it is worked out once per tap
(one ``Seen``), and the game's view of a position is asked for at most twice
per viewer per move played, however many moves the page lists."""

from __future__ import annotations

import pytest

from iriri_core import game_names, get_game
from iriri_core.bench import tap_trace


@pytest.mark.parametrize("name", game_names())
def test_a_tap_works_out_the_table_once(name: str) -> None:
    """Up to six turns each first; fewer in a game that may end sooner (its
    ``shortest_game``), so that the bot still has a move to make."""
    shortest = getattr(get_game(name), "shortest_game", 1)
    figures = tap_trace(name, turns=min(6, (shortest - 2) // 2))
    tap, bot = figures["tap"], figures["bot_move"]
    assert tap["seen"] <= 1 and all(count <= 2 for count in tap["view"].values()), tap
    assert bot["plies"] >= 1 and bot["seen"] <= 1, bot
    assert all(count <= bot["plies"] + 1 for count in bot["view"].values()), bot
    assert bot["reveals"] <= 3 * bot["plies"], bot


def test_the_trace_counts_calls() -> None:
    """The trace sees what it counts: a bot's move is looked at by the
    person (a new position, worked out once) and by the bot."""
    counts = tap_trace("hextris")["bot_move"]
    assert (
        counts["seen"] == 1
        and counts["view"]["0"] >= 1
        and counts["view"]["1"] >= 1
        and counts["people"] >= 1
    )
