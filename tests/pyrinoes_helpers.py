"""Crafted Pyrinoes positions for the tests, written as position text so
that every one is also checked the way a hand-typed position is."""

from __future__ import annotations

from collections import Counter
from typing import Any

from iriri_core import get_game
from iriri_core.games.pyrinoes import notation
from iriri_core.games.pyrinoes.state import ALL_DOMINOES, Domino, PyrinoesState, full_supply
from iriri_core.pieces import SIZES, Pyramid

GAME: Any = get_game("pyrinoes")


def _words(text: str) -> list[str]:
    return text.split()


def position(
    line: str = "5-3",
    fire: str = "",
    ice: str = "",
    *,
    fire_pyrinoes: str = "",
    ice_pyrinoes: str = "",
    boneyard: str | None = None,
    rest: str = "boneyard",
    to_move: str = "fire",
    first: str = "fire",
    round: int = 1,
    match: tuple[int, int] = (0, 0),
    target: int = 100,
    passes: int = 0,
    ended: str = "-",
) -> PyrinoesState:
    """A position in a round: the line left to right, each player's dominoes
    and built pyrinoes; each supply is what its pyrinoes (in hand and in the
    line) leave, and the greens likewise.  The dominoes not named go to the
    boneyard, or (``rest="fire"`` or ``"ice"``) to that hand, the boneyard
    then being ``boneyard`` (empty unless given)."""
    placed = [notation.parse_placed(w) for w in _words(line)]
    hands = {"fire": _words(fire), "ice": _words(ice)}
    named = {notation.parse_domino(w) for w in hands["fire"] + hands["ice"] + _words(boneyard or "")}
    named |= {p.tile for p in placed if isinstance(p.tile, Domino)}
    left = [str(d) for d in ALL_DOMINOES if d not in named]
    if rest == "boneyard" and boneyard is None:
        bones = left
    else:
        bones = _words(boneyard or "")
        if rest in hands:
            hands[rest] += left
    built = {"fire": _words(fire_pyrinoes), "ice": _words(ice_pyrinoes)}
    tiles = [notation.parse_pyrino(w)[0] for w in built["fire"] + built["ice"]]
    tiles += [p.tile for p in placed if not isinstance(p.tile, Domino)]
    used = Counter(p for t in tiles for p in t.pyramids)  # type: ignore[union-attr]
    supplies = {}
    for seat, name in enumerate(("fire", "ice")):
        supply = Counter(full_supply(seat))
        supply.subtract(used)
        supplies[name] = " ".join(str(p) for p in sorted(+supply, key=str) for _ in range(supply[p]))
    greens = " ".join(f"G{size}" for size in SIZES for _ in range(3 - used[Pyramid("green", size)]))
    text = f"""Pyrinoes
target: {target}
round: {round}
match: fire {match[0]}, ice {match[1]}
picks: -
first: {first}
to move: {to_move}
drawing: no
passes: {passes}
line: {line}
fire supply: {supplies["fire"] or "-"}
fire pyrinoes: {fire_pyrinoes or "-"}
fire hand: {" ".join(hands["fire"]) or "-"}
ice supply: {supplies["ice"] or "-"}
ice pyrinoes: {ice_pyrinoes or "-"}
ice hand: {" ".join(hands["ice"]) or "-"}
greens: {greens or "-"}
boneyard: {" ".join(bones) or "-"}
ended: {ended}
"""
    state: PyrinoesState = GAME.from_text(text)
    return state


def moves(state: PyrinoesState) -> list[str]:
    """The legal moves as text."""
    return [GAME.move_text(state, m) for m in GAME.legal_moves(state)]


def play(state: PyrinoesState, *texts: str) -> PyrinoesState:
    """``state`` after the moves written as text."""
    for text in texts:
        state = GAME.play(state, GAME.parse_move(state, text))
    return state
