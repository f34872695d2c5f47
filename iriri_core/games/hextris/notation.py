"""Hextris position text and move text (docs/notation.md).

>>> from iriri_core.games.hextris.rules import deal
>>> print(to_text(deal(("yellow", "blue"))), end="")
Hextris
players: yellow blue
to move: 1
passes in a row: 0
groups: 0 0
hand 1: 5 small, 5 medium, 5 large
hand 2: 5 small, 5 medium, 5 large
result: playing
board:
e     ..  ..  ..
d   ..  ..  ..  ..
c ..  ..  ..  ..  ..
b   ..  ..  ..  ..
a     ..  ..  ..
>>> parse_move("l@A2"), move_text(parse_move(" c3 x d4 "))
(Drop(size=3, spot=1), 'c3xd4')
"""

from __future__ import annotations

import re
from dataclasses import replace

from ... import lines as one_line
from ...engine import InvalidMoveError, InvalidPositionError
from ...pieces import COLOURS, PER_SIZE, SIZE_NAMES, Pyramid
from .board import ROWS, SPOTS, spot_index, spot_name
from .rules import GROUP, GROUPS_TO_WIN, group_at, has_move
from .state import AGREED, BLOCKED, PLAYING, WON, Draw, Drop, HextrisMove, HextrisState, Pass, Slide, Swap

SIZE_LETTERS = {1: "S", 2: "M", 3: "L"}
LETTER_SIZES = {letter: size for size, letter in SIZE_LETTERS.items()}

# ---------------------------------------------------------------- moves


def move_text(move: HextrisMove) -> str:
    """``M@a2`` (drop), ``a1-c1`` (slide), ``c3xd4`` (swap), ``pass`` or ``draw``."""
    if isinstance(move, Drop):
        return f"{SIZE_LETTERS[move.size]}@{spot_name(move.spot)}"
    if isinstance(move, Slide):
        return f"{spot_name(move.start)}-{spot_name(move.end)}"
    if isinstance(move, Swap):
        return f"{spot_name(move.mover)}x{spot_name(move.other)}"
    return "draw" if isinstance(move, Draw) else "pass"


_DROP = re.compile(r"([SML])\s*@\s*(\w+)", re.IGNORECASE)
_PAIR = re.compile(r"(\w+?)\s*([-x])\s*(\w+)", re.IGNORECASE)


def parse_move(text: str) -> HextrisMove:
    """Read move text; raises InvalidMoveError saying what is wrong."""
    clean = text.strip()
    lower = clean.lower()
    if lower == "pass":
        return Pass()
    if lower == "draw":
        return Draw()
    try:
        if match := _DROP.fullmatch(clean):
            return Drop(LETTER_SIZES[match[1].upper()], spot_index(match[2]))
        if match := _PAIR.fullmatch(clean):
            start, end = spot_index(match[1]), spot_index(match[3])
            if start == end:
                raise ValueError("a move needs two different spots")
            return Slide(start, end) if match[2] == "-" else Swap(start, end)
    except ValueError as exc:
        raise InvalidMoveError(str(exc)) from None
    raise InvalidMoveError(
        f"{clean[:40]!r} is not a Hextris move: write a drop as M@a2 (S, M or L at an edge spot), "
        "a move as a1-c1, a swap as c3xd4, or pass"
    )


# ---------------------------------------------------------------- positions

_RESULTS = {PLAYING: "playing", AGREED: "drawn by agreement", BLOCKED: "drawn, nobody can move"}


def _result_text(state: HextrisState) -> str:
    if state.ending == WON:
        return f"won by {(state.winner or 0) + 1}"
    return _RESULTS[state.ending]


def board_lines(board: tuple[Pyramid | None, ...]) -> list[str]:
    """The board as rows e (top) to a, each cell ``..`` or a piece like ``Y2``."""
    lines = []
    for row in range(5, 0, -1):
        cells = [board[i] for i, (r, _) in enumerate(SPOTS) if r == row]
        indent = " " * (2 * (5 - len(cells)))
        lines.append(f"{ROWS[row - 1]} {indent}" + "  ".join(str(p) if p else ".." for p in cells))
    return lines


