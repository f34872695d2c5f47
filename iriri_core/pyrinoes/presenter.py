"""Pyrinoes' presenter: a turn made by taps, and every text a player reads.

To play, the person taps a domino or pyrino of their hand: the open ends it
fits light up, and a tap on one plays it there (where it fits only one end,
it goes there at once); a drag to an open end does the same.  To build, they
tap pyramids of their supply and the greens: each goes to the end being
built, or on it as a stack, or to the other end, whichever the rules allow
(a choice they refuse is refused with the engine's reason); the tray shows
each end's spot count, a tap on an end of the tray takes its top pyramid
back, and Build builds the pyrino once it is complete and legal.  Draw (or a
tap on the boneyard) and Pass appear when they are the only moves.

The presenter only ever sees the viewer's view: the other hand and the
boneyard are unseen dominoes there.

>>> from iriri_core import Seat, Table
>>> table = Table("pyrinoes", [Seat("human"), Seat("human")], seed=1)
>>> table.view()["status"]
'Picking who starts…'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..drawing import PALETTE
from ..engine import CHANCE, GameError, Outcome
from ..pieces import SIZE_NAMES, Pyramid
from ..presenter import (
    Reply,
    Seen,
    Setting,
    Step,
    control,
    last_turn,
    press_step,
    ranked_result,
    tap_step,
    waiting_status,
    your_turn,
)
from . import rules
from .drawing import SEAT_SWATCH, Marks, table_scene, tile_text
from .notation import move_text
from .rules_text import RULES
from .state import (
    ENDINGS,
    GREEN,
    HAND,
    LEFT,
    RIGHT,
    SEAT_COLOURS,
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
    Play,
    Pyrino,
    PyrinoesState,
    Tile,
    end_spots,
    end_text,
    pyrino,
)

SEATS = ("Fire", "Ice")
"""What players call the seats: fire plays red and yellow, ice blue and black."""
END_WORDS = {LEFT: "left", RIGHT: "right"}
ENDING_WORDS = {
    "no-pyramids": "has no pyramids left",
    "one-colour": "has no dominoes left and pyramids of one colour only",
    "nothing-left": "has nothing left at all",
}


@dataclass
class Draft:
    """What the person to move has picked so far."""

    tile: str | None = None
    """The domino or pyrino of their hand picked to play (its text)."""
    ends: list[list[Pyramid]] = field(default_factory=lambda: [[], []])
    """The pyramids chosen for each end of the pyrino being built (a stack larger first)."""
    at: int = 0
    """The end a pyramid went to last."""

    @property
    def building(self) -> bool:
        """Some pyramids are chosen."""
        return bool(self.ends[0] or self.ends[1])


# ---------------------------------------------------------------- words


def tile_words(tile: Tile) -> str:
    """ "5-3", "the double 5-5", "the pyrino R3+Y1 (3-1)"."""
    if isinstance(tile, Domino):
        return f"the double {tile}" if tile.is_double else str(tile)
    a, b = tile.spots
    return f"the pyrino {tile} ({a}-{b})"


def _count(n: int, word: str) -> str:
    plural = {"domino": "dominoes", "pyrino": "pyrinoes"}.get(word, word + "s")
    return f"{n} {word if n == 1 else plural}"


def _number(n: int, word: str) -> str:
    """ "nine dominoes", "one domino", "12 dominoes"."""
    names = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    return _count(n, word).replace(str(n), names[n], 1) if n < len(names) else _count(n, word)


def hand_words(state: PyrinoesState, seat: int) -> str:
    """ "8 dominoes, 1 pyrino"."""
    words = _count(len(state.hands[seat]), "domino")
    built = len(state.pyrinoes[seat])
    return words + (f", {_count(built, 'pyrino')}" if built else "")


def _dealt_to(state: PyrinoesState) -> int | None:
    """The seat the next domino of a deal goes to (None: face up, to start the line)."""
    if not state.dealing:
        return 0
    return next((seat for seat in (0, 1) if len(state.hands[seat]) < HAND), None)


def _ends_words(ends: list[list[Pyramid]]) -> str:
    """ "R3 + Y2Y1 (3-3)", or the one end chosen: "R3 (3)"."""
    filled = [e for e in ends if e]
    text = " + ".join(end_text(tuple(e)) for e in filled)
    spots = "-".join(str(end_spots(tuple(e))) for e in filled)
    return f"{text} ({spots})"


# ---------------------------------------------------------------- the presenter


class PyrinoesPresenter:
    """What Pyrinoes shows at a table (:mod:`iriri_core.presenter`)."""

    label = "Pyrinoes (Andy Bond)"
    rules = RULES
    chance_name = "The dealer"
    previews = False
    move_help = (
        "Play a domino or a pyrino at an open end: 5-3 left, R3+Y1 right. Build a pyrino: build and "
        "its two ends, a stack bottom first (build Y2Y1+R1; R red, Y yellow, B blue, K black, G green; "
        "1 small, 2 medium, 3 large). draw when you can neither play nor build; pass when the "
        "boneyard is empty too."
    )
    move_example = "5-3 left · R3+Y1 right · build Y2Y1+R1 · draw · pass"
    seed_help = "Seed (optional: the same seed picks and deals the same dominoes)"
    settings = (
        Setting(
            "target",
            "Target score",
            TARGET,
            choices=(50, 100, 150),
            help="The match is won by the first to this many points: 50 for a shorter game.",
        ),
    )

    def new_draft(self) -> Draft:
        """Nothing picked."""
        return Draft()

    def player_name(self, state: Any, seat: int) -> str:
        """ "Fire" or "Ice"."""
        return SEATS[seat]

    def seat_names(self, players: int) -> list[str]:
        """Fire and Ice."""
        return list(SEATS[:players])

    # ------------------------------------------------------------ input

    def tap(self, seen: Seen, draft: Draft, target: str | None) -> Reply:
        """Pick or play a tile, light or tap an open end, add a pyramid to the
        pyrino being built or take one back, draw from the boneyard."""
        kind, _, rest = (target or "").partition(":")
        if target is None:
            draft.tile = None
            return Reply(draft)
        if kind == "tile":
            return self._tap_tile(seen, draft, rest)
        if kind == "end" and rest in ("left", "right"):
            return self._tap_end(seen, draft, LEFT if rest == "left" else RIGHT)
        if kind == "supply":
            try:
                piece = Pyramid.parse(rest)
            except ValueError:
                return Reply(draft, error=f"nothing to do with {target!r}")
            return self._add(seen, draft, piece)
        if kind == "build" and rest in ("0", "1"):
            end = int(rest)
            if not draft.ends[end]:
                return Reply(draft, error="tap pyramids of your supply, or a green, to build this end")
            draft.ends[end].pop()
            draft.at = end
            return Reply(draft)
        if target == "boneyard":
            return self.command(seen, draft, "boneyard")
        return Reply(draft, error=f"nothing to do with {target!r}")

    def drag(self, seen: Seen, draft: Draft, source: str, target: str) -> Reply:
        """A tile dragged to an open end; a pyramid dragged to an end of the tray."""
        kind, _, rest = source.partition(":")
        if kind == "tile" and target.startswith("end:"):
            side = target.partition(":")[2]
            if side not in ("left", "right"):
                return Reply(draft, error="drop it on an open end of the line")
            tile = self._tiles(seen).get(rest)
            if tile is None:
                return Reply(draft, error=f"{rest} is not in your hand")
            draft.tile = rest
            return self._tap_end(seen, draft, LEFT if side == "left" else RIGHT)
        if kind == "supply" and target in ("build:0", "build:1"):
            try:
                piece = Pyramid.parse(rest)
            except ValueError:
                return Reply(draft, error=f"nothing to do with {source!r}")
            return self._add(seen, draft, piece, only=int(target[-1]))
        return Reply(
            draft, error="drag a domino or pyrino of your hand to an open end, or a pyramid to the tray"
        )

    def command(self, seen: Seen, draft: Draft, command: str) -> Reply:
        """``build`` the pyrino in the tray, ``clear`` what is picked,
        ``boneyard`` (draw a domino), ``pass``."""
        state: PyrinoesState = seen.state
        if command == "build":
            if not (draft.ends[0] and draft.ends[1]):
                return Reply(draft, error="a pyrino has two ends: pick the pyramids of both first")
            move = Build(pyrino(draft.ends[0], draft.ends[1]))
            if move in seen.legal:
                return Reply(Draft(), move=move)
            return Reply(draft, error=rules.move_problem(state, move) or "you may not build that now")
        if command == "clear":
            return Reply(Draft())
        if command in ("boneyard", "pass"):
            only: Draw | Pass = Draw() if command == "boneyard" else Pass()
            if only in seen.legal:
                return Reply(Draft(), move=only)
            problem = rules.move_problem(state, only) or "not now"
            if command == "boneyard" and Pass() in seen.legal:
                problem = "the boneyard is empty: press Pass"
            return Reply(draft, error=problem)
        return Reply(draft, error=f"there is no {command!r} button in Pyrinoes")

    def hint_steps(self, seen: Seen, move: Any) -> Iterator[list[Step]]:
        """A play: the tile, then the open end (where it fits both); a
        build: the pyramids one by one, in an order that puts each on its
        end, then Build; a draw: the boneyard; Pass."""
        if isinstance(move, Play):
            text = tile_text(move.tile)
            tile = tap_step(f"tile:{text}", f"{tile_words(move.tile)} in your hand")
            yield [tile]
            end = END_WORDS[move.end]
            yield [tile, tap_step(f"end:{end}", f"the {end} open end of the line")]
        elif isinstance(move, Build):
            pieces = [*move.pyrino.first, *move.pyrino.second]
            for order in dict.fromkeys(itertools.permutations(pieces)):
                taps = [
                    tap_step(
                        f"supply:{p}", f"the {p.name}" + ("" if p.colour == GREEN else " in your supply")
                    )
                    for p in order
                ]
                yield [*taps, press_step("build", "Build")]
        elif isinstance(move, Draw):
            yield [tap_step("boneyard", "the boneyard")]
        elif isinstance(move, Pass):
            yield [press_step("pass", "Pass")]

    def _tiles(self, seen: Seen) -> dict[str, Tile]:
        """The viewer's tiles in hand, by their text."""
        state: PyrinoesState = seen.state
        if seen.viewer not in (0, 1):
            return {}
        tiles: list[Tile] = [*state.hands[seen.viewer], *state.pyrinoes[seen.viewer]]
        return {tile_text(t): t for t in tiles if t != UNSEEN}

    def _fits(self, seen: Seen, tile: Tile) -> list[Play]:
        return [m for m in seen.legal if isinstance(m, Play) and m.tile == tile]

    def _tap_tile(self, seen: Seen, draft: Draft, text: str) -> Reply:
        state: PyrinoesState = seen.state
        tile = self._tiles(seen).get(text)
        if tile is None:
            return Reply(draft, error=f"{text} is not in your hand")
        if draft.tile == text:
            draft.tile = None
            return Reply(draft)
        fits = self._fits(seen, tile)
        if len(fits) == 1:
            return Reply(Draft(), move=fits[0])
        if fits:
            draft.tile = text
            return Reply(draft)
        return Reply(draft, error=_no_fit(state, tile, seen.legal))

    def _tap_end(self, seen: Seen, draft: Draft, end: int) -> Reply:
        state: PyrinoesState = seen.state
        if draft.tile is None:
            spots = state.open_ends[end] if state.line else "-"
            return Reply(
                draft,
                error=f"the {END_WORDS[end]} open end is a {spots}: pick a domino or pyrino of your "
                "hand first, then tap the end it goes to",
            )
        tile = self._tiles(seen).get(draft.tile)
        if tile is None:
            return Reply(Draft(), error=f"{draft.tile} is not in your hand")
        move = Play(tile, end)
        if move in seen.legal:
            return Reply(Draft(), move=move)
        return Reply(draft, error=rules.move_problem(state, move) or "you may not play that now")

    def _add(self, seen: Seen, draft: Draft, piece: Pyramid, only: int | None = None) -> Reply:
        """Put ``piece`` in the pyrino being built: on the end being built,
        or at the other end, whichever the rules allow."""
        state: PyrinoesState = seen.state
        problem = add_problem(state, draft, piece)
        if problem:
            return Reply(draft, error=problem)
        found = place_piece(state.to_move, draft.ends, draft.at, piece, only)
        if isinstance(found, str):
            return Reply(draft, error=f"the {piece.name} cannot go in this pyrino: {found}")
        draft.ends, draft.at = found
        draft.tile = None
        return Reply(draft)

    # ------------------------------------------------------------ output

    def describe(self, game: Any, state: PyrinoesState, move: Any) -> str:
        """A move in words, as the viewer may know it: "Ice drew a domino",
        "Fire played 5-3 at the left end", "Ice built the pyrino B3+K1 (3-1)"."""
        who = SEATS[state.to_move]
        if isinstance(move, Pick):
            picker = 1 if len(state.picks) == 1 else 0
            text = f"{SEATS[picker]} picked {move.domino}"
            if picker == 1:
                mine, theirs = move.domino.weight, state.picks[0].weight
                text += (
                    ": a tie, both pick again"
                    if mine == theirs
                    else f", so {SEATS[picker if mine > theirs else 0]} starts"
                )
            return text
        if isinstance(move, Deal):
            seat = _dealt_to(state)
            if seat is None:
                return f"The dealer turned up {move.domino} to start the line"
            what = "a domino" if move.domino == UNSEEN else str(move.domino)
            return f"The dealer dealt {what} to {SEATS[seat]}"
        if isinstance(move, Drawn):
            return f"{who} drew {'a domino' if move.domino == UNSEEN else move.domino}" + _ended(
                game, state, move
            )
        if isinstance(move, Draw):
            return f"{who} could neither play nor build, so draws from the boneyard"
        if isinstance(move, Pass):
            return f"{who} passed: nothing to play or build, and the boneyard is empty" + _ended(
                game, state, move
            )
        if isinstance(move, Build):
            return f"{who} built {tile_words(move.pyrino)}" + _ended(game, state, move)
        if isinstance(move, Play):
            return f"{who} played {tile_words(move.tile)} at the {END_WORDS[move.end]} end" + _ended(
                game, state, move
            )
        return str(move)

    def summarise(self, game: Any, plies: Sequence[tuple[PyrinoesState, Any]]) -> str | None:
        """A run of chance's moves in one clause: the picks as they went,
        the deal counted ("The dealer dealt nine dominoes to each player and
        turned up 4-2"), naming no domino dealt; None for any other run."""
        picks, dealt, up = [], [0, 0], None
        for before, move in plies:
            if isinstance(move, Pick):
                picks.append(self.describe(game, before, move))
            elif isinstance(move, Deal) and _dealt_to(before) is None:
                up = move.domino
            elif isinstance(move, Deal):
                dealt[_dealt_to(before) or 0] += 1
            else:
                return None
        if dealt == [0, 0] and up is None:
            return "; ".join(picks) or None
        if dealt[0] == dealt[1]:
            deal = f"dealt {_number(dealt[0], 'domino')} to each player"
        else:
            given = [(n, SEATS[seat]) for seat, n in enumerate(dealt) if n]
            deal = "dealt " + " and ".join(
                f"{_number(n, 'domino') if i == 0 else _number(n, 'domino').split()[0]} to {who}"
                for i, (n, who) in enumerate(given)
            )
        if up is not None:
            deal = f"{deal} and turned up {up}" if any(dealt) else f"turned up {up}"
        return "; ".join([*picks, ("the dealer " if picks else "The dealer ") + deal])

    def action_label(self, game: Any, state: PyrinoesState, move: Any) -> str:
        """The text of a button that plays ``move``."""
        if isinstance(move, Play):
            return f"play {tile_words(move.tile)} at the {END_WORDS[move.end]} end"
        if isinstance(move, Build):
            return f"build {tile_words(move.pyrino)}"
        if isinstance(move, Draw):
            return "draw from the boneyard"
        if isinstance(move, Pass):
            return "pass"
        return move_text(move)

    def result_text(self, state: PyrinoesState, outcome: Outcome) -> str:
        """ "Fire wins the match with 104; Ice 87 (to 100)"."""
        return ranked_result(list(SEATS), outcome).replace(" wins ", " wins the match ", 1) + (
            f" (to {state.target})"
        )

    def round_summary(self, seen: Seen) -> str:
        """How the round just ended went: how it ended, the hand totals, the
        points of each (difference, bonus, greens), and the match."""
        state: PyrinoesState = seen.state
        if state.ending is None:
            return ""
        return " ".join(round_lines(state))

    def panel(self, seen: Seen, draft: Draft) -> dict[str, Any]:
        """Status, scores, Build, Clear, Draw and Pass, mirror and scene."""
        state: PyrinoesState = seen.state
        acting = seen.acting and bool(seen.legal)
        legal = list(seen.legal) if acting else []
        must_draw, must_pass = legal == [Draw()], legal == [Pass()]
        marks = Marks(viewer=seen.viewer if seen.viewer in (0, 1) else -1, acting=acting)
        tiles = self._tiles(seen)
        if acting:
            plays = [m for m in legal if isinstance(m, Play)]
            picked = tiles.get(draft.tile) if draft.tile else None
            if picked is not None:
                marks.picked = draft.tile
                marks.lit = {m.end for m in plays if m.tile == picked}
            else:
                marks.playable = {tile_text(m.tile) for m in plays}
            marks.building = (tuple(draft.ends[0]), tuple(draft.ends[1]))
            if any(isinstance(m, Build) for m in legal):
                marks.usable = usable_pieces(state, draft)
            marks.draw_ready = must_draw
        _mark_last(seen, marks)
        names = list(seen.names)
        mover = seen.game.current_player(state)
        scene = table_scene(state, marks, seen.size[0], seen.size[1], names, mover if mover >= 0 else None)
        complete = bool(draft.ends[0] and draft.ends[1])
        build = Build(pyrino(draft.ends[0], draft.ends[1])) if complete else None
        scores = rules.match_scores(state)
        return {
            "status": self._status(seen, draft, must_draw, must_pass, build),
            "scores": [
                {
                    "name": names[seat],
                    "swatch": PALETTE[SEAT_SWATCH[seat]],
                    "score": str(scores[seat]),
                    "hand": hand_words(state, seat),
                    "to_move": seat == mover,
                }
                for seat in (0, 1)
            ],
            "labels": {"score": f"Match (to {state.target})", "hand": "Hand"},
            "preview": None,
            "placing": acting and (draft.tile is not None or draft.building),
            "controls": [
                control(
                    "build", "Build", enabled=build in legal, primary=True, shown=acting and draft.building
                ),
                control("clear", "Clear", shown=acting and (draft.building or draft.tile is not None)),
                control("boneyard", "Draw", primary=True, shown=must_draw, wide=" a domino"),
                control("pass", "Pass", primary=True, shown=must_pass),
            ],
            "pass_reason": pass_reason(state) if must_pass else "",
            "mirror": mirror(state, names, seen.viewer),
            "draggable": sorted(
                {f"tile:{t}" for t in marks.playable | ({marks.picked} if marks.picked else set())}
                | {f"supply:{p}" for p in marks.usable}
            ),
            "scene": scene,
        }

    def _status(self, seen: Seen, draft: Draft, must_draw: bool, must_pass: bool, build: Build | None) -> str:
        state: PyrinoesState = seen.state
        seat = state.to_move
        if seen.figure or seen.result:
            waiting = waiting_status(seen, seat, SEATS[seat], doing="play")
            assert waiting is not None
            return waiting
        if state.ending is not None:
            points = rules.round_points(state)
            return f"Round {state.round} is over: Fire scores {points[0]}, Ice {points[1]}"
        if seen.game.current_player(state) == CHANCE:
            if state.round == 0:
                return "Picking who starts…"
            if state.drawing:
                return f"{SEATS[seat]} draws from the boneyard…"
            return f"Dealing round {state.round}…"
        waiting = waiting_status(seen, seat, seen.names[seat], doing="play")
        if waiting is not None:
            return waiting
        turn = your_turn(seen, seat)
        if must_pass:
            return f"{turn}: {pass_reason(state)}, so pass"
        if must_draw:
            return f"{turn}: you can neither play nor build: draw from the boneyard"
        if draft.tile is not None:
            return f"{turn}: tap a lit open end for {draft.tile}"
        if draft.building:
            if build is None:
                return f"{turn}: building {_ends_words(draft.ends)}; pick the other end's pyramids"
            if build in seen.legal:
                return f"{turn}: building {_ends_words(draft.ends)}: press Build, or add to a stack"
            return f"{turn}: {_ends_words(draft.ends)} cannot be built: {rules.move_problem(state, build)}"
        if not any(isinstance(m, Play) for m in seen.legal):
            return f"{turn}: nothing of your hand fits: build a pyrino"
        return f"{turn}: play a domino or build a pyrino"


