"""Every whole turn the player to move can still make, found in one walk.

:func:`rules.legal_moves` offers one move at a time, and asks for each
whether it can be completed; a search that wants whole turns would ask it
again at every step.  :func:`whole_turns` walks the single moves of the
rules (:func:`rules.parts`, :func:`rules.apply_part`) once, keeps every way
the turn can end, and then applies the rules of a whole turn to them: the
turn must use as many dice as any allowed turn, an allowed turn leaves the
opponent a roll with a move (a win, or a turn that ends the game, is always
allowed), and where no turn uses a die the player passes.  Each position the
turns end in is given once, with one way of reaching it.
tests/test_pach_turns.py checks the result against ``legal_moves`` move by move.

>>> from .rules import deal, play
>>> from .state import Roll
>>> [moves for moves, _ in whole_turns(play(deal(), Roll((2, 3, 5))))]
[(Enter(tree=(3, 2, 1), dice=(2, 3, 5)),)]
"""

from __future__ import annotations

from dataclasses import replace

from .rules import DICE, _leaves_a_move, apply_part, parts
from .state import Advance, Enter, PachMove, PachState, Pass

Turn = tuple[tuple[PachMove, ...], PachState]
"""The moves of a turn (or what is left of one), and the position it ends in."""


def _stopped(state: PachState) -> PachState:
    """``state`` with the dice left unused: the other player to roll."""
    return replace(state, to_move=1 - state.to_move, dice=(), moved=(), resent=())


def whole_turns(state: PachState) -> list[Turn]:
    """Every allowed way to finish the turn under way in ``state`` (the dice
    rolled), one per position it ends in; ``[((Pass(),), ...)]`` where no die
    can be used.  Empty where the game is over or the dice are not rolled."""
    if state.is_over or not state.dice:
        return []
    seat = state.to_move
    start_dice = len(state.dice)
    endings: dict[PachState, tuple[int, bool, tuple[PachMove, ...]]] = {}
    """Each end position: the dice used, whether it must leave the opponent a move, the moves."""
    seen: set[PachState] = set()

    def end(position: PachState, used: int, careful: bool, moves: tuple[PachMove, ...]) -> None:
        if position not in endings or endings[position][0] < used:
            endings[position] = (used, careful, moves)

    def walk(current: PachState, moves: tuple[PachMove, ...], used: int) -> None:
        if current in seen:
            return
        seen.add(current)
        for part in parts(current):
            after = apply_part(current, part)
            taken = moves + (part,)
            if after.is_over:
                dice = start_dice if after.winner == seat else used + len(part.dice)
                end(after, dice, False, taken)
            elif not after.dice:
                end(after, used + len(part.dice), True, taken)
            else:
                walk(after, taken, used + len(part.dice))
        if used:  # stopping with dice left (the rules allow it only where no die more can be used)
            end(_stopped(current), used, True, moves + (Pass(),))

    walk(state, (), 0)
    for dice in sorted({used for used, _, _ in endings.values()}, reverse=True):
        allowed = [
            (moves, end)
            for end, (used, careful, moves) in endings.items()
            if used == dice and (not careful or _leaves_a_move(end))
        ]
        if allowed:
            return allowed
    return [((Pass(),), _stopped(state))]


def first_moves(turns: list[Turn]) -> list[Enter | Advance | Pass]:
    """The first move of each turn, each once, in the turns' order."""
    found: list[Enter | Advance | Pass] = []
    for moves, _ in turns:
        first = moves[0]
        assert isinstance(first, Enter | Advance | Pass)
        if first not in found:
            found.append(first)
    return found


__all__ = ["DICE", "Turn", "first_moves", "whole_turns"]
