"""A second, independent reading of Pyrinoes, for the tests.

It shares no code and no values with ``iriri_core.games.pyrinoes``: it reads
position text (docs/notation.md, "Pyrinoes") into plain dicts of strings,
numbers and lists, takes the moves straight from the sentences of the rules
(shared/rules/pyrinoes.txt, quoted beside the lines that follow them) and the
decisions of docs/rules-notes.md ("Pyrinoes", numbered as there), and answers
in move text: every legal move, with the position it leads to.  Where chance
acts (the picks, the deal, the domino drawn) the "moves" are chance's
outcomes, each as likely as any other (decision 6).  Slower than the engine,
and meant to be simple enough to trust.

A position here is a dict:

``target`` the winning threshold; ``round`` 0 while picking who starts;
``match`` the banked scores ``[fire, ice]``; ``picks`` the dominoes picked in
round 0, in order; ``first`` the seat who plays first this round (0 fire, 1
ice) or None; ``to_move`` a seat; ``drawing`` whether chance is to give a
drawn domino; ``passes`` the passes in a row; ``line`` the line of play as
written, left to right (``["G2+R3R2", "5-5", "5-0"]``); ``supply`` each
seat's pyramids (``"R3"``), sorted; ``pyrinoes`` each seat's built pyrinoes
as text, sorted; ``hands`` each seat's dominoes as ``(high, low)``, sorted;
``greens`` the communal greens (``"G1"``), sorted; ``boneyard`` dominoes,
sorted; ``ended`` None or ``(seat, how)``.
"""

from __future__ import annotations

import functools
from typing import Any

Pos = dict[str, Any]
Domino = tuple[int, int]

SEATS = ("fire", "ice")
# "One player is known as fire. They will use the red and yellow pyramids. The other player is
# known as ice. They will use the blue and black pyramids."  Letters as in docs/notation.md.
COLOURS = ("RY", "BK")
GREEN = "G"
# docs/notation.md: "A pyrino is written with the end of more spots first (for equal spots, red,
# yellow, blue, black, green)".
RANK = "RYBKG"

# "a set of double-six dominoes": every pair of spot counts 0 to 6, larger first.
DOMINOES: list[Domino] = [(high, low) for high in range(6, -1, -1) for low in range(high, -1, -1)]
# "Each player should take nine dominoes from this pool"
HAND = 9
# "three red and three yellow trios": three pyramids of each size (1 small, 2 medium, 3 large) in
# each colour; likewise "the remaining three green trios".
FULL_SUPPLY = (
    sorted(c + str(s) for c in COLOURS[0] for s in (1, 2, 3) for _ in range(3)),
    sorted(c + str(s) for c in COLOURS[1] for s in (1, 2, 3) for _ in range(3)),
)
ALL_GREENS = sorted(GREEN + str(s) for s in (1, 2, 3) for _ in range(3))

# "Ending the Round and Bonuses": the bonus of the player who played last.
BONUS = {"no-pyramids": 5, "one-colour": 5, "nothing-left": 10, "two-passes": 0}


# ---------------------------------------------------------------- text of things


def domino_text(d: Domino) -> str:
    """ "Dominoes will be referred to by the spot count of each end separated by a dash"; larger
    first (docs/notation.md)."""
    return f"{d[0]}-{d[1]}"


@functools.cache
def read_domino(word: str) -> Domino:
    a, b = (int(x) for x in word.split("-"))
    return (max(a, b), min(a, b))


def weight(d: Domino) -> int:
    """ "The sum of the spot counts of both ends of a domino will be referred to as the weight" """
    return d[0] + d[1]


@functools.cache
def pieces(end: str) -> tuple[str, ...]:
    """The pyramids of an end (``"Y2Y1"`` is ``("Y2", "Y1")``)."""
    return tuple(end[i : i + 2] for i in range(0, len(end), 2))


@functools.cache
def end_spots(end: str) -> int:
    """ "The spot count of an end of a pyrino is equal to the pip count of the pyramid or pyramids
    comprising that end." and "A green pyramid is always associated with a spot count of 0 (blank),
    regardless of the size of the pyramid." """
    if end[0] == GREEN:
        return 0
    return sum(int(p[1]) for p in pieces(end))


def make_end(stack: list[str] | tuple[str, ...]) -> str:
    """ "the small pyramid should be stacked on top of the larger": written bottom first."""
    return "".join(sorted(stack, key=lambda p: -int(p[1])))


