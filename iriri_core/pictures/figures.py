"""Pictures of the table drawn by the same scene code as the page: at any
move of a game, for links and wikis (:func:`picture_code`,
:func:`figure_picture`, :func:`picture_files`), and the start pictures.

``python3 build.py figures`` writes docs/table.svg, the picture in the README;
a test keeps it equal to what this code draws.  ``python3 build.py build``
writes :func:`start_pictures`, which the page paints before Python is ready.
A game the page deals by itself is dealt at random, so the start picture
shows only what every deal has in common: a piece that differs from one
deal to another (a piece of the Iriri ring) is drawn as a blank stand-in.

>>> svg = table_picture(seed=1, plies=0)
>>> svg.startswith("<svg") and "ring:0" not in svg
True
"""

from __future__ import annotations

import hashlib
from typing import Any

from ..bots import make_bot
from ..engine import SPECTATOR, get_game
from ..learn import coach_mode
from ..presenter import table_games
from ..seats import Seat, default_seats
from ..site.links import parse_options
from ..table.table import Table
from ..table.views import FILE_SIZE, PICTURE_BUDGET, PICTURE_SIZE, described, panel
from . import packed
from .packed import PictureFile, Step, encode, pack
from .scene import Piece, Rect, Scene, Shape, to_svg

SHAPES = {"wide": (900.0, 560.0), "tall": (390.0, 600.0)}
"""The sizes start pictures are drawn at: for landscape and portrait boxes
(the page paints the one nearer its box's shape, scaled to fit)."""

DEALS = range(1, 9)
"""The seeds a start picture is drawn from: what differs between their deals
differs between deals (a test checks the picture against many others)."""

BLANK, BLANK_EDGE = "#d9cfbe", "#a89c89"
"""A stand-in for a piece the deal decides: a blank tile, no colour, no size."""


def table_picture(seed: int = 5, plies: int = 14, width: float = 900, height: float = 560) -> str:
    """Two greedy bots play ``plies`` moves from ``seed``; then the next word
    greedy would lay is shown as a person's draft, with its live preview."""
    table = Table("iriri", [Seat("human"), Seat("human")], seed=seed, size=(width, height))
    bot = make_bot("greedy", seed=seed)
    for _ in range(plies):
        table.play(bot.choose(table.game, table.state))
    while table.state.phase != "place" and not table.game.is_over(table.state):
        table.play(bot.choose(table.game, table.state))
    move = bot.choose(table.game, table.state)
    hand = list(table.state.hand())
    for cell, piece in getattr(move, "pieces", ()):
        index = next(i for i, p in enumerate(hand) if p == piece and i not in table.draft.placed.values())
        table.handle({"type": "tap", "target": f"hand:{table.state.to_move}:{index}"})
        table.handle({"type": "tap", "target": f"cell:{cell[0]},{cell[1]}"})
    return to_svg(table.scene())


def start_pictures() -> dict[str, Any]:
    """The picture code of the start of every game, for each number of
    players and each of :data:`SHAPES`: ``{"games": {"iriri": {"2":
    {"wide": ..., "tall": ...}}}}``.  Each is the start every deal of the
    game shares (:func:`start_step`), seen by a person against bots
    (medium, as a new table seats them); a game whose deals differ in more
    than pieces has none."""
    games: dict[str, Any] = {}
    for name in table_games():
        game = get_game(name)
        for players in range(game.min_players, game.max_players + 1):
            steps = {shape: start_step(name, players, size) for shape, size in SHAPES.items()}
            if all(steps.values()):
                label = _start_table(name, players, DEALS[0]).presenter.label
                games.setdefault(name, {})[str(players)] = {
                    shape: encode(name, label, [step]) for shape, step in steps.items() if step
                }
    return {"games": games}


def first_picture(game: str = "iriri", players: int = 2) -> dict[str, Any]:
    """The start of ``game`` for ``players``, as :func:`start_pictures` draws
    it but unzipped (:func:`iriri_core.pictures.packed.pack`), for the page itself:
    ``{"game": "iriri", "players": 2, "wide": ..., "tall": ...}``."""
    label = _start_table(game, players, DEALS[0]).presenter.label
    shapes = {}
    for shape, size in SHAPES.items():
        step = start_step(game, players, size)
        assert step is not None, f"{game} has no start picture"
        shapes[shape] = pack(game, label, [step])
    return {"game": game, "players": players, **shapes}


