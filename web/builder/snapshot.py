"""The snapshot Python starts from, made under Node, and what it needs beside it."""

from __future__ import annotations

import json
import shutil
import sys
import zipfile
from pathlib import Path
from typing import Any

from .base import NODE_MODULES, WEB, run

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


def lock_info() -> dict[str, Any]:
    """The "info" of the runtime's lock file: its ABI, which Pyodide checks."""
    info: dict[str, Any] = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]
    return info


def write_snapshot(wheel: Path, folder: Path) -> None:
    """``folder``/snapshot.br.bin, the memory of Python started under Node with
    ``wheel`` unpacked and SNAPSHOT_MODULES imported, ``folder``/library.br.bin,
    the rest of the standard library, and ``folder``/boot.mjs,
    which starts the page's Python from it, with what it needs beside it: the
    worker that unpacks it and its Brotli decoder (docs/page-loading.md)."""
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
