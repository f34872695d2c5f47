"""What one viewer sees of a table: the view the page paints (docs/page-events.md),
the moves in words, and the state the page shows scripts and host pages.

Every view is worked out from a :class:`~iriri_core.table.sight.Sight`, what one
viewer may know of the table at one moment, and changes nothing (pictures
of the table for links and wikis: :mod:`iriri_core.pictures.figures`).

Everything is built for one viewer, a seat or a spectator: the scene and
the panel come from the game's presenter given that viewer's view of the
position; the moves and announcements are told as that viewer saw them
(a domino drawn from a hidden pile is "a domino"); the position, record and
share code, which hold everything, go only where they are asked for (saving,
sharing), and never, in a game with hidden information, to scripts.

>>> from iriri_core import Seat, Table
>>> table = Table("hextris", [Seat("human"), Seat("human")])
>>> view = table.handle({"type": "move", "text": "L@c1"})
>>> sight = table.sight()
>>> page_view(sight) == page_view(sight) == table.view()
True
>>> view["moves"], view["announce"]
([{'number': 1, 'text': 'L@c1', 'description': 'Yellow drops a large on c1'}], 'Yellow drops a large on c1')
>>> sorted(view["state"])
['begun', 'cursor', 'game', 'hidden', 'length', 'opened', 'over', 'seats', 'thinking', 'to_move', 'viewer']
"""

from __future__ import annotations

import functools
import html
from typing import Any, Protocol

from .. import richtext
from ..bots import LEVELS
from ..by_links.invitations import by_links
from ..engine import CHANCE, Game, turn_start
from ..learn import lesson_mode
from ..panel import Panel
from ..pictures.drawing import hint_marks
from ..presenter import Presenter, game_settings, presenter_for, setup_rules, summarise, table_games
from .history import Ply
from .sight import Sight

MAX_ACTIONS = 60
"""At most this many legal moves are listed as buttons; the rest can be typed."""

PICTURE_SIZE = (640.0, 480.0)
"""The size pictures for links are drawn at (the page scales them to fit)."""

PICTURE_BUDGET = 16_000
"""The most characters a figure's pictures take in a link."""

FILE_SIZE = (800.0, 520.0)
"""The size pictures saved as files are drawn at."""


# ---------------------------------------------------------------- moves, as a viewer saw them


class Moves(Protocol):
    """What telling a game's moves in words reads: the game, its presenter
    and its plies.  A :class:`~iriri_core.table.sight.Sight` is one; so is a
    game replayed from its record alone (:class:`iriri_core.site.recaps.Replayed`)."""

    @property
    def game(self) -> Game[Any, Any]: ...

    @property
    def presenter(self) -> Presenter: ...

    @property
    def plies(self) -> tuple[Ply, ...]: ...


def described(sight: Moves, index: int, viewer: int) -> tuple[str, str]:
    """Move ``index`` of the game as ``viewer`` saw it: its text and its
    description (kept with the move once worked out)."""
    ply = sight.plies[index]
    if viewer not in ply.seen:
        game = sight.game
        before, move = ply.view(game, viewer)
        text = ply.text if move is ply.move else game.move_text(before, move)
        ply.seen[viewer] = (text, sight.presenter.describe(game, before, move))
    return ply.seen[viewer]


def move_list(sight: Sight, viewer: int, undone: bool = False) -> list[dict[str, Any]]:
    """The moves up to the cursor (with ``undone``, those after it, which
    redo plays again), numbered, as ``viewer`` saw them.  Each move of a
    run of chance's moves (a deal) says where the run starts (``run``: its
    first move's number), and the run's last move tells the whole run in
    one clause (``summary``), which the page shows as one entry."""
    shown = range(sight.cursor, sight.length) if undone else range(sight.cursor)
    entries: list[dict[str, Any]] = [
        {"number": i + 1, "text": text, "description": description}
        for i in shown
        for text, description in [described(sight, i, viewer)]
    ]
    game, plies = sight.game, sight.plies
    chance = [game.current_player(plies[i].before) == CHANCE for i in shown]
    at = 0
    while at < len(entries):
        stop = at
        while stop < len(entries) and chance[stop]:
            stop += 1
        if stop - at > 1:  # a run of chance's moves (a deal): the page shows it as one entry
            for entry in entries[at:stop]:
                entry["run"] = entries[at]["number"]
            entries[stop - 1]["summary"] = told(sight, shown[at], shown[stop - 1] + 1, viewer)
        at = max(stop, at + 1)
    return entries


