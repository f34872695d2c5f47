"""Pure-Python engines for Looney Pyramids games, behind one small protocol.

>>> import iriri_core
>>> game = iriri_core.get_game("iriri")
>>> state = game.new_game(players=2, seed=7)
>>> game.is_over(state)
False
"""

from .engine import (
    CHANCE,
    SPECTATOR,
    TERMINAL,
    Game,
    GameError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionsError,
    InvalidPictureError,
    InvalidPositionError,
    InvalidRecordError,
    Outcome,
    game_names,
    get_game,
    register,
)
from .games import hextris, iriri, pach_ice_i, pyrinoes
from .games.hextris import HextrisGame
from .games.iriri import IririGame
from .games.pach_ice_i import PachIceIGame
from .presenter import register_game
from .records import Record
from .seats import Seat
from .table.table import Table

for _package in (iriri, hextris, pach_ice_i, pyrinoes):
    register_game(_package.ENTRY)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "SPECTATOR",
    "TERMINAL",
    "Game",
    "GameError",
    "HextrisGame",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidOptionsError",
    "InvalidPictureError",
    "InvalidPositionError",
    "InvalidRecordError",
    "IririGame",
    "Outcome",
    "PachIceIGame",
    "Record",
    "Seat",
    "Table",
    "__version__",
    "game_names",
    "get_game",
    "register",
]
