"""The generic conformance test: every registered game, many seeds, every step.

In the spirit of OpenSpiel's random-simulation test.  Games are played with
random moves and each position is checked against the protocol in
iriri_core/engine.py.  Chance is a player like the others: at each chance
node the outcomes are the legal moves, with odds that sum to 1; the sweeps
pick among them uniformly (so rare rolls come up too) or draw them by their
odds with :func:`iriri_core.engine.draw_chance`, and a game dealt from a seed
gets the same chance outcomes every time (:func:`iriri_core.engine.fixed_chance`,
as tables and tournaments use it).  Where a game hides something, every bot
level, asked at the table, moves alike in positions its seat cannot tell
apart, and a bot handed whole positions is caught by the same check.
Game-specific invariants are listed in INVARIANTS.
"""

from __future__ import annotations

import copy
import math
import os
import random
import zlib
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from fixtures.tictactoe import TicTacToe
from kuhn import Kuhn, KuhnMatch

from iriri_core import CHANCE, SPECTATOR, TERMINAL, Record, Seat, game_names, get_game
from iriri_core.bots import BOTS, Thinking, finish, make_bot
from iriri_core.bots.tournament import play_game
from iriri_core.engine import draw_chance, fixed_chance
from iriri_core.pieces import PER_SIZE, SIZES, Pyramid
from iriri_core.table.runner import Runner

GAMES = [*game_names(), Kuhn.name, KuhnMatch.name, TicTacToe.name]
STEP_SEEDS = range(int(os.environ.get("IRIRI_STEP_SEEDS", "12")))
SWEEP_SEEDS = range(100, 100 + int(os.environ.get("IRIRI_SWEEP_SEEDS", "100")))
"""The seeds of the two long sweeps below.  CPython runs them all; the run of
these tests inside Pyodide (e2e/test_pyodide_node.py) takes fewer, as it checks
that the page's interpreter plays the engine as CPython does, not the rules'
breadth again."""
HIDDEN = [
    game.name
    for game in (*(get_game(name) for name in game_names()), Kuhn, KuhnMatch)
    if game.hidden_information
]
"""The games where a seat may not see all of a position (Pyrinoes, and the test-only Kuhn poker)."""


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
    from iriri_core.games.hextris.rules import group_at

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


def pach_invariants(state: Any) -> None:
    """Each stash is whole (five of each size on the board, in the pad or
    home); a pad holds only whole trees, what is left of them and single
    pieces; the dice still to use are sorted, at most three; the pieces moved
    this turn stand on their squares; a winner has all fifteen home."""
    for seat in (0, 1):
        sizes = Counter(size for tree in state.trees[seat] for size in tree)
        sizes.update(piece[1] for piece in state.board if piece is not None and piece[0] == seat)
        for size in (1, 2, 3):
            sizes[size] += state.home[seat][size - 1]
        assert sizes == {1: 5, 2: 5, 3: 5}
        assert set(state.trees[seat]) <= {(3, 2, 1), (3, 2), (3,), (2,), (1,)}
    assert list(state.dice) == sorted(state.dice) and len(state.dice) <= 3
    assert all(state.board[square] is not None for square in state.moved)
    assert (state.winner is not None) == any(sum(home) == 15 for home in state.home)


def pyrinoes_invariants(state: Any) -> None:
    """Every domino of the set is once in a hand, the line or the boneyard;
    each player's pyramids and the greens are whole (in the supply, in
    pyrinoes in hand or in the line); the line connects; a round under way
    has two open ends."""
    from iriri_core.games.pyrinoes import notation

    notation.check(state)
    if state.round >= 1 and state.line:
        assert len(state.open_ends) == 2


INVARIANTS: dict[str, Callable[[Any], None]] = {
    "iriri": iriri_invariants,
    "hextris": hextris_invariants,
    "pach-ice-i": pach_invariants,
    "pyrinoes": pyrinoes_invariants,
}

SHORT: dict[str, dict[str, Any]] = {"pyrinoes": {"target": 30}}
"""Options that shorten a game's random playouts here: a Pyrinoes match to
30 points (one to three rounds when played at random) rather than 100 (four
to seven), so the sweeps still cross rounds in a few seconds."""


