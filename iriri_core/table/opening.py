"""Games put on a table from outside: as a link's options ask
(docs/embedding.md), from a game record file or a saved match the person
opens, or another game picked; each function says what should change
(:class:`~iriri_core.table.changes.Changes`).  On any problem the person is told
what it is, and the game on the table stays."""

from __future__ import annotations

from dataclasses import replace

from ..engine import GameError, get_game
from ..learn.lesson_mode import open_lesson, open_puzzle
from ..presenter import table_games
from ..records import Record
from ..seats import Seat, default_seats
from ..site.links import Options, Snapshot
from .changes import Changes, Loaded, Look, NewGame
from .events import file_snapshot, unknown_game
from .history import History


def loaded(snapshot: Snapshot, figure: bool = False) -> Loaded:
    """``snapshot`` replayed, to put on the table (raises InvalidRecordError if it does not replay)."""
    record = snapshot.record
    return Loaded(snapshot, History.replay(get_game(record.game), record, snapshot.cursor), figure)


def apply(look: Look, options: Options) -> Changes:
    """Set the table up as a link's options ask (docs/embedding.md)."""
    seats = options.seats
    if options.lesson is not None:
        return open_lesson(options.game, options.lesson)
    if options.puzzle is not None:
        return open_puzzle(options.puzzle)
    if options.snapshot is not None:
        snapshot = options.snapshot
        if seats is not None:
            snapshot = replace(snapshot, seats=seats)
        if options.step is not None:
            snapshot = replace(snapshot, cursor=options.step)
        elif options.figure:
            snapshot = replace(snapshot, cursor=0)
        return Changes(load=loaded(snapshot, figure=options.figure))
    if options.position is not None:
        game = get_game(options.game)
        state = game.from_text(options.position)
        players = game.num_players(state)
        record = Record(game.name, players, game.to_text(state))
        return Changes(load=loaded(Snapshot(record, seats or ("human",) * players, 0), figure=options.figure))
    same = options.game == look.game.name
    chosen = [Seat.from_text(text) for text in seats] if seats else list(look.seats) if same else None
    asked = NewGame(chosen or default_seats(), options.seed, options.game, dict(options.settings))
    return Changes(new_game=asked, figure=options.figure)


def switch(name: str) -> Changes:
    """Start a game of ``name`` with a person against a medium bot (the
    page then puts back a saved match of it, when it has one); an error if
    there is no such game."""
    if name not in table_games():
        return Changes(stop=True, error=unknown_game(name))
    return Changes(stop=True, new_game=NewGame(default_seats(), game=name))


def open_file(look: Look, text: str) -> Changes:
    """Load a game record file (or a saved match); on any problem say
    what it is and keep the game on the table."""
    try:
        load = loaded(file_snapshot(text, tuple(seat.text for seat in look.seats)))
    except (ValueError, RecursionError) as exc:
        reason = str(exc) if isinstance(exc, GameError) else "it is not valid JSON"
        return Changes(error=f"that file is not a game this page can open: {reason}; your game is unchanged")
    return Changes(load=load, news_before=("Opened the game from the file. ",))
