"""Setting up a Pach-Ice-i position by hand (:mod:`iriri_core.setup.rules`).

The empty board is the start without anything entered: every piece in its
owner's start pad (five trees of a large, a medium and a small) and Black to
roll, so that a piece put on a square is taken from its owner's pad, as a
piece entered is.  It comes from the smallest tree that has one, split where
taking it out of the middle would leave no tree the rules know (a medium
taken from ``LMS`` leaves ``L`` and ``S``), and from the pieces home when the
pad has none.  A piece taken off the board goes back into the pad, where it
makes a tree whole again if it can (a small onto an ``LM``), unless the
stash already has its five of that size without it.

The pieces home are never set: a position line does not write them, as they
are the rest of each stash (docs/notation.md), so they are kept that way
after every change, and a pad typed with fewer trees sends the rest home.
Whose turn it is, the dice left, each pad, the pieces moved or sent back
this turn and the result are fields, written as the line writes them.

>>> from .rules import deal
>>> rules = PachIceISetup()
>>> state = rules.put(rules.empty(deal()), "K2", "square:a3")
>>> [field.value for field in rules.fields(state)][:4]
['black', '-', 'S,L,4LMS', '5LMS']
>>> rules.fields(rules.put(state, "remove", "square:a3"))[2].value
'5LMS'
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...engine import InvalidPositionError
from ...setup.rules import REMOVE, Field, Refusal, SetupError, SetupTrial, Step, Tool, pyramid_tools
from .board import square_index, square_name
from .marks import COLOURS
from .notation import LETTER_SIZES, SEATS, SIZE_LETTERS, TREES, pad_from_line, pad_line
from .rules import deal
from .state import PIECES, PachState, Tree

PER_SIZE = PIECES // 3
"""Each stash has five pieces of each size."""

SHAPES = frozenset(tuple(LETTER_SIZES[letter] for letter in tree) for tree in TREES)
"""The trees a pad may hold, as sizes bottom up."""

MERGES: dict[int, tuple[tuple[Tree, ...], ...]] = {
    1: (((3, 2),),),
    2: (((3,), (1,)), ((3,),)),
    3: (((2,), (1,)), ((2,),)),
}
"""What a piece given back to its pad stands with, the whole tree first: a
small on an ``LM``; a medium between a lone large and a lone small, or on a
lone large; a large under a lone medium and a lone small, or under a lone medium."""

RESULTS = {"playing": None, "black-won": 0, "white-won": 1}
"""The result field's values, as a line writes them (``-`` while playing)."""


def _count(state: PachState, seat: int, size: int) -> int:
    """How many of ``seat``'s pieces of ``size`` are on the board or in its pad."""
    on_board = sum(1 for piece in state.board if piece == (seat, size))
    return on_board + sum(tree.count(size) for tree in state.trees[seat])


def settled(state: PachState) -> PachState:
    """``state`` with the pieces home the rest of each stash, as a line reads them."""

    def rest(seat: int) -> tuple[int, int, int]:
        small, medium, large = (max(0, PER_SIZE - _count(state, seat, size)) for size in (1, 2, 3))
        return small, medium, large

    return replace(state, home=(rest(0), rest(1)))


def _pads(state: PachState, seat: int, trees: list[Tree]) -> tuple[tuple[Tree, ...], tuple[Tree, ...]]:
    pads = [state.trees[0], state.trees[1]]
    pads[seat] = tuple(sorted(trees))
    return pads[0], pads[1]


def take(trees: tuple[Tree, ...], size: int) -> list[Tree] | None:
    """The pad ``trees`` with a piece of ``size`` taken from the smallest tree
    that has one, what is left of the tree split into lone pieces if it is no
    tree; None if no tree has one.

    >>> take(((3, 2, 1),) * 2, 2)
    [(1,), (3,), (3, 2, 1)]
    """
    having = sorted((tree for tree in trees if size in tree), key=len)
    if not having:
        return None
    kept = list(trees)
    kept.remove(having[0])
    left = tuple(piece for piece in having[0] if piece != size)
    if left in SHAPES:
        kept.append(left)
    elif left:
        kept += [(piece,) for piece in left]
    return sorted(kept)


def give(trees: tuple[Tree, ...], size: int) -> list[Tree]:
    """The pad ``trees`` with a piece of ``size`` given back, making the
    largest tree it can with lone pieces or an ``LM``.

    >>> give(((1,), (2,), (3, 2, 1)), 3)
    [(3, 2, 1), (3, 2, 1)]
    """
    kept = list(trees)
    for others in MERGES[size]:
        if all(kept.count(tree) >= others.count(tree) for tree in others):
            for tree in others:
                kept.remove(tree)
            kept.append(tuple(sorted((size, *(piece for tree in others for piece in tree)), reverse=True)))
            return sorted(kept)
    return sorted([*kept, (size,)])


def _words(items: str) -> list[str]:
    """The items of a typed list: separated by commas or spaces, ``-`` or nothing for none."""
    text = items.strip()
    return [] if text in ("", "-") else [word for word in re.split(r"[\s,]+", text) if word]


