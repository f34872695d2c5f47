"""The repository's folders, and running a command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
"""The repository (web/builder/ is two folders down)."""
sys.path.insert(0, str(ROOT))  # the pictures the build writes come from the package itself
WEB = ROOT / "web"
EXTRA_GAMES = os.environ.get("IRIRI_EXTRA_GAMES", "")
"""A test build's extra games (:func:`builder.wheel.extra_game_files`); "" for the site itself."""
DIST = ROOT / ("dist-games" if EXTRA_GAMES else "dist")
VENV = ROOT / ".venv"
STAMP = VENV / "dev-pins.json"
NODE_MODULES = WEB / "node_modules"
NPM_STAMP = NODE_MODULES / ".lock-sha256"


def run(command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command; stop with its status on failure."""
    print("+ " + " ".join(command), flush=True)
    result = subprocess.run(command, cwd=cwd, check=False, env=env)
    if result.returncode != 0:
        sys.exit(result.returncode)
