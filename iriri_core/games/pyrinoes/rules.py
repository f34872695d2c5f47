"""The rules of Pyrinoes (docs/rules-notes.md has the decisions).

A match starts with each player picking a domino (chance's :class:`Pick`
moves) until one picks a heavier one; each round is dealt one domino at a
time (chance's :class:`Deal`: nine to fire, nine to ice, one face up); then
players take turns to play at an open end, build a pyrino, draw (chance's
:class:`Drawn` gives the domino) or pass.

>>> state = new_match()
>>> state = play(play(state, Pick(Domino(6, 5))), Pick(Domino(2, 1)))
>>> state.first, len(legal_moves(state))
(0, 28)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TypeVar

from ...engine import IllegalMoveError
from ...pieces import SIZE_NAMES, SIZES, Pyramid
from .seen import from_boneyard, seen_chance, shown
from .state import (
    ALL_DOMINOES,
    END_NAMES,
    ENDINGS,
    GREEN,
    HAND,
    LEFT,
    PER_SIZE,
    SEAT_COLOURS,
    SEATS,
    TARGET,
    UNSEEN,
    Build,
    Deal,
    Domino,
    Draw,
    Drawn,
    End,
    Pass,
    Pick,
    Placed,
    Play,
    Pyrino,
    PyrinoesMove,
    PyrinoesState,
    Tile,
    end_spots,
    evolve,
    full_supply,
    owner_of,
    placed,
    pyrino,
    tile_key,
)
from .told import played, shut_more

T = TypeVar("T")


def new_match(target: int = TARGET) -> PyrinoesState:
    """A match before anything is picked or dealt, played to ``target`` points."""
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise ValueError("the winning threshold is a whole number of points, 1 or more")
    return PyrinoesState(target=target)


# ---------------------------------------------------------------- where a match stands


def round_points(state: PyrinoesState) -> tuple[int, int]:
    """What each seat scores for the round that has just ended (zeros
    before its end): the difference of hand totals to the lower total, the
    ender's bonus, and the pips of the greens each played to the line."""
    if state.ending is None:
        return (0, 0)
    totals = [hand_total(state, seat) for seat in (0, 1)]
    points = [0, 0]
    if totals[0] != totals[1]:
        points[totals.index(min(totals))] += abs(totals[0] - totals[1])
    if state.ender is not None:
        points[state.ender] += ENDINGS[state.ending]
    for seat in (0, 1):
        points[seat] += greens_played(state, seat)
    return (points[0], points[1])


def match_scores(state: PyrinoesState) -> tuple[int, int]:
    """The match scores, the round just ended included."""
    points = round_points(state)
    return (state.banked[0] + points[0], state.banked[1] + points[1])


def counted(state: PyrinoesState) -> bool:
    """Whether the round's points can be counted: no hand holds a domino
    unseen (a player's own view of a game by links, before the other's
    hand is shown at the round's end)."""
    return UNSEEN not in (*state.hands[0], *state.hands[1])


def winner(state: PyrinoesState) -> int | None:
    """The winner once a round has ended with one player over the
    threshold, or both over it and one higher; else None (also while the
    round cannot be counted yet)."""
    if state.ending is None or not counted(state):
        return None
    scores = match_scores(state)
    over = [seat for seat in (0, 1) if scores[seat] >= state.target]
    if len(over) == 1:
        return over[0]
    if len(over) == 2 and scores[0] != scores[1]:
        return 0 if scores[0] > scores[1] else 1
    return None


def is_over(state: PyrinoesState) -> bool:
    """True once the match has a winner."""
    return winner(state) is not None


def round_over(state: PyrinoesState) -> bool:
    """True between two rounds: a round has ended and the match goes on."""
    return state.ending is not None and winner(state) is None


def chance_acts(state: PyrinoesState) -> bool:
    """True where the next move is chance's: picks, the deal, a draw, and between rounds."""
    if is_over(state):
        return False
    return state.round == 0 or state.ending is not None or state.dealing or state.drawing


def hand_total(state: PyrinoesState, seat: int) -> int:
    """The weights of the seat's dominoes and the pips of its pyramids left
    unplayed, in the supply and in its pyrinoes (greens included)."""
    dominoes = sum(d.weight for d in state.hands[seat])
    return dominoes + sum(p.size for p in state.supply[seat]) + sum(t.pips for t in state.pyrinoes[seat])


def greens_played(state: PyrinoesState, seat: int) -> int:
    """The pips of the greens ``seat`` has played to the line this round."""
    return sum(
        p.size
        for item in state.line
        if isinstance(item.tile, Pyrino) and owner_of(item.tile) == seat
        for p in item.tile.pyramids
        if p.colour == GREEN
    )


# ---------------------------------------------------------------- pyrinoes


