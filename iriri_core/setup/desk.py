"""The set-up beside the table, as the front calls it (docs/setup.md): a
position being set up by hand (:class:`~iriri_core.setup.editor.Editor`),
drawn in the table's place while it is, and a puzzle being made from it
(:class:`~iriri_core.learn.puzzles.PuzzleDraft`), whose answer is played on
the table.  Like the storage and the games with friends, it is a part the
front hands events to and asks to dress the view; it changes the table only
through the events it hands back (a new game from the position)."""

from __future__ import annotations

from typing import Any

from ..learn.puzzles import PuzzleDraft
from ..seats import Seat
from ..table.table import Table
from .editor import Editor
from .rules import SetupError

REPLACING = ("new", "import", "lesson", "game", "coach-try", "friend-invite", "friend-join", "friend-open")
"""The events that put another game on the table: a position being set up,
or a puzzle being made, is done with once one is accepted."""


class Desk:
    """The set-up beside ``table`` (see the module's docstring)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.editor: Editor | None = None
        """A position being set up by hand over the table (Share ▸ Set up a position), or None."""
        self.making: PuzzleDraft | None = None
        """A puzzle being made from a position set up: its answer played on the table, or None."""
        self.checks = 0
        """How many times the hard bot's check of a puzzle being made has finished (a view to show)."""

    def set_up(self, event: dict[str, Any]) -> None:
        """Share ▸ Set up a position: ``do`` is ``open`` (from ``from``: the
        empty board, the start, or the table), ``close``, or a change for the
        editor (:meth:`~iriri_core.setup.editor.Editor.act`)."""
        table, do = self.table, event.get("do")
        if do == "close":
            self.editor = None
        elif do == "open" or self.editor is None:
            try:
                # (the position as the person sees it: a hand hidden from them stays hidden)
                self.editor = Editor.open(
                    table.game, table.presenter, table.seen().state, str(event.get("from", "table"))
                )
            except SetupError as exc:
                table.error(str(exc))
        else:
            self.editor.act(event)

    def edit_link(self, position: str) -> None:
        """A link asked for the set-up (``edit``) on what it put on the table,
        with its ``position`` ("" for none) read whole: the person who wrote
        the link knows every hand."""
        self.set_up({"do": "open", "from": "table"})
        if position and self.editor is not None:
            self.editor.act({"do": "line", "line": position})

    def tap(self, event: dict[str, Any]) -> None:
        """A tap (or a drag, taken where it ends) on the position being set up."""
        if self.editor is not None:
            self.editor.act({"do": "tap", "target": event.get("target")})

    def make_puzzle(self, event: dict[str, Any]) -> dict[str, Any] | None:
        """A puzzle made from the position set up: ``do`` is ``open`` (the
        new game from the position at this screen, on which the answer is
        played: returned, for the front to start as any new game),
        ``question`` or ``credit`` (with ``text``), ``check`` (the hard bot's
        check of the answer) or ``close``."""
        table, do, making, editor = self.table, event.get("do"), self.making, self.editor
        text = event.get("text")
        match do:
            case "open" if editor is not None and editor.problem is None:
                players = editor.game.num_players(editor.state)
                return {"type": "new", "seats": [{"kind": "human"}] * players, "position": editor.line}
            case "open":
                table.error("set up a position that can happen first: the puzzle starts there")
            case "close":
                self.making = None
            case "question" | "credit" if making is not None and isinstance(text, str):
                setattr(making, do, " ".join(text.split())[:200])
            case "check" if making is not None:
                making.check(self.answer())
            case _:
                table.error("there is no puzzle being made; set up a position, then Make a puzzle")
        return None

    def replaced(self, kind: str | None) -> None:
        """After an event of ``kind`` the table accepted: another game on the
        table ends the set-up and the puzzle being made."""
        if kind in REPLACING:
            self.editor, self.making = None, None

    def begin_puzzle(self, line: str) -> None:
        """The game from the position ``line`` is on the table (:meth:`make_puzzle`): the puzzle begins."""
        self.making = PuzzleDraft(self.table.game.name, line)

    def answer(self) -> list[str]:
        """The moves played on the table from the puzzle's position, up to the move shown."""
        return list(self.table.record().moves[: self.table.cursor])

    def dress(self, view: dict[str, Any]) -> dict[str, Any]:
        """The view with the position being set up drawn in the table's place
        (``editor``) and the puzzle being made (``making``)."""
        view["editor"] = view["making"] = None
        if self.editor is not None:
            seen = self.table.seen()
            names = tuple(
                self.table.presenter.player_name(self.editor.state, seat) for seat in range(len(seen.names))
            )
            view["editor"] = editing = self.editor.view(seen.size, seen.least, names)
            view["scene"], view["mirror"] = editing.pop("scene"), editing.pop("mirror")
            view["status"] = "Setting up a position"
            view["draggable"] = []
            view["state"]["thinking"] = False  # (nobody acts on the table meanwhile: advance)
        if self.making is not None:
            view["making"] = making = self.making.view(self.answer())
            view["state"]["thinking"] |= making["checking"]  # (the page runs its loop while it checks)
        return view

    def advance(self, budget: float) -> tuple[bool, float | None]:
        """Whether the set-up takes the page's turn to think, and how long to
        wait then (:meth:`~iriri_core.table.table.Table.advance`): the game on
        the table waits while a position is set up (its taps must not meet a
        table that changes under them), and the hard bot checks a puzzle in slices."""
        if self.editor is not None:
            return True, None
        if self.making is not None and self.making.checking is not None:
            if self.making.think(budget):
                self.checks += 1
            return True, 0.0
        return False, None

    def shown(self) -> Table:
        """The table Share draws: the table, or while a position that can
        happen is being set up, a table at one screen that starts from it, so
        that Share's link, pictures and embed are of the position set up."""
        editor = self.editor
        if editor is None or editor.problem is not None:
            return self.table
        seats = [Seat("human") for _ in range(editor.game.num_players(editor.state))]
        scratch = Table(self.table.game.name, seats, size=self.table.size)
        scratch.new_game(seats, position=editor.line)
        return scratch
