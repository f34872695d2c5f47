"""Kuhn poker, a test-only game that exercises the protocol's chance player
and hidden information (the way Pach-Ice-i's dice and Pyrinoes' hidden
dominoes will).  It is registered only inside the tests.

Three cards J < Q < K; chance deals one to each of two players, each sees
only their own.  Player 1 checks or bets; after a check player 2 checks or
bets; after a bet the other player calls or folds.  The best card wins a
showdown; a fold loses.
"""

from __future__ import annotations

from dataclasses import dataclass

from iriri_core.engine import (
    CHANCE,
    TERMINAL,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Outcome,
)

CARDS = "JQK"
HIDDEN = "?"
ACTIONS = ("bet", "check", "call", "fold")


@dataclass(frozen=True)
class KuhnState:
    cards: str = ""  # dealt so far, seat order; HIDDEN in a view
    history: tuple[str, ...] = ()


class Kuhn:
    name = "kuhn-test"
    title = "Kuhn poker (test game)"
    min_players = 2
    max_players = 2
    move_cap = 10

    def agreed_draw(self, state: KuhnState) -> str | None:
        return None

    def new_game(self, players: int = 2, seed: int | None = None) -> KuhnState:
        if players != 2:
            raise ValueError("Kuhn poker is for 2 players")
        return KuhnState()

    def num_players(self, state: KuhnState) -> int:
        return 2

    def current_player(self, state: KuhnState) -> int:
        if len(state.cards) < 2:
            return CHANCE
        if self.is_over(state):
            return TERMINAL
        return len(state.history) % 2

    def legal_moves(self, state: KuhnState) -> list[str]:
        if len(state.cards) < 2:
            return sorted(c for c in CARDS if c not in state.cards)
        if self.is_over(state):
            return []
        if state.history and state.history[-1] == "bet":
            return ["call", "fold"]
        return ["bet", "check"]

    def chance_outcomes(self, state: KuhnState) -> list[tuple[str, float]]:
        if len(state.cards) >= 2:
            return []
        moves = self.legal_moves(state)
        return [(m, 1 / len(moves)) for m in moves]

    def play(self, state: KuhnState, move: str) -> KuhnState:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move} is not allowed now")
        if len(state.cards) < 2:
            return KuhnState(state.cards + move, state.history)
        return KuhnState(state.cards, (*state.history, move))

    def is_over(self, state: KuhnState) -> bool:
        h = state.history
        return h in (
            ("check", "check"),
            ("bet", "call"),
            ("bet", "fold"),
            ("check", "bet", "call"),
            ("check", "bet", "fold"),
        )

    def outcome(self, state: KuhnState) -> Outcome | None:
        if not self.is_over(state):
            return None
        h = state.history
        if h[-1] == "fold":
            winner = len(h) % 2  # the player after the folder
        else:
            winner = 0 if CARDS.index(state.cards[0]) > CARDS.index(state.cards[1]) else 1
        pot = 2 if "bet" in h else 1
        scores = [-float(pot), -float(pot)]
        scores[winner] = float(pot)
        return Outcome(scores=tuple(scores), winners=(winner,))

    def scores(self, state: KuhnState) -> tuple[float, ...]:
        outcome = self.outcome(state)
        return (0.0, 0.0) if outcome is None else outcome.scores

    def evaluate(self, state: KuhnState, player: int) -> float:
        return self.scores(state)[player]

    def candidate_moves(self, state: KuhnState) -> list[str]:
        return self.legal_moves(state)

    def view(self, state: KuhnState, player: int) -> KuhnState:
        cards = "".join(c if seat == player else HIDDEN for seat, c in enumerate(state.cards))
        return KuhnState(cards, state.history)

    def to_text(self, state: KuhnState) -> str:
        return f"kuhn {state.cards or '-'} {' '.join(state.history) or '-'}"

    def from_text(self, text: str) -> KuhnState:
        parts = text.split(maxsplit=2)
        if len(parts) != 3 or parts[0] != "kuhn":
            raise InvalidPositionError("not a Kuhn position")
        cards = "" if parts[1] == "-" else parts[1]
        history = () if parts[2] == "-" else tuple(parts[2].split())
        if len(cards) > 2 or any(c not in CARDS for c in cards) or len(set(cards)) != len(cards):
            raise InvalidPositionError("bad cards")
        if any(a not in ACTIONS for a in history):
            raise InvalidPositionError("bad history")
        return KuhnState(cards, history)

    def move_text(self, state: KuhnState, move: str) -> str:
        return move

    def parse_move(self, state: KuhnState, text: str) -> str:
        if text not in ACTIONS and text not in CARDS:
            raise InvalidMoveError(f"{text!r} is not a Kuhn move")
        return text
