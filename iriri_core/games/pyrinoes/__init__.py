"""Pyrinoes (Andy Bond, 2010): block dominoes for two, with pyrinoes built
from pyramids; rounds until a player reaches the winning threshold."""

from ...by_links.decks import DeckRules
from ...presenter import GameEntry
from .deck import CARDS, PLACES, PyrinoesDeck
from .game import PyrinoesGame
from .presenter import PyrinoesPresenter
from .setup import PyrinoesSetup
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

ENTRY = GameEntry(
    PyrinoesGame,
    PyrinoesPresenter,
    deck=DeckRules(CARDS, PLACES, PyrinoesDeck, WitnessDeck),
    setup=PyrinoesSetup,
)
"""The game, declared once (:func:`iriri_core.presenter.register_game`), with its deck
for play by links (:mod:`.deck`, and a spectator's :mod:`.witness`) and its set-up of
positions by hand (:mod:`.setup`)."""

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
