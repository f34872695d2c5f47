"""The games with friends by links in the browser's storage (docs/page.md,
"Playing a friend by links"): the book read back, a book that cannot be
read kept aside as it was (never written over), another tab's writes
noticed, and what the person is told of the storage.

This module owns the text under :data:`~iriri_core.site.storage.FRIENDS`; what
the games are is :class:`~iriri_core.by_links.book.FriendBook`'s.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..site.storage import FRIENDS, StorageRefused, Store
from .book import FriendBook

REFUSED = "This browser will not keep the games with friends (its storage is full or blocked)."


class KeptGames:
    """The book as the browser's storage keeps it, for one page: the store
    (None: nothing is kept), the text last read or written there, what the
    book said of the page when it was kept (the game in the panel, the
    invitation not yet answered), and what the person must be told."""

    def __init__(self, store: Store | None, clock: Callable[[], float], defer: bool = False) -> None:
        self.store, self.clock, self.defer = store, clock, defer
        self.stored: str | None = None
        """The text last read from, or written to, the storage."""
        self.wanted: tuple[Any, Any] = (None, None)
        """The game in the panel and the invitation not yet answered, when the book was last kept."""
        self.problem = ""

    def changed(self) -> bool:
        """Whether the storage holds other games than this page last read or wrote (another tab's)."""
        return self.store is not None and self.store.get(FRIENDS) != self.stored

    def read(self) -> FriendBook | None:
        """The book in the storage (None if none), remembered as read (no
        game of it replayed); one that cannot be read is told, kept aside
        as it was and never written over."""
        text = self.store.get(FRIENDS) if self.store is not None else None
        if not text:
            return None
        self.stored = text
        try:
            data = json.loads(text)
            book = FriendBook.from_json(data, self.defer)
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

    def write(self, book: FriendBook, page: dict[str, Any]) -> None:
        """Keep ``book``, with what the ``page`` says of it (the game in the panel, the invitation)."""
        if self.store is None:
            return
        text = json.dumps(book.to_json() | page, separators=(",", ":"))
        try:
            self.store.set(FRIENDS, text)
            self.stored = text
            if self.problem == REFUSED:
                self.problem = ""
        except StorageRefused:
            self.problem = REFUSED

    def told(self) -> str:
        """What the person must be told of the storage now ("" for nothing):
        once, except a storage that refuses, told until it keeps again."""
        problem = self.problem
        if problem != REFUSED:
            self.problem = ""
        return problem
