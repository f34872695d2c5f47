"""Pyrinoes (Andy Bond, 2010): block dominoes for two, with pyrinoes built
from pyramids; rounds until a player reaches the winning threshold."""

from ...by_links.decks import DeckRules
from ...presenter import GameEntry
from .deck import CARDS, PLACES, PyrinoesDeck
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
from .witness import WitnessDeck

ENTRY = GameEntry(PyrinoesGame, PyrinoesPresenter, deck=DeckRules(CARDS, PLACES, PyrinoesDeck, WitnessDeck))
"""The game, declared once (:func:`iriri_core.presenter.register_game`), with its deck
for play by links (:mod:`.deck`, and a spectator's :mod:`.witness`)."""

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
