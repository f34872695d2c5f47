"""Pyrinoes position text and move text (docs/notation.md, "Pyrinoes").

A domino is its two spot counts with a dash (``5-3``, read in either order);
a pyramid its colour letter and pips (``R3``; green ``G1``); a pyrino its two
ends joined by ``+``, a stack written bottom first (``Y2Y1+R1``).

>>> [move_text(parse_move(t)) for t in ("3-5 Left", "build r1+y1y2", "y2y1+r1 right", "DRAW", "deal 2-4")]
['5-3 left', 'build Y2Y1+R1', 'Y2Y1+R1 right', 'draw', 'deal 4-2']
>>> from .rules import new_match
>>> state = from_text(to_text(new_match()))
>>> state == new_match()
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TypeVar

from ... import lines as one_line
from ...engine import InvalidMoveError, InvalidPositionError
from ...pieces import COLOUR_OF_LETTER, SIZES, Pyramid
from .rules import match_scores, pyrino_problem, round_points, winner
from .state import (
    ALL_DOMINOES,
    END_NAMES,
    ENDINGS,
    GREEN,
    HAND,
    PER_SIZE,
    SEAT_COLOURS,
    SEAT_NAMES,
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
    domino,
    full_supply,
    owner_of,
    placed,
    pyrino,
    tile_key,
)

T = TypeVar("T")

LETTERS = "RYBKG"
"""The colour letters Pyrinoes uses: red, yellow, blue, black, green."""

_DOMINO = re.compile(r"([0-6])-([0-6])")
_END = re.compile(r"(?:[a-z][1-3]){1,2}", re.IGNORECASE)


# ---------------------------------------------------------------- pieces


def parse_domino(word: str, hidden: bool = False) -> Domino:
    """``5-3`` (or ``3-5``); ``?`` for an unseen domino when ``hidden``; raises ValueError."""
    if hidden and word == "?":
        return UNSEEN
    found = _DOMINO.fullmatch(word)
    if not found:
        raise ValueError(f"{word!r} is not a domino: write its two spot counts, 0 to 6, like 5-3")
    return domino(int(found[1]), int(found[2]))


def parse_end(word: str) -> End:
    """One end of a pyrino: ``R3``, or a stack such as ``Y2Y1``; raises ValueError."""
    if not _END.fullmatch(word):
        raise ValueError(
            f"{word!r} is not an end of a pyrino: one pyramid (R3) or a stack of two (Y2Y1), "
            "a colour letter R, Y, B, K or G and a size 1 to 3 each"
        )
    pieces = []
    for k in range(0, len(word), 2):
        letter = word[k].upper()
        if letter not in LETTERS:
            raise ValueError(f"{word!r}: {letter} is not a colour of Pyrinoes (R, Y, B, K or G)")
        pieces.append(Pyramid(COLOUR_OF_LETTER[letter], int(word[k + 1])))
    return tuple(sorted(pieces, key=lambda p: -p.size))


def parse_pyrino(word: str) -> tuple[Pyrino, bool]:
    """A pyrino ``R3+Y1``, and whether its ends were written in the other
    order than :func:`~.state.pyrino` puts them; raises ValueError."""
    parts = word.split("+")
    if len(parts) != 2:
        raise ValueError(f"{word!r} is not a pyrino: write its two ends joined by +, like R3+Y1")
    if not (parts[0] and parts[1]):
        raise ValueError(f"{word!r} has one end: a pyrino has two, joined by +, like R3+Y1")
    a, b = parse_end(parts[0]), parse_end(parts[1])
    tile = pyrino(a, b)
    return tile, tile.first != a or (a == b)


def parse_tile(word: str) -> Tile:
    """A domino or a pyrino; raises ValueError."""
    return parse_pyrino(word)[0] if "+" in word else parse_domino(word)


def parse_placed(word: str) -> Placed:
    """A tile of the line as written, left end first; raises ValueError."""
    if "+" in word:
        tile, reverse = parse_pyrino(word)
        return placed(tile, reverse)
    found = _DOMINO.fullmatch(word)
    if not found:
        raise ValueError(f"{word!r} is not a domino or a pyrino")
    return placed(domino(int(found[1]), int(found[2])), int(found[1]) < int(found[2]))


# ---------------------------------------------------------------- moves


def move_text(move: PyrinoesMove) -> str:
    """``5-3 left``, ``R3+Y1 right``, ``build R3+Y1``, ``draw``, ``pass``, or
    chance's ``pick 6-4``, ``deal 5-3``, ``drawn 5-3`` (``?`` when unseen)."""
    if isinstance(move, Pick):
        return f"pick {move.domino}"
    if isinstance(move, Deal):
        return f"deal {move.domino}"
    if isinstance(move, Drawn):
        return f"drawn {move.domino}"
    if isinstance(move, Play):
        return f"{move.tile} {END_NAMES[move.end]}"
    if isinstance(move, Build):
        return f"build {move.pyrino}"
    return "draw" if isinstance(move, Draw) else "pass"