# ---------------------------------------------------------------- building


def available(state: PyrinoesState, piece: Pyramid) -> int:
    """How many of ``piece`` the player to move may build with (supply or greens)."""
    if piece.colour == GREEN:
        return state.greens[piece.size - 1]
    return state.supply[state.to_move].count(piece)


def add_problem(state: PyrinoesState, draft: Draft, piece: Pyramid) -> str | None:
    """Why ``piece`` cannot be taken for the pyrino (none left), or None."""
    used = sum(p == piece for end in draft.ends for p in end)
    if available(state, piece) > used:
        return None
    if piece.colour == GREEN:
        return f"no {SIZE_NAMES[piece.size]} green is left to build with"
    have = "none" if not used else f"only {used}, and they are in the pyrino already"
    return f"your supply has {have} {piece.name} left"


def _shape_problem(ends: list[list[Pyramid]], seat: int) -> str | None:
    """The engine's reason the ends chosen so far cannot make a pyrino, or None."""
    for end in ends:
        colours = {p.colour for p in end}
        if len(end) > 2 or len(colours) > 1 or (len(end) == 2 and GREEN in colours):
            shape: End = tuple(end)
            return rules.pyrino_problem(Pyrino(shape, shape), seat)
    if ends[0] and ends[1]:
        return rules.pyrino_problem(Pyrino(tuple(ends[0]), tuple(ends[1])), seat)
    return None


