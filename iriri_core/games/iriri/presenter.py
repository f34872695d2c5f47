"""Iriri's presenter: assembling a word tap by tap, the live preview, and
every text a player reads (status, move descriptions, the text mirror)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import IllegalMoveError, Outcome
from ...learn.hints import Step, press_step, tap_step
from ...panel import Panel, Preview, PreviewPart, columns, control
from ...pictures.drawing import PALETTE
from ...pieces import Pyramid, words
from ...presenter import (
    ColourSeats,
    Reply,
    Seen,
    last_turn,
    listed,
    own_seat,
    ranked_result,
    waiting_status,
    your_turn,
)
from ...presenter import colour_name as name
from . import rules
from .drawing import Marks, board_window, table_scene
from .notation import board_rows, move_text
from .rules_text import RULES
from .state import PLACE, TAKE, Cell, IririState, Pass, Place, Take


@dataclass
class Draft:
    """The word a person is putting together: hand pieces on cells."""

    selected: int | None = None
    """The hand piece (index) picked to put down next."""
    placed: dict[Cell, int] = field(default_factory=dict)
    """Cell -> index of the hand piece put there."""


class IririPresenter(ColourSeats):
    """What Iriri shows at a table (:mod:`iriri_core.presenter`)."""

    label = "Iriri"
    goal = "Lay words that match the ring; most points wins"
    previews = True
    rules = RULES
    move_help = (
        "Pieces are a colour letter and a size 1 to 3, then @ and a cell x,y. Takes name a ring position."
    )
    move_example = "Y1@0,0 Y2@1,0 · take Y2@7 · pass"
    seed_help = "Seed (optional: the same seed deals the same ring)"

    def new_draft(self) -> Draft:
        """Nothing picked, nothing placed."""
        return Draft()

    def result_text(self, state: IririState, outcome: Outcome) -> str:
        """The winners and their score, then everyone else, best first."""
        return ranked_result([name(state, seat) for seat in range(state.players)], outcome)

    # ------------------------------------------------------------ input

    def tap(self, seen: Seen, draft: Draft, target: str | None) -> Reply:
        """Pick a hand piece, put it on a cell (or take it back), or take from the ring."""
        state: IririState = seen.state
        kind, _, rest = (target or "").partition(":")
        try:
            if kind == "hand":
                seat, index = (int(part) for part in rest.split(":"))
                return self._tap_hand(state, draft, seat, index)
            if kind == "cell":
                x, y = (int(part) for part in rest.split(","))
                return self._tap_cell(state, draft, (x, y))
            if kind == "ring":
                return self._tap_ring(state, draft, int(rest))
        except ValueError:
            return Reply(draft, error=f"nothing to do with {target!r}")
        draft.selected = None
        return Reply(draft)

    def drag(self, seen: Seen, draft: Draft, source: str, target: str) -> Reply:
        """A hand piece dragged onto a cell: picked (never unpicked, even if
        it was picked already), then put there.  A drag that ends anywhere
        else (the ring, another hand piece) does nothing, like a drag in the air."""
        if not target.startswith("cell:"):
            return Reply(draft)
        kind, _, rest = source.partition(":")
        try:
            if kind != "hand":
                raise ValueError
            seat, index = (int(part) for part in rest.split(":"))
        except ValueError:
            return Reply(draft, error=f"nothing to do with a drag from {source!r} to {target!r}")
        picked = self._tap_hand(seen.state, draft, seat, index, toggle=False)
        return picked if picked.error else self.tap(seen, picked.draft, target)

    def _tap_hand(self, state: IririState, draft: Draft, seat: int, index: int, toggle: bool = True) -> Reply:
        if seat != state.to_move:
            return Reply(
                draft, error=f"that is {name(state, seat)}'s hand; it is {name(state, state.to_move)}'s turn"
            )
        if state.phase == TAKE:
            return Reply(draft, error="now take pieces of your colour from the ring: tap a highlighted piece")
        if not 0 <= index < len(state.hand()):
            return Reply(draft, error="there is no piece there")
        if index in draft.placed.values():
            cell = next(c for c, i in draft.placed.items() if i == index)
            del draft.placed[cell]
            draft.selected = index
        else:
            draft.selected = None if toggle and draft.selected == index else index
        return Reply(draft)

    def _tap_cell(self, state: IririState, draft: Draft, cell: Cell) -> Reply:
        if state.phase == TAKE:
            return Reply(draft, error="now take pieces of your colour from the ring: tap a highlighted piece")
        if cell in draft.placed:
            del draft.placed[cell]
            return Reply(draft)
        if cell in state.grid:
            return Reply(draft, error=f"cell {cell[0]},{cell[1]} is taken")
        hand = state.hand()
        free = [i for i in range(len(hand)) if i not in draft.placed.values()]
        if not free:
            return Reply(draft, error="all your pieces are on the board: confirm, or tap one to take it back")
        if draft.selected not in free:
            if len({hand[i] for i in free}) > 1:
                return Reply(draft, error="pick a piece from your hand first, then a cell")
            draft.selected = free[0]
        assert draft.selected is not None
        draft.placed[cell] = draft.selected
        draft.selected = None
        return Reply(draft)

    def _tap_ring(self, state: IririState, draft: Draft, index: int) -> Reply:
        if state.phase != TAKE:
            return Reply(draft, error="you take from the ring after placing a word")
        if 0 <= index < len(state.dictionary):
            return Reply(draft, move=Take(index, state.dictionary[index]))
        return Reply(draft, error="there is no piece there")

    def command(self, seen: Seen, draft: Draft, command: str) -> Reply:
        """``confirm`` the word, ``clear`` the draft, ``pass``."""
        state: IririState = seen.state
        if command == "confirm":
            if not draft.placed or state.phase != PLACE:
                return Reply(draft, error="put pieces from your hand on the board first")
            return Reply(draft, move=self._draft_move(state, draft))
        if command == "clear":
            return Reply(Draft())
        if command == "pass":
            return Reply(draft, move=Pass())
        return Reply(draft, error=f"there is no {command!r} button")

    @staticmethod
    def _tapped(state: IririState, draft: Draft) -> tuple[tuple[Cell, Pyramid], ...]:
        """The draft's pieces on the cells the person tapped."""
        hand = state.hand()
        return tuple((cell, hand[i]) for cell, i in draft.placed.items())

    def _draft_move(self, state: IririState, draft: Draft) -> Place:
        """The move the draft makes.  On the empty board the word may be laid
        anywhere: it is moved to start at cell 0,0, where the first word goes
        (docs/rules-notes.md, decision 4), since only relative places matter."""
        tapped = self._tapped(state, draft)
        if state.board or not tapped:
            return Place(tapped)
        dx = min(x for (x, _), _ in tapped)
        dy = min(y for (_, y), _ in tapped)
        return Place(tuple(((x - dx, y - dy), piece) for (x, y), piece in tapped))

    def hint_steps(self, seen: Seen, move: Any) -> Iterator[list[Step]]:
        """A word: each piece from the hand, then its cell (a cell the board
        shows by then: it grows as pieces reach its edge), then Confirm; a
        take: the piece in the ring; a pass: Pass."""
        state: IririState = seen.state
        hand = state.hand()
        if isinstance(move, Place):
            free = list(range(len(hand)))
            steps = []
            for (x, y), piece in _shown_first(state, move):
                index = next(i for i in free if hand[i] == piece)
                free.remove(index)
                steps.append(tap_step(f"hand:{state.to_move}:{index}", f"the {piece.name} in your hand"))
                steps.append(tap_step(f"cell:{x},{y}", f"cell {x},{y}"))
            yield [*steps, press_step("confirm", "Confirm")]
        elif isinstance(move, Take):
            where = f"the {move.piece.name} at position {move.index + 1} of the ring"
            yield [tap_step(f"ring:{move.index}", where)]
        else:
            yield [press_step("pass", "Pass")]

    # ------------------------------------------------------------ output

    def describe(self, game: Any, state: IririState, move: Any) -> str:
        """ "Yellow lays Y1 Y2 at 0,0 to 1,0 for 6.5", "Blue takes B2 from
        position 7", "Red passes: Red has no pieces left in hand"."""
        who = name(state, state.to_move)
        if isinstance(move, Place):
            score = rules.check_place(state, move)
            where = _span(move.cells)
            return f"{who} lays {words([p for _, p in move.pieces])} at {where} for {score:g}"
        if isinstance(move, Take):
            return f"{who} takes {move.piece} from position {move.index + 1}"
        if not state.hand():
            return f"{who} passes: {who} has no pieces left in hand"
        return f"{who} passes: none of {who}'s pieces forms a valid word anywhere on the board"

    def move_words(self, game: Any, state: IririState, move: Any, past: bool) -> str:
        """ "laid a small yellow and a medium yellow at 0,0 to 1,0 for 6.5
        points", "take the medium blue from position 7", "passed"."""
        if isinstance(move, Place):
            laid = listed([f"a {piece.name}" for _, piece in move.pieces])
            score = rules.check_place(state, move)
            return f"{'laid' if past else 'lay'} {laid} at {_span(move.cells)} for {score:g} points"
        if isinstance(move, Take):
            return f"{'took' if past else 'take'} the {move.piece.name} from position {move.index + 1}"
        return "passed" if past else "pass"

    def summarise_turn(self, game: Any, plies: Sequence[tuple[IririState, Any]]) -> str | None:
        """ "lays Y1 Y2 at 0,0 to 1,0 for 6.5, then takes Y3, B1 and Y2": a
        word laid and the pieces taken after it, named only; None for a
        turn that takes fewer than two."""
        taken = [str(move.piece) for _, move in plies if isinstance(move, Take)]
        state, laid = plies[0]
        if len(taken) < 2 or not isinstance(laid, Place):
            return None
        words_laid = self.describe(game, state, laid).removeprefix(f"{name(state, state.to_move)} ")
        return f"{words_laid}, then takes {', '.join(taken[:-1])} and {taken[-1]}"

    def action_label(self, game: Any, state: IririState, move: Any) -> str:
        """The text of a button that plays ``move``."""
        if isinstance(move, Place):
            score = rules.check_place(state, move)
            cells = ", ".join(f"{piece} at {x},{y}" for (x, y), piece in move.pieces)
            return f"lay {cells} ({score:g} points)"
        if isinstance(move, Take):
            return f"take {move.piece} from position {move.index + 1}"
        return "pass"

    def panel(self, seen: Seen, draft: Draft) -> Panel:
        """Status, scores, preview, whether a person is placing, the word's
        buttons, mirror and scene."""
        state: IririState = seen.state
        acting = seen.acting
        over = state.is_over
        must_pass = list(seen.legal) == [Pass()]
        marks = Marks(
            active=state.to_move if acting and state.phase == PLACE else None, setting_up=seen.setting_up
        )
        preview = None
        if draft.placed and acting:
            preview = self._preview(state, draft, marks)
        if acting and state.phase == TAKE:
            marks.takeable = {move.index for move in seen.legal if isinstance(move, Take)}
        marks.selected = draft.selected
        marks.used = set(draft.placed.values())
        self._mark_last(seen, marks)
        names = list(seen.names)
        own = own_seat(seen)  # (the racks are narrow: the colours, and "you", name them)
        short = [names[s] if s == own else name(state, s) for s in range(state.players)]
        scene = table_scene(state, marks, *seen.size, short, own, seen.least)
        placing = acting and state.phase == PLACE and not over
        valid = preview is not None and preview["valid"]
        controls = [
            control("confirm", "Confirm", valid, primary=True, shown=placing, wide=" word"),
            control("clear", "Clear", bool(draft.placed), shown=placing, wide=" word"),
            control("pass", "Pass", shown=must_pass),
        ]
        return {
            "status": self._status(seen, state, must_pass),
            "scores": [
                {
                    "name": names[seat],
                    "swatch": PALETTE[state.colours[seat]],
                    "cells": [f"{state.scores[seat]:g}", words(state.hands[seat]) or "empty"],
                    "to_move": seat == state.to_move and not over,
                }
                for seat in range(state.players)
            ],
            "preview": preview,
            "placing": placing,
            "controls": controls,
            "columns": columns(("score", "Score"), ("hand", "Hand")),
            "draggable": sorted(t for t in scene.targets() if t.startswith("hand:")),
            "mirror": mirror(state, names),
            "scene": scene,
        }

    def _preview(self, state: IririState, draft: Draft, marks: Marks) -> Preview:
        """The words the draft forms where the person put it, and whether the
        move it makes is legal, with its score or the reason why not."""
        tapped = self._tapped(state, draft)
        move = self._draft_move(state, draft)
        marks.draft = dict(tapped)
        found = rules.formed_words(state, dict(tapped))
        try:
            score: float | None = rules.check_place(state, move)
            reason = ""
        except IllegalMoveError as exc:
            score, reason = None, str(exc)
        marks.words = [(word.cells, word.run is not None and score is not None) for word in found]
        for word in found:
            if word.run is not None:
                marks.run_cells.update(word.run)
        parts: list[PreviewPart] = [{"text": "Words: ", "kind": ""}]
        if not found:
            parts.append({"text": "none yet", "kind": ""})
        for index, word in enumerate(found):
            good = word.run is not None
            if index:
                parts.append({"text": ", ", "kind": ""})
            parts.append(
                {"text": f"{words(word.pieces)} {'✓' if good else '✗'}", "kind": "ok" if good else "no"}
            )
        said = f" · {score:g} points · " if score is not None else f" · {reason} · "
        parts.append({"text": said, "kind": ""})
        parts.append({"text": move_text(move), "kind": "code", "title": "the move in move text"})
        return {"parts": parts, "valid": score is not None, "text": move_text(move)}

    @staticmethod
    def _mark_last(seen: Seen, marks: Marks) -> None:
        """Mark the last turn: the cells of its word, and where in the ring
        its takes left a gap (the ring closes up and renumbers after a take)."""
        for _, move in last_turn(seen):
            if isinstance(move, Place):
                marks.last = set(move.cells)
            elif isinstance(move, Take):
                marks.gaps = [gap - 1 if gap > move.index else gap for gap in marks.gaps] + [move.index]

    def _status(self, seen: Seen, state: IririState, must_pass: bool) -> str:
        waiting = waiting_status(seen, state.to_move, name(state, state.to_move), doing=state.phase)
        if waiting is not None:
            return waiting
        turn = your_turn(seen, state.to_move)
        if state.phase == TAKE:
            room = rules.HAND_SIZE - len(state.hand())
            return (
                f"{turn}: refill your hand: tap {room} more lit "
                f"piece{'s' if room > 1 else ''} of your colour in the ring"
            )
        if must_pass:
            return f"{turn}: {self._pass_reason(state)}, so pass"
        if not state.grid:
            return (
                f"{turn}: lay a first word: 2 or 3 of your pieces in a line, like pieces side "
                "by side in the ring; then Confirm"
            )
        return (
            f"{turn}: lay a word that matches the ring: tap a piece of your hand, then a cell; then Confirm"
        )

    @staticmethod
    def _pass_reason(state: IririState) -> str:
        if not state.hand():
            return "your hand is empty"
        return "none of your pieces forms a valid word anywhere on the board"


