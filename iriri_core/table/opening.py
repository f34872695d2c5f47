"""Games put on a table from outside: as a link's options ask
(docs/embedding.md), from a game record file or a saved match the person
opens, or another game picked.  On any problem the person is told what it
is, and the game on the table stays."""

from __future__ import annotations

from dataclasses import replace

from ..engine import GameError, get_game
from ..learn.lesson_mode import open_lesson
from ..presenter import table_games
from ..records import Record
from ..seats import Seat, default_seats
from ..site.links import Options, Snapshot
from .desk import Desk
from .events import file_snapshot, unknown_game


def apply(desk: Desk, options: Options) -> None:
    """Set the table up as a link's options ask (docs/embedding.md)."""
    seats = options.seats
    if options.lesson is not None:
        open_lesson(desk, options.game, options.lesson)
    elif options.snapshot is not None:
        snapshot = options.snapshot
        if seats is not None:
            snapshot = replace(snapshot, seats=seats)
        if options.step is not None:
            snapshot = replace(snapshot, cursor=options.step)
        elif options.figure:
            snapshot = replace(snapshot, cursor=0)
        desk.load(snapshot, figure=options.figure)
    elif options.position is not None:
        game = get_game(options.game)
        state = game.from_text(options.position)
        players = game.num_players(state)
        record = Record(game.name, players, game.to_text(state))
        desk.load(Snapshot(record, seats or ("human",) * players, 0), figure=options.figure)
    else:
        same = options.game == desk.game.name
        chosen = [Seat.from_text(text) for text in seats] if seats else desk.seats if same else None
        desk.new_game(chosen or default_seats(), options.seed, options.game, dict(options.settings))
        desk.figure = options.figure


def switch(desk: Desk, name: str) -> bool:
    """Start a game of ``name`` with a person against a medium bot (the
    page then puts back a saved match of it, when it has one); False,
    with a message, if there is no such game."""
    desk.runner.stop()
    if name not in table_games():
        desk.error(unknown_game(name))
        return False
    desk.new_game(default_seats(), game=name)
    return True


def open_file(desk: Desk, text: str) -> None:
    """Load a game record file (or a saved match); on any problem say
    what it is and keep the game on the table."""
    try:
        desk.load(file_snapshot(text, tuple(seat.text for seat in desk.seats)))
    except (ValueError, RecursionError) as exc:
        reason = str(exc) if isinstance(exc, GameError) else "it is not valid JSON"
        desk.error(f"that file is not a game this page can open: {reason}; your game is unchanged")
        return
    desk.news = ["Opened the game from the file. ", *desk.news]
