"""The Iriri game object: the engine protocol over the rules and notation."""

from __future__ import annotations

from ...engine import BaseGame, Outcome
from ...pieces import COLOURS, DEFAULT_COLOURS
from . import notation, rules, strategy
from .state import IririState, Pass

__all__ = ["IririGame"]


class IririGame(BaseGame):
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

    has_chance = True
    chance_words: tuple[str, str | None] = ("the ring", None)
    dealt_from_seed = True

    name = "iriri"
    title = "Iriri"
    shortest_game = 13
    """The fewest seen in 300 games of two played at random (``BaseGame.shortest_game``)."""
    min_players = 2
    max_players = 4
    pass_move = Pass()
    """A player with no word to lay passes."""
    rules = rules
    notation = notation
    strategy = strategy
    """Its evaluation counts score, pieces still to place (3 each) and the
    best single piece to lay now; it searches one-piece placements when there
    are any (:mod:`iriri_core.games.iriri.strategy`)."""

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