def last_turn(sight: Sight, viewer: int) -> str:
    """The turn that led to the position shown (:func:`iriri_core.engine.turn_start`),
    in words, as ``viewer`` saw it, one sentence; "" at the start.  The
    news comes first: the last moves of whoever moved last, then, in
    brackets, what chance did just before (the roll they moved with, the
    deal before a first move), which the next player needs less.

    >>> from iriri_core import Seat, Table
    >>> table = Table("iriri", [Seat("human"), Seat("human")], seed=1)
    >>> _ = table.handle({"type": "move", "text": "Y1@0,0 Y2@0,1"})
    >>> _ = table.handle({"type": "move", "text": table.game.move_text(table.state, table.legal_moves()[0])})
    >>> last_turn(table.sight(), 0)
    'Yellow lays Y1 Y2 at 0,0 to 0,1 for 6.5, then takes Y3 from position 2'
    >>> table = Table("pach-ice-i", [Seat("bot", "random"), Seat("human")], seed=1)
    >>> table.play_bots()
    >>> last_turn(table.sight(), 1)  # doctest: +ELLIPSIS
    'Black entered a ... (after Black rolled ...)'
    """
    end = sight.cursor
    if not end:
        return ""
    game, plies = sight.game, sight.plies
    start = moved = turn_begins(sight, end)
    if game.current_player(plies[end - 1].before) == CHANCE:  # a roll or a deal, told as it is
        return told(sight, start, end, viewer)
    while game.current_player(plies[moved].before) == CHANCE:
        moved += 1
    news = told(sight, moved, end, viewer)
    if moved == start:
        return news
    chance = told(sight, start, moved, viewer)
    name = sight.presenter.chance_name
    if name.startswith("The ") and chance.startswith(name):  # "the dealer", mid-sentence
        chance = "t" + chance[1:]
    return f"{news} (after {chance})"


def turn_begins(sight: Moves, end: int) -> int:
    """Where the turn that ends with move ``end`` - 1 begins (:func:`iriri_core.engine.turn_start`)."""
    player = sight.game.current_player
    return turn_start([player(ply.before) for ply in sight.plies[:end]])


def last_line(sight: Sight, viewer: int) -> str:
    """The line by the board that tells the last turn (:func:`last_turn`),
    and, where the table passed for a person just before it, that pass
    after it, so that the person sees they passed, and why, while the
    others play on ("White entered ... (after White rolled 1 2 6). Before
    that, Black passes: no piece can move by 5, 6 and 7")."""
    end = sight.cursor
    if not end:
        return ""
    start = turn_begins(sight, end)
    turn = last_turn(sight, viewer)
    before = sight.plies[start - 1] if start else None
    if before is None or sight.seating.forced(before.before) != before.move:
        return turn
    return f"{turn}. Before that, {described(sight, start - 1, viewer)[1]}"


def told(sight: Moves, start: int, end: int, viewer: int) -> str:
    """Moves ``start`` to ``end`` as ``viewer`` saw them, in one sentence:
    a player's moves in a row joined by "then", a run of chance's moves (a
    deal) in one clause where the presenter sums it up
    (:func:`iriri_core.presenter.summarise`), and a move told the same way
    several times in a row counted ("The dealer deals a card to Blue (2 times)")."""
    game, plies = sight.game, sight.plies

    def actor(index: int) -> int:
        return game.current_player(plies[index].before)

    clauses: list[list[Any]] = []  # [seat, words, count]; seat None: a summed-up run
    index = start
    while index < end:
        stop = index
        while stop < end and actor(stop) == CHANCE:
            stop += 1
        folded = chance_run(sight, index, stop, viewer) if stop - index > 1 else None
        if folded:
            clauses.append([None, folded, 1])
            index = stop
            continue
        said, seat = described(sight, index, viewer)[1], actor(index)
        if clauses and clauses[-1][:2] == [seat, said]:
            clauses[-1][2] += 1
        else:
            clauses.append([seat, said, 1])
        index += 1
    text, before = "", None
    for seat, said, count in clauses:
        said = said if count == 1 else f"{said} ({count} times)"
        who = (
            sight.presenter.chance_name
            if seat == CHANCE
            else ""
            if seat is None
            else sight.presenter.player_name(plies[start].view(game, viewer)[0], seat)
        )
        if not text:
            text = said
        elif seat is not None and seat == before and said.startswith(who + " "):
            text += ", then " + said[len(who) + 1 :]
        else:
            text += "; " + said
        before = seat
    return text


