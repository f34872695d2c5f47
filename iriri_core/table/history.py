"""One history of plies: the positions of a game from its start, the moves
between them, and how far along a table stands (undo and redo move the
cursor; a move played after an undo drops what lay beyond it).

>>> from iriri_core import get_game
>>> game = get_game("hextris")
>>> history = History(game.new_game(players=2))
>>> history.play(game, game.parse_move(history.state, "L@c1")).text
'L@c1'
>>> history.cursor, history.texts
(1, ('L@c1',))
>>> history.cursor = 0
>>> history.play(game, game.parse_move(history.state, "S@a1")).text
'S@a1'
>>> history.texts
('S@a1',)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import CHANCE, Game, reveals
from ..records import Record


@dataclass(frozen=True)
class Ply:
    """One move: the position it was played in, the move, its text, the
    position after it; and, kept as they are asked for, how each viewer
    sees it (the position and move, their text and description) and whether it shows each seat
    something hidden from it before (:func:`~iriri_core.engine.reveals`)."""

    before: Any
    move: Any
    text: str
    after: Any
    seen: dict[int, tuple[str, str]] = field(default_factory=dict, compare=False, repr=False)
    shows: dict[int, bool] = field(default_factory=dict, compare=False, repr=False)
    viewed: dict[int, tuple[Any, Any]] = field(default_factory=dict, compare=False, repr=False)

    def view(self, game: Game[Any, Any], viewer: int) -> tuple[Any, Any]:
        """The position this move was played in and the move, as ``viewer``
        sees them (worked out once per viewer)."""
        if viewer not in self.viewed:
            self.viewed[viewer] = (
                game.view(self.before, viewer),
                game.view_move(self.before, self.move, viewer),
            )
        return self.viewed[viewer]

    def reveals(self, game: Game[Any, Any], seat: int) -> bool:
        """Whether this move showed ``seat`` something it could not see before."""
        if seat not in self.shows:
            self.shows[seat] = reveals(game, self.before, self.move, self.after, seat)
        return self.shows[seat]


class History:
    """The plies of one game from ``start``, and the cursor: how many of
    them the table stands after."""

    def __init__(self, start: Any, plies: list[Ply] | None = None, cursor: int | None = None) -> None:
        self.start = start
        self.plies: list[Ply] = plies or []
        self.cursor: int = len(self.plies) if cursor is None else cursor

    @classmethod
    def replay(cls, game: Game[Any, Any], record: Record, cursor: int) -> History:
        """The history of ``record`` (raises InvalidRecordError if it does
        not replay), standing at ``cursor``."""
        states = record.replay()
        plies = [
            Ply(before, game.parse_move(before, text), text, after)
            for before, text, after in zip(states[:-1], record.moves, states[1:], strict=True)
        ]
        return cls(states[0], plies, cursor)

    @property
    def state(self) -> Any:
        """The position the table stands at."""
        return self.position(self.cursor)

    def position(self, index: int) -> Any:
        """The position after ``index`` moves."""
        return self.start if index == 0 else self.plies[index - 1].after

    @property
    def length(self) -> int:
        """How many moves the game has (undone ones too)."""
        return len(self.plies)

    @property
    def texts(self) -> tuple[str, ...]:
        """The text of every move, undone ones too."""
        return tuple(ply.text for ply in self.plies)

    def begun(self, game: Game[Any, Any]) -> bool:
        """Whether a seat has moved in this game (undone moves too): chance's
        moves alone (a deal, a roll) leave nothing to lose by leaving it.

        >>> from iriri_core import get_game
        >>> game = get_game("pyrinoes")
        >>> history = History(game.new_game(players=2, seed=1))
        >>> while game.current_player(history.state) == CHANCE:
        ...     _ = history.play(game, game.chance_outcomes(history.state)[0][0])
        >>> history.length > 0, history.begun(game)
        (True, False)
        """
        return any(game.current_player(ply.before) != CHANCE for ply in self.plies)

    def play(self, game: Game[Any, Any], move: Any) -> Ply:
        """Play ``move`` at the cursor, dropping the moves undone beyond it;
        raises IllegalMoveError (changing nothing) if the rules forbid it."""
        before = self.state
        after = game.play(before, move)
        ply = Ply(before, move, game.move_text(before, move), after)
        del self.plies[self.cursor :]
        self.plies.append(ply)
        self.cursor += 1
        return ply

    def record(self, game: Game[Any, Any], players: int, seed: int | None) -> Record:
        """The game so far, undone moves too, as a record."""
        return Record(game.name, players, game.to_text(self.start), self.texts, seed)


class OnHistory:
    """What anything holding a game's :class:`History` answers of it: the
    base of the table's reading (:class:`~iriri_core.table.reading.TableReading`)
    and of what its parts that decide read (:class:`~iriri_core.table.changes.Look`)."""

    history: History

    @property
    def state(self) -> Any:
        """The position shown (the cursor moves with undo and redo)."""
        return self.history.state

    @property
    def cursor(self) -> int:
        """How many moves of the game the position shown comes after."""
        return self.history.cursor

    @property
    def moves(self) -> list[str]:
        """The text of every move, undone ones too."""
        return list(self.history.texts)

    @property
    def plies(self) -> list[Ply]:
        """The moves of the game up to the cursor."""
        return self.history.plies[: self.cursor]