class PachIceISetup:
    """Pach-Ice-i's set-up (see the module's docstring)."""

    examples: tuple[tuple[str, tuple[Step, ...]], ...] = (("pach-ice-i-board", ()),)
    """The designer's one example is the start, which the empty board is."""

    trial = SetupTrial(
        build=(
            ("tool", "K1"),
            ("tap", "square:a5"),
            ("tool", "K2"),
            ("tap", "square:b6"),
            ("tool", "W2"),
            ("tap", "square:f7"),
            ("field", "to_move", "white"),
            ("field", "dice", "236"),
        ),
        moves=("f7 2 3", "enter L 6"),
        refusals=(
            Refusal((("field", "black_pad", "5LMS"),), "black must have five pieces of each size"),
            Refusal((("field", "result", "white-won"),), "a player wins only with all fifteen pieces home"),
            Refusal(
                (("field", "moved", "f7"),),
                "moved this turn: only during a turn, with one or two dice left",
            ),
        ),
    )

    def empty(self, like: PachState) -> PachState:
        return deal()

    def tools(self, state: PachState) -> tuple[Tool, ...]:
        return pyramid_tools(COLOURS)

    def put(self, state: PachState, tool: str, target: str) -> PachState:
        kind, _, name = target.partition(":")
        if kind != "square":
            raise SetupError("tap a square of the board")
        try:
            square = square_index(name)
        except ValueError as exc:
            raise SetupError(str(exc)) from None
        state = self._lift(state, square)
        if tool == REMOVE.id:
            return replace(state, moved=tuple(s for s in state.moved if s != square))
        letter, size = tool[:1], tool[1:]
        if letter not in ("K", "W") or size not in ("1", "2", "3"):
            raise SetupError(f"{tool} is not a piece: K (black) or W (white) and a size 1 to 3")
        seat, pips = "KW".index(letter), int(size)
        trees = take(state.trees[seat], pips)
        if trees is not None:
            state = replace(state, trees=_pads(state, seat, trees))
        board = list(state.board)
        board[square] = (seat, pips)
        return settled(replace(state, board=tuple(board)))

    @staticmethod
    def _lift(state: PachState, square: int) -> PachState:
        """``state`` with ``square`` emptied, its piece back in its owner's pad
        unless the stash has its five of that size without it."""
        piece = state.board[square]
        if piece is None:
            return state
        board = list(state.board)
        board[square] = None
        state = replace(state, board=tuple(board))
        seat, size = piece
        if _count(state, seat, size) < PER_SIZE:
            state = replace(state, trees=_pads(state, seat, give(state.trees[seat], size)))
        return settled(state)

    def fields(self, state: PachState) -> tuple[Field, ...]:
        result = "playing" if state.winner is None else f"{SEATS[state.winner]}-won"
        return (
            Field("to_move", "Whose turn", SEATS[state.to_move], (("black", "Black"), ("white", "White"))),
            Field(
                "dice",
                "Dice left to use this turn",
                "".join(map(str, state.dice)) or "-",
                help="- before the roll (or once the game is over); else the dice not used yet, "
                "one digit 1 to 8 each, like 235",
            ),
            *(
                Field(
                    f"{SEATS[seat]}_pad",
                    f"{SEATS[seat].capitalize()}'s start pad (pieces waiting to enter)",
                    pad_line(state.trees[seat]),
                    help="each tree (stack) bottom to top, L large, M medium, S small: LMS, LM, L, M or S; "
                    "a number before a tree for several, separated by commas, like LM,4LMS; - for none. "
                    "Pieces neither on the board nor in the pad are home",
                )
                for seat in (0, 1)
            ),
            Field(
                "moved",
                "Pieces moved this turn",
                ",".join(square_name(square) for square in state.moved) or "-",
                help="the squares of the pieces already moved this turn (each piece moves once a turn), "
                "separated by commas, like c4,d5; - for none",
            ),
            Field(
                "resent",
                "Sent back this turn",
                ",".join(SIZE_LETTERS[size] for size in state.resent) or "-",
                help="the mover's pieces moved this turn and then sent back to their pad, which may not "
                "enter again this turn: S, M or L for each, separated by commas; - for none",
            ),
            Field(
                "result",
                "Result",
                result,
                (
                    ("playing", "still playing"),
                    ("black-won", "Black has won"),
                    ("white-won", "White has won"),
                ),
            ),
        )

    def set(self, state: PachState, field: str, value: str) -> PachState:
        text = value.strip()
        match field:
            case "to_move" if text.lower() in SEATS:
                return replace(state, to_move=SEATS.index(text.lower()))
            case "result" if text.lower() in RESULTS:
                return replace(state, winner=RESULTS[text.lower()])
            case "dice":
                digits = "" if text.lower() == "to roll" else "".join(_words(text.replace("+", " ")))
                if not re.fullmatch(r"[1-8]{0,3}", digits):
                    raise SetupError(
                        "dice: - before the roll, or the dice still to use, one digit 1 to 8 each, like 235"
                    )
                return replace(state, dice=tuple(sorted(int(d) for d in digits)))
            case "black_pad" | "white_pad":
                seat = SEATS.index(field.removesuffix("_pad"))
                try:
                    trees = pad_from_line(",".join(_words(text)) or "-", SEATS[seat])
                except InvalidPositionError as exc:
                    raise SetupError(str(exc)) from None
                pad = [tuple(LETTER_SIZES[letter] for letter in tree) for tree in trees]
                return settled(replace(state, trees=_pads(state, seat, pad)))
            case "moved":
                try:
                    squares = tuple(sorted(square_index(word) for word in _words(text)))
                except ValueError as exc:
                    raise SetupError(f"moved this turn: {exc}") from None
                return replace(state, moved=squares)
            case "resent":
                words = [word.upper() for word in _words(text)]
                if not all(word in LETTER_SIZES for word in words):
                    raise SetupError(
                        "sent back this turn: S, M or L for each piece, separated by commas; or -"
                    )
                return replace(state, resent=tuple(sorted(LETTER_SIZES[word] for word in words)))
        raise SetupError(f"{value!r} is not a value for {field!r}")
