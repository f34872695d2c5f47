"""What a game gives for setting up a position by hand (Share ▸ Set up a
position; docs/setup.md): a palette of what it has to put down, the places
a tap puts it, the parts of a position that are not on the board, as
fields, and a trial the tests play.

A game declares it once, on its entry (``GameEntry(..., setup=...)``;
:func:`iriri_core.presenter.setup_rules` finds it by the game's name).  The
position being set up is the game's own state, built without the checks of
a game played: it may have too many pieces or a player with no move, and is
drawn as it is, so that a person sees what they made.  Whether it can
happen under the rules is the position line's reader's to say
(``game.from_text(game.to_line(state))``), with its reason in words; no
check is written twice (:mod:`iriri_core.setup.editor`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..pictures.drawing import PALETTE
from ..pieces import COLOURS, SIZE_NAMES


class SetupError(ValueError):
    """A tap, a field or a tool the set-up refuses, with why in words for the person."""


@dataclass(frozen=True)
class Tool:
    """One thing of the palette: a piece to put down, or a way to take one away."""

    id: str
    """The tool's name in events ("Y3", "remove")."""
    label: str
    """The tool in words, for a screen reader and the button's title ("yellow large")."""
    short: str
    """What the palette button shows ("Y3", "Remove")."""
    colour: str = ""
    """The piece's colour, as the game draws it (a CSS colour), for the button's swatch; "" for none."""
    size: int = 0
    """The piece's pips (1 to 3), drawn on the swatch; 0 for none."""


REMOVE = Tool("remove", "remove a piece: tap it on the board", "Remove")
"""The palette's eraser: a tap with it empties the place tapped."""


@dataclass(frozen=True)
class Field:
    """A part of the position that is not on the board: who is to move, a
    hand, a score.  ``choices`` (value, words) makes it a choice; without
    them it is typed text, read by the game's :meth:`SetupRules.set`."""

    id: str
    label: str
    value: str
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""
    """How the typed text is written ("small, medium, large: 3 digits")."""


Step = tuple[str, ...]
"""One step of a trial, as a person makes it on the page: ``("tool", id)``,
``("tap", target)`` or ``("field", id, value)``."""


@dataclass(frozen=True)
class Refusal:
    """A position a trial sets up that cannot happen, and words the reason holds."""

    steps: tuple[Step, ...]
    words: str


@dataclass(frozen=True)
class SetupTrial:
    """What the tests of every game set up (tests/test_setup.py, e2e/test_setup.py):
    ``build`` from the empty board to a position that can happen, which
    ``moves`` (move text) then go on from; ``refusals``, each from that
    position, to one that cannot."""

    build: tuple[Step, ...]
    moves: tuple[str, ...]
    refusals: tuple[Refusal, ...]


class SetupRules(Protocol):
    """A game's set-up (see the module's docstring).  Methods that refuse
    raise :class:`SetupError` with words for the person."""

    trial: SetupTrial
    examples: tuple[tuple[str, tuple[Step, ...]], ...]
    """The designers' examples (``learn/examples.toml``, by id, each with its steps) set up from
    the empty board, step by step as a person would: the taps they cost are a
    bench figure (``python3 build.py bench --only setup``), and a test checks each
    gives the example's position exactly."""

    def empty(self, like: Any) -> Any:
        """The empty board, for the seats and settings of ``like`` (a state of
        the game): no piece anywhere a tap can put one, everything else as a game starts."""
        ...

    def tools(self, state: Any) -> tuple[Tool, ...]:
        """The palette for ``state``: every piece the game has, then :data:`REMOVE`."""
        ...

    def put(self, state: Any, tool: str, target: str) -> Any:
        """``state`` with ``tool`` used on ``target``, a target of the
        presenter's scene for ``state`` (a spot, a square, a slot of the ring)."""
        ...

    def fields(self, state: Any) -> tuple[Field, ...]:
        """The parts of ``state`` that are not put down by taps, as fields."""
        ...

    def set(self, state: Any, field: str, value: str) -> Any:
        """``state`` with ``field`` set to ``value`` (as typed or chosen)."""
        ...


def pyramid_tools(colours: tuple[str, ...]) -> tuple[Tool, ...]:
    """A pyramid of each colour of ``colours`` and each size, small to
    large, then :data:`REMOVE`: the palette of a game of pyramids."""
    return (
        *(
            Tool(
                f"{COLOURS[colour]}{size}",
                f"{colour} {SIZE_NAMES[size]}",
                f"{COLOURS[colour]}{size}",
                PALETTE.get(colour, colour),
                size,
            )
            for colour in colours
            for size in (1, 2, 3)
        ),
        REMOVE,
    )
