"""Iriri position text and move text (see docs/notation.md).

>>> from iriri_core.games.iriri.state import Take
>>> move_text(Take(6, Pyramid("yellow", 2)))
'take Y2@7'
>>> parse_move("y1@0,0  Y3@1,0")
Place(pieces=(((0, 0), Pyramid(colour='yellow', size=1)), ((1, 0), Pyramid(colour='yellow', size=3))))
"""

from __future__ import annotations

import re
from collections import Counter

from ... import lines as one_line
from ...engine import InvalidMoveError, InvalidPositionError
from ...pieces import COLOURS, SIZES, Pyramid
from .rules import HAND_SIZE, piece_counts_ok, takes
from .state import PLACE, TAKE, Cell, IririState, Pass, Place, Take

HEADER = "Iriri"
_COORD = r"(-?\d{1,6})"
_PLACED = re.compile(rf"([A-Za-z][123])@{_COORD},{_COORD}")
_TAKE = re.compile(r"take\s+([A-Za-z][123])@(\d{1,18})", re.IGNORECASE)
_EMPTY_CELL = {".", ".."}
_NO_PIECES = "-"


# ---------------------------------------------------------------- moves


def move_text(move: Place | Take | Pass) -> str:
    """``Y1@0,0 Y2@1,0`` (a placement), ``take Y2@7`` (1-based position) or ``pass``."""
    if isinstance(move, Place):
        return " ".join(f"{piece}@{x},{y}" for (x, y), piece in move.pieces)
    if isinstance(move, Take):
        return f"take {move.piece}@{move.index + 1}"
    return "pass"


def parse_move(text: str) -> Place | Take | Pass:
    """Read move text; raises InvalidMoveError saying what is wrong."""
    if not isinstance(text, str):
        raise InvalidMoveError("a move must be text")
    clean = " ".join(text.split())
    if not clean:
        raise InvalidMoveError("the move is empty: write pieces with cells (Y1@0,0), take Y2@7, or pass")
    if clean.lower() == "pass":
        return Pass()
    if clean.lower().startswith("take"):
        match = _TAKE.fullmatch(clean)
        if not match:
            raise InvalidMoveError(
                f"{clean!r} is not a take: write take, a piece and its dictionary position, like take Y2@7"
            )
        position = int(match.group(2))
        if position < 1:
            raise InvalidMoveError("dictionary positions start at 1")
        return Take(position - 1, _piece(match.group(1), InvalidMoveError))
    pieces: list[tuple[Cell, Pyramid]] = []
    for token in clean.split(" "):
        match = _PLACED.fullmatch(token)
        if not match:
            raise InvalidMoveError(
                f"{token!r} is not a placed piece: write a piece, @ and a cell, like Y1@0,0"
            )
        piece = _piece(match.group(1), InvalidMoveError)
        pieces.append(((int(match.group(2)), int(match.group(3))), piece))
    return Place(tuple(pieces))


def _piece(token: str, error: type[Exception]) -> Pyramid:
    try:
        return Pyramid.parse(token)
    except ValueError as exc:
        raise error(str(exc)) from None


# ---------------------------------------------------------------- positions


def _number(value: float) -> str:
    return f"{value:g}"


def _pieces(pieces: tuple[Pyramid, ...] | list[Pyramid]) -> str:
    return " ".join(str(p) for p in pieces) or _NO_PIECES


def to_text(state: IririState) -> str:
    """The position as text; :func:`from_text` reads it back to an equal state."""
    lines = [
        HEADER,
        "players: " + " ".join(state.colours),
        f"to move: {state.to_move + 1}",
        f"phase: {state.phase}",
        f"passes in a row: {state.passes}",
        "first word: " + ("down" if state.first_word_down else "not yet"),
        "scores: " + " ".join(_number(s) for s in state.scores),
    ]
    for seat, hand in enumerate(state.hands):
        lines.append(f"hand {seat + 1}: {_pieces(hand)}")
    lines.append("dictionary: " + _pieces(state.dictionary))
    if not state.board:
        lines.append("board: empty")
    else:
        (left, top), rows = board_rows(state.grid)
        lines.append(f"board: {left},{top}")
        lines.extend(rows)
    return "\n".join(lines) + "\n"


def board_rows(grid: dict[Cell, Pyramid]) -> tuple[Cell, list[str]]:
    """The smallest rectangle holding every piece: its top-left cell, and its
    rows, top to bottom, a piece or ``..`` for each cell from left to right."""
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    rows = [
        " ".join(str(grid[(x, y)]) if (x, y) in grid else ".." for x in range(min(xs), max(xs) + 1))
        for y in range(min(ys), max(ys) + 1)
    ]
    return (min(xs), min(ys)), rows


_KEYS = ("players", "to move", "phase", "passes in a row", "first word", "scores", "dictionary", "board")


