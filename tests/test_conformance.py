"""The generic conformance test: every registered game, many seeds, every step.

In the spirit of OpenSpiel's random-simulation test.  Games are played with
random moves (chance sampled from ``chance_outcomes``) and each position is
checked against the protocol in iriri_core/engine.py.  Game-specific
invariants are listed in INVARIANTS.
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from kuhn import Kuhn, KuhnMatch

from iriri_core import CHANCE, SPECTATOR, TERMINAL, Record, game_names, get_game
from iriri_core.pieces import PER_SIZE, SIZES, Pyramid

GAMES = [*game_names(), Kuhn.name, KuhnMatch.name]


def iriri_invariants(state: Any) -> None:
    """All 15 x players pieces are in the dictionary, hands or board, and the
    dictionary holds at least one piece of every type ("one piece of every
    type will remain in the dictionary to the very end")."""
    everything = Counter(state.dictionary)
    for hand in state.hands:
        everything.update(hand)
        assert len(hand) <= 3
    everything.update(piece for _, piece in state.board)
    expected = {Pyramid(c, s): PER_SIZE for c in state.colours for s in SIZES}
    assert everything == expected
    assert set(state.dictionary) == set(expected)
    assert len({cell for cell, _ in state.board}) == len(state.board)


def hextris_invariants(state: Any) -> None:
    """Every piece is on the board, in hand or in a banked group of five; no
    group is larger than five, and a five stays on the board only at the end."""
    from iriri_core.hextris.rules import group_at

    seen: set[int] = set()
    fives = [0] * state.players
    for spot, piece in enumerate(state.board):
        if piece is not None and spot not in seen:
            group = group_at(state.board, spot)
            seen |= group
            assert len(group) <= 5
            fives[state.owner(piece)] += len(group) == 5
    assert not any(fives) or state.ending == "won"
    for seat, colour in enumerate(state.colours):
        on_board = sum(1 for piece in state.board if piece is not None and piece.colour == colour)
        assert on_board + sum(state.hands[seat]) + 5 * (state.groups[seat] - fives[seat]) == 3 * PER_SIZE


INVARIANTS: dict[str, Callable[[Any], None]] = {"iriri": iriri_invariants, "hextris": hextris_invariants}


def player_counts(game: Any) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def check_position(game: Any, state: Any, players: int) -> list[Any]:
    """Every protocol promise that one position must keep; returns its moves."""
    moves = game.legal_moves(state)
    assert moves == sorted(set(moves)), "legal moves must be sorted and unique"
    seat = game.current_player(state)
    if game.is_over(state):
        assert seat == TERMINAL
        assert moves == [], "a finished game has no legal moves"
        outcome = game.outcome(state)
        assert outcome is not None
        assert len(outcome.scores) == players
        assert outcome.winners and set(outcome.winners) <= set(range(players))
        assert math.isclose(sum(outcome.result(p) for p in range(players)), 1.0)
    else:
        assert moves, "an unfinished game has at least one legal move"
        assert game.outcome(state) is None
        if seat == CHANCE:
            odds = game.chance_outcomes(state)
            assert sorted(m for m, _ in odds) == moves
            assert math.isclose(sum(p for _, p in odds), 1.0)
        else:
            assert 0 <= seat < players
            assert game.chance_outcomes(state) == []
            # A bot sees only its view, and must see the same choices there.
            assert game.legal_moves(game.view(state, seat)) == moves

    check_views(game, state, players)
    text = game.to_text(state)
    again = game.from_text(text)
    assert again == state, "position text must round-trip"
    assert game.to_text(again) == text
    for move in moves:
        assert game.parse_move(state, game.move_text(state, move)) == move
    if game.name in INVARIANTS:
        INVARIANTS[game.name](state)
    return moves


def check_views(game: Any, state: Any, players: int) -> None:
    """What each seat sees: a game without hidden information hides nothing;
    in one with, a view and every sample drawn from it look to the seat just
    as the position does, and no move is told so as to give more away."""
    for seat in [*range(players), SPECTATOR]:
        view = game.view(state, seat)
        assert game.view(view, seat) == view, "a view of a view is the same view"
        if not game.hidden_information:
            assert view == state
            continue
        known = game.information(state, seat)
        assert game.information(view, seat) == known
        rng = random.Random(players)
        for _ in range(3):
            drawn = game.sample(view, seat, rng)
            assert game.view(drawn, seat) == view and game.information(drawn, seat) == known
        # Moves that leave the seat knowing the same are told to it alike, and
        # a seat always sees its own move.
        told: dict[Any, Any] = {}
        for move in game.legal_moves(state):
            seen = game.view_move(state, move, seat)
            assert told.setdefault(game.information(game.play(state, move), seat), seen) == seen
            if seat == game.current_player(state):
                assert seen == move
    assert not (game.round_over(state) and game.is_over(state)), "a finished game is not between rounds"


def snapshot(state: Any) -> Any:
    """A deep copy of everything a state holds, including cached fields
    (such as Iriri's ``grid``), which equality alone would not compare."""
    return copy.deepcopy(vars(state)) if hasattr(state, "__dict__") else copy.deepcopy(state)


def random_line(game: Any, players: int, seed: int) -> tuple[list[Any], list[Any]]:
    """States and moves of one random game."""
    rng = random.Random(seed)
    state = game.new_game(players=players, seed=seed)
    states, moves = [state], []
    while not game.is_over(state):
        if game.current_player(state) == CHANCE:
            outcomes, weights = zip(*game.chance_outcomes(state), strict=True)
            move = rng.choices(outcomes, weights)[0]
        else:
            move = rng.choice(game.legal_moves(state))
        moves.append(move)
        state = game.play(state, move)
        states.append(state)
        assert len(moves) < 10_000, "a random game should end"
    return states, moves


@pytest.mark.parametrize("name", GAMES)
def test_every_step_keeps_the_protocol(name: str, with_kuhn: None) -> None:
    game = get_game(name)
    for players in player_counts(game):
        for seed in range(12):
            state = game.new_game(players=players, seed=seed)
            record = Record.begin(game, state, seed=seed)
            rng = random.Random(seed)
            while True:
                moves = check_position(game, state, players)
                loaded = Record.from_json(record.to_json())
                assert loaded == record, "the JSON record must round-trip"
                if not moves:
                    break
                before = snapshot(state)
                move = rng.choice(moves)
                after = game.play(state, move)
                assert snapshot(state) == before, "play must not change its input"
                record = record.add(move, state)
                state = after
            assert Record.from_json(record.to_json()).replay()[-1] == state


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str, with_kuhn: None) -> None:
    game = get_game(name)
    for players in player_counts(game):
        for seed in (0, 1, 12345):
            first = random_line(game, players, seed)
            again = random_line(game, players, seed)
            assert first == again


@pytest.mark.parametrize("name", GAMES)
def test_many_random_games_end_properly(name: str, with_kuhn: None) -> None:
    """A wider sweep with the cheap checks only."""
    game = get_game(name)
    check = INVARIANTS.get(name, lambda state: None)
    for players in player_counts(game):
        for seed in range(100, 200):
            states, _ = random_line(game, players, seed)
            for state in states:
                check(state)
            assert game.outcome(states[-1]) is not None
            assert game.legal_moves(states[-1]) == []


def test_different_seeds_deal_differently(iriri: Any) -> None:
    deals = {iriri.to_text(iriri.new_game(players=2, seed=seed)) for seed in range(20)}
    assert len(deals) == 20


def test_hidden_information_is_hidden(with_kuhn: None) -> None:
    """The view of a chance-dealt private card hides it from the other seat."""
    game = get_game(Kuhn.name)
    state = game.play(game.play(game.new_game(), "K"), "J")
    assert game.view(state, 0).cards == "K?"
    assert game.view(state, 1).cards == "?J"
    assert game.current_player(game.new_game()) == CHANCE
