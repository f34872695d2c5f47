"""Where the site keeps games in the browser's storage: the keys, which the
page's Python (web/main.py) writes and its JavaScript reads."""

from __future__ import annotations

SAVED = "iriri.match"
"""Where the site keeps the Iriri match in the browser's storage; a match of
another game goes under this key, a dot and the game's name."""

GAME = "iriri.game"
"""The game played last, which the site opens with."""

PREVIOUS = "iriri.match.previous"
"""Where the game in progress goes when a link opens another one."""

DAMAGED = "iriri.match.damaged."
"""Saved matches that could not be read are kept under this prefix and a
timestamp, so they can be downloaded; none is ever overwritten."""

PICTURE = "iriri.picture"
"""The picture of the table as last saved (iriri_core.pictures), which the
page paints on the next visit before Python is ready."""


def saved_key(game: str) -> str:
    """Where a match of ``game`` is kept.

    >>> saved_key("iriri"), saved_key("hextris")
    ('iriri.match', 'iriri.match.hextris')
    """
    return SAVED if game == "iriri" else f"{SAVED}.{game}"
