"""dist/, the site: the wheel, the pinned runtime, the snapshot and the page."""

from __future__ import annotations

import html
import json
import shutil
import sys
from pathlib import Path

from .base import DIST, NODE_MODULES, WEB
from .offline import write_service_worker
from .snapshot import write_snapshot
from .tools import ensure_npm
from .wheel import build_wheel

PAGE_FILES = ("style.css", "ui.js", "fallback.js", "painter.js", "picture.js", "main.py", "icon.svg")
"""The page's own files, copied from web/ as they are, with the modules of
web/ui/ (page_files; index.html, embed.html and sw.js are written from web/
with the build's details filled in)."""

PICTURE_MODULES = ("ui/before.js", "ui/dom.js", "ui/contract.js", "ui/game.js", "painter.js", "picture.js")
"""The modules that paint the picture before Python (web/ui/before.js, which
the page runs ahead of ui.js, and those it imports): asked for first."""


def page_files() -> list[str]:
    """The page's own files (PAGE_FILES and web/ui/'s modules), relative to web/."""
    return [*PAGE_FILES, *(path.relative_to(WEB).as_posix() for path in sorted((WEB / "ui").glob("*.js")))]


def page_modules() -> list[str]:
    """The modules ui.js imports, each of them, those of the picture first:
    all are fetched at once, as the page's HTML asks for them
    (modulepreload), rather than each when the module that imports it has
    arrived."""
    rest = [name for name in page_files() if name.startswith("ui/") and name not in PICTURE_MODULES]
    return [*PICTURE_MODULES, *rest]


