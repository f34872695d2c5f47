"""Hextris's presenter: picking a piece from hand or on the board, the spots
it may go to, and every text a player reads."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from ...engine import GameError, Outcome
from ...learn.hints import Step, press_step, tap_step
from ...panel import Panel, columns, control
from ...pictures.drawing import PALETTE
from ...pieces import SIZE_NAMES
from ...presenter import ColourSeats, Reply, Seen, own_seat, waiting_status, your_turn
from ...presenter import colour_name as name
from .board import spot_index, spot_name
from .drawing import Marks, table_scene
from .notation import SIZE_LETTERS, board_lines
from .rules import formed_groups
from .rules_text import RULES
from .state import AGREED, BLOCKED, Draw, Drop, HextrisMove, HextrisState, Pass, Slide, Swap

Tense = Literal["base", "present", "past"]
"""How a move's verb is said: "drop", "drops", "dropped"."""

_FORMS = {"drop": ("drops", "dropped"), "move": ("moves", "moved"), "swap": ("swaps", "swapped")}
"""Each verb of a move, as "Yellow drops" says it and as "you dropped" does."""


@dataclass
class Draft:
    """What the person to move has picked: a size from hand, or a piece on the board."""

    size: int | None = None
    spot: int | None = None


def _spots(move: HextrisMove) -> set[int]:
    if isinstance(move, Drop):
        return {move.spot}
    if isinstance(move, Slide):
        return {move.start, move.end}
    if isinstance(move, Swap):
        return {move.mover, move.other}
    return set()


