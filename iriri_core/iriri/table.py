"""Iriri at the table: assembling a word tap by tap, the live preview, and
every text a player reads (status, move descriptions, the text mirror)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..drawing import PALETTE
from ..engine import IllegalMoveError, Outcome
from ..match import ColourSeats, ranked_result
from ..match import colour_name as name
from ..pieces import Pyramid, words
from . import rules
from .drawing import Marks, table_scene
from .notation import board_rows, move_text
from .state import PLACE, TAKE, Cell, IririState, Pass, Place, Take

if TYPE_CHECKING:
    from ..match import Table


@dataclass
class Draft:
    """The word a person is putting together: hand pieces on cells."""

    selected: int | None = None
    """The hand piece (index) picked to put down next."""
    placed: dict[Cell, int] = field(default_factory=dict)
    """Cell -> index of the hand piece put there."""
    hinted_take: int | None = None
    """The ring position a hint suggests taking."""


class IririPresenter(ColourSeats):
    """The Iriri half of a :class:`iriri_core.match.Table`."""

    label = "Iriri"
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

    def tap(self, table: Table, target: str | None) -> None:
        """Pick a hand piece, put it on a cell (or take it back), or take from the ring."""
        state: IririState = table.state
        draft: Draft = table.draft
        table.message = None
        kind, _, rest = (target or "").partition(":")
        try:
            if kind == "hand":
                seat, index = (int(part) for part in rest.split(":"))
                self._tap_hand(table, state, draft, seat, index)
            elif kind == "cell":
                x, y = (int(part) for part in rest.split(","))
                self._tap_cell(table, state, draft, (x, y))
            elif kind == "ring":
                self._tap_ring(table, state, int(rest))
            else:
                draft.selected = None
        except ValueError:
            table.error(f"nothing to do with {target!r}")

    def drag(self, table: Table, source: str, target: str) -> None:
        """A hand piece dragged onto a cell: picked (never unpicked, even if
        it was picked already), then put there.  A drag that ends anywhere
        else (the ring, another hand piece) does nothing, like a drag in the air."""
        table.message = None
        if not target.startswith("cell:"):
            return
        state: IririState = table.state
        kind, _, rest = source.partition(":")
        try:
            if kind != "hand" or not target.startswith("cell:"):
                raise ValueError
            seat, index = (int(part) for part in rest.split(":"))
            self._tap_hand(table, state, table.draft, seat, index, toggle=False)
            if table.message is None:
                self.tap(table, target)
        except ValueError:
            table.error(f"nothing to do with a drag from {source!r} to {target!r}")

    def _tap_hand(
        self, table: Table, state: IririState, draft: Draft, seat: int, index: int, toggle: bool = True
    ) -> None:
        if seat != state.to_move:
            table.error(f"that is {name(state, seat)}'s hand; it is {name(state, state.to_move)}'s turn")
        elif state.phase == TAKE:
            table.error("now take pieces of your colour from the ring: tap a highlighted piece")
        elif not 0 <= index < len(state.hand()):
            table.error("there is no piece there")
        elif index in draft.placed.values():
            cell = next(c for c, i in draft.placed.items() if i == index)
            del draft.placed[cell]
            draft.selected = index
        else:
            draft.selected = None if toggle and draft.selected == index else index

    def _tap_cell(self, table: Table, state: IririState, draft: Draft, cell: Cell) -> None:
        if state.phase == TAKE:
            table.error("now take pieces of your colour from the ring: tap a highlighted piece")
            return
        if cell in draft.placed:
            del draft.placed[cell]
            return
        if cell in state.grid:
            table.error(f"cell {cell[0]},{cell[1]} is taken")
            return
        hand = state.hand()
        free = [i for i in range(len(hand)) if i not in draft.placed.values()]
        if not free:
            table.error("all your pieces are on the board: confirm, or tap one to take it back")
            return
        if draft.selected not in free:
            if len({hand[i] for i in free}) > 1:
                table.error("pick a piece from your hand first, then a cell")
                return
            draft.selected = free[0]
        assert draft.selected is not None
        draft.placed[cell] = draft.selected
        draft.selected = None

    def _tap_ring(self, table: Table, state: IririState, index: int) -> None:
        if state.phase != TAKE:
            table.error("you take from the ring after placing a word")
        elif 0 <= index < len(state.dictionary):
            table.play(Take(index, state.dictionary[index]))
        else:
            table.error("there is no piece there")

    def command(self, table: Table, command: str) -> None:
        """``confirm`` the word, ``takeback`` the draft, ``pass``."""
        state: IririState = table.state
        draft: Draft = table.draft
        if command == "confirm":
            if not draft.placed or state.phase != PLACE:
                table.error("put pieces from your hand on the board first")
            else:
                table.play(self._draft_move(state, draft))
        elif command == "takeback":
            table.draft = Draft()
        elif command == "pass":
            table.play(Pass())
        else:
            table.error(f"there is no {command!r} button")

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

    def show_hint(self, table: Table, move: Any) -> str:
        """A suggested placement becomes the draft, previewed and ready to
        confirm; a suggested take is marked on the ring."""
        state: IririState = table.state
        table.draft = Draft()
        if isinstance(move, Place):
            hand = list(range(len(state.hand())))
            for cell, piece in move.pieces:
                index = next(i for i in hand if state.hand()[i] == piece)
                hand.remove(index)
                table.draft.placed[cell] = index
            return self.action_label(table.game, state, move) + "; confirm it, or take it back"
        if isinstance(move, Take):
            table.draft.hinted_take = move.index
            return self.action_label(table.game, state, move)
        return "no word fits anywhere: pass"

    # ------------------------------------------------------------ output

    def describe(self, game: Any, state: IririState, move: Any) -> str:
        """ "Yellow lays Y1 Y2 at 0,0 to 1,0 for 6.5", "Blue takes B2 from position 7"."""
        who = name(state, state.to_move)
        if isinstance(move, Place):
            score = rules.check_place(state, move)
            where = _span(move.cells)
            return f"{who} lays {words([p for _, p in move.pieces])} at {where} for {score:g}"
        if isinstance(move, Take):
            return f"{who} takes {move.piece} from position {move.index + 1}"
        return f"{who} passes"

    def action_label(self, game: Any, state: IririState, move: Any) -> str:
        """The text of a button that plays ``move``."""
        if isinstance(move, Place):
            score = rules.check_place(state, move)
            cells = ", ".join(f"{piece} at {x},{y}" for (x, y), piece in move.pieces)
            return f"lay {cells} ({score:g} points)"
        if isinstance(move, Take):
            return f"take {move.piece} from position {move.index + 1}"
        return "pass"

    def panel(self, table: Table) -> dict[str, Any]:
        """Status, scores, preview, whether a person is placing, buttons,
        mirror and scene."""
        state: IririState = table.state
        draft: Draft = table.draft
        human = table.human_to_move
        over = state.is_over
        legal = table.legal_moves() if human else []
        must_pass = legal == [Pass()]
        marks = Marks(active=state.to_move if human and state.phase == PLACE else None)
        preview = None
        if draft.placed and human:
            preview = self._preview(state, draft, marks)
        if human and state.phase == TAKE:
            marks.takeable = {move.index for move in legal if isinstance(move, Take)}
            marks.hinted = draft.hinted_take
        marks.selected = draft.selected
        marks.used = set(draft.placed.values())
        marks.last = self._last_cells(table)
        names = [
            table.seat_label(seat) if table.seats[seat].is_bot else name(state, seat)
            for seat in range(state.players)
        ]
        scene = table_scene(
            state, marks, table.size[0], table.size[1], [name(state, s) for s in range(state.players)]
        )
        return {
            "status": self._status(table, state, must_pass),
            "scores": [
                {
                    "name": names[seat],
                    "swatch": PALETTE[state.colours[seat]],
                    "score": f"{state.scores[seat]:g}",
                    "hand": words(state.hands[seat]) or "empty",
                    "to_move": seat == state.to_move and not over,
                }
                for seat in range(state.players)
            ],
            "preview": preview,
            "placing": human and state.phase == PLACE and not over,
            "buttons": {
                "confirm": preview is not None and preview["valid"],
                "takeback": bool(draft.placed) and human,
                "pass": must_pass,
            },
            "pass_reason": self._pass_reason(state) if must_pass else "",
            "labels": {"score": "Score", "hand": "Hand"},
            "draggable": sorted(t for t in scene.targets() if t.startswith("hand:")),
            "mirror": mirror(state, names),
            "scene": scene,
        }

    def _preview(self, state: IririState, draft: Draft, marks: Marks) -> dict[str, Any]:
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
        return {
            "text": move_text(move),
            "score": "" if score is None else f"{score:g}",
            "valid": score is not None,
            "words": [{"text": words(word.pieces), "valid": word.run is not None} for word in found],
            "reason": reason,
        }

    @staticmethod
    def _last_cells(table: Table) -> set[Cell]:
        """The cells of the most recent placement before the cursor."""
        for i in range(table.cursor - 1, -1, -1):
            move = table.game.parse_move(table.states[i], table.moves[i])
            if isinstance(move, Place):
                return set(move.cells)
        return set()

    def _status(self, table: Table, state: IririState, must_pass: bool) -> str:
        if table.figure:
            where = f"Move {table.cursor} of {len(table.moves)}"
            if state.is_over:
                return f"{where}. Game over: {table.result_text()}"
            return f"{where}. {name(state, state.to_move)} to {state.phase}"
        if state.is_over:
            return "Game over: " + table.result_text()
        who = table.seat_label(state.to_move)
        if not table.human_to_move:
            return f"{who} is thinking…"
        if table.hinting is not None:
            return f"{who}: looking for a good move…"
        if state.phase == TAKE:
            room = rules.HAND_SIZE - len(state.hand())
            return f"{who}: take {room} more piece{'s' if room > 1 else ''} of your colour from the ring"
        if must_pass:
            return f"{who} cannot form a word and must pass"
        if not state.grid:
            return f"{who}: lay the first word, 2 or 3 pieces in a row or a column, anywhere on the board"
        return f"{who}: place a word — pick a piece from your hand, then a cell; then Confirm"

    @staticmethod
    def _pass_reason(state: IririState) -> str:
        if not state.hand():
            return "your hand is empty"
        return "none of your pieces forms a valid word anywhere on the board"


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