def place_piece(
    seat: int, ends: list[list[Pyramid]], at: int, piece: Pyramid, only: int | None = None
) -> tuple[list[list[Pyramid]], int] | str:
    """The ends with ``piece`` added to the end ``at`` (or ``only``), else
    to the other, whichever the rules allow first; else the engine's reason.

    >>> place_piece(0, [[Pyramid("red", 3)], []], 0, Pyramid("yellow", 1))
    ([[Pyramid(colour='red', size=3)], [Pyramid(colour='yellow', size=1)]], 1)
    >>> place_piece(0, [[Pyramid("red", 3)], [Pyramid("yellow", 1)]], 1, Pyramid("yellow", 2))[0][1]
    [Pyramid(colour='yellow', size=2), Pyramid(colour='yellow', size=1)]
    >>> place_piece(0, [[Pyramid("red", 3), Pyramid("red", 2)], [Pyramid("yellow", 1)]], 0, Pyramid("red", 1))
    'each end of a pyrino is one pyramid or a stack of two'
    """
    problems = []
    for end in (at, 1 - at) if only is None else (only,):
        tried = [list(e) for e in ends]
        tried[end] = sorted([*tried[end], piece], key=lambda p: -p.size)
        problem = _shape_problem(tried, seat)
        if problem is None:
            return tried, end
        problems.append(problem)
    return problems[0]


