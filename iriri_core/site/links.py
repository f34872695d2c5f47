"""Matches as data: saved in the browser, shared as links, given to embeds.

A :class:`Snapshot` holds everything needed to put a table back exactly as it
was: the game record (the start position and every move, undone ones too),
how far along the record the table stands (the cursor), who sits where, and
the move the person to act was putting together (its draft), if any.
It is written two ways:

* JSON, for the browser's storage (:meth:`Snapshot.to_json`);
* a share code, for links (:meth:`Snapshot.to_code`): ``1.`` then the JSON,
  compressed and in URL-safe base64, the start position left out when the
  seed deals it, and without the draft (a link gives the game, not a move
  half made).

Links and embeds carry options in the URL's fragment, read by
:func:`parse_options`: ``record=<share code>``, ``position=<position text>``
(its one-line form, ``position=hextris:2B1/4/...``, needs no escaping),
``seats=human,hard``, ``seed=5``, ``mode=figure``, ``step=4``,
``picture=<picture code>`` and ``start=now``, and a game's own settings
by their names (Pyrinoes: ``target=50``) (docs/embedding.md).  Every reader here raises
:class:`~iriri_core.engine.InvalidRecordError` or
:class:`~iriri_core.engine.InvalidOptionsError` with a message for a person,
and nothing else.

>>> from iriri_core import get_game
>>> from iriri_core.records import Record
>>> game = get_game("iriri")
>>> start = game.new_game(players=2, seed=3)
>>> snapshot = Snapshot(Record.begin(game, start, seed=3), ("human", "hard"), 0)
>>> code = snapshot.to_code()
>>> code.startswith("1.") and len(code) < 200
True
>>> Snapshot.from_code(code) == snapshot
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import parse_qsl

from ..codes import read_code, write_code
from ..engine import (
    GameError,
    InvalidOptionsError,
    InvalidPictureError,
    InvalidRecordError,
    get_game,
    players_text,
)
from ..learn.lessons import Lesson, LessonError, tour
from ..learn.puzzles import PuzzleError, read_puzzle
from ..pictures import packed
from ..presenter import presenter_for, table_games
from ..records import Record, check_depth
from ..settings import game_settings

FORMAT = "iriri-core match"
VERSION = 1
CODE_VERSION = "1"
MAX_CODE_BYTES = 1_000_000
"""A share code may not unpack to more than this (a damaged or hostile link)."""

SEAT_KINDS = ("human", "easy", "medium", "hard", "expert", "random", "greedy")
"""How seats are written: a person, or a bot's level."""


