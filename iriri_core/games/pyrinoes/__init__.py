"""Pyrinoes (Andy Bond, 2010): block dominoes for two, with pyrinoes built
from pyramids; rounds until a player reaches the winning threshold."""

from ...presenter import GameEntry
from .game import PyrinoesGame
from .presenter import PyrinoesPresenter
from .state import (
    Build,
    Deal,
    Domino,
    Draw,
    Drawn,
    Pass,
    Pick,
    Placed,
    Play,
    Pyrino,
    PyrinoesMove,
    PyrinoesState,
    domino,
    pyrino,
)

ENTRY = GameEntry(PyrinoesGame, PyrinoesPresenter)
"""The game, declared once (:func:`iriri_core.presenter.register_game`)."""

__all__ = [
    "ENTRY",
    "Build",
    "Deal",
    "Domino",
    "Draw",
    "Drawn",
    "Pass",
    "Pick",
    "Placed",
    "Play",
    "Pyrino",
    "PyrinoesGame",
    "PyrinoesMove",
    "PyrinoesState",
    "domino",
    "pyrino",
]
