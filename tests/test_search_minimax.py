"""The tree search's implicit minimax backups (bots/search.py): kept only
where a game turns them on (``search_minimax``), and each node's the best of
its children's for the player to move there."""

from __future__ import annotations

from typing import Any

from hextris_helpers import GAME, position

from iriri_core import get_game
from iriri_core.bots import SearchBot
from iriri_core.bots.baseline import finish
from iriri_core.bots.search import Node

OPENED = position(
    """
e     ..  ..  ..
d   ..  ..  ..  B2
c Y1  ..  ..  ..  ..
b   ..  Y1  ..  ..
a     Y1  ..  B3
""",
    to_move=2,
)


def expanded(node: Node) -> list[Node]:
    """``node`` and every node below it that has children."""
    found = [node] if node.children else []
    for _, child in node.children:
        found += expanded(child)
    return found


def test_every_node_holds_the_minimax_of_its_children() -> None:
    bot = SearchBot(seed=1, iterations=300)
    bot.choose(GAME, OPENED)
    nodes = expanded(bot.roots[0])
    assert len(nodes) > 10
    for node in nodes:
        values = [child.minimax for _, child in node.children]
        assert all(value is not None for value in values)
        assert node.minimax == max(values, key=lambda value: value[node.player])  # type: ignore[index]


def test_the_backups_are_off_unless_the_game_turns_them_on() -> None:
    iriri: Any = get_game("iriri")
    bot = SearchBot(seed=1, iterations=30)
    bot.choose(iriri, iriri.new_game(players=2, seed=3))
    assert bot.roots[0].minimax is None
    off = SearchBot(seed=1, iterations=30, minimax=0.0)
    off.choose(GAME, OPENED)
    assert off.roots[0].minimax is None


def test_the_search_with_backups_is_deterministic_and_answers_the_coach() -> None:
    first, second = SearchBot(seed=4, iterations=120), SearchBot(seed=4, iterations=120)
    move = first.choose(GAME, OPENED)
    assert second.choose(GAME, OPENED) == move
    assert first.looked_at()[: len(first.roots[0].children)] == [
        known for known, _ in first.roots[0].children
    ]
    value = finish(first.value_after(GAME, move, 1, 40))
    assert 0.0 <= value <= 1.0
    assert 0.0 <= first.rough_value(GAME, move, 1) <= 1.0