def _joined(word: str) -> str:
    """A pyrino written as a line writes it, its ends joined by ``-``
    (``R3-Y1``, as a link can carry it: a ``+`` there reads as a space),
    as move text writes it (``R3+Y1``); any other word as it is."""
    if "+" not in word and word.count("-") == 1 and re.search(r"[A-Za-z]", word):
        return word.replace("-", "+")
    return word


def parse_move(text: str) -> PyrinoesMove:
    """Read move text (a pyrino's ends joined by ``+``, or by ``-`` as a
    line writes them); raises InvalidMoveError saying what is wrong."""
    words = [_joined(word) for word in text.split()]
    lower = [w.lower() for w in words]
    if not words:
        raise InvalidMoveError("empty move: write a domino or pyrino and an end, build, draw or pass")
    if lower in (["draw"], ["pass"]):
        return Draw() if lower == ["draw"] else Pass()
    if lower[0] in ("draw", "pass"):
        raise InvalidMoveError(f"{text!r}: {lower[0]} takes nothing after it")
    if lower[0] in ("pick", "deal", "drawn"):
        if len(words) != 2:
            raise InvalidMoveError(f"{text!r}: {lower[0]} and one domino, like {lower[0]} 5-3")
        try:
            found = parse_domino(words[1], hidden=lower[0] != "pick")
        except ValueError as exc:
            raise InvalidMoveError(f"{text!r}: {exc}") from None
        return Pick(found) if lower[0] == "pick" else Deal(found) if lower[0] == "deal" else Drawn(found)
    if lower[0] == "build":
        if len(words) != 2 or "+" not in words[1]:
            raise InvalidMoveError(f"{text!r}: build and one pyrino, its ends joined by +, like build R3+Y1")
        try:
            return Build(parse_pyrino(words[1])[0])
        except ValueError as exc:
            raise InvalidMoveError(f"{text!r}: {exc}") from None
    if lower[0] == "play":
        words, lower = words[1:], lower[1:]
    if len(words) != 2 or lower[1] not in END_NAMES:
        raise InvalidMoveError(
            f"{text!r} is not a move: write a domino or pyrino and the end (5-3 left, R3+Y1 right), "
            "build and a pyrino, draw or pass"
        )
    try:
        tile = parse_tile(words[0])
    except ValueError as exc:
        raise InvalidMoveError(f"{text!r}: {exc}") from None
    return Play(tile, END_NAMES.index(lower[1]))


# ---------------------------------------------------------------- positions


def _pieces_text(pieces: tuple[Pyramid, ...] | list[Pyramid]) -> str:
    return " ".join(str(p) for p in sorted(pieces, key=lambda p: (LETTERS.index(str(p)[0]), p.size))) or "-"


def _words(items: Iterable[object]) -> str:
    return " ".join(str(item) for item in items) or "-"


