"""The Pach-Ice-i game object: the engine protocol over the rules and notation."""

from __future__ import annotations

from ...engine import CHANCE, TERMINAL, BaseGame, Outcome
from . import notation, rules, strategy
from .state import PachMove, PachState, Pass, Roll

MOVE_CAP = 3000
"""Bot-versus-bot games still running after this many moves stop (docs/bots.md)."""


class PachIceIGame(BaseGame):
    """Pach-Ice-i by the rules in docs/rules-notes.md; see :mod:`iriri_core.engine`.

    >>> game = PachIceIGame()
    >>> state = game.new_game()
    >>> game.current_player(state), len(game.chance_outcomes(state))
    (-1, 120)
    >>> state = game.play(state, game.parse_move(state, "roll 1 4 8"))
    >>> game.current_player(state), [game.move_text(state, m) for m in game.legal_moves(state)]
    (0, ['enter LMS 1 4 8'])
    """

    has_chance = True
    chance_words: tuple[str, str | None] = ("the roll", "rolls")

    name = "pach-ice-i"
    title = "Pach-Ice-i"
    shortest_game = 29
    """The winner brings at least fifteen pieces in, one a move (``BaseGame.shortest_game``)."""
    min_players = 2
    max_players = 2
    move_cap = MOVE_CAP
    search_iterations = 60
    """An iteration costs several of Iriri's, and more did not help (docs/bots.md, Pach-Ice-i)."""
    pass_move = Pass()
    """Dice no piece can use are passed."""
    rules = rules
    notation = notation
    strategy = strategy

    def new_game(self, players: int = 2, seed: int | None = None) -> PachState:
        """Both stashes in their pads, Black to roll (``seed`` is accepted and
        ignored: the dice are chance's moves)."""
        if players != 2:
            raise ValueError("Pach-Ice-i is for 2 players")
        return rules.deal()

    def current_player(self, state: PachState) -> int:
        """The seat to move, :data:`CHANCE` before each turn's roll, or :data:`TERMINAL`."""
        if state.is_over:
            return TERMINAL
        return state.to_move if state.dice else CHANCE

    def chance_outcomes(self, state: PachState) -> list[tuple[PachMove, float]]:
        """Before a turn: every roll of three dice, sorted, with its odds."""
        if state.is_over or state.dice:
            return []
        return [(Roll(dice), odds) for dice, odds in rules.ROLLS]

    def roller(self, state: PachState) -> int | None:
        """Before each turn's roll, the player about to move rolls."""
        return None if state.is_over or state.dice else state.to_move

    def outcome(self, state: PachState) -> Outcome | None:
        """The pieces each player brought home; the winner."""
        if state.winner is None:
            return None
        return Outcome(scores=self.scores(state), winners=(state.winner,))

    def scores(self, state: PachState) -> tuple[float, ...]:
        """How many pieces each seat has brought into the other's pad."""
        return (float(state.pieces_home(0)), float(state.pieces_home(1)))
