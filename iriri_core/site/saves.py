"""How the site keeps games in the browser's storage (docs/page-saving.md,
"Saving"): every rule of saving, under the keys :mod:`iriri_core.site.storage`
names (this module gives them too): a match saved per game, a save that
cannot be read set aside, the game a link or a new game replaces kept to go
back to, a save another tab made never overwritten unless the player
chooses to (the game not taken then kept to go back to), and the player
told, lastingly, while the browser keeps nothing.

The storage is passed in (:class:`Store`): web/main.py wraps the browser's
``localStorage``; tests pass a dictionary.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..engine import GameError, game_names, get_game
from ..learn.lesson_mode import lesson_met, tour_view
from ..learn.progress import Progress
from ..pictures import figures, packed
from ..pictures.packed import Step
from ..seats import default_seats
from ..table.history import History
from ..table.table import Table
from .links import Snapshot, parse_options
from .storage import (
    DAMAGED,
    GAME,
    LEARNED,
    LINKED,
    MAX_DAMAGED,
    NEWER,
    OTHER_TAB,
    PICTURE,
    PREVIOUS,
    SAVED,
    UNSAVED,
    WELCOMED,
    Offers,
    StorageRefused,
    Store,
    saved_key,
)

__all__ = [
    "DAMAGED",
    "GAME",
    "LEARNED",
    "LINKED",
    "MAX_DAMAGED",
    "NEWER",
    "OTHER_TAB",
    "PICTURE",
    "PREVIOUS",
    "SAVED",
    "UNSAVED",
    "WELCOMED",
    "Offers",
    "Shelf",
    "StorageRefused",
    "Store",
    "in_progress",
    "saved_key",
]


def in_progress(snapshot: Snapshot) -> bool:
    """Whether ``snapshot`` is a game that has begun (a seat has moved: a
    deal alone is not a game begun) and is not over."""
    if not snapshot.record.moves:
        return False
    game = get_game(snapshot.record.game)
    history = History.replay(game, snapshot.record, snapshot.cursor)
    return history.begun(game) and not game.is_over(history.state)


class Shelf:
    """The storage rules for one tab of the site, around its ``table``.
    ``store`` None saves nothing (an embed); ``clock`` gives milliseconds
    (names the damaged saves)."""

    def __init__(self, table: Table, store: Store | None, offers: Offers, clock: Callable[[], float]) -> None:
        self.table = table
        self.store = store
        self.offers = offers
        self.progress = Progress(store)
        self.clock = clock
        self.known: dict[str, str | None] = {}
        """Each match key's text as this tab last read or wrote it: a key
        that holds something else was saved by another tab since."""
        self.last_saved = ""
        self.problem: str | None = None
        """Why the game is not being saved (UNSAVED, NEWER), told with every
        view until a save works again."""
        self.asked_edit: str | None = None
        """Whether the last link followed asked for the set-up of positions
        (``edit``): None if not, else the position it gives ("" for none)."""

    # ------------------------------------------------------------ what the player is told

    def dress(self, view: dict[str, Any]) -> dict[str, Any]:
        """``view`` with the storage's problem: a save refused as its
        message, where the table has nothing more pressing to say; another
        tab's save as ``other_tab``, the words of a line of their own
        that offers the two ways out (:meth:`settle`), else None; the
        game's lessons, each marked if learned in this browser (``tour``);
        and whether to welcome a newcomer to this game (``welcome``: the
        line offering its lessons: :mod:`iriri_core.learn.progress`)."""
        if self.problem == UNSAVED and view.get("message") is None:
            view["message"] = {"kind": "error", "text": self.problem}
        view["other_tab"] = NEWER if self.problem == NEWER else None
        table, progress = self.table, self.progress
        game = table.game.name
        learned, welcomed = progress.learned(), progress.welcomed()  # (each key read once a view)
        lesson = table.lesson  # (a puzzle solved is no lesson learned)
        if lesson is not None and lesson.in_tour and lesson_met(lesson, tuple(table.moves[: table.cursor])):
            learned = progress.learn(lesson.game, lesson.id, learned)
        view["tour"] = tour_view(game, set(learned.get(game, [])))
        if table.history.begun(table.game):  # (a deal alone is no game begun)
            welcomed = progress.welcome_done(game, welcomed)
        view["welcome"] = table.lesson is None and progress.welcome(game, learned, welcomed)
        return view

    # ------------------------------------------------------------ reading

    def _read(self, key: str) -> str | None:
        assert self.store is not None
        text = self.store.get(key)
        self.known[key] = text
        return text

    def _set_aside(self, game: str, saved: str, problem: str) -> list[str]:
        """Move a save of ``game`` that cannot be read among the damaged
        saves (so it is never overwritten), the oldest dropped past
        MAX_DAMAGED; returns what the player must be told."""
        assert self.store is not None
        older = self._damaged_keys()
        stamp = max(
            [int(self.clock()), *(_stamp(key) + 1 for key in older)]
        )  # the newest, whatever the clock
        try:
            self.store.set(f"{DAMAGED}{stamp}", saved)
            where = "kept"
        except StorageRefused:
            where = "not kept (storage full)"
        for key in self._damaged_keys()[:-MAX_DAMAGED]:
            self.store.remove(key)
        self.store.remove(saved_key(game))
        self.known[saved_key(game)] = None
        self.store.remove(PICTURE)
        self.offers.offer_damaged(self.damaged())
        return [f"Your saved game could not be read ({problem}); it is {where}, to download from Share."]

    def _damaged_keys(self) -> list[str]:
        assert self.store is not None
        keys = self.store.keys()
        return sorted((key for key in keys if key.startswith(DAMAGED)), key=_stamp)

    def damaged(self) -> list[str]:
        """Every damaged save kept, oldest first."""
        if self.store is None:
            return []
        found = (self.store.get(key) for key in self._damaged_keys())
        return [text for text in found if text is not None]

    def discard_damaged(self) -> None:
        """The player discards the damaged saves (Share ▸ Discard the damaged saves)."""
        if self.store is not None:
            for key in self._damaged_keys():
                self.store.remove(key)
        self.offers.offer_damaged([])

    def saved_match(self, game: str) -> tuple[Snapshot | None, list[str]]:
        """The saved match of ``game``, if there is one and it replays, and
        what the player must be told (a save that does not is set aside)."""
        saved = self._read(saved_key(game))
        if not saved:
            return None, []
        try:
            snapshot = Snapshot.from_json(saved)
            if snapshot.record.game != game:
                found = get_game(snapshot.record.game).title
                raise GameError(f"it is a game of {found}, kept where {get_game(game).title} is kept")
            snapshot.record.replay()
        except GameError as exc:
            return None, self._set_aside(game, saved, str(exc))
        return snapshot, []

    def resume(self, game: str) -> list[str]:
        """Put back the saved match of ``game``, if there is one; returns
        what the player must be told."""
        snapshot, notes = self.saved_match(game)
        if snapshot is not None:
            self.table.load(snapshot)
        return notes

    def start(self) -> list[str]:
        """Open the game played last and put its saved match back; returns
        what the player must be told."""
        if self.store is None:
            return []
        game = self.store.get(GAME)
        self.progress.start([name for name in game_names() if self.store.get(saved_key(name)) is not None])
        if game in game_names() and game != self.table.game.name:
            self.table.new_game(default_seats(), game=game)
        notes = self.resume(self.table.game.name)
        damaged = self.damaged()
        if damaged and not notes:  # (a save just set aside has offered them already)
            self.offers.offer_damaged(damaged)
        previous = self.store.get(PREVIOUS)
        if previous:
            self.offers.offer_previous(previous, False)
        return notes

    # ------------------------------------------------------------ saving

    def save(self, view: dict[str, Any]) -> bool:
        """Keep the match, and the picture of ``view``, in storage (never a
        figure's); returns whether :attr:`problem` changed, so that the page
        shows the view again."""
        table = self.table
        if table.lesson is not None:  # a lesson is not the player's game: theirs stays saved
            return False
        if self.store is None or table.figure:
            return False
        before = self.problem
        text = table.snapshot().to_json()
        if text == self.last_saved:
            return False
        key = saved_key(table.game.name)
        there = self.store.get(key)
        if there is not None and there != self.known.get(key):
            self.problem = NEWER  # another tab saved it: theirs stays
            return self.problem != before
        try:
            self.store.remove(PICTURE)  # never a picture of another game than the one saved
            self.store.set(key, text)
            self.known[key] = text
            self.store.set(GAME, table.game.name)
        except StorageRefused:  # full, or blocked: the game goes on, unsaved, and the player knows
            self.problem = UNSAVED
            return self.problem != before
        self.last_saved, self.problem = text, None
        self._keep_picture(view)
        return self.problem != before

    def _keep_picture(self, view: dict[str, Any]) -> None:
        table = self.table
        assert self.store is not None
        if table.game.hidden_information:  # the next visit's picture shows no one's hand
            moves = range(table.cursor, table.cursor + 1)
            scene, status = figures.draw(table, moves, table.size, figure=False)[0]
            step = Step(scene.to_json(), status)
        else:
            step = Step(view["scene"], view["status"])
        code = packed.pack(table.game.name, table.presenter.label, [step], table.cursor, len(table.moves))
        with contextlib.suppress(StorageRefused):  # else the next visit shows no picture first
            self.store.set(PICTURE, code)

    def stored_elsewhere(self, key: str | None, text: str | None) -> bool:
        """Another tab stored ``text`` under ``key`` (a ``storage`` event):
        if it is the game shown, this tab stops saving it and says so;
        returns whether the player must be shown the view again."""
        if key != saved_key(self.table.game.name) or text is None or text == self.known.get(key):
            return False
        before, self.problem = self.problem, NEWER
        return self.problem != before

    # ------------------------------------------------------------ two tabs

    def settle(self, keep: Any) -> None:
        """The player answers :data:`NEWER` (an :data:`OTHER_TAB` event):
        ``"theirs"`` puts the other tab's game on the table, ``"mine"``
        saves this tab's over it.  Either way the game not taken is kept
        under PREVIOUS, to go back to (offered in a line at the top and in
        Share), unless every move of it is in the game taken; where it
        cannot be kept (storage full) nothing changes and the player is
        told."""
        table = self.table
        if keep not in ("theirs", "mine"):
            table.error(f'an {OTHER_TAB} event keeps "theirs" or "mine"')
            return
        if self.store is None or self.problem != NEWER:
            table.error("no other tab has saved this game since this one did: there is nothing to choose")
            return
        mine, key = table.snapshot(), saved_key(table.game.name)
        known = self.known.get(key)
        theirs, notes = self.saved_match(table.game.name)  # (read now: what this tab knows of the key)
        # (their save gone, or set aside as damaged: this tab's game is the one to save)
        take_theirs = keep == "theirs" and theirs is not None
        taken, left = (theirs, mine) if theirs is not None and take_theirs else (mine, theirs)
        kept = False
        if left is not None and not _holds(taken, left):
            try:
                self.store.set(PREVIOUS, left.to_json())
            except StorageRefused:
                self.known[key] = known  # (so the next save still leaves the other tab's)
                whose = "This tab's" if take_theirs else "The other tab's"
                table.error(
                    f"{whose} game could not be kept to go back to (this browser's storage is full), "
                    "so nothing has changed: Share ▸ Save as a file keeps the game shown."
                )
                return
            self.offers.offer_previous(left.to_json(), True)
            kept = True
        self.problem = None
        if take_theirs and theirs is not None:
            table.load(theirs)
            self.last_saved = theirs.to_json()
            said = "This tab now shows the other tab's game"
            gone = "the game this tab had"
        else:
            self.last_saved = ""  # saved at once, over the other tab's
            said = "This tab's game is saved again"
            gone = "the other tab's game"
        said += f"; {gone} is kept: Share ▸ Back to the game I had." if kept else "."
        table.note(" ".join([*notes, said]), lasting=True)

    # ------------------------------------------------------------ the game replaced, kept

    def _forget_previous(self, text: str) -> None:
        """If ``text`` is the game kept before, the player went back to it:
        it is the saved game now, and there is nothing to go back to."""
        assert self.store is not None
        if self.store.get(PREVIOUS) == text:
            self.store.remove(PREVIOUS)
            self.offers.forget_previous()

    def own_game(self) -> Snapshot | None:
        """The player's own game of the game on the table, which a game put
        there replaces: the table's, except that a lesson, or a game with a
        friend by links (kept by itself: iriri_core.by_links.table), stands in
        the place of the saved match of that game."""
        table = self.table
        if table.lesson is not None or any(seat.kind == "friend" for seat in table.seats):
            return self.saved_match(table.game.name)[0]
        return table.snapshot()

    def keep_replaced(
        self, before: Snapshot | None, banner: bool, finished: bool = False
    ) -> tuple[bool, list[str]]:
        """Keep the game in progress that the one now on the table replaces,
        to go back to (offered in Share, and with ``banner`` in a line at
        the top): the game that was on the table or, where the table went
        over to another game, the saved match of that game (the game left
        keeps its own save); with ``finished``, a finished game too (one
        the coach looked at, played on from one of its positions).  A
        link's game the player has not played on never takes the place of
        a game kept.  Returns whether a game is kept, and what the player
        must be told."""
        assert self.store is not None
        table, notes = self.table, list[str]()
        if before is not None and before.record.game != table.game.name:
            before, notes = self.saved_match(table.game.name)
        elif before is None:  # a figure's: the game now shown is saved over what this tab found there
            self._read(saved_key(table.game.name))
        worth = before is not None and (in_progress(before) or (finished and bool(before.record.moves)))
        if before is None or not worth or before == table.snapshot():
            return False, notes
        text, kept = before.to_json(), self.store.get(PREVIOUS)
        if kept and text == self.store.get(LINKED):  # a link's game, untouched: the player's own stays kept
            self.offers.offer_previous(kept, banner)
            return True, notes
        try:
            self.store.set(PREVIOUS, text)
        except StorageRefused:
            return False, [*notes, "The game you had could not be kept: this browser's storage is full."]
        self.offers.offer_previous(text, banner)
        return True, notes

    def open_link(self, fragment: str) -> list[str]:
        """Follow a link's options; returns what the player must be told.  A
        game in progress that the link replaces is kept, to go back to from
        Share."""
        table = self.table
        before = self.own_game()
        self.asked_edit = None
        try:
            options = parse_options(fragment)
            table.apply(options)
        except GameError as exc:
            return [f"This link could not be opened: {exc}."]
        self.asked_edit = (options.position or "") if options.edit else None
        notes = [f"{note}; the game is as the link has it." for note in options.notes]
        if self.store is None or table.lesson is not None:  # (a lesson is never saved: nothing is replaced)
            return notes
        kept, problems = self.keep_replaced(before, banner=False)
        notes += problems
        if kept:
            notes.append("The game you had is kept: Share ▸ Back to the game I had.")
        try:
            self.store.set(LINKED, table.snapshot().to_json())
        except StorageRefused:
            self.store.remove(LINKED)
        return notes

    # ------------------------------------------------------------ events

    def switch(self, name: str) -> None:
        """The game picker: a game of ``name`` on the table, and its match played before put back."""
        table = self.table
        if table.switch(name):
            notes = self.resume(table.game.name)  # the match of that game played before, if any
            if notes:
                table.error(" ".join(notes), lasting=True)

    def replaced(self, event: dict[str, Any], before: Snapshot | None) -> None:
        """After a new game, a file opened or a coached position played on
        from (``event``): the game it replaced (``before``, the player's own:
        :meth:`own_game`; None for a figure's) kept to go back to, unless
        the table refused it."""
        table, kind = self.table, event["type"]
        said = table.message  # (a try says how to play on: anything else said is a refusal)
        if said is not None and (kind != "coach-try" or said["kind"] == "error"):
            return
        if kind == "import":
            self._forget_previous(event["text"])
        finished = kind == "coach-try"  # the game the coach looked at, kept to go back to
        _, notes = self.keep_replaced(before, banner=True, finished=finished)
        if notes:
            table.error(" ".join(notes), lasting=True)


def _holds(whole: Snapshot, part: Snapshot) -> bool:
    """Whether every move of ``part`` is in ``whole`` (the same start, its
    moves the first of ``whole``'s), so that keeping ``part`` keeps nothing
    more.

    >>> from iriri_core.records import Record
    >>> game = Snapshot(Record("iriri", 2, "start", ("a", "b"), 1), ("human", "human"), 2)
    >>> _holds(game, replace(game, record=replace(game.record, moves=("a",)), cursor=1))
    True
    >>> _holds(game, replace(game, record=replace(game.record, moves=("a", "c")), cursor=1))
    False
    """
    mine, theirs = part.record, whole.record
    same_start = replace(mine, moves=()) == replace(theirs, moves=())
    return same_start and theirs.moves[: len(mine.moves)] == mine.moves


def _stamp(key: str) -> int:
    """The time in a damaged save's key (keys of another shape first)."""
    tail = key[len(DAMAGED) :]
    return int(tail) if tail.isdigit() else -1
