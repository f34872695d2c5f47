"""Kuhn poker, a test-only game that exercises the protocol's chance player,
hidden information and rounds (the way Pach-Ice-i's dice and Pyrinoes'
hidden dominoes and rounds will).  It is registered only inside the tests,
with a presenter, so that it is played through the same table as the page's
games.

Three cards J < Q < K; chance deals one to each of two players, each sees
only their own.  Player 1 checks or bets; after a check player 2 checks or
bets; after a bet the other player calls or folds.  The best card wins a
showdown; a fold loses.  :class:`KuhnMatch` plays three hands in a row, the
scores added up: a game in rounds.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from iriri_core import engine, presenter
from iriri_core.engine import (
    CHANCE,
    TERMINAL,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Outcome,
)
from iriri_core.learn.hints import Step, press_step
from iriri_core.panel import Panel, columns, control
from iriri_core.pictures.scene import Rect, Scene, Text
from iriri_core.presenter import ColourSeats, Reply, Seen, ranked_result

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
    hidden_information = True

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
        """The chips won at the end; before it, the pot times how much better
        the player's card is than the other's, as far as ``state`` shows them
        (a hidden card counts as the queen): a bot that peeked would play
        differently."""
        if self.is_over(state) or len(state.cards) < 2:
            return self.scores(state)[player]
        rank = {"J": 0, "Q": 1, "K": 2, HIDDEN: 1}
        pot = 2.0 if "bet" in state.history else 1.0
        return pot * (rank[state.cards[player]] - rank[state.cards[1 - player]])

    def candidate_moves(self, state: KuhnState) -> list[str]:
        return self.legal_moves(state)

    def view(self, state: KuhnState, player: int) -> KuhnState:
        """Each player sees their own card; both are shown at a showdown."""
        if self.is_over(state) and state.history[-1] != "fold":
            return state
        cards = "".join(c if seat == player else HIDDEN for seat, c in enumerate(state.cards))
        return KuhnState(cards, state.history)

    def view_move(self, state: KuhnState, move: str, player: int) -> str:
        """A card dealt to another seat is hidden."""
        dealt_to = len(state.cards)
        return HIDDEN if dealt_to < 2 and dealt_to != player else move

    def sample(self, view: KuhnState, player: int, rng: random.Random) -> KuhnState:
        """The hidden cards drawn from those the player has not seen."""
        unseen = [c for c in CARDS if c not in view.cards]
        rng.shuffle(unseen)
        cards = "".join(unseen.pop() if c == HIDDEN else c for c in view.cards)
        return KuhnState(cards, view.history)

    def information(self, state: KuhnState, player: int) -> Hashable:
        return self.view(state, player)

    def roller(self, state: KuhnState) -> int | None:
        return None  # the deal is nobody's roll

    def round_over(self, state: KuhnState) -> bool:
        return False

    def forced_pass(self, state: KuhnState) -> str | None:
        return None  # a player always has two moves

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


# ---------------------------------------------------------------- three hands: a game in rounds


@dataclass(frozen=True)
class MatchState:
    played: tuple[tuple[float, float], ...] = ()  # the scores of each hand finished
    hand: KuhnState = field(default_factory=KuhnState)  # the hand in play, or just ended


class KuhnMatch:
    """Three hands of Kuhn poker; between two hands the table waits."""

    name = "kuhn-match-test"
    title = "Kuhn poker, three hands (test game)"
    min_players = 2
    max_players = 2
    move_cap = 30
    hidden_information = True
    hands = 3

    def __init__(self) -> None:
        self.kuhn = Kuhn()

    def agreed_draw(self, state: MatchState) -> str | None:
        return None

    def new_game(self, players: int = 2, seed: int | None = None) -> MatchState:
        self.kuhn.new_game(players)
        return MatchState()

    def num_players(self, state: MatchState) -> int:
        return 2

    def _hand_over(self, state: MatchState) -> bool:
        return self.kuhn.is_over(state.hand)

    def roller(self, state: MatchState) -> int | None:
        return None

    def round_over(self, state: MatchState) -> bool:
        return self._hand_over(state) and len(state.played) + 1 < self.hands

    def forced_pass(self, state: MatchState) -> str | None:
        return None

    def is_over(self, state: MatchState) -> bool:
        return self._hand_over(state) and len(state.played) + 1 == self.hands

    def current_player(self, state: MatchState) -> int:
        if self.round_over(state):
            return CHANCE  # the next hand's first card
        return TERMINAL if self.is_over(state) else self.kuhn.current_player(state.hand)

    def legal_moves(self, state: MatchState) -> list[str]:
        if self.round_over(state):
            return sorted(CARDS)
        return self.kuhn.legal_moves(state.hand)

    def chance_outcomes(self, state: MatchState) -> list[tuple[str, float]]:
        if self.round_over(state):
            return [(c, 1 / 3) for c in sorted(CARDS)]
        return self.kuhn.chance_outcomes(state.hand)

    def play(self, state: MatchState, move: str) -> MatchState:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move} is not allowed now")
        if self.round_over(state):
            outcome = self.kuhn.outcome(state.hand)
            assert outcome is not None
            scores = (outcome.scores[0], outcome.scores[1])
            return MatchState((*state.played, scores), KuhnState(move))
        return MatchState(state.played, self.kuhn.play(state.hand, move))

    def outcome(self, state: MatchState) -> Outcome | None:
        if not self.is_over(state):
            return None
        totals = self.scores(state)
        best = max(totals)
        return Outcome(scores=totals, winners=tuple(s for s in (0, 1) if totals[s] == best))

    def scores(self, state: MatchState) -> tuple[float, ...]:
        """The chips won in the hands played, the one just finished too."""
        hands = list(state.played)
        last = self.kuhn.outcome(state.hand)
        if last is not None:
            hands.append((last.scores[0], last.scores[1]))
        return (sum(h[0] for h in hands), sum(h[1] for h in hands))

    def evaluate(self, state: MatchState, player: int) -> float:
        if self._hand_over(state):
            return self.scores(state)[player]
        return self.scores(state)[player] + self.kuhn.evaluate(state.hand, player)

    def candidate_moves(self, state: MatchState) -> list[str]:
        return self.legal_moves(state)

    def view(self, state: MatchState, player: int) -> MatchState:
        return MatchState(state.played, self.kuhn.view(state.hand, player))

    def view_move(self, state: MatchState, move: str, player: int) -> str:
        if self.round_over(state):
            return move if player == 0 else HIDDEN
        return self.kuhn.view_move(state.hand, move, player)

    def sample(self, view: MatchState, player: int, rng: random.Random) -> MatchState:
        return MatchState(view.played, self.kuhn.sample(view.hand, player, rng))

    def information(self, state: MatchState, player: int) -> Hashable:
        return self.view(state, player)

    def to_text(self, state: MatchState) -> str:
        played = ";".join(f"{a:g},{b:g}" for a, b in state.played) or "-"
        return f"kuhn-match {played} {self.kuhn.to_text(state.hand)}"

    def from_text(self, text: str) -> MatchState:
        name, _, rest = text.partition(" ")
        played_text, _, hand = rest.partition(" ")
        if name != "kuhn-match" or not hand:
            raise InvalidPositionError("not a Kuhn match position")
        try:
            played = (
                tuple((float(a), float(b)) for a, b in (part.split(",") for part in played_text.split(";")))
                if played_text != "-"
                else ()
            )
        except ValueError:
            raise InvalidPositionError("bad scores") from None
        return MatchState(played, self.kuhn.from_text(hand))

    def move_text(self, state: MatchState, move: str) -> str:
        return move

    def parse_move(self, state: MatchState, text: str) -> str:
        return self.kuhn.parse_move(state.hand, text)


# ---------------------------------------------------------------- at a table


@dataclass
class Draft:
    """Kuhn has nothing to put together: a move is one button."""


class KuhnPresenter(ColourSeats):
    """Kuhn poker at a table: the cards as the viewer sees them, and a button per move."""

    label = "Kuhn poker (test game)"
    move_help = "bet, check, call or fold"
    move_example = "bet · check"
    seed_help = "Seed (the same seed deals the same cards)"
    rules = "### Kuhn poker\n\nA test game: three cards, one each, one round of betting."
    chance_name = "The dealer"
    names = ("Yellow", "Blue")

    def new_draft(self) -> Draft:
        return Draft()

    def player_name(self, state: Any, seat: int) -> str:
        return self.names[seat]

    def seat_names(self, players: int) -> list[str]:
        return list(self.names[:players])

    @staticmethod
    def _hand(state: Any) -> KuhnState:
        return state.hand if isinstance(state, MatchState) else state

    def panel(self, seen: Seen, draft: Draft) -> Panel:
        hand = self._hand(seen.state)
        scene = Scene(*seen.size)
        scene.add(Rect(0, 0, *seen.size, fill="#f6f1e7"))
        for seat, card in enumerate(hand.cards):
            scene.add(
                Rect(20 + 90 * seat, 20, 70, 100, fill="#ffffff", stroke="#2b2622", target=f"card:{seat}")
            )
            scene.add(Text(55 + 90 * seat, 70, CARD_NAMES.get(card, "a card"), size=14, align="center"))
        to_act = seen.game.current_player(seen.state)
        if seen.game.is_over(seen.state):
            status = "Game over: " + seen.result
        elif to_act == CHANCE:
            status = f"{self.chance_name} deals"
        else:
            status = f"{seen.names[to_act]} to act"
        moves = sorted(ACTIONS)
        scores = seen.game.scores(seen.state)
        cards = [CARD_NAMES.get(hand.cards[s], "a card") if s < len(hand.cards) else "" for s in (0, 1)]
        return {
            "status": status,
            "scores": [
                {
                    "name": seen.names[s],
                    "swatch": "#888888",
                    "cells": [f"{scores[s]:g}", cards[s]],
                    "to_move": s == to_act,
                }
                for s in (0, 1)
            ],
            "columns": columns(("score", "Score"), ("hand", "Card")),
            "preview": None,
            "placing": False,
            "controls": [control(m, m.capitalize(), m in seen.legal, shown=bool(seen.legal)) for m in moves],
            "mirror": [
                f"{seen.names[s]} holds {CARD_NAMES.get(c, 'a card')}" for s, c in enumerate(hand.cards)
            ],
            "draggable": [],
            "scene": scene,
        }

    def tap(self, seen: Seen, draft: Draft, target: str | None) -> Reply:
        return Reply(draft, error="tap a button to bet, check, call or fold")

    def drag(self, seen: Seen, draft: Draft, source: str, target: str) -> Reply:
        return Reply(draft)

    def command(self, seen: Seen, draft: Draft, name: str) -> Reply:
        if name not in ACTIONS:
            return Reply(draft, error=f"there is no {name!r} button")
        return Reply(draft, move=name)

    def hint_steps(self, seen: Seen, move: Any) -> Iterator[list[Step]]:
        yield [press_step(move, move.capitalize())]

    def describe(self, game: Any, state: Any, move: Any) -> str:
        hand = self._hand(state)
        if game.current_player(state) == CHANCE:
            seat = 0 if game.round_over(state) else len(hand.cards)
            return f"The dealer deals {CARD_NAMES.get(move, 'a card')} to {self.names[seat]}"
        return f"{self.names[game.current_player(state)]} {move}s"

    def action_label(self, game: Any, state: Any, move: Any) -> str:
        return str(move)

    def result_text(self, state: Any, outcome: Outcome) -> str:
        return ranked_result(list(self.names), outcome)

    def round_summary(self, seen: Seen) -> str:
        state = seen.state
        played = len(state.played) + 1
        return f"Hand {played} is over; the scores so far: " + ", ".join(
            f"{seen.names[s]} {seen.game.scores(state)[s]:g}" for s in (0, 1)
        )


CARD_NAMES = {"J": "the jack", "Q": "the queen", "K": "the king"}
"""The cards in words: what a view must never show of a card it hides."""


@contextmanager
def registered() -> Iterator[None]:
    """Kuhn poker and its three-hand match registered, with their presenter,
    and the fifth game (tests/fixtures/tictactoe) by its own declaration, for a while."""
    from fixtures.tictactoe import ENTRY

    for game in (Kuhn, KuhnMatch):
        engine.register(game.name, game)
        presenter.register_presenter(game.name, KuhnPresenter)
    presenter.register_game(ENTRY)
    try:
        yield
    finally:
        for name in (Kuhn.name, KuhnMatch.name, ENTRY.name):
            del engine._REGISTRY[name]
            del presenter._PRESENTERS[name]
