"""Pach-Ice-i (Jeff Zeitlin, 2006): a race on a 7x7 board with three
eight-sided dice; the first to bring all fifteen pieces into the other
player's start pad wins."""

from ...presenter import GameEntry
from .board import BLACK, WHITE, square_index, square_name
from .game import PachIceIGame
from .presenter import PachIceIPresenter
from .setup import PachIceISetup
from .state import Advance, Enter, PachMove, PachState, Pass, Roll

ENTRY = GameEntry(PachIceIGame, PachIceIPresenter, setup=PachIceISetup)
"""The game, declared once (:func:`iriri_core.presenter.register_game`)."""

__all__ = [
    "BLACK",
    "ENTRY",
    "WHITE",
    "Advance",
    "Enter",
    "PachIceIGame",
    "PachMove",
    "PachState",
    "Pass",
    "Roll",
    "square_index",
    "square_name",
]
