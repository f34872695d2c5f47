"""What one viewer sees of a table: the view the page paints (docs/page.md),
the moves in words, the state the page shows scripts and host pages, and
pictures of the table for links and wikis.

Everything is built for one viewer, a seat or a spectator: the scene and
the panel come from the game's presenter given that viewer's view of the
position; the moves and announcements are told as that viewer saw them
(a domino drawn from a hidden pile is "a domino"); the position, record and
share code, which hold everything, go only where they are asked for (saving,
sharing), and never, in a game with hidden information, to scripts.

>>> from iriri_core import Seat, Table
>>> table = Table("hextris", [Seat("human"), Seat("human")])
>>> view = table.handle({"type": "move", "text": "L@c1"})
>>> view["moves"], view["announce"]
([{'number': 1, 'text': 'L@c1', 'description': 'Yellow drops a large on c1'}], 'Yellow drops a large on c1')
>>> sorted(view["state"])
['begun', 'cursor', 'game', 'hidden', 'length', 'opened', 'over', 'seats', 'thinking', 'to_move', 'viewer']
"""

from __future__ import annotations

import functools
import hashlib
import html
from typing import TYPE_CHECKING, Any

from . import pictures, richtext
from .bots import LEVELS
from .engine import CHANCE, SPECTATOR
from .pictures import PictureFile, Step
from .presenter import game_settings, presenter_for, summarise, table_games
from .scene import Scene, to_svg

if TYPE_CHECKING:
    from .table import Table

MAX_ACTIONS = 60
"""At most this many legal moves are listed as buttons; the rest can be typed."""

RECENT = 8
"""How many of the last moves a presenter is given (to mark the last move)."""

PICTURE_SIZE = (640.0, 480.0)
"""The size pictures for links are drawn at (the page scales them to fit)."""

PICTURE_BUDGET = 16_000
"""The most characters a figure's pictures take in a link."""

FILE_SIZE = (800.0, 520.0)
"""The size pictures saved as files are drawn at."""


# ---------------------------------------------------------------- moves, as a viewer saw them


def described(table: Table, index: int, viewer: int) -> tuple[str, str]:
    """Move ``index`` of the table's game as ``viewer`` saw it: its text and
    its description (kept with the move once worked out)."""
    ply = table.history.plies[index]
    if viewer not in ply.seen:
        game = table.game
        before = game.view(ply.before, viewer)
        move = game.view_move(ply.before, ply.move, viewer)
        text = ply.text if move is ply.move else game.move_text(before, move)
        ply.seen[viewer] = (text, table.presenter.describe(game, before, move))
    return ply.seen[viewer]


def recent(table: Table, viewer: int) -> tuple[tuple[Any, Any], ...]:
    """The last moves before the position shown, with the positions they
    were played in, as ``viewer`` sees them (for a presenter)."""
    game, plies = table.game, table.history.plies
    start = max(0, table.cursor - RECENT)
    return tuple(
        (game.view(ply.before, viewer), game.view_move(ply.before, ply.move, viewer))
        for ply in plies[start : table.cursor]
    )


def move_list(table: Table, viewer: int, undone: bool = False) -> list[dict[str, Any]]:
    """The moves up to the cursor (with ``undone``, those after it, which
    redo plays again), numbered, as ``viewer`` saw them.  Each move of a
    run of chance's moves (a deal) says where the run starts (``run``: its
    first move's number), and the run's last move tells the whole run in
    one clause (``summary``), which the page shows as one entry."""
    shown = range(table.cursor, table.history.length) if undone else range(table.cursor)
    entries: list[dict[str, Any]] = [
        {"number": i + 1, "text": text, "description": description}
        for i in shown
        for text, description in [described(table, i, viewer)]
    ]
    game, plies = table.game, table.history.plies
    chance = [game.current_player(plies[i].before) == CHANCE for i in shown]
    at = 0
    while at < len(entries):
        stop = at
        while stop < len(entries) and chance[stop]:
            stop += 1
        if stop - at > 1:  # a run of chance's moves (a deal): the page shows it as one entry
            for entry in entries[at:stop]:
                entry["run"] = entries[at]["number"]
            entries[stop - 1]["summary"] = told(table, shown[at], shown[stop - 1] + 1, viewer)
        at = max(stop, at + 1)
    return entries