def from_text(text: str) -> IririState:
    """Read position text, or a position line (:func:`from_line`); raises
    InvalidPositionError saying what is wrong."""
    if not isinstance(text, str):
        raise InvalidPositionError("a position must be text")
    if one_line.is_line(text):
        return from_line(text)
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines or lines[0].lower() != HEADER.lower():
        raise InvalidPositionError(f"an Iriri position starts with a line saying {HEADER}")
    fields: dict[str, str] = {}
    rows: list[str] = []
    for number, line in enumerate(lines[1:], start=2):
        if "board" in fields:
            rows.append(line)
            continue
        key, colon, value = line.partition(":")
        key = " ".join(key.lower().split())
        if not colon or not (key in _KEYS or re.fullmatch(r"hand \d", key)):
            raise InvalidPositionError(f"line {number} ({line[:40]!r}) is not a known 'name: value' line")
        if key in fields:
            raise InvalidPositionError(f"{key!r} is given twice")
        fields[key] = value.strip()
    for key in _KEYS:
        if key not in fields:
            raise InvalidPositionError(f"the position has no {key!r} line")

    colours = tuple(fields["players"].lower().split())
    if not 2 <= len(colours) <= 4:
        raise InvalidPositionError("Iriri is for 2 to 4 players")
    for colour in colours:
        if colour not in COLOURS:
            raise InvalidPositionError(f"{colour!r} is not a colour; choose from {', '.join(COLOURS)}")
    if len(set(colours)) != len(colours):
        raise InvalidPositionError("each player needs a different colour")
    players = len(colours)

    to_move = _integer(fields["to move"], "to move", 1, players) - 1
    phase = fields["phase"].lower()
    if phase not in (PLACE, TAKE):
        raise InvalidPositionError("phase must be place or take")
    passes = _integer(fields["passes in a row"], "passes in a row", 0, players)
    scores = _scores(fields["scores"], players)
    hands = []
    for seat in range(players):
        key = f"hand {seat + 1}"
        if key not in fields:
            raise InvalidPositionError(f"the position has no {key!r} line")
        hand = _piece_list(fields.pop(key), key)
        if len(hand) > HAND_SIZE:
            raise InvalidPositionError(f"{key} holds {len(hand)} pieces; a hand holds at most {HAND_SIZE}")
        if any(p.colour != colours[seat] for p in hand):
            raise InvalidPositionError(f"{key} may only hold {colours[seat]} pieces")
        hands.append(tuple(sorted(hand, key=lambda p: (p.size, p.colour))))
    extra = [key for key in fields if key.startswith("hand ")]
    if extra:
        raise InvalidPositionError(f"there is no player {extra[0][5:]}")
    dictionary = tuple(_piece_list(fields["dictionary"], "dictionary"))
    board = _board(fields["board"], rows)

    state = IririState(
        colours=colours,
        dictionary=dictionary,
        hands=tuple(hands),
        board=board,
        scores=scores,
        to_move=to_move,
        phase=phase,
        passes=passes,
    )
    first = fields["first word"].lower()
    if first not in ("down", "not yet"):
        raise InvalidPositionError("first word must be 'down' or 'not yet'")
    if (first == "down") != state.first_word_down:
        raise InvalidPositionError(
            "first word says " + first + ", but the board is " + ("empty" if not board else "not empty")
        )
    problem = piece_counts_ok(state)
    if problem:
        raise InvalidPositionError(problem)
    counts = Counter(dictionary)
    for colour in colours:
        for size in SIZES:
            if not counts[Pyramid(colour, size)]:
                raise InvalidPositionError(
                    f"the dictionary has no {Pyramid(colour, size).name}; one of every type stays to the end"
                )
    if phase == TAKE and (state.is_over or not takes(state)):
        raise InvalidPositionError("it cannot be the take phase: the player to move has nothing to take")
    if phase == TAKE and passes:
        raise InvalidPositionError("a take phase follows a placement, so passes in a row must be 0")
    return state


# ---------------------------------------------------------------- the position in one line

LINE_PARTS = ("board", "players", "to move", "phase", "passes in a row", "scores", "hands", "dictionary")
"""The parts of an Iriri line, in order (docs/notation.md, "Iriri in one line"); the
first word is down exactly when the board has a piece, so the line leaves it out."""


