"""The Hextris game object: the engine protocol over the rules and notation."""

from __future__ import annotations

from ..engine import TERMINAL, Outcome
from ..pieces import COLOURS, DEFAULT_COLOURS
from . import notation, rules, strategy
from .state import Draw, HextrisMove, HextrisState

MOVE_CAP = 300
"""Bot-versus-bot games still running after this many moves end in an agreed draw (docs/bots.md)."""


class HextrisGame:
    """Hextris by the rules in docs/rules-notes.md; see :mod:`iriri_core.engine`.

    >>> game = HextrisGame()
    >>> state = game.new_game(players=2)
    >>> game.current_player(state), len(game.legal_moves(state))
    (0, 36)
    >>> state = game.play(state, game.parse_move(state, "L@c1"))
    >>> game.move_text(state, game.legal_moves(state)[0])
    'S@a1'
    """

    name = "hextris"
    title = "Hextris"
    min_players = 2
    max_players = 3
    move_cap = MOVE_CAP

    def new_game(
        self, players: int = 2, seed: int | None = None, colours: tuple[str, ...] | None = None
    ) -> HextrisState:
        """The empty board for 2 or 3 players (there is nothing to shuffle:
        ``seed`` is accepted and ignored); ``colours`` defaults to yellow, blue, red."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError("Hextris is for 2 or 3 players")
        colours = DEFAULT_COLOURS[:players] if colours is None else tuple(colours)
        if len(colours) != players or len(set(colours)) != players or not set(colours) <= set(COLOURS):
            raise ValueError(f"give each player a different colour from: {', '.join(COLOURS)}")
        return rules.deal(colours)

    def num_players(self, state: HextrisState) -> int:
        """How many seats the game has."""
        return state.players

    def current_player(self, state: HextrisState) -> int:
        """The seat to act, or TERMINAL (Hextris has no chance)."""
        return TERMINAL if state.is_over else state.to_move

    def legal_moves(self, state: HextrisState) -> list[HextrisMove]:
        """Sorted: drops, slides, swaps; or the pass of a player with no move."""
        return rules.legal_moves(state)

    def chance_outcomes(self, state: HextrisState) -> list[tuple[HextrisMove, float]]:
        """Hextris has no chance: always empty."""
        return []

    def play(self, state: HextrisState, move: HextrisMove) -> HextrisState:
        """The state after ``move``; raises IllegalMoveError saying why not."""
        return rules.play(state, move)

    def agreed_draw(self, state: HextrisState) -> HextrisMove | None:
        """The move that records a draw all players agreed: ``draw``."""
        return None if state.is_over else Draw()

    def is_over(self, state: HextrisState) -> bool:
        """True once someone has three groups, or the game is drawn."""
        return state.is_over

    def outcome(self, state: HextrisState) -> Outcome | None:
        """The groups each player made; the winner, or every seat in a draw."""
        if not state.is_over:
            return None
        scores = tuple(float(g) for g in state.groups)
        if state.winner is None:
            return Outcome(scores=scores, winners=tuple(range(state.players)))
        return Outcome(scores=scores, winners=(state.winner,))

    def scores(self, state: HextrisState) -> tuple[float, ...]:
        """The groups of five each seat has made."""
        return tuple(float(g) for g in state.groups)

    def evaluate(self, state: HextrisState, player: int) -> float:
        """Groups made and groups growing, against the best opponent (:mod:`.strategy`)."""
        return strategy.evaluate(state, player)

    def candidate_moves(self, state: HextrisState) -> list[HextrisMove]:
        """Every legal move, most promising first (:mod:`.strategy`)."""
        return strategy.candidate_moves(state)

    def view(self, state: HextrisState, player: int) -> HextrisState:
        """Hextris hides nothing."""
        return state

    def to_text(self, state: HextrisState) -> str:
        """Position text (docs/notation.md)."""
        return notation.to_text(state)

    def from_text(self, text: str) -> HextrisState:
        """Read position text; raises InvalidPositionError."""
        return notation.from_text(text)

    def move_text(self, state: HextrisState, move: HextrisMove) -> str:
        """Move text (docs/notation.md)."""
        return notation.move_text(move)

    def parse_move(self, state: HextrisState, text: str) -> HextrisMove:
        """Read move text; raises InvalidMoveError."""
        return notation.parse_move(text)
