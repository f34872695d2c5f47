"""What a presenter returns for one viewer: the :class:`Panel`, the game's
parts of the page's view (docs/page.md), typed, so that a game's panel is
checked against what the page reads.  The page knows no game: the players'
table has the columns the presenter names (:class:`Column`), each row a
cell for each, and a move being put together is previewed as the parts the
presenter gives (:class:`PreviewPart`), plain words, a word marked good or
bad, or move text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

if TYPE_CHECKING:
    from .pictures.scene import Scene


class Column(TypedDict):
    """A column of the players' table after the player's name: its header
    (``#<key>-label`` on the page) and what it holds ("Score", "Hand")."""

    key: str
    label: str


class ScoreRow(TypedDict):
    """A row of the players' table: the seat's name and colour, whether it
    is to move, and a cell for each of the panel's ``columns``, in order."""

    name: str
    swatch: str
    cells: list[str]
    to_move: bool


class Control(TypedDict):
    """One of a game's own buttons (:func:`control`)."""

    name: str
    label: str
    enabled: bool
    primary: bool
    shown: bool
    wide: str


class PreviewPart(TypedDict):
    """A piece of a preview line: ``kind`` "" for plain words, "ok" or "no"
    for a word marked good or bad (in green or red), "code" for move text;
    ``title`` the tooltip, if any."""

    text: str
    kind: Literal["", "ok", "no", "code"]
    title: NotRequired[str]


class Preview(TypedDict):
    """A move being put together, in words (a game whose presenter has
    ``previews``): the line's parts, whether the move may be played, and
    its move text."""

    parts: list[PreviewPart]
    valid: bool
    text: str


class Panel(TypedDict):
    """The game's parts of the view: the status line, the players' table
    (``columns`` and ``scores``), the preview (or None), whether a person
    is putting a move together (``placing``), the game's buttons (a Pass
    button is described by the status, which says why), the table in words (``mirror``), the
    canvas targets that may be dragged, and the canvas ``scene``."""

    status: str
    columns: list[Column]
    scores: list[ScoreRow]
    preview: Preview | None
    placing: bool
    controls: list[Control]
    mirror: list[str]
    draggable: list[str]
    scene: Scene


def control(
    name: str, label: str, enabled: bool = True, primary: bool = False, shown: bool = True, wide: str = ""
) -> Control:
    """One of a game's own buttons in the view's ``controls``: the page shows
    it (when ``shown``) as ``#<name>-button``, its label followed by ``wide``
    where there is room ("Confirm" and " word"), and sends
    ``{"type": "command", "name": name}``.  Its name is never one of the
    table's own buttons (:data:`iriri_core.table.table.TABLE_COMMANDS`).

    >>> control("pass", "Pass", shown=False)
    {'name': 'pass', 'label': 'Pass', 'enabled': True, 'primary': False, 'shown': False, 'wide': ''}
    """
    return {
        "name": name,
        "label": label,
        "enabled": enabled,
        "primary": primary,
        "shown": shown,
        "wide": wide,
    }


def columns(*labels: tuple[str, str]) -> list[Column]:
    """The players' table's columns, each ``(key, label)``.

    >>> columns(("score", "Home"), ("hand", "Pad"))
    [{'key': 'score', 'label': 'Home'}, {'key': 'hand', 'label': 'Pad'}]
    """
    return [{"key": key, "label": label} for key, label in labels]