def to_line(state: IririState) -> str:
    """The position in one line (docs/notation.md); :func:`from_text` reads it back.

    >>> from iriri_core.games.iriri.rules import deal
    >>> to_line(deal(("yellow", "blue"), seed=1))[:41]
    'iriri:-:YB:1:place:0:0,0:Y1Y2Y3,B1B2B3:B3'
    """
    board = "-"
    if state.board:
        grid = state.grid
        xs, ys = [x for x, _ in grid], [y for _, y in grid]
        rows = [[grid.get((x, y)) for x in range(min(xs), max(xs) + 1)] for y in range(min(ys), max(ys) + 1)]
        board = "/".join(one_line.row_text(row) for row in rows) + f"@{min(xs)},{min(ys)}"
    return ":".join(
        (
            "iriri",
            board,
            "".join(COLOURS[colour] for colour in state.colours),
            str(state.to_move + 1),
            state.phase,
            str(state.passes),
            ",".join(_number(score) for score in state.scores),
            ",".join("".join(map(str, hand)) or "-" for hand in state.hands),
            "".join(map(str, state.dictionary)) or "-",
        )
    )


def from_line(text: str) -> IririState:
    """Read a position line: its parts are written as position text's lines
    and read by :func:`from_text`, whose checks refuse what no game reaches."""
    board, players, to_move, phase, passes, scores, hands, dictionary = one_line.split(
        text, "iriri", LINE_PARTS
    )
    colours = one_line.colours(players)
    hand_list = one_line.items(hands)
    if len(hand_list) != len(colours):
        raise InvalidPositionError(
            f"hands: one per player ({len(colours)}), separated by commas, each its pieces (like Y1Y3) or -"
        )
    lines = [
        HEADER,
        "players: " + " ".join(colours),
        f"to move: {to_move}",
        f"phase: {phase}",
        f"passes in a row: {passes}",
        "scores: " + " ".join(one_line.items(scores)),
        *(
            f"hand {seat + 1}: " + _line_pieces(hand, f"hand {seat + 1}")
            for seat, hand in enumerate(hand_list)
        ),
        "dictionary: " + _line_pieces(dictionary, "dictionary"),
    ]
    if board == "-":
        lines += ["first word: not yet", "board: empty"]
    else:
        rows, at, corner = board.rpartition("@")
        if not at or not re.fullmatch(r"-?[0-9]{1,6},-?[0-9]{1,6}", corner):
            raise InvalidPositionError(
                "board: the rows, separated by /, then @ and the cell of the top left corner, "
                "like Y1Y2@0,0; or - for an empty board"
            )
        cells = [
            one_line.row_cells(row, f"board row {k + 1}")
            for k, row in enumerate(one_line.board_rows(rows, "board"))
        ]
        if not any(cell for row in cells for cell in row):
            raise InvalidPositionError("board: the rows hold no piece; write - for an empty board")
        lines += ["first word: down", f"board: {corner}"]
        lines += [" ".join(cell or ".." for cell in row) or ".." for row in cells]
    return from_text("\n".join(lines))


def _line_pieces(value: str, name: str) -> str:
    return "-" if value == "-" else " ".join(one_line.pieces(value, name)) or "-"


def _integer(value: str, name: str, low: int, high: int) -> int:
    if not re.fullmatch(r"\d{1,3}", value) or not low <= int(value) <= high:
        raise InvalidPositionError(f"{name} must be a whole number from {low} to {high}")
    return int(value)


def _scores(value: str, players: int) -> tuple[float, ...]:
    parts = value.split()
    if len(parts) != players:
        raise InvalidPositionError(f"scores must list {players} numbers, one per player")
    scores = []
    for part in parts:
        if not re.fullmatch(r"\d{1,4}(\.(0|5))?", part):
            raise InvalidPositionError(f"score {part!r} must be a whole or half number like 9 or 9.5")
        scores.append(float(part))
    return tuple(scores)


def _piece_list(value: str, name: str) -> list[Pyramid]:
    if value == _NO_PIECES:
        return []
    pieces = []
    for token in value.split():
        try:
            pieces.append(Pyramid.parse(token))
        except ValueError as exc:
            raise InvalidPositionError(f"{name}: {exc}") from None
    return pieces


def _board(value: str, rows: list[str]) -> tuple[tuple[Cell, Pyramid], ...]:
    if value.lower() == "empty":
        if rows:
            raise InvalidPositionError("the board is said to be empty but has rows")
        return ()
    match = re.fullmatch(r"(-?\d{1,6}),(-?\d{1,6})", value)
    if not match:
        raise InvalidPositionError(
            "board must be 'empty' or the cell of its top left corner, like 'board: -1,0'"
        )
    if not rows:
        raise InvalidPositionError("the board has no rows")
    left, top = int(match.group(1)), int(match.group(2))
    board = []
    for dy, row in enumerate(rows):
        for dx, token in enumerate(row.split()):
            if token in _EMPTY_CELL:
                continue
            try:
                piece = Pyramid.parse(token)
            except ValueError as exc:
                raise InvalidPositionError(f"board row {dy + 1}: {exc} (or .. for an empty cell)") from None
            board.append(((left + dx, top + dy), piece))
    if not board:
        raise InvalidPositionError("the board rows hold no piece; write 'board: empty' instead")
    return tuple(sorted(board))
