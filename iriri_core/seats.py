"""The seats at a table: a person, or a bot of some level.

>>> Seat.from_text("hard")
Seat(kind='bot', level='hard')
>>> Seat("human").text, Seat("bot", "easy").text
('human', 'easy')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    """A place at the table: a person, or a bot of some level."""

    kind: str = "human"
    level: str = "medium"

    @property
    def is_bot(self) -> bool:
        """True for a bot seat."""
        return self.kind == "bot"

    def to_json(self) -> dict[str, str]:
        """As in the view's ``state``: ``{"kind": "human"}`` or ``{"kind": "bot", "level": "hard"}``."""
        return {"kind": self.kind, "level": self.level} if self.is_bot else {"kind": self.kind}

    @property
    def text(self) -> str:
        """``"human"``, or the bot's level, as links and saved matches write seats."""
        return self.level if self.is_bot else "human"

    @classmethod
    def from_text(cls, text: str) -> Seat:
        """The seat :attr:`text` writes."""
        return cls("human") if text == "human" else cls("bot", text)


def default_seats() -> list[Seat]:
    """A new table's seats: a person against a medium bot."""
    return [Seat("human"), Seat("bot", "medium")]
