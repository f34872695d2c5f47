"""The service worker, which keeps the site for offline play."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .base import WEB

STORED_ON_USE = ("pyodide/python_stdlib.zip",)
"""Files the service worker stores only when the page first asks for them:
the whole standard library (2.5 MB) serves only a start without the snapshot,
which a browser that needs it makes on every visit (docs/page-loading.md, "Offline")."""


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
