#!/usr/bin/env python3
"""The one entry point: build | serve | test | bench.

python3 build.py test     set up .venv with the pinned tools, then run
                          ruff, mypy and every test
python3 build.py bench    print the speed figures
python3 build.py serve    build the site and serve it locally
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "dev-pins.json"


def dev_pins() -> list[str]:
    """The exact test and lint tool versions from pyproject.toml."""
    with open(ROOT / "pyproject.toml", "rb") as fh:
        pins: list[str] = tomllib.load(fh)["project"]["optional-dependencies"]["dev"]
    return pins


def venv_python() -> Path:
    """The interpreter of .venv, which holds the pinned tools."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """Create .venv and install the pinned tools, unless it already has them."""
    pins = dev_pins()
    python = venv_python()
    if python.exists() and STAMP.exists() and json.loads(STAMP.read_text()) == pins:
        return python
    print(f"setting up {VENV.name} with {', '.join(pins)}", flush=True)
    try:
        venv.create(VENV, with_pip=True, clear=True)
    except Exception as exc:
        sys.exit(
            f"could not create a virtual environment ({exc}); "
            "on Debian or Ubuntu install the python3-venv package"
        )
    run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *pins])
    STAMP.write_text(json.dumps(pins))
    return python


def run(command: list[str], **kwargs: object) -> None:
    """Run a command from the repository root; stop with its status on failure."""
    print("+ " + " ".join(command), flush=True)
    result = subprocess.run(command, cwd=ROOT, check=False, **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        sys.exit(result.returncode)


def cmd_test(args: argparse.Namespace) -> None:
    """Lint, type-check, then run every test."""
    python = str(ensure_venv())
    run([python, "-m", "ruff", "check", "."])
    run([python, "-m", "mypy"])
    run([python, "-m", "pytest", *args.pytest_args])


def cmd_bench(args: argparse.Namespace) -> None:
    """Print the engine figures (CPython)."""
    sys.path.insert(0, str(ROOT))
    from iriri_core import bench

    figures = bench.run(seconds=args.seconds)
    print(json.dumps(figures, indent=2))


def cmd_serve(args: argparse.Namespace) -> None:
    """The browser page is not built yet."""
    sys.exit(
        "The browser page is not part of the repository yet: 'build.py serve' will build and "
        "serve it once web/ exists. Meanwhile, 'python3 -m iriri_core match iriri --bots greedy,random' "
        "plays the engine from the command line."
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    test = commands.add_parser("test", help="lint, type-check and run every test")
    test.add_argument("pytest_args", nargs="*", help="extra pytest arguments")
    test.set_defaults(func=cmd_test)
    bench = commands.add_parser("bench", help="print speed figures")
    bench.add_argument("--seconds", type=float, default=3.0, help="time spent on random games")
    bench.set_defaults(func=cmd_bench)
    serve = commands.add_parser("serve", help="build the site and serve it locally")
    serve.set_defaults(func=cmd_serve)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