def _shown_first(state: IririState, move: Place) -> list[tuple[Cell, Pyramid]]:
    """The pieces of ``move`` in an order where each goes on a cell the board
    shows once the ones before it are down (:func:`iriri_core.pictures.drawing.board_window`)."""
    left = list(move.pieces)
    order: list[tuple[Cell, Pyramid]] = []
    while left:
        x0, y0, x1, y1 = board_window(state, Marks(draft=dict(order)))
        shown = [p for p in left if x0 <= p[0][0] <= x1 and y0 <= p[0][1] <= y1]
        order.append((shown or left)[0])
        left.remove(order[-1])
    return order


def _span(cells: tuple[Cell, ...]) -> str:
    first, last = min(cells), max(cells)
    if first == last:
        return f"{first[0]},{first[1]}"
    return f"{first[0]},{first[1]} to {last[0]},{last[1]}"


def mirror(state: IririState, names: list[str]) -> list[str]:
    """The table in words, for screen readers and keyboard players."""
    lines = []
    if state.is_over:
        lines.append("The game is over.")
    else:
        lines.append(f"{names[state.to_move]} to move, {state.phase} phase.")
    lines.append(
        "Scores: " + ", ".join(f"{names[s]} {state.scores[s]:g}" for s in range(state.players)) + "."
    )
    lines.append(
        "Hands: "
        + "; ".join(f"{names[s]} {words(state.hands[s]) or 'empty'}" for s in range(state.players))
        + "."
    )
    lines.append(
        f"Dictionary ring, {len(state.dictionary)} pieces, clockwise from position 1: "
        + ", ".join(f"{i + 1} {p}" for i, p in enumerate(state.dictionary))
        + "."
    )
    if not state.board:
        lines.append("Board: empty. The first word starts at cell 0,0 and runs across or down.")
    else:
        (left, top), rows = board_rows(state.grid)
        right = left + len(rows[0].split()) - 1
        lines.append(
            f"Board, rows from y {top} to {top + len(rows) - 1}, each from x {left} to {right}, .. is empty:"
        )
        lines.extend(f"row {top + i}: {row}" for i, row in enumerate(rows))
    return lines