def usable_pieces(state: PyrinoesState, draft: Draft) -> set[str]:
    """The pyramids (``R3``, ``G1``) that may go in the pyrino being built now."""
    seat = state.to_move
    pieces = [Pyramid(c, s) for c in (*SEAT_COLOURS[seat], GREEN) for s in (1, 2, 3)]
    return {
        str(p)
        for p in pieces
        if add_problem(state, draft, p) is None
        and not isinstance(place_piece(seat, draft.ends, draft.at, p), str)
    }


# ---------------------------------------------------------------- texts


def _no_fit(state: PyrinoesState, tile: Tile, legal: tuple[Any, ...]) -> str:
    """Why a tile of the hand cannot be played now, in the engine's words."""
    if legal == (Draw(),) or legal == (Pass(),):
        return rules.move_problem(state, Play(tile, LEFT)) or "you cannot play now"
    left, right = state.open_ends
    if left == right:
        return f"{tile} does not fit the open ends, which are both {left}s"
    return f"{tile} does not fit either open end: the left is a {left}, the right a {right}"


def _ended(game: Any, state: PyrinoesState, move: Any) -> str:
    """ ", ending the round", when ``move`` ends it."""
    try:
        after = game.play(state, move)
    except GameError:
        return ""
    return ", ending the round" if after.ending is not None and state.ending is None else ""