CSP = "; ".join(
    (
        "default-src 'self'",
        # Pyodide compiles WebAssembly; PyScript 0.7.31 also needs eval (measured).
        "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'",
        "worker-src 'self' blob:",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'none'",
    )
)
"""The pages' Content-Security-Policy: the site itself and nothing else, plus
what the runtime was measured to need."""

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""The Pyodide runtime the page needs: the core only, no packages (so no
lock file either: web/boot.mjs gives Pyodide one without packages). The
whole standard library is for a start without the snapshot only."""


PRELOADS = (
    ("script", "pyscript/core.js"),
    ("script", "pyscript/core-*.js"),
    ("script", "pyscript/error-*.js"),
    ("script", "pyodide/boot.mjs"),
    ("script", "pyodide/memory.mjs"),
    ("script", "pyodide/pyodide.mjs"),
    ("fetch", "pyscript.json"),
    ("fetch", "main.py"),
    ("fetch", "iriri_core-*.whl"),
    ("script", "pyodide/pyodide.asm.mjs"),
    ("fetch", "pyodide/snapshot.br.bin"),
    ("fetch", "pyodide/pyodide.asm.wasm"),
)
"""What starting Python loads, fetched all at once: PyScript would ask for
each only when the one before it has arrived. Small first, so that they
are not queued behind the big ones (a browser opens six connections to a
server that speaks HTTP/1.1)."""

AFTER_SNAPSHOT = "pyodide/library.br.bin"
"""The standard library less what the snapshot holds (web/snapshot.mjs), also
loaded before the page's Python runs, but asked for by web/boot.mjs once the
snapshot has arrived, not preloaded (docs/page-loading.md, "Starting Python"); the
loading bar counts it."""

PYSCRIPT_CHUNKS = ("core", "error")
"""PyScript's chunks the page loads (names before the content hash): the core
and the error plugin that shows Python errors on the page.  The other plugins
are switched off in the config (PYSCRIPT_OFF); the e2e tests fail on any
request that does not succeed."""

PYSCRIPT_OFF = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
"""PyScript plugins the page does not use: not loaded, not shipped."""


def pyscript_files() -> list[Path]:
    """The PyScript files the page loads (see PYSCRIPT_CHUNKS)."""
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    files = [dist / "core.js"]
    for chunk in PYSCRIPT_CHUNKS:
        found = sorted(dist.glob(f"{chunk}-*.js"))
        if len(found) != 1:
            sys.exit(f"expected one PyScript chunk {chunk}-<hash>.js, found {len(found)}")
        files += found
    return files


def build() -> Path:
    """Make dist/ from scratch; returns its path.  Installs nothing from PyPI:
    the wheel is written here, the runtime comes from npm."""
    ensure_npm()
    if DIST.exists():
        shutil.rmtree(DIST)
    (DIST / "pyodide").mkdir(parents=True)
    (DIST / "pyscript").mkdir()
    wheel = build_wheel(DIST)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, DIST / "pyodide" / name)
    write_snapshot(wheel, DIST / "pyodide")
    for path in pyscript_files():
        shutil.copy2(path, DIST / "pyscript" / path.name)
    for name in page_files():
        (DIST / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(WEB / name, DIST / name)
    write_start_pictures(DIST)
    config = {
        "interpreter": "./pyodide/boot.mjs",
        "files": {f"./{wheel.name}": "./*"},
        "plugins": [f"!{name}" for name in PYSCRIPT_OFF],
    }
    (DIST / "pyscript.json").write_text(json.dumps(config, indent=1) + "\n")
    off = json.dumps({"plugins": config["plugins"]})
    page = (WEB / "index.html").read_text()
    # MicroPython's script type loads every plugin unless it has a config of its own.
    page = page.replace("<!-- mpy-config -->", f"<mpy-config>{off}</mpy-config>", 1)
    page = page.replace("<!-- csp -->", f'<meta http-equiv="Content-Security-Policy" content="{CSP}">', 1)
    # The loading bar counts against what starting Python loads; ui.js asks
    # for all of it at once (an embed, only when the reader starts it).
    preloads = [(kind, DIST / pattern) for kind, pattern in PRELOADS]
    found = [(kind, path) for kind, pattern in preloads for path in sorted(pattern.parent.glob(pattern.name))]
    if len(found) != len(PRELOADS):
        sys.exit(f"build: expected {len(PRELOADS)} files to preload, found {len(found)}")
    size = sum(path.stat().st_size for _, path in found) + (DIST / AFTER_SNAPSHOT).stat().st_size
    listed = " ".join(f"{kind}:./{path.relative_to(DIST).as_posix()}" for kind, path in found)
    page = page.replace(
        '<html lang="en">', f'<html lang="en" data-runtime-bytes="{size}" data-preload="{listed}">', 1
    )
    # The site's page starts Python at once: its HTML asks for all of it.
    tags = "\n".join(preload_tag(kind, f"./{path.relative_to(DIST).as_posix()}") for kind, path in found)
    # The picture of the game a first visit deals, in the page itself (the
    # others are in pictures.json); the game picker's buttons, one per game.
    # Every game's rules too, as text blocks, so they read before Python is up.
    # The page contract (docs/page-events.md): what the page's JavaScript knows of the
    # games, links, seats and saves, from the package, so web/ names no game.
    from iriri_core.pictures.figures import first_picture
    from iriri_core.site.contract import CONTRACT_ID, FIRST_GAME, page_contract
    from iriri_core.table.views import label, picker_buttons, rules_blocks

    page = page.replace(
        '<span id="game-buttons-list" class="picker-games"></span>', picker_buttons(FIRST_GAME), 1
    )
    page = page.replace("__GAME_LABEL__", html.escape(label(FIRST_GAME)))
    modules = "\n".join(f'<link rel="modulepreload" href="./{name}">' for name in page_modules())
    page = page.replace("<!-- modules -->", modules, 1)
    for marker, name, data in (
        ("<!-- contract -->", CONTRACT_ID, page_contract()),
        ("<!-- start picture -->", "start-picture", first_picture(FIRST_GAME)),
        ("<!-- rules -->", "rules-data", rules_blocks()),
    ):
        inline = json.dumps(data).replace("</", "<\\/")
        page = page.replace(marker, f'<script type="application/json" id="{name}">{inline}</script>', 1)
    (DIST / "index.html").write_text(page.replace("<!-- preload -->", tags, 1))
    embed = page.replace("<html ", '<html data-embed="1" ', 1).replace("<!-- preload -->\n", "", 1)
    (DIST / "embed.html").write_text(embed)
    (DIST / ".nojekyll").write_text("")  # GitHub Pages: serve the files as they are
    write_service_worker(DIST)
    files = [p for p in DIST.rglob("*") if p.is_file()]
    print(f"built {DIST.name}/: {len(files)} files, {sum(p.stat().st_size for p in files) / 1e6:.1f} MB")
    return DIST


def preload_tag(kind: str, href: str) -> str:
    """A link that fetches ``href`` ahead of its use: a module, or a file
    that a script fetches (web/ui.js writes the same ones)."""
    if kind == "script":
        return f'<link rel="modulepreload" href="{href}">'
    return f'<link rel="preload" as="fetch" href="{href}" crossorigin="anonymous">'


def write_start_pictures(site: Path) -> None:
    """``site``/pictures.json: the start of every game, drawn by the scene
    code, for the page to paint before Python is ready."""
    from iriri_core.pictures.figures import start_pictures

    (site / "pictures.json").write_text(json.dumps(start_pictures(), separators=(",", ":")))
