"""Setting up a position by hand (docs/setup.md): the position being made,
the tool in hand, and whether the position can happen, with the reason in
words when it cannot.

The editor holds a state of the game built without the checks of a game
played (:mod:`iriri_core.setup.rules`).  Whether it can happen is asked of
the game's own reader, once per change: the position is written in one line
and read back (``game.from_text``), so the set-up refuses exactly what a link
or a file would, in the same words.

>>> from iriri_core import Seat, Table
>>> table = Table("hextris", [Seat("human"), Seat("human")])
>>> editor = Editor.open(table.game, table.presenter, table.state, "empty")
>>> editor.act({"do": "tool", "tool": "Y3"}); editor.act({"do": "tap", "target": "spot:c3"})
>>> editor.line
'hextris:3/4/2Y32/4/3:YB:1:554,555:0,0:0:-'
>>> editor.problem is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import SPECTATOR, Game
from ..presenter import Presenter, Seen, setup_rules
from .rules import SetupError, SetupRules, Step

LONGEST = 2000
"""The most characters a field or a line typed into the set-up may have (a
position line is a few hundred at most), so that no paste costs the reader long."""

STARTS = {"empty": "the empty board", "start": "the start of a game", "table": "the position on the table"}
"""What a set-up may start from."""


@dataclass
class Editor:
    """A position being set up (see the module's docstring)."""

    game: Game[Any, Any]
    presenter: Presenter
    rules: SetupRules
    state: Any
    tool: str
    message: str = ""
    """Why the last tap, field or line was refused ("" when it was not)."""
    problem: str | None = None
    """Why the position cannot happen under the rules; None when it can."""
    line: str = ""
    """The position in one line (as far as a line can write it)."""

    @classmethod
    def open(cls, game: Game[Any, Any], presenter: Presenter, table_state: Any, start: str) -> Editor:
        """An editor of ``game`` starting from ``start`` (a key of :data:`STARTS`),
        ``table_state`` being the position on the table; raises
        :class:`SetupError` for a game with no set-up."""
        rules = setup_rules(game.name)
        if rules is None:
            raise SetupError(f"{presenter.label or game.title} has no set-up of positions")
        editor = cls(game, presenter, rules, table_state, rules.tools(table_state)[0].id)
        editor.begin(start, table_state)
        return editor

    def begin(self, start: str, table_state: Any) -> None:
        """Start again from ``start`` (a key of :data:`STARTS`)."""
        match start:
            case "empty":
                self.state = self.rules.empty(table_state)
            case "start":
                self.state = self.game.new_game(self.game.num_players(table_state))
            case "table":
                self.state = table_state
            case _:
                raise SetupError(f"a set-up starts from {', '.join(STARTS)}, not {start!r}")
        self.message = ""
        self._checked()

    def act(self, event: dict[str, Any]) -> None:
        """One change asked for on the page: ``do`` is ``tool`` (with
        ``tool``), ``tap`` (with ``target``, a target of the scene),
        ``field`` (with ``field`` and ``value``), ``line`` (with ``line``)
        or ``start`` (with ``from``).  A refusal is kept in
        :attr:`message`; the position is kept as it was."""
        try:
            self._act(event)
        except (
            ValueError
        ) as exc:  # (a SetupError, or a game's own reader refusing a name: "z9 is not a spot")
            self.message = str(exc)
            return
        self.message = ""
        self._checked()

    def _act(self, event: dict[str, Any]) -> None:
        if any(isinstance(value, str) and len(value) > LONGEST for value in event.values()):
            raise SetupError(f"that is too long for a position: at most {LONGEST} characters")
        match event.get("do"):
            case "tool" if any(tool.id == event.get("tool") for tool in self.rules.tools(self.state)):
                self.tool = event["tool"]
            case "tap" if isinstance(event.get("target"), str):
                self.state = self.rules.put(self.state, self.tool, event["target"])
            case "tap":
                raise SetupError("tap a place on the board")
            case "field" if isinstance(event.get("field"), str) and isinstance(event.get("value"), str):
                self.state = self.rules.set(self.state, event["field"], event["value"])
            case "line" if isinstance(event.get("line"), str):
                try:
                    self.state = self.game.from_text(event["line"].strip())
                except ValueError as exc:
                    raise SetupError(f"that line cannot be read: {exc}") from None
            case "start":
                self.begin(str(event.get("from")), self.state)
            case _:
                raise SetupError("the set-up does not know that change")

    def _checked(self) -> None:
        """Work out :attr:`line` and :attr:`problem` for the position now."""
        try:
            self.line = self.game.to_line(self.state) or ""
            self.game.from_text(self.line)
        except (ValueError, IndexError, KeyError) as exc:
            self.problem = str(exc) or "this position cannot be written"
        else:
            self.problem = None

    def seen(self, size: tuple[float, float], least: float, names: tuple[str, ...]) -> Seen:
        """The position as a spectator sees it, at the table's size, for the presenter to draw."""
        return Seen(
            game=self.game,
            state=self.state,
            viewer=SPECTATOR,
            acting=False,
            legal=(),
            names=names,
            plies=(),
            size=size,
            least=least,
            setting_up=True,
        )

    def view(self, size: tuple[float, float], least: float, names: tuple[str, ...]) -> dict[str, Any]:
        """What the page shows of the set-up: the board drawn (``scene``),
        the palette, the fields, the line, and the verdict in words."""
        drawn = self.presenter.panel(self.seen(size, least, names), self.presenter.new_draft())
        return {
            "scene": drawn["scene"].to_json(),
            "mirror": drawn["mirror"],
            "tools": [
                {"id": t.id, "label": t.label, "short": t.short, "colour": t.colour, "size": t.size}
                for t in self.rules.tools(self.state)
            ],
            "tool": self.tool,
            "fields": [
                {
                    "id": f.id,
                    "label": f.label,
                    "value": f.value,
                    "choices": [list(c) for c in f.choices],
                    "help": f.help,
                }
                for f in self.rules.fields(self.state)
            ],
            "line": self.line,
            "players": self.game.num_players(self.state),
            "problem": self.problem,
            "message": self.message,
        }


def step_event(step: Step) -> dict[str, Any]:
    """The editor's event (:meth:`Editor.act`) for one step of a trial, as the page sends it."""
    match step:
        case ("tool", tool):
            return {"do": "tool", "tool": tool}
        case ("tap", target):
            return {"do": "tap", "target": target}
        case ("field", field, value):
            return {"do": "field", "field": field, "value": value}
    raise SetupError(f"a step is a tool, a tap or a field, not {step!r}")


@dataclass(frozen=True)
class Taps:
    """What setting up a position costs a person on a phone, step by step
    (:func:`taps`): presses of the palette (only where the piece in hand
    changes), taps on the board, choices (two taps each: open, choose) and
    characters typed (with one tap to reach the box)."""

    palette: int
    board: int
    choices: int
    typed: int

    @property
    def total(self) -> int:
        return self.palette + self.board + 2 * self.choices + self.typed


def taps(editor: Editor, steps: tuple[Step, ...]) -> Taps:
    """Take ``steps`` on ``editor`` (raising :class:`SetupError` at a refusal); what they cost."""
    palette = board = choices = typed = 0
    for step in steps:
        if step[0] == "tool" and step[1] == editor.tool:
            continue  # (the piece is in hand already)
        kinds = {field.id: bool(field.choices) for field in editor.rules.fields(editor.state)}
        editor.act(step_event(step))
        if editor.message:
            raise SetupError(f"{step}: {editor.message}")
        match step:
            case ("tool", _):
                palette += 1
            case ("tap", _):
                board += 1
            case ("field", field, _) if kinds.get(field):
                choices += 1
            case ("field", _, value):
                typed += len(value) + 1
    return Taps(palette, board, choices, typed)