def chance_run(sight: Moves, start: int, stop: int, viewer: int) -> str | None:
    """Chance's moves ``start`` to ``stop`` (a deal) as ``viewer`` was told
    them, in one clause, where the presenter sums them up
    (:func:`iriri_core.presenter.summarise`); None where it does not."""
    game = sight.game
    return summarise(sight.presenter, game, [ply.view(game, viewer) for ply in sight.plies[start:stop]])


def _deal_goes_on(sight: Sight, index: int) -> bool:
    """Move ``index`` was chance's, and chance acts again by itself after it
    (a deal under way: it is told once it is done)."""
    game, ply = sight.game, sight.plies[index]
    return (
        game.current_player(ply.before) == CHANCE
        and game.current_player(ply.after) == CHANCE
        and game.roller(ply.after) is None
    )


def announcement(sight: Sight, viewer: int) -> str:
    """What just happened, for the live region, as ``viewer`` saw it: the
    table's news, with a move told as the turn it ends (:func:`last_turn`,
    and how the game ended, if that move ended it); a deal is told once,
    when its last domino is dealt, not at every move of it."""
    parts = []
    for part in sight.news:
        if isinstance(part, str):
            parts.append(part)
            continue
        if part == sight.cursor - 1 and _deal_goes_on(sight, part):
            continue
        parts.append(
            last_turn(sight, viewer) if part == sight.cursor - 1 else described(sight, part, viewer)[1]
        )
        if part == sight.length - 1 and sight.game.is_over(sight.plies[part].after):
            parts.append(". " + sight.seating.result_text())
    return "".join(parts)


# ---------------------------------------------------------------- the page's view


def actions(sight: Sight) -> list[dict[str, str]]:
    """The first :data:`MAX_ACTIONS` moves the viewer may play now, as
    labelled buttons (a label may take working out: an Iriri word's score)."""
    game, state = sight.game, sight.seen.state
    return [
        {"label": sight.presenter.action_label(game, state, move), "move": game.move_text(state, move)}
        for move in sight.seen.legal[:MAX_ACTIONS]
    ]


def setup(sight: Sight) -> dict[str, Any]:
    """What belongs to the game on the table: its name and texts, how many
    may play, the seats' names, the levels, the game's own settings (with
    the values the game on the table was started with), and every game
    there is."""
    game, presenter, values = sight.game, sight.presenter, dict(sight.settings)
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
        "by_links": by_links(game),
        "set_up": setup_rules(game.name) is not None,
        "settings": [setting.to_json(values[setting.name]) for setting in game_settings(presenter)],
        "games": [{"name": name, "label": label(name)} for name in table_games()],
    }


@functools.cache
def label(game: str) -> str:
    """A game's name as the page shows it (its presenter's label)."""
    return presenter_for(game).label


def picker_buttons(chosen: str = "iriri") -> str:
    """The page's game picker, as build.py writes it into the page (web/ui/game.js
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


def draw_question(sight: Sight) -> dict[str, str] | None:
    """What *Offer a draw* asks before the offer is made (a draw ends the
    game: one click must not): who is offered it, and what accepting means;
    None where the person to move cannot offer one.

    >>> from iriri_core import Seat, Table
    >>> table = Table("hextris", [Seat("human"), Seat("bot", "easy")])
    >>> draw_question(table.sight())["title"]
    'Offer Blue a draw?'
    >>> print(draw_question(table.sight())["text"])
    If Blue accepts, the game ends now as a draw: nobody wins. Blue is a bot and answers at once.
    """
    seating = sight.seating
    state, seat, seats = seating.state, seating.seat_to_move, seating.seats
    if not seating.acting or sight.draw_offer or sight.game.agreed_draw(state) is None:
        return None
    name = sight.presenter.player_name
    others = [other for other in range(len(seats)) if other != seat]
    names = [name(state, other) for other in others]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    accept = f"{who} accepts" if len(names) == 1 else f"{who} all accept"
    bots = [name(state, other) for other in others if seats[other].is_bot]
    people = [name(state, other) for other in others if not seats[other].is_bot]
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


def summary(sight: Sight) -> dict[str, Any]:
    """The view's ``state``: where the game stands, without the position."""
    seating, game = sight.seating, sight.game
    outcome = game.outcome(seating.state)
    return {
        "game": game.name,
        "opened": sight.opened,
        "cursor": sight.cursor,
        "length": sight.length,
        "begun": any(game.current_player(ply.before) != CHANCE for ply in sight.plies),
        "seats": [seat.to_json() for seat in seating.seats],
        "to_move": seating.seat_to_move,
        "thinking": (seating.bot_to_move and outcome is None and not seating.between_rounds) or sight.hinting,
        "over": outcome is not None,
        "viewer": sight.viewer,
        "hidden": game.hidden_information,
    }


