"""build.py's commands and their options."""

from __future__ import annotations

import argparse
import os

from .base import DIST, ROOT, run
from .dist import build
from .server import make_server
from .tools import ensure_chromium, ensure_venv


def cmd_build(args: argparse.Namespace) -> None:
    """Make dist/."""
    build()


def cmd_serve(args: argparse.Namespace) -> None:
    """Build dist/, then serve it until interrupted."""
    build()
    try:
        server = make_server(DIST, args.port)
    except OSError:
        server = make_server(DIST, 0)
    host, port = server.server_address[:2]
    print(f"serving the game at http://{host!s}:{port}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()


def test_workers(quick: bool) -> int:
    """How many pytest-xdist workers run the tests side by side.  The quick
    tier is CPU work: one per core.  The whole run is CPU work too for the
    most part (Chromium starting Python for every page, the engine's tests in
    Pyodide): one more worker than cores fills the moments one waits for a
    page or the wiki; with two per core the run took as long as in one
    process (docs/testing.md)."""
    cores = os.cpu_count() or 1
    return cores if quick else cores + 1


def cmd_test(args: argparse.Namespace) -> None:
    """Set up, lint, type-check, build, then run every test (--quick: lint,
    type-check and the CPython tests not marked slow; no build, no browser)."""
    python = ensure_venv()
    run([str(python), "-m", "ruff", "check", "."])
    run([str(python), "-m", "ruff", "format", "--check", "."])
    run([str(python), "-m", "mypy"])
    workers = ["-n", str(test_workers(args.quick))]
    if args.quick:
        # A file or test named on the command line is run alone, not beside every other.
        named = any(
            not arg.startswith("-") and (ROOT / arg.split("::")[0]).exists() for arg in args.pytest_args
        )
        paths = [] if named else ["tests", "iriri_core"]
        run([str(python), "-m", "pytest", *workers, "-m", "not slow", *paths, *args.pytest_args])
        return
    build()
    env = {**os.environ, "IRIRI_CHROMIUM": ensure_chromium(python), "IRIRI_BUILT": "1"}
    # --dist loadgroup: the tests of one group (the wiki's) share one worker.
    run([str(python), "-m", "pytest", *workers, "--dist", "loadgroup", *args.pytest_args], env=env)


def cmd_bench(args: argparse.Namespace) -> None:
    """Print the engine figures (CPython) and the page figures (Chromium)."""
    python = ensure_venv()
    build()
    env = {**os.environ, "IRIRI_CHROMIUM": ensure_chromium(python), "IRIRI_BUILT": "1"}
    run([str(python), "-m", "e2e.bench", *args.bench_args], env=env)


def cmd_figures(args: argparse.Namespace) -> None:
    """Redraw the README's picture from the scene code, and take the
    screenshots in docs/screens/ from the built page."""
    from iriri_core.pictures.figures import table_picture

    (ROOT / "docs" / "table.svg").write_text(table_picture() + "\n")
    print("wrote docs/table.svg")
    python = ensure_venv()
    build()
    env = {**os.environ, "IRIRI_CHROMIUM": ensure_chromium(python), "IRIRI_BUILT": "1"}
    run([str(python), "-m", "e2e.screens"], env=env)


def main(description: str) -> None:
    """Parse the command line (``description``: build.py's help) and run its command."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("build", help="make dist/").set_defaults(func=cmd_build)
    serve = commands.add_parser("serve", help="build the site and serve it locally")
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(func=cmd_serve)
    test = commands.add_parser(
        "test",
        help="lint, type-check and run every test in parallel; other options (-k NAME, "
        "-n 0 for one process, file names) go to pytest",
    )
    test.add_argument(
        "--quick",
        action="store_true",
        help="the tier to run before every commit: lint, types, the CPython tests not marked slow",
    )
    test.set_defaults(func=cmd_test)
    bench = commands.add_parser(
        "bench", help="print speed figures; options such as --games 50 go to e2e/bench.py (see its --help)"
    )
    bench.set_defaults(func=cmd_bench)
    commands.add_parser("figures", help="redraw docs/table.svg and docs/screens/").set_defaults(
        func=cmd_figures
    )
    args, extra = parser.parse_known_args()
    if extra and args.command not in ("bench", "test"):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if extra[:1] == ["--"]:
        extra = extra[1:]
    args.bench_args = extra  # bench passes its options on to e2e/bench.py (see its --help)
    args.pytest_args = extra  # and test its options, in their order, to pytest
    args.func(args)