def last_turn(table: Table, viewer: int) -> str:
    """The turn that led to the position shown, in words, as ``viewer`` saw
    it, one sentence; "" at the start.  The news comes first: the last moves
    of whoever moved last, then, in brackets, what chance did just before
    (the roll they moved with, the deal before a first move), which the next
    player needs less.

    >>> from iriri_core import Seat, Table
    >>> table = Table("iriri", [Seat("human"), Seat("human")], seed=1)
    >>> _ = table.handle({"type": "move", "text": "Y1@0,0 Y2@0,1"})
    >>> _ = table.handle({"type": "move", "text": table.game.move_text(table.state, table.legal_moves()[0])})
    >>> last_turn(table, 0)
    'Yellow lays Y1 Y2 at 0,0 to 0,1 for 6.5, then takes Y3 from position 2'
    >>> table = Table("pach-ice-i", [Seat("bot", "random"), Seat("human")], seed=1)
    >>> table.play_bots()
    >>> last_turn(table, 1)  # doctest: +ELLIPSIS
    'Black entered a ... (after Black rolled ...)'
    """
    end = table.cursor
    if not end:
        return ""
    game, plies = table.game, table.history.plies
    start = moved = turn_start(table, end)
    if game.current_player(plies[end - 1].before) == CHANCE:  # a roll or a deal, told as it is
        return told(table, start, end, viewer)
    while game.current_player(plies[moved].before) == CHANCE:
        moved += 1
    news = told(table, moved, end, viewer)
    if moved == start:
        return news
    chance = told(table, start, moved, viewer)
    name = table.presenter.chance_name
    if name.startswith("The ") and chance.startswith(name):  # "the dealer", mid-sentence
        chance = "t" + chance[1:]
    return f"{news} (after {chance})"


def turn_start(table: Table, end: int) -> int:
    """Where the turn that ends with move ``end`` - 1 begins: the first of
    the last mover's moves in a row, or of chance's rolls just before them."""
    game, plies = table.game, table.history.plies

    def actor(index: int) -> int:
        return game.current_player(plies[index].before)

    start = end - 1
    while start > 0 and actor(start - 1) == actor(end - 1):
        start -= 1
    while start > 0 and actor(end - 1) != CHANCE and actor(start - 1) == CHANCE:
        start -= 1
    return start


def last_line(table: Table, viewer: int) -> str:
    """The line by the board that tells the last turn (:func:`last_turn`),
    and, where the table passed for a person just before it, that pass
    after it, so that the person sees they passed, and why, while the
    others play on ("White entered ... (after White rolled 1 2 6). Before
    that, Black passes: no piece can move by 5, 6 and 7")."""
    end = table.cursor
    if not end:
        return ""
    start = turn_start(table, end)
    turn = last_turn(table, viewer)
    before = table.history.plies[start - 1] if start else None
    if before is None or table.forced(before.before) != before.move:
        return turn
    return f"{turn}. Before that, {described(table, start - 1, viewer)[1]}"


def told(table: Table, start: int, end: int, viewer: int) -> str:
    """Moves ``start`` to ``end`` as ``viewer`` saw them, in one sentence:
    a player's moves in a row joined by "then", a run of chance's moves (a
    deal) in one clause where the presenter sums it up
    (:func:`iriri_core.presenter.summarise`), and a move told the same way
    several times in a row counted ("The dealer deals a card to Blue (2 times)")."""
    game, plies = table.game, table.history.plies

    def actor(index: int) -> int:
        return game.current_player(plies[index].before)

    clauses: list[list[Any]] = []  # [seat, words, count]; seat None: a summed-up run
    index = start
    while index < end:
        stop = index
        while stop < end and actor(stop) == CHANCE:
            stop += 1
        folded = chance_run(table, index, stop, viewer) if stop - index > 1 else None
        if folded:
            clauses.append([None, folded, 1])
            index = stop
            continue
        said, seat = described(table, index, viewer)[1], actor(index)
        if clauses and clauses[-1][:2] == [seat, said]:
            clauses[-1][2] += 1
        else:
            clauses.append([seat, said, 1])
        index += 1
    text, before = "", None
    for seat, said, count in clauses:
        said = said if count == 1 else f"{said} ({count} times)"
        who = (
            table.presenter.chance_name
            if seat == CHANCE
            else ""
            if seat is None
            else table.presenter.player_name(game.view(table.history.position(start), viewer), seat)
        )
        if not text:
            text = said
        elif seat is not None and seat == before and said.startswith(who + " "):
            text += ", then " + said[len(who) + 1 :]
        else:
            text += "; " + said
        before = seat
    return text


