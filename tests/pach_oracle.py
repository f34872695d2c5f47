"""A second, independent reading of Pach-Ice-i, for the tests.

It shares no code and no values with ``iriri_core.games.pach_ice_i``: it reads
position text (docs/notation.md) into plain dicts of names and strings, takes
the board, the paths and the moves straight from the sentences of the rules
(shared/rules/pach-ice-i.txt, quoted beside the lines that follow them) and
the decisions of docs/rules-notes.md, and answers in move text: every legal
move, with the position it leads to.  Whole turns are found by trying every
way to go on, piece by piece, until the dice are used up; nothing is pruned.
Slower than the engine, and meant to be simple enough to trust.

A position here is a dict:

``to_move`` 0 (black) or 1 (white); ``dice`` the dice still to use, sorted
(empty before the roll); ``moved`` the squares of the pieces moved this turn;
``resent`` the sizes (``"S"``, ``"M"``, ``"L"``) of pieces moved this turn and
then sent back to the mover's pad; ``pads`` each seat's trees, bottom to top
(``"LMS"``), sorted; ``home`` each seat's pieces in the other's pad, as
``{"S": n, "M": n, "L": n}``; ``result`` ``"playing"``, ``"black won"`` or
``"white won"``; ``board`` square name to piece (``{"c4": "K3"}``).
"""

from __future__ import annotations

import itertools
from typing import Any

Pos = dict[str, Any]

SEATS = ("black", "white")
LETTER = ("K", "W")
COLUMNS = "abcdefg"
ROWS = "1234567"
SQUARES = [c + r for r in ROWS for c in COLUMNS]
PIPS = {"S": 1, "M": 2, "L": 3}
SIZES = "SML"

# "If you assume that the squares are identified by numbered row and lettered column, the squares
# a1, a4, a7, d1, d4, d7, g1, g4, and g7 are all marked"
MARKED = {c + r for c in "adg" for r in "147"}


def colour(square: str) -> int:
    """ "checkered in black and white (with the corner squares being black)": 0 black, 1 white."""
    return (COLUMNS.index(square[0]) + ROWS.index(square[1])) % 2


# "Black's pieces move through the board entering at a1, moving along the column a1 to a7, then
# b7 to b1, then c1 to c7, and so on until reaching g7, after which they move into the White's
# starting pad."
BLACK_PATH = [c + r for i, c in enumerate(COLUMNS) for r in (ROWS if i % 2 == 0 else ROWS[::-1])]
# "White's piece move through the board entering at g7, moving along the row g7 to a7, then a6 to
# g6, then g5 to a5, and so on until reaching a1, after which they move into Black's starting pad."
WHITE_PATH = [c + r for k, r in enumerate(ROWS[::-1]) for c in (COLUMNS[::-1] if k % 2 == 0 else COLUMNS)]
PATHS = (BLACK_PATH, WHITE_PATH)
ALONG = tuple({square: i + 1 for i, square in enumerate(path)} for path in PATHS)
"""How many steps from the entry point (just before the first square) each square is."""

# "three 8-sided dice"; which die is which does not matter, so a roll is its dice sorted.
ROLLS = sorted({tuple(sorted(roll)) for roll in itertools.product(range(1, 9), repeat=3)})

# ---------------------------------------------------------------- position text


def read(text: str) -> Pos:
    """Position text (docs/notation.md) as a dict; only well-formed text."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    assert lines[0] == "Pach-Ice-i", lines[0]
    head = lines[1 : lines.index("board:")]
    fields = dict(line.split(": ", 1) for line in head)
    rows = lines[lines.index("board:") + 1 :][:7]
    board = {}
    for row_text in rows:
        words = row_text.split()
        for column, word in zip(COLUMNS, words[1:], strict=True):
            if word != "..":
                board[column + words[0]] = word
    dice, moved, resent = fields["dice"], fields["moved this turn"], fields["sent back this turn"]

    def home(words: str) -> dict[str, int]:
        counts = [int(part.split()[0]) for part in words.split(", ")]
        return dict(zip(SIZES, counts, strict=True))

    return {
        "to_move": SEATS.index(fields["to move"]),
        "dice": [] if dice == "to roll" else sorted(int(d) for d in dice.split()),
        "moved": set() if moved == "-" else set(moved.split()),
        "resent": [] if resent == "-" else sorted(resent.split()),
        "pads": [[] if fields[f"{s} pad"] == "-" else sorted(fields[f"{s} pad"].split()) for s in SEATS],
        "home": [home(fields[f"{s} home"]) for s in SEATS],
        "result": fields["result"],
        "board": board,
    }


def copy(pos: Pos) -> Pos:
    return {
        **pos,
        "dice": list(pos["dice"]),
        "moved": set(pos["moved"]),
        "resent": list(pos["resent"]),
        "pads": [list(pads) for pads in pos["pads"]],
        "home": [dict(home) for home in pos["home"]],
        "board": dict(pos["board"]),
    }


def key(pos: Pos) -> tuple[Any, ...]:
    """Everything a position holds, as one hashable value."""
    return (
        pos["to_move"],
        tuple(pos["dice"]),
        tuple(sorted(pos["moved"])),
        tuple(sorted(pos["resent"])),
        tuple(tuple(sorted(pads)) for pads in pos["pads"]),
        tuple(tuple(sorted(home.items())) for home in pos["home"]),
        pos["result"],
        tuple(sorted(pos["board"].items())),
    )


# ---------------------------------------------------------------- one piece


def entered(pos: Pos, seat: int) -> int:
    """ "A piece on the board or in the opponent's starting pad is considered entered; a piece in
    one's own starting pad is not considered entered": the pips of a stash (five of each size:
    30) less those in the seat's own pad."""
    return 30 - sum(PIPS[letter] for tree in pos["pads"][seat] for letter in tree)