def to_text(state: PyrinoesState) -> str:
    """Position text: the match, the round, the line of play, each player's
    supply, pyrinoes and dominoes, the greens and the boneyard."""
    scores = ", ".join(f"{SEAT_NAMES[s]} {state.banked[s]}" for s in (0, 1))
    lines = [
        "Pyrinoes",
        f"target: {state.target}",
        f"round: {state.round}",
        f"match: {scores}",
        f"picks: {_words(state.picks)}",
        f"first: {'-' if state.first is None else SEAT_NAMES[state.first]}",
        f"to move: {SEAT_NAMES[state.to_move]}",
        f"drawing: {'yes' if state.drawing else 'no'}",
        f"passes: {state.passes}",
        f"line: {_words(state.line)}",
    ]
    for seat in (0, 1):
        name = SEAT_NAMES[seat]
        lines.append(f"{name} supply: {_pieces_text(state.supply[seat])}")
        lines.append(f"{name} pyrinoes: {_words(state.pyrinoes[seat])}")
        lines.append(f"{name} hand: {_words(state.hands[seat])}")
    greens = [Pyramid(GREEN, size) for size in SIZES for _ in range(state.greens[size - 1])]
    lines.append(f"greens: {_pieces_text(greens)}")
    lines.append(f"boneyard: {_words(state.boneyard)}")
    ended = "-" if state.ending is None else f"{SEAT_NAMES[state.ender or 0]} {state.ending}"
    lines.append(f"ended: {ended}")
    if state.ending is not None:
        points = round_points(state)
        total = match_scores(state)
        won = winner(state)
        after = "the match goes on" if won is None else f"{SEAT_NAMES[won]} wins the match"
        lines.append(
            f"# this round: fire {points[0]}, ice {points[1]}; "
            f"the match: fire {total[0]}, ice {total[1]}; {after}"
        )
    return "\n".join(lines) + "\n"


FIELDS = (
    "target",
    "round",
    "match",
    "picks",
    "first",
    "to move",
    "drawing",
    "passes",
    "line",
    "fire supply",
    "fire pyrinoes",
    "fire hand",
    "ice supply",
    "ice pyrinoes",
    "ice hand",
    "greens",
    "boneyard",
    "ended",
)