@dataclass(frozen=True)
class Snapshot:
    """A record, the seats (``"human"`` or a bot level each), the cursor
    (how many of the record's moves are on the table; the rest were undone)
    and the draft: JSON data the table reads back, and checks, when it
    loads the snapshot (:meth:`iriri_core.table.table.Table.snapshot`), or None."""

    record: Record
    seats: tuple[str, ...]
    cursor: int
    draft: Any = field(default=None, hash=False)

    def __post_init__(self) -> None:
        if len(self.seats) != self.record.players:
            raise InvalidRecordError(
                f"the match has {len(self.seats)} seats but its record is for {self.record.players} players"
            )
        for seat in self.seats:
            if seat not in SEAT_KINDS:
                raise InvalidRecordError(f"{seat!r} is not a seat: each is one of {', '.join(SEAT_KINDS)}")
        if not 0 <= self.cursor <= len(self.record.moves):
            raise InvalidRecordError(
                f"the match stands at move {self.cursor}, but its record has {len(self.record.moves)} moves"
            )

    # ------------------------------------------------------------ JSON

    def to_data(self) -> dict[str, Any]:
        """The snapshot as JSON data (the draft only where there is one)."""
        data = {
            "format": FORMAT,
            "version": VERSION,
            "record": self.record.to_data(),
            "seats": list(self.seats),
            "cursor": self.cursor,
        }
        if self.draft is not None:
            data["draft"] = self.draft
        return data

    def to_json(self) -> str:
        """The snapshot as JSON text."""
        return json.dumps(self.to_data())

    @classmethod
    def from_data(cls, data: Any) -> Snapshot:
        """Read JSON data; raises InvalidRecordError saying what is wrong.
        The moves are checked when the match is replayed, and the draft
        when the table puts it back, not here."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InvalidRecordError(f'this is not a saved match: it lacks "format": "{FORMAT}"')
        version = data.get("version")
        if version != VERSION:
            raise InvalidRecordError(
                f"this saved match is version {version!r}; this program reads version {VERSION}"
            )
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
            raise InvalidRecordError("the match's seats must be a list of texts")
        cursor = data.get("cursor")
        if not isinstance(cursor, int) or isinstance(cursor, bool):
            raise InvalidRecordError("the match's cursor must be a whole number")
        record = Record.from_json(json.dumps(data.get("record")))
        return cls(record, tuple(seats), cursor, data.get("draft"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Snapshot:
        """Read JSON text; raises InvalidRecordError saying what is wrong."""
        check_depth(text, "this saved match is damaged")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise InvalidRecordError("this saved match is not valid JSON") from None
        return cls.from_data(data)

    # ------------------------------------------------------------ share codes

    def to_code(self) -> str:
        """A compact, URL-safe share code: ``1.`` and the compressed JSON."""
        data = replace(self, draft=None).to_data()
        record = data["record"]
        if record["seed"] is not None and record["start"] == _dealt(
            self.record.game, self.record.players, record["seed"]
        ):
            record["start"] = None  # the seed deals it again
        return write_code(CODE_VERSION, json.dumps(data, separators=(",", ":")))

    @classmethod
    def from_code(cls, code: str) -> Snapshot:
        """Read a share code; raises InvalidRecordError saying what is wrong."""
        text = read_code(code, CODE_VERSION, "game link", InvalidRecordError, MAX_CODE_BYTES)
        try:
            check_depth(text, "this game link is damaged")
            data = json.loads(text)
        except InvalidRecordError:
            raise
        except (ValueError, RecursionError):
            raise InvalidRecordError(
                "this game link is damaged: it may have been cut short when copied"
            ) from None
        record = data.get("record") if isinstance(data, dict) else None
        if isinstance(record, dict) and record.get("start") is None:
            try:
                record["start"] = _dealt(record.get("game"), record.get("players"), record.get("seed"))
            except (GameError, KeyError, TypeError, ValueError):
                raise InvalidRecordError(
                    "this game link says neither its start position nor a seed"
                ) from None
        return cls.from_data(data)


def _dealt(game: Any, players: Any, seed: Any) -> str:
    """The position text ``game`` deals for ``players`` from ``seed``."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(game, str):
        raise ValueError("no seed")
    engine = get_game(game)
    text: str = engine.to_text(engine.new_game(players=players, seed=seed))
    return text


# ---------------------------------------------------------------- URL options


@dataclass(frozen=True)
class Options:
    """What a link or an embed asks for (docs/embedding.md)."""

    game: str = "iriri"
    """The game: the ``game`` option, else the record's, else the game the
    position text names in its first line, else Iriri."""
    seats: tuple[str, ...] | None = None
    seed: int | None = None
    snapshot: Snapshot | None = None
    position: str | None = None
    figure: bool = False
    step: int | None = None
    start_now: bool = False
    """An embed starts Python at once (``start=now``), not when the reader
    presses Play (``start=ask``, the default)."""
    notes: tuple[str, ...] = ()
    """What could not be used of the link without stopping it: a damaged
    ``picture`` (the page paints it before Python has started, and only then)."""
    settings: tuple[tuple[str, int], ...] = ()
    """The game's own settings the link gives, by name (Pyrinoes: ``target=50``)."""
    lesson: str | None = None
    """A lesson of the game's tour to put on the table (Learn to play), by its id."""
    puzzle: Lesson | None = None
    """A puzzle to put on the table: ``position``, the question (``puzzle``),
    the ``answer`` and a ``credit`` (:func:`iriri_core.learn.puzzles.read_puzzle`)."""
    edit: bool = False
    """Open the set-up of positions on what the link puts on the table (``edit``; docs/setup.md)."""


