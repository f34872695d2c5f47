"""Undo and redo: where each goes, and the rule of what a seat may not undo
past.  Undo steps back to the last earlier position where a person was to
act; redo steps forward again past the moves bots, chance and the table make
alone.  Where some of the game is hidden, undo never goes back through the
move of another person sharing the screen, nor past a move that showed the
person looking something hidden before it (:func:`iriri_core.engine.reveals`):
they would play on knowing it.  The table moves its history's cursor."""

from __future__ import annotations

from .history import History
from .seating import Seating


def undo_target(history: History, seating: Seating) -> tuple[int | None, str]:
    """Where undo goes from the position ``seating`` shows, and why not
    where it cannot (the person is told that)."""
    game = seating.game
    cursor = history.cursor - 1
    while cursor >= 0 and seating.acts_alone(history.position(cursor)):
        cursor -= 1
    if cursor < 0:
        return None, "there is nothing to undo"
    mover = game.current_player(history.position(cursor))
    if seating.shared_and_hidden() and mover != seating.screen:
        return None, "there is nothing to undo"
    plies = history.plies[cursor : history.cursor]
    if any(ply.reveals(game, seat) for seat in seating.watching() for ply in plies):
        return None, "there is no undo here: since then you have seen what another player was hiding"
    return cursor, ""


def redo_target(history: History, seating: Seating) -> int | None:
    """Where redo goes: the next undone move, and on past the moves made
    alone after it; None if no move is undone."""
    if history.cursor >= history.length:
        return None
    cursor = history.cursor + 1
    while cursor < history.length and seating.acts_alone(history.position(cursor)):
        cursor += 1
    return cursor


def undone_words(cursor: int) -> str:
    """What the person is told after an undo to ``cursor``."""
    if cursor:
        return f"Undone: the table is as it was after move {cursor}"
    return "Undone: the table is as it was at the start"
