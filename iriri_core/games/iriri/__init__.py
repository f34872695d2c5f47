"""Iriri: lay words on a grid that match runs of a shrinking ring of pyramids."""

from ...pieces import COLOURS, LARGE, MEDIUM, SMALL, Pyramid
from ...presenter import GameEntry
from .game import IririGame
from .presenter import IririPresenter
from .setup import IririSetup
from .state import PLACE, TAKE, Cell, IririMove, IririState, Pass, Place, Take

ENTRY = GameEntry(IririGame, IririPresenter, setup=IririSetup)
"""The game, declared once (:func:`iriri_core.presenter.register_game`)."""

__all__ = [
    "COLOURS",
    "ENTRY",
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
