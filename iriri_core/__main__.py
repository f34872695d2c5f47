"""Command line: ``python -m iriri_core match ...``, ``python -m iriri_core replay ...``,
``python -m iriri_core verify ...``, ``python -m iriri_core puzzle check ...`` and
``python -m iriri_core examples``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from . import game_names, get_game
from .bots import bot_names
from .bots.tournament import play_match
from .by_links.check import NotARecord, check_record
from .engine import GameError
from .learn import examples
from .learn.puzzles import SEPARATOR, check_puzzle
from .pictures import figures
from .records import Record
from .site.links import parse_options


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m iriri_core", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    match = commands.add_parser("match", help="play bots against each other, seats alternating")
    match.add_argument("game", choices=game_names())
    match.add_argument(
        "--bots", required=True, help=f"comma-separated, one per seat: {', '.join(bot_names())}"
    )
    match.add_argument("--games", type=int, default=100)
    match.add_argument("--seed", type=int, default=0)
    match.add_argument(
        "--move-cap",
        type=int,
        default=None,
        help="stop games as draws after this many moves (default: the game's)",
    )
    match.add_argument("--jobs", type=int, default=1, help="processes playing games side by side")

    replay = commands.add_parser("replay", help="replay a game record and print the final position")
    replay.add_argument("record", type=Path)

    verify = commands.add_parser(
        "verify",
        help="check a game with a friend by links: every signature, roll and deal, every move by the rules",
        description="Check a game record saved from a game with a friend by links (Share, Save as a file), "
        "or a game's first link: exit 0 if verified, 1 if something is wrong, 2 if it is not such a record.",
    )
    verify.add_argument("record", type=Path)

    puzzle = commands.add_parser("puzzle", help="puzzles given as links (docs/embedding.md, Puzzles)")
    puzzles = puzzle.add_subparsers(dest="action", required=True)
    check = puzzles.add_parser(
        "check",
        help="the hard bot's check of a puzzle's answer",
        description="Check a puzzle link (or its options, game=...&position=...&puzzle=...&answer=...): "
        "whether its answer is legal, whether the hard bot agrees that its first move is the best, and "
        "which other first moves it finds as good. Exit 0 with the bot's words, 1 if the puzzle cannot "
        "be used (an illegal answer, a bad option).",
    )
    check.add_argument("link", help="a puzzle link, or its options")
    check.add_argument(
        "--seed", type=int, default=0, help="the hard bot's seed (the same seed, the same words)"
    )
    check.add_argument(
        "--iterations", type=int, default=None, help="the search's budget (default: the hard level's)"
    )

    listing = commands.add_parser(
        "examples",
        help="the designers' examples: each one's wikitext, as docs/embedding.md lists them",
        description='Print the part of docs/embedding.md, "The designers\' examples", that lists every '
        "example of the rules texts with its wikitext (a figure, and a puzzle where it asks something), "
        "as iriri_core/learn/examples.toml gives them.",
    )
    listing.add_argument(
        "--pictures",
        action="store_true",
        help="add each figure's pictures (picture=), so that its frame shows it before Python has started",
    )

    args = parser.parse_args(argv)
    if args.command == "match":
        return _match(parser, args)
    if args.command == "verify":
        return _verify(args.record)
    if args.command == "puzzle":
        return _check_puzzle(args.link, args.seed, args.iterations)
    if args.command == "examples":
        print(examples.markdown(_pictured if args.pictures else examples.figure_options))
        return 0
    return _replay(args.record)


def _match(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    game = get_game(args.game)
    names = [name.strip() for name in args.bots.split(",")]
    unknown = [name for name in names if name not in bot_names()]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r}; the bots are: {', '.join(bot_names())}")
    if not game.min_players <= len(names) <= game.max_players:
        parser.error(f"{game.title} needs {game.min_players} to {game.max_players} bots, one per seat")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    summary = play_match(game, names, args.games, seed=args.seed, move_cap=args.move_cap, jobs=args.jobs)
    for label in summary.labels:
        print(f"{label:>12}: {summary.wins[label]} wins")
    print(f"{'draws':>12}: {summary.draws}")
    print(json.dumps(summary.as_json()))
    return 0


def _read(path: Path) -> bytes | None:
    """The file's bytes, or None, with the reason printed, if it cannot be read."""
    try:
        return path.read_bytes()
    except OSError as exc:
        print(f"cannot read {path}: {exc.strerror}", file=sys.stderr)
        return None


def _replay(path: Path) -> int:
    data = _read(path)
    if data is None:
        return 2
    try:
        record = Record.from_json(data)
        states = record.replay()
    except GameError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 2
    game = get_game(record.game)
    final = states[-1]
    print(game.to_text(final), end="")
    outcome = game.outcome(final)
    if outcome is None:
        print(f"after {len(record.moves)} moves the game is not over")
    else:
        scores = " ".join(f"{s:g}" for s in outcome.scores)
        winners = " and ".join(f"player {seat + 1}" for seat in outcome.winners)
        print(f"final scores: {scores}; {'shared win' if outcome.is_draw else 'winner'}: {winners}")
    return 0


def _verify(path: Path) -> int:
    data = _read(path)
    if data is None:
        return 2
    try:
        checked = check_record(data)
    except NotARecord as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 2
    print(checked.text())
    return 0 if checked.verified else 1


def _pictured(found: examples.Example) -> str:
    """The example's figure options with the pictures of its steps."""
    return figures.pictured(examples.figure_options(found))


def _check_puzzle(link: str, seed: int, iterations: int | None) -> int:
    fragment = link.partition("#")[2] if "#" in link else link.partition("?")[2] if "?" in link else link
    try:
        options = parse_options(fragment)
    except GameError as exc:
        print(f"This puzzle cannot be used: {exc}.", file=sys.stderr)
        return 1
    puzzle = options.puzzle
    if puzzle is None:
        print("This is not a puzzle link: it has no puzzle=... (the question).", file=sys.stderr)
        return 1
    answer = SEPARATOR.join(puzzle.solutions[0])
    print(f"{get_game(puzzle.game).title} puzzle: {puzzle.goal} Answer: {answer}")
    checked = check_puzzle(puzzle.game, puzzle.position, answer, seed=seed, iterations=iterations)
    for line in checked.words():
        print(line)
    return 0 if checked.legal else 1


if __name__ == "__main__":
    sys.exit(main())
