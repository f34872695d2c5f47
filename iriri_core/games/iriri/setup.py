"""Setting up an Iriri position by hand (:mod:`iriri_core.setup.rules`).

**The empty board** is a board with no piece, hands with none, and every
piece of every player in the ring, like pieces side by side (player 1's
small ones first, then their medium and large ones, then player 2's, and so
on).  Why: a position of Iriri holds each player's fifteen pieces exactly,
between the ring, the hands and the board, and the ring is where pieces wait
until they are taken.  With all of them in the ring the empty board is a
position that can happen, and it stays one as a person puts pieces down,
since a tap never makes or loses a piece (below); an empty ring, or hands
dealt as a game starts, would leave the person thirty pieces to count, or
three to take back out of every hand they draw.  The ring's order is the
person's to make (a designer's figure gives it): tap its pieces, or type it.

**Taps**, each on a target of the table as a spectator sees it:

- a cell of the board (``cell:x,y``, the pieces and one cell round them):
  a pyramid goes there, out of the ring (the last of its kind in it); the
  piece it covers, or the one Remove takes up, goes back into the ring, just
  after the last of its kind (at the end when none is left);
- a place in a hand (``hand:seat:place``): the same, in that hand, which
  keeps its pieces smallest first;
- a piece of the ring (``ring:position``): a pyramid goes to that place, and
  the piece there goes where the next of its kind, clockwise, came from (a
  swap: filling the ring from position 1 on sets any order without
  disturbing the places already set).  With none of its kind in the ring,
  the pyramid is added before the piece tapped (``ring:0`` of an empty
  ring adds the first).  Remove takes the piece out of the game: the count
  of pieces says so until it is back.

The places of the hands, and an empty ring's first place, are targets only
where the table is drawn for setting up (``Seen.setting_up``: a spectator's
table in play has none, and nothing drawn changes); the hands' fields set
them wherever, and the ring's field an empty ring.

**Fields**: who is to move; whether they are laying a word or refilling
their hand; passes in a row; each player's score and hand (the hand as a
choice of their own pieces, moved to and from the ring like a tap); and the
ring, typed as the position line writes it (``B3Y3B2...``), which sets it as
typed.  Whether the position can happen is the position line's reader's to
say, with its words: pieces counted, one of each kind left in the ring, a
hand of at most three of its owner's colour, a take phase with something to take.

>>> from iriri_core.games.iriri.rules import deal
>>> rules = IririSetup()
>>> empty = rules.empty(deal(("yellow", "blue"), seed=1))
>>> len(empty.dictionary), empty.hands
(30, ((), ()))
>>> state = rules.put(empty, "B2", "cell:0,0")
>>> state.board, len(state.dictionary), state.dictionary.count(Pyramid("blue", 2))
((((0, 0), Pyramid(colour='blue', size=2)),), 29, 4)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from itertools import combinations_with_replacement

from ... import lines as one_line
from ...engine import InvalidPositionError
from ...pieces import SIZE_NAMES, SIZES, Pyramid, stash
from ...presenter import colour_name
from ...setup.rules import REMOVE, Field, Refusal, SetupError, SetupTrial, Step, Tool, pyramid_tools
from .rules import HAND_SIZE
from .state import PLACE, TAKE, Cell, IririState

REACH = 3
"""How far from the pieces on the board (or from cell 0,0 on the empty
board) a piece may be put: a cell of the table as drawn, with room to spare."""

_CELL = re.compile(r"(-?\d{1,6}),(-?\d{1,6})")
_SCORE = re.compile(r"\d{1,6}(\.\d{1,3})?")
_PHASES = ((PLACE, "laying a word on the board"), (TAKE, "refilling their hand from the ring"))


def _hand_order(piece: Pyramid) -> tuple[int, str]:
    """A hand's order, smallest first (as the reader keeps it)."""
    return (piece.size, piece.colour)


def _pieces_text(pieces: tuple[Pyramid, ...]) -> str:
    """Pieces as a line writes them (``Y1Y2``), or ``-`` for none."""
    return "".join(map(str, pieces)) or "-"