def pass_reason(state: PyrinoesState) -> str:
    """Why the player to move can only pass."""
    return "you can neither play nor build, and the boneyard is empty"


def round_lines(state: PyrinoesState) -> list[str]:
    """The round just ended, in sentences (the round's summary)."""
    assert state.ending is not None
    totals = [rules.hand_total(state, seat) for seat in (0, 1)]
    greens = [rules.greens_played(state, seat) for seat in (0, 1)]
    points = rules.round_points(state)
    scores = rules.match_scores(state)
    bonus = ENDINGS[state.ending]
    if state.ending == "two-passes" or state.ender is None:
        how = f"Round {state.round} is over: both passed in a row, no bonus."
    else:
        how = (
            f"Round {state.round} is over: {SEATS[state.ender]} {ENDING_WORDS[state.ending]} (bonus {bonus})."
        )
    lines = [how, f"Hand totals: Fire {totals[0]}, Ice {totals[1]}."]
    parts = []
    for seat in (0, 1):
        bits = []
        if totals[seat] < totals[1 - seat]:
            bits.append(f"{totals[1 - seat] - totals[seat]} for the lower hand")
        if state.ender == seat and bonus:
            bits.append(f"{bonus} bonus")
        if greens[seat]:
            bits.append(f"{greens[seat]} for greens played")
        parts.append(f"{SEATS[seat]} {points[seat]}" + (f" ({', '.join(bits)})" if bits else ""))
    lines.append("This round: " + "; ".join(parts) + ".")
    won = rules.winner(state)
    match = f"Match: Fire {scores[0]}, Ice {scores[1]}, to {state.target}"
    lines.append(match + (f": {SEATS[won]} wins." if won is not None else "."))
    return lines