def to_text(state: HextrisState) -> str:
    """Position text (docs/notation.md)."""
    lines = [
        "Hextris",
        "players: " + " ".join(state.colours),
        f"to move: {state.to_move + 1}",
        f"passes in a row: {state.passes}",
        "groups: " + " ".join(str(g) for g in state.groups),
    ]
    for seat, hand in enumerate(state.hands):
        counts = ", ".join(f"{n} {SIZE_NAMES[size]}" for size, n in zip((1, 2, 3), hand, strict=True))
        lines.append(f"hand {seat + 1}: {counts}")
    lines.append(f"result: {_result_text(state)}")
    lines.append("board:")
    lines.extend(board_lines(state.board))
    return "\n".join(lines) + "\n"


_HAND = re.compile(r"(\d{1,2}) small, (\d{1,2}) medium, (\d{1,2}) large", re.ASCII)


def from_text(text: str) -> HextrisState:
    """Read position text, or a position line (:func:`from_line`); raises
    InvalidPositionError saying what is wrong."""
    if one_line.is_line(text):
        return from_line(text)
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines or lines[0].lower() != "hextris":
        raise InvalidPositionError("a Hextris position starts with the line: Hextris")
    fields: dict[str, str] = {}
    rows: dict[str, list[str]] = {}
    in_board = False
    for line in lines[1:]:
        if in_board:
            letter, _, rest = line.partition(" ")
            letter = letter.lower()
            if letter not in ROWS or letter in rows:
                raise InvalidPositionError(f"{line[:40]!r}: each board row starts with its letter a-e, once")
            rows[letter] = rest.split()
            continue
        name, colon, value = line.partition(":")
        name = name.strip().lower()
        if not colon:
            raise InvalidPositionError(f"{line[:40]!r} is not a 'name: value' line")
        if name in fields:
            raise InvalidPositionError(f"{name!r} is given twice")
        fields[name] = value.strip()
        in_board = name == "board"
    need = ["players", "to move", "passes in a row", "groups", "result", "board"]
    missing = [name for name in need if name not in fields]
    if missing:
        raise InvalidPositionError(f"the position lacks the line {missing[0]!r}")
    colours = tuple(fields["players"].lower().split())
    players = len(colours)
    if not 2 <= players <= 3:
        raise InvalidPositionError("Hextris is for 2 or 3 players")
    unknown = sorted(set(fields) - {*need, *(f"hand {seat + 1}" for seat in range(players))})
    if unknown:
        raise InvalidPositionError(f"{unknown[0]!r} is not a line of a {players}-player Hextris position")
    if len(set(colours)) != players or not set(colours) <= set(COLOURS):
        raise InvalidPositionError(f"players need different colours from: {', '.join(COLOURS)}")
    to_move = _number(fields["to move"], "to move") - 1
    if not 0 <= to_move < players:
        raise InvalidPositionError(f"to move must be a player from 1 to {players}")
    passes = _number(fields["passes in a row"], "passes in a row")
    groups = tuple(_number(g, "groups") for g in fields["groups"].split())
    if len(groups) != players:
        raise InvalidPositionError(f"groups: give one count per player ({players})")
    hands = []
    for seat in range(players):
        value = fields.get(f"hand {seat + 1}", "")
        match = _HAND.fullmatch(value.lower())
        if not match:
            raise InvalidPositionError(f"hand {seat + 1}: write it like '5 small, 4 medium, 5 large'")
        small, medium, large = (int(n) for n in match.groups())
        hands.append((small, medium, large))
    board = _read_board(rows, colours)
    ending, winner = _read_result(fields["result"], players)
    state = HextrisState(colours, board, tuple(hands), groups, to_move, passes, ending, winner)
    _check(state)
    return state