class IririSetup:
    """Iriri's set-up (see the module's docstring)."""

    examples: tuple[tuple[str, tuple[Step, ...]], ...] = (
        (
            "iriri-blue-to-move",
            (
                ("tool", "Y1"),
                ("tap", "cell:0,0"),
                ("tool", "Y3"),
                ("tap", "cell:1,0"),
                ("field", "hand1", "Y2Y2Y3"),
                ("field", "hand2", "B1B2B3"),
                ("field", "to_move", "2"),
                ("field", "score1", "6.5"),
                ("tool", "Y2"),
                ("tap", "ring:0"),
                ("tool", "B3"),
                ("tap", "ring:1"),
                ("tool", "B2"),
                ("tap", "ring:3"),
                ("tool", "Y3"),
                ("tap", "ring:4"),
                ("tool", "Y1"),
                ("tap", "ring:5"),
                ("tool", "B2"),
                ("tap", "ring:6"),
                ("tool", "B1"),
                ("tap", "ring:8"),
                ("tap", "ring:9"),
                ("tool", "B3"),
                ("tap", "ring:11"),
                ("tool", "Y1"),
                ("tap", "ring:12"),
                ("tool", "B2"),
                ("tap", "ring:13"),
                ("tap", "ring:14"),
                ("tool", "Y3"),
                ("tap", "ring:15"),
                ("tool", "Y2"),
                ("tap", "ring:17"),
                ("tool", "B3"),
                ("tap", "ring:18"),
                ("tap", "ring:19"),
            ),
        ),
    )
    """Figure 3 of the rules: the first word, the hands, then the ring put in
    order place by place (a tap with the piece wanted swaps in the next one
    of its kind)."""

    trial = SetupTrial(
        build=(
            ("tool", "Y1"),
            ("tap", "cell:0,0"),
            ("tool", "Y2"),
            ("tap", "cell:1,0"),
            ("field", "hand1", "Y1Y2Y3"),
            ("field", "hand2", "B1B2B3"),
            ("field", "to_move", "2"),
            ("field", "score1", "6.5"),
        ),
        # The ring is then Y1 Y1 Y1 Y2 Y2 Y2, four each of Y3 B1 B2 B3: B3
        # over Y1 matches the seam of the loop (B3 last, Y1 first).
        moves=("B3@0,-1", "take B3@19"),
        refusals=(
            Refusal(
                (("tool", REMOVE.id), ("tap", "ring:0")),
                "there are 4 Y1 pieces in all, but each player has exactly 5 of each size",
            ),
            Refusal(
                (("tool", "Y1"), ("tap", "cell:2,0"), ("tap", "cell:3,0"), ("tap", "cell:4,0")),
                "the dictionary has no small yellow; one of every type stays to the end",
            ),
            Refusal((("field", "phase", TAKE),), "it cannot be the take phase"),
        ),
    )

    def empty(self, like: IririState) -> IririState:
        return IririState(
            colours=like.colours,
            dictionary=tuple(piece for colour in like.colours for piece in stash(colour)),
            hands=((),) * like.players,
        )

    def tools(self, state: IririState) -> tuple[Tool, ...]:
        return pyramid_tools(state.colours)

    # ------------------------------------------------------------ taps

    def put(self, state: IririState, tool: str, target: str) -> IririState:
        piece = None if tool == REMOVE.id else self._piece(state, tool)
        kind, _, where = target.partition(":")
        if kind == "cell":
            return self._put_cell(state, piece, self._cell(state, where))
        if kind == "hand":
            seat, place = self._hand_place(state, where)
            return self._put_hand(state, piece, seat, place)
        if kind == "ring":
            return self._put_ring(state, piece, self._ring_place(state, where))
        raise SetupError("tap a cell of the board, a place in a hand or a piece of the ring")

    @staticmethod
    def _piece(state: IririState, tool: str) -> Pyramid:
        try:
            piece = Pyramid.parse(tool)
        except ValueError:
            raise SetupError(f"{tool!r} is not a piece of the palette") from None
        if piece.colour not in state.colours:
            raise SetupError(f"{tool} is not a player's piece")
        return piece

    @staticmethod
    def _cell(state: IririState, where: str) -> Cell:
        match = _CELL.fullmatch(where)
        if match is None:
            raise SetupError(f"{where!r} is not a cell of the board: a cell is x,y, like 0,0")
        x, y = int(match[1]), int(match[2])
        cells = list(state.grid) or [(0, 0)]
        if not (
            min(cx for cx, _ in cells) - REACH <= x <= max(cx for cx, _ in cells) + REACH
            and min(cy for _, cy in cells) - REACH <= y <= max(cy for _, cy in cells) + REACH
        ):
            raise SetupError(f"cell {x},{y} is off the board as drawn: put pieces next to the others")
        return (x, y)

    @staticmethod
    def _hand_place(state: IririState, where: str) -> tuple[int, int]:
        seat_text, _, place_text = where.partition(":")
        if not (seat_text.isdigit() and place_text.isdigit()):
            raise SetupError(f"{where!r} is not a place in a hand")
        seat, place = int(seat_text), int(place_text)
        if not (seat < state.players and place < HAND_SIZE):
            raise SetupError(f"there are {state.players} hands of {HAND_SIZE} places")
        return seat, place

    @staticmethod
    def _ring_place(state: IririState, where: str) -> int:
        if not where.isdigit() or int(where) > len(state.dictionary):
            raise SetupError(f"{where!r} is not a place of the ring")
        return int(where)

    def _put_cell(self, state: IririState, piece: Pyramid | None, cell: Cell) -> IririState:
        grid = dict(state.grid)
        ring = list(state.dictionary)
        covered = grid.pop(cell, None)
        if covered is not None:
            _give_back(ring, covered)
        if piece is not None:
            grid[cell] = piece
            _take_out(ring, piece)
        return replace(state, board=tuple(sorted(grid.items())), dictionary=tuple(ring))

    def _put_hand(self, state: IririState, piece: Pyramid | None, seat: int, place: int) -> IririState:
        hand = list(state.hands[seat])
        if place < len(hand):
            hand.pop(place)
        if piece is not None:
            hand.append(piece)
        return self._with_hand(state, seat, tuple(hand))

    @staticmethod
    def _with_hand(state: IririState, seat: int, hand: tuple[Pyramid, ...]) -> IririState:
        """``state`` with ``seat``'s hand ``hand``: the pieces it gives up go
        back into the ring, the ones it gains come out of it."""
        old, new = Counter(state.hands[seat]), Counter(hand)
        ring = list(state.dictionary)
        for piece in sorted((old - new).elements(), key=_hand_order):
            _give_back(ring, piece)
        for piece in sorted((new - old).elements(), key=_hand_order):
            _take_out(ring, piece)
        hands = list(state.hands)
        hands[seat] = tuple(sorted(hand, key=_hand_order))
        return replace(state, hands=tuple(hands), dictionary=tuple(ring))

    @staticmethod
    def _put_ring(state: IririState, piece: Pyramid | None, place: int) -> IririState:
        ring = list(state.dictionary)
        if piece is None:
            if place < len(ring):
                ring.pop(place)
        elif place == len(ring):
            ring.append(piece)
        elif ring[place] != piece:
            count = len(ring)
            other = next(
                (k % count for k in range(place + 1, place + count) if ring[k % count] == piece), None
            )
            if other is None:
                ring.insert(place, piece)
            else:
                ring[place], ring[other] = piece, ring[place]
        return replace(state, dictionary=tuple(ring))

    # ------------------------------------------------------------ fields

    def fields(self, state: IririState) -> tuple[Field, ...]:
        return (
            Field(
                "to_move",
                "To move",
                str(state.to_move + 1),
                tuple((str(seat + 1), colour_name(state, seat)) for seat in range(state.players)),
            ),
            Field("phase", "Part of the turn", state.phase, _PHASES),
            Field(
                "passes",
                "Passes in a row (the game is over when every player has passed)",
                str(state.passes),
                tuple((str(n), str(n)) for n in range(state.players + 1)),
            ),
            *(
                Field(
                    f"score{seat + 1}",
                    f"{colour_name(state, seat)}'s score",
                    f"{state.scores[seat]:g}",
                    help="points: a whole or half number, like 9 or 6.5",
                )
                for seat in range(state.players)
            ),
            *(
                Field(
                    f"hand{seat + 1}",
                    f"{colour_name(state, seat)}'s hand (moved to and from the ring)",
                    _pieces_text(state.hands[seat]),
                    _hand_choices(state, seat),
                )
                for seat in range(state.players)
            ),
            Field(
                "ring",
                "The ring, clockwise from position 1",
                _pieces_text(state.dictionary),
                help="its pieces one after another, each a colour letter and a size 1 to 3, like B3Y3B2",
            ),
        )

    def set(self, state: IririState, field: str, value: str) -> IririState:
        value = value.strip()
        seat_of = {str(seat + 1): seat for seat in range(state.players)}
        match field:
            case "to_move" if value in seat_of:
                return replace(state, to_move=seat_of[value])
            case "phase" if value.lower() in (PLACE, TAKE):
                return replace(state, phase=value.lower())
            case "passes" if value.isdigit() and int(value) <= state.players:
                return replace(state, passes=int(value))
            case "ring":
                return replace(state, dictionary=_typed_pieces(value, "the ring"))
        kind = field.rstrip("0123456789")
        seat_text = field[len(kind) :]
        if seat_text in seat_of:
            seat = seat_of[seat_text]
            if kind == "score":
                if not _SCORE.fullmatch(value):
                    raise SetupError(f"{colour_name(state, seat)}'s score is a number, like 9 or 6.5")
                scores = list(state.scores)
                scores[seat] = float(value)
                return replace(state, scores=tuple(scores))
            if kind == "hand":
                return self._with_hand(
                    state, seat, _typed_pieces(value, f"{colour_name(state, seat)}'s hand")
                )
        raise SetupError(f"{value!r} is not a value for {field!r}")