def chance_run(table: Table, start: int, stop: int, viewer: int) -> str | None:
    """Chance's moves ``start`` to ``stop`` (a deal) as ``viewer`` was told
    them, in one clause, where the presenter sums them up
    (:func:`iriri_core.presenter.summarise`); None where it does not."""
    game, plies = table.game, table.history.plies[start:stop]
    seen = [(game.view(ply.before, viewer), game.view_move(ply.before, ply.move, viewer)) for ply in plies]
    return summarise(table.presenter, game, seen)


def _deal_goes_on(table: Table, index: int) -> bool:
    """Move ``index`` was chance's, and chance acts again by itself after it
    (a deal under way: it is told once it is done)."""
    game, ply = table.game, table.history.plies[index]
    return (
        game.current_player(ply.before) == CHANCE
        and game.current_player(ply.after) == CHANCE
        and game.roller(ply.after) is None
    )


def announcement(table: Table, viewer: int) -> str:
    """What just happened, for the live region, as ``viewer`` saw it: the
    table's news, with a move told as the turn it ends (:func:`last_turn`,
    and how the game ended, if that move ended it); a deal is told once,
    when its last domino is dealt, not at every move of it."""
    parts = []
    for part in table.news:
        if isinstance(part, str):
            parts.append(part)
            continue
        if part == table.cursor - 1 and _deal_goes_on(table, part):
            continue
        parts.append(
            last_turn(table, viewer) if part == table.cursor - 1 else described(table, part, viewer)[1]
        )
        if part == table.history.length - 1 and table.game.is_over(table.history.plies[part].after):
            parts.append(". " + table.result_text())
    return "".join(parts)


# ---------------------------------------------------------------- the page's view


def actions(table: Table, seen: Any) -> list[dict[str, str]]:
    """The first :data:`MAX_ACTIONS` moves the viewer may play now, as
    labelled buttons (a label may take working out: an Iriri word's score)."""
    game, state = table.game, seen.state
    return [
        {"label": table.presenter.action_label(game, state, move), "move": game.move_text(state, move)}
        for move in seen.legal[:MAX_ACTIONS]
    ]


def setup(table: Table) -> dict[str, Any]:
    """What belongs to the game on the table: its name and texts, how many
    may play, the seats' names, the levels, the game's own settings (with
    the values the game on the table was started with), and every game
    there is."""
    game, presenter, values = table.game, table.presenter, table.settings
    return {
        "game": game.name,
        "label": presenter.label,
        "move_help": presenter.move_help,
        "move_example": presenter.move_example,
        "seed_help": presenter.seed_help,
        "previews": presenter.previews,
        "players": [game.min_players, game.max_players],
        "seat_names": presenter.seat_names(game.max_players),
        "levels": list(LEVELS),
        "settings": [setting.to_json(values[setting.name]) for setting in game_settings(presenter)],
        "games": [{"name": name, "label": label(name)} for name in table_games()],
    }


@functools.cache
def label(game: str) -> str:
    """A game's name as the page shows it (its presenter's label)."""
    return presenter_for(game).label


def picker_buttons(chosen: str = "iriri") -> str:
    """The page's game picker, as build.py writes it into the page (web/ui.js
    keeps it in step with the view's ``setup``): a button for every game.

    >>> print(picker_buttons())  # doctest: +ELLIPSIS
    <span id="game-buttons-list" class="picker-games"><button type="button" data-game="hextris" ...
    """
    buttons = "".join(
        f'<button type="button" data-game="{name}" aria-pressed="{str(name == chosen).lower()}">'
        f"{html.escape(short)}"
        + (f'<span class="wide-only"> ({html.escape(credit)}</span>' if credit else "")
        + "</button>"
        for name in table_games()
        for short, _, credit in [label(name).partition(" (")]
    )
    return f'<span id="game-buttons-list" class="picker-games">{buttons}</span>'