def pyrino_text(a: str, b: str) -> str:
    """A pyrino of ends ``a`` and ``b``: the end of more spots first, then by colour."""
    ends = sorted((a, b), key=lambda e: (-end_spots(e), RANK.index(e[0])))
    return f"{ends[0]}+{ends[1]}"


def canonical_pyrino(word: str) -> str:
    """A pyrino as docs/notation.md writes it, from any spelling (ends and stacks in either order)."""
    a, b = word.upper().split("+")
    return pyrino_text(make_end(pieces(a)), make_end(pieces(b)))


@functools.cache
def tile_spots(word: str) -> tuple[int, int]:
    """The spot counts of a domino or pyrino as written: left end, right end."""
    if "+" in word:
        a, b = word.split("+")
        return (end_spots(a), end_spots(b))
    a, b = word.split("-")
    return (int(a), int(b))


def tile_pyramids(word: str) -> list[str]:
    return [p for end in word.split("+") for p in pieces(end)]


def owner(word: str) -> int:
    """Whose pyrino it is: "It should be clear which played green pyramids belong to which
    player, as they will be adjacent to a pyramid of their colour." """
    letters = {p[0] for p in tile_pyramids(word)}
    return 0 if letters & set(COLOURS[0]) else 1


# ---------------------------------------------------------------- position text


def read(text: str) -> Pos:
    """Position text (docs/notation.md) as a dict; only well-formed text."""
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert lines[0] == "Pyrinoes", lines[0]
    fields = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()

    def words(name: str) -> list[str]:
        value = fields[name]
        return [] if value == "-" else value.split()

    def seat(word: str) -> int | None:
        return None if word == "-" else SEATS.index(word)

    match = fields["match"].replace(",", "").split()
    ended = words("ended")
    return {
        "target": int(fields["target"]),
        "round": int(fields["round"]),
        "match": [int(match[1]), int(match[3])],
        "picks": [read_domino(w) for w in words("picks")],
        "first": seat(fields["first"]),
        "to_move": seat(fields["to move"]),
        "drawing": fields["drawing"] == "yes",
        "passes": int(fields["passes"]),
        "line": words("line"),
        "supply": [sorted(words(f"{s} supply")) for s in SEATS],
        "pyrinoes": [sorted(words(f"{s} pyrinoes")) for s in SEATS],
        "hands": [sorted((read_domino(w) for w in words(f"{s} hand")), reverse=True) for s in SEATS],
        "greens": sorted(words("greens")),
        "boneyard": sorted((read_domino(w) for w in words("boneyard")), reverse=True),
        "ended": None if not ended else (SEATS.index(ended[0]), ended[1]),
    }


def copy(pos: Pos) -> Pos:
    return {
        **pos,
        "match": list(pos["match"]),
        "picks": list(pos["picks"]),
        "line": list(pos["line"]),
        "supply": [list(s) for s in pos["supply"]],
        "pyrinoes": [list(s) for s in pos["pyrinoes"]],
        "hands": [list(s) for s in pos["hands"]],
        "greens": list(pos["greens"]),
        "boneyard": list(pos["boneyard"]),
    }


def key(pos: Pos) -> tuple[Any, ...]:
    """Everything a position holds, as one hashable value."""
    return (
        pos["target"],
        pos["round"],
        tuple(pos["match"]),
        tuple(pos["picks"]),
        pos["first"],
        pos["to_move"],
        pos["drawing"],
        pos["passes"],
        tuple(pos["line"]),
        tuple(tuple(sorted(s)) for s in pos["supply"]),
        tuple(tuple(sorted(s)) for s in pos["pyrinoes"]),
        tuple(tuple(sorted(s)) for s in pos["hands"]),
        tuple(sorted(pos["greens"])),
        tuple(sorted(pos["boneyard"])),
        pos["ended"],
    )


# ---------------------------------------------------------------- scoring and the match


def hand_total(pos: Pos, seat: int) -> int:
    """ "Each player calculates a hand total by adding up the weights of all unplayed dominoes in
    their hand (if any), and adding to this the pip count of all pyramids they have left unplayed
    (if any), both in their supply and in their hand as pyrinoes. This includes the pip count of
    any unplayed green pyramids a player may have in their hand." """
    total = sum(weight(d) for d in pos["hands"][seat])
    total += sum(int(p[1]) for p in pos["supply"][seat])
    total += sum(int(p[1]) for word in pos["pyrinoes"][seat] for p in tile_pyramids(word))
    return total