def start_step(game: str, players: int, size: tuple[float, float]) -> Step | None:
    """The start of ``game`` for ``players`` at ``size``, as every deal has
    it: drawn from each of :data:`DEALS`, a piece (``Scene.piece``) that is
    not the same in all of them is drawn as a blank stand-in, all of one
    size (the smallest such piece's); None where the deals differ in
    anything else (the status, a shape that is no piece, the number of
    shapes), which no picture could show without giving one deal away or
    contradicting another."""
    drawn = [draw(_start_table(game, players, seed), range(1), size, figure=False)[0] for seed in DEALS]
    scenes = [scene for scene, _ in drawn]
    if len({text for _, text in drawn}) > 1 or len({len(scene.shapes) for scene in scenes}) > 1:
        return None
    kept: list[Shape] = []
    blanks: list[Piece] = []  # where a piece differs: the smallest of it, kept in ``kept`` too
    at = 0
    while at < len(scenes[0].shapes):
        first = scenes[0].shapes[at]
        count = 1 + (first.count if isinstance(first, Piece) else 0)
        parts = [scene.shapes[at : at + count] for scene in scenes]
        at += count
        if all(part == parts[0] for part in parts):
            kept.extend(parts[0])
            continue
        pieces = [part[0] for part in parts if isinstance(part[0], Piece)]
        if len(pieces) < len(parts) or len({(round(p.x, 1), round(p.y, 1), p.count) for p in pieces}) > 1:
            return None
        blanks.append(min(pieces, key=lambda piece: piece.size))
        kept.append(blanks[-1])
    side = 0.8 * min((piece.size for piece in blanks), default=0.0)
    common = Scene(scenes[0].width, scenes[0].height)
    for shape in kept:
        common.add(
            _blank(shape, side) if isinstance(shape, Piece) and any(shape is b for b in blanks) else shape
        )
    return Step(common.to_json(), drawn[0][1])


def _blank(piece: Piece, side: float) -> Rect:
    """A blank tile ``side`` across where ``piece`` stands."""
    x, y = piece.x - side / 2, piece.y - side / 2
    return Rect(x, y, side, side, radius=side * 0.18, fill=BLANK, stroke=BLANK_EDGE, width=1.5)


def _start_table(game: str, players: int, seed: int) -> Table:
    """The table the page sets up by itself for ``game``, dealt from ``seed``:
    a person against medium bots."""
    seats = default_seats()[:1] + [Seat("bot", "medium")] * (players - 1)
    return Table(game, seats, seed=seed)


def draw(
    table: Table, cursors: range, size: tuple[float, float], figure: bool = True
) -> list[tuple[Scene, str]]:
    """The scene and status line at each move of ``cursors``, drawn at
    ``size``: as a figure shows them (nobody to act, the last move marked)
    or, with ``figure`` False, as the person to move sees the table (in a
    game with hidden information, as anyone may see it: the picture may be
    seen by anyone). The table is only read (:meth:`iriri_core.table.table.Table.sight`)."""
    out = []
    for cursor in cursors:
        shown = panel(table.sight(cursor, size, figure))
        out.append((shown["scene"], shown["status"]))
    return out


def review(table: Table, move: int, coached: bool = False) -> dict[str, Any]:
    """What the page shows while looking back at the table after ``move``
    moves (web/ui/review.js, "review"): the scene, the status line and the
    players' table (``columns`` and ``scores``) of that position, drawn as
    a figure shows it, so that the side panels follow the board; with
    ``coached``, where the coach lists the person's move ``move``, the
    position as the person saw it then, the move played and the hard bot's
    marked (:func:`iriri_core.learn.coach_mode.coached_look`), with the targets
    marked (``marks``: ``{"yours": [...], "better": [...]}``, else None)."""
    look = coach_mode.coached_look(table.look(), move) if coached else None
    shown, marks = look if look is not None else (panel(table.sight(move, table.size, True)), None)
    return {
        "scene": shown["scene"].to_json(),
        "status": shown["status"],
        "columns": shown["columns"],
        "scores": shown["scores"],
        "marks": marks,
    }


