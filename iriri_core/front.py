"""The one object the page talks to (docs/routes.md): an event in, the view
out (:meth:`Front.handle`), and the view again when nothing came
(:meth:`Front.view`).  Behind it sit three parts it calls, each on its own:
the table (:class:`~iriri_core.table.table.Table`), the storage rules
(:class:`~iriri_core.site.saves.Shelf`) and the games with friends by links
(:class:`~iriri_core.by_links.table.FriendTable`).  An event goes to the one
part it is for (:meth:`Front.handle`, one ``match``); the view is built once,
after the event, and dressed by the storage and the games with friends.

"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .by_links.check import signed_record
from .by_links.crypto.steps import Deferred
from .by_links.table import EVENTS, FriendTable
from .pictures import figures, packed
from .pictures.packed import PictureFile
from .setup.desk import Desk
from .site.saves import OTHER_TAB, Shelf
from .site.storage import FRIENDS, Offers, Store
from .table import views
from .table.events import event_problem, new_game_problem
from .table.table import Table


class Front:
    """One page's table, its saves and its games with friends, as the page
    sees them.  ``store`` None keeps nothing (an embed); ``clock`` gives
    milliseconds; ``address`` is the page's, for the links to friends;
    ``defer`` leaves the deal's long arithmetic to the page, in slices
    (:meth:`friend_work`)."""

    def __init__(
        self,
        table: Table,
        store: Store | None,
        offers: Offers,
        clock: Callable[[], float],
        address: str,
        defer: bool = False,
    ) -> None:
        self.table = table
        self.shelf = Shelf(table, store, offers, clock)
        self.friends = FriendTable(table, store, lambda: clock() / 1000, address, defer=defer)
        self.files: list[PictureFile] = []
        """The pictures last drawn as files, for ``bundle`` to pack."""
        self.desk = Desk(table)

    # ------------------------------------------------------------ events and views

    def handle(self, event: Any) -> dict[str, Any]:
        """One event from the page: acted on by the part it is for, then the
        view (:meth:`view`)."""
        self.act(event)
        return self.view()

    def act(self, event: Any) -> None:
        """Pass ``event`` to the part it is for."""
        table, shelf, friends = self.table, self.shelf, self.friends
        kind = event.get("type") if isinstance(event, dict) else None
        keeps = shelf.store is not None
        match kind:
            case "setup":
                self.desk.set_up(event)
            case "puzzle-make":
                asked = self.desk.make_puzzle(event)
                if asked is not None:  # (a new game from the position, kept as any new game)
                    self.act(asked)
                    if self.desk.editor is None:  # (the table took it)
                        self.desk.begin_puzzle(asked["position"])
            case "tap" | "drag" if self.desk.editor is not None:  # (a drag sets up as a tap where it ends)
                self.desk.tap(event)
            case str() if kind in EVENTS:
                friends.handle(event)
            case "command" if event.get("name") == "undo" and friends.playing:
                friends.handle(event)
            case str() if kind == OTHER_TAB:
                shelf.settle(event.get("keep"))
            case "welcome":  # Not now
                shelf.progress.welcome_done(table.game.name)
            case "game" if isinstance(event.get("name"), str) and keeps:
                shelf.switch(event["name"])
            case "new" | "import" | "coach-try" if keeps and not event_problem(event):
                before, figure = shelf.own_game(), table.figure and table.lesson is None
                table.act(event)
                shelf.replaced(event, None if figure else before)
            case "lesson" if isinstance(event.get("game"), str):
                shelf.progress.welcome_done(event["game"])
                table.act(event)
            case _:
                table.act(event)
        if table.message is None or table.message["kind"] != "error":
            self.desk.replaced(kind)

    def view(self) -> dict[str, Any]:
        """The table's view for the page, made once: the person's moves in a
        game with a friend taken into their side first
        (:meth:`~iriri_core.by_links.table.FriendTable.sync`), then what the
        storage and the games with friends add, and the position being set
        up, drawn in the table's place (``editor``)."""
        self.friends.sync()
        return self.desk.dress(self.friends.dress(self.shelf.dress(self.table.view())))

    # ------------------------------------------------------------ the page opened, links, other tabs

    def start(self, fragment: str) -> None:
        """The page opens: the game played last put back (or the game with a
        friend shown last), then the link's options followed."""
        notes = self.shelf.start()
        if self.friends.current and not fragment.strip("#"):
            self.friends.show(self.friends.current)
        self.open_link(fragment, notes)

    def open_link(self, fragment: str, notes: list[str] | None = None) -> None:
        """Follow a link: to a game with a friend, or a link's options
        (:meth:`~iriri_core.site.saves.Shelf.open_link`); what it could not do said on the table."""
        notes = list(notes or [])
        if fragment.strip("#"):
            opened = self.table.opened
            by_links = None if self.shelf.store is None else self.friends.open_link(fragment)
            notes += self.shelf.open_link(fragment) if by_links is None else by_links
            if by_links is None and self.shelf.asked_edit is not None:
                self.desk.edit_link(self.shelf.asked_edit)
            elif self.table.opened != opened:  # (another game on the table: a set-up is done with)
                self.desk.replaced("new")
        if notes:
            self.table.error(" ".join(notes), lasting=True)

    def stored_elsewhere(self, key: str | None, text: str | None) -> bool:
        """Another tab stored ``text`` under ``key``; whether to show the view again."""
        if key == FRIENDS:
            return self.friends.stored_elsewhere()
        if self.friends.playing:  # (the game on the table is kept with its blocks, not in the tab's saves)
            return False
        return self.shelf.stored_elsewhere(key, text)

    def save(self, view: dict[str, Any]) -> bool:
        """Keep the match shown as ``view`` (a game with a friend is kept with
        its blocks); whether to show the view again (the storage's problem changed)."""
        return not self.friends.playing and self.shelf.save(view)

    # ------------------------------------------------------------ bots, chance and the deal's arithmetic

    @property
    def generation(self) -> int:
        """Counts the changes the page must show (:attr:`iriri_core.table.table.Table.generation`,
        and the checks of a puzzle being made)."""
        return self.table.generation + self.desk.checks

    def advance(self, budget: float) -> float | None:
        """Let a bot or chance act (:meth:`iriri_core.table.table.Table.advance`), or
        the hard bot check the puzzle being made; nobody, while a position is
        set up (the set-up is drawn in the table's place, and its taps must not
        meet a table that changes under them)."""
        taken, wait = self.desk.advance(budget)
        return wait if taken else self.table.advance(budget)

    def failed(self, exc: Exception) -> None:
        """A bot failed (a bug): said, rather than thinking for ever."""
        self.table.runner.stop()
        self.table.error(f"a bot failed ({exc!r}); undo, or start a new game")

    def friend_work(self) -> Deferred | None:
        """The long arithmetic of a game by links due now
        (:meth:`~iriri_core.by_links.table.FriendTable.work`)."""
        return self.friends.work()

    def friend_worked(self) -> None:
        """That arithmetic done: the link that waited for it opened again, and the games kept."""
        notes = self.friends.worked()
        if notes:
            self.table.error(" ".join(notes), lasting=True)

    def keep_friends(self) -> None:
        self.friends.save()

    # ------------------------------------------------------------ what the page asks beside the view

    def ask(self, request: dict[str, Any]) -> dict[str, Any] | str:
        """What the page asks for beside the view (web/main.py, ``export``),
        as a dict for JSON, or JSON text (a record)."""
        kind, friends = request["kind"], self.friends
        # (Share's link, pictures and embed are of the position being set up, while one is)
        table = self.desk.shown() if kind in ("share", "picture", "figure", "files") else self.table
        cursor = table.cursor
        if kind == "state":
            return views.full_state(table.sight())
        if kind == "record" and friends.playing and friends.side is not None:  # signed by both browsers
            return signed_record(friends.side)
        if kind == "record":
            record = table.record()
            return replace(record, moves=record.moves[:cursor]).to_json()
        if kind == "share":  # the game's link, and, where nothing is hidden, the position shown in one line
            line = None if table.game.hidden_information else table.game.to_line(table.state)
            return {"code": table.snapshot().to_code(), "line": line}
        if kind == "picture":
            return {"code": figures.picture_code(table, range(cursor, cursor + 1), figure=False)}
        if kind == "figure":
            return {"code": figures.figure_picture(table, cursor)}
        if kind == "friend-draft":  # a new game with a friend: its invitation's body, to sign
            return friends.draft(request)
        if kind == "friend-block":  # the block due in the game with a friend, to sign
            return friends.block_body()
        if kind == "friend-backup":  # every game with a friend, for a backup file (web/ui/backup.js)
            return friends.backup()
        if kind == "new-problem":  # (the table checks the event again when it comes)
            return {"problem": new_game_problem(request["event"], table.game.name)}
        if kind == "drops":  # where a piece being dragged may go
            return {"targets": table.drops(str(request["from"]))}
        if kind == "review":  # a move of the list, read-only
            move = request["move"]
            if not isinstance(move, int) or not 0 <= move <= table.history.length:
                return {"error": f"there is no move {move} in this game"}
            return figures.review(table, move, coached=request.get("coached") is True)
        if kind == "files":
            moves = range(table.history.length + 1) if request.get("all") else range(cursor, cursor + 1)
            self.files = figures.picture_files(table, moves)
            listed = [
                {"name": f.name, "scene": f.scene, "svg": f.svg, "caption": f.caption} for f in self.files
            ]
            wikitext = {extension: packed.wikitext(self.files, extension) for extension in ("png", "svg")}
            return {"files": listed, "wikitext": wikitext}
        contents: dict[str, bytes] = {}
        for file in self.files:
            contents[f"{file.name}.svg"] = file.svg.encode()
            contents[f"{file.name}.png"] = base64.b64decode(request["pngs"][file.name])
        contents["gallery.txt"] = packed.wikitext(self.files).encode()
        return {"zip": base64.b64encode(packed.bundle(contents)).decode()}
