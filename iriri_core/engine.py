"""The protocol every game implements, its errors, and the game registry.

A game is a stateless object; positions are immutable state values that the
game inspects and advances.  The shape follows OpenSpiel's ``State`` and
boardgame.io's game object:

* ``new_game(players, seed)`` deals a start position;
* ``current_player(state)`` is the seat to act (0-based), or :data:`CHANCE`
  when chance acts next (a dice roll, a draw), or :data:`TERMINAL`;
* ``legal_moves(state)`` lists the moves, sorted and unique; at a chance node
  they are the outcomes, and ``chance_outcomes(state)`` gives their odds;
* ``play(state, move)`` returns the next state and never changes its input;
* ``view(state, player)`` hides what ``player`` (a seat, or
  :data:`SPECTATOR`) may not see; bots and screens only ever look at views.
  In a game with ``hidden_information``, ``view_move(state, move, player)``
  is a move as ``player`` sees it (a domino drawn from the pile is "a
  domino"), ``sample(view, player, rng)`` a full position consistent with
  what ``player`` sees (a bot searches those, never the real one), and
  ``information(state, player)`` a key for what ``player`` knows (its
  information set: two positions with the same key look the same to it);
* ``roller(state)`` is, at a chance node, the seat whose roll it is (a
  table waits for a person to press Roll), or None where chance acts for
  nobody in particular (a deal);
* ``round_over(state)`` is true between the rounds of a game played in
  rounds, where the table shows the round's summary and waits;
* ``forced_pass(state)`` is the pass the player to move must make, where
  passing is their only legal move (a table makes it for a person), else None;
* ``agreed_draw(state)`` is the move that records a draw every player
  agreed to, where the rules allow one (None elsewhere); it is nobody's move
  alone, so it is never among ``legal_moves``, and ``move_cap`` is how many
  moves bot-versus-bot games may last before they are stopped as a draw;
* ``scores(state)`` gives the points so far, ``evaluate(state, player)`` a
  quick heuristic value and ``candidate_moves(state)`` the moves worth
  searching, which is all a bot needs;
* position text (``to_text``/``from_text``) and move text
  (``move_text``/``parse_move``) are read/write pairs; ``to_line`` writes
  a position in one line for links and wiki pages, which ``from_text``
  reads too (None for a game without a line).

:class:`BaseGame` gives what most games share (no chance, no draws, nothing
hidden, the rules, notation and strategy of the game's own modules), so a
game's class holds only what is its own.  :func:`draw_chance` is the one way
chance is sampled, :func:`fixed_chance` what a game dealt from a seed
gets at each move, always the same, and :func:`reveals` whether a move
shows a player something that was hidden from it.

Two errors matter to callers: :class:`InvalidMoveError` for move text that
does not parse, and :class:`IllegalMoveError` for a well-formed move that the
rules forbid here.  Both carry a message meant for a player.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import total_ordering
from typing import Any, Protocol, TypeVar

CHANCE = -1
"""``current_player`` at a chance node: the moves are the possible outcomes."""

TERMINAL = -2
"""``current_player`` once the game is over."""

SPECTATOR = -3
"""A viewer in no seat (a figure, a table of bots, a screen between two
players' turns): ``view(state, SPECTATOR)`` shows what everyone may see."""


class GameError(ValueError):
    """Base class of every error this package raises on bad input."""


class InvalidMoveError(GameError):
    """Move text that does not parse, whatever the position."""


class IllegalMoveError(GameError):
    """A well-formed move that the rules do not allow in this position."""


class InvalidPositionError(GameError):
    """Position text that does not parse or describes an impossible position."""


class InvalidRecordError(GameError):
    """A game record that is not valid JSON, not a record, or does not replay."""


class InvalidOptionsError(GameError):
    """Options in a link or an embed's URL that cannot be followed."""


class InvalidPictureError(GameError):
    """A picture code (:mod:`iriri_core.pictures.packed`) that is damaged or not a picture."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``scores`` has one entry per seat; ``winners`` lists every seat with the
    best result (more than one means a shared win, which matches count as draws).

    >>> Outcome(scores=(36.0, 35.5), winners=(0,)).is_draw
    False
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        """True when more than one seat shares the win (a match counts it as a draw)."""
        return len(self.winners) != 1

    def result(self, player: int) -> float:
        """1 for a sole winner, 1/k for one of k sharing the win, else 0."""
        return 1.0 / len(self.winners) if player in self.winners else 0.0


@total_ordering
class OrderedMove:
    """A base for a game's move classes, so that moves of different kinds
    sort together (``legal_moves`` is sorted): each kind gives a key whose
    first item orders the kinds."""

    def _key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, OrderedMove):
            return NotImplemented
        return self._key() < other._key()


S = TypeVar("S")
M = TypeVar("M", bound=Hashable)


class Game(Protocol[S, M]):
    """What every registered game provides.  States and moves are immutable."""

    name: str
    title: str
    min_players: int
    max_players: int
    move_cap: int
    """Bot-versus-bot games still running after this many moves stop as draws."""
    hidden_information: bool
    """Whether a player may not see all of a position (then ``view`` hides it)."""
    has_chance: bool
    """Whether chance ever acts: moves of chance, or a start shuffled from the seed."""
    dealt_from_seed: bool
    """Whether ``new_game`` shuffles the start from its seed (Iriri's ring)
    instead of leaving it to moves of chance."""
    chance_words: tuple[str, str | None]
    """A batch of chance in the game's words, and many of them (None: a game
    has one), as a check of a game by links tells them ("the roll", "rolls")."""

    def new_game(self, players: int = 2, seed: int | None = None) -> S:
        """A start position for ``players`` seats, shuffled from ``seed``."""
        ...

    def num_players(self, state: S) -> int:
        """How many seats the game has."""
        ...

    def current_player(self, state: S) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
        ...

    def legal_moves(self, state: S) -> list[M]:
        """Every legal move, sorted and without repeats; empty once over."""
        ...

    def chance_outcomes(self, state: S) -> list[tuple[M, float]]:
        """At a chance node, each outcome with its probability; else empty."""
        ...

    def play(self, state: S, move: M) -> S:
        """The state after ``move``; raises :class:`IllegalMoveError`."""
        ...

    def agreed_draw(self, state: S) -> M | None:
        """The move that ends the game in a draw all players agreed to, or
        None where the rules have no such draw (or the game is over)."""
        ...

    def is_over(self, state: S) -> bool:
        """True once the game has ended."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """Scores and winners of a finished game, None before the end."""
        ...

    def view(self, state: S, player: int) -> S:
        """``state`` with everything ``player`` (a seat, or :data:`SPECTATOR`) may not see removed."""
        ...

    def view_move(self, state: S, move: M, player: int) -> M:
        """``move``, played from ``state``, as ``player`` sees it (a hidden draw
        shows as a draw of something unknown)."""
        ...

    def sample(self, view: S, player: int, rng: random.Random) -> S:
        """A full position that ``player`` could be in, seeing ``view``: what
        it cannot see drawn at random, with the odds it would have."""
        ...

    def information(self, state: S, player: int) -> Hashable:
        """What ``player`` knows in ``state``: equal for positions it cannot tell apart."""
        ...

    def roller(self, state: S) -> int | None:
        """At a chance node, the seat whose roll it is; None otherwise, or
        where chance acts for nobody in particular."""
        ...

    def round_over(self, state: S) -> bool:
        """True between two rounds of a game played in rounds (never once the game is over)."""
        ...

    def forced_pass(self, state: S) -> M | None:
        """The pass the player to move must make, where it is their only legal
        move (Iriri with no word to lay, Pach-Ice-i with dice no piece can
        use); None where they have another move, or the game has no passes."""
        ...

    def scores(self, state: S) -> tuple[float, ...]:
        """The points each seat has now (all zero in a game without points)."""
        ...

    def evaluate(self, state: S, player: int) -> float:
        """A quick guess at how well ``player`` stands, higher is better; for bots."""
        ...

    def candidate_moves(self, state: S) -> list[M]:
        """The legal moves a bot should consider, most promising first; a game
        may leave out moves it judges never better (else: ``legal_moves``)."""
        ...

    def to_text(self, state: S) -> str:
        """Position text: everything needed to continue the game."""
        ...

    def to_line(self, state: S) -> str | None:
        """The position in one line, safe in a link's fragment and a wiki
        page as it is (docs/notation.md), or None where the game has no line."""
        ...

    def from_text(self, text: str) -> S:
        """Parse position text, or a position line; raises :class:`InvalidPositionError`."""
        ...

    def move_text(self, state: S, move: M) -> str:
        """The text of ``move`` played from ``state``."""
        ...

    def parse_move(self, state: S, text: str) -> M:
        """Parse move text; raises :class:`InvalidMoveError`."""
        ...


class BaseGame:
    """What most games share: no chance, no draws by agreement, nothing
    hidden, one round; seats and the player to move read from the state
    (``players``, ``to_move``, ``is_over``); the rules, notation and
    strategy of the game's own modules, which a subclass names.  A game
    overrides what it does otherwise."""

    hidden_information = False
    has_chance = False
    dealt_from_seed = False
    chance_words: tuple[str, str | None] = ("the chance", "batches of chance")
    move_cap = 10_000
    """Never reached unless a game says otherwise."""
    shortest_game = 1  # the fewest moves a game of two lasts, chance's too (1: nothing known)
    search_iterations: int | None = None
    """The hard level's iterations per decision, where the game needs a
    budget of its own (None: the search's, :mod:`iriri_core.bots.search`)."""
    search_scale: float | None = None
    """The evaluation difference the hard level takes for about a 73% win
    chance, where the game's evaluation needs its own (None: the search's)."""
    search_kind = "mcts"
    """The search the hard and expert levels play with (:data:`iriri_core.bots.searchers.SEARCHES`)."""
    expert_iterations: int | None = None
    """The expert level's budget (None: four times the hard level's)."""
    search_minimax = 0.0
    """How much the tree search mixes its implicit minimax backups into a
    move's mean (0: none; :mod:`iriri_core.bots.search`)."""
    pass_move: Any = None
    """The move that passes the turn, in a game that has one (None: no passes)."""
    rules: Any
    """A module with ``legal_moves(state)`` and ``play(state, move)``."""
    notation: Any
    """A module with ``to_text(state)``, ``from_text(text)``, ``move_text(move)`` and
    ``parse_move(text)``, and ``to_line(state)`` where the game has a position line
    (its ``from_text`` then reads lines too)."""
    strategy: Any
    """A module with ``evaluate(state, player)`` and ``candidate_moves(state)``."""

    def num_players(self, state: Any) -> int:
        """How many seats the game has."""
        return int(state.players)

    def current_player(self, state: Any) -> int:
        """The seat to move, or :data:`TERMINAL` once the game is over."""
        return TERMINAL if self.is_over(state) else int(state.to_move)

    def is_over(self, state: Any) -> bool:
        """True once the game has ended."""
        return bool(state.is_over)

    def legal_moves(self, state: Any) -> list[Any]:
        """Every legal move, sorted, by the game's rules."""
        moves: list[Any] = self.rules.legal_moves(state)
        return moves

    def play(self, state: Any, move: Any) -> Any:
        """The state after ``move``; raises IllegalMoveError saying why not."""
        return self.rules.play(state, move)

    def chance_outcomes(self, state: Any) -> list[tuple[Any, float]]:
        """No chance after the deal: always empty."""
        return []

    def agreed_draw(self, state: Any) -> Any | None:
        """No draws by agreement: None."""
        return None

    def view(self, state: Any, player: int) -> Any:
        """Nothing is hidden: the state itself."""
        return state

    def view_move(self, state: Any, move: Any, player: int) -> Any:
        """Nothing is hidden: the move itself."""
        return move

    def sample(self, view: Any, player: int, rng: random.Random) -> Any:
        """Nothing is hidden: the view is the position."""
        return view

    def information(self, state: Any, player: int) -> Hashable:
        """What ``player`` sees (here, everything)."""
        key: Hashable = self.view(state, player)
        return key

    def roller(self, state: Any) -> int | None:
        """Chance rolls for nobody in particular."""
        return None

    def round_over(self, state: Any) -> bool:
        """One round: never between rounds."""
        return False

    def forced_pass(self, state: Any) -> Any | None:
        """:attr:`pass_move` where it is the only legal move of the seat to move."""
        if self.pass_move is None or self.current_player(state) < 0:
            return None
        return self.pass_move if self.legal_moves(state) == [self.pass_move] else None

    def evaluate(self, state: Any, player: int) -> float:
        """The game's strategy's evaluation."""
        return float(self.strategy.evaluate(state, player))

    def candidate_moves(self, state: Any) -> list[Any]:
        """The moves the game's strategy finds worth searching."""
        moves: list[Any] = self.strategy.candidate_moves(state)
        return moves

    def to_text(self, state: Any) -> str:
        """Position text (docs/notation.md)."""
        return str(self.notation.to_text(state))

    def to_line(self, state: Any) -> str | None:
        """The position in one line (docs/notation.md), where the game's
        notation writes one; None where it does not (the line is not offered)."""
        write = getattr(self.notation, "to_line", None)
        return None if write is None else str(write(state))

    def from_text(self, text: str) -> Any:
        """Read position text, or a position line; raises InvalidPositionError."""
        return self.notation.from_text(text)

    def move_text(self, state: Any, move: Any) -> str:
        """Move text (docs/notation.md)."""
        return str(self.notation.move_text(move))

    def parse_move(self, state: Any, text: str) -> Any:
        """Read move text; raises InvalidMoveError."""
        return self.notation.parse_move(text)


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?')
_JSON_BRACKET = re.compile(r"[\[{\]}]")


def nests_deeper(text: str | bytes, limit: int) -> bool:
    """Whether the lists and objects of JSON ``text`` nest deeper than
    ``limit``, counted without parsing it (parsing deep text could overflow
    a stack: Pyodide's in a browser is small).

    >>> nests_deeper('[[1], {"a": "[[[["}]', 2), nests_deeper("[" * 3, 2)
    (False, True)
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    depth = 0
    for bracket in _JSON_BRACKET.findall(_JSON_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > limit:
            return True
    return False


def draw_chance(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """An outcome of chance in ``state``, drawn from ``rng`` by its odds: the
    one way chance is sampled (the table, bot matches and the search)."""
    outcomes, weights = zip(*game.chance_outcomes(state), strict=True)
    return rng.choices(outcomes, weights)[0]


def fixed_chance(game: Game[Any, Any], state: Any, seed: int, ply: int) -> Any:
    """What chance gives at move ``ply`` of a game dealt from ``seed``: always
    the same, so undo and redo, a reload, a link and a record all give the
    same dice.

    >>> class Coin(BaseGame):
    ...     def chance_outcomes(self, state): return [("heads", 0.5), ("tails", 0.5)]
    >>> fixed_chance(Coin(), None, seed=7, ply=3) == fixed_chance(Coin(), None, seed=7, ply=3)
    True
    """
    return draw_chance(game, state, random.Random(f"{seed}/{ply}"))


def turn_numbers(movers: Sequence[int]) -> list[int]:
    """The turn of each of the moves made by ``movers`` in turn (a seat, or
    CHANCE, each), counted from 1 as players count them: a seat's moves in a
    row, with chance's just before them (a roll and the moves it allows, a
    deal and the go after it), are one turn; chance's last moves, no seat's
    after them yet, are one of their own.  The one definition of a turn.

    >>> turn_numbers([CHANCE, 0, 0, CHANCE, 1, 1, CHANCE]), turn_numbers([0, 0, 1])
    ([1, 1, 1, 2, 2, 2, 3], [1, 1, 2])
    """
    numbers: list[int] = []
    for index, mover in enumerate(movers):
        begins = index == 0 or (mover != movers[index - 1] and movers[index - 1] != CHANCE)
        numbers.append((numbers[-1] if numbers else 0) + begins)
    return numbers


def turn_start(movers: Sequence[int]) -> int:
    """Where the last turn (:func:`turn_numbers`) begins among moves made by ``movers``.

    >>> turn_start([0, CHANCE, CHANCE, 1, 1]), turn_start([0, 1, CHANCE, CHANCE])
    (1, 2)
    """
    numbers = turn_numbers(movers)
    return numbers.index(numbers[-1]) if numbers else 0


def reveals(game: Game[Any, Any], before: Any, move: Any, after: Any, player: int) -> bool:
    """Whether ``move``, a player's move played in ``before`` (giving
    ``after``), shows ``player`` something it could not see in ``before``:
    what it sees after the move is not what its own view of ``before``, with
    the move as it was told it, leads to.  Another player's hand turned up
    at the end of a round, or a domino played out of it, is shown; a move
    made in the open is not.  Chance's moves (a deal, a draw, a roll) are
    not counted: what chance gives is fixed by the seed and the move's
    number (:func:`fixed_chance`), the same each time the game gets there.
    A game that hides nothing never shows anything new.

    >>> hextris = get_game("hextris")
    >>> start = hextris.new_game()
    >>> move = hextris.legal_moves(start)[0]
    >>> reveals(hextris, start, move, hextris.play(start, move), player=1)
    False
    """
    if not game.hidden_information or game.current_player(before) == CHANCE:
        return False
    view, told = game.view(before, player), game.view_move(before, move, player)
    if told not in game.legal_moves(view):  # a move its view does not allow holds something hidden from it
        return True
    try:
        seen = game.play(view, told)
    except Exception:  # the view cannot be played on: the move holds something hidden from it
        return True
    return bool(game.view(seen, player) != game.view(after, player))


_REGISTRY: dict[str, Callable[[], Game[Any, Any]]] = {}


def register(name: str, factory: Callable[[], Game[Any, Any]]) -> None:
    """Make a game available to :func:`get_game` under ``name``."""
    _REGISTRY[name] = factory


def players_text(game: Any) -> str:
    """How many may play ``game``, in words: "2 players", "2 to 4 players"."""
    low, high = game.min_players, game.max_players
    return f"{low} players" if low == high else f"{low} to {high} players"


def game_names() -> list[str]:
    """The names of all registered games, sorted."""
    return sorted(_REGISTRY)


def get_game(name: str) -> Game[Any, Any]:
    """The game registered as ``name``.

    >>> get_game("iriri").title
    'Iriri'
    """
    try:
        factory = _REGISTRY[name]
    except KeyError:
        known = ", ".join(game_names())
        raise KeyError(f"no game called {name!r}; the games are: {known}") from None
    return factory()