class HextrisPresenter(ColourSeats):
    """What Hextris shows at a table (:mod:`iriri_core.presenter`)."""

    label = "Hextris (David J. Bush)"
    goal = "First to make 3 groups of 5 of your pieces wins"
    rules = RULES
    move_help = (
        "A drop is S, M or L, @ and an edge spot; a move is two spots, a1-c1; "
        "a swap is your piece, x, and the other piece, c3xd4."
    )
    move_example = "M@a2 · a1-c1 · c3xd4"
    seed_help = ""

    def new_draft(self) -> Draft:
        """Nothing picked."""
        return Draft()

    # ------------------------------------------------------------ input

    def tap(self, seen: Seen, draft: Draft, target: str | None) -> Reply:
        """Pick a size from hand or a piece on the board; tap a spot to play there."""
        state: HextrisState = seen.state
        kind, _, rest = (target or "").partition(":")
        try:
            if kind == "hand":
                seat, size = (int(part) for part in rest.split(":"))
                return self._tap_hand(state, draft, seat, size)
            if kind == "spot":
                return self._tap_spot(seen, state, draft, spot_index(rest))
        except ValueError:
            return Reply(draft, error=f"nothing to do with {target!r}")
        draft.size = draft.spot = None
        return Reply(draft)

    def drag(self, seen: Seen, draft: Draft, source: str, target: str) -> Reply:
        """A piece dragged from hand, or from its spot, onto a spot."""
        picked = self.tap(seen, Draft(), source)
        if picked.error or picked.move is not None or (not picked.draft.size and picked.draft.spot is None):
            return picked
        return self.tap(seen, picked.draft, target)

    def _tap_hand(self, state: HextrisState, draft: Draft, seat: int, size: int) -> Reply:
        if seat != state.to_move:
            return Reply(
                draft, error=f"that is {name(state, seat)}'s hand; it is {name(state, state.to_move)}'s turn"
            )
        if size not in SIZE_NAMES or not state.hands[seat][size - 1]:
            return Reply(draft, error="there is no piece of that size left in your hand")
        draft.spot = None
        draft.size = None if draft.size == size else size
        return Reply(draft)

    def _tap_spot(self, seen: Seen, state: HextrisState, draft: Draft, spot: int) -> Reply:
        piece = state.board[spot]
        own = piece is not None and state.owner(piece) == state.to_move
        if draft.size is not None:
            if own:
                draft.size, draft.spot = None, spot
                return Reply(draft)
            return Reply(draft, move=Drop(draft.size, spot))
        if draft.spot is not None:
            if spot == draft.spot:
                draft.spot = None
                return Reply(draft)
            for move in (Swap(draft.spot, spot), Slide(draft.spot, spot)):
                if move in seen.legal:
                    return Reply(draft, move=move)
            if own:
                draft.spot = spot
                return Reply(draft)
            # let the rules say why not
            return Reply(draft, move=Slide(draft.spot, spot) if piece is None else Swap(draft.spot, spot))
        if own:
            draft.spot = spot
            return Reply(draft)
        if piece is not None:
            return Reply(
                draft, error=f"that piece is {piece.colour}: pick one of your own, or a piece from your hand"
            )
        return Reply(
            draft,
            error="pick a piece from your hand first (then an edge spot), or one of your pieces to move",
        )

    def command(self, seen: Seen, draft: Draft, command: str) -> Reply:
        """``pass`` (only when there is no move), or ``clear`` to drop the pick."""
        if command == "pass":
            return Reply(draft, move=Pass())
        if command == "clear":
            return Reply(Draft())
        return Reply(draft, error=f"there is no {command!r} button in Hextris")

    def hint_steps(self, seen: Seen, move: Any) -> Iterator[list[Step]]:
        """A drop: the size in the rack, then the spot; a move or a swap:
        the piece, then where it goes or the piece it swaps with; Pass."""
        state: HextrisState = seen.state

        def on(spot: int) -> Step:
            piece = state.board[spot]
            assert piece is not None
            whose = "your" if state.owner(piece) == state.to_move else f"the {piece.colour}"
            return tap_step(
                f"spot:{spot_name(spot)}", f"{whose} {SIZE_NAMES[piece.size]} on {spot_name(spot)}"
            )

        if isinstance(move, Drop):
            rack = tap_step(f"hand:{state.to_move}:{move.size}", f"the {SIZE_NAMES[move.size]} in your rack")
            yield [rack, tap_step(f"spot:{spot_name(move.spot)}", f"spot {spot_name(move.spot)}")]
        elif isinstance(move, Slide):
            yield [on(move.start), tap_step(f"spot:{spot_name(move.end)}", f"spot {spot_name(move.end)}")]
        elif isinstance(move, Swap):
            yield [on(move.mover), on(move.other)]
        elif isinstance(move, Pass):
            yield [press_step("pass", "Pass")]

    # ------------------------------------------------------------ output

    def describe(self, game: Any, state: HextrisState, move: Any) -> str:
        """ "Yellow drops a large on a2", "Blue moves c3 to c5 and banks a group"."""
        who = name(state, state.to_move)
        if isinstance(move, Draw):
            return "The players agree a draw"
        if isinstance(move, Pass):
            return f"{who} has no legal move and loses the turn"
        return f"{who} {self._verb(state, move, 'present')}{_groups_words(state, move)}"

    def move_words(self, game: Any, state: HextrisState, move: Any, past: bool) -> str:
        """ "dropped a large on a2, making a group of five", "swap the small
        on c3 with the blue large on c4"."""
        if isinstance(move, Pass):
            return "passed" if past else "pass"
        if isinstance(move, Draw):
            return "agreed a draw" if past else "agree a draw"
        return self._verb(state, move, "past" if past else "base") + _groups_words(state, move)

    @staticmethod
    def _verb(state: HextrisState, move: HextrisMove, tense: Tense) -> str:
        """The move as a verb phrase: "drops a large on a2" (``present``),
        "dropped ..." (``past``) or "drop ..." (``base``)."""

        def verb(word: str) -> str:
            return word if tense == "base" else _FORMS[word][tense == "past"]

        if isinstance(move, Drop):
            return f"{verb('drop')} a {SIZE_NAMES[move.size]} on {spot_name(move.spot)}"
        if isinstance(move, Slide):
            piece = state.board[move.start]
            size = SIZE_NAMES[piece.size] if piece else "piece"
            return f"{verb('move')} the {size} on {spot_name(move.start)} to {spot_name(move.end)}"
        assert isinstance(move, Swap)
        mine, other = state.board[move.mover], state.board[move.other]
        if mine is None or other is None:
            return f"{verb('swap')} {spot_name(move.mover)} and {spot_name(move.other)}"
        theirs = "" if other.colour == mine.colour else f" {other.colour}"
        return (
            f"{verb('swap')} the {SIZE_NAMES[mine.size]} on {spot_name(move.mover)} with the"
            f"{theirs} {SIZE_NAMES[other.size]} on {spot_name(move.other)}"
        )

    def action_label(self, game: Any, state: HextrisState, move: Any) -> str:
        """The text of a button that plays ``move``."""
        if isinstance(move, Pass):
            return "pass (no legal move)"
        if isinstance(move, Draw):
            return "agree a draw"
        label = self._verb(state, move, "present")
        try:
            formed = formed_groups(state, move)
        except GameError:
            formed = []
        if formed:
            label += " (makes a group of five)"
        return label

    def result_text(self, state: HextrisState, outcome: Outcome) -> str:
        """Who won with three groups, or how the draw came."""
        groups = ", ".join(f"{name(state, s)} {g}" for s, g in enumerate(state.groups))
        if state.ending == AGREED:
            return f"Drawn by agreement (groups: {groups})"
        if state.ending == BLOCKED:
            return f"Drawn: nobody can move (groups: {groups})"
        winner = outcome.winners[0]
        others = ", ".join(f"{name(state, s)} {g}" for s, g in enumerate(state.groups) if s != winner)
        return f"{name(state, winner)} wins with three groups of five; {others}"

    def panel(self, seen: Seen, draft: Draft) -> Panel:
        """Status, racks, the pass button, mirror and scene."""
        state: HextrisState = seen.state
        acting = seen.acting
        legal = seen.legal
        must_pass = list(legal) == [Pass()]
        marks = Marks(active=state.to_move if acting else None, size=draft.size, spot=draft.spot)
        if acting and draft.size is not None:
            marks.slides = {m.spot for m in legal if isinstance(m, Drop) and m.size == draft.size}
        if acting and draft.spot is not None:
            marks.slides = {m.end for m in legal if isinstance(m, Slide) and m.start == draft.spot}
            marks.swaps = {m.other for m in legal if isinstance(m, Swap) and m.mover == draft.spot}
        marks.last = _spots(seen.plies[-1][1]) if seen.plies else set()
        names = list(seen.names)
        over = state.is_over
        return {
            "status": self._status(seen, state, draft, must_pass),
            "scores": [
                {
                    "name": names[seat],
                    "swatch": PALETTE[state.colours[seat]],
                    "cells": [
                        str(state.groups[seat]),
                        " ".join(f"{SIZE_LETTERS[s + 1]}{n}" for s, n in enumerate(state.hands[seat])),
                    ],
                    "to_move": seat == state.to_move and not over,
                }
                for seat in range(state.players)
            ],
            "columns": columns(("score", "Groups"), ("hand", "In hand")),
            "preview": None,
            "placing": acting and not over,
            "controls": [control("pass", "Pass", shown=must_pass)],
            "mirror": mirror(state, names),
            "draggable": sorted(self._draggable(state, marks)),
            "scene": seen.table(lambda w, h: table_scene(state, marks, w, h, names, own_seat(seen))),
        }

    @staticmethod
    def _draggable(state: HextrisState, marks: Marks) -> set[str]:
        """The hand slots and pieces the person to move can drag."""
        if marks.active is None:
            return set()
        me = marks.active
        hand = {f"hand:{me}:{size}" for size in (1, 2, 3) if state.hands[me][size - 1]}
        own = {
            f"spot:{spot_name(spot)}"
            for spot, piece in enumerate(state.board)
            if piece and state.owner(piece) == me
        }
        return hand | own

    def _status(self, seen: Seen, state: HextrisState, draft: Draft, must_pass: bool) -> str:
        waiting = waiting_status(seen, state.to_move, name(state, state.to_move))
        if waiting is not None:
            return waiting
        turn = your_turn(seen, state.to_move)
        if must_pass:
            return f"{turn}: no piece can drop, move or swap, so pass"
        if draft.size is not None:
            return f"{turn}: tap a highlighted edge spot to drop your {SIZE_NAMES[draft.size]}"
        if draft.spot is not None:
            return f"{turn}: tap a highlighted spot to move there, or a ringed piece to swap with it"
        drop = "tap a size in your rack to drop a new piece on the edge"
        if not any(isinstance(move, Drop) for move in seen.legal):  # the rack empty, or the edge full
            return f"{turn}: tap one of your pieces on the board to move it or swap it"
        if all(isinstance(move, Drop) for move in seen.legal):  # no piece of theirs on the board can go
            return f"{turn}: {drop}"
        return f"{turn}: {drop}, or one of your pieces on the board to move it"


