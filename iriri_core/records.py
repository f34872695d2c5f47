"""Game records: a start position plus the moves, as JSON, for any game.

>>> from iriri_core import get_game
>>> game = get_game("iriri")
>>> start = game.new_game(players=2, seed=3)
>>> record = Record.begin(game, start, seed=3)
>>> record = record.add(game.legal_moves(start)[0], start)
>>> Record.from_json(record.to_json()) == record
True
>>> len(record.replay())
2
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from .engine import Game, GameError, InvalidRecordError, get_game, nests_deeper

FORMAT = "iriri-core record"
VERSION = 1
MAX_MOVES = 100_000


MAX_DEPTH = 32
"""How deeply lists and objects may nest in a record, a saved match or a
share code (they need 6); deeper text is refused before it is parsed, as
parsing it could overflow the browser's stack (Pyodide's is small)."""


def check_depth(text: str | bytes, what: str) -> None:
    """Raise InvalidRecordError, saying ``what`` the text is not, if JSON
    ``text`` nests deeper than MAX_DEPTH (counted without parsing it, so
    that no depth can overflow a stack).

    >>> check_depth("[[1], {}]", "this")
    >>> check_depth("[" * 40, "this is not a game record")
    Traceback (most recent call last):
    ...
    iriri_core.engine.InvalidRecordError: this is not a game record: it nests deeper than 32 levels
    """
    if nests_deeper(text, MAX_DEPTH):
        raise InvalidRecordError(f"{what}: it nests deeper than {MAX_DEPTH} levels")


@dataclass(frozen=True)
class Record:
    """What a game record holds: the game, its start position and the moves.

    ``start`` is position text and is what a replay starts from; ``seed`` and
    ``players`` say how that start was dealt, for reference.
    """

    game: str
    players: int
    start: str
    moves: tuple[str, ...] = ()
    seed: int | None = None

    @classmethod
    def begin(cls, game: Game[Any, Any], state: Any, seed: int | None = None) -> Record:
        """An empty record starting from ``state``."""
        return cls(
            game=game.name,
            players=game.num_players(state),
            start=game.to_text(state),
            seed=seed,
        )

    def add(self, move: Any, state: Any) -> Record:
        """This record with ``move``, played from ``state``, appended."""
        game = get_game(self.game)
        return replace(self, moves=self.moves + (game.move_text(state, move),))

    def to_data(self) -> dict[str, Any]:
        """The record as JSON data (docs/notation.md, "Game records")."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "start": self.start,
            "moves": list(self.moves),
        }

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_data(), indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Read a record; raises InvalidRecordError saying what is wrong.

        The moves are not checked here; :meth:`replay` checks them.
        """
        check_depth(text, "this is not a game record")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise InvalidRecordError("this is not a game record: it is not valid JSON") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InvalidRecordError(f'this is not a game record: it lacks "format": "{FORMAT}"')
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise InvalidRecordError("the record's version must be a whole number")
        if version > VERSION:
            raise InvalidRecordError(
                f"this record is version {version}, newer than this program reads ({VERSION})"
            )
        name = data.get("game")
        if not isinstance(name, str):
            raise InvalidRecordError("the record does not say which game it is")
        try:
            get_game(name)
        except KeyError as exc:
            raise InvalidRecordError(str(exc.args[0])) from None
        players = data.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise InvalidRecordError("the record's players must be a whole number")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise InvalidRecordError("the record's seed must be a whole number or null")
        start = data.get("start")
        if not isinstance(start, str):
            raise InvalidRecordError("the record has no start position")
        moves = data.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise InvalidRecordError("the record's moves must be a list of move texts")
        if len(moves) > MAX_MOVES:
            raise InvalidRecordError(f"the record has more than {MAX_MOVES} moves")
        return cls(game=name, players=players, start=start, moves=tuple(moves), seed=seed)

    def replay(self) -> list[Any]:
        """Every state from the start to the end; raises InvalidRecordError
        naming the first move (1-based) that does not parse or is illegal."""
        game = get_game(self.game)
        try:
            state = game.from_text(self.start)
        except GameError as exc:
            raise InvalidRecordError(f"the start position is broken: {exc}") from None
        if game.num_players(state) != self.players:
            raise InvalidRecordError(
                f"the record says {self.players} players, but its start position has "
                f"{game.num_players(state)}"
            )
        states = [state]
        for number, text in enumerate(self.moves, start=1):
            try:
                state = game.play(state, game.parse_move(state, text))
            except GameError as exc:
                raise InvalidRecordError(f"move {number} ({text[:60]!r}) cannot be played: {exc}") from None
            states.append(state)
        return states