def pyrino_problem(tile: Pyrino, seat: int) -> str | None:
    """Why ``tile`` is not a pyrino ``seat`` may make (whatever its supply), or None."""
    mine = SEAT_COLOURS[seat]
    for end in (tile.first, tile.second):
        if not 1 <= len(end) <= 2:
            return "each end of a pyrino is one pyramid or a stack of two"
        if len(end) == 2 and end[0].colour != end[1].colour:
            return f"a stack is two pyramids of the same colour, not {end[0].colour} and {end[1].colour}"
        if end[0].colour == GREEN and len(end) == 2:
            return "a green end is a single pyramid; there are no green stacks"
    colours = (tile.first[0].colour, tile.second[0].colour)
    if colours == (GREEN, GREEN):
        return "the double-blank (0-0) cannot be a pyrino: both its ends would be green"
    if colours[0] == colours[1]:
        return f"a pyrino must not have the same colour ({colours[0]}) at both ends"
    for colour in colours:
        if colour != GREEN and colour not in mine:
            return f"{SEATS[seat]} builds with {mine[0]} and {mine[1]} (and green), not {colour}"
    return None


def _ends(counts: Counter[int]) -> list[tuple[int, ...]]:
    """The ends (as sizes, larger first) one colour's pyramids can make."""
    singles: list[tuple[int, ...]] = [(size,) for size in SIZES if counts[size]]
    stacks: list[tuple[int, ...]] = [
        (big, small)
        for big in SIZES
        for small in SIZES
        if small <= big and counts[big] and counts[small] and (big != small or counts[big] >= 2)
    ]
    return singles + stacks


def builds(state: PyrinoesState, seat: int) -> list[Pyrino]:
    """Every pyrino ``seat`` can build from its supply and the greens, sorted."""
    by_colour = {
        colour: Counter(p.size for p in state.supply[seat] if p.colour == colour)
        for colour in SEAT_COLOURS[seat]
    }
    ends: dict[str, list[End]] = {
        colour: [tuple(Pyramid(colour, s) for s in sizes) for sizes in _ends(counts)]
        for colour, counts in by_colour.items()
    }
    a, b = SEAT_COLOURS[seat]
    found = {pyrino(x, y) for x in ends[a] for y in ends[b]}
    greens = [(Pyramid(GREEN, size),) for size in SIZES if state.greens[size - 1]]
    found |= {pyrino(x, g) for colour in (a, b) for x in ends[colour] for g in greens}
    return sorted(found, key=tile_key)


def can_build(state: PyrinoesState, seat: int) -> bool:
    """Whether ``seat`` can build any pyrino."""
    colours = {p.colour for p in state.supply[seat]}
    return len(colours) == 2 or (bool(colours) and any(state.greens))


def _build_problem(state: PyrinoesState, tile: Pyrino, seat: int) -> str | None:
    problem = pyrino_problem(tile, seat)
    if problem:
        return problem
    need = Counter(p for p in tile.pyramids if p.colour != GREEN)
    have = Counter(state.supply[seat])
    for piece, count in sorted(need.items()):
        if have[piece] < count:
            left = "no" if not have[piece] else f"only {have[piece]}"
            return f"{SEATS[seat]}'s supply has {left} {piece.name} left, and {tile} needs {count}"
    for piece in tile.pyramids:
        if piece.colour == GREEN and not state.greens[piece.size - 1]:
            return f"no {SIZE_NAMES[piece.size]} green is left to build with"
    return None


# ---------------------------------------------------------------- plays


def fits(tile: Tile, spots: int) -> bool:
    """Whether one end of ``tile`` has ``spots``."""
    return spots in tile.spots


def place_at(state: PyrinoesState, tile: Tile, end: int) -> Placed:
    """``tile`` placed at the line's ``end``, its matching end touching
    (a double's first end, as :func:`~.state.pyrino` orders them)."""
    spots = state.open_ends[end]
    first_touches = tile.spots[0] == spots
    # At the right end the touching end is on the left, and at the left end on the right.
    return placed(tile, reverse=first_touches if end == LEFT else not first_touches)


def plays(state: PyrinoesState, seat: int) -> list[Play]:
    """Every domino and pyrino ``seat`` can play, at each end it fits, sorted."""
    if not state.line:
        return []
    left, right = state.open_ends
    found = set()
    tiles: list[Tile] = [*state.hands[seat], *state.pyrinoes[seat]]
    for tile in tiles:
        if tile == UNSEEN:
            continue
        for end, spots in enumerate((left, right)):
            if fits(tile, spots):
                found.add(Play(tile, end))
    return sorted(found)


# ---------------------------------------------------------------- the moves