def end_turn(pos: Pos) -> None:
    pos["to_move"] = 1 - pos["to_move"]
    pos["dice"], pos["moved"], pos["resent"] = [], set(), []


def single_moves(pos: Pos) -> dict[str, Pos]:
    """Every move of one piece the player to move may make now, by the
    sentences about a single move, as move text, with the position after it."""
    me, dice = pos["to_move"], pos["dice"]
    sources = []  # (move text's first words, the piece, steps from the entry point)
    for tree in sorted(set(pos["pads"][me])):
        # "A piece may only be moved once in a turn.": a piece that moved and was sent back to
        # the pad is the same piece (docs/rules-notes.md, decision 6).
        if len(tree) == 1 and pos["pads"][me].count(tree) <= pos["resent"].count(tree):
            continue
        # "Entering a piece is like moving a piece that starts from a square adjacent to the
        # corner square nearest the player. Only the topmost piece from any tree may be entered."
        sources.append((f"enter {tree}", LETTER[me] + str(PIPS[tree[-1]]), 0))
    for square, piece in sorted(pos["board"].items()):
        if square in pos["moved"]:
            continue
        # "A player may only move pieces that are on his color of space on the board, but may move
        # ANY piece sitting on his own color [...] The marked squares [...] are considered both
        # black and white"
        if colour(square) != me and square not in MARKED:
            continue
        # "A player may not move an opponent's piece unless the total number of pips on the pieces
        # he has entered is equal to or greater than the total number of pips on the pieces that
        # his opponent has entered." (decision 5: counted before each move)
        if piece[0] != LETTER[me] and entered(pos, me) < entered(pos, 1 - me):
            continue
        # "If a player moves an opponent's piece on his own turn, he moves that piece according to
        # his own movement rules"
        sources.append((square, piece, ALONG[me][square]))
    found = {}
    for words, piece, start in sources:
        # "A small piece is moved a number of spaces equal to the total of all three dice. [...] A
        # medium piece [...] the total of any two of the three dice [...] A large piece is moved a
        # number of spaces equal to one die."
        count = {"1": 3, "2": 2, "3": 1}[piece[1]]
        if count == 3 and len(dice) < 3:
            continue  # a small takes all three dice, so it can only be the turn's one piece
        for chosen in sorted(set(itertools.combinations(dice, count))):
            after = move_piece(pos, words, piece, start + sum(chosen))
            if after is None:
                continue
            for die in chosen:
                after["dice"].remove(die)
            for seat in (0, 1):
                # "The player who gets all of the pieces from his starting pad to the opponent's
                # starting pad first is the winner." (decision 6: at once, even mid-turn)
                if sum(after["home"][seat].values()) == 15:
                    after["result"] = f"{SEATS[seat]} won"
                    after["dice"], after["moved"], after["resent"] = [], set(), []
                    after["to_move"] = seat  # docs/notation.md: "after a win, the winner"
            if after["result"] == "playing" and not after["dice"]:
                end_turn(after)
            found[f"{words} " + " ".join(map(str, chosen))] = after
    return found


def move_piece(pos: Pos, words: str, piece: str, to: int) -> Pos | None:
    """The position after ``piece`` goes ``to`` steps from the entry point, or None if it may not."""
    me = pos["to_move"]
    owner = LETTER.index(piece[0])
    after = copy(pos)
    if words.startswith("enter"):
        tree = words.split()[1]
        after["pads"][me].remove(tree)
        if len(tree) > 1:
            after["pads"][me].append(tree[:-1])
    else:
        del after["board"][words]
    if to > 49:
        # "A player need not move his pieces into his opponent's starting pad by exact roll." and
        # "A player may not move an opponent's piece back into the opponent's start pad, except by
        # causing another piece to land on it"
        if owner != me:
            return None
        after["home"][me][SIZES[int(piece[1]) - 1]] += 1
        return after
    square = PATHS[me][to - 1]
    there = pos["board"].get(square)
    if there is not None:
        # "A piece may not end its move on a space occupied by a piece larger than itself, nor may
        # it end its move on an occupied marked square."
        if square in MARKED or int(there[1]) > int(piece[1]):
            return None
        # "the previous piece is moved to the starting pad of the player whose color the space is"
        pad, there_owner, size = colour(square), LETTER.index(there[0]), SIZES[int(there[1]) - 1]
        if there_owner == pad:
            # "A piece sent back to start (see below) is treated as being a separate tree"
            after["pads"][pad].append(size)
            if square in pos["moved"] and there_owner == me:
                after["resent"].append(size)
        else:
            # "If it is sent to the opponent's starting pad, it has reached its goal"
            after["home"][there_owner][size] += 1
    after["board"][square] = piece
    after["moved"].add(square)
    return after