def _steps(table: Table, cursors: range, size: tuple[float, float], figure: bool) -> list[Step]:
    return [Step(scene.to_json(), text) for scene, text in draw(table, cursors, size, figure)]


def picture_code(
    table: Table, cursors: range, size: tuple[float, float] = PICTURE_SIZE, figure: bool = True
) -> str:
    """The moves ``cursors`` of the table's game as a picture code
    (:mod:`iriri_core.pictures.packed`), drawn as :func:`draw` draws them."""
    steps = _steps(table, cursors, size, figure)
    return packed.encode(table.game.name, table.presenter.label, steps, cursors.start, table.history.length)


def figure_picture(table: Table, cursor: int, budget: int = PICTURE_BUDGET) -> str:
    """A figure's pictures around move ``cursor``: the moves before it and
    after it, taken in turn (one before, one after, ...), as many as fit in
    ``budget`` characters (always ``cursor`` itself; the whole game when it
    fits), so that Previous and Next both step through pictures."""
    last = table.history.length
    game, label = table.game.name, table.presenter.label
    order = [cursor]  # every move, nearest first: one before, one after, ...
    for away in range(1, last + 1):
        order += [move for move in (cursor - away, cursor + away) if 0 <= move <= last]
    steps: dict[int, Step] = {}  # the moves drawn so far: a run around ``cursor``

    def code(count: int) -> str:
        """The code of the run the first ``count`` moves of ``order`` make,
        drawing the moves of it not drawn yet."""
        low, high = min(order[:count]), max(order[:count])
        before = range(low, min(steps, default=cursor))
        after = range(max(steps, default=cursor - 1) + 1, high + 1)
        for run in (before, after):
            steps.update(zip(run, _steps(table, run, PICTURE_SIZE, figure=True), strict=True))
        return packed.encode(game, label, [steps[move] for move in range(low, high + 1)], low, last)

    # Draw in batches that double, until they outgrow the budget or the game
    # is all drawn (a long game in Pyodide takes seconds to draw); then find
    # how many of the last batch fit.
    fits = count = 1
    while fits == count < len(order):
        count = min(2 * count, len(order))
        if len(code(count)) <= budget:
            fits = count
    while count - fits > 1:  # ``fits`` moves fit and ``count`` do not
        middle = (fits + count) // 2
        if len(code(middle)) <= budget:
            fits = middle
        else:
            count = middle
    return code(fits)


def pictured(options: str) -> str:
    """A figure's link ``options`` with the pictures of its steps added
    (``&picture=``), as **Share** writes them (:func:`figure_picture`), so
    that its frame shows it before Python has started; the options opened on
    a table as the page opens them."""
    table = Table("iriri")
    table.apply(parse_options(options))
    if not table.figure:
        raise ValueError("these options are not a figure's (mode=figure)")
    return f"{options}&picture={figure_picture(table, table.cursor)}"


def picture_files(table: Table, cursors: range, size: tuple[float, float] = FILE_SIZE) -> list[PictureFile]:
    """The moves ``cursors`` of the table's game drawn as a figure draws
    them, as files to save for a wiki (:func:`iriri_core.pictures.packed.wikitext`)."""
    record = table.record()
    tag = hashlib.sha256(f"{record.start}|{record.moves}".encode()).hexdigest()[:8]
    title, moves = table.game.title, table.history.length
    files, sight = [], table.sight()
    for cursor, (scene, _) in zip(cursors, draw(table, cursors, size), strict=True):
        last = f": {described(sight, cursor - 1, SPECTATOR)[1]}" if cursor else ": the start"
        caption = f"{title}, move {cursor} of {moves}{last}"
        files.append(PictureFile(f"{title} {tag} move {cursor}", scene.to_json(), to_svg(scene), caption))
    return files
