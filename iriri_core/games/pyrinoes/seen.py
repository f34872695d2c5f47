"""What a player of Pyrinoes sees in its own view of a game dealt by both
browsers (docs/distance.md): a domino dealt or drawn unseen, the boneyard
turned unseen by it, and what is in sight.  The rules play such a view
record as they play a game (:mod:`.rules`)."""

from __future__ import annotations

from .state import UNSEEN, Deal, Domino, Drawn, PyrinoesMove, PyrinoesState


def from_boneyard(boneyard: tuple[Domino, ...], item: Domino) -> tuple[Domino, ...]:
    """The boneyard without ``item``, dealt or drawn; in a player's view, the
    first domino dealt unseen leaves the rest of the boneyard unseen too."""
    if item not in boneyard and UNSEEN not in boneyard:
        boneyard = (UNSEEN,) * len(boneyard)
    found = list(boneyard)
    found.remove(item if item in found else UNSEEN)
    return tuple(found)


def shown(state: PyrinoesState, tile: Domino) -> bool:
    """Whether ``tile`` is in sight: in a hand or in the line."""
    return tile in {*state.hands[0], *state.hands[1], *(item.tile for item in state.line)}


def seen_chance(state: PyrinoesState, move: PyrinoesMove) -> bool:
    """Whether ``move`` is chance's move as one player records it in a game
    dealt by both browsers (docs/distance.md): a domino dealt or drawn that
    the player does not see (``deal ?``), or one it sees that its view of the
    boneyard hides.  Only a view has such moves; the dealt domino must still
    be one nobody has shown."""
    if isinstance(move, Deal):
        due = state.dealing or state.ending is not None or (state.round == 0 and state.first is not None)
    elif isinstance(move, Drawn):
        due = state.drawing
    else:
        return False
    if not due or (isinstance(move, Drawn) and not state.boneyard):
        return False
    if move.domino == UNSEEN:
        return True
    return UNSEEN in state.boneyard and not shown(state, move.domino)
