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
from .hextris import HextrisGame
from .hextris.presenter import HextrisPresenter
from .iriri import IririGame
from .iriri.presenter import IririPresenter
from .pach_ice_i import PachIceIGame
from .pach_ice_i.presenter import PachIceIPresenter
from .presenter import register_presenter
from .pyrinoes import PyrinoesGame
from .pyrinoes.presenter import PyrinoesPresenter
from .records import Record
from .seats import Seat
from .table import Table

register("iriri", IririGame)
register("hextris", HextrisGame)
register("pach-ice-i", PachIceIGame)
register("pyrinoes", PyrinoesGame)
register_presenter("iriri", IririPresenter)
register_presenter("hextris", HextrisPresenter)
register_presenter("pach-ice-i", PachIceIPresenter)
register_presenter("pyrinoes", PyrinoesPresenter)

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
