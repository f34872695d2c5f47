"""Games with a friend elsewhere at the page's table (issue 25,
docs/distance.md): the book of games kept in the browser's storage, the
game with a friend put on the table, the person's moves taken from the
table into their side of it, the links made and opened, and what the page
shows of it (``friend``, ``friends`` and ``invite`` in a view).

The page signs; this module never holds a signing key.  For a block (the
invitation, a move), the page asks for its body (``draft`` or
``block_body``), signs it with the browser's WebCrypto key, and sends the
signature back (``friend-invite`` or ``friend-send`` events).

>>> from iriri_core import Seat, Table
>>> table = Table("hextris", [Seat("human"), Seat("bot")])
>>> friends = FriendTable(table, None, lambda: 0.0, "https://example.org/")
>>> friends.playing, friends.dress(table.view())["friends"]
(False, [])
"""

from __future__ import annotations

import base64
import binascii
import json
import secrets
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..engine import GameError, game_names
from ..presenter import deck_rules
from ..records import Record
from ..seats import Seat
from ..site.links import Snapshot
from ..site.recaps import last_turn_words
from ..site.storage import Store
from ..table.table import Table
from .book import FriendBook
from .crypto.blocks import LinkError, read_packet
from .crypto.ecdsa import PUBLIC_KEY_BYTES
from .crypto.steps import Deferred, Work
from .game import SECRET_BYTES, FriendGame
from .invitations import Invitation, start_problem
from .panel import invite_view, panel, round_words, status_words, waited_words
from .storage import KeptGames

ANOTHER_TAB_SENT = (
    "Another tab of this browser sent this turn of the game first: this tab now shows the game as it sent it."
)
ANOTHER_TAB_FORKED = (
    "Another tab of this browser played this game otherwise, and both sent links: this tab keeps its own. "
    "Play on in one tab only."
)

EVENTS = (
    "friend-invite",
    "friend-send",
    "friend-join",
    "friend-decline",
    "friend-open",
    "friend-aside",
    "friend-restore",
    "friend-resign",
)
"""The page's events about games with friends (:meth:`FriendTable.handle`)."""

PLAY = "play="
"""The fragment's parameter that holds a link's packet: ``#play=<packet>``."""


def _bytes(text: Any, what: str) -> bytes:
    try:
        return base64.b64decode(str(text), validate=True)
    except (binascii.Error, ValueError):
        raise GameError(f"the page sent {what} that cannot be read") from None


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


