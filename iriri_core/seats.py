"""The seats at a table: a person at this screen, a bot of some level, or
a friend elsewhere whose moves come by links (iriri_core.by_links.game).

>>> Seat.from_text("hard")
Seat(kind='bot', level='hard', name='')
>>> Seat("human").text, Seat("bot", "easy").text, Seat("friend", name="Bob").text
('human', 'easy', 'human')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    """A place at the table: a person at this screen, a bot of some level,
    or a friend elsewhere (``name``: what they are called)."""

    kind: str = "human"
    level: str = "medium"
    name: str = ""

    @property
    def is_bot(self) -> bool:
        """True for a bot seat."""
        return self.kind == "bot"

    @property
    def is_person(self) -> bool:
        """True for a person at this screen (not a bot, not a friend elsewhere)."""
        return self.kind == "human"

    def to_json(self) -> dict[str, str]:
        """As in the view's ``state``: ``{"kind": "human"}``, ``{"kind": "bot",
        "level": "hard"}`` or ``{"kind": "friend", "name": "Bob"}``."""
        if self.is_bot:
            return {"kind": self.kind, "level": self.level}
        return {"kind": self.kind, "name": self.name} if self.kind == "friend" else {"kind": self.kind}

    @property
    def text(self) -> str:
        """``"human"``, or the bot's level, as links and saved matches write
        seats (a friend's seat is a person's there: a record played on at one
        screen)."""
        return self.level if self.is_bot else "human"

    @classmethod
    def from_text(cls, text: str) -> Seat:
        """The seat :attr:`text` writes."""
        return cls("human") if text == "human" else cls("bot", text)


def default_seats() -> list[Seat]:
    """A new table's seats: a person against a medium bot."""
    return [Seat("human"), Seat("bot", "medium")]
