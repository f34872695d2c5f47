"""The package's wheel, written with the standard library alone."""

from __future__ import annotations

import base64
import hashlib
import os
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from .base import EXTRA_GAMES, ROOT

PACKAGE = "iriri_core"
"""The package the wheel holds (a folder at the top of the repository)."""

WHEEL_TIME = (1980, 1, 1, 0, 0, 0)
"""Every file's time in the wheel: the earliest a zip file can say, so that the
same sources make the same wheel byte for byte (and the service worker's
version changes only when the code does)."""


def package_version() -> str:
    """``__version__`` from the package's ``__init__.py`` (read, not imported)."""
    namespace: dict[str, Any] = {}
    init = (ROOT / PACKAGE / "__init__.py").read_text()
    version_line = next(line for line in init.splitlines() if line.startswith("__version__"))
    exec(version_line, namespace)
    version: str = namespace["__version__"]
    return version


def wheel_name() -> str:
    """The file name of the package's wheel."""
    return f"{PACKAGE}-{package_version()}-py3-none-any.whl"


def package_files() -> list[Path]:
    """Every file of the package, sorted, without bytecode caches."""
    files = (ROOT / PACKAGE).rglob("*")
    kept = [
        path for path in files if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    ]
    return sorted(kept, key=lambda path: path.relative_to(ROOT).as_posix())


def extra_game_files() -> list[tuple[str, Path]]:
    """A test build's extra games, from $IRIRI_EXTRA_GAMES: folders (from
    the root, separated by os.pathsep) whose game packages (tests/fixtures/games)
    go into the wheel beside the package's own games (in GAMES_PACKAGE, where
    its registry finds them), each file with its name in the wheel; the build's own Python
    registers them too, for the page contract, the pictures and the rules.
    Such a build goes to dist-games/ (DIST), never to dist/, the site people
    are served (docs/house.md, "Adding a game")."""
    found = []
    for folder in (ROOT / name for name in EXTRA_GAMES.split(os.pathsep) if name):
        from iriri_core.registry import GAMES_PACKAGE, add_games

        add_games(folder)
        home = GAMES_PACKAGE.replace(".", "/")  # where the registry looks for games
        for game in sorted(init.parent for init in folder.glob("*/__init__.py")):
            kept = [
                path for path in sorted(game.rglob("*")) if path.is_file() and "__pycache__" not in path.parts
            ]
            found += [(f"{home}/{game.name}/{path.relative_to(game).as_posix()}", path) for path in kept]
    return found


def wheel_metadata() -> dict[str, str]:
    """The wheel's ``.dist-info`` files (METADATA, WHEEL, entry_points.txt),
    written from pyproject.toml's [project] table."""
    with open(ROOT / "pyproject.toml", "rb") as fh:
        project: dict[str, Any] = tomllib.load(fh)["project"]
    headers = [
        ("Metadata-Version", "2.1"),
        ("Name", project["name"]),
        ("Version", package_version()),
        ("Summary", project["description"]),
        ("Requires-Python", project["requires-python"]),
        ("License", project["license"]["text"]),
        *(("Classifier", classifier) for classifier in project.get("classifiers", [])),
        *(("Requires-Dist", requirement) for requirement in project.get("dependencies", [])),
    ]
    for extra, requirements in project.get("optional-dependencies", {}).items():
        headers.append(("Provides-Extra", extra))
        headers += [("Requires-Dist", f'{requirement} ; extra == "{extra}"') for requirement in requirements]
    headers.append(("Description-Content-Type", "text/markdown"))
    readme = (ROOT / project["readme"]).read_text()
    metadata = "".join(f"{key}: {value}\n" for key, value in headers) + "\n" + readme
    wheel = "Wheel-Version: 1.0\nGenerator: build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files = {"METADATA": metadata, "WHEEL": wheel}
    scripts = project.get("scripts", {})
    if scripts:
        lines = "".join(f"{name} = {target}\n" for name, target in scripts.items())
        files["entry_points.txt"] = f"[console_scripts]\n{lines}"
    return files


def record_hash(data: bytes) -> str:
    """A file's hash as RECORD writes it: sha256, URL-safe base64, no padding."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode()}"


def build_wheel(out: Path) -> Path:
    """Write the package's wheel into ``out`` with the standard library alone
    (a pure-Python wheel is a zip file: the package, then its .dist-info with
    METADATA, WHEEL, entry_points.txt and RECORD, the hash and size of each)."""
    dist_info = f"{PACKAGE}-{package_version()}.dist-info"
    entries = [(path.relative_to(ROOT).as_posix(), path.read_bytes()) for path in package_files()]
    entries += [(name, path.read_bytes()) for name, path in extra_game_files()]
    entries += [(f"{dist_info}/{name}", text.encode()) for name, text in wheel_metadata().items()]
    record = f"{dist_info}/RECORD"
    lines = [f"{name},{record_hash(data)},{len(data)}\n" for name, data in entries]
    entries.append((record, ("".join(lines) + f"{record},,\n").encode()))
    wheel = out / wheel_name()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=WHEEL_TIME)
            info.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return wheel
