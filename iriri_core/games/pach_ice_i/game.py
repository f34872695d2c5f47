"""The Pach-Ice-i game object: the engine protocol over the rules and notation."""

from __future__ import annotations

from ...engine import CHANCE, TERMINAL, BaseGame, Outcome
from . import evaluation, notation, rules, strategy
from .state import PachMove, PachState, Pass, Roll
from .whole_turns import Turn, whole_turns

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
    search_kind = "expectimax"
    """Whole turns, and the expectation over every roll of the opponent's best reply (bots/expectimax.py)."""
    search_iterations = 3000
    """The hard level's budget: positions judged in its deep looks, which go to
    the three best whole turns (bots/expectimax.py, ``TURN_SHARE``)."""
    expert_iterations = 12000
    """The expert level's: deep looks at up to twelve whole turns."""
    search_scale = 1.0
    """The evaluation is already the log-odds of winning (evaluation.py)."""
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

    def evaluate(self, state: PachState, player: int) -> float:
        """``player``'s log-odds of winning by the trained evaluation (evaluation.py)."""
        return evaluation.evaluate(state, player)

    def candidate_moves(self, state: PachState) -> list[PachMove]:
        """Every legal move, those that begin the best whole turns by the trained evaluation first."""
        return evaluation.candidate_moves(state)

    def whole_turns(self, state: PachState) -> list[Turn]:
        """Every way to finish the turn under way, one per position it ends in (whole_turns.py)."""
        return whole_turns(state)

    def scores(self, state: PachState) -> tuple[float, ...]:
        """How many pieces each seat has brought into the other's pad."""
        return (float(state.pieces_home(0)), float(state.pieces_home(1)))
