"""Information-set tree search (iriri_core/bots/ismcts.py): one tree over what
the player knows, a position drawn from its view at every iteration; it is
Pyrinoes' search, and it plays the test game Kuhn poker (tests/kuhn.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from kuhn import Kuhn, KuhnState, registered
from pyrinoes_helpers import GAME, position

from iriri_core import get_game
from iriri_core.bots import make_bot
from iriri_core.bots.baseline import finish
from iriri_core.bots.ismcts import InformationSetSearch
from iriri_core.bots.searchers import SEARCHES, LevelBot, iterations_for, searcher
from iriri_core.bots.tournament import play_game
from iriri_core.games.pyrinoes.state import PyrinoesState


@pytest.fixture
def kuhn() -> Iterator[Kuhn]:
    with registered():
        yield get_game(Kuhn.name)


def midgame() -> PyrinoesState:
    """Fire to move in a Pyrinoes round, as fire sees it."""
    state = position("5-3", fire="6-5 3-1 4-2", ice="4-4 4-0 2-2 6-0")
    return GAME.view(state, 0)


def test_pyrinoes_names_this_search() -> None:
    assert GAME.search_kind == "ismcts" and SEARCHES["ismcts"] is InformationSetSearch
    assert isinstance(searcher(GAME, seed=1), InformationSetSearch)
    assert iterations_for(GAME, "expert") == GAME.expert_iterations > iterations_for(GAME)


def test_a_legal_move_and_the_same_one_from_the_same_seed() -> None:
    view = midgame()
    runs = []
    for _ in range(2):
        bot = InformationSetSearch(seed=3, iterations=80)
        move = bot.choose(GAME, view)
        runs.append((move, bot.looked_at(), [bot.rough_value(GAME, m, 0) for m in bot.looked_at()]))
    assert runs[0] == runs[1]
    move, looked, values = runs[0]
    assert move in GAME.legal_moves(view) and move in looked
    assert set(looked) <= set(GAME.candidate_moves(view))
    assert all(0.0 <= value <= 1.0 for value in values)


def test_the_searcher_protocol() -> None:
    """One tree: its share is the whole budget, and a move's value is
    searched on to the visits asked (a move never tried is added)."""
    view = midgame()
    bot = InformationSetSearch(seed=1, iterations=40)
    finish(bot.think(GAME, view))
    assert bot.share(GAME) == 40 and bot.root is not None
    assert sum(child.visits for child in bot.root.children.values()) == 40
    for move in GAME.legal_moves(view)[:3] + bot.looked_at()[:1]:
        value = finish(bot.value_after(GAME, move, 0, 25))
        assert bot.root.children[move].visits >= 25
        assert value == bot.rough_value(GAME, move, 0) and 0.0 <= value <= 1.0
        assert finish(bot.value_after(GAME, move, 1, 25)) == pytest.approx(1.0 - value)


def test_one_legal_move_is_no_search() -> None:
    """Ice can neither play nor build (every pyramid in pyrinoes that do not fit): it draws."""
    built = "B3B3+K3K3 B3B2+K3K2 B2B2+K2K2 B1B1+K1K1 B1+K1"
    state = position("3-0", fire="6-5 3-1", ice="6-6 5-4 2-1", ice_pyrinoes=built, to_move="ice")
    view = GAME.view(state, 1)
    bot = InformationSetSearch(seed=1, iterations=40)
    assert [GAME.move_text(view, bot.choose(GAME, view))] == ["draw"]
    assert bot.share(GAME) == 0 and bot.looked_at() == []
    assert finish(bot.value_after(GAME, GAME.legal_moves(view)[0], 1, 10)) == 0.5


def test_the_hard_level_plays_the_race() -> None:
    """With every pyramid built, a pyrino that fits is played before a heavier domino."""
    built = "R3R3+Y3Y3 R3R2+Y3Y2 R2R2+Y2Y2 R1R1+Y1Y1 R1+Y1"
    state = position("5-3", fire="6-5 2-1", fire_pyrinoes=built, ice="4-4 4-0")
    for level in ("hard", "expert"):
        move = LevelBot(level, seed=2).choose(GAME, GAME.view(state, 0))
        assert GAME.move_text(state, move) == "R3R2+Y3Y2 left", level


def test_kuhn_a_call_is_worth_the_chance_of_the_better_card(kuhn: Kuhn) -> None:
    """Holding the queen against a bet, a call wins against the jack only:
    half the positions drawn; a fold loses them all.  Holding the king, a
    call always wins."""
    for card, call in (("Q", 0.5), ("K", 1.0)):
        view = kuhn.view(KuhnState(card + "J", ("check", "bet")), 0)
        bot = InformationSetSearch(seed=4, iterations=200)
        assert bot.choose(kuhn, view) == "call"
        assert finish(bot.value_after(kuhn, "call", 0, 200)) == pytest.approx(call, abs=0.1)
        assert finish(bot.value_after(kuhn, "fold", 0, 10)) == 0.0


def test_kuhn_beats_random_play(kuhn: Kuhn) -> None:
    """As the mcts search does (tests/test_hidden.py), without peeking."""
    wins = 0
    for game in range(60):
        bots = [InformationSetSearch(seed=game, iterations=100), make_bot("random", seed=game)]
        seat = game % 2
        result = play_game(kuhn, bots[::-1] if seat else bots, seed=game)
        assert result.outcome is not None
        wins += result.outcome.winners == (seat,)
    assert wins >= 36, wins