def full_state(sight: Sight) -> dict[str, Any]:
    """What the page shows scripts and host pages (``window.iriri.state()``,
    an embed's messages): the :func:`summary`, the moves as the viewer saw
    them, and, in a game that hides nothing, the position (as text and in
    one line), the record and the share code."""
    state = {**summary(sight), "moves": [move["text"] for move in move_list(sight, sight.viewer)]}
    if not sight.game.hidden_information:
        state["position"] = sight.game.to_text(sight.state)
        state["line"] = sight.game.to_line(sight.state)
        state["record"] = sight.record().to_data()
        state["share"] = sight.snapshot().to_code()
    return state


def panel(sight: Sight) -> Panel:
    """The presenter's panel for the viewer, with the hint's next steps
    ringed on the scene."""
    seen, hint = sight.seen, sight.hint
    shown = sight.presenter.panel(seen, sight.draft)
    if hint is not None and seen.acting and hint.next is not None and hint.next.target is not None:
        targets = [hint.next.target]
        then = hint.then
        if then is not None and then.target is not None and then.target != hint.next.target:
            targets.append(then.target)
        hint_marks(shown["scene"], targets)
    return shown


def page_view(sight: Sight) -> dict[str, Any]:
    """Everything the page shows (docs/page-events.md), for the viewer."""
    seen, seating = sight.seen, sight.seating
    game, presenter, state = sight.game, sight.presenter, sight.state
    drawn = panel(sight)
    outcome = game.outcome(state)
    covered = seating.covered
    acting = seen.acting
    view: dict[str, Any] = {
        **drawn,
        "scene": drawn["scene"].to_json(),
        "goal": presenter.goal_text(seen.state),
        "actions": actions(sight),
        "more_actions": max(0, len(seen.legal) - MAX_ACTIONS),
        "moves": move_list(sight, seen.viewer),
        "undone": move_list(sight, seen.viewer, undone=True),
        "announce": announcement(sight, seen.viewer),
        "last": last_line(sight, seen.viewer),
        "message": sight.message,
        "hint": hint_view(sight) if acting else None,
        "over": None
        if outcome is None
        else {
            "text": seen.result,
            "scores": [f"{s:g}" for s in outcome.scores],
            "winners": [presenter.player_name(seen.state, seat) for seat in outcome.winners],
        },
        "figure": seating.figure,
        "setup": setup(sight),
        "draw_offer": seating.offer_text(sight.draw_offer),
        "draw_question": draw_question(sight),
        "cover": None
        if covered is None
        else {
            "text": f"{seen.names[covered]} to play: pass the screen to them, "
            "and nobody else looks while they do.",
            "button": f"Show {seen.names[covered]}'s game",
        },
        "round": {"text": presenter.round_summary(seen), "button": "Next round"}
        if seating.between_rounds
        else None,
        "state": summary(sight),
        "timing": {"decisions": list(sight.decisions)},
        "buttons": {
            **{each["name"]: each["enabled"] and each["shown"] for each in drawn["controls"]},
            "undo": sight.undo,
            "redo": sight.cursor < sight.length,
            "hint": acting and not sight.hinting and sight.hint is None and not seating.person_rolls,
            "play-hint": acting and sight.hint is not None,
            "draw": acting and not sight.draw_offer and game.agreed_draw(state) is not None,
        },
    }
    lesson_mode.dress(sight.lesson, tuple(ply.text for ply in sight.plies[: sight.cursor]), view)
    view["coach"] = sight.coach
    if sight.coach is not None and sight.coach["state"] in ("thinking", "refining"):
        view["state"]["thinking"] = True  # (the page runs its loop while the coach thinks)
    return view


def hint_view(sight: Sight) -> dict[str, Any] | None:
    """The hint on the table, as the page marks it: the canvas target to
    tap now (``next``, ringed 1) and the one after (``then``, ringed 2), or
    the game's button to press now (``control``, outlined); None without one."""
    hint = sight.hint
    if hint is None:
        return None
    step, then = hint.next, hint.then
    return {
        "next": step.target if step else None,
        "then": then.target if step and step.target and then else None,
        "control": step.control if step else None,
    }
