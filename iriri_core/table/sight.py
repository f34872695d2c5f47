"""What one viewer may know of a table at one moment: the seating and the
position shown (:class:`~iriri_core.table.seating.Seating`), the presenter's
:class:`~iriri_core.presenter.Seen`, the moves of the game, the canvas size,
the draft, the hint and what the person is told.  The table makes one
:class:`Sight` per event (:meth:`iriri_core.table.table.Table.sight`), and the views
(:mod:`iriri_core.table.views`) are worked out from it alone: they read it and
change nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import Game
from ..learn.lessons import Lesson
from ..presenter import Hint, Presenter, Seen
from ..records import Record
from ..site.links import Snapshot
from .history import History, Ply
from .seating import Seating

RECENT = 8
"""How many of the last moves a presenter is given (to mark the last move)."""


def seen_by(
    seating: Seating,
    history: History,
    legal_moves: Callable[[Any], list[Any]],
    size: tuple[float, float],
    hinting: bool,
    least: float = 0.0,
) -> Seen:
    """The presenter's view of the position ``seating`` shows, for its
    viewer: the legal moves there (``legal_moves``, asked only for a person
    acting, who picks among them), at canvas ``size``, ``hinting`` while a
    hint is being worked out."""
    game, state, viewer = seating.game, seating.state, seating.viewer
    acting = seating.acting
    plies = history.plies[max(0, seating.cursor - RECENT) : seating.cursor]
    return Seen(
        game=game,
        state=seating.shown,
        viewer=viewer,
        acting=acting,
        legal=tuple(legal_moves(state)) if acting and not seating.person_rolls else (),
        names=seating.names,
        plies=tuple(ply.view(game, viewer) for ply in plies),
        size=size,
        least=0.0 if seating.figure else least,
        figure=seating.figure,
        cursor=seating.cursor,
        moves=history.length,
        thinking=seating.bot_to_move and not game.is_over(state) and not seating.between_rounds,
        chance_name=seating.presenter.chance_name,
        hinting=hinting,
        result=seating.result_text(),
        people=len(seating.people),
        passing=seating.pass_words(),
    )


@dataclass(frozen=True)
class Sight:
    """A table as one viewer sees it, at one moment."""

    seating: Seating
    seen: Seen
    start: Any
    """The position the game started from."""
    plies: tuple[Ply, ...]
    """Every move of the game, undone ones too (those from the cursor on)."""
    draft: Any
    """The move the person to act is putting together."""
    hint: Hint | None = None
    message: dict[str, str] | None = None
    """What the person is told: why not, a hint, news (docs/page.md)."""
    news: tuple[str | int, ...] = ()
    """What just happened, for the live region: texts, and moves (their numbers)."""
    draw_offer: tuple[int, ...] = ()
    """The people still to answer a draw offered."""
    hinting: bool = False
    """A hint is being worked out."""
    undo: bool = False
    """Undo has somewhere to go."""
    decisions: tuple[Any, ...] = ()
    """How long the bots took over their moves (the view's ``timing``)."""
    opened: int = 0
    """How many games the table has shown (a change: another game)."""
    seed: int | None = None
    settings: tuple[tuple[str, int], ...] = ()
    """The game's own settings, as the game was started with."""
    draft_data: dict[str, Any] | None = None
    """The draft as it is saved with the match (None: none to save)."""
    lesson: Lesson | None = None
    """The lesson on the table (Learn to play), if it is one."""
    coach: dict[str, Any] | None = None
    """The coach as the view shows it (:func:`iriri_core.learn.coach_mode.coach_view`), if it is offered."""

    @property
    def game(self) -> Game[Any, Any]:
        return self.seating.game

    @property
    def presenter(self) -> Presenter:
        return self.seating.presenter

    @property
    def cursor(self) -> int:
        return self.seating.cursor

    @property
    def state(self) -> Any:
        """The position shown (the whole of it: not for the viewer's eyes)."""
        return self.seating.state

    @property
    def viewer(self) -> int:
        return self.seen.viewer

    @property
    def length(self) -> int:
        """How many moves the game has, undone ones too."""
        return len(self.plies)

    def position(self, index: int) -> Any:
        """The position after ``index`` moves."""
        return self.start if index == 0 else self.plies[index - 1].after

    def record(self) -> Record:
        """The game so far (undone moves too)."""
        game = self.game
        texts = tuple(ply.text for ply in self.plies)
        return Record(game.name, len(self.seating.seats), game.to_text(self.start), texts, self.seed)

    def snapshot(self) -> Snapshot:
        """Everything needed to put the table back (:meth:`iriri_core.table.table.Table.snapshot`)."""
        seats = tuple(seat.text for seat in self.seating.seats)
        return Snapshot(self.record(), seats, self.cursor, self.draft_data)