class FriendTable:
    """The games with friends at one page's table."""

    def __init__(
        self,
        table: Table,
        store: Store | None,
        clock: Callable[[], float],
        address: str,
        defer: bool = False,
    ) -> None:
        self.table, self.clock, self.address = table, clock, address
        self.defer = defer
        """Whether the deal's long arithmetic is left for the page to do in slices (:meth:`work`)."""
        self.kept = KeptGames(store, clock, defer)
        self.book = FriendBook(defer)
        self.opening: tuple[str, Deferred] | None = None
        """A friend's link being opened, and the arithmetic it waits for."""
        self.current: str | None = None
        """The game with a friend the page shows (its id)."""
        self.opened = -1
        """``table.opened`` when that game was put on the table: another game put there ends it."""
        self.drafted: tuple[Invitation, bytes, bytes] | None = None
        self.invited: str | None = None
        """The packet of an invitation opened and not yet joined or declined."""
        self.share = False
        """A link was just made: the page offers it (Web Share, or copy) once."""
        self.handed = b""
        """The body of the block last handed to the page to sign."""
        stored = self.kept.read()
        if stored is not None:
            self.book = stored
            current, invited = self.kept.wanted
            self.current = current if current in self.book.games else None
            self.invited = invited if isinstance(invited, str) else None

    def stored_elsewhere(self) -> bool:
        """Another tab kept games with friends: take what it has that this tab
        has not (:meth:`FriendBook.merge`), the game on the table too; whether
        there was anything to take."""
        if not self.kept.changed():
            return False
        theirs = self.kept.read()
        if theirs is None:
            return False
        before, unsent = self.side, bool(self.side and self.side.pending)
        moves = before.position().moves if before else None
        forks = self.book.merge(theirs)
        if self.current in forks:
            self.table.error(ANOTHER_TAB_FORKED, lasting=True)
        elif before is not None and self.side is not before and unsent:
            self.table.error(ANOTHER_TAB_SENT, lasting=True)
        if self.playing and self.side and self.side.position().moves != moves:
            self.show(self.current or "")
        return True

    # ------------------------------------------------------------ on the table

    @property
    def side(self) -> FriendGame | None:
        """The game with a friend in the panel, if any."""
        return self.book.games.get(self.current) if self.current else None

    @property
    def playing(self) -> bool:
        """Whether the table shows the game with a friend (not another game put there since)."""
        return self.side is not None and self.table.opened == self.opened

    def show(self, key: str, again: bool = False) -> None:
        """Put the game ``key`` on the table (once its start is known: before
        Iriri's ring is dealt, only the panel shows it). Where the table
        shows that game already, the new moves are played on it (told and
        shown moving, as any move), not the whole game put there again."""
        shown = self.playing and self.current == key and not again
        if not (self.playing and self.current == key):  # (the news of the game left is not this one's)
            self.table.forget_message()
        self.current = key
        side = self.book.games[key]
        position = side.position()
        if position.start is None:
            return
        game, table = side.game, self.table
        made = tuple(table.moves[: table.cursor])
        if shown and position.moves[: len(made)] == made:
            for text in position.moves[len(made) :]:
                if not table.play(game.parse_move(table.state, text)):
                    break
            else:
                return
        record = Record(game.name, 2, game.to_text(position.start), position.moves)
        seats = [Seat("human", name="you"), Seat("human", name="you")]
        if side.resigned is not None or side.resigning:  # (the game is over: nobody moves at the table)
            seats[side.seat] = Seat("friend", name="you")
        seats[1 - side.seat] = Seat("friend", name=side.friend)
        snapshot = Snapshot(record, ("human", "human"), len(position.moves))
        self.table.load(snapshot, seats=seats)
        self.opened = self.table.opened

    def sync(self) -> bool:
        """Take the person's moves made on the table into their side (a pass
        the table made for them too); put the side back on the table where
        they differ otherwise. Whether the table changed so (a move refused,
        a pass made for the person): its view must then be made again."""
        side = self.side
        if side is None or not self.playing:
            return False
        made, known = self.table.moves[: self.table.cursor], list(side.position().moves)
        if made == known:
            return False
        refused = ""
        if made[: len(known)] == known:
            try:
                for text in made[len(known) :]:
                    side.play(text)
            except (GameError, LinkError) as exc:
                refused = str(exc)
        again = list(side.position().moves) != made
        if again:
            self.show(self.current or "")  # (a move refused, or a pass made for the person)
        if refused:
            self.table.error(refused)  # (after the game is put back, which clears the table's message)
        self.save()
        return again or bool(refused)

    # ------------------------------------------------------------ events

    def handle(self, event: dict[str, Any]) -> bool:
        """Act on a ``friend-…`` event, or on Undo while a game with a friend is
        on the table; whether it was one. Refusals are told on the table."""
        kind = event.get("type")
        try:
            if kind == "friend-invite":
                self._invite(_bytes(event.get("signature"), "a signature"))
            elif kind == "friend-send":
                self._send(_bytes(event.get("signature"), "a signature"))
            elif kind == "friend-join":
                self._join(_bytes(event.get("key"), "a key"))
            elif kind == "friend-decline":
                self.invited = None
                self.save()
            elif kind == "friend-open":
                if event.get("id") not in self.book.games:
                    raise GameError("that game with a friend is not kept here any more")
                self.show(str(event["id"]))
                self.save()
            elif kind == "friend-aside":
                self.book.set_aside(str(event.get("id")), bool(event.get("aside")), self.clock())
                self.save()
            elif kind == "friend-restore":
                self.restore(str(event.get("book", "")))
            elif kind == "friend-resign":
                side = self.side
                if side is None or not self.playing:
                    raise GameError("there is no game with a friend on the table to resign")
                side.resign()
                self.show(self.current or "", again=True)
                self.save()
            elif kind == "command" and event.get("name") == "undo" and self.playing and self.side:
                resigning = self.side.resigning
                self.side.undo()
                self.show(self.current or "", again=resigning)
                self.save()
            else:
                return False
        except (GameError, LinkError, ValueError) as exc:
            self.table.error(f"{exc}")
        return True

    def draft(self, request: dict[str, Any]) -> dict[str, Any]:
        """The body of a new game's invitation, to sign (``{"body"}``), or
        ``{"problem"}`` in words; ``start``: the line of the position set up
        that the game starts from (Play from here), or None for a new deal."""
        try:
            public = _bytes(request.get("key"), "a key")
            if len(public) != PUBLIC_KEY_BYTES:
                raise GameError("the page's new key is not a public key of P-256")
            settings = request.get("settings") or {}
            if not str(request.get("me", "")).strip() or not str(request.get("friend", "")).strip():
                raise GameError("give your name and your friend's, so that each of you sees who is who")
            start, name = request.get("start"), str(request.get("game"))
            if start is not None and not isinstance(start, str):
                raise GameError("the position of a game by links is given in one line")
            problem = "" if start is None or name not in game_names() else start_problem(name, start)
            if problem and deck_rules(name) is not None:
                raise GameError(f"{problem}; play it here, against a bot or at one screen")
            if problem:
                raise GameError(f"this position cannot start a game by links: {problem}")
            invitation = Invitation(
                name,
                int(request.get("seat", 0)),
                str(request.get("me", "")),
                str(request.get("friend", "")),
                dict(settings) if isinstance(settings, dict) else {},
                start,
            )
            invitation = Invitation.read(invitation.options())  # (names cleaned, settings read)
        except (GameError, LinkError, ValueError, TypeError) as exc:
            return {"problem": str(exc)}
        secret = secrets.token_bytes(SECRET_BYTES)
        self.drafted = (invitation, public, secret)
        return {"body": _b64(FriendGame.draft_invitation(invitation, public, secret).body())}

    def block_body(self) -> dict[str, Any]:
        """The body of the block due, to sign, with the key to sign it with, or ``{"problem"}``."""
        self.stored_elsewhere()
        side = self.side
        block = side.next_block() if side else None
        if side is None or block is None:
            return {"problem": "there is nothing to send now"}
        self.handed = block.body()
        return {"body": _b64(self.handed), "key": side.public.hex()}

    def _invite(self, signature: bytes) -> None:
        if self.drafted is None:
            raise GameError("there is no invitation being made")
        invitation, public, secret = self.drafted
        block = replace(FriendGame.draft_invitation(invitation, public, secret), signature=signature)
        side = FriendGame.begin(block, secret, Work(defer=self.defer))
        self.drafted = None
        self.book.add(side, self.clock())
        self.show(side.game_id.hex())
        self.share = True
        self.save()

    def _send(self, signature: bytes) -> None:
        self.stored_elsewhere()
        side = self.side
        block = side.next_block() if side else None
        if side is None or block is None:
            raise GameError("there is nothing to send now")
        if block.body() != self.handed:  # (changed since the page signed it: an undo, another tab)
            raise GameError("the game changed while the link was being made: press Send again")
        side.send(replace(block, signature=signature))
        self.table.forget_message()  # (what the friend's link said is done with)
        self.book.updated[side.game_id.hex()] = self.clock()
        self.share = True
        self.save()

    def _join(self, public: bytes) -> None:
        packet, self.invited = self.invited, None  # (one try: a failure is told, and the dialog goes)
        if packet is None:
            raise GameError("there is no invitation to join")
        side = self.book.join(packet, public, self.clock())
        self.show(side.game_id.hex())
        self.save()

    # ------------------------------------------------------------ links

    def open_link(self, fragment: str) -> list[str] | None:
        """Open a link to a game with a friend (``#play=…``): what it did is
        told on the table as news; returns why it could not be opened (for
        the table's error), or None if the fragment is not such a link."""
        text = fragment.lstrip("#")
        if not text.startswith(PLAY):
            return None
        self.opening = None
        try:
            opened = self.book.open(text[len(PLAY) :], self.clock())
        except LinkError as exc:
            return [f"This link could not be opened: {exc}."]
        except (
            Deferred
        ) as waiting:  # (the deal's proofs: the page checks them in slices, then opens it again)
            self.opening = (fragment, waiting)
            side = self.book.holding(read_packet(text[len(PLAY) :])[0].previous)
            if side is not None:
                self.show(side.game_id.hex())
            self.table.note(f"Checking the link from {side.friend if side else 'your friend'}…", lasting=True)
            return []
        if opened.side is None:
            self.invited = text[len(PLAY) :]
            self.save()  # (a reload asks again)
            return []
        self.show(opened.side.game_id.hex())
        if opened.changed:
            self.save()
        self.table.note(opened.words, lasting=True)
        return []

    def backup(self) -> dict[str, Any]:
        """Every game with a friend kept here, for a backup file (web/ui/backup.js
        locks it with a passphrase): the book as text, the public key of
        each game's signing key (the page wraps each private key beside it),
        and each game's name for the person."""
        self.stored_elsewhere()
        sides = list(self.book.games.values())
        return {
            "book": json.dumps(self.book.to_json(), separators=(",", ":")),
            "keys": [side.public.hex() for side in sides],
            "titles": [f"{side.game.title} with {side.friend}" for side in sides],
        }

    def restore(self, text: str) -> None:
        """Take the games of a backup (:meth:`backup`'s book, opened by the
        page with its passphrase) into this browser's: a game not here is
        carried as it was, a game further on in the backup than here is taken
        from it, and this browser's is kept where it is as far or further;
        told on the table."""
        try:
            theirs = FriendBook.from_json(json.loads(text), self.defer)
        except ValueError as exc:
            raise GameError(f"the games in this backup cannot be read ({exc}): nothing was changed") from None
        before = {key: len(side.ledger.blocks) for key, side in self.book.games.items()}
        forks = self.book.merge(theirs)
        carried = [key for key in theirs.games if key not in before]
        further = [
            key
            for key in theirs.games
            if key in before and len(self.book.games[key].ledger.blocks) > before[key]
        ]
        self.save()
        names = [
            f"{theirs.games[key].game.title} with {theirs.games[key].friend}" for key in carried + further
        ]
        words = f"From the backup: {len(names)} game{'s' if len(names) != 1 else ''} with friends"
        words += f" ({', '.join(names)})." if names else "; every one of them was here already, as far on."
        if forks:
            differ = "differs" if len(forks) == 1 else "differ"
            words += f" {len(forks)} {differ} from this browser's (played on here, or the friend's side):"
            words += " it keeps its own."
        if names:
            words += " Play each of them here only from now on, not where the backup was saved."
        if theirs.damaged:
            words += f" {len(theirs.damaged)} could not be read."
        self.table.note(words, lasting=True)

    def work(self) -> Deferred | None:
        """The long arithmetic the page should do now, in slices (then
        :meth:`worked`): a link being opened, or the block due of the game
        in the panel; None if there is none."""
        if self.opening is not None:
            return self.opening[1]
        side = self.side
        if side is not None:
            side.next_block()
            return side.deferred
        return None

    def worked(self) -> list[str]:
        """After the page did :meth:`work`'s arithmetic: the link being opened
        is opened again (what it says, or why it could not be, as
        :meth:`open_link` gives it)."""
        if self.opening is None:
            return []
        fragment, _ = self.opening
        return self.open_link(fragment) or []

    def url(self, packet: str | None) -> str | None:
        return None if packet is None else f"{self.address}#{PLAY}{packet}"

    # ------------------------------------------------------------ keeping

    def save(self) -> None:
        """Keep the book, with what another tab kept meanwhile (never lost)."""
        if self.kept.store is None:
            return
        self.stored_elsewhere()
        for key, side in self.book.games.items():  # (each line in Your games as the game is now)
            if side.replayed:
                self.book.entry(key, self.last_turn)
        self.kept.write(self.book, {"current": self.current, "invited": self.invited})

    # ------------------------------------------------------------ what the page shows

    def dress(self, view: dict[str, Any]) -> dict[str, Any]:
        """``view`` (made after :meth:`sync`) with ``friend`` (the game with a friend in the panel, or
        None), ``friends`` (Your games) and ``invite`` (an invitation to
        join, or None); on the table of a game with a friend, the buttons
        that do not apply there are off."""
        side = self.side
        if side is not None and not self.playing and side.position().start is not None:
            self.current = (
                None  # another game was put on the table: the game with a friend waits in Your games
            )
            self.save()
        now = self.clock()
        view["friends"] = [
            entry | {"link": self.url(entry["link"]), "waited": waited_words(now - float(entry["updated"]))}
            for entry in self.book.entries(self.last_turn)
        ]
        view["invite"] = invite_view(self.invited)
        side = self.side
        if side is None:
            view["friend"] = None
        else:
            key = side.game_id.hex()
            waited = now - self.book.updated.get(key, now)
            opening = self.opening is not None
            view["friend"] = panel(side, self.playing, self.url(side.link()), waited, opening) | {
                "share": self.share and side.link() is not None,
                "aside": self.book.aside.get(key, False),
            }
        problem = self.kept.told()
        if problem and view.get("message") is None:
            view["message"] = {"kind": "error", "text": problem}
        if self.playing and side is not None:
            view["status"] = status_words(side, view["status"])
            if view["round"] is not None:
                view["round"] = round_words(side, view["round"])
            view["state"]["hidden"] = False  # (its file and links hold only what this side sees)
            buttons = view["buttons"]
            undo = bool(side.pending) or side.resigning
            buttons.update({"undo": undo, "redo": False, "hint": False, "draw": False})
            buttons["play-hint"] = False
        self.share = False
        return view

    def last_turn(self, side: FriendGame) -> str:
        """The last turn of ``side``'s game in the table's words, for Your games."""
        position = side.position()
        if position.start is None:
            return ""
        return last_turn_words(side.game.name, position.start, position.moves, side.names, side.seat)
