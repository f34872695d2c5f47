"""A game's own settings for a new game (Pyrinoes: the target score): what
the new-game dialog offers, what a link may give, what a new-game event may
ask for, and what is wrong with a value, in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Setting:
    """One of a game's own settings for a new game (Pyrinoes: the target
    score), which the new-game dialog offers, a link may give
    (``target=50``) and ``game.new_game`` takes as a keyword of the same
    name.  A game keeps each setting in its positions, as an attribute of
    that name (``state.target``), so that saves, links and records, which
    all carry the start position, carry the setting too.

    A presenter declares its settings as ``settings`` (a tuple of these);
    a presenter without one has none.

    >>> target = Setting("target", "Target score", 100, choices=(50, 100, 150))
    >>> target.problem(75)
    'it is one of 50, 100 or 150'
    >>> target.read("50")
    50
    """

    name: str
    """The keyword ``new_game`` takes, the link option and the event's key."""
    label: str
    """What the new-game dialog calls it ("Target score")."""
    default: int
    choices: tuple[int, ...] = ()
    """The values offered; empty: any whole number from ``minimum`` to ``maximum``."""
    minimum: int = 0
    maximum: int = 0
    help: str = ""
    """A line under the field in the dialog ("" for none)."""

    def problem(self, value: Any) -> str:
        """What is wrong with ``value`` for this setting, or "" if nothing."""
        whole = isinstance(value, int) and not isinstance(value, bool)
        if self.choices:
            if whole and value in self.choices:
                return ""
            *first, last = (str(choice) for choice in self.choices)
            return f"it is one of {', '.join(first)} or {last}" if first else f"it is {last}"
        if whole and self.minimum <= value <= self.maximum:
            return ""
        return f"it is a whole number from {self.minimum} to {self.maximum}"

    def read(self, value: Any) -> int:
        """``value`` as a whole number: one, or its text (a link's option, a
        dialog's field: decimal digits, spaces around allowed); raises
        ValueError saying what is wrong (the values allowed).

        >>> rounds = Setting("rounds", "Rounds", 3, minimum=1, maximum=9)
        >>> rounds.read(" 4"), rounds.read(9)
        (4, 9)
        >>> rounds.read("4.5")
        Traceback (most recent call last):
        ValueError: it is a whole number from 1 to 9
        """
        if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 15:
            value = int(value.strip())
        problem = self.problem(value)
        if problem:
            raise ValueError(problem)
        result: int = value
        return result

    def to_json(self, value: int) -> dict[str, Any]:
        """The setting as the view's ``setup.settings`` tells it, with
        ``value``, the one of the game on the table."""
        return {
            "name": self.name,
            "label": self.label,
            "help": self.help,
            "choices": list(self.choices),
            "min": self.minimum,
            "max": self.maximum,
            "default": self.default,
            "value": value,
        }


def game_settings(presenter: Any) -> tuple[Setting, ...]:
    """The settings ``presenter``'s game declares (most games have none)."""
    return tuple(presenter.settings)


def least_settings(presenter: Any) -> dict[str, int]:
    """Each of the game's settings at its least value (its first choice, or
    its minimum): for a match to a target score, the shortest match, as the
    tests and the benches of every game play it.

    >>> from iriri_core.presenter import presenter_for
    >>> least_settings(presenter_for("pyrinoes")), least_settings(presenter_for("hextris"))
    ({'target': 50}, {})
    """
    return {s.name: min(s.choices) if s.choices else s.minimum for s in game_settings(presenter)}


def setting_values(presenter: Any, state: Any) -> dict[str, int]:
    """The value of each of the game's settings in ``state`` (the position
    keeps them; a default where it does not say)."""
    return {s.name: getattr(state, s.name, s.default) for s in game_settings(presenter)}


def read_settings(presenter: Any, title: str, given: Any) -> dict[str, int] | str:
    """``given`` (a mapping of setting names to values, as a new-game event
    sends them: whole numbers, or their text as typed in the dialog) read
    for the game ``presenter`` shows, or what is wrong with it, naming the
    setting and the values it takes; ``title`` names the game.

    >>> from iriri_core.presenter import presenter_for
    >>> read_settings(presenter_for("pyrinoes"), "Pyrinoes", {"target": "50"})
    {'target': 50}
    >>> read_settings(presenter_for("pyrinoes"), "Pyrinoes", {"target": "75"})
    'Target score: it is one of 50, 100 or 150'
    """
    if not isinstance(given, dict):
        return "the settings are a set of names and values"
    known = {s.name: s for s in game_settings(presenter)}
    chosen: dict[str, int] = {}
    for name, value in given.items():
        setting = known.get(name)
        if setting is None:
            if not known:
                return f"{title} has no settings"
            return f"{title} has no setting {name!r}; its settings are: {', '.join(known)}"
        try:
            chosen[name] = setting.read(value)
        except ValueError as exc:
            return f"{setting.label}: {exc}"
    return chosen
