"""The Hextris game object: the engine protocol over the rules and notation."""

from __future__ import annotations

from ...engine import BaseGame, Outcome
from ...pieces import COLOURS, DEFAULT_COLOURS
from . import notation, rules, strategy
from .state import Draw, HextrisMove, HextrisState, Pass

MOVE_CAP = 300
"""Bot-versus-bot games still running after this many moves end in an agreed draw (docs/bots.md)."""


class HextrisGame(BaseGame):
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
    shortest_game = 29
    """The winner drops at least the fifteen pieces of three groups of five."""
    min_players = 2
    max_players = 3
    move_cap = MOVE_CAP
    pass_move = Pass()
    """A player with no legal move loses the turn."""
    rules = rules
    notation = notation
    strategy = strategy
    """Its evaluation weighs groups made, groups growing and the threats to
    complete one, knowing who is to move, against the best opponent; every
    legal move is a candidate, most promising first."""
    search_iterations = 1000
    """The hard level's budget: its evaluation looks at threats, and costs
    more than the budget of other games allows in the same time."""
    search_scale = 5.0
    """A lead of half a group made is about a 73% win chance."""
    search_minimax = 0.4
    """The search mixes the minimax of its leaves' evaluations into each
    move's mean (implicit minimax backups, :mod:`iriri_core.bots.search`):
    a threat refuted a few moves down counts at once."""

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

    def agreed_draw(self, state: HextrisState) -> HextrisMove | None:
        """The move that records a draw all players agreed: ``draw``."""
        return None if state.is_over else Draw()

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
