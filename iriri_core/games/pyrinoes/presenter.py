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
from typing import Any

from ...engine import CHANCE, Outcome
from ...learn.hints import Step, press_step, tap_step
from ...panel import Panel, columns, control
from ...pictures.drawing import PALETTE
from ...pieces import Pyramid
from ...presenter import Presenter, Reply, Seen, last_turn, ranked_result, waiting_status, your_turn
from ...settings import Setting
from . import rules
from .building import Draft, add_problem, place_piece, usable_pieces
from .drawing import SEAT_SWATCH, table_scene
from .notation import move_text
from .parts import Marks, tile_text
from .rules_text import RULES
from .state import (
    GREEN,
    LEFT,
    RIGHT,
    SEATS,
    TARGET,
    UNSEEN,
    Build,
    Draw,
    Drawn,
    Pass,
    Play,
    PyrinoesState,
    Tile,
    pyrino,
)
from .words import (
    END_WORDS,
    describe_move,
    ends_words,
    hand_words,
    mirror,
    move_words,
    no_fit,
    open_end_words,
    pass_reason,
    round_lines,
    summarise_deal,
    tile_name,
    tile_words,
)

# ---------------------------------------------------------------- the presenter


class PyrinoesPresenter(Presenter):
    """What Pyrinoes shows at a table (:mod:`iriri_core.presenter`)."""

    label = "Pyrinoes (Andy Bond)"
    goal = "Empty your hand first; 100 points wins the match"
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
            state: PyrinoesState = seen.state
            text = tile_text(move.tile)
            mine = list(self._tiles(seen).values())
            tile = tap_step(f"tile:{text}", f"{tile_name(move.tile, mine)} in your hand")
            yield [tile]
            end = tap_step(f"end:{END_WORDS[move.end]}", open_end_words(state, move.end))
            yield [tile, end]
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
        return Reply(draft, error=no_fit(state, tile, seen.legal))

    def _tap_end(self, seen: Seen, draft: Draft, end: int) -> Reply:
        state: PyrinoesState = seen.state
        if draft.tile is None:
            where = open_end_words(state, end) if state.line else "the line has no open end yet"
            return Reply(
                draft,
                error=f"{where}: pick a domino or pyrino of your hand first, then tap the end it goes to",
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
        "Fire played 5-3 on the 5", "Ice built the pyrino B3+K1 (3-1)"."""
        return describe_move(game, state, move)

    def move_words(self, game: Any, state: PyrinoesState, move: Any, past: bool) -> str:
        """ "played the 2-1 on the open end showing 1", "build a 6-4 pyrino with ..."."""
        return move_words(game, state, move, past)

    def round_words(self, state: PyrinoesState) -> str:
        """ "in round 2"."""
        return f"in round {state.round}"

    def summarise(self, game: Any, plies: Sequence[tuple[PyrinoesState, Any]]) -> str | None:
        """A run of chance's moves in one clause: the picks as they went,
        the deal counted ("The dealer dealt nine dominoes to each player and
        turned up 4-2"), naming no domino dealt; None for any other run."""
        return summarise_deal(game, plies)

    def action_label(self, game: Any, state: PyrinoesState, move: Any) -> str:
        """The text of a button that plays ``move``."""
        if isinstance(move, Play):
            return f"play {tile_name(move.tile)} on {open_end_words(state, move.end)}"
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

    def goal_text(self, state: PyrinoesState) -> str:
        """The goal, with the match's target score."""
        return self.goal.replace(f"{TARGET} points", f"{state.target} points")

    def panel(self, seen: Seen, draft: Draft) -> Panel:
        """Status, scores, Build, Clear, Draw and Pass, mirror and scene."""
        state: PyrinoesState = seen.state
        acting = seen.acting and bool(seen.legal)
        legal = list(seen.legal) if acting else []
        must_draw, must_pass = legal == [Draw()], legal == [Pass()]
        marks = Marks(
            viewer=seen.viewer if seen.viewer in (0, 1) else -1, acting=acting, setting_up=seen.setting_up
        )
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
        seat = mover if mover >= 0 else None
        scene = seen.table(lambda w, h: table_scene(state, marks, w, h, names, seat))
        complete = bool(draft.ends[0] and draft.ends[1])
        build = Build(pyrino(draft.ends[0], draft.ends[1])) if complete else None
        scores = rules.match_scores(state)
        return {
            "status": self._status(seen, draft, must_draw, must_pass, build),
            "scores": [
                {
                    "name": names[seat],
                    "swatch": PALETTE[SEAT_SWATCH[seat]],
                    "cells": [str(scores[seat]), hand_words(state, seat)],
                    "to_move": seat == mover,
                }
                for seat in (0, 1)
            ],
            "columns": columns(("score", f"Match (to {state.target})"), ("hand", "Hand")),
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
        if state.ending is not None and not rules.counted(state):
            return f"Round {state.round} is over: it is counted once the other hand is shown"
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
            return f"{turn}: you can neither play nor build: tap the boneyard to draw a domino"
        if draft.tile is not None:
            return f"{turn}: tap a lit end of the line to play {draft.tile} there"
        if draft.building:
            if build is None:
                return f"{turn}: building {ends_words(draft.ends)}; now tap pyramids for its other end"
            if build in seen.legal:
                return f"{turn}: building {ends_words(draft.ends)}: press Build, or add to a stack"
            return f"{turn}: {ends_words(draft.ends)} cannot be built: {rules.move_problem(state, build)}"
        if not any(isinstance(m, Play) for m in seen.legal):
            return (
                f"{turn}: nothing in your hand fits the line: tap pyramids of your supply to build a pyrino"
            )
        return (
            f"{turn}: tap a tile of your hand to play it on the line, or pyramids of your "
            "supply to build a pyrino"
        )


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
