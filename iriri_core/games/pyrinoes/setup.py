"""Setting up a Pyrinoes position by hand (:mod:`iriri_core.setup.rules`).

The empty board is the first round about to be dealt: every domino in the
boneyard, each player's supply whole and the three green trios left, fire
playing first and to move, the match's target kept, no points banked.  It
is a position that can happen (the reader takes it), so a person starts
from something true and each tap shows at once what it breaks: a domino
put in a hand before any is in the line reads "while dealing, fire gets
nine dominoes before ice gets any", the first domino put in the line ends
the deal.  Round 1 because a diagram is almost always of a round in play;
the round and the scores are fields.

The palette: the 28 dominoes (6-6 to 0-0; a person wants one particular
domino, and 28 buttons of two digits each read at a glance), then the
pyramids of the four colours and the greens by size, then Remove.  The
places a tap puts them are the open ends of the line (``end:left``,
``end:right``; the empty line's two halves), each hand (``hand:fire``,
``hand:ice``: the set-up's drawing, ``Seen.setting_up``, marks these with tap
areas drawn nowhere) and the boneyard.

- A domino goes where it is tapped, out of the hand or the boneyard it was
  in (a domino in the line stays there: taking it out of the middle would
  break the line unseen, so it is taken off its end with Remove).  At an end
  of the line it is turned to match that end where it can.
- A pyramid builds a pyrino, in a hand or at an end of the line: the first
  begins one (at an end of the line, the end that touches the line), a
  second of the same colour stacks on it, any other makes its other end.  So
  ``Y2``, ``Y1``, ``R3`` make the 3-3 ``R3+Y2Y1``; a pyrino with stacks at
  both ends is typed.  A pyrino of one end is drawn as it is, and the reader says
  what is wrong with it.
- Remove takes the tile at an end of the line off, or a hand's last tile
  (the pyrino being made, else its last pyrino, else its lowest domino); a
  pyrino loses one pyramid a tap (at an end of the line, the top of its
  outer end first), so Remove undoes taps one for one.
  A domino tapped on the boneyard goes back there from its hand.

The supplies and the greens left are what the pyrinoes built leave of them,
as a position line says (:func:`.notation.from_line`): they follow every
pyrino put down, and the boneyard is every domino not in a hand or the line.
The fields are what taps do not set: whose turn, who played first, the round,
the scores banked, the target, a draw under way, passes, how the round ended,
and, typed, each hand, each player's pyrinoes and the line, a keyboard's way
to all of it (a typed hand takes its dominoes out of the boneyard only, so a
domino typed into both hands is refused by the reader, in its words).

>>> from .rules import new_match
>>> rules = PyrinoesSetup()
>>> state = rules.put(rules.empty(new_match()), "5-3", "end:right")
>>> state = rules.put(rules.put(state, "R3", "hand:fire"), "Y1", "hand:fire")
>>> [str(item) for item in state.line], [str(t) for t in state.pyrinoes[0]], len(state.boneyard)
(['5-3'], ['R3+Y1'], 27)
>>> state.supply[0].count(Pyramid("red", 3))
2
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from ...pictures.drawing import PALETTE
from ...pieces import SIZE_NAMES, SIZES, Pyramid
from ...setup.rules import REMOVE, Field, Refusal, SetupError, SetupTrial, Step, Tool
from .notation import LETTERS, parse_domino, parse_placed, parse_pyrino
from .state import (
    ALL_DOMINOES,
    ENDINGS,
    FIRE,
    GREEN,
    LEFT,
    PER_SIZE,
    RIGHT,
    SEAT_COLOURS,
    SEAT_NAMES,
    SEATS,
    UNSEEN,
    Domino,
    End,
    Placed,
    Pyrino,
    PyrinoesState,
    Tile,
    full_supply,
    owner_of,
    placed,
    pyrino,
    tile_key,
)

PYRAMID_COLOURS = ("red", "yellow", "blue", "black", GREEN)
"""The pyramids of the palette, fire's colours, ice's, then the communal green."""

ENDING_WORDS = {
    "no-pyramids": "has no pyramids left (bonus 5)",
    "one-colour": "has no dominoes and pyramids of one colour only (bonus 5)",
    "nothing-left": "has nothing left (bonus 10)",
    "two-passes": "passed after the other passed (no bonus)",
}
"""How a round ends, as the "Round over?" field says it."""

DOMINO_HELP = (
    "dominoes separated by spaces, each its two spot counts 0 to 6 joined by a dash, like 6-6 5-3; - for none"
)
PYRINO_HELP = (
    "pyrinoes separated by spaces, each its two ends joined by +, an end one pyramid or a stack of two of "
    "one colour, like R3+Y1 Y2Y1+G1 (R red, Y yellow, B blue, K black, G green; 1 small, 2 medium, "
    "3 large); - for none"
)
LINE_HELP = (
    "the dominoes and pyrinoes of the line, left to right, each written the way round it lies, left end "
    "first, like 6-5 5-5 5-3 3-0 G2+R3R2; - for none (the round is being dealt)"
)


def _seat_of(name: str) -> int:
    seat = name.partition(":")[2]
    if seat in SEAT_NAMES:
        return SEAT_NAMES.index(seat)
    raise SetupError(f"{name!r} is not a hand: hand:fire or hand:ice")


def _unfinished(tile: Tile) -> bool:
    """A pyrino being set up, which has one end so far."""
    return isinstance(tile, Pyrino) and not (tile.first and tile.second)


def _stack(end: End, piece: Pyramid) -> End:
    return tuple(sorted((*end, piece), key=lambda p: -p.size))


def _grown(tile: Pyrino, piece: Pyramid) -> Pyrino:
    """A pyrino of one end with ``piece`` added: stacked on that end where it
    is one pyramid of the piece's colour (not a green), else its other end."""
    end = tile.first
    if len(end) == 1 and end[0].colour == piece.colour != GREEN:
        return Pyrino(_stack(end, piece), ())
    return pyrino(end, (piece,))