def round_points(pos: Pos) -> list[int]:
    """What each seat scores for the round just ended ([0, 0] while it goes on)."""
    if pos["ended"] is None:
        return [0, 0]
    totals = [hand_total(pos, 0), hand_total(pos, 1)]
    points = [0, 0]
    # "The player with the lower hand total scores the difference between the two hand totals."
    if totals[0] != totals[1]:
        points[totals.index(min(totals))] += abs(totals[0] - totals[1])
    # "The player that played last receives bonus points as outlined in Ending the Round"
    ender, how = pos["ended"]
    points[ender] += BONUS[how]
    # "the pip total of all green pyramids played to the line of play by each player is added to
    # their score"
    for word in pos["line"]:
        if "+" in word:
            points[owner(word)] += sum(int(p[1]) for p in tile_pyramids(word) if p[0] == GREEN)
    return points


def match_scores(pos: Pos) -> list[int]:
    """ "The scores for the round just played are added to scores from previous rounds." """
    points = round_points(pos)
    return [pos["match"][0] + points[0], pos["match"][1] + points[1]]


def winner(pos: Pos) -> int | None:
    """ "If just one player has crossed the winning threshold, that player is the winner of the
    game; If both players have crossed the winning threshold, the player with the higher score is
    the winner of the game; If both [...] are tied, another round is played" (decision 5: reaching
    the threshold crosses it; decided after each round's scoring)."""
    if pos["ended"] is None:
        return None
    scores = match_scores(pos)
    over = [seat for seat in (0, 1) if scores[seat] >= pos["target"]]
    if len(over) == 1:
        return over[0]
    if len(over) == 2 and scores[0] != scores[1]:
        return 0 if scores[0] > scores[1] else 1
    return None


# ---------------------------------------------------------------- chance


def dealing(pos: Pos) -> bool:
    return pos["round"] >= 1 and pos["ended"] is None and not pos["line"]


def chance_acts(pos: Pos) -> bool:
    """Decision 6: the picks, the deal (also of the next round, once one has ended) and the domino
    drawn are chance's moves."""
    return pos["round"] == 0 or pos["ended"] is not None or dealing(pos) or pos["drawing"]


def new_round(pos: Pos) -> Pos:
    """ "At the start of each round, each player should take all the pieces of their colours [...]
    Place the remaining three green trios between the players" and "Now place all the dominoes face
    down"; "The player who went second in the previous round gets to have the first turn this
    round. (Unless it's the first round, in which case whichever player was decided to play first
    gets the first turn.)" """
    first = pos["first"] if pos["round"] == 0 else 1 - pos["first"]
    return {
        "target": pos["target"],
        "round": pos["round"] + 1,
        "match": match_scores(pos),
        "picks": [],
        "first": first,
        "to_move": first,
        "drawing": False,
        "passes": 0,
        "line": [],
        "supply": [list(FULL_SUPPLY[0]), list(FULL_SUPPLY[1])],
        "pyrinoes": [[], []],
        "hands": [[], []],
        "greens": list(ALL_GREENS),
        "boneyard": list(DOMINOES),
        "ended": None,
    }


def chance(pos: Pos) -> dict[str, Pos]:
    """Chance's outcomes, each as likely as any other, with the positions they lead to."""
    found = {}
    if pos["round"] == 0 and pos["first"] is None:
        # "Before the first round, each player should pick a domino at random. Whoever picks the
        # domino with the largest weight plays first in the first round. If they have the same
        # weight, players draw another." (decision 6: fire picks, then ice from the 27 left; after
        # a tie both go back and both pick again from all 28)
        picked = pos["picks"] if len(pos["picks"]) == 1 else []
        for d in DOMINOES:
            if d in picked:
                continue
            after = copy(pos)
            after["picks"] = [*pos["picks"], d] if len(pos["picks"]) < 2 else [d]
            a = after["picks"]
            if len(a) == 2 and weight(a[0]) != weight(a[1]):
                after["first"] = after["to_move"] = 0 if weight(a[0]) > weight(a[1]) else 1
            found[f"pick {domino_text(d)}"] = after
        return found
    if pos["round"] == 0 or pos["ended"] is not None:
        start = new_round(pos)
        return {f"deal {domino_text(d)}": deal(start, d) for d in DOMINOES}
    if dealing(pos):
        return {f"deal {domino_text(d)}": deal(pos, d) for d in sorted(set(pos["boneyard"]))}
    # "they must select a domino at random from the boneyard and add it to their hand. This counts
    # as their turn."
    for d in sorted(set(pos["boneyard"])):
        after = copy(pos)
        after["boneyard"].remove(d)
        after["hands"][pos["to_move"]] = sorted([*after["hands"][pos["to_move"]], d], reverse=True)
        end_turn(after)
        found[f"drawn {domino_text(d)}"] = after
    return found


