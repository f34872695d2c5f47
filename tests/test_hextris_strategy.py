"""The Hextris evaluation and candidate moves (docs/bots.md): threats and who is to move."""

from __future__ import annotations

from hextris_helpers import GAME, position

from iriri_core.bots import SearchBot
from iriri_core.games.hextris import strategy
from iriri_core.games.hextris.notation import move_text

FOUR = """
e     ..  ..  ..
d   ..  ..  ..  ..
c ..  ..  ..  ..  ..
b   ..  Y1  ..  ..
a     Y1  Y1  Y1
"""
"""Yellow's four smalls, with vacant edge spots beside them to drop a fifth on."""


def one_threat(blue: str = "..", yellow: str = "Y3") -> str:
    """Yellow's four smalls, their fifth piece on e5 and none in hand: the
    large on e5 can slide to c3 (the group's one threat) unless ``yellow``
    puts a small there; Blue may have a piece on c1."""
    return f"""
e     ..  ..  {yellow}
d   ..  ..  ..  ..
c {blue}  ..  ..  ..  ..
b   ..  Y1  ..  ..
a     Y1  Y1  Y1
"""


def test_a_group_of_four_with_a_free_spot_is_worth_most_to_the_player_to_move() -> None:
    mine = strategy.evaluate(position(FOUR, to_move=1), 0)
    theirs = strategy.evaluate(position(FOUR, to_move=2), 0)
    stuck = strategy.evaluate(position(one_threat(yellow="Y1"), to_move=2, groups=(2, 0)), 0)
    assert mine > theirs
    banked = strategy.GROUP_VALUE * 2
    assert stuck - banked < theirs, "a group of four its owner cannot complete is worth less"


def test_one_threat_the_opponent_cannot_reach_is_worth_as_much_as_two() -> None:
    free = strategy.evaluate(position(one_threat(), to_move=2, groups=(2, 0)), 0)
    covered = strategy.evaluate(position(one_threat(blue="B3"), to_move=2, groups=(2, 0)), 0)
    assert free - covered > 1.0, "Blue's large on c1 can slide to c3 and stop it"


def test_the_evaluation_is_zero_sum_for_two() -> None:
    state = position(one_threat(blue="B3"), to_move=2, groups=(2, 0))
    assert strategy.evaluate(state, 0) == -strategy.evaluate(state, 1)


def test_the_candidates_are_the_legal_moves_and_banking_comes_first() -> None:
    state = position(FOUR, to_move=1)
    moves = strategy.candidate_moves(state)
    assert sorted(moves) == GAME.legal_moves(state)
    assert len(GAME.rules.formed_groups(state, moves[0])) == 1
    assert strategy.candidate_moves(position(FOUR, to_move=2))[0] in GAME.legal_moves(
        position(FOUR, to_move=2)
    )


def test_blue_stops_the_one_threat_with_a_budget_to_look_two_moves_ahead() -> None:
    state = position(one_threat(blue="B3"), to_move=2, groups=(2, 0))
    bot = SearchBot(seed=1, iterations=200)
    move = bot.choose(GAME, state)
    after = GAME.play(state, move)
    assert not any(GAME.rules.formed_groups(after, reply) for reply in GAME.legal_moves(after)), move_text(
        move
    )