def start(game: Any, players: int, seed: int) -> Any:
    """A game's start position for these sweeps (shortened as SHORT says)."""
    return game.new_game(players=players, seed=seed, **SHORT.get(game.name, {}))


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
            assert sorted(m for m, _ in odds) == moves, "chance's moves are its outcomes, each once"
            assert all(p > 0 for _, p in odds), "an outcome that cannot happen is not listed"
            assert math.isclose(sum(p for _, p in odds), 1.0), "the odds of the outcomes sum to 1"
            roller = game.roller(state)
            assert roller is None or 0 <= roller < players
        else:
            assert 0 <= seat < players
            assert game.chance_outcomes(state) == []
            assert game.roller(state) is None, "a roller only where chance acts"
            # A bot sees only its view, and must see the same choices there.
            assert game.legal_moves(game.view(state, seat)) == moves
        # A pass that is the only move is told as such (a table makes it for a person).
        forced = game.forced_pass(state)
        assert forced is None or (seat >= 0 and moves == [forced])
        passing = getattr(game, "pass_move", None)
        assert (forced is not None) == (passing is not None and seat >= 0 and moves == [passing])

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
    """States and moves of one random game, chance drawn by its odds."""
    rng = random.Random(seed)
    state = start(game, players, seed)
    states, moves = [state], []
    while not game.is_over(state):
        if game.current_player(state) == CHANCE:
            move = draw_chance(game, state, rng)
        else:
            move = rng.choice(game.legal_moves(state))
        moves.append(move)
        state = game.play(state, move)
        states.append(state)
        assert len(moves) < 10_000, "a random game should end"
    return states, moves


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_every_step_keeps_the_protocol(name: str, with_kuhn: None) -> None:
    game = get_game(name)
    for players in player_counts(game):
        for seed in STEP_SEEDS:
            state = start(game, players, seed)
            record = Record.begin(game, state, seed=seed)
            rng = random.Random(seed)
            states = [state]
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
                states.append(state)
            assert Record.from_json(record.to_json()).replay() == states, "a record replays every position"


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str, with_kuhn: None) -> None:
    game = get_game(name)
    for players in player_counts(game):
        for seed in (0, 1, 12345):
            first = random_line(game, players, seed)
            again = random_line(game, players, seed)
            assert first == again


@pytest.mark.parametrize("name", GAMES)
def test_chance_is_fixed_by_the_seed(name: str, with_kuhn: None) -> None:
    """Where chance acts, the seed fixes it: ``fixed_chance`` gives the same
    outcome for the same seed and move number (and is ``draw_chance``, which
    follows the odds, from a generator seeded by both), so two games between the same bots with the
    same seed are the same game, record and all, and another seed gives
    other outcomes.  A game without chance nodes passes trivially."""
    game = get_game(name)
    players = game.min_players
    nodes = [s for s in random_line(game, players, seed=3)[0] if game.current_player(s) == CHANCE]
    for ply, state in enumerate(nodes[:20]):
        outcome = fixed_chance(game, state, 11, ply)
        assert outcome == fixed_chance(game, state, 11, ply)
        assert outcome == draw_chance(game, state, random.Random(f"11/{ply}"))
        assert outcome in game.legal_moves(state)
    if nodes:  # drawn by the odds: 5,000 draws stray little from them
        rng = random.Random(0)
        drawn = Counter(draw_chance(game, nodes[0], rng) for _ in range(5000))
        odds = game.chance_outcomes(nodes[0])
        assert sum(abs(drawn[move] / 5000 - p) for move, p in odds) / 2 < 0.12

    def match(seed: int) -> Record:
        bots = [make_bot("random", seed=seat) for seat in range(players)]
        return play_game(game, bots, seed=seed).record

    def chance_moves(record: Record) -> tuple[str, ...]:
        states = record.replay()
        return tuple(
            move
            for state, move in zip(states[:-1], record.moves, strict=True)
            if game.current_player(state) == CHANCE
        )

    first = match(7)
    assert match(7) == first
    assert Record.from_json(first.to_json()).replay() == first.replay()
    if any(len(game.chance_outcomes(state)) > 1 for state in nodes):
        assert len({chance_moves(match(seed)) for seed in range(7, 12)}) > 1


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_many_random_games_end_properly(name: str, with_kuhn: None) -> None:
    """A wider sweep with the cheap checks only."""
    game = get_game(name)
    check = INVARIANTS.get(name, lambda state: None)
    for players in player_counts(game):
        for seed in SWEEP_SEEDS:
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


# ---------------------------------------------------------------- bots see only their view


def look_alike(game: Any, state: Any) -> Any | None:
    """Another position that the seat to move in ``state`` cannot tell from
    it (what it cannot see drawn again from its view), or None if there is none."""
    seat = game.current_player(state)
    view = game.view(state, seat)
    for seed in range(20):
        other = game.sample(view, seat, random.Random(seed))
        if other != state:
            assert game.view(other, seat) == view, "a sample looks to the seat as the position does"
            return other
    return None