def mirror(state: HextrisState, names: list[str]) -> list[str]:
    """The table in words, for screen readers and keyboard players."""
    lines = ["The game is over." if state.is_over else f"{names[state.to_move]} to move."]
    lines.append(
        "Groups of five made: " + ", ".join(f"{names[s]} {g}" for s, g in enumerate(state.groups)) + "."
    )
    lines.append(
        "In hand: "
        + "; ".join(
            f"{names[s]} " + ", ".join(f"{n} {SIZE_NAMES[i + 1]}" for i, n in enumerate(hand))
            for s, hand in enumerate(state.hands)
        )
        + "."
    )
    pieces = [f"{spot_name(spot)} {piece.name}" for spot, piece in enumerate(state.board) if piece]
    lines.append("On the board: " + (", ".join(pieces) if pieces else "nothing") + ".")
    lines.append("Board rows from e (top) to a (bottom), .. is vacant:")
    lines.extend(board_lines(state.board))
    return lines


def _groups_words(state: HextrisState, move: HextrisMove) -> str:
    """ ", making a group of five" for each group ``move`` makes (", making a group of five for Blue")."""
    try:
        formed = formed_groups(state, move)
    except GameError:
        return ""
    return "".join(
        ", making a group of five" + ("" if owner == state.to_move else f" for {name(state, owner)}")
        for owner, _ in formed
    )
