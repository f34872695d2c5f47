"""Pyrinoes (Andy Bond, 2010): block dominoes for two, with pyrinoes built
from pyramids; rounds until a player reaches the winning threshold."""

from .game import PyrinoesGame
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

__all__ = [
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
