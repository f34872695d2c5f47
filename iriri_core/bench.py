"""Engine speed figures, printed by ``python3 build.py bench``.

Pure Python with no test dependencies, so the same code can be timed in
CPython and inside Pyodide.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from .bots import SearchBot, finish, make_bot
from .bots.tournament import play_match
from .engine import CHANCE, draw_chance, fixed_chance, get_game
from .pictures.finger import FINGER
from .seats import Seat
from .table.table import Table


def interpreter() -> str:
    """The Python that produced the figures: "cpython 3.11.7 on linux"."""
    return f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}"


def random_games(game_name: str = "iriri", seconds: float = 3.0, players: int = 2) -> dict[str, Any]:
    """Complete random games played for about ``seconds``: every player's
    move uniformly at random, chance by its odds.  Besides the speed, how
    the games end: their length, and the turns lost (``pass``), with the
    longest run of them in a row (chance's moves between them not counted).
    For a game played in rounds (Pyrinoes), the rounds too."""
    game = get_game(game_name)
    rng = random.Random(1)
    games = plies = passes = rounds = 0
    runs: list[int] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(players=players, seed=games)
        run = longest = 0
        while not game.is_over(state):
            if game.current_player(state) == CHANCE:
                move = draw_chance(game, state, rng)
            else:
                move = rng.choice(game.legal_moves(state))
                lost = game.move_text(state, move) == "pass"
                passes += lost
                run = run + 1 if lost else 0
                longest = max(longest, run)
            between = game.round_over(state)
            state = game.play(state, move)
            rounds += game.round_over(state) and not between
            plies += 1
        games += 1
        rounds += 1
        runs.append(longest)
    elapsed = time.perf_counter() - start
    runs.sort()
    in_rounds = {}
    if rounds > games:
        in_rounds = {
            "rounds_per_second": round(rounds / elapsed, 1),
            "rounds_per_game": round(rounds / games, 2),
        }
    return {
        "games": games,
        "seconds": round(elapsed, 2),
        "games_per_second": round(games / elapsed, 1),
        **in_rounds,
        "plies_per_game": round(plies / games, 1),
        "passes_per_game": round(passes / games, 2),
        "longest_run_of_passes": {
            "median": runs[len(runs) // 2],
            "90th_percentile": runs[int(0.9 * (len(runs) - 1))],
            "max": runs[-1],
            "games_over_10": sum(run > 10 for run in runs),
            "games_over_100": sum(run > 100 for run in runs),
        },
    }


def midgame_positions(game_name: str = "iriri", count: int = 60) -> list[Any]:
    """Positions from random games, at a random point between a quarter and
    three quarters of the game, with the player to move about to place."""
    game = get_game(game_name)
    rng = random.Random(2)
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        state = game.new_game(players=2, seed=10_000 + seed)
        seed += 1
        line = [state]
        while not game.is_over(state):
            state = game.play(state, rng.choice(game.legal_moves(state)))
            line.append(state)
        middle = line[len(line) // 4 : 3 * len(line) // 4]
        choices = [
            s for s in middle if getattr(s, "phase", "place") == "place" and game.current_player(s) >= 0
        ]
        if choices:
            found.append(rng.choice(choices))
    return found


def move_generation(game_name: str = "iriri", repeats: int = 20) -> dict[str, Any]:
    """Time ``legal_moves`` on mid-game positions (each timed ``repeats`` times)."""
    game = get_game(game_name)
    positions = midgame_positions(game_name)
    times = []
    counts = []
    for state in positions:
        start = time.perf_counter()
        for _ in range(repeats):
            moves = game.legal_moves(state)
        times.append((time.perf_counter() - start) / repeats)
        counts.append(len(moves))
    return {
        "positions": len(positions),
        "mean_ms": round(1000 * statistics.mean(times), 3),
        "median_ms": round(1000 * statistics.median(times), 3),
        "max_ms": round(1000 * max(times), 3),
        "mean_moves": round(statistics.mean(counts), 1),
    }


def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """The mean of ``values`` with a 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return {
        "count": len(values),
        "mean": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
    }


def wilson(wins: float, games: int) -> list[float]:
    """The 95% Wilson interval of a win rate."""
    z = 1.96
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return [round(centre - half, 3), round(centre + half, 3)]


def search_positions(game_name: str = "iriri", count: int = 8) -> list[Any]:
    """Positions a search meets in real play: two medium bots play games
    from fixed seeds (chance by its odds, from a fixed seed too); every 8th
    position where a player is to move, if it has a choice (in Iriri, where
    a piece is to be placed)."""
    game = get_game(game_name)
    rng = random.Random(3)
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        state = game.new_game(players=2, seed=20_000 + seed)
        bots = [make_bot("medium", seed=seed * 2), make_bot("medium", seed=seed * 2 + 1)]
        ply = 0
        while not game.is_over(state) and len(found) < count:
            seat = game.current_player(state)
            if seat == CHANCE:
                state = game.play(state, draw_chance(game, state, rng))
                continue
            if (
                ply % 8 == 4
                and getattr(state, "phase", "place") == "place"
                and len(game.legal_moves(state)) > 1
            ):
                found.append(state)
            state = game.play(state, bots[seat].choose(game, state))
            ply += 1
        seed += 1
    return found


def search_speed(game_name: str = "iriri", iterations: int | None = None, count: int = 8) -> dict[str, Any]:
    """The hard level's search on :func:`search_positions`: iterations per
    second, and seconds per decision with ``iterations`` iterations (by
    default the hard level's budget for the game)."""
    game = get_game(game_name)
    iterations = iterations or SearchBot().budget(game)
    rates, seconds = [], []
    for state in search_positions(game_name, count):
        bot = SearchBot(seed=1, iterations=iterations)
        start = time.perf_counter()
        finish(bot.think(game, state))
        elapsed = time.perf_counter() - start
        rates.append(iterations / elapsed)
        seconds.append(elapsed)
    return {
        "python": interpreter(),
        "iterations_per_decision": iterations,
        "iterations_per_second": mean_ci(rates),
        "seconds_per_decision": mean_ci(seconds),
    }


STRENGTH_PAIRINGS = {
    "iriri": (("hard", "greedy"), ("medium", "random"), ("hard", "medium"), ("easy", "random")),
    "hextris": (("hard", "random"), ("hard", "medium"), ("medium", "easy"), ("easy", "random")),
    "pach-ice-i": (("hard", "random"), ("hard", "medium"), ("medium", "easy"), ("easy", "random")),
    "pyrinoes": (("hard", "random"), ("hard", "medium"), ("medium", "easy"), ("easy", "random")),
}
"""Who plays whom in :func:`strength`, per game: the pairings the goals name
first, then the levels' order."""

STRENGTH_GOALS = {
    "iriri": {"hard vs greedy": ">= 0.75", "medium vs random": ">= 0.95"},
    "hextris": {"hard vs random": ">= 0.95"},
    "pach-ice-i": {"hard vs random": ">= 0.95", "hard vs medium": "interval above 0.5"},
    "pyrinoes": {"hard vs random": ">= 0.90 of rounds", "hard vs medium": "interval above 0.5"},
}

STRENGTH_OPTIONS: dict[str, dict[str, Any]] = {"pyrinoes": {"target": 1}}
"""Games whose strength is counted in rounds: each game of a pairing is a
match to 1 point, which the first round that anybody scores in decides."""


def strength(
    game_name: str = "iriri",
    games: int = 200,
    jobs: int = 2,
    seed: int = 1000,
    pairings: Sequence[tuple[str, str]] | None = None,
) -> list[dict[str, Any]]:
    """Win rates over ``games`` games per pairing (by default the game's
    :data:`STRENGTH_PAIRINGS`; rounds for the games of
    :data:`STRENGTH_OPTIONS`), seats alternating, with 95% intervals; a
    draw or shared win counts half, and so does a game stopped at the move
    cap (``capped``, among the draws).  Each bot's seconds per decision
    with a choice, and its longest, are wall time in the process that
    played the game."""
    game = get_game(game_name)
    figures = []
    for first, second in pairings or STRENGTH_PAIRINGS[game_name]:
        start = time.perf_counter()
        options = STRENGTH_OPTIONS.get(game_name)
        summary = play_match(game, [first, second], games, seed=seed, jobs=jobs, options=options)
        wins = summary.wins[first] + summary.draws / 2
        figures.append(
            {
                "pairing": f"{first} vs {second}",
                "games": games,
                **({"each_game": "one round (a match to 1 point)"} if options else {}),
                "wins": summary.wins[first],
                "losses": summary.wins[second],
                "draws": summary.draws,
                "capped": summary.capped,
                "mean_plies": summary.as_json()["mean_plies"],
                "win_rate": round(wins / games, 3),
                "ci95": wilson(wins, games),
                "seconds": round(time.perf_counter() - start, 1),
                "seconds_per_decision": {
                    first: round(summary.seconds_per_decision(first), 4),
                    second: round(summary.seconds_per_decision(second), 4),
                },
                "longest_decision": {
                    first: round(summary.longest.get(first, 0.0), 3),
                    second: round(summary.longest.get(second, 0.0), 3),
                },
            }
        )
    return figures


REFERENCE = "a86dc2e"
"""The revision whose hard level is "today's hard", the fixed reference of
:func:`strength_points`: the last commit before the searches of issue 39."""

CURVE = (0.25, 1.0, 4.0)
"""The budgets of the curve, as shares of the hard level's."""


def past_package(revision: str) -> Any:
    """The package as it was at ``revision`` of the repository, imported
    under a name of its own beside this one (from ``git archive`` into a
    temporary folder), its games registered in its own registry."""
    import importlib
    import io
    import subprocess
    import tarfile
    import tempfile
    from pathlib import Path

    name = "iriri_past_" + "".join(c for c in revision if c.isalnum())
    if name in sys.modules:
        return sys.modules[name]
    repository = Path(__file__).resolve().parents[1]
    archive = subprocess.run(
        ["git", "archive", revision, "iriri_core"], cwd=repository, capture_output=True, check=True
    ).stdout
    root = Path(tempfile.mkdtemp(prefix="iriri-past-"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(root, filter="data")
    (root / "iriri_core").rename(root / name)
    registry = root / name / "registry.py"
    registry.write_text(registry.read_text().replace('"iriri_core.games"', f'"{name}.games"'))
    sys.path.insert(0, str(root))
    return importlib.import_module(name)


_PLAYERS: dict[str, Any] = {}
"""The players of the point being played, by label, for the processes
that play its pairs (forked after it is set)."""


def _players(game_name: str, reference: str) -> dict[str, Any]:
    """The bench's contestants in ``game_name``: the levels at each budget of
    :data:`CURVE` (``hard x0.25``...), expert, and today's hard (the
    :data:`REFERENCE` revision's)."""
    from .bots.arena import Player
    from .bots.searchers import LevelBot

    past = past_package(reference)

    def level(factor: float) -> Player:
        return Player(f"hard x{factor:g}", lambda seed: LevelBot("hard", seed, factor))

    players = {f"hard x{factor:g}": level(factor) for factor in CURVE}
    players["expert"] = Player("expert", lambda seed: LevelBot("expert", seed))
    players["today's hard"] = Player(
        "today's hard", lambda seed: past.bots.make_bot("hard", seed), past.get_game(game_name)
    )
    return players


STRENGTH_POINTS = (
    ("hard x1", "today's hard", 0.7),
    ("hard x0.25", "today's hard", 0.5),
    ("hard x4", "today's hard", 0.5),
    ("hard x4", "hard x1", 0.6),
    ("expert", "hard x1", 0.65),
)
"""The points of :func:`strength_points`: the new hard against today's at
the same budget, the budget curve against that one fixed reference, four
times the budget against one, and expert against hard; each with the goal
its sequential stop measures against."""


def _pair(task: tuple[str, str, str, int, tuple[str, ...]]) -> Any:
    from .bots.arena import play_pair

    game_name, first, second, seed, opening = task
    options = STRENGTH_OPTIONS.get(game_name)
    return play_pair(get_game(game_name), (_PLAYERS[first], _PLAYERS[second]), seed, opening, options)


def strength_points(
    game_name: str,
    pairs: int = 50,
    jobs: int = 2,
    cpu_minutes: float = 60.0,
    seed: int = 5000,
    reference: str = REFERENCE,
    points: Sequence[tuple[str, str, float]] = STRENGTH_POINTS,
) -> list[dict[str, Any]]:
    """The strength bench of ``game_name``: each point of ``points`` played
    in pairs (:mod:`iriri_core.bots.arena`) until its answer is clear, or
    ``pairs`` pairs, or ``cpu_minutes`` of CPU; the same openings, deals
    and dice at every point."""
    import multiprocessing

    from .bots.arena import Point, pair_tasks, run_point

    game = get_game(game_name)
    _PLAYERS.clear()
    _PLAYERS.update(_players(game_name, reference))
    tasks = pair_tasks(game, pairs, seed)
    figures = []
    for first, second, goal in points:
        point = Point(first, second, goal)
        work = [(game_name, first, second, pair_seed, opening) for pair_seed, opening in tasks]
        start = time.perf_counter()
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            run_point(point, pool.imap(_pair, work), cpu_seconds=60 * cpu_minutes)
            pool.terminate()
        figures.append({**point.figures(), "wall_seconds": round(time.perf_counter() - start, 1)})
        print(json.dumps({f"strength {game_name}": figures[-1]}), file=sys.stderr, flush=True)
    return figures


def tap_cost(
    game_name: str = "iriri", moves: int = 20, taps: int = 30, phone: bool = False
) -> dict[str, Any]:
    """What one tap costs the page: two people at a 900x600 table (or, with
    ``phone``, a phone lesson's 372x392 box, tap targets a finger wide:
    :mod:`iriri_core.pictures.finger`), ``moves`` into a game; a tap on the first
    piece the player may pick up (or on empty space), handled ``taps``
    times. The view's size is that of the JSON the page receives; the time
    runs from the event to that JSON."""
    size = (372.0, 392.0) if phone else (900.0, 600.0)
    table = Table(game_name, [Seat("human"), Seat("human")], seed=5, size=size)
    table.handle({"type": "resize", "width": size[0], "height": size[1], "least": FINGER if phone else 0})
    bot = make_bot("greedy", seed=1)
    for _ in range(moves):
        seat = table.game.current_player(table.state)
        if table.game.is_over(table.state):
            break
        if seat == CHANCE:
            table.play(fixed_chance(table.game, table.state, 5, len(table.moves)))
        else:
            table.play(bot.choose(table.game, table.game.view(table.state, seat)))
    draggable = table.view()["draggable"]
    event = {"type": "tap", "target": draggable[0] if draggable else None}
    sizes, times = [], []
    for _ in range(taps):
        start = time.perf_counter()
        sizes.append(len(json.dumps(table.handle(event)).encode()))
        times.append(time.perf_counter() - start)
    return {
        "python": interpreter(),
        "target": event["target"],
        "size": list(size),
        "scene": [table.scene().width, table.scene().height],
        "view_bytes": statistics.median(sizes),
        "tap_ms": round(1000 * statistics.median(times), 2),
    }


def traced(action: Callable[[], Any], game: Any) -> dict[str, Any]:
    """The calls ``action`` makes, counted with ``sys.setprofile``: how many
    times the table is worked out for a viewer (``Seen`` built, not copied
    with ``dataclasses.replace``), the game's
    ``view`` of the position per viewer (the position shown and the last
    moves, each a call), apart from those by which undo checks, once per
    move, what a move showed a person (``reveals``), and who sits at the
    table asked (``people``)."""
    from .presenter import Seen

    seen_code, view_code = Seen.__init__.__code__, type(game).view.__code__
    counts: dict[str, Any] = {"seen": 0, "view": {}, "reveals": 0, "people": 0}

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event != "call":
            return
        code = frame.f_code
        if (
            code is seen_code and frame.f_back.f_code.co_name != "replace"
        ):  # a presenter's copy is no new look
            counts["seen"] += 1
        elif code is view_code and frame.f_back.f_code.co_name == "reveals":  # the undo rule's check
            counts["reveals"] += 1
        elif code is view_code:
            viewer = str(frame.f_locals.get("player"))
            counts["view"][viewer] = counts["view"].get(viewer, 0) + 1
        elif code.co_name == "people" and "iriri_core" in code.co_filename:
            counts["people"] += 1

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return counts


def tap_trace(game_name: str = "iriri", turns: int = 6) -> dict[str, Any]:
    """What one tap and one bot move cost the table, in calls (:func:`traced`):
    a person against a random bot at a 900x600 table, each having made
    ``turns`` moves (the person the first legal one); the person taps the
    first piece they may pick up (or empty space), then plays the first
    legal moves until it is the bot's turn, and the bot answers (``advance``, then the view the page
    asks for)."""
    table = Table(game_name, [Seat("human"), Seat("bot", "random")], seed=5, size=(900, 600))
    table.play_bots()
    for _ in range(turns):
        if table.game.is_over(table.state):
            break
        table.play(table.legal_moves()[0])
        table.play_bots()
    draggable = table.view()["draggable"]
    tap = {"type": "tap", "target": draggable[0] if draggable else None}
    figures = {"python": interpreter(), "tap": traced(lambda: table.handle(tap), table.game)}
    while table.acting():
        table.play(table.legal_moves()[0])
    table.view()

    def bot_move() -> None:
        while table.advance(budget=math.inf) is not None:
            pass
        table.view()

    before = table.cursor
    figures["bot_move"] = {**traced(bot_move, table.game), "plies": table.cursor - before}
    return figures


def run(game_name: str = "iriri", seconds: float = 3.0) -> dict[str, Any]:
    """The engine's speed figures, with the interpreter that produced them."""
    return {
        "python": interpreter(),
        "random_games": random_games(game_name, seconds=seconds),
        "legal_moves_midgame": move_generation(game_name),
    }


def distance_timings(repeat: int = 5) -> dict[str, float]:
    """The milliseconds of each step of playing by links (signing, checking,
    a Pyrinoes deal's messages; :func:`iriri_core.by_links.crypto.measure.timings`), best of
    ``repeat``: the bench runs it in CPython and inside Pyodide."""
    from .by_links.crypto import measure

    return measure.timings(repeat)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m iriri_core.bench``: the figures that need only CPython
    (random games, move generation, the hard level's search, strength), as
    JSON sections; ``python3 build.py bench`` prints them too, beside the
    figures from Pyodide and the page."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m iriri_core.bench", description=main.__doc__)
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on random games (0: skip)")
    parser.add_argument("--no-search", dest="search", action="store_false", help="skip the search's speed")
    parser.add_argument("--games", type=int, default=200, help="games per pairing for strength (0: skip)")
    parser.add_argument("--trace", action="store_true", help="only the calls one tap and one bot move make")
    parser.add_argument(
        "--distance", action="store_true", help="only the costs of playing by links (docs/distance.md)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="processes playing strength games")
    parser.add_argument("--seed", type=int, default=1000, help="the first strength game's seed")
    parser.add_argument(
        "--pairing",
        action="append",
        help="for strength, this pairing instead of the game's own, as hard,medium (repeatable)",
    )
    args = parser.parse_args(argv)
    from .engine import game_names

    if args.distance:
        from .by_links.costs import every_game
        from .by_links.crypto import measure

        figures = {"python": interpreter(), **measure.figures(), "link characters": every_game()}
        print(json.dumps({"distance": figures}, indent=2), flush=True)
        return
    pairings = [tuple(pairing.split(",", 1)) for pairing in args.pairing or []]
    if any(len(pairing) != 2 for pairing in pairings):
        parser.error("--pairing takes two bots, as hard,medium")
    for game in args.game or game_names():
        if args.trace:
            print(json.dumps({f"trace {game}": tap_trace(game)}, indent=2), flush=True)
            continue
        if args.seconds:
            print(json.dumps({f"engine {game}": run(game, seconds=args.seconds)}, indent=2), flush=True)
        if args.search:
            print(json.dumps({f"search {game}": search_speed(game)}, indent=2), flush=True)
        if args.games and (pairings or game in STRENGTH_PAIRINGS):
            figures = {
                "python": interpreter(),
                "pairings": strength(game, args.games, args.jobs, args.seed, pairings),
                "goals": STRENGTH_GOALS.get(game, {}),
            }
            print(json.dumps({f"strength {game}": figures}, indent=2), flush=True)


if __name__ == "__main__":
    main()
