"""Hextris (David J. Bush, 2005): drop and move pyramids on a 19-spot hex
board; the first to make three connected groups of five of their colour wins."""

from ...presenter import GameEntry
from .board import PERIMETER, SPOTS, spot_index, spot_name
from .game import HextrisGame
from .presenter import HextrisPresenter
from .setup import HextrisSetup
from .state import Draw, Drop, HextrisMove, HextrisState, Pass, Slide, Swap

ENTRY = GameEntry(HextrisGame, HextrisPresenter, setup=HextrisSetup)
"""The game, declared once (:func:`iriri_core.presenter.register_game`)."""

__all__ = [
    "ENTRY",
    "PERIMETER",
    "SPOTS",
    "Draw",
    "Drop",
    "HextrisGame",
    "HextrisMove",
    "HextrisState",
    "Pass",
    "Slide",
    "Swap",
    "spot_index",
    "spot_name",
]
