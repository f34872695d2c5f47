#!/usr/bin/env python3
"""The one entry point: build | serve | test | bench.

python3 build.py build    make dist/: the wheel (written here), the pinned runtime and the page
python3 build.py serve    build, then serve dist/ on 127.0.0.1 and print the address
python3 build.py test     set up what is missing (.venv, npm packages, a Chromium),
                          then ruff, mypy, every unit test and the end-to-end tests
python3 build.py bench    print the speed figures (engine in CPython, page in Chromium)
python3 build.py figures  redraw docs/table.svg and the screenshots in docs/screens/

Only the standard library is used here, so these run on a fresh machine.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import html
import http.server
import json
import os
import shutil
import socketserver
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))  # the pictures the build writes come from the package itself
WEB = ROOT / "web"
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
STAMP = VENV / "dev-pins.json"
NODE_MODULES = WEB / "node_modules"
NPM_STAMP = NODE_MODULES / ".lock-sha256"

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

BROTLI_FILES = ("brotli_dec_wasm.js", "brotli_dec_wasm_bg.wasm")
"""The Brotli decoder that web/unpack.js unpacks the snapshot with (npm
``brotli-dec-wasm``: browsers decode Brotli for HTTP, not for scripts)."""

SNAPSHOT_MODULES = (
    "iriri_core",
    "iriri_core.site.links",
    "iriri_core.table.table",
    "iriri_core.pictures.packed",
    "iriri_core.site.saves",
    "iriri_core.by_links.table",
    "iriri_core.front",
    "iriri_core.site.contract",
    "asyncio",
    "json",
    "html",
    "html.entities",
    "ipaddress",
    "urllib.parse",
    "encodings.cp437",
    "zipfile",
)
"""What the snapshot Python starts from has imported (web/snapshot.mjs): the
game (the package first, which snapshot.mjs checks came from the wheel),
and the standard modules a ready page was found to import besides the
runtime's own (PyScript's need the browser, so they cannot be in it)."""

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
snapshot has arrived, not preloaded (docs/page.md, "Starting Python"); the
loading bar counts it."""

PYSCRIPT_CHUNKS = ("core", "error")
"""PyScript's chunks the page loads (names before the content hash): the core
and the error plugin that shows Python errors on the page.  The other plugins
are switched off in the config (PYSCRIPT_OFF); the e2e tests fail on any
request that does not succeed."""

PYSCRIPT_OFF = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
"""PyScript plugins the page does not use: not loaded, not shipped."""

CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""Flags for Chromium here: no sandbox as root, and no calls home."""


# ---------------------------------------------------------------- setup


def run(command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command; stop with its status on failure."""
    print("+ " + " ".join(command), flush=True)
    result = subprocess.run(command, cwd=cwd, check=False, env=env)
    if result.returncode != 0:
        sys.exit(result.returncode)


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


# ---------------------------------------------------------------- build


PACKAGE = "iriri_core"
"""The package the wheel holds (a folder beside this file)."""

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
    # The page contract (docs/page.md): what the page's JavaScript knows of the
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


def lock_info() -> dict[str, Any]:
    """The "info" of the runtime's lock file: its ABI, which Pyodide checks."""
    info: dict[str, Any] = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]
    return info


def write_snapshot(wheel: Path, folder: Path) -> None:
    """``folder``/snapshot.br.bin, the memory of Python started under Node with
    ``wheel`` unpacked and SNAPSHOT_MODULES imported, ``folder``/library.br.bin,
    the rest of the standard library, and ``folder``/boot.mjs,
    which starts the page's Python from it, with what it needs beside it: the
    worker that unpacks it and its Brotli decoder (docs/page.md)."""
    node = shutil.which("node")
    if node is None:
        sys.exit("node is missing: the build makes Python's snapshot with Node.js 20 or newer.")
    info = json.dumps(lock_info())
    snapshot = folder / "snapshot.br.bin"
    run(
        [
            node,
            str(WEB / "snapshot.mjs"),
            str(NODE_MODULES / "pyodide"),
            str(wheel),
            str(snapshot),
            str(folder / "library.br.bin"),
            info,
            *SNAPSHOT_MODULES,
        ]
    )
    form = snapshot.with_name(snapshot.name + ".json")
    boot = (WEB / "boot.mjs").read_text().replace("__LOCK_INFO__", info)
    (folder / "boot.mjs").write_text(boot.replace("__SNAPSHOT_FORM__", form.read_text()))
    form.unlink()
    for name in ("memory.mjs", "unpack.js"):
        shutil.copy2(WEB / name, folder / name)
    with zipfile.ZipFile(folder / "empty.zip", "w"):
        pass  # what Python starts with in the standard library's place
    for name in BROTLI_FILES:
        shutil.copy2(NODE_MODULES / "brotli-dec-wasm" / "pkg" / name, folder / name)


def write_start_pictures(site: Path) -> None:
    """``site``/pictures.json: the start of every game, drawn by the scene
    code, for the page to paint before Python is ready."""
    from iriri_core.pictures.figures import start_pictures

    (site / "pictures.json").write_text(json.dumps(start_pictures(), separators=(",", ":")))


STORED_ON_USE = ("pyodide/python_stdlib.zip",)
"""Files the service worker stores only when the page first asks for them:
the whole standard library (2.5 MB) serves only a start without the snapshot,
which a browser that needs it makes on every visit (docs/page.md, "Offline")."""


def write_service_worker(site: Path) -> None:
    """``site``/sw.js with the list of every other file (those it stores on
    use apart) and a hash of their contents."""
    files = sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.name != "sw.js"
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes())
    worker = (WEB / "sw.js").read_text()
    from iriri_core.site.contract import page_contract

    worker = worker.replace("__CACHES__", page_contract()["caches"])
    worker = worker.replace("__VERSION__", digest.hexdigest()[:16])
    stored = ["./", *(f"./{name}" for name in files if name not in STORED_ON_USE)]
    worker = worker.replace("__FILES__", json.dumps(stored))
    worker = worker.replace("__ON_USE__", json.dumps([f"./{name}" for name in STORED_ON_USE]))
    (site / "sw.js").write_text(worker)


# ---------------------------------------------------------------- serve


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types the runtime needs, and quiet logs."""

    extensions_map = {  # noqa: RUF012 (the base class declares it as an instance variable)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".json": "application/json",
        ".py": "text/plain; charset=utf-8",
    }

    def __init__(self, *args: Any, headers: tuple[tuple[str, str], ...] = (), **options: Any) -> None:
        self.extra_headers = headers
        """Sent with every answer, as a web server may be told to."""
        super().__init__(*args, **options)

    def end_headers(self) -> None:
        for name, value in self.extra_headers:
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if os.environ.get("IRIRI_SERVE_LOG"):
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    """A threaded static server."""

    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that goes away mid-download (a closed tab) is not an error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, headers: tuple[tuple[str, str], ...] = ()) -> Server:
    """A server for ``directory`` on 127.0.0.1 (``port`` 0 picks a free one),
    sending ``headers`` (name, value) with every answer."""
    handler = functools.partial(Handler, directory=str(directory), headers=headers)
    return Server(("127.0.0.1", port), handler)


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


# ---------------------------------------------------------------- test and bench


def test_workers(quick: bool) -> int:
    """How many pytest-xdist workers run the tests side by side.  The quick
    tier is CPU work: one per core.  The whole run is CPU work too for the
    most part (Chromium starting Python for every page, the engine's tests in
    Pyodide): one more worker than cores fills the moments one waits for a
    page or the wiki; with two per core the run took as long as in one
    process (README, "Tests")."""
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


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
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


if __name__ == "__main__":
    main()