def rules_blocks() -> dict[str, list[dict[str, Any]]]:
    """Every game's rules as text blocks (:mod:`iriri_core.richtext`), which
    build.py writes into the page, so that they read before Python is up."""
    return {name: richtext.blocks(presenter_for(name).rules) for name in table_games()}


def draw_question(table: Table) -> dict[str, str] | None:
    """What *Offer a draw* asks before the offer is made (a draw ends the
    game: one click must not): who is offered it, and what accepting means;
    None where the person to move cannot offer one.

    >>> from iriri_core import Seat, Table
    >>> table = Table("hextris", [Seat("human"), Seat("bot", "easy")])
    >>> draw_question(table)["title"]
    'Offer Blue a draw?'
    >>> print(draw_question(table)["text"])
    If Blue accepts, the game ends now as a draw: nobody wins. Blue is a bot and answers at once.
    """
    state, seat = table.state, table.seat_to_move
    if not table.acting() or table.draw_offer or table.game.agreed_draw(state) is None:
        return None
    name = table.presenter.player_name
    others = [other for other in range(len(table.seats)) if other != seat]
    names = [name(state, other) for other in others]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    accept = f"{who} accepts" if len(names) == 1 else f"{who} all accept"
    bots = [name(state, other) for other in others if table.seats[other].is_bot]
    people = [name(state, other) for other in others if not table.seats[other].is_bot]
    answers = []
    if bots:
        answers.append(
            f"{' and '.join(bots)} {'is a bot' if len(bots) == 1 else 'are bots'} and answer"
            f"{'s' if len(bots) == 1 else ''} at once."
        )
    if people:
        answers.append(
            f"{' and '.join(people)} {'is' if len(people) == 1 else 'are'} asked here, at this screen."
        )
    return {
        "title": f"Offer {who} a draw?",
        "text": f"If {accept}, the game ends now as a draw: nobody wins. " + " ".join(answers),
    }


def summary(table: Table) -> dict[str, Any]:
    """The view's ``state``: where the game stands, without the position."""
    outcome = table.game.outcome(table.state)
    return {
        "game": table.game.name,
        "opened": table.opened,
        "cursor": table.cursor,
        "length": table.history.length,
        "begun": table.history.begun(table.game),
        "seats": [seat.to_json() for seat in table.seats],
        "to_move": table.seat_to_move,
        "thinking": (table.bot_to_move and outcome is None and not table.between_rounds)
        or table.hinting is not None,
        "over": outcome is not None,
        "viewer": table.viewer,
        "hidden": table.game.hidden_information,
    }


def full_state(table: Table) -> dict[str, Any]:
    """What the page shows scripts and host pages (``window.iriri.state()``,
    an embed's messages): the :func:`summary`, the moves as the viewer saw
    them, and, in a game that hides nothing, the position, the record and
    the share code."""
    state = {**summary(table), "moves": [move["text"] for move in move_list(table, table.viewer)]}
    if not table.game.hidden_information:
        state["position"] = table.game.to_text(table.state)
        state["record"] = table.record().to_data()
        state["share"] = table.snapshot().to_code()
    return state


def page_view(table: Table) -> dict[str, Any]:
    """Everything the page shows (docs/page.md), for the person at the
    screen; hands over the table's news."""
    seen = table.seen()
    game, presenter, state = table.game, table.presenter, table.state
    panel = table.panel(seen)
    outcome = game.outcome(state)
    covered = table.covered
    view: dict[str, Any] = {
        **panel,
        "scene": panel["scene"].to_json(),
        "actions": actions(table, seen),
        "more_actions": max(0, len(seen.legal) - MAX_ACTIONS),
        "moves": move_list(table, seen.viewer),
        "undone": move_list(table, seen.viewer, undone=True),
        "announce": announcement(table, seen.viewer),
        "last": last_line(table, seen.viewer),
        "message": table.message,
        "hint": hint_view(table) if seen.acting else None,
        "over": None
        if outcome is None
        else {
            "text": seen.result,
            "scores": [f"{s:g}" for s in outcome.scores],
            "winners": [presenter.player_name(seen.state, seat) for seat in outcome.winners],
        },
        "figure": table.figure,
        "setup": setup(table),
        "draw_offer": table.offer_text(),
        "draw_question": draw_question(table),
        "cover": None
        if covered is None
        else {
            "text": f"{seen.names[covered]} to play: pass the screen to them, "
            "and nobody else looks while they do.",
            "button": f"Show {seen.names[covered]}'s game",
        },
        "round": {"text": presenter.round_summary(seen), "button": "Next round"}
        if table.between_rounds
        else None,
        "state": summary(table),
        "timing": {"decisions": list(table.runner.decisions)},
        "buttons": {
            **{each["name"]: each["enabled"] and each["shown"] for each in panel["controls"]},
            "undo": table.undo_target() is not None,
            "redo": table.cursor < table.history.length,
            "hint": seen.acting and table.hinting is None and table.hint is None and not table.person_rolls,
            "play-hint": seen.acting and table.hint is not None,
            "draw": seen.acting and not table.draw_offer and game.agreed_draw(state) is not None,
        },
    }
    table.news = []
    return view


