"""The service worker, which keeps the site for offline play."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .base import WEB


def write_service_worker(site: Path) -> None:
    """``site``/sw.js with the list of every other file and a hash of their contents."""
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
    worker = worker.replace("__FILES__", json.dumps(["./", *(f"./{name}" for name in files)]))
    (site / "sw.js").write_text(worker)