# ---------------------------------------------------------------- the position in one line

LINE_PARTS = ("board", "players", "to move", "hands", "groups", "passes in a row", "result")
"""The parts of a Hextris line, in order (docs/notation.md, "One line")."""
_LINE_RESULTS = {"-": PLAYING, "drawn-by-agreement": AGREED, "drawn-nobody-can-move": BLOCKED}


def to_line(state: HextrisState) -> str:
    """The position in one line (docs/notation.md); :func:`from_text` reads it back.

    >>> from iriri_core.games.hextris.rules import deal
    >>> to_line(deal(("yellow", "blue")))
    'hextris:3/4/5/4/3:YB:1:555,555:0,0:0:-'
    """
    rows = [[state.board[i] for i, (r, _) in enumerate(SPOTS) if r == row] for row in range(5, 0, -1)]
    result = "-" if state.ending == PLAYING else _result_text(state).replace(",", "").replace(" ", "-")
    return ":".join(
        (
            "hextris",
            "/".join(one_line.row_text(row) for row in rows),
            "".join(COLOURS[colour] for colour in state.colours),
            str(state.to_move + 1),
            ",".join("".join(map(str, hand)) for hand in state.hands),
            ",".join(map(str, state.groups)),
            str(state.passes),
            result,
        )
    )


def from_line(text: str) -> HextrisState:
    """Read a position line: its parts are written as position text's lines
    and read by :func:`from_text`, whose checks refuse what no game reaches."""
    board, players, to_move, hands, groups, passes, result = one_line.split(text, "hextris", LINE_PARTS)
    rows = board.split("/")
    if len(rows) != len(ROWS):
        raise InvalidPositionError(
            f"board: {len(ROWS)} rows, e at the top to a, separated by / (it has {len(rows)})"
        )
    colours = one_line.colours(players)
    hand_list = one_line.items(hands)
    if len(hand_list) != len(colours) or not all(re.fullmatch(r"[0-9]{3}", hand) for hand in hand_list):
        raise InvalidPositionError(
            f"hands: one per player ({len(colours)}), separated by commas, each three digits: "
            "the small, medium and large pieces in hand, like 554"
        )
    won = re.fullmatch(r"won-by-([0-9]{1,2})", result.lower())
    if won is None and result.lower() not in _LINE_RESULTS:
        raise InvalidPositionError(
            "result: - (playing), won-by-1 (or 2, 3), drawn-by-agreement or drawn-nobody-can-move"
        )
    ending = f"won by {won[1]}" if won else _RESULTS[_LINE_RESULTS[result.lower()]]
    return from_text(
        "\n".join(
            [
                "Hextris",
                "players: " + " ".join(colours),
                f"to move: {to_move}",
                f"passes in a row: {passes}",
                "groups: " + " ".join(one_line.items(groups)),
                *(
                    f"hand {seat + 1}: {hand[0]} small, {hand[1]} medium, {hand[2]} large"
                    for seat, hand in enumerate(hand_list)
                ),
                f"result: {ending}",
                "board:",
                *(
                    f"{ROWS[-1 - k]} "
                    + " ".join(cell or ".." for cell in one_line.row_cells(row, f"board row {ROWS[-1 - k]}"))
                    for k, row in enumerate(rows)
                ),
            ]
        )
    )