def _fields(text: str) -> dict[str, str]:
    lines = [
        line.strip()
        for line in text.strip().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines or lines[0].lower() != "pyrinoes":
        raise InvalidPositionError("a Pyrinoes position starts with the line 'Pyrinoes'")
    found: dict[str, str] = {}
    for line in lines[1:]:
        key, sep, value = line.partition(":")
        key = " ".join(key.lower().split())
        if not sep or key not in FIELDS:
            raise InvalidPositionError(f"{line!r} is not a line of a Pyrinoes position (name: value)")
        if key in found:
            raise InvalidPositionError(f"the position has two '{key}:' lines")
        found[key] = value.strip()
    for key in FIELDS:
        if key not in found:
            raise InvalidPositionError(f"the position has no line '{key}: ...'")
    return found


def _seat(word: str, field: str) -> int:
    if word.lower() not in SEAT_NAMES:
        raise InvalidPositionError(f"{field}: {word!r} is not a player: write fire or ice")
    return SEAT_NAMES.index(word.lower())


def _whole(word: str, field: str) -> int:
    if not re.fullmatch(r"[0-9]{1,9}", word):
        raise InvalidPositionError(f"{field}: {word!r} is not a whole number")
    return int(word)


def _list(value: str) -> list[str]:
    return [] if value == "-" else value.split()


def _dominoes(value: str, field: str, hidden: bool = True) -> tuple[Domino, ...]:
    try:
        return tuple(sorted((parse_domino(w, hidden) for w in _list(value)), key=tile_key))
    except ValueError as exc:
        raise InvalidPositionError(f"{field}: {exc}") from None


def _pyramids(value: str, field: str) -> list[Pyramid]:
    try:
        ends = [parse_end(w) for w in _list(value)]
    except ValueError as exc:
        raise InvalidPositionError(f"{field}: {exc}") from None
    if any(len(end) != 1 for end in ends):
        raise InvalidPositionError(f"{field}: list the pyramids one by one, like R1 R1 Y3")
    return [end[0] for end in ends]


def from_text(text: str) -> PyrinoesState:
    """Read position text, or a position line (:func:`from_line`); raises
    InvalidPositionError saying what is wrong."""
    if one_line.is_line(text):
        return from_line(text)
    f = _fields(text)
    target = _whole(f["target"], "target")
    if target < 1:
        raise InvalidPositionError("target: the winning threshold is 1 point or more")
    round_ = _whole(f["round"], "round")
    found = re.fullmatch(r"fire (\d{1,9}), ice (\d{1,9})", " ".join(f["match"].lower().split()))
    if not found:
        raise InvalidPositionError("match: write the scores as 'fire N, ice N'")
    banked = (int(found[1]), int(found[2]))
    try:
        picks = tuple(parse_domino(w) for w in _list(f["picks"]))  # in the order picked
    except ValueError as exc:
        raise InvalidPositionError(f"picks: {exc}") from None
    first = None if f["first"] == "-" else _seat(f["first"], "first")
    to_move = _seat(f["to move"], "to move")
    if f["drawing"].lower() not in ("yes", "no"):
        raise InvalidPositionError("drawing: yes or no")
    drawing = f["drawing"].lower() == "yes"
    passes = _whole(f["passes"], "passes")
    try:
        line = tuple(parse_placed(w) for w in _list(f["line"]))
    except ValueError as exc:
        raise InvalidPositionError(f"line: {exc}") from None
    supply: list[tuple[Pyramid, ...]] = []
    pyrinoes: list[tuple[Pyrino, ...]] = []
    hands: list[tuple[Domino, ...]] = []
    for seat, name in enumerate(SEAT_NAMES):
        supply.append(tuple(_pyramids(f[f"{name} supply"], f"{name} supply")))
        try:
            built = [parse_pyrino(w)[0] for w in _list(f[f"{name} pyrinoes"])]
        except ValueError as exc:
            raise InvalidPositionError(f"{name} pyrinoes: {exc}") from None
        for tile in built:
            problem = pyrino_problem(tile, seat)
            if problem:
                raise InvalidPositionError(f"{name} pyrinoes: {tile}: {problem}")
        pyrinoes.append(tuple(sorted(built, key=tile_key)))
        hands.append(_dominoes(f[f"{name} hand"], f"{name} hand"))
    greens_list = _pyramids(f["greens"], "greens")
    if any(p.colour != GREEN for p in greens_list):
        raise InvalidPositionError("greens: the communal pyramids are green: G1, G2, G3")
    count = Counter(p.size for p in greens_list)
    greens = (count[1], count[2], count[3])
    boneyard = _dominoes(f["boneyard"], "boneyard")
    ending = ender = None
    if f["ended"] != "-":
        words = f["ended"].lower().split()
        if len(words) != 2 or words[1] not in ENDINGS:
            raise InvalidPositionError(f"ended: '-', or a player and one of {', '.join(ENDINGS)}")
        ender, ending = _seat(words[0], "ended"), words[1]
    state = PyrinoesState(
        target=target,
        round=round_,
        banked=banked,
        first=first,
        picks=picks,
        to_move=to_move,
        line=line,
        hands=(hands[0], hands[1]),
        pyrinoes=(pyrinoes[0], pyrinoes[1]),
        supply=(_order(supply[0]), _order(supply[1])),
        greens=greens,
        boneyard=boneyard,
        drawing=drawing,
        passes=passes,
        ending=ending,
        ender=ender,
    )
    check(state)
    return state


# ---------------------------------------------------------------- the position in one line

LINE_PARTS = (
    "line",
    "fire hand",
    "ice hand",
    "fire pyrinoes",
    "ice pyrinoes",
    "boneyard",
    "to move",
    "first",
    "drawing",
    "passes",
    "ended",
    "round",
    "match",
    "target",
    "picks",
)
"""The parts of a Pyrinoes line, in order (docs/notation.md, "One line").  The
supplies and the greens are what the pyrinoes built leave of them, so the
line leaves them out; in a line a pyrino's ends are joined by ``-`` (a ``+``
is a space in a link), an unseen domino is ``x``, and the boneyard may be
``rest``: every domino not in a hand or the line."""
UNSEEN_IN_LINE = "x"


def _tile_line(tile: object) -> str:
    return UNSEEN_IN_LINE if tile == UNSEEN else str(tile).replace("+", "-")


def _tiles_line(tiles: Iterable[object]) -> str:
    return ",".join(_tile_line(tile) for tile in tiles) or "-"


def _rest(hands: Iterable[Domino], line: Iterable[Placed]) -> tuple[Domino, ...]:
    """The dominoes not in the hands (those seen) or the line: the boneyard of a whole position."""
    known = {d for d in hands if d != UNSEEN} | {p.tile for p in line if isinstance(p.tile, Domino)}
    return tuple(d for d in ALL_DOMINOES if d not in known)


def to_line(state: PyrinoesState) -> str:
    """The position in one line (docs/notation.md); :func:`from_text` reads it back.

    >>> from .rules import new_match
    >>> to_line(new_match())
    'pyrinoes:-:-:-:-:-:-:fire:-:no:0:-:0:0,0:100:-'
    """
    boneyard = _tiles_line(state.boneyard)
    if state.boneyard and state.boneyard == _rest((*state.hands[0], *state.hands[1]), state.line):
        boneyard = "rest"
    ended = "-" if state.ending is None else f"{SEAT_NAMES[state.ender or 0]}-{state.ending}"
    return ":".join(
        (
            "pyrinoes",
            _tiles_line(state.line),
            *(_tiles_line(hand) for hand in state.hands),
            *(_tiles_line(built) for built in state.pyrinoes),
            boneyard,
            SEAT_NAMES[state.to_move],
            "-" if state.first is None else SEAT_NAMES[state.first],
            "yes" if state.drawing else "no",
            str(state.passes),
            ended,
            str(state.round),
            f"{state.banked[0]},{state.banked[1]}",
            str(state.target),
            _tiles_line(state.picks),
        )
    )


def from_line(text: str) -> PyrinoesState:
    """Read a position line: its parts are written as position text's lines
    (the supplies and the greens as what the pyrinoes leave) and read by
    :func:`from_text`, whose checks refuse what no game reaches."""
    f = dict(zip(LINE_PARTS, one_line.split(text, "pyrinoes", LINE_PARTS), strict=True))
    line = _line_items(f, "line", lambda item, part: parse_placed(_plus(item, part)))
    hands = [
        _line_items(
            f,
            f"{name} hand",
            lambda item, _: UNSEEN if item.lower() == UNSEEN_IN_LINE else parse_domino(item),
        )
        for name in SEAT_NAMES
    ]
    built = [
        _line_items(f, f"{name} pyrinoes", lambda item, part: parse_pyrino(_plus(item, part))[0])
        for name in SEAT_NAMES
    ]
    in_line = [p.tile for p in line if isinstance(p.tile, Pyrino)]
    greens = Counter({size: PER_SIZE for size in SIZES})
    supplies: list[Counter[Pyramid]] = []
    for seat in (0, 1):
        used = [t for t in in_line if owner_of(t) == seat] + built[seat]
        supply = Counter(full_supply(seat)) if f["round"] != "0" else Counter()
        supply -= Counter(p for t in used for p in t.pyramids if p.colour != GREEN)
        supplies.append(supply)
    greens -= Counter(
        p.size for t in [*in_line, *built[0], *built[1]] for p in t.pyramids if p.colour == GREEN
    )
    if f["boneyard"].lower() == "rest":
        boneyard = " ".join(map(str, _rest((*hands[0], *hands[1]), line))) or "-"
    else:
        boneyard = (
            " ".join("?" if w == UNSEEN_IN_LINE else w for w in one_line.items(f["boneyard"].lower())) or "-"
        )
    if not re.fullmatch(r"[0-9]{1,9},[0-9]{1,9}", f["match"]):
        raise InvalidPositionError("match: the two players' match scores, fire's then ice's, like 0,0")
    if not re.fullmatch(r"-|[a-z]+-[a-z-]+", f["ended"].lower()):
        raise InvalidPositionError("ended: -, or the player who ended the round and how, like ice-two-passes")
    fire, ice = f["match"].split(",")
    greens_list = [Pyramid(GREEN, size) for size in SIZES for _ in range(greens[size])]
    lines = [
        "Pyrinoes",
        f"target: {f['target']}",
        f"round: {f['round']}",
        f"match: fire {fire}, ice {ice}",
        "picks: " + (" ".join(one_line.items(f["picks"])) or "-"),
        f"first: {f['first']}",
        f"to move: {f['to move']}",
        f"drawing: {f['drawing']}",
        f"passes: {f['passes']}",
        "line: " + _words(line),
    ]
    for seat, name in enumerate(SEAT_NAMES):
        lines.append(f"{name} supply: " + _pieces_text(list(supplies[seat].elements())))
        lines.append(f"{name} pyrinoes: " + _words(built[seat]))
        lines.append(f"{name} hand: " + _words(hands[seat]))
    lines.append("greens: " + _pieces_text(greens_list))
    lines.append(f"boneyard: {boneyard}")
    lines.append("ended: " + ("-" if f["ended"] == "-" else f["ended"].replace("-", " ", 1)))
    try:
        return from_text("\n".join(lines))
    except InvalidPositionError as exc:  # a pyrino in a line is joined by -, not +
        raise InvalidPositionError(str(exc).replace("+", "-")) from None


def _line_items(parts: dict[str, str], part: str, read: Callable[[str, str], T]) -> list[T]:
    """The items of a part of a line, each read by ``read`` (given the item and
    the part's name); one it cannot read is refused naming the part."""
    found = []
    for item in one_line.items(parts[part]):
        try:
            found.append(read(item, part))
        except InvalidPositionError:
            raise
        except ValueError as exc:
            raise InvalidPositionError(f"{part}: " + str(exc).replace("+", "-")) from None
    return found


def _plus(item: str, part: str) -> str:
    """A pyrino of a line (``R3-Y1``) as position text writes it (``R3+Y1``); a domino as it is."""
    if not re.search(r"[A-Za-z]", item):
        return item
    if item.count("-") != 1:
        raise InvalidPositionError(
            f"{part}: {item!r} is not a pyrino: write its two ends joined by -, like R3-Y1"
        )
    return item.replace("-", "+")


def _order(pieces: tuple[Pyramid, ...]) -> tuple[Pyramid, ...]:
    return tuple(sorted(pieces, key=lambda p: (LETTERS.index(str(p)[0]), p.size)))


def check(state: PyrinoesState) -> None:
    """Raise InvalidPositionError unless ``state`` is one a match can reach."""
    if state.round == 0:
        if state.line or any(state.hands) or any(state.pyrinoes) or any(state.supply) or state.boneyard:
            raise InvalidPositionError("round 0 (picking who starts): nothing is dealt yet; write - for each")
        if len(state.picks) > 2 or len(set(state.picks)) != len(state.picks):
            raise InvalidPositionError("picks: at most two different dominoes")
        decided = len(state.picks) == 2 and state.picks[0].weight != state.picks[1].weight
        if (state.first is not None) != decided:
            raise InvalidPositionError(
                "first: the player who picked the heavier domino, once both have picked"
            )
        if decided and state.first != (0 if state.picks[0].weight > state.picks[1].weight else 1):
            raise InvalidPositionError("first: the player who picked the heavier domino")
        if state.banked != (0, 0) or state.ending or state.drawing or state.passes:
            raise InvalidPositionError("round 0 has no scores, endings, draws or passes")
        if state.greens != (PER_SIZE, PER_SIZE, PER_SIZE):
            raise InvalidPositionError("greens: in round 0, nothing is built yet: three of each size")
        return
    if state.picks:
        raise InvalidPositionError("picks: only in round 0")
    if state.first is None:
        raise InvalidPositionError("first: the player who plays first this round, fire or ice")
    known = [d for d in (*state.hands[0], *state.hands[1], *state.boneyard) if d != UNSEEN]
    known += [item.tile for item in state.line if isinstance(item.tile, Domino)]
    unseen = sum(d == UNSEEN for d in (*state.hands[0], *state.hands[1], *state.boneyard))
    repeated = sorted({str(d) for d in known if known.count(d) > 1})
    if repeated:
        raise InvalidPositionError(f"the domino {repeated[0]} is in two places")
    if len(known) + unseen != len(ALL_DOMINOES):
        raise InvalidPositionError(
            f"there are {len(known) + unseen} dominoes in the hands, the line and the boneyard: "
            "the set has 28"
        )
    for left, right in zip(state.line, state.line[1:], strict=False):
        if left.spots[1] != right.spots[0]:
            raise InvalidPositionError(
                f"line: {left} and {right} do not match ({left.spots[1]} and {right.spots[0]})"
            )
    for item in state.line:
        if isinstance(item.tile, Pyrino):
            owner = owner_of(item.tile)
            if owner is None or pyrino_problem(item.tile, owner):
                raise InvalidPositionError(f"line: {item} is not a pyrino either player may make")
    greens = Counter(
        p.size for seat in (0, 1) for t in state.pyrinoes[seat] for p in t.pyramids if p.colour == GREEN
    )
    for seat, name in enumerate(SEAT_NAMES):
        pieces = Counter(state.supply[seat])
        pieces.update(p for t in state.pyrinoes[seat] for p in t.pyramids if p.colour != GREEN)
        for item in state.line:
            if isinstance(item.tile, Pyrino) and owner_of(item.tile) == seat:
                pieces.update(p for p in item.tile.pyramids if p.colour != GREEN)
                greens.update(p.size for p in item.tile.pyramids if p.colour == GREEN)
        if pieces != Counter(full_supply(seat)):
            raise InvalidPositionError(
                f"{name} has three pyramids of each size in {SEAT_COLOURS[seat][0]} and "
                f"{SEAT_COLOURS[seat][1]}, in the supply, in pyrinoes in hand or in the line"
            )
    for size in SIZES:
        greens[size] += state.greens[size - 1]
        if greens[size] != PER_SIZE:
            raise InvalidPositionError(
                "greens: three of each size, left or in pyrinoes in hand or in the line"
            )
    if not state.line:
        if state.ending or state.drawing or any(state.pyrinoes) or state.passes:
            raise InvalidPositionError("line: - only while the round is dealt")
        if len(state.hands[0]) < HAND and state.hands[1]:
            raise InvalidPositionError("while dealing, fire gets nine dominoes before ice gets any")
        if any(len(hand) > HAND for hand in state.hands):
            raise InvalidPositionError("while dealing, each hand gets nine dominoes")
    if state.drawing and (state.ending or not state.boneyard):
        raise InvalidPositionError("drawing: only during a round, with dominoes in the boneyard")
    if not 0 <= state.passes <= 2 or (state.passes == 2) != (state.ending == "two-passes"):
        raise InvalidPositionError("passes: 0 or 1, or 2 when the round ended with two passes")
    if state.ending is not None and state.ender != state.to_move:
        raise InvalidPositionError(
            "ended: the player who ended the round is the player who moved last (to move)"
        )
