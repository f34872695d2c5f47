"""Pach-Ice-i position text and move text (docs/notation.md).

>>> from .rules import deal
>>> print(to_text(deal()), end="")
Pach-Ice-i
to move: black
dice: to roll
moved this turn: -
sent back this turn: -
black pad: LMS LMS LMS LMS LMS
white pad: LMS LMS LMS LMS LMS
black home: 0 small, 0 medium, 0 large
white home: 0 small, 0 medium, 0 large
result: playing
board:
7 .. .. .. .. .. .. ..
6 .. .. .. .. .. .. ..
5 .. .. .. .. .. .. ..
4 .. .. .. .. .. .. ..
3 .. .. .. .. .. .. ..
2 .. .. .. .. .. .. ..
1 .. .. .. .. .. .. ..
   a  b  c  d  e  f  g
>>> [move_text(parse_move(t)) for t in ("Roll 5 2 3", "enter lms 2 3 5", "C4 5", "pass")]
['roll 2 3 5', 'enter LMS 2 3 5', 'c4 5', 'pass']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from ... import lines as one_line
from ...engine import InvalidMoveError, InvalidPositionError
from .board import COLUMNS, SIDE, SQUARES, square_index, square_name
from .state import PIECES, Advance, Enter, PachMove, PachState, Pass, Roll, Tree

SIZE_LETTERS = {1: "S", 2: "M", 3: "L"}
LETTER_SIZES = {letter: size for size, letter in SIZE_LETTERS.items()}
SEATS = ("black", "white")
TREES = ("LMS", "LM", "L", "M", "S")
"""The trees a pad can hold: as set up, what is left once the top is entered, and a piece sent back."""
PIECE_LETTERS = ("K", "W")
"""A piece on the board is its owner's letter and its pips: ``K3`` a large black."""

# ---------------------------------------------------------------- moves


def tree_text(tree: Tree) -> str:
    """A tree bottom to top: ``LMS``."""
    return "".join(SIZE_LETTERS[size] for size in tree)


def move_text(move: PachMove) -> str:
    """``roll 2 3 5``, ``enter LMS 2 3 5``, ``c4 5`` or ``pass``."""
    if isinstance(move, Roll):
        return "roll " + " ".join(map(str, move.dice))
    if isinstance(move, Enter):
        return f"enter {tree_text(move.tree)} " + " ".join(map(str, move.dice))
    if isinstance(move, Advance):
        return f"{square_name(move.square)} " + " ".join(map(str, move.dice))
    return "pass"


def _dice(words: list[str], text: str) -> tuple[int, ...]:
    if not 1 <= len(words) <= 3 or not all(re.fullmatch(r"[1-8]", w) for w in words):
        raise InvalidMoveError(f"{text!r}: give one to three dice, each from 1 to 8")
    return tuple(sorted(int(w) for w in words))


def parse_move(text: str) -> PachMove:
    """Read move text; raises InvalidMoveError saying what is wrong."""
    words = re.split(r"[\s+,]+", text.strip().lower())
    words = [w for w in words if w]
    if not words:
        raise InvalidMoveError("empty move: write a roll, an entry, a move or pass")
    if words[0] == "pass":
        if len(words) > 1:
            raise InvalidMoveError(f"{text!r}: pass takes no dice")
        return Pass()
    if words[0] == "roll":
        if len(words) != 4 or not all(re.fullmatch(r"[1-8]", w) for w in words[1:]):
            raise InvalidMoveError(f"{text!r}: a roll is three dice, each from 1 to 8")
        return Roll(_dice(words[1:], text))
    if words[0] == "enter":
        if len(words) < 3 or not re.fullmatch(r"[lms]{1,3}", words[1]):
            raise InvalidMoveError(f"{text!r}: write the tree bottom to top (LMS), then the dice")
        return Enter(tuple(LETTER_SIZES[c] for c in words[1].upper()), _dice(words[2:], text))
    try:
        square = square_index(words[0])
    except ValueError as exc:
        said = "" if len(words) == 1 else f"{text!r}: "  # (a single word is quoted in the reason)
        raise InvalidMoveError(f"{said}{exc}; or write roll, enter or pass") from None
    return Advance(square, _dice(words[1:], text))