def _shrunk(tile: Pyrino, inner: End) -> tuple[Pyrino | None, End]:
    """``tile`` with one pyramid taken off: the top of its end other than
    ``inner`` (of its one end, for a pyrino of one end); None when nothing
    is left of it.  And the end of what is left that ``inner`` was."""
    if _unfinished(tile):
        rest = tile.first[:-1]
        return (Pyrino(rest, ()) if rest else None), rest
    outer = tile.second if inner == tile.first else tile.first
    kept = outer[:-1]
    return (pyrino(inner, kept) if kept else Pyrino(inner, ())), inner


def _facing(tile: Pyrino, inner: End, end: int) -> Placed:
    """A pyrino at ``end`` of the line (LEFT or RIGHT) with its end ``inner``
    touching the line (a pyrino of one end, that end), as the reader writes
    it: ``reverse`` when its second end is on the left."""
    if _unfinished(tile):
        return Placed(tile, end == LEFT)
    return Placed(tile, tile.first != inner if end == RIGHT else tile.second != inner)


def _inner(item: Placed, end: int) -> End:
    """The end of a pyrino at ``end`` of the line that touches the line."""
    assert isinstance(item.tile, Pyrino)
    if _unfinished(item.tile):
        return item.tile.first
    left, right = (item.tile.second, item.tile.first) if item.reverse else (item.tile.first, item.tile.second)
    return right if end == LEFT else left


def _domino_at(domino: Domino, line: tuple[Placed, ...], end: int) -> Placed:
    """``domino`` placed at ``end`` of ``line``, turned to match it where it can."""
    if not line:
        return placed(domino, False)
    touching = line[0].spots[0] if end == LEFT else line[-1].spots[1]
    if end == RIGHT:
        return placed(domino, domino.high != touching and domino.low == touching)
    return placed(domino, domino.low != touching and domino.high == touching)


def settled(state: PyrinoesState) -> PyrinoesState:
    """``state`` with its supplies and greens what its pyrinoes leave of
    them (as a position line reads them), its boneyard every domino not in a
    hand or the line (unless a domino is unseen there), and its hands,
    pyrinoes and boneyard in the order the reader puts them."""
    in_line = [item.tile for item in state.line if isinstance(item.tile, Pyrino)]
    supplies = []
    for seat in (0, 1):
        used = [t for t in in_line if owner_of(t) == seat] + list(state.pyrinoes[seat])
        supply = Counter(full_supply(seat)) if state.round else Counter()
        supply -= Counter(p for t in used for p in t.pyramids if p.colour != GREEN)
        supplies.append(tuple(sorted(supply.elements(), key=lambda p: (LETTERS.index(str(p)[0]), p.size))))
    greens = Counter({size: PER_SIZE for size in SIZES})
    greens -= Counter(
        p.size
        for t in (*in_line, *state.pyrinoes[0], *state.pyrinoes[1])
        for p in t.pyramids
        if p.colour == GREEN
    )
    hands = tuple(tuple(sorted(hand, key=tile_key)) for hand in state.hands)
    boneyard = tuple(sorted(state.boneyard, key=tile_key))
    if UNSEEN not in (*hands[0], *hands[1], *boneyard):
        shown = {*hands[0], *hands[1], *(item.tile for item in state.line)}
        boneyard = tuple(d for d in ALL_DOMINOES if d not in shown)
    return replace(
        state,
        supply=(supplies[0], supplies[1]),
        greens=(greens[1], greens[2], greens[3]),
        hands=(hands[0], hands[1]),
        pyrinoes=(
            tuple(sorted(state.pyrinoes[0], key=tile_key)),
            tuple(sorted(state.pyrinoes[1], key=tile_key)),
        ),
        boneyard=boneyard,
    )