def legal_moves(state: PyrinoesState) -> list[PyrinoesMove]:
    """Every legal move, sorted: chance's outcomes where chance acts."""
    if is_over(state):
        return []
    if chance_acts(state):
        return [move for move, _ in chance_outcomes(state)]
    seat = state.to_move
    moves: list[PyrinoesMove] = [*plays(state, seat), *(Build(t) for t in builds(state, seat))]
    if moves:
        return sorted(moves)
    return [Draw()] if state.boneyard else [Pass()]


def _uniform(moves: list[PyrinoesMove]) -> list[tuple[PyrinoesMove, float]]:
    return [(move, 1 / len(moves)) for move in sorted(moves)]


def chance_outcomes(state: PyrinoesState) -> list[tuple[PyrinoesMove, float]]:
    """Each outcome of chance with its odds: every domino left, alike."""
    if not chance_acts(state):
        return []
    if state.round == 0 and state.first is None:
        picked = state.picks if len(state.picks) < 2 else ()  # after a tie, both are put back
        return _uniform([Pick(d) for d in ALL_DOMINOES if d not in picked])
    if state.round == 0 or state.ending is not None:
        return _uniform([Deal(d) for d in ALL_DOMINOES])
    pool = sorted(set(state.boneyard))
    if state.dealing:
        return _uniform([Deal(d) for d in pool])
    return _uniform([Drawn(d) for d in pool])


def _sorted(dominoes: list[Domino] | tuple[Domino, ...]) -> tuple[Domino, ...]:
    return tuple(sorted(dominoes, key=tile_key))


