"""What a table answers when it is read (:class:`TableReading`, the base of
:class:`iriri_core.table.table.Table`): the position shown, who sits and acts
(:mod:`~iriri_core.table.seating`), what the person at the screen sees
(:mod:`~iriri_core.table.sight`), the record, where undo goes, where a drag may
end, and the :class:`~iriri_core.table.changes.Look` its parts that decide read.
Nothing here changes what is on the table (but the readings kept for the
position shown); the table changes it (:mod:`iriri_core.table.table`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..bots import Thinking
from ..engine import Game
from ..learn import coach_mode
from ..learn.coach import Coach
from ..learn.lessons import Lesson
from ..pictures.scene import Scene
from ..presenter import Hint, Presenter, Seen, setting_values
from ..records import Record
from ..seats import Seat
from . import views
from .changes import Look
from .drafts import drop_targets, saved_draft
from .history import History, OnHistory
from .runner import Runner
from .seating import Seating
from .sight import Sight, seen_by
from .undoing import undo_target


class TableReading(OnHistory):
    """A table, read: what is on it is the table's (:class:`iriri_core.table.table.Table` sets each field)."""

    game: Game[Any, Any]
    presenter: Presenter
    seats: list[Seat]
    seed: int | None
    history: History
    runner: Runner
    size: tuple[float, float]
    least: float
    figure: bool
    screen: int | None
    continued: int | None
    lesson: Lesson | None
    coach: Coach | None
    draft: Any
    steps: list[dict[str, Any]] | None
    hint: Hint | None
    message: dict[str, str] | None
    news: list[str | int]
    draw_offer: list[int]
    opened: int
    _seating: Seating | None
    _seen: tuple[Seating, tuple[Any, ...], Seen] | None
    _passes: dict[int, tuple[Any, Any]]
    _legal: tuple[Any, list[Any]]

    def _draft_data(self) -> dict[str, Any] | None:
        return saved_draft(self.steps, self.acting(), self.cursor, self.viewer)

    @property
    def settings(self) -> dict[str, int]:
        """The game's own settings, as the game on the table was started with."""
        return setting_values(self.presenter, self.history.start)

    @property
    def states(self) -> list[Any]:
        """Every position of the game, from the start, undone ones too."""
        return [self.history.position(i) for i in range(self.history.length + 1)]

    @property
    def descriptions(self) -> list[str]:
        """Every move in words, as the person at the screen sees it."""
        sight = self.sight()
        return [views.described(sight, i, sight.viewer)[1] for i in range(self.history.length)]

    @property
    def hinting(self) -> Thinking | None:
        """The hint being worked out, if one is."""
        return self.runner.hinting

    @property
    def seat_to_move(self) -> int:
        """The seat to act, CHANCE, or TERMINAL."""
        return self.game.current_player(self.state)

    def seating(self) -> Seating:
        """Who sits and who acts in the position shown (:class:`~iriri_core.table.seating.Seating`),
        made again only when the position, the seats or the screen change."""
        state, kept = self.state, self._seating
        if (
            kept is None
            or kept.state is not state
            or kept.presenter is not self.presenter
            or (kept.cursor, kept.figure, kept.screen, kept.continued, kept.lesson)
            != (self.cursor, self.figure, self.screen, self.continued, self.lesson is not None)
            or kept.seats != tuple(self.seats)
        ):
            kept = self._seating = Seating(
                self.game,
                self.presenter,
                tuple(self.seats),
                state,
                self.cursor,
                self.figure,
                self.screen,
                self.continued,
                lesson=self.lesson is not None,
                passes=self._passes,
            )
        return kept

    @property
    def person_rolls(self) -> bool:
        """Chance is to roll for the person at the table: they press Roll."""
        return self.seating().person_rolls

    @property
    def human_to_move(self) -> bool:
        """A person is to act now, with a move to choose (:class:`~iriri_core.table.seating.Seating`)."""
        return self.seating().human_to_move

    def forced(self, state: Any = None) -> Any | None:
        """The pass the table makes for a person in ``state`` (:meth:`.Seating.forced`)."""
        return self.seating().forced(state)

    @property
    def viewer(self) -> int:
        """Who the table is shown to (:attr:`iriri_core.table.seating.Seating.viewer`)."""
        return self.seating().viewer

    @property
    def between_rounds(self) -> bool:
        """A round has ended and the people have not moved on yet."""
        return self.seating().between_rounds

    def legal_moves(self, state: Any = None) -> list[Any]:
        """The legal moves in ``state``, by default the position shown
        (worked out once per position)."""
        state = self.state if state is None else state
        if self._legal[0] is not state:
            self._legal = (state, self.game.legal_moves(state))
        return self._legal[1]

    def acting(self) -> bool:
        """Whether the person at the screen is a person whose turn it is:
        who may pick, tap and play."""
        return self.seating().acting

    def record(self) -> Record:
        """The game so far (up to the end of the history, not the cursor)."""
        return self.history.record(self.game, len(self.seats), self.seed)

    def result_text(self) -> str:
        """How the game on the table ended, in words; "" before the end."""
        return self.seating().result_text()

    def seen(self) -> Seen:
        """The table as the person at the screen sees it (made again only
        when the position, the seats, the screen, the size or the hint being
        worked out change)."""
        seating = self.seating()
        key = (self.size, self.least, self.history.length, self.hinting is not None)
        kept = self._seen
        if kept is None or kept[0] is not seating or kept[1] != key:
            kept = self._seen = (
                seating,
                key,
                seen_by(seating, self.history, self.legal_moves, self.size, key[3], self.least),
            )
        return kept[2]

    def sight(
        self, cursor: int | None = None, size: tuple[float, float] | None = None, figure: bool | None = None
    ) -> Sight:
        """What the person at the screen may know of the table now
        (:class:`~iriri_core.table.sight.Sight`), from which every view is worked
        out; or, given ``cursor``, ``size`` or ``figure``, the table drawn
        as a picture at move ``cursor``: nothing being put together, no
        hint, nobody thinking, and, in a game with hidden information, as
        anyone may see it."""
        history = self.history
        if cursor is None and size is None and figure is None:
            return Sight(
                seating=self.seating(),
                seen=self.seen(),
                start=history.start,
                plies=tuple(history.plies),
                draft=self.draft,
                hint=self.hint,
                message=self.message,
                news=tuple(self.news),
                draw_offer=tuple(self.draw_offer),
                hinting=self.hinting is not None,
                undo=self.undo_target() is not None,
                decisions=tuple(self.runner.decisions),
                opened=self.opened,
                seed=self.seed,
                settings=tuple(self.settings.items()),
                draft_data=self._draft_data(),
                lesson=self.lesson,
                coach=coach_mode.coach_view(self.look()),
            )
        cursor = history.cursor if cursor is None else cursor
        figure = self.figure if figure is None else figure
        state, anyone = history.position(cursor), self.game.hidden_information
        seating = replace(self.seating(), state=state, cursor=cursor, figure=figure, anyone=anyone)
        return Sight(
            seating=seating,
            seen=seen_by(seating, history, self.legal_moves, self.size if size is None else size, False),
            start=history.start,
            plies=tuple(history.plies),
            draft=self.presenter.new_draft(),
            opened=self.opened,
            seed=self.seed,
        )

    def undo_target(self) -> int | None:
        """Where undo goes: the last earlier position where a person was to
        act (not one where the table passed for them); None if there is
        none (a bot opened and nobody has moved since), or if undo may not
        go there (:func:`iriri_core.table.undoing.undo_target`)."""
        return undo_target(self.history, self.seating())[0]

    def look(self) -> Look:
        """The table as its parts that decide read it (:class:`~iriri_core.table.changes.Look`)."""
        return Look(
            *(self.game, self.presenter, tuple(self.seats), self.history, self.runner, self.figure),
            *(self.draft, self.hint, tuple(self.draw_offer), self.lesson, self.coach, self.size),
            *(self.message, self.seating(), self.seen),
        )

    def drops(self, source: str) -> list[str]:
        """Where a drag from ``source`` may end: the targets on which the
        presenter makes of it a legal move, or a step of one (a piece put in
        a word); the page lights them up while a piece is dragged."""
        if not self.acting():
            return []
        return drop_targets(self.presenter, self.seen(), self.draft, source)

    def scene(self) -> Scene:
        """The canvas picture of the table, as :func:`iriri_core.pictures.scene.to_svg` writes it, with
        the hint's next steps ringed (the presenter's panel: :func:`iriri_core.table.views.panel`)."""
        scene: Scene = views.panel(self.sight())["scene"]
        return scene