def _where(state: PyrinoesState, domino: Domino) -> str:
    """Where ``domino`` is, in words."""
    for seat in (0, 1):
        if domino in state.hands[seat]:
            return f"in {SEATS[seat]}'s hand"
    if any(item.tile == domino for item in state.line):
        return "in the line of play"
    return "in the boneyard"


def _dominoes(value: str, field: str) -> tuple[Domino, ...]:
    words = value.replace(",", " ").split()
    if words in ([], ["-"]):
        return ()
    try:
        return tuple(parse_domino(word, hidden=True) for word in words)
    except ValueError as exc:
        raise SetupError(f"{field}: {exc}") from None


def _plus(word: str) -> str:
    """A pyrino written as a line writes it (``R3-Y1``) as position text does (``R3+Y1``)."""
    if "+" not in word and word.count("-") == 1 and re.search(r"[A-Za-z]", word):
        return word.replace("-", "+")
    return word


def _pyrinoes(value: str, field: str) -> tuple[Pyrino, ...]:
    words = value.replace(",", " ").split()
    if words in ([], ["-"]):
        return ()
    try:
        return tuple(parse_pyrino(_plus(word))[0] for word in words)
    except ValueError as exc:
        raise SetupError(f"{field}: {exc}") from None


def _line(value: str) -> tuple[Placed, ...]:
    words = value.replace(",", " ").split()
    if words in ([], ["-"]):
        return ()
    try:
        return tuple(parse_placed(_plus(word)) for word in words)
    except ValueError as exc:
        raise SetupError(f"the line of play: {exc}") from None


def _whole(value: str, what: str) -> int:
    if not re.fullmatch(r"[0-9]{1,9}", value.strip()):
        raise SetupError(f"{what} is a whole number, like 0 or 12, not {value!r}")
    return int(value)


