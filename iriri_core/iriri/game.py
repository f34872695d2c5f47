"""The Iriri game object: the engine protocol over the rules and notation."""

from __future__ import annotations

from ..engine import CHANCE, TERMINAL, Outcome
from ..pieces import COLOURS, DEFAULT_COLOURS
from . import notation, rules, strategy
from .state import IririMove, IririState

__all__ = ["CHANCE", "IririGame"]


class IririGame:
    """Iriri by the rules in docs/rules-notes.md; see :mod:`iriri_core.engine`.

    >>> game = IririGame()
    >>> state = game.new_game(players=2, seed=1)
    >>> game.current_player(state), state.phase
    (0, 'place')
    >>> move = game.parse_move(state, "Y1@0,0 Y2@1,0")
    >>> move in game.legal_moves(state)
    True
    >>> game.play(state, move).scores
    (6.5, 0.0)
    """

    name = "iriri"
    title = "Iriri"
    min_players = 2
    max_players = 4
    move_cap = 10_000
    """Never reached: every game ends well before, once the hands run dry."""

    def new_game(
        self, players: int = 2, seed: int | None = None, colours: tuple[str, ...] | None = None
    ) -> IririState:
        """Deal a game for 2 to 4 players; ``colours`` defaults to yellow, blue, red, green."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError("Iriri is for 2 to 4 players")
        colours = DEFAULT_COLOURS[:players] if colours is None else tuple(colours)
        if len(colours) != players:
            raise ValueError(f"give one colour per player ({players})")
        if len(set(colours)) != players or not set(colours) <= set(COLOURS):
            raise ValueError(f"players need different colours from: {', '.join(COLOURS)}")
        return rules.deal(colours, seed)

    def num_players(self, state: IririState) -> int:
        """How many seats the game has."""
        return state.players

    def current_player(self, state: IririState) -> int:
        """The seat to act, or TERMINAL once the game is over (Iriri has no chance nodes)."""
        return TERMINAL if state.is_over else state.to_move

    def legal_moves(self, state: IririState) -> list[IririMove]:
        """Sorted legal moves: placements (a pass when none), or takes."""
        return rules.legal_moves(state)

    def chance_outcomes(self, state: IririState) -> list[tuple[IririMove, float]]:
        """Iriri's only chance is the shuffle at the deal, so this is always empty."""
        return []

    def play(self, state: IririState, move: IririMove) -> IririState:
        """The state after ``move``; raises IllegalMoveError saying why not."""
        return rules.play(state, move)

    def agreed_draw(self, state: IririState) -> IririMove | None:
        """Iriri has no draws by agreement: the scores decide."""
        return None

    def is_over(self, state: IririState) -> bool:
        """True once every player has passed in succession."""
        return state.is_over

    def outcome(self, state: IririState) -> Outcome | None:
        """Final scores and the seats with the highest score."""
        if not state.is_over:
            return None
        best = max(state.scores)
        winners = tuple(seat for seat, score in enumerate(state.scores) if score == best)
        return Outcome(scores=state.scores, winners=winners)

    def scores(self, state: IririState) -> tuple[float, ...]:
        """The points each seat has scored so far."""
        return state.scores

    def evaluate(self, state: IririState, player: int) -> float:
        """How well ``player`` stands against the best of the others, in points:
        score, pieces still to place (3 each) and best single piece to lay now
        (:mod:`iriri_core.iriri.strategy`)."""
        return strategy.evaluate(state, player)

    def candidate_moves(self, state: IririState) -> list[IririMove]:
        """The moves worth searching, most promising first (one-piece
        placements when there are any; see :mod:`iriri_core.iriri.strategy`)."""
        return strategy.candidate_moves(state)

    def view(self, state: IririState, player: int) -> IririState:
        """Iriri hides nothing: hands and dictionary are public."""
        return state

    def to_text(self, state: IririState) -> str:
        """Position text (docs/notation.md)."""
        return notation.to_text(state)

    def from_text(self, text: str) -> IririState:
        """Read position text; raises InvalidPositionError."""
        return notation.from_text(text)

    def move_text(self, state: IririState, move: IririMove) -> str:
        """Move text (docs/notation.md)."""
        return notation.move_text(move)

    def parse_move(self, state: IririState, text: str) -> IririMove:
        """Read move text; raises InvalidMoveError."""
        return notation.parse_move(text)
