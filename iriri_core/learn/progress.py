"""What this browser knows of a player's learning (docs/page.md, "Saving"):
the lessons whose goal they met, by game (:data:`LEARNED`), and the games
whose welcome to a newcomer has done its work (:data:`WELCOMED`).  Data
under either key that is not what it should be is read as the safe answer
(nothing learned; nobody welcomed), and a storage that refuses to keep
either loses only a tick or a welcome, never a game.  Each method reads
what it needs, unless given it as just read (``learned``, ``welcomed``), so
that a view is dressed from one read of each key
(:meth:`iriri_core.site.saves.Shelf.dress`)."""

from __future__ import annotations

import json
from typing import Any

from ..engine import game_names
from ..site.storage import LEARNED, WELCOMED, StorageRefused, Store

UNREADABLE = object()
"""What a key holds that is not JSON."""


class Progress:
    """The learning kept in ``store`` (None: an embed, which keeps nothing and welcomes nobody)."""

    def __init__(self, store: Store | None) -> None:
        self.store = store

    def _read(self, key: str) -> Any:
        text = self.store.get(key) if self.store is not None else None
        try:
            return json.loads(text) if text else None
        except ValueError:
            return UNREADABLE

    def _write(self, key: str, data: Any) -> bool:
        """Keep ``data`` under ``key``; whether it was kept."""
        if self.store is None:
            return False
        try:
            self.store.set(key, json.dumps(data))
        except StorageRefused:  # (only a tick or a welcome is lost)
            return False
        return True

    def learned(self) -> dict[str, list[str]]:
        """The lessons learned, by game."""
        data = self._read(LEARNED)
        if not isinstance(data, dict):
            return {}
        return {
            game: [i for i in ids if isinstance(i, str)]
            for game, ids in data.items()
            if isinstance(ids, list)
        }

    def learn(
        self, game: str, lesson: str, learned: dict[str, list[str]] | None = None
    ) -> dict[str, list[str]]:
        """Keep ``lesson`` of ``game`` as learned; ``learned``: the lessons
        learned as just read.  Returns the lessons learned as kept now."""
        learned = self.learned() if learned is None else learned
        ids = learned.get(game, [])
        if lesson in ids:
            return learned
        now = {**learned, game: [*ids, lesson]}
        return now if self._write(LEARNED, now) else learned

    def welcomed(self) -> list[str]:
        """The games whose welcome has done its work (every game where the key holds something else)."""
        data = self._read(WELCOMED)
        if data is None:
            return []
        if not isinstance(data, list):
            return list(game_names())
        return [name for name in data if isinstance(name, str)]

    def welcome_done(self, game: str, welcomed: list[str] | None = None) -> list[str]:
        """Welcome nobody to ``game`` again in this browser; ``welcomed``: the
        games welcomed as just read.  Returns the games welcomed as kept now."""
        welcomed = self.welcomed() if welcomed is None else welcomed
        if game not in game_names() or game in welcomed:
            return welcomed
        now = [*welcomed, game]
        return now if self._write(WELCOMED, now) else welcomed

    def welcome(
        self, game: str, learned: dict[str, list[str]] | None = None, welcomed: list[str] | None = None
    ) -> bool:
        """Whether to welcome a newcomer to ``game``: none of its lessons done,
        its welcome not done (``learned``, ``welcomed``: as just read)."""
        if self.store is None:
            return False
        learned = self.learned() if learned is None else learned
        return not learned.get(game) and game not in (self.welcomed() if welcomed is None else welcomed)

    def start(self, seen: list[str]) -> None:
        """On a tab's start: a browser from before the welcomes were kept
        (or a first visit) has been welcomed to the games it saved, ``seen``."""
        if self.store is not None and self.store.get(WELCOMED) is None:
            self._write(WELCOMED, seen)
