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

from .distance.blocks import LinkError, read_packet
from .distance.ecdsa import PUBLIC_KEY_BYTES
from .engine import GameError, get_game
from .friend_book import FriendBook, half_words
from .friend_deck import parts_words, read_parts
from .friends import SECRET_BYTES, FriendGame
from .invitations import Invitation
from .links import Snapshot
from .presenter import presenter_for
from .records import Record
from .seats import Seat
from .storage import FRIENDS, StorageRefused, Store
from .table import Table

ANOTHER_TAB_SENT = (
    "Another tab of this browser sent this turn of the game first: this tab now shows the game as it sent it."
)
ANOTHER_TAB_FORKED = (
    "Another tab of this browser played this game otherwise, and both sent links: this tab keeps its own. "
    "Play on in one tab only."
)

REFUSED = "This browser will not keep the games with friends (its storage is full or blocked)."

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

    def __init__(self, table: Table, store: Store | None, clock: Callable[[], float], address: str) -> None:
        self.table, self.store, self.clock, self.address = table, store, clock, address
        self.book = FriendBook()
        self.current: str | None = None
        """The game with a friend the page shows (its id)."""
        self.opened = -1
        """``table.opened`` when that game was put on the table: another game put there ends it."""
        self.drafted: tuple[Invitation, bytes, bytes] | None = None
        self.invited: str | None = None
        """The packet of an invitation opened and not yet joined or declined."""
        self.share = False
        """A link was just made: the page offers it (Web Share, or copy) once."""
        self.problem = ""
        self.stored: str | None = None
        """The text last read from, or written to, the storage."""
        self.wanted: tuple[Any, Any] = (None, None)
        """The game in the panel and the invitation not yet answered, when the book was last kept."""
        self.handed = b""
        """The body of the block last handed to the page to sign."""
        stored = self.kept()
        if stored is not None:
            self.book = stored
            current, invited = self.wanted
            self.current = current if current in self.book.games else None
            self.invited = invited if isinstance(invited, str) else None

    def kept(self) -> FriendBook | None:
        """The book in the storage (None if none), remembered as read; one
        that cannot be read is told, and never written over."""
        text = self.store.get(FRIENDS) if self.store is not None else None
        if not text:
            return None
        self.stored = text
        try:
            data = json.loads(text)
            book = FriendBook.from_json(data)
        except ValueError as exc:
            self._set_aside(text, str(exc))
            return None
        self.wanted = (data.get("current"), data.get("invited"))
        if book.damaged:
            count = len(book.damaged)
            self.problem = (
                f"{count} game{'s' if count > 1 else ''} with friends kept here could not be read: "
                "kept aside as they were, out of Your games."
            )
        return book

    def _set_aside(self, text: str, why: str) -> None:
        """Keep a book that cannot be read under a key of its own, as it
        was, and start a new one; where even that is refused, keep nothing
        more (never write over it)."""
        assert self.store is not None
        aside = f"{FRIENDS}.damaged.{int(self.clock() * 1000)}"
        try:
            self.store.set(aside, text)
        except StorageRefused:
            self.problem = (
                f"The games with friends kept here could not be read ({why}), and the storage is full: "
                "new games with friends will not be kept."
            )
            self.store = None
            return
        self.store.remove(FRIENDS)
        self.stored = None
        self.problem = (
            f"The games with friends kept here could not be read ({why}): they are kept aside as "
            "they were, and new games are kept apart from them."
        )

    def stored_elsewhere(self) -> bool:
        """Another tab kept games with friends: take what it has that this tab
        has not (:meth:`FriendBook.merge`), the game on the table too; whether
        there was anything to take."""
        if self.store is None or self.store.get(FRIENDS) == self.stored:
            return False
        theirs = self.kept()
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

    def show(self, key: str) -> None:
        """Put the game ``key`` on the table (once its start is known: before
        Iriri's ring is dealt, only the panel shows it). Where the table
        shows that game already, the new moves are played on it (told and
        shown moving, as any move), not the whole game put there again."""
        shown = self.playing and self.current == key
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
        seats = [Seat("human"), Seat("human")]
        seats[1 - side.seat] = Seat("friend", name=side.names[1 - side.seat])
        snapshot = Snapshot(record, ("human", "human"), len(position.moves))
        self.table.load(snapshot, seats=seats)
        self.opened = self.table.opened

    def sync(self) -> bool:
        """Take the person's moves made on the table into their side (a pass
        the table made for them too); put the side back on the table where
        they differ otherwise. Whether anything changed."""
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
        if list(side.position().moves) != made:
            self.show(self.current or "")  # (a move refused, or a pass made for the person)
        if refused:
            self.table.error(refused)  # (after the game is put back, which clears the table's message)
        self.save()
        return True

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
            elif kind == "command" and event.get("name") == "undo" and self.playing and self.side:
                self.side.undo()
                self.show(self.current or "")
                self.save()
            else:
                return False
        except (GameError, LinkError, ValueError) as exc:
            self.table.error(f"{exc}")
        return True

    def draft(self, request: dict[str, Any]) -> dict[str, Any]:
        """The body of a new game's invitation, to sign (``{"body"}``), or ``{"problem"}`` in words."""
        try:
            public = _bytes(request.get("key"), "a key")
            if len(public) != PUBLIC_KEY_BYTES:
                raise GameError("the page's new key is not a public key of P-256")
            settings = request.get("settings") or {}
            if not str(request.get("me", "")).strip() or not str(request.get("friend", "")).strip():
                raise GameError("give your name and your friend's, so that each of you sees who is who")
            invitation = Invitation(
                str(request.get("game")),
                int(request.get("seat", 0)),
                str(request.get("me", "")),
                str(request.get("friend", "")),
                dict(settings) if isinstance(settings, dict) else {},
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
        side = FriendGame.begin(block, secret)
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
        self.table.message, self.table.lasting = None, False  # (what the friend's link said is done with)
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
        try:
            opened = self.book.open(text[len(PLAY) :], self.clock())
        except LinkError as exc:
            return [f"This link could not be opened: {exc}."]
        if opened.side is None:
            self.invited = text[len(PLAY) :]
            self.save()  # (a reload asks again)
            return []
        self.show(opened.side.game_id.hex())
        if opened.changed:
            self.save()
        self.table.note(opened.words, lasting=True)
        return []

    def url(self, packet: str | None) -> str | None:
        return None if packet is None else f"{self.address}#{PLAY}{packet}"

    # ------------------------------------------------------------ keeping

    def save(self) -> None:
        """Keep the book, with what another tab kept meanwhile (never lost)."""
        if self.store is None:
            return
        self.stored_elsewhere()
        kept = {"current": self.current, "invited": self.invited}
        text = json.dumps(self.book.to_json() | kept, separators=(",", ":"))
        try:
            self.store.set(FRIENDS, text)
            self.stored = text
            if self.problem == REFUSED:
                self.problem = ""
        except StorageRefused:
            self.problem = REFUSED

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
        view["friends"] = [entry | {"link": self.url(entry["link"])} for entry in self.book.entries()]
        view["invite"] = self._invite_view()
        view["friend"] = self._panel()
        if self.problem and view.get("message") is None:
            view["message"] = {"kind": "error", "text": self.problem}
            if self.problem != REFUSED:  # (told once; a storage that refuses is told until it keeps again)
                self.problem = ""
        if self.playing and self.side is not None:
            friend = self.side.names[1 - self.side.seat]
            if self.side.next_block() is not None:
                view["status"] += f". Send {friend} your link: press Send to {friend}"
            elif self.side.position().waiting:
                half = half_words(self.side, f"{friend}'s")
                view["status"] += f": waiting for {half}, in their link"
            elif not self.side.is_over() and self.side.to_move() != self.side.seat:
                view["status"] += f": waiting for {friend}'s link"
            buttons = view["buttons"]
            buttons.update({"undo": bool(self.side.pending), "redo": False, "hint": False, "draw": False})
            buttons["play-hint"] = False
        self.share = False
        return view

    def _invite_view(self) -> dict[str, str] | None:
        """The invitation opened and not yet joined, in words."""
        if self.invited is None:
            return None
        try:
            invitation = Invitation.read(read_packet(self.invited)[0].moves)
        except LinkError:
            return None
        mine = 1 - invitation.seat
        game, presenter = get_game(invitation.game), presenter_for(invitation.game)
        colour = presenter.player_name(game.new_game(2), mine)
        order = "first" if mine == 0 else "second"
        return {
            "title": f"{invitation.inviter} invites you to a game of {game.title}",
            "text": f"You play {colour} and move {order}. Your moves and {invitation.inviter}'s go back "
            "and forth as links: send each one by any message app.",
        }

    def _panel(self) -> dict[str, Any] | None:
        side = self.side
        if side is None:
            return None
        friend = side.names[1 - side.seat]
        due = side.next_block()
        link = self.url(side.link())
        if due is not None:
            what = "your move" if due.moves else half_words(side, "your")
            text = f"Send the link to {friend}: it carries {what}."
            if side.pending:
                text += " Until you send it, you can undo."
        elif side.is_over():
            text = "The game is over."
        elif side.to_move() == side.seat:
            text = f"Your turn against {friend}."
        elif len(side.ledger.blocks) == 1 and side.link() is not None:
            text = f"Invitation made: send it to {friend}. The game goes on when they open it and answer."
        elif link is None:
            text = f"{friend}'s turn: their move comes in their link."
        else:
            text = f"{friend}'s turn: their move comes in their link. If they lost yours, send it again."
        if not self.playing:  # (Iriri's ring is dealt from both halves: until then the table keeps its game)
            text += (
                f" The game comes on the table once {friend}'s link has dealt it;"
                " the table shows your own game till then."
            )
        return {
            "id": side.game_id.hex(),
            "friend": friend,
            "title": f"Playing {friend} by links" if self.playing else f"Your game with {friend}, by links",
            "text": text,
            "link_text": _carries(side, friend),
            "due": due is not None,
            "link": link,
            "share": self.share and link is not None,
            "on_table": self.playing,
        }


def _carries(side: FriendGame, friend: str) -> str:
    """What this side's last link carries, in words, for the dialog that hands it over."""
    blocks = side.ledger.blocks
    if all(block.seat == side.seat for block in blocks):
        moved = " (with your first move)" if len(blocks) > 1 else ""
        return f"It invites {friend} to the game{moved}: they open it in their browser to join."
    told = parts_words(read_parts(blocks[-1].deal), "your") or half_words(side, "your")
    what = "your moves" if blocks[-1].moves else told
    return f"It carries {what}: {friend} opens it in their browser to see it and answer."
