"""Pyrinoes in words: the seats, the tiles, the hands, why a tile does not
fit, the round's summary and the table told line by line (the mirror) —
every sentence the presenter (:mod:`.presenter`) puts on screen that does
not depend on what the person is picking."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import GameError
from ...pieces import Pyramid
from . import rules
from .state import (
    ENDINGS,
    GREEN,
    HAND,
    LEFT,
    RIGHT,
    SEAT_COLOURS,
    SEATS,
    UNSEEN,
    Build,
    Deal,
    Domino,
    Draw,
    Drawn,
    Pass,
    Pick,
    Play,
    Pyrino,
    PyrinoesState,
    Tile,
    end_spots,
    end_text,
)

END_WORDS = {LEFT: "left", RIGHT: "right"}


ENDING_WORDS = {
    "no-pyramids": "has no pyramids left",
    "one-colour": "has no dominoes left and pyramids of one colour only",
    "nothing-left": "has nothing left at all",
}


def tile_words(tile: Tile) -> str:
    """ "5-3", "the double 5-5", "the pyrino R3+Y1 (3-1)"."""
    if isinstance(tile, Domino):
        return f"the double {tile}" if tile.is_double else str(tile)
    a, b = tile.spots
    return f"the pyrino {tile} ({a}-{b})"


def _end_words(end: tuple[Pyramid, ...]) -> str:
    """ "a large red", "a small yellow on a medium yellow" (a stack, top first)."""
    return " on ".join(f"a {p.name}" for p in reversed(end))


def tile_name(tile: Tile, others: Sequence[Tile] = ()) -> str:
    """A tile as a player finds it on the table, by what is drawn there:
    "the 5-3", "the double 6-6", "the 3-1 pyrino" (its pyramids told too,
    "the 3-1 pyrino of a large red and a small yellow", where one of
    ``others``, the tiles it is told apart from, is a pyrino of the same spots)."""
    if isinstance(tile, Domino):
        return f"the double {tile}" if tile.is_double else f"the {tile}"
    a, b = tile.spots
    name = f"the {'double ' if a == b else ''}{a}-{b} pyrino"
    if any(isinstance(o, Pyrino) and o != tile and o.spots == tile.spots for o in others):
        name += f" of {_end_words(tile.first)} and {_end_words(tile.second)}"
    return name


def open_end_words(state: PyrinoesState, end: int) -> str:
    """An open end of the line as a player finds it, whichever way the line
    snakes on the screen: by the spots in its circle ("the open end showing
    3"), and, where both open ends show the same, by the tile it is at ("the
    open end showing 2, at the 2-0"), or, on a line of one tile, by its side."""
    spots = state.open_ends[end]
    words = f"the open end showing {spots}"
    if state.open_ends[LEFT] != state.open_ends[RIGHT]:
        return words
    first, last = state.line[0].tile, state.line[-1].tile
    tile = first if end == LEFT else last
    if len(state.line) == 1 or tile_name(first, [last]) == tile_name(last, [first]):
        return f"{words} on the {END_WORDS[end]} of {tile_name(tile)}"
    return f"{words}, at {tile_name(tile, [first, last])}"


def _count(n: int, word: str) -> str:
    plural = {"domino": "dominoes", "pyrino": "pyrinoes"}.get(word, word + "s")
    return f"{n} {word if n == 1 else plural}"


def _number(n: int, word: str) -> str:
    """ "nine dominoes", "one domino", "12 dominoes"."""
    names = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    return _count(n, word).replace(str(n), names[n], 1) if n < len(names) else _count(n, word)


def hand_words(state: PyrinoesState, seat: int) -> str:
    """ "8 dominoes, 1 pyrino"."""
    words = _count(len(state.hands[seat]), "domino")
    built = len(state.pyrinoes[seat])
    return words + (f", {_count(built, 'pyrino')}" if built else "")


def _dealt_to(state: PyrinoesState) -> int | None:
    """The seat the next domino of a deal goes to (None: face up, to start the line)."""
    if not state.dealing:
        return 0
    return next((seat for seat in (0, 1) if len(state.hands[seat]) < HAND), None)


def ends_words(ends: list[list[Pyramid]]) -> str:
    """ "R3 + Y2Y1 (3-3)", or the one end chosen: "R3 (3)"."""
    filled = [e for e in ends if e]
    text = " + ".join(end_text(tuple(e)) for e in filled)
    spots = "-".join(str(end_spots(tuple(e))) for e in filled)
    return f"{text} ({spots})"


def no_fit(state: PyrinoesState, tile: Tile, legal: tuple[Any, ...]) -> str:
    """Why a tile of the hand cannot be played now, in the engine's words."""
    if legal == (Draw(),) or legal == (Pass(),):
        return rules.move_problem(state, Play(tile, LEFT)) or "you cannot play now"
    left, right = state.open_ends
    if left == right:
        return f"{tile} does not fit the open ends, which are both {left}s"
    return f"{tile} does not fit either open end: the left is a {left}, the right a {right}"


def _ended(game: Any, state: PyrinoesState, move: Any) -> str:
    """ ", ending the round", when ``move`` ends it."""
    try:
        after = game.play(state, move)
    except GameError:
        return ""
    return ", ending the round" if after.ending is not None and state.ending is None else ""


def pass_reason(state: PyrinoesState) -> str:
    """Why the player to move can only pass."""
    return "you can neither play nor build, and the boneyard is empty"


def round_lines(state: PyrinoesState) -> list[str]:
    """The round just ended, in sentences (the round's summary)."""
    assert state.ending is not None
    totals = [rules.hand_total(state, seat) for seat in (0, 1)]
    greens = [rules.greens_played(state, seat) for seat in (0, 1)]
    points = rules.round_points(state)
    scores = rules.match_scores(state)
    bonus = ENDINGS[state.ending]
    if state.ending == "two-passes" or state.ender is None:
        how = f"Round {state.round} is over: both passed in a row, no bonus."
    else:
        how = (
            f"Round {state.round} is over: {SEATS[state.ender]} {ENDING_WORDS[state.ending]} (bonus {bonus})."
        )
    if not rules.counted(state):
        return [how, "The hands are counted once the other player's hand is shown."]
    lines = [how, f"Hand totals: Fire {totals[0]}, Ice {totals[1]}."]
    parts = []
    for seat in (0, 1):
        bits = []
        if totals[seat] < totals[1 - seat]:
            bits.append(f"{totals[1 - seat] - totals[seat]} for the lower hand")
        if state.ender == seat and bonus:
            bits.append(f"{bonus} bonus")
        if greens[seat]:
            bits.append(f"{greens[seat]} for greens played")
        parts.append(f"{SEATS[seat]} {points[seat]}" + (f" ({', '.join(bits)})" if bits else ""))
    lines.append("This round: " + "; ".join(parts) + ".")
    won = rules.winner(state)
    match = f"Match: Fire {scores[0]}, Ice {scores[1]}, to {state.target}"
    lines.append(match + (f": {SEATS[won]} wins." if won is not None else "."))
    return lines


def _pieces_words(pieces: list[tuple[Pyramid, int]]) -> str:
    return ", ".join(f"{count} {p.name}" for p, count in pieces if count) or "none"


def mirror(state: PyrinoesState, names: list[str], viewer: int) -> list[str]:
    """The table in words, for screen readers and keyboard players: only
    what ``viewer`` may see (the other hand and the boneyard by their counts)."""
    scores = rules.match_scores(state)
    lines = [
        f"Pyrinoes, match to {state.target}; round {state.round or 'not started'}. "
        f"Match score: Fire {scores[0]}, Ice {scores[1]}."
    ]
    if state.round == 0:
        picks = ", ".join(f"{SEATS[i % 2]} picked {d}" for i, d in enumerate(state.picks))
        lines.append("Picking who starts" + (f": {picks}." if picks else "."))
    if state.line:
        left, right = state.open_ends
        lines.append("Line of play, left to right: " + " ".join(str(item) for item in state.line) + ".")
        lines.append(f"Open ends: left {left}, right {right}.")
    for seat in (0, 1):
        hand = state.hands[seat]
        hidden = sum(d == UNSEEN for d in hand)
        if hidden:
            words = f"{_count(len(hand), 'domino')}, face down"
        else:
            words = " ".join(str(d) for d in hand) or "no dominoes"
        built = " ".join(str(t) for t in state.pyrinoes[seat]) or "none"
        name = names[seat]
        owner = f"Your hand ({name.removesuffix(' (you)')})" if name.endswith(" (you)") else f"{name}'s hand"
        lines.append(f"{owner}: {words}. Pyrinoes built: {built}.")
        supply = [
            (Pyramid(c, s), state.supply[seat].count(Pyramid(c, s)))
            for c in SEAT_COLOURS[seat]
            for s in (1, 2, 3)
        ]
        lines.append(f"{names[seat]}'s supply: {_pieces_words(supply)}.")
    greens = [(Pyramid(GREEN, s), state.greens[s - 1]) for s in (1, 2, 3)]
    lines.append(
        f"Greens left: {_pieces_words(greens)}. Boneyard: {_count(len(state.boneyard), 'domino')}, face down."
    )
    if state.ending is not None:
        lines.extend(round_lines(state))
    elif state.round:
        lines.append(f"{names[state.to_move]} to play.")
    if viewer in (0, 1):
        lines.append(f"You are {SEATS[viewer]}, playing {' and '.join(SEAT_COLOURS[viewer])}.")
    return lines


def describe_move(game: Any, state: PyrinoesState, move: Any) -> str:
    """A move in words, as the viewer may know it: "Ice drew a domino",
    "Fire played 5-3 on the 5", "Ice built the pyrino B3+K1 (3-1)"."""
    who = SEATS[state.to_move]
    if isinstance(move, Pick):
        picker = 1 if len(state.picks) == 1 else 0
        text = f"{SEATS[picker]} picked {move.domino}"
        if picker == 1:
            mine, theirs = move.domino.weight, state.picks[0].weight
            text += (
                ": a tie, both pick again"
                if mine == theirs
                else f", so {SEATS[picker if mine > theirs else 0]} starts"
            )
        return text
    if isinstance(move, Deal):
        seat = _dealt_to(state)
        if seat is None:
            return f"The dealer turned up {move.domino} to start the line"
        what = "a domino" if move.domino == UNSEEN else str(move.domino)
        return f"The dealer dealt {what} to {SEATS[seat]}"
    if isinstance(move, Drawn):
        return f"{who} drew {'a domino' if move.domino == UNSEEN else move.domino}" + _ended(
            game, state, move
        )
    if isinstance(move, Draw):
        return f"{who} could neither play nor build, so draws from the boneyard"
    if isinstance(move, Pass):
        return f"{who} passed: nothing to play or build, and the boneyard is empty" + _ended(
            game, state, move
        )
    if isinstance(move, Build):
        return f"{who} built {tile_words(move.pyrino)}" + _ended(game, state, move)
    if isinstance(move, Play):
        # Named by the spots it was played on, as domino players say it: "left" and "right" mean
        # nothing where the line snakes on a phone, and the board marks the tile just played.
        return f"{who} played {tile_words(move.tile)} on the {state.open_ends[move.end]}" + _ended(
            game, state, move
        )
    return str(move)


def pyrino_words(tile: Pyrino) -> str:
    """ "a 6-4 pyrino with a large red on a large red at one end and a small
    yellow on a large yellow at the other"."""
    a, b = tile.spots
    ends = f"{_end_words(tile.first)} at one end and {_end_words(tile.second)} at the other"
    return f"a {a}-{b} pyrino with {ends}"


def move_words(game: Any, state: PyrinoesState, move: Any, past: bool) -> str:
    """A player's move as a verb phrase without the player, in the past or
    not: "played the 2-1 on the open end showing 1", "build a 6-4 pyrino
    with ...", "drew from the boneyard" (chance's moves as :func:`describe_move` says them)."""
    if isinstance(move, Play):
        tile = tile_name(move.tile, state.pyrinoes[state.to_move])
        text = f"{'played' if past else 'play'} {tile} on {open_end_words(state, move.end)}"
    elif isinstance(move, Build):
        text = f"{'built' if past else 'build'} {pyrino_words(move.pyrino)}"
    elif isinstance(move, Draw):
        return f"{'drew' if past else 'draw'} from the boneyard"
    elif isinstance(move, Pass):
        text = "passed" if past else "pass"
    else:
        return describe_move(game, state, move)
    return text + _ended(game, state, move)


def summarise_deal(game: Any, plies: Sequence[tuple[PyrinoesState, Any]]) -> str | None:
    """A run of chance's moves in one clause: the picks as they went,
    the deal counted ("The dealer dealt nine dominoes to each player and
    turned up 4-2"), naming no domino dealt; None for any other run."""
    picks, dealt, up = [], [0, 0], None
    for before, move in plies:
        if isinstance(move, Pick):
            picks.append(describe_move(game, before, move))
        elif isinstance(move, Deal) and _dealt_to(before) is None:
            up = move.domino
        elif isinstance(move, Deal):
            dealt[_dealt_to(before) or 0] += 1
        else:
            return None
    if dealt == [0, 0] and up is None:
        return "; ".join(picks) or None
    if dealt[0] == dealt[1]:
        deal = f"dealt {_number(dealt[0], 'domino')} to each player"
    else:
        given = [(n, SEATS[seat]) for seat, n in enumerate(dealt) if n]
        deal = "dealt " + " and ".join(
            f"{_number(n, 'domino') if i == 0 else _number(n, 'domino').split()[0]} to {who}"
            for i, (n, who) in enumerate(given)
        )
    if up is not None:
        deal = f"{deal} and turned up {up}" if any(dealt) else f"turned up {up}"
    return "; ".join([*picks, ("the dealer " if picks else "The dealer ") + deal])
