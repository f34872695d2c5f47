"""The Pyrinoes game object: the engine protocol over the rules and notation."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import replace

from ...engine import CHANCE, TERMINAL, BaseGame, Outcome
from . import notation, rules, strategy, told
from .state import (
    HAND,
    TARGET,
    UNSEEN,
    Deal,
    Drawn,
    Pass,
    PyrinoesMove,
    PyrinoesState,
)

MOVE_CAP = 3000
"""Bot-versus-bot matches still running after this many moves stop as draws."""


class PyrinoesGame(BaseGame):
    """Pyrinoes by the rules in docs/rules-notes.md; see :mod:`iriri_core.engine`.

    >>> game = PyrinoesGame()
    >>> state = game.new_game(target=50)
    >>> game.current_player(state), len(game.chance_outcomes(state))
    (-1, 28)
    >>> for text in ("pick 6-5", "pick 3-1"):
    ...     state = game.play(state, game.parse_move(state, text))
    >>> for _ in range(19):
    ...     state = game.play(state, game.legal_moves(state)[0])
    >>> game.current_player(state), [str(d) for d in game.view(state, 1).hands[0][:3]]
    (0, ['?', '?', '?'])
    """

    has_chance = True
    chance_words: tuple[str, str | None] = ("the picks for who starts", None)

    name = "pyrinoes"
    title = "Pyrinoes"
    shortest_game = 21
    """The picks and the deal come first (``BaseGame.shortest_game``)."""
    min_players = 2
    max_players = 2
    move_cap = MOVE_CAP
    search_kind = "ismcts"
    """One search over what the player knows, a position drawn from its view each iteration."""
    search_iterations = 120
    """Iterations of the hard level (docs/bots.md, Pyrinoes)."""
    expert_iterations = 480
    """Iterations of the expert level."""
    search_scale = 6.0
    """Six points of evaluation, a little more than a turn's lead in the race, is about 73%."""
    hidden_information = True
    pass_move = Pass()
    """Only with nothing to play or build and the boneyard empty (a draw is no pass)."""
    rules = rules
    notation = notation
    strategy = strategy

    def new_game(self, players: int = 2, seed: int | None = None, target: int = TARGET) -> PyrinoesState:
        """A match to ``target`` points (100 unless agreed otherwise), before
        the players pick who starts (``seed`` is accepted and ignored: the
        picks, the deals and the draws are chance's moves)."""
        if players != 2:
            raise ValueError("Pyrinoes is for 2 players")
        return rules.new_match(target)

    def current_player(self, state: PyrinoesState) -> int:
        """The seat to move, :data:`CHANCE` for picks, deals and draws, or :data:`TERMINAL`."""
        if rules.is_over(state):
            return TERMINAL
        return CHANCE if rules.chance_acts(state) else state.to_move

    def is_over(self, state: PyrinoesState) -> bool:
        """True once a round has ended with a winner of the match."""
        return rules.is_over(state)

    def round_over(self, state: PyrinoesState) -> bool:
        """True between two rounds (the next deal waits)."""
        return rules.round_over(state)

    def chance_outcomes(self, state: PyrinoesState) -> list[tuple[PyrinoesMove, float]]:
        """Where chance acts, each domino it may give, all alike."""
        return rules.chance_outcomes(state)

    def outcome(self, state: PyrinoesState) -> Outcome | None:
        """The match scores and the winner, once there is one."""
        won = rules.winner(state)
        return None if won is None else Outcome(scores=self.scores(state), winners=(won,))

    def scores(self, state: PyrinoesState) -> tuple[float, ...]:
        """The match scores, the round just ended included."""
        return tuple(float(s) for s in rules.match_scores(state))

    def view(self, state: PyrinoesState, player: int) -> PyrinoesState:
        """The position as ``player`` sees it: the boneyard face down and the
        other player's dominoes hidden (not their number) until the round
        ends, when both hands are counted in the open; a spectator sees
        neither hand during a round."""
        shown = state.ending is not None
        hands = tuple(
            hand if shown or seat == player else (UNSEEN,) * len(hand)
            for seat, hand in enumerate(state.hands)
        )
        return replace(state, hands=(hands[0], hands[1]), boneyard=(UNSEEN,) * len(state.boneyard))

    def view_move(self, state: PyrinoesState, move: PyrinoesMove, player: int) -> PyrinoesMove:
        """A domino dealt to, or drawn by, another player is hidden."""
        if isinstance(move, Deal):
            dealing = state.dealing
            seat = 0 if not dealing else next((s for s in (0, 1) if len(state.hands[s]) < HAND), None)
            return move if seat is None or seat == player else Deal(UNSEEN)
        if isinstance(move, Drawn) and state.to_move != player:
            return Drawn(UNSEEN)
        return move

    def sample(self, view: PyrinoesState, player: int, rng: random.Random) -> PyrinoesState:
        """The hidden dominoes dealt at random from those ``player`` has not
        seen, none to a hand that play showed it cannot hold (:mod:`.told`)."""
        return told.sample(view, player, rng)

    def information(self, state: PyrinoesState, player: int) -> Hashable:
        """What ``player`` knows: its view."""
        return self.view(state, player)
