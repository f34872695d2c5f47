"""What this browser knows of a player's learning (docs/page.md, "Saving"):
the lessons whose goal they met, by game (:data:`LEARNED`), and the games
whose welcome to a newcomer has done its work (:data:`WELCOMED`).  Data
under either key that is not what it should be is read as the safe answer
(nothing learned; nobody welcomed), and a storage that refuses to keep
either loses only a tick or a welcome, never a game."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from .engine import game_names
from .storage import LEARNED, WELCOMED, StorageRefused, Store

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

    def _write(self, key: str, data: Any) -> None:
        if self.store is not None:
            with contextlib.suppress(StorageRefused):  # (only a tick or a welcome is lost)
                self.store.set(key, json.dumps(data))

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

    def learn(self, game: str, lesson: str) -> None:
        """Keep ``lesson`` of ``game`` as learned."""
        learned = self.learned()
        ids = learned.setdefault(game, [])
        if lesson not in ids:
            self._write(LEARNED, {**learned, game: [*ids, lesson]})

    def welcomed(self) -> list[str]:
        """The games whose welcome has done its work (every game where the key holds something else)."""
        data = self._read(WELCOMED)
        if data is None:
            return []
        if not isinstance(data, list):
            return list(game_names())
        return [name for name in data if isinstance(name, str)]

    def welcome_done(self, game: str) -> None:
        """Welcome nobody to ``game`` again in this browser."""
        welcomed = self.welcomed()
        if game in game_names() and game not in welcomed:
            self._write(WELCOMED, [*welcomed, game])

    def welcome(self, game: str) -> bool:
        """Whether to welcome a newcomer to ``game``: none of its lessons done, its welcome not done."""
        return self.store is not None and not self.learned().get(game) and game not in self.welcomed()

    def start(self, seen: list[str]) -> None:
        """On a tab's start: a browser from before the welcomes were kept
        (or a first visit) has been welcomed to the games it saved, ``seen``."""
        if self.store is not None and self.store.get(WELCOMED) is None:
            self._write(WELCOMED, seen)