KNOWN = (
    "game",
    "seats",
    "seed",
    "record",
    "position",
    "mode",
    "step",
    "picture",
    "start",
    "lesson",
    "puzzle",
    "answer",
    "credit",
    "edit",
)
PUZZLE_WITH = ("game", "position", "puzzle", "answer", "credit", "picture", "start")
"""The options a puzzle may come with: it sets up its own table."""
WHOLE_NUMBER = "[0-9]{1,15}"
"""A whole number as a link (a seed, a step, a game's setting) and the
new-game dialog write it: digits, few enough to be exact in JavaScript."""
MAX_OPTIONS_LENGTH = 200_000


def parse_options(text: str) -> Options:
    """Read the options of a URL fragment or query (with or without its ``#``
    or ``?``); raises InvalidOptionsError naming the option that is wrong.

    >>> options = parse_options("#seats=human,hard&seed=5")
    >>> options.seats, options.seed, options.figure
    (('human', 'hard'), 5, False)
    >>> parse_options("seats=human,wizard")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    iriri_core.engine.InvalidOptionsError: seats: 'wizard' is not a seat; each is one of human, easy, ...
    """
    text = text.lstrip("#?")
    if len(text) > MAX_OPTIONS_LENGTH:
        raise InvalidOptionsError("the link is too long to be a game link")
    pairs = parse_qsl(text, keep_blank_values=True)
    values: dict[str, str] = {}
    for key, value in pairs:
        if key == "play":  # (the site's own page takes it first: friend_table.FriendTable.open_link)
            raise InvalidOptionsError(
                "this is a game with a friend by links: it is played on the site's own page, not in "
                "an embedded game; open the link in a browser tab"
            )
        if key not in KNOWN and key not in _all_settings():
            raise InvalidOptionsError(f"{key!r} is not an option; the options are: {', '.join(KNOWN)}")
        if key in values:
            raise InvalidOptionsError(f"{key} is given twice")
        values[key] = value
    if "record" in values and "position" in values:
        raise InvalidOptionsError("give a record or a position, not both")
    snapshot = None
    if "record" in values:
        try:
            snapshot = Snapshot.from_code(values["record"])
        except InvalidRecordError as exc:
            raise InvalidOptionsError(f"record: {exc}") from None
    options = Options(game=_game_of(values, snapshot))
    options = replace(
        options, settings=_settings(values, options.game, snapshot is not None or "position" in values)
    )
    if "seats" in values:
        seats = tuple(seat.strip().lower() for seat in values["seats"].split(","))
        for seat in seats:
            if seat not in SEAT_KINDS:
                raise InvalidOptionsError(
                    f"seats: {seat!r} is not a seat; each is one of {', '.join(SEAT_KINDS)}"
                )
        engine = get_game(options.game)
        if not engine.min_players <= len(seats) <= engine.max_players:
            raise InvalidOptionsError(f"seats: {engine.title} is for {players_text(engine)}")
        options = replace(options, seats=seats)
    if "seed" in values:
        options = replace(options, seed=_whole(values["seed"], "seed"))
    if snapshot is not None:
        if snapshot.record.game != options.game:
            raise InvalidOptionsError(f"record: this is a game of {snapshot.record.game}, not {options.game}")
        if options.seats is not None and len(options.seats) != len(snapshot.seats):
            raise InvalidOptionsError(f"seats: the record is for {len(snapshot.seats)} players")
        options = replace(options, snapshot=snapshot)
    if "position" in values:
        try:
            state = get_game(options.game).from_text(values["position"])
        except GameError as exc:
            raise InvalidOptionsError(f"position: {exc}") from None
        players = get_game(options.game).num_players(state)
        if options.seats is not None and len(options.seats) != players:
            raise InvalidOptionsError(f"seats: the position is for {players} players")
        options = replace(options, position=values["position"])
    if "mode" in values:
        if values["mode"] not in ("play", "figure"):
            raise InvalidOptionsError("mode: it is play or figure")
        options = replace(options, figure=values["mode"] == "figure")
    if "step" in values:
        if options.snapshot is None:
            raise InvalidOptionsError("step: it needs a record to step through")
        step = _whole(values["step"], "step")
        moves = len(options.snapshot.record.moves)
        if step > moves:
            raise InvalidOptionsError(f"step: the record has {moves} moves")
        options = replace(options, step=step)
    if "picture" in values:
        try:
            picture = packed.decode(values["picture"])
            if picture.game != options.game:
                raise InvalidPictureError(f"it is a picture of {picture.game}, not {options.game}")
        except InvalidPictureError as exc:
            options = replace(options, notes=(f"The picture in this link could not be used ({exc})",))
    if "lesson" in values:
        if len(values) - ("start" in values) - ("game" in values) > 1:
            raise InvalidOptionsError(
                "lesson: a lesson sets up its own table; give only game and start with it"
            )
        try:
            tour(options.game).lesson(values["lesson"])
        except LessonError as exc:
            raise InvalidOptionsError(f"lesson: {exc}") from None
        options = replace(options, lesson=values["lesson"])
    if {"puzzle", "answer", "credit"} & set(values):
        options = replace(options, puzzle=_puzzle(values, options.game))
    if "edit" in values:
        if values["edit"]:
            raise InvalidOptionsError("edit: it takes no value (write only edit)")
        if options.figure or options.step is not None:
            raise InvalidOptionsError(
                "edit: a figure only shows a game; set up a position from a game or a position"
            )
        options = replace(options, edit=True)
    if "start" in values:
        if values["start"] not in ("ask", "now"):
            raise InvalidOptionsError("start: it is ask or now")
        options = replace(options, start_now=values["start"] == "now")
    return options