def _typed_pieces(value: str, where: str) -> tuple[Pyramid, ...]:
    """Pieces typed one after another (``Y1Y2``), or ``-`` (or nothing) for none."""
    if value in ("", "-"):
        return ()
    try:
        return tuple(Pyramid.parse(token) for token in one_line.pieces(value.replace(" ", ""), where))
    except (InvalidPositionError, ValueError) as exc:
        raise SetupError(str(exc)) from None


def _hand_choices(state: IririState, seat: int) -> tuple[tuple[str, str], ...]:
    """Every hand of ``seat``'s own pieces, from none to three, with the hand
    as it is first where it is none of those (a piece of another colour)."""
    colour = state.colours[seat]
    hands = [
        tuple(Pyramid(colour, size) for size in sizes)
        for count in range(HAND_SIZE + 1)
        for sizes in combinations_with_replacement(SIZES, count)
    ]
    choices = [
        (
            _pieces_text(hand),
            " ".join(map(str, hand)) + f" ({', '.join(SIZE_NAMES[p.size] for p in hand)})"
            if hand
            else "empty",
        )
        for hand in hands
    ]
    now = _pieces_text(state.hands[seat])
    if all(value != now for value, _ in choices):
        choices.insert(0, (now, " ".join(map(str, state.hands[seat]))))
    return tuple(choices)


def _take_out(ring: list[Pyramid], piece: Pyramid) -> None:
    """Take ``piece`` out of ``ring``: the last of its kind there (none if it has none)."""
    for k in range(len(ring) - 1, -1, -1):
        if ring[k] == piece:
            del ring[k]
            return


def _give_back(ring: list[Pyramid], piece: Pyramid) -> None:
    """Put ``piece`` back into ``ring``, just after the last of its kind (at the end if none is left)."""
    last = max((k for k, other in enumerate(ring) if other == piece), default=len(ring) - 1)
    ring.insert(last + 1, piece)


__all__ = ["IririSetup"]