def _number(text: str, name: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise InvalidPositionError(f"{name}: {text[:20]!r} is not a whole number")
    if len(text) > 3:
        raise InvalidPositionError(f"{name}: {text[:20]} is far too large")
    return int(text)


def _read_board(rows: dict[str, list[str]], colours: tuple[str, ...]) -> tuple[Pyramid | None, ...]:
    board: list[Pyramid | None] = []
    for row, letter in enumerate(ROWS, start=1):
        tokens = rows.get(letter)
        width = sum(1 for r, _ in SPOTS if r == row)
        if tokens is None or len(tokens) != width:
            raise InvalidPositionError(f"board row {letter} needs {width} cells, each a piece or ..")
        for token in tokens:
            if token == "..":
                board.append(None)
                continue
            try:
                piece = Pyramid.parse(token)
            except ValueError as exc:
                raise InvalidPositionError(f"board row {letter}: {exc}") from None
            if piece.colour not in colours:
                raise InvalidPositionError(f"board row {letter}: {token} is not a player's colour")
            board.append(piece)
    return tuple(board)


def _read_result(text: str, players: int) -> tuple[str, int | None]:
    lower = text.lower()
    for ending, words in _RESULTS.items():
        if lower == words:
            return ending, None
    match = re.fullmatch(r"won by (\d)", lower, re.ASCII)
    if match and 1 <= int(match[1]) <= players:
        return WON, int(match[1]) - 1
    raise InvalidPositionError("result: playing, won by N, drawn by agreement, or drawn, nobody can move")


def _check(state: HextrisState) -> None:
    """Refuse a position no game could reach, saying why."""
    if state.passes >= state.players and state.ending != BLOCKED:
        raise InvalidPositionError("when every player has lost the turn in a row, the game is blocked")
    if state.ending == BLOCKED and state.passes != state.players:
        raise InvalidPositionError(
            f"a game nobody can move in ends when all {state.players} players have lost the turn in a row"
        )
    if state.ending == WON and state.passes:
        raise InvalidPositionError("the winning move was not a pass, so passes in a row must be 0")
    fives = [0] * state.players
    seen: set[int] = set()
    for spot, piece in enumerate(state.board):
        if piece is None or spot in seen:
            continue
        group = group_at(state.board, spot)
        seen |= group
        if len(group) > GROUP:
            raise InvalidPositionError(
                f"{spot_name(spot)} is in a group of {len(group)}: the most is {GROUP}"
            )
        if len(group) == GROUP:
            fives[state.owner(piece)] += 1
    if any(fives) and state.ending != WON:
        raise InvalidPositionError("a group of five is on the board, but the game is not won")
    for seat in range(state.players):
        banked = state.groups[seat] - fives[seat]
        if banked < 0 or state.groups[seat] > GROUPS_TO_WIN:
            raise InvalidPositionError(f"player {seat + 1} has {state.groups[seat]} groups, which cannot be")
        on_board = [p.size for p in state.board if p is not None and state.owner(p) == seat]
        for size in (1, 2, 3):
            count = on_board.count(size) + state.hands[seat][size - 1]
            if count > PER_SIZE:
                raise InvalidPositionError(
                    f"player {seat + 1} has {count} {SIZE_NAMES[size]} pieces; a stash has {PER_SIZE}"
                )
        total = len(on_board) + sum(state.hands[seat])
        if total + GROUP * banked != 3 * PER_SIZE:
            raise InvalidPositionError(
                f"player {seat + 1} has {total} pieces on the board and in hand, and {banked} groups "
                f"banked; that should make {3 * PER_SIZE} pieces"
            )
        if fives[seat] > 1:
            raise InvalidPositionError(
                f"player {seat + 1} has two groups of five on the board; a move makes one"
            )
        if state.groups[seat] == GROUPS_TO_WIN and not fives[seat]:
            raise InvalidPositionError(
                f"player {seat + 1} has three groups, so the third must be on the board"
            )
    won = [seat for seat in range(state.players) if state.groups[seat] >= GROUPS_TO_WIN]
    if state.ending == WON:
        if state.winner not in won:
            raise InvalidPositionError("the winner must have three groups")
    elif won:
        raise InvalidPositionError("a player has three groups, so the game is won")
    # Passes do not change the board: each player who lost the turn still has no move.
    for back in range(1, state.passes + 1):
        seat = (state.to_move - back) % state.players
        if has_move(replace(state, to_move=seat, ending=PLAYING)):
            raise InvalidPositionError(
                f"passes in a row: {state.passes}, but player {seat + 1} has a legal move, "
                "so could not have lost the turn"
            )