def hint_view(table: Table) -> dict[str, Any] | None:
    """The hint on the table, as the page marks it: the canvas target to
    tap now (``next``, ringed 1) and the one after (``then``, ringed 2), or
    the game's button to press now (``control``, outlined); None without one."""
    hint = table.hint
    if hint is None:
        return None
    step, then = hint.next, hint.then
    return {
        "next": step.target if step else None,
        "then": then.target if step and step.target and then else None,
        "control": step.control if step else None,
    }


# ---------------------------------------------------------------- pictures


def draw(
    table: Table, cursors: range, size: tuple[float, float], figure: bool = True
) -> list[tuple[Scene, str]]:
    """The scene and status line at each move of ``cursors``, drawn at
    ``size``: as a figure shows them (nobody to act, the last move marked)
    or, with ``figure`` False, as the person to move sees the table (in a
    game with hidden information, as anyone may see it: the picture may be
    seen by anyone). The table itself is left as it was."""
    history = table.history
    kept = (
        history.cursor,
        table.size,
        table.figure,
        table.draft,
        table.runner.hinting,
        table.runner.thinking,
        table.spectating,
    )
    table.size, table.figure = size, figure
    table.spectating = table.game.hidden_information
    table.runner.stop()
    try:
        out = []
        for cursor in cursors:
            history.cursor, table.draft = cursor, table.presenter.new_draft()
            panel = table.presenter.panel(table.seen(), table.draft)
            out.append((panel["scene"], panel["status"]))
        return out
    finally:
        history.cursor, table.size, table.figure, table.draft = kept[:4]
        table.runner.hinting, table.runner.thinking, table.spectating = kept[4:]


def _steps(table: Table, cursors: range, size: tuple[float, float], figure: bool) -> list[Step]:
    return [Step(scene.to_json(), text) for scene, text in draw(table, cursors, size, figure)]


def picture_code(
    table: Table, cursors: range, size: tuple[float, float] = PICTURE_SIZE, figure: bool = True
) -> str:
    """The moves ``cursors`` of the table's game as a picture code
    (:mod:`iriri_core.pictures`), drawn as :func:`draw` draws them."""
    steps = _steps(table, cursors, size, figure)
    return pictures.encode(table.game.name, table.presenter.label, steps, cursors.start, table.history.length)


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
        return pictures.encode(game, label, [steps[move] for move in range(low, high + 1)], low, last)

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


def picture_files(table: Table, cursors: range, size: tuple[float, float] = FILE_SIZE) -> list[PictureFile]:
    """The moves ``cursors`` of the table's game drawn as a figure draws
    them, as files to save for a wiki (:func:`iriri_core.pictures.wikitext`)."""
    record = table.record()
    tag = hashlib.sha256(f"{record.start}|{record.moves}".encode()).hexdigest()[:8]
    title, moves = table.game.title, table.history.length
    files = []
    for cursor, (scene, _) in zip(cursors, draw(table, cursors, size), strict=True):
        last = f": {described(table, cursor - 1, SPECTATOR)[1]}" if cursor else ": the start"
        caption = f"{title}, move {cursor} of {moves}{last}"
        files.append(PictureFile(f"{title} {tag} move {cursor}", scene.to_json(), to_svg(scene), caption))
    return files