def _puzzle(values: dict[str, str], game: str) -> Lesson:
    """The puzzle the options give (docs/embedding.md, "Puzzles")."""
    if "puzzle" not in values:
        given = next(key for key in ("answer", "credit") if key in values)
        raise InvalidOptionsError(f"{given}: it goes with a puzzle (puzzle=the question)")
    extra = [key for key in values if key not in PUZZLE_WITH]
    if extra:
        raise InvalidOptionsError(
            f"puzzle: a puzzle sets up its own table; give only {', '.join(PUZZLE_WITH)} "
            f"with it, not {extra[0]}"
        )
    if "position" not in values:
        raise InvalidOptionsError("puzzle: it needs the position it is set in (position=...)")
    if "answer" not in values:
        raise InvalidOptionsError("puzzle: it needs its answer (answer=the solver's moves, separated by ;)")
    try:
        return read_puzzle(
            game, values["position"], values["puzzle"], values["answer"], values.get("credit", "")
        )
    except PuzzleError as exc:
        raise InvalidOptionsError(str(exc)) from None


def _all_settings() -> set[str]:
    """The names of every game's own settings (each is a link option)."""
    return {s.name for name in table_games() for s in game_settings(presenter_for(name))}


def _settings(values: dict[str, str], game: str, started: bool) -> tuple[tuple[str, int], ...]:
    """The settings of ``game`` the options give; ``started``: the link
    gives a record or a position, which holds its own."""
    engine, own = get_game(game), {s.name: s for s in game_settings(presenter_for(game))}
    chosen = []
    for key, value in values.items():
        if key in KNOWN:
            continue
        setting = own.get(key)
        if setting is None:
            raise InvalidOptionsError(f"{key}: {engine.title} has no such setting")
        if started:
            raise InvalidOptionsError(f"{key}: the game in the link keeps its own; it is for a new game")
        try:
            chosen.append((key, setting.read(value)))
        except ValueError as exc:
            raise InvalidOptionsError(f"{key}: {exc}") from None
    return tuple(chosen)


def _game_of(values: dict[str, str], snapshot: Snapshot | None) -> str:
    """The game the options are about (see :attr:`Options.game`)."""
    if "game" in values:
        name = values["game"].strip().lower()
        if name not in table_games():
            known = ", ".join(table_games())
            raise InvalidOptionsError(f"game: no game called {name!r}; the games are: {known}")
        return name
    if snapshot is not None:
        return snapshot.record.game
    first = values.get("position", "").strip().partition("\n")[0].strip().lower()
    first = first.partition(":")[0]  # a position line starts with its game's name and a colon
    return first if first in table_games() else "iriri"


def _whole(text: str, name: str) -> int:
    if not re.fullmatch(WHOLE_NUMBER, text):
        raise InvalidOptionsError(f"{name}: it must be a whole number, 0 or more")
    return int(text)