def _pieces_words(pieces: list[tuple[Pyramid, int]]) -> str:
    return ", ".join(f"{count} {p.name}" for p, count in pieces if count) or "none"


def mirror(state: PyrinoesState, names: list[str], viewer: int) -> list[str]:
    """The table in words, for screen readers and keyboard players: only
    what ``viewer`` may see (the other hand and the boneyard by their counts)."""
    scores = rules.match_scores(state)
    lines = [
        f"Pyrinoes, match to {state.target}; round {state.round or 'not started'}. "
        f"Match score: Fire {scores[0]}, Ice {scores[1]}."
    ]
    if state.round == 0:
        picks = ", ".join(f"{SEATS[i % 2]} picked {d}" for i, d in enumerate(state.picks))
        lines.append("Picking who starts" + (f": {picks}." if picks else "."))
    if state.line:
        left, right = state.open_ends
        lines.append("Line of play, left to right: " + " ".join(str(item) for item in state.line) + ".")
        lines.append(f"Open ends: left {left}, right {right}.")
    for seat in (0, 1):
        hand = state.hands[seat]
        hidden = sum(d == UNSEEN for d in hand)
        if hidden:
            words = f"{_count(len(hand), 'domino')}, face down"
        else:
            words = " ".join(str(d) for d in hand) or "no dominoes"
        built = " ".join(str(t) for t in state.pyrinoes[seat]) or "none"
        lines.append(f"{names[seat]}'s hand: {words}. Pyrinoes built: {built}.")
        supply = [
            (Pyramid(c, s), state.supply[seat].count(Pyramid(c, s)))
            for c in SEAT_COLOURS[seat]
            for s in (1, 2, 3)
        ]
        lines.append(f"{names[seat]}'s supply: {_pieces_words(supply)}.")
    greens = [(Pyramid(GREEN, s), state.greens[s - 1]) for s in (1, 2, 3)]
    lines.append(
        f"Greens left: {_pieces_words(greens)}. Boneyard: {_count(len(state.boneyard), 'domino')}, face down."
    )
    if state.ending is not None:
        lines.extend(round_lines(state))
    elif state.round:
        lines.append(f"{names[state.to_move]} to play.")
    if viewer in (0, 1):
        lines.append(f"You are {SEATS[viewer]}, playing {' and '.join(SEAT_COLOURS[viewer])}.")
    return lines


def _mark_last(seen: Seen, marks: Marks) -> None:
    """Mark the last turn: the tile it played, the pyrino it built, a draw."""
    state: PyrinoesState = seen.state
    for before, move in last_turn(seen):
        if isinstance(move, Play) and state.line and before.round == state.round:
            marks.last_line.add(0 if move.end == LEFT else len(state.line) - 1)
        elif isinstance(move, Build):
            marks.last_built.add(tile_text(move.pyrino))
        elif isinstance(move, Drawn | Draw):
            marks.last_draw = True


__all__ = ["SEATS", "Draft", "PyrinoesPresenter", "mirror", "place_piece", "round_lines", "tile_words"]
