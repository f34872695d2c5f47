"""Setting up what the tests need: .venv with the pinned tools, the npm
packages of the runtime, a Chromium."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

from .base import NPM_STAMP, ROOT, STAMP, VENV, WEB, run

CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""Flags for Chromium here: no sandbox as root, and no calls home."""


def dev_pins() -> list[str]:
    """The exact test, lint and build tool versions from pyproject.toml."""
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


def ensure_npm() -> None:
    """Install the pinned runtime from web/package-lock.json, unless installed."""
    lock = hashlib.sha256((WEB / "package-lock.json").read_bytes()).hexdigest()
    if NPM_STAMP.exists() and NPM_STAMP.read_text() == lock:
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit(
            "npm is missing: the page's runtime (Pyodide and PyScript) comes from npm packages. "
            "Install Node.js 20 or newer with npm (on Debian: apt-get install nodejs npm)."
        )
    run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB)
    NPM_STAMP.write_text(lock)


def find_chromium() -> str | None:
    """Debian's Chromium (or one named by $IRIRI_CHROMIUM), if present."""
    named = os.environ.get("IRIRI_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def ensure_chromium(python: Path) -> str:
    """The Chromium the end-to-end tests drive: Debian's when present, else
    Playwright's own download.  Returns its path ("" for Playwright's own)."""
    found = find_chromium()
    if found:
        return found
    print("no Chromium found on PATH; trying Playwright's own download", flush=True)
    result = subprocess.run([str(python), "-m", "playwright", "install", "chromium"], check=False)
    if result.returncode != 0:
        sys.exit(
            "The end-to-end tests need Chromium and none could be found or downloaded. "
            "On Debian or Ubuntu: apt-get install chromium (or set IRIRI_CHROMIUM to a Chromium binary)."
        )
    return ""