def deal(pos: Pos, d: Domino) -> Pos:
    """ "Each player should take nine dominoes from this pool [...] Take one of the remaining ten
    dominoes and place it face up in the middle of the playing surface. This is the initial line
    of play" (decision 6: one at a time, nine to fire, nine to ice, one face up)."""
    after = copy(pos)
    after["boneyard"].remove(d)
    for seat in (0, 1):
        if len(after["hands"][seat]) < HAND:
            after["hands"][seat] = sorted([*after["hands"][seat], d], reverse=True)
            return after
    after["line"] = [domino_text(d)]
    return after


# ---------------------------------------------------------------- the player's moves


def end_turn(pos: Pos) -> None:
    """ "The round ends after a player's turn when either" one of the four endings holds, the
    largest bonus when several do (decision 1; greens count as pyramids and as a colour, decision
    2); else "Players alternate turns"."""
    seat = pos["to_move"]
    pyramids = pos["supply"][seat] + [p for word in pos["pyrinoes"][seat] for p in tile_pyramids(word)]
    dominoes = pos["hands"][seat]
    how = None
    if pos["passes"] == 2:
        # "That player passes, with the previous turn having been the other player passing"
        how = "two-passes"
    elif not pyramids and not dominoes:
        # "That player has no more dominoes or pyramids in their hand or supply."
        how = "nothing-left"
    elif not pyramids:
        # "That player has no more pyramids, either in their supply or as unplayed pyrinoes"
        how = "no-pyramids"
    elif not dominoes and len({p[0] for p in pyramids}) == 1:
        # "That player has no more dominoes in their hand, and has only pyramids of a single colour
        # left, both in their supply and as unplayed pyramids in their hand"
        how = "one-colour"
    pos["drawing"] = False
    if how is not None:
        pos["ended"] = (seat, how)  # the player who ended it stays "to move" (docs/notation.md)
    else:
        pos["to_move"] = 1 - seat


def open_ends(pos: Pos) -> tuple[int, int]:
    """ "The two ends of the line of play which are not connected to other dominoes or pyrinoes
    are called the open ends." (a double still has "only one open end", decision 8)"""
    return tile_spots(pos["line"][0])[0], tile_spots(pos["line"][-1])[1]


def placed(word: str, spots: int, side: str) -> str:
    """The tile as it lies in the line: "one of its ends is adjacent to one of the open ends, so
    that the spot count of the open end is the same as the spot count of the end of the
    pyrino/domino played adjacent to it. The other end of the domino/pyrino then becomes the new
    open end."  A double pyrino goes with its first end as written touching (decision 8)."""
    if "+" in word:
        a, b = word.split("+")
        touching, other = (a, b) if end_spots(a) == spots else (b, a)
        sep = "+"
    else:
        high, low = word.split("-")
        touching, other = (high, low) if int(high) == spots else (low, high)
        sep = "-"
    return f"{other}{sep}{touching}" if side == "left" else f"{touching}{sep}{other}"


def plays(pos: Pos) -> dict[str, Pos]:
    """ "Play a domino or pyrino from their hand": each tile at each open end it fits."""
    me = pos["to_move"]
    found = {}
    tiles = [domino_text(d) for d in pos["hands"][me]] + list(pos["pyrinoes"][me])
    for word in tiles:
        for side, spots in zip(("left", "right"), open_ends(pos), strict=True):
            if spots not in tile_spots(word):
                continue
            after = copy(pos)
            if "+" in word:
                after["pyrinoes"][me].remove(word)
            else:
                after["hands"][me].remove(read_domino(word))
            lying = placed(word, spots, side)
            after["line"] = [lying, *after["line"]] if side == "left" else [*after["line"], lying]
            after["passes"] = 0
            end_turn(after)
            found[f"{word} {side}"] = after
    return found


def ends_of(stock: list[str], colour: str) -> set[str]:
    """ "Each end is made up of either a solitary pyramid or two pyramids of the same colour in a
    stack.": every end the pyramids of ``colour`` in ``stock`` can make."""
    mine = [p for p in stock if p[0] == colour]
    found = set(mine)
    for i, a in enumerate(mine):
        for b in mine[i + 1 :]:
            found.add(make_end([a, b]))
    return found