_CHOICES: dict[str, list[tuple[Any, Any]]] = {}


def choices_in_the_dark(game: Any, count: int = 8) -> list[tuple[Any, Any]]:
    """Pairs of positions, each from the middle of a random game, that the
    seat to move cannot tell apart and where it has more than one move."""
    if game.name not in _CHOICES:
        found = []
        for seed in range(100):
            states, _ = random_line(game, game.min_players, seed)
            for state in states[len(states) // 2 :]:
                other = None
                if game.current_player(state) >= 0 and len(game.legal_moves(state)) > 1:
                    other = look_alike(game, state)
                if other is not None:
                    found.append((state, other))
                    break
            if len(found) == count:
                break
        _CHOICES[game.name] = found
    return _CHOICES[game.name]


class WholePositions:
    """``game`` with views that hide nothing: a table built on it hands each
    bot the whole position, as a bot that peeked would see it."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def view(self, state: Any, player: int) -> Any:
        return state


class PeekingRunner(Runner):
    """A table that hands its bots whole positions instead of their seat's view."""

    def __init__(self, game: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(WholePositions(game), *args, **kwargs)


class Peeker:
    """A bot whose move depends on all it is handed: given a whole position,
    on what its seat may not see too."""

    name = "peeker"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def think(self, game: Any, state: Any) -> Thinking:
        moves = game.legal_moves(state)
        return moves[zlib.crc32(repr(state).encode()) % len(moves)]
        yield  # a generator, like every bot's think

    def choose(self, game: Any, state: Any) -> Any:
        return finish(self.think(game, state))


def told_apart(game: Any, level: str, table: type[Runner] = Runner) -> list[int]:
    """Which pairs of :func:`choices_in_the_dark` get different moves from
    the bot of ``level`` in the seat to move, each asked as ``table`` asks
    it (:meth:`Runner.act`, which hands the bot that seat's view), with the
    same seed: a bot that sees only its view tells none apart."""
    pairs = choices_in_the_dark(game)
    assert len(pairs) >= 3, "there are positions to try"
    differ = []
    for number, pair in enumerate(pairs):
        seat = game.current_player(pair[0])
        seats = [Seat("bot", level) if s == seat else Seat("human") for s in range(game.min_players)]
        moves = []
        for state in pair:
            wait, move = table(game, seats, seed=9, chance_seed=9).act(state, ply=0, budget=60.0)
            assert wait == 0.0 and move in game.legal_moves(state)
            moves.append(move)
        if moves[0] != moves[1]:
            differ.append(number)
    return differ


@pytest.mark.slow
@pytest.mark.parametrize("level", sorted(BOTS))
@pytest.mark.parametrize("name", HIDDEN)
def test_a_seat_that_cannot_tell_two_positions_apart_gets_the_same_move(
    name: str, level: str, with_kuhn: None
) -> None:
    """Two states with the same view for a seat give that seat's bot the
    same move for the same seed: the table hands a bot only its view."""
    assert told_apart(get_game(name), level) == []


@pytest.mark.parametrize("name", HIDDEN)
def test_a_bot_that_peeks_fails_the_check_above(
    name: str, with_kuhn: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check can fail: a bot handed whole positions (by a table that does
    not take the view) moves differently in positions its seat cannot tell
    apart, while the same bot at the real table, handed views, cannot."""
    monkeypatch.setitem(BOTS, Peeker.name, Peeker)
    game = get_game(name)
    assert told_apart(game, Peeker.name) == []
    assert told_apart(game, Peeker.name, PeekingRunner) != []


class Witness:
    """A random bot that keeps every position it is handed."""

    name = "witness"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.handed: list[Any] = []

    def choose(self, game: Any, state: Any) -> Any:
        self.handed.append(state)
        return self.rng.choice(game.legal_moves(state))


@pytest.mark.parametrize("name", HIDDEN)
def test_matches_hand_each_bot_only_its_view(name: str, with_kuhn: None) -> None:
    """Bot matches (``tournament.play_game``, which the strength figures come
    from) hand a bot its seat's view: what it is handed is its own view, and
    not the whole position (which the other seat's hidden pieces tell apart)."""
    game = get_game(name)
    for seed in range(3):
        bots = [Witness(seat) for seat in range(game.min_players)]
        play_game(game, bots, seed=seed)
        for seat, bot in enumerate(bots):
            assert bot.handed
            assert all(game.view(state, seat) == state for state in bot.handed)
