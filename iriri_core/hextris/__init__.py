"""Hextris (David J. Bush, 2005): drop and move pyramids on a 19-spot hex
board; the first to make three connected groups of five of their colour wins."""

from .board import PERIMETER, SPOTS, spot_index, spot_name
from .game import HextrisGame
from .state import Draw, Drop, HextrisMove, HextrisState, Pass, Slide, Swap

__all__ = [
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