def builds(pos: Pos) -> dict[str, Pos]:
    """ "Build a pyrino using pyramids from their supply and add it to their hand": "a player must
    construct a pyrino from the pyramids left in their supply, and possibly the communal green
    pyramids."  "The two ends of a player's pyrino should be made up of the two colours that a
    player is playing with. A pyrino must not have the same colour at both ends." and "A player may
    also create a pyrino made up of a single green pyramid as one end, with the other end as either
    a solitary pyramid or two pyramids the same colour"; "If using a green pyramid, any size
    available may be used." (so never two greens: no 0-0 pyrino)."""
    me = pos["to_move"]
    supply = pos["supply"][me]
    a, b = COLOURS[me][0], COLOURS[me][1]
    made = {pyrino_text(x, y) for x in ends_of(supply, a) for y in ends_of(supply, b)}
    greens = set(pos["greens"])
    made |= {pyrino_text(x, g) for c in (a, b) for x in ends_of(supply, c) for g in greens}
    found = {}
    for word in sorted(made):
        after = copy(pos)
        for p in tile_pyramids(word):
            (after["greens"] if p[0] == GREEN else after["supply"][me]).remove(p)
        after["pyrinoes"][me] = sorted([*after["pyrinoes"][me], word])
        after["passes"] = 0
        end_turn(after)
        found[f"build {word}"] = after
    return found


def legal(pos: Pos) -> dict[str, Pos]:
    """Every legal move as move text, with the position it leads to.

    "On their turn a player may choose to either: Play a domino or pyrino from their hand [...]
    Build a pyrino" (decision 3: building is allowed even when a play is possible).  "If on their
    turn a player cannot play a domino or pyrino from their hand to the line of play, they are
    obliged to construct a pyrino if they can."  "If a player cannot play a domino or pyrino from
    their hand or construct any pyrino [...] they must select a domino at random from the boneyard
    [...] If the boneyard is empty, the player must pass, and this is the only occasion on which a
    player may pass."  Nothing once the match has a winner."""
    if winner(pos) is not None:
        return {}
    if chance_acts(pos):
        return chance(pos)
    found = {**plays(pos), **builds(pos)}
    if found:
        return found
    after = copy(pos)
    if pos["boneyard"]:
        after["drawing"] = True
        after["passes"] = 0  # a draw is a turn: the passes in a row start again (decision 4)
        return {"draw": after}
    after["passes"] += 1
    end_turn(after)
    return {"pass": after}


def kind(move: str) -> str:
    """What a move text is: ``play`` (a domino), ``play pyrino``, ``build``, ``draw``, ``pass``,
    ``pick``, ``deal`` or ``drawn``."""
    first = move.split()[0]
    if first in ("build", "draw", "pass", "pick", "deal", "drawn"):
        return first
    return "play pyrino" if "+" in first else "play"


# ---------------------------------------------------------------- moves that can be written


def every_pyrino(seat: int) -> list[str]:
    """Every pyrino ``seat`` could ever build (from a whole supply and all the greens)."""
    a, b = COLOURS[seat][0], COLOURS[seat][1]
    full = FULL_SUPPLY[seat]
    made = {pyrino_text(x, y) for x in ends_of(full, a) for y in ends_of(full, b)}
    made |= {pyrino_text(x, g) for c in (a, b) for x in ends_of(full, c) for g in ("G1", "G2", "G3")}
    return sorted(made)


EVERY_PYRINO = (every_pyrino(0), every_pyrino(1))
NOT_PYRINOES = ["R3+R1", "G1+G2", "G1G1+R2", "R1Y1+R2", "B3+Y1", "B1B2B3+K1"]
"""Pyrinoes the rules never allow (same colour at both ends, two greens, a green stack, a mixed
stack, another's colour), or another's."""


def written_moves(pos: Pos) -> list[str]:
    """Moves that can be written in any position, legal or not: every domino at each end, every
    pyrino of the mover's (and a few others) at each end and built, draw, pass, and chance's
    words with every domino."""
    me = pos["to_move"]
    tiles = [domino_text(d) for d in DOMINOES] + EVERY_PYRINO[me] + EVERY_PYRINO[1 - me][::17] + NOT_PYRINOES
    found = [f"{t} {side}" for t in tiles for side in ("left", "right")]
    found += [f"build {t}" for t in EVERY_PYRINO[me] + EVERY_PYRINO[1 - me][::11] + NOT_PYRINOES]
    found += [f"{word} {domino_text(d)}" for word in ("pick", "deal", "drawn") for d in DOMINOES]
    return [*found, "draw", "pass"]