# ---------------------------------------------------------------- whole turns


_CAN_MOVE: dict[tuple[Any, ...], bool] = {}


def can_move(pos: Pos) -> bool:
    """Whether some roll gives the player to roll in ``pos`` a move of one piece.  Decision 4 reads
    "no move may end with the board in such a state that the opponent has no legal move on his
    turn" as: once a turn ends, this must hold."""
    k = key(pos)
    if k not in _CAN_MOVE:
        _CAN_MOVE[k] = any(single_moves({**pos, "dice": list(roll)}) for roll in ROLLS)
    return _CAN_MOVE[k]


_ENDINGS: dict[tuple[Any, ...], frozenset[int]] = {}


def dice_named(move: str) -> int:
    """How many dice move text names: ``enter LM 2 3`` two, ``c4 5`` one."""
    return len(move.split()) - (2 if move.startswith("enter") else 1)


def dice_used(pos: Pos, after: Pos, used: int) -> int:
    """The dice a move that used ``used`` of them counts as using.  "A player MUST use all of the
    dice available" has no exception; "Except for winning the game" excuses only the player who
    wins (decision 6): a move that wins the game for the player to move counts as using every die
    left, one that ends it with the opponent's win only the dice it used."""
    if after["result"] == f"{SEATS[pos['to_move']]} won":
        return len(pos["dice"])
    return used


def endings(pos: Pos) -> frozenset[int]:
    """How many more dice each allowed way of finishing the turn from ``pos`` uses (a way that
    the player wins uses them all, see ``dice_used``).  Stopping is a way: with no dice left, or
    with dice nobody can use (decision 3).  A way that ends the turn must leave the opponent a
    move, unless the player has moved nothing this turn (decision 4)."""
    k = key(pos)
    if k in _ENDINGS:
        return _ENDINGS[k]
    found = set()
    for move, after in single_moves(pos).items():
        used = dice_named(move)
        if after["result"] != "playing":
            found.add(dice_used(pos, after, used))
        elif not after["dice"]:  # the turn is over
            if can_move(after):
                found.add(used)
        else:
            found |= {used + more for more in endings(after)}
    stopped = copy(pos)
    end_turn(stopped)
    if len(pos["dice"]) == 3 or can_move(stopped):
        found.add(0)
    _ENDINGS[k] = frozenset(found)
    return _ENDINGS[k]


def legal(pos: Pos) -> dict[str, Pos]:
    """Every legal move as move text, with the position it leads to.

    Before the roll, the rolls.  After it, the first moves of the allowed
    ways of finishing the turn that use the most dice (decision 3: "A player
    MUST use all of the dice available" when any way can; else as many as
    any way can), or ``pass`` when no way uses a die."""
    if pos["result"] != "playing":
        return {}
    if not pos["dice"]:
        return {"roll " + " ".join(map(str, roll)): {**copy(pos), "dice": list(roll)} for roll in ROLLS}
    ways = {}
    for move, after in single_moves(pos).items():
        used = dice_named(move)
        if after["result"] != "playing":
            ways[move] = (dice_used(pos, after, used), after)
        elif not after["dice"]:  # the turn is over
            if can_move(after):
                ways[move] = (used, after)
        elif endings(after):
            ways[move] = (used + max(endings(after)), after)
    best = max((used for used, _ in ways.values()), default=0)
    if best == 0:
        after = copy(pos)
        end_turn(after)
        return {"pass": after}
    return {move: after for move, (used, after) in ways.items() if used == best}


def written_moves(pos: Pos) -> list[str]:
    """Every move that can be written with the dice left (and a few rolls): each tree shape and
    each square, by each choice of one, two or three of the dice; legal or not."""
    dice = pos["dice"] or [1, 2, 3]
    choices = sorted({c for n in (1, 2, 3) for c in itertools.combinations(dice, n)})
    starts = [f"enter {t}" for t in ("S", "M", "L", "LM", "LMS")] + SQUARES
    tail = [" ".join(map(str, c)) for c in choices]
    return [f"{s} {t}" for s in starts for t in tail] + ["pass", "roll 1 2 3", "roll 8 8 8"]


def clear() -> None:
    """Forget what was worked out (the caches grow with every position seen)."""
    _CAN_MOVE.clear()
    _ENDINGS.clear()