class PyrinoesSetup:
    """Pyrinoes' set-up (see the module's docstring)."""

    examples: tuple[tuple[str, tuple[Step, ...]], ...] = (
        (
            "pyrinoes-3-1",
            (
                ("tool", "5-3"),
                ("tap", "end:right"),
                ("tool", "6-6"),
                ("tap", "hand:fire"),
                ("tool", "6-2"),
                ("tap", "hand:fire"),
                ("tool", "6-1"),
                ("tap", "hand:fire"),
                ("tool", "5-5"),
                ("tap", "hand:fire"),
                ("tool", "5-2"),
                ("tap", "hand:fire"),
                ("tool", "4-1"),
                ("tap", "hand:fire"),
                ("tool", "4-0"),
                ("tap", "hand:fire"),
                ("tool", "2-0"),
                ("tap", "hand:fire"),
                ("tool", "1-1"),
                ("tap", "hand:fire"),
                ("tool", "6-4"),
                ("tap", "hand:ice"),
                ("tool", "6-3"),
                ("tap", "hand:ice"),
                ("tool", "5-4"),
                ("tap", "hand:ice"),
                ("tool", "5-0"),
                ("tap", "hand:ice"),
                ("tool", "4-3"),
                ("tap", "hand:ice"),
                ("tool", "3-3"),
                ("tap", "hand:ice"),
                ("tool", "3-1"),
                ("tap", "hand:ice"),
                ("tool", "2-1"),
                ("tap", "hand:ice"),
                ("tool", "1-0"),
                ("tap", "hand:ice"),
            ),
        ),
    )
    """The deal the rules' pyrinoes are built in: the 5-3 face up, then each hand a domino at a time."""

    trial = SetupTrial(
        build=(
            ("tool", "5-5"),
            ("tap", "end:right"),
            ("tool", "5-3"),
            ("tap", "end:right"),
            ("tool", "6-5"),
            ("tap", "end:left"),
            ("tool", "6-6"),
            ("tap", "hand:fire"),
            ("tool", "3-1"),
            ("tap", "hand:ice"),
            ("tool", "R3"),
            ("tap", "hand:fire"),
            ("tool", "Y1"),
            ("tap", "hand:fire"),
            ("field", "score_ice", "12"),
        ),
        moves=("6-6 left", "3-1 right", "R3+Y1 right"),
        refusals=(
            Refusal((("tool", "6-6"), ("tap", "end:right")), "5-3 and 6-6 do not match"),
            Refusal((("field", "hand_ice", "3-1 6-6"),), "the domino 6-6 is in two places"),
            Refusal(
                (("field", "pyrinoes_fire", "R3+Y1 R3+Y2 R3+Y3 R3R1+G1"),),
                "fire has three pyramids of each size in red and yellow",
            ),
            Refusal(
                (("tool", "B2"), ("tap", "hand:fire"), ("tool", "K1"), ("tap", "hand:fire")),
                "Fire builds with red and yellow",
            ),
        ),
    )

    def empty(self, like: PyrinoesState) -> PyrinoesState:
        return settled(PyrinoesState(target=like.target, round=1, first=FIRE, to_move=FIRE))

    def tools(self, state: PyrinoesState) -> tuple[Tool, ...]:
        dominoes = tuple(
            Tool(
                str(d),
                f"the {d} domino ({_where(state, d)}): tap a hand, an end of the line or the boneyard",
                str(d),
            )
            for d in ALL_DOMINOES
        )
        pyramids = tuple(
            Tool(
                str(Pyramid(colour, size)),
                f"a {SIZE_NAMES[size]} {colour} pyramid"
                + (
                    ", shared by both players (counts 0 spots)"
                    if colour == GREEN
                    else f" ({SEATS[0 if colour in SEAT_COLOURS[0] else 1]}'s)"
                )
                + ": tap a hand or an end of the line to build a pyrino with it",
                str(Pyramid(colour, size)),
                PALETTE.get(colour, colour),
                size,
            )
            for colour in PYRAMID_COLOURS
            for size in SIZES
        )
        return (*dominoes, *pyramids, REMOVE)

    def put(self, state: PyrinoesState, tool: str, target: str) -> PyrinoesState:
        if target in ("end:left", "end:right"):
            changed = self._at_end(state, tool, LEFT if target == "end:left" else RIGHT)
        elif target.startswith("hand:"):
            changed = self._in_hand(state, tool, _seat_of(target))
        elif target == "boneyard":
            changed = self._to_boneyard(state, tool)
        elif target.startswith("supply:"):
            raise SetupError(
                "the pyramids left are what the pyrinoes built leave: tap a pyramid of the palette on a hand "
                "or an end of the line to build a pyrino"
            )
        else:
            raise SetupError("tap an open end of the line of play, a player's hand or the boneyard")
        return settled(changed)

    @staticmethod
    def _tile(tool: str) -> Domino | Pyramid:
        """The domino or the pyramid a tool puts down; raises SetupError."""
        try:
            return parse_domino(tool) if "-" in tool else Pyramid.parse(tool)
        except ValueError:
            raise SetupError(f"{tool!r} is not a domino or a pyramid of Pyrinoes") from None

    @staticmethod
    def _taken(state: PyrinoesState, domino: Domino) -> PyrinoesState:
        """``state`` with ``domino`` out of the hands and the boneyard; a domino
        of the line is refused."""
        if any(item.tile == domino for item in state.line):
            raise SetupError(
                f"the {domino} is in the line of play: take it off the end of the line with Remove first"
            )
        hands = tuple(tuple(d for d in hand if d != domino) for hand in state.hands)
        boneyard = tuple(d for d in state.boneyard if d != domino)
        return replace(state, hands=(hands[0], hands[1]), boneyard=boneyard)

    def _at_end(self, state: PyrinoesState, tool: str, end: int) -> PyrinoesState:
        line = list(state.line)
        at = 0 if end == LEFT else len(line) - 1
        if tool == REMOVE.id:
            if not line:
                raise SetupError("the line of play is empty: there is nothing to take off")
            item = line.pop(at)
            if isinstance(item.tile, Pyrino):
                rest, inner = _shrunk(item.tile, _inner(item, end))
                if rest is not None:
                    line.insert(0 if end == LEFT else len(line), _facing(rest, inner, end))
            boneyard = (*state.boneyard, item.tile) if isinstance(item.tile, Domino) else state.boneyard
            return replace(state, line=tuple(line), boneyard=boneyard)
        piece = self._tile(tool)
        if isinstance(piece, Domino):
            state = self._taken(state, piece)
            item = _domino_at(piece, state.line, end)
            return replace(state, line=(item, *state.line) if end == LEFT else (*state.line, item))
        if line and _unfinished(line[at].tile):
            begun = line[at].tile
            assert isinstance(begun, Pyrino)
            line[at] = _facing(_grown(begun, piece), begun.first, end)
        else:
            fresh = _facing(Pyrino((piece,), ()), (piece,), end)
            line.insert(0 if end == LEFT else len(line), fresh)
        return replace(state, line=tuple(line))

    def _in_hand(self, state: PyrinoesState, tool: str, seat: int) -> PyrinoesState:
        hands = list(state.hands)
        built = list(state.pyrinoes[seat])
        if tool == REMOVE.id:
            if built:
                begun = [t for t in built if _unfinished(t)]
                tile = begun[0] if begun else built[-1]
                built.remove(tile)
                rest, _ = _shrunk(tile, tile.first)
                if rest is not None:
                    built.append(rest)
            elif hands[seat]:
                hands[seat] = hands[seat][:-1]
            else:
                raise SetupError(f"{SEATS[seat]}'s hand is empty: there is nothing to take out")
            return self._with(state, seat, tuple(hands), tuple(built))
        piece = self._tile(tool)
        if isinstance(piece, Domino):
            state = self._taken(state, piece)
            hand = (*state.hands[seat], piece)
            return replace(state, hands=(hand, state.hands[1]) if seat == 0 else (state.hands[0], hand))
        begun = [t for t in built if _unfinished(t)]
        if begun:
            built[built.index(begun[0])] = _grown(begun[0], piece)
        else:
            built.append(Pyrino((piece,), ()))
        return self._with(state, seat, tuple(hands), tuple(built))

    @staticmethod
    def _with(
        state: PyrinoesState, seat: int, hands: tuple[tuple[Domino, ...], ...], built: tuple[Pyrino, ...]
    ) -> PyrinoesState:
        pyrinoes = (built, state.pyrinoes[1]) if seat == 0 else (state.pyrinoes[0], built)
        return replace(state, hands=(hands[0], hands[1]), pyrinoes=pyrinoes)

    def _to_boneyard(self, state: PyrinoesState, tool: str) -> PyrinoesState:
        if tool == REMOVE.id:
            raise SetupError(
                "the boneyard is every domino not in a hand or the line: tap a domino of the palette here "
                "to put it back"
            )
        piece = self._tile(tool)
        if not isinstance(piece, Domino):
            raise SetupError("the boneyard holds dominoes face down, not pyramids")
        state = self._taken(state, piece)
        return replace(state, boneyard=(*state.boneyard, piece))

    # ------------------------------------------------------------ fields

    def fields(self, state: PyrinoesState) -> tuple[Field, ...]:
        seats = tuple(
            (name, f"{SEATS[seat]} ({' and '.join(SEAT_COLOURS[seat])})")
            for seat, name in enumerate(SEAT_NAMES)
        )
        ended = "-" if state.ending is None else f"{SEAT_NAMES[state.ender or 0]}-{state.ending}"
        return (
            Field("to_move", "Whose turn it is", SEAT_NAMES[state.to_move], seats),
            Field(
                "first",
                "Who played first this round",
                "-" if state.first is None else SEAT_NAMES[state.first],
                (*seats, ("-", "nobody yet (round 0, while the players pick who starts)")),
            ),
            Field("round", "Round", str(state.round), help="a whole number: 1 for the match's first round"),
            *(
                Field(
                    f"score_{name}",
                    f"{SEATS[seat]}'s points from the rounds before",
                    str(state.banked[seat]),
                    help="a whole number: 0 in the first round",
                )
                for seat, name in enumerate(SEAT_NAMES)
            ),
            Field(
                "target",
                "Points that win the match",
                str(state.target),
                help="a whole number: 100 unless the players agreed on another",
            ),
            Field(
                "line",
                "The line of play, left to right",
                " ".join(map(str, state.line)) or "-",
                help=LINE_HELP,
            ),
            *(
                Field(
                    f"hand_{name}",
                    f"{SEATS[seat]}'s dominoes in hand",
                    " ".join(map(str, state.hands[seat])) or "-",
                    help=DOMINO_HELP,
                )
                for seat, name in enumerate(SEAT_NAMES)
            ),
            *(
                Field(
                    f"pyrinoes_{name}",
                    f"{SEATS[seat]}'s pyrinoes, built and not played",
                    " ".join(map(str, state.pyrinoes[seat])) or "-",
                    help=PYRINO_HELP,
                )
                for seat, name in enumerate(SEAT_NAMES)
            ),
            Field(
                "drawing",
                "Drawing from the boneyard",
                "yes" if state.drawing else "no",
                (("no", "no"), ("yes", "yes: the player to move draws, and the domino is not taken yet")),
            ),
            Field(
                "passes",
                "Passes in a row just before now",
                str(state.passes),
                (("0", "none"), ("1", "one"), ("2", "two: both passed, so the round is over")),
            ),
            Field(
                "ended",
                "Is the round over?",
                ended,
                (
                    ("-", "no, it goes on"),
                    *(
                        (f"{name}-{how}", f"yes: {SEATS[seat]} {words}")
                        for seat, name in enumerate(SEAT_NAMES)
                        for how, words in ENDING_WORDS.items()
                    ),
                ),
            ),
        )

    def set(self, state: PyrinoesState, field: str, value: str) -> PyrinoesState:
        text = value.strip()
        choice = text.lower()
        match field:
            case "to_move" if choice in SEAT_NAMES:
                return replace(state, to_move=SEAT_NAMES.index(choice))
            case "first" if choice in (*SEAT_NAMES, "-"):
                return replace(state, first=None if choice == "-" else SEAT_NAMES.index(choice))
            case "round":
                return settled(replace(state, round=_whole(text, "the round")))
            case "score_fire" | "score_ice":
                banked = list(state.banked)
                banked[SEAT_NAMES.index(field[6:])] = _whole(text, "a score")
                return replace(state, banked=(banked[0], banked[1]))
            case "target":
                return replace(state, target=_whole(text, "the target"))
            case "line":
                return self._typed_line(state, _line(text))
            case "hand_fire" | "hand_ice":
                seat = SEAT_NAMES.index(field[5:])
                return self._typed_hand(state, seat, _dominoes(text, f"{SEATS[seat]}'s hand"))
            case "pyrinoes_fire" | "pyrinoes_ice":
                seat = SEAT_NAMES.index(field[9:])
                built = _pyrinoes(text, f"{SEATS[seat]}'s pyrinoes")
                return settled(self._with(state, seat, state.hands, built))
            case "drawing" if choice in ("yes", "no"):
                return replace(state, drawing=choice == "yes")
            case "passes" if choice in ("0", "1", "2"):
                return replace(state, passes=int(choice))
            case "ended" if choice == "-":
                return replace(state, ending=None, ender=None, passes=min(state.passes, 1))
            case "ended":
                name, _, how = choice.partition("-")
                if name in SEAT_NAMES and how in ENDINGS:
                    seat = SEAT_NAMES.index(name)
                    passes = 2 if how == "two-passes" else min(state.passes, 1)
                    return replace(state, ending=how, ender=seat, to_move=seat, passes=passes, drawing=False)
        raise SetupError(f"{value!r} is not a value for {field!r}")

    @staticmethod
    def _typed_line(state: PyrinoesState, line: tuple[Placed, ...]) -> PyrinoesState:
        """``state`` with the line typed: its dominoes out of the boneyard, the old line's back in it."""
        typed = {item.tile for item in line}
        back = [item.tile for item in state.line if isinstance(item.tile, Domino)]
        boneyard = tuple(d for d in (*state.boneyard, *back) if d not in typed)
        return settled(replace(state, line=line, boneyard=boneyard))

    @staticmethod
    def _typed_hand(state: PyrinoesState, seat: int, typed: tuple[Domino, ...]) -> PyrinoesState:
        """``state`` with ``seat``'s hand typed: its dominoes out of the boneyard
        (only: one typed that another place holds is then in two), the old hand's back in it."""
        back = [d for d in state.hands[seat] if d != UNSEEN]
        boneyard = tuple(d for d in (*state.boneyard, *back) if d not in typed)
        hands = (typed, state.hands[1]) if seat == 0 else (state.hands[0], typed)
        return settled(replace(state, hands=hands, boneyard=boneyard))