# ---------------------------------------------------------------- positions


def setup(
    board: Mapping[str, str],
    to_move: int = 0,
    dice: tuple[int, ...] = (),
    trees: tuple[tuple[Tree, ...], tuple[Tree, ...]] = ((), ()),
    home: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None,
    moved: tuple[str, ...] = (),
) -> PachState:
    """A position from its parts, for scripts and tests: ``board`` maps
    square names to pieces (``{"c3": "W2"}``), ``trees`` the trees in each
    pad; the rest of each stash is home unless ``home`` says otherwise.
    Checked as position text is: raises InvalidPositionError for one no game
    reaches.

    >>> state = setup({"c3": "W2", "a1": "K3"}, dice=(5, 2, 3), trees=(((3, 2, 1),), ()))
    >>> state.board[square_index("c3")], state.dice, state.home
    ((1, 2), (2, 3, 5), ((4, 4, 3), (5, 4, 5)))
    """
    squares: list[tuple[int, int] | None] = [None] * SQUARES
    left = [[PIECES // 3] * 3, [PIECES // 3] * 3]
    for name, piece in board.items():
        if len(piece) != 2 or piece[0] not in PIECE_LETTERS or piece[1] not in "123":
            raise InvalidPositionError(f"{piece!r} is not a piece: K or W and its pips, as in K3")
        seat, size = PIECE_LETTERS.index(piece[0]), int(piece[1])
        squares[square_index(name)] = (seat, size)
        left[seat][size - 1] -= 1
    for seat in (0, 1):
        for tree in trees[seat]:
            for size in tree:
                left[seat][size - 1] -= 1
    if home is None:
        home = ((left[0][0], left[0][1], left[0][2]), (left[1][0], left[1][1], left[1][2]))
    state = PachState(
        board=tuple(squares),
        trees=(tuple(sorted(trees[0])), tuple(sorted(trees[1]))),
        home=home,
        to_move=to_move,
        dice=tuple(sorted(dice)),
        moved=tuple(sorted(square_index(name) for name in moved)),
    )
    return from_text(to_text(state))


def _home_text(counts: tuple[int, int, int]) -> str:
    return ", ".join(f"{n} {name}" for n, name in zip(counts, ("small", "medium", "large"), strict=True))


def to_text(state: PachState) -> str:
    """Position text: whose turn, the dice still to use, both pads, the
    pieces home, the result and the board (row 7 at the top)."""
    result = "playing" if state.winner is None else f"{SEATS[state.winner]} won"
    lines = [
        "Pach-Ice-i",
        f"to move: {SEATS[state.to_move]}",
        "dice: " + (" ".join(map(str, state.dice)) if state.dice else "to roll"),
        "moved this turn: " + (" ".join(square_name(s) for s in state.moved) or "-"),
        "sent back this turn: " + (" ".join(SIZE_LETTERS[s] for s in state.resent) or "-"),
        *(
            f"{SEATS[seat]} pad: " + (" ".join(tree_text(t) for t in state.trees[seat]) or "-")
            for seat in (0, 1)
        ),
        *(f"{SEATS[seat]} home: {_home_text(state.home[seat])}" for seat in (0, 1)),
        f"result: {result}",
        "board:",
    ]
    for row in range(SIDE - 1, -1, -1):
        cells = []
        for column in range(SIDE):
            piece = state.board[row * SIDE + column]
            cells.append(".." if piece is None else f"{PIECE_LETTERS[piece[0]]}{piece[1]}")
        lines.append(f"{row + 1} " + " ".join(cells))
    lines.append("   " + "  ".join(COLUMNS))
    return "\n".join(lines) + "\n"


def _field(lines: list[str], name: str) -> str:
    for line in lines:
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() == name:
            return value.strip()
    raise InvalidPositionError(f"the position has no line '{name}: ...'")


def _seat(word: str) -> int:
    if word not in SEATS:
        raise InvalidPositionError(f"{word!r} is not a player: write black or white")
    return SEATS.index(word)


def from_text(text: str) -> PachState:
    """Read position text, or a position line (:func:`from_line`); raises
    InvalidPositionError saying what is wrong."""
    if one_line.is_line(text):
        return from_line(text)
    lines = [
        line.rstrip()
        for line in text.strip().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines or lines[0].strip().lower() != "pach-ice-i":
        raise InvalidPositionError("a Pach-Ice-i position starts with the line 'Pach-Ice-i'")
    lower = [line.lower() for line in lines]
    to_move = _seat(_field(lower, "to move"))
    dice_text = _field(lower, "dice")
    if dice_text != "to roll" and not re.fullmatch(r"[0-9]+( [0-9]+)*", " ".join(dice_text.split())):
        raise InvalidPositionError(f"dice: {dice_text!r} is not 'to roll' or up to three dice")
    dice = () if dice_text == "to roll" else tuple(sorted(int(d) for d in dice_text.split()))
    if len(dice) > 3 or not all(1 <= d <= 8 for d in dice):
        raise InvalidPositionError("dice: up to three dice, each from 1 to 8")
    moved_text = _field(lower, "moved this turn")
    try:
        moved = () if moved_text == "-" else tuple(sorted(square_index(w) for w in moved_text.split()))
    except ValueError as exc:
        raise InvalidPositionError(f"moved this turn: {exc}") from None
    resent_text = _field(lower, "sent back this turn").upper()
    words = [] if resent_text == "-" else resent_text.split()
    if not all(w in LETTER_SIZES for w in words):
        raise InvalidPositionError("sent back this turn: write S, M or L for each piece, or -")
    resent = tuple(sorted(LETTER_SIZES[w] for w in words))
    trees = []
    for seat in SEATS:
        pad = _field(lower, f"{seat} pad").upper()
        words = [] if pad == "-" else pad.split()
        if not all(re.fullmatch(r"[SML]{1,3}", w) for w in words):
            raise InvalidPositionError(f"{seat} pad: write each tree bottom to top, like LMS, or -")
        for word in words:
            if word not in TREES:
                raise InvalidPositionError(
                    f"{seat} pad: {word!r} is not a tree: a tree is LMS or what is left of one "
                    "(LM, L), or a piece sent back alone (L, M, S)"
                )
        trees.append(tuple(sorted(tuple(LETTER_SIZES[c] for c in w) for w in words)))
    home = []
    for seat in SEATS:
        found = re.fullmatch(
            r"([0-9]+) small, ([0-9]+) medium, ([0-9]+) large", _field(lower, f"{seat} home")
        )
        if not found:
            raise InvalidPositionError(f"{seat} home: write 'N small, N medium, N large'")
        home.append(tuple(int(n) for n in found.groups()))
    result = _field(lower, "result")
    winner = None if result == "playing" else _seat(result.removesuffix(" won"))
    try:
        start = lower.index("board:")
    except ValueError:
        raise InvalidPositionError("the position has no 'board:' line") from None
    rows = [line for line in lines[start + 1 :] if line.lower().split() != list(COLUMNS)][:SIDE]
    if len(rows) < SIDE:
        raise InvalidPositionError(f"the board has {len(rows)} rows: it needs seven, 7 at the top to 1")
    board: list[tuple[int, int] | None] = [None] * SQUARES
    for k, line in enumerate(rows):
        row = SIDE - 1 - k
        words = line.split()
        if len(words) != SIDE + 1 or words[0] != str(row + 1):
            raise InvalidPositionError(
                f"board row {row + 1}: its number and seven cells, like '{row + 1} .. K1 ...'"
            )
        for column, word in enumerate(words[1:]):
            if word == "..":
                continue
            if len(word) != 2 or word[0].upper() not in PIECE_LETTERS or word[1] not in "123":
                raise InvalidPositionError(f"{word!r} on row {row + 1}: a piece is K or W and a size 1 to 3")
            board[row * SIDE + column] = (PIECE_LETTERS.index(word[0].upper()), int(word[1]))
    state = PachState(
        board=tuple(board),
        trees=(trees[0], trees[1]),
        home=(home[0], home[1]),  # type: ignore[arg-type]
        to_move=to_move,
        dice=dice,
        moved=moved,
        resent=resent,
        winner=winner,
    )
    _check_stashes(state)
    _check_turn(state)
    return state


# ---------------------------------------------------------------- the position in one line

LINE_PARTS = (
    "board",
    "to move",
    "dice",
    "black pad",
    "white pad",
    "moved this turn",
    "sent back this turn",
    "result",
)
"""The parts of a Pach-Ice-i line, in order (docs/notation.md, "One line"); the
pieces home are the rest of each stash, so the line leaves them out."""


def to_line(state: PachState) -> str:
    """The position in one line (docs/notation.md); :func:`from_text` reads it back.

    >>> from .rules import deal
    >>> to_line(deal())
    'pach-ice-i:7/7/7/7/7/7/7:black:-:5LMS:5LMS:-:-:-'
    """
    rows = [
        [
            None if p is None else f"{PIECE_LETTERS[p[0]]}{p[1]}"
            for p in state.board[row * SIDE : (row + 1) * SIDE]
        ]
        for row in range(SIDE - 1, -1, -1)
    ]
    return ":".join(
        (
            "pach-ice-i",
            "/".join(one_line.row_text(row) for row in rows),
            SEATS[state.to_move],
            "".join(map(str, state.dice)) or "-",
            *(pad_line(state.trees[seat]) for seat in (0, 1)),
            ",".join(square_name(square) for square in state.moved) or "-",
            ",".join(SIZE_LETTERS[size] for size in state.resent) or "-",
            "-" if state.winner is None else f"{SEATS[state.winner]}-won",
        )
    )


def pad_line(trees: tuple[Tree, ...]) -> str:
    """A pad in a line: its trees in order, a number before a tree standing for that many of it."""
    counted = Counter(tree_text(tree) for tree in trees)
    return ",".join(f"{n if n > 1 else ''}{text}" for text, n in counted.items()) or "-"


def from_line(text: str) -> PachState:
    """Read a position line: its parts are written as position text's lines
    and read by :func:`from_text`, whose checks refuse what no game reaches."""
    board, to_move, dice, black_pad, white_pad, moved, resent, result = one_line.split(
        text, "pach-ice-i", LINE_PARTS
    )
    rows = board.split("/")
    if len(rows) != SIDE:
        raise InvalidPositionError(
            f"board: seven rows, 7 at the top to 1, separated by / (it has {len(rows)})"
        )
    cells = [one_line.row_cells(row, f"board row {SIDE - k}") for k, row in enumerate(rows)]
    for k, row_cells in enumerate(cells):
        if len(row_cells) != SIDE:
            raise InvalidPositionError(
                f"board row {SIDE - k} has {len(row_cells)} squares: each row has seven, a piece "
                "(K or W and its size, like K3) or a number of empty squares"
            )
    if not re.fullmatch(r"-|[0-9]{1,3}", dice):
        raise InvalidPositionError("dice: - (to roll), or the dice still to use, one digit each, like 235")
    pads = [pad_from_line(value, seat) for seat, value in zip(SEATS, (black_pad, white_pad), strict=True)]
    left = [[PIECES // 3] * 3, [PIECES // 3] * 3]  # what is not on the board or in a pad is home
    for row_cells in cells:
        for cell in row_cells:
            if cell is not None and cell[0].upper() in PIECE_LETTERS and cell[1] in "123":
                left[PIECE_LETTERS.index(cell[0].upper())][int(cell[1]) - 1] -= 1
    for seat, trees in enumerate(pads):
        for tree in trees:
            for letter in tree:
                left[seat][LETTER_SIZES[letter] - 1] -= 1
    if not re.fullmatch(r"-|[a-z]+-won", result.lower()):
        raise InvalidPositionError("result: - (playing), black-won or white-won")
    lines = [
        "Pach-Ice-i",
        f"to move: {to_move}",
        "dice: " + ("to roll" if dice == "-" else " ".join(dice)),
        "moved this turn: " + (" ".join(one_line.items(moved)) or "-"),
        "sent back this turn: " + (" ".join(one_line.items(resent)) or "-"),
        *(f"{seat} pad: " + (" ".join(trees) or "-") for seat, trees in zip(SEATS, pads, strict=True)),
        *(
            f"{seat} home: " + _home_text((max(n[0], 0), max(n[1], 0), max(n[2], 0)))
            for seat, n in zip(SEATS, left, strict=True)
        ),
        "result: " + ("playing" if result == "-" else result.lower().replace("-", " ")),
        "board:",
    ]
    lines += [
        f"{SIDE - k} " + " ".join(cell or ".." for cell in row_cells) for k, row_cells in enumerate(cells)
    ]
    return from_text("\n".join(lines))


def pad_from_line(value: str, seat: str) -> list[str]:
    """A pad as a line writes it (``LM,4LMS`` or ``-``): its trees, each
    written bottom to top; raises InvalidPositionError saying what is wrong
    (``seat`` names the pad in the reason)."""
    trees: list[str] = []
    for item in one_line.items(value):
        found = re.fullmatch(r"([1-5]?)([SMLsml]{1,3})", item)
        if found is None or found[2].upper() not in TREES:
            raise InvalidPositionError(
                f"{seat} pad: {item!r} is not a tree: write each tree bottom to top (LMS, LM, L, M or S), "
                "a number before it for several (5LMS), separated by commas; or -"
            )
        trees += [found[2].upper()] * int(found[1] or 1)
    return trees


def _check_stashes(state: PachState) -> None:
    """Each player has exactly a stash: five pieces of each size."""
    for seat, name in enumerate(SEATS):
        count: Counter[int] = Counter()
        for tree in state.trees[seat]:
            count.update(tree)
        for piece in state.board:
            if piece is not None and piece[0] == seat:
                count[piece[1]] += 1
        for size in (1, 2, 3):
            count[size] += state.home[seat][size - 1]
        if any(count[size] != PIECES // 3 for size in (1, 2, 3)):
            raise InvalidPositionError(
                f"{name} must have five pieces of each size, on the board, in a pad or home"
            )
    if state.winner is not None and sum(state.home[state.winner]) != PIECES:
        raise InvalidPositionError("a player wins only with all fifteen pieces home")
    for seat, name in enumerate(SEATS):
        if state.winner is None and sum(state.home[seat]) == PIECES:
            raise InvalidPositionError(f"{name} has all fifteen pieces home: the result is '{name} won'")


def _check_turn(state: PachState) -> None:
    """What a turn under way says agrees with the board and the dice: pieces
    have moved only once the dice are rolled and some are used, each moved
    piece stands on its square, and each piece sent back is in the pad."""
    if state.winner is not None and state.dice:
        raise InvalidPositionError("a game that is over has no dice: write 'dice: to roll'")
    if state.winner is not None and state.to_move != state.winner:
        winner = SEATS[state.winner]
        raise InvalidPositionError(f"after a win the winner is to move: write 'to move: {winner}'")
    during = 0 < len(state.dice) < 3
    if state.moved and not during:
        raise InvalidPositionError("moved this turn: only during a turn, with one or two dice left, or -")
    if state.resent and not during:
        raise InvalidPositionError("sent back this turn: only during a turn, with one or two dice left, or -")
    for square in state.moved:
        if state.moved.count(square) > 1:
            raise InvalidPositionError(f"moved this turn: {square_name(square)} is named twice")
        if state.board[square] is None:
            raise InvalidPositionError(f"moved this turn: no piece on {square_name(square)}")
    seat = SEATS[state.to_move]
    for size in set(state.resent):
        if state.resent.count(size) > state.trees[state.to_move].count((size,)):
            raise InvalidPositionError(
                f"sent back this turn: {seat}'s pad has no {SIZE_LETTERS[size]} on its own for each one named"
            )
    if len(state.moved) + len(state.resent) > 3 - len(state.dice):
        raise InvalidPositionError("moved this turn: more pieces than the dice used could have moved")
