"""Iriri: lay words on a grid that match runs of a shrinking ring of pyramids."""

from ..pieces import COLOURS, LARGE, MEDIUM, SMALL, Pyramid
from .game import IririGame
from .state import PLACE, TAKE, Cell, IririMove, IririState, Pass, Place, Take

__all__ = [
    "COLOURS",
    "LARGE",
    "MEDIUM",
    "PLACE",
    "SMALL",
    "TAKE",
    "Cell",
    "IririGame",
    "IririMove",
    "IririState",
    "Pass",
    "Place",
    "Pyramid",
    "Take",
]
