"""What the site keeps in the browser's storage, and where (docs/page.md,
"Saving"): the keys, which the page's Python writes and its JavaScript
reads; the storage and the page's offers as the rules in
:mod:`iriri_core.site.saves` use them; and what the player is told of the
storage.  Nothing here reads or writes: the rules are in ``saves``.
"""

from __future__ import annotations

from typing import Protocol

SAVED = "iriri.match"
"""Where the site keeps the Iriri match in the browser's storage; a match of
another game goes under this key, a dot and the game's name."""

GAME = "iriri.game"
"""The game played last, which the site opens with."""

PREVIOUS = "iriri.match.previous"
"""Where the game in progress goes when a link opens another one."""

LINKED = "iriri.match.linked"
"""The game the last link opened, as it opened it: while it is not played
on, it is the link's game, not the player's, and never takes the place of
the game kept under PREVIOUS."""

DAMAGED = "iriri.match.damaged."
"""Saved matches that could not be read are kept under this prefix and a
timestamp, so they can be downloaded; none is ever overwritten, and only
the newest MAX_DAMAGED are kept."""

MAX_DAMAGED = 5
"""How many damaged saves are kept (they count against the storage's limit)."""

LEARNED = "iriri.learned"
"""The lessons whose goal the player has met, by game: a JSON object of
lists of lesson ids (Learn to play, :mod:`iriri_core.learn.lesson_mode`)."""

WELCOMED = "iriri.welcomed"
"""The games whose welcome to a newcomer (the line offering the lessons)
has done its work: a JSON list of game names, each put there when the
player answers Not now, opens one of its lessons, or begins a game of it."""

FRIENDS = "iriri.friends"
"""The games with friends by links (iriri_core.by_links.table): the book of
them, each side's blocks, chain secret and moves not sent, and the game in
the panel."""

NAME = "iriri.name"
"""The name the person gave themselves last for a game with a friend by
links (New game's Your name, which web/ui/newgame.js fills in with it)."""

PICTURE = "iriri.picture"
"""The picture of the table as last saved (iriri_core.pictures.packed), which the
page paints on the next visit before Python is ready."""

UNSAVED = (
    "This browser does not let the page save the game (its storage is full or blocked), "
    "so a reload would lose it: Share ▸ Save as a file keeps it."
)
"""What the player is told, until a save works again."""

NEWER = (
    "Another tab has saved this game since this tab did, so saving here has stopped. "
    "Choose which game to play on: the game you do not take is kept, under Share."
)
"""What the player is told when another tab saved the game shown, in a
line of its own with a button for each choice (the ``other_tab`` of a
view dressed by :meth:`Shelf.dress`, answered by an :data:`OTHER_TAB`
event)."""

OTHER_TAB = "other-tab"
"""The event that answers :data:`NEWER`: ``{"type": "other-tab", "keep":
"theirs"}`` loads the other tab's game, ``"mine"`` saves this tab's over
it (:meth:`Shelf.settle`)."""


def saved_key(game: str) -> str:
    """Where a match of ``game`` is kept.

    >>> saved_key("iriri"), saved_key("hextris")
    ('iriri.match', 'iriri.match.hextris')
    """
    return SAVED if game == "iriri" else f"{SAVED}.{game}"


class StorageRefused(Exception):
    """The storage would not keep a text: it is full, or blocked."""


class Store(Protocol):
    """The browser's storage, as the rules use it."""

    def get(self, key: str) -> str | None:
        """The text under ``key``, or None."""

    def set(self, key: str, text: str) -> None:
        """Keep ``text`` under ``key``; raises StorageRefused if the storage will not."""

    def remove(self, key: str) -> None:
        """Forget ``key``."""

    def keys(self) -> list[str]:
        """Every key kept."""


class Offers(Protocol):
    """What the page offers beside the view (web/ui/kept.js): the damaged saves
    to download or discard, and the game kept to go back to."""

    def offer_damaged(self, texts: list[str]) -> None:
        """Offer ``texts`` (the damaged saves, oldest first); none: offer nothing."""

    def offer_previous(self, text: str, banner: bool) -> None:
        """Offer to go back to the match ``text`` (with ``banner``, in a line at the top too)."""

    def forget_previous(self) -> None:
        """There is no game to go back to any more."""
