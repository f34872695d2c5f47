"""Pure-Python engines for Looney Pyramids games, behind one small protocol.

>>> import iriri_core
>>> game = iriri_core.get_game("iriri")
>>> state = game.new_game(players=2, seed=7)
>>> game.is_over(state)
False
"""

from .engine import (
    CHANCE,
    TERMINAL,
    Game,
    GameError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    Outcome,
    game_names,
    get_game,
    register,
)
from .iriri import IririGame
from .records import Record

register("iriri", IririGame)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidRecordError",
    "IririGame",
    "Outcome",
    "Record",
    "__version__",
    "game_names",
    "get_game",
    "register",
]