def _with(pair: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    """``pair`` with ``seat``'s item replaced by ``value``."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _remove(items: tuple[Domino, ...], item: Domino) -> tuple[Domino, ...]:
    """``items`` without one ``item`` (or without one unseen domino, in a view)."""
    found = list(items)
    found.remove(item if item in found else UNSEEN)
    return tuple(found)


def _pick(state: PyrinoesState, move: Pick) -> PyrinoesState:
    """Fire picks, then ice; after a tie (both picks stay in sight) both pick again."""
    picks = (*state.picks, move.domino) if len(state.picks) < 2 else (move.domino,)
    if len(picks) < 2 or picks[0].weight == picks[1].weight:
        return replace(state, picks=picks)
    first = 0 if picks[0].weight > picks[1].weight else 1
    return replace(state, picks=picks, first=first, to_move=first)


def _start_round(state: PyrinoesState) -> PyrinoesState:
    """A new round, nothing dealt yet: the player who went second last round starts."""
    first = state.first if state.round == 0 else 1 - (state.first or 0)
    return PyrinoesState(
        target=state.target,
        round=state.round + 1,
        banked=match_scores(state),
        first=first,
        to_move=first if first is not None else 0,
        supply=(full_supply(0), full_supply(1)),
        boneyard=ALL_DOMINOES,
    )


def _deal(state: PyrinoesState, move: Deal) -> PyrinoesState:
    if not state.dealing:
        state = _start_round(state)
    boneyard = from_boneyard(state.boneyard, move.domino)
    for seat in (0, 1):
        if len(state.hands[seat]) < HAND:
            hands = _with(state.hands, seat, _sorted((*state.hands[seat], move.domino)))
            return evolve(state, hands=hands, boneyard=boneyard)
    return evolve(state, line=(placed(move.domino, False),), boneyard=boneyard)


def _end_turn(state: PyrinoesState, seat: int) -> PyrinoesState:
    """After ``seat``'s turn: the round ends if it met an ending, else the other player moves."""
    ending = ending_met(state, seat)
    if ending is not None:
        return evolve(state, ending=ending, ender=seat, drawing=False)
    return evolve(state, to_move=1 - seat, drawing=False)


def ending_met(state: PyrinoesState, seat: int) -> str | None:
    """Which way of ending the round ``seat`` has met after its turn, or None
    (when several hold, the one with the larger bonus)."""
    pyramids = [*state.supply[seat], *(p for t in state.pyrinoes[seat] for p in t.pyramids)]
    dominoes = state.hands[seat]
    if state.passes >= 2:
        return "two-passes"
    if not pyramids and not dominoes:
        return "nothing-left"
    if not pyramids:
        return "no-pyramids"
    if not dominoes and len({p.colour for p in pyramids}) == 1:
        return "one-colour"
    return None


def move_problem(state: PyrinoesState, move: PyrinoesMove) -> str | None:
    """Why ``move`` may not be played now, or None if it may."""
    if is_over(state):
        return "the match is over"
    if chance_acts(state):
        if isinstance(move, (Pick, Deal, Drawn)):
            if move in dict(chance_outcomes(state)) or seen_chance(state, move):
                return None
            if state.round == 0 and state.first is None:
                return "now a player picks a domino to see who starts: pick and a domino not picked yet"
            if state.dealing or state.ending is not None or state.round == 0:
                return f"now a domino is dealt: deal and a domino not dealt yet, not {move}"
            return "now the domino drawn is given: drawn and a domino of the boneyard"
        if state.ending is not None:
            return "the round is over: the next one is dealt first"
        if state.drawing:
            return f"{SEATS[state.to_move]} has drawn: the domino is taken from the boneyard first"
        return "the dominoes are being picked or dealt: that is chance's move"
    if isinstance(move, (Pick, Deal, Drawn)):
        return f"it is {SEATS[state.to_move]}'s turn, not chance's"
    seat = state.to_move
    name = SEATS[seat]
    if isinstance(move, Play):
        tile = move.tile
        if isinstance(tile, Domino):
            if tile not in state.hands[seat] and (UNSEEN not in state.hands[seat] or shown(state, tile)):
                return f"{name} has no {tile} in hand"
        elif tile not in state.pyrinoes[seat]:
            return f"{name} has no pyrino {tile} in hand (build it first)"
        spots = state.open_ends[move.end]
        if not fits(tile, spots):
            return f"{tile} does not fit the {END_NAMES[move.end]} end, which is a {spots}"
        return None
    if isinstance(move, Build):
        return _build_problem(state, move.pyrino, seat)
    if plays(state, seat):
        return (
            f"{name} can play a domino or pyrino, so may not {'draw' if isinstance(move, Draw) else 'pass'}"
        )
    if can_build(state, seat):
        what = "draw" if isinstance(move, Draw) else "pass"
        return f"{name} cannot play, so must build a pyrino, and may not {what}"
    if isinstance(move, Draw):
        return None if state.boneyard else "the boneyard is empty: pass"
    return f"{name} must draw from the boneyard: passing is only when it is empty" if state.boneyard else None


def play(state: PyrinoesState, move: PyrinoesMove) -> PyrinoesState:
    """The position after ``move``; raises IllegalMoveError saying why not."""
    problem = move_problem(state, move)
    if problem:
        raise IllegalMoveError(problem)
    if isinstance(move, Pick):
        return _pick(state, move)
    if isinstance(move, Deal):
        return _deal(state, move)
    seat = state.to_move
    if isinstance(move, Drawn):
        hands = _with(state.hands, seat, _sorted((*state.hands[seat], move.domino)))
        return _end_turn(
            evolve(state, hands=hands, boneyard=from_boneyard(state.boneyard, move.domino)), seat
        )
    if isinstance(move, (Draw, Pass)):  # nothing fitted: what the seat holds is shut from the ends
        shut = _with(state.shut, seat, shut_more(state.shut[seat], len(state.hands[seat]), state.open_ends))
        if isinstance(move, Draw):
            return evolve(state, drawing=True, passes=0, shut=shut)
        return _end_turn(evolve(state, passes=state.passes + 1, shut=shut), seat)
    if isinstance(move, Build):
        supply = list(state.supply[seat])
        greens = list(state.greens)
        for piece in move.pyrino.pyramids:
            if piece.colour == GREEN:
                greens[piece.size - 1] -= 1
            else:
                supply.remove(piece)
        pyrinoes = tuple(sorted((*state.pyrinoes[seat], move.pyrino), key=tile_key))
        return _end_turn(
            evolve(
                state,
                supply=_with(state.supply, seat, tuple(supply)),
                pyrinoes=_with(state.pyrinoes, seat, pyrinoes),
                greens=(greens[0], greens[1], greens[2]),
                passes=0,
            ),
            seat,
        )
    assert isinstance(move, Play)
    item = place_at(state, move.tile, move.end)
    line = (item, *state.line) if move.end == LEFT else (*state.line, item)
    if isinstance(move.tile, Domino):
        hand = state.hands[seat]
        shut = _with(state.shut, seat, played(state.shut[seat], move.tile, len(hand)))
        state = evolve(state, hands=_with(state.hands, seat, _remove(hand, move.tile)), shut=shut)
    else:
        left = list(state.pyrinoes[seat])
        left.remove(move.tile)
        state = evolve(state, pyrinoes=_with(state.pyrinoes, seat, tuple(left)))
    return _end_turn(evolve(state, line=line, passes=0), seat)


def greens_left(state: PyrinoesState) -> tuple[Pyramid, ...]:
    """The communal greens still to build with, smallest first."""
    return tuple(Pyramid(GREEN, size) for size in SIZES for _ in range(state.greens[size - 1]))


__all__ = [
    "PER_SIZE",
    "builds",
    "chance_outcomes",
    "end_spots",
    "hand_total",
    "legal_moves",
    "match_scores",
    "new_match",
    "play",
    "round_points",
    "winner",
]
