"""How soon the page is ready as players meet it, against bare runtime pages
(``python3 build.py bench --only page``; docs/page-loading.md, "Starting Python").

Three pages, each from a server that answers as GitHub Pages does (gzip for
text, JavaScript, JSON and WebAssembly; an ETag; ``max-age=600``):

* the game (``dist/``);
* a bare Pyodide page: ``loadPyodide()`` from the npm package's own files,
  then one line of Python;
* a bare PyScript page: the npm package's PyScript on the same Pyodide, one
  line of Python (PyScript's plugins that the game switches off are off).

Each is loaded cold and warm on a fast line and on 20 Mbit/s with 40 ms
latency (Chromium's own throttling), in an in-memory context (warm: a new
tab in the same context) and in an on-disk profile (warm: the browser
closed and started again on that profile), the pages interleaved within
each round.  Read off each load: the time to ready, to the board painted
(the game), the bytes on the wire before ready, the renderer's memory after
ready, and on a fast line in memory the main thread's busy time to ready
from a trace; and, from the server, every byte a first visit cost, the
service worker's included.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import statistics
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from .site import READY, build, chromium_path, running

PAGES = ("game", "bare Pyodide", "bare PyScript")
"""The pages compared; the ratios are the game's time over each bare page's."""

LINES: dict[str, dict[str, float] | None] = {
    "fast line": None,
    "20 Mbit/s, 40 ms": {"latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 20e6 / 8},
}
"""The lines: none throttled, and Chromium's throttling (bytes per second)."""

PROFILES = ("in-memory context", "on-disk profile")
"""Where the browser keeps what it caches: a context that forgets it when
closed (warm: a second tab), or a profile on disk (warm: the browser
restarted on it)."""

BARE_PYODIDE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title><link rel="icon" href="data:,">
</head><body><script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
pyodide.runPython("print('bare page ready')");
performance.mark("iriri-ready");
document.documentElement.dataset.ready = "1";
</script></body></html>
"""

BARE_PYSCRIPT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare PyScript</title><link rel="icon" href="data:,">
<script type="module" src="./pyscript/core.js"></script></head>
<body><mpy-config>{off}</mpy-config>
<script type="py" config="./bare.json">
from js import document, performance
print("bare page ready")
performance.mark("iriri-ready")
document.documentElement.dataset.ready = "1"
</script></body></html>
"""

MEASURE = """() => {
  const ready = performance.getEntriesByName("iriri-ready")[0].startTime;
  const board = performance.getEntriesByName("iriri-picture")[0];
  const nav = performance.getEntriesByType("navigation")[0];
  const before = performance.getEntriesByType("resource").filter((r) => r.responseEnd <= ready);
  return {
    ready_ms: ready,
    board_ms: board ? board.startTime : null,
    bytes_before_ready: nav.transferSize + before.reduce((sum, r) => sum + r.transferSize, 0),
  };
}"""
"""One load's figures, read once the page is ready."""

COMPRESSED_TYPES = (
    "text/",
    "application/javascript",
    "application/json",
    "application/wasm",
    "image/svg+xml",
)
"""What GitHub Pages sends gzipped (not zip files, wheels or the snapshot)."""


def bare_sites(folder: Path) -> dict[str, Path]:
    """The two bare pages in ``folder``, each with the runtime as its npm
    package ships it (Pyodide with its lock file, PyScript's whole dist)."""
    pyodide = folder / "pyodide"
    pyodide.mkdir(parents=True)
    for name in (*build.PYODIDE_FILES, "pyodide-lock.json"):
        shutil.copy2(build.NODE_MODULES / "pyodide" / name, pyodide / name)
    shutil.copytree(build.NODE_MODULES / "@pyscript" / "core" / "dist", folder / "pyscript")
    off = {"plugins": [f"!{name}" for name in build.PYSCRIPT_OFF]}
    (folder / "bare.json").write_text(json.dumps({"interpreter": "./pyodide/pyodide.mjs", **off}))
    (folder / "pyodide.html").write_text(BARE_PYODIDE)
    (folder / "pyscript.html").write_text(BARE_PYSCRIPT.replace("{off}", json.dumps(off)))
    return {"bare Pyodide": folder / "pyodide.html", "bare PyScript": folder / "pyscript.html"}


class PagesHandler(build.Handler):
    """Static files as GitHub Pages serves them: gzipped where it gzips, with
    an ETag (a 304 when it matches) and ``Cache-Control: max-age=600``; every
    byte sent is counted in ``sent``."""

    sent: ClassVar[list[int]] = [0]
    zipped: ClassVar[dict[Path, tuple[bytes, bytes | None, str]]] = {}
    lock = threading.Lock()

    def do_GET(self) -> None:
        self.answer(body=True)

    def do_HEAD(self) -> None:
        self.answer(body=False)

    def answer(self, body: bool) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            self.send_error(404)
            return
        kind = self.guess_type(str(path))
        data, packed, etag = self.contents(path, kind)
        since = self.headers.get("If-Modified-Since")
        if self.headers.get("If-None-Match") == etag or (
            since is not None and since == self.date_time_string(int(path.stat().st_mtime))
        ):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "max-age=600")
            self.end_headers()
            return
        gzipped = packed is not None and "gzip" in self.headers.get("Accept-Encoding", "")
        payload = packed if gzipped and packed is not None else data
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        if packed is not None:
            self.send_header("Vary", "Accept-Encoding")
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        if body:
            with self.lock:  # counted first: the browser may have it before write() returns
                self.sent[0] += len(payload)
            self.wfile.write(payload)

    @classmethod
    def contents(cls, path: Path, kind: str) -> tuple[bytes, bytes | None, str]:
        """The file, gzipped if GitHub Pages would, and its ETag (kept)."""
        with cls.lock:
            if path not in cls.zipped:
                data = path.read_bytes()
                packed = gzip.compress(data, 6) if kind.startswith(COMPRESSED_TYPES) else None
                cls.zipped[path] = (data, packed, f'"{hashlib.sha1(data).hexdigest()}"')
            return cls.zipped[path]


@contextmanager
def pages_server(folder: Path) -> Iterator[str]:
    """``folder`` served as GitHub Pages would; yields its URL."""
    for path in folder.rglob("*"):  # zipped before the first load, not during it
        if path.is_file():
            PagesHandler.contents(path, PagesHandler.guess_type(PagesHandler, str(path)))  # type: ignore[arg-type]
    with running(build.Server(("127.0.0.1", 0), lambda *a: PagesHandler(*a, directory=str(folder)))) as url:
        yield url


def chromium_family(marker: str) -> list[tuple[int, bytes]]:
    """The processes (pid, command line) of the Chromium whose command line
    holds ``marker`` (a profile's folder, or a flag of its own), with every
    process it started (Linux: /proc)."""
    parents: dict[int, int] = {}
    lines: dict[int, bytes] = {}
    roots = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        pid = int(entry.name)
        parents[pid] = int(stat.rsplit(")", 1)[1].split()[1])
        lines[pid] = command
        if marker.encode() in command and b"--type=" not in command:
            roots.append(pid)
    family = set(roots)
    while True:
        more = {pid for pid, parent in parents.items() if parent in family} - family
        if not more:
            return [(pid, lines[pid]) for pid in sorted(family)]
        family |= more


def pss_mb(pid: int) -> float:
    """A process's proportional set size in MB (0 if it has gone)."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    return next(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:")) / 1024


def browser_memory_mb(marker: str) -> float:
    """The memory (PSS) of a Chromium and all its processes, in MB."""
    return round(sum(pss_mb(pid) for pid, _ in chromium_family(marker)), 1)


def renderer_memory_mb(marker: str) -> float:
    """The memory (PSS) of the largest renderer of a Chromium: the page's."""
    renderers = [pid for pid, line in chromium_family(marker) if b"--type=renderer" in line]
    return round(max((pss_mb(pid) for pid in renderers), default=0.0), 1)


TRACED = ("disabled-by-default-devtools.timeline", "blink.user_timing")
"""The trace's categories: every task of each thread, and the page's marks."""


def main_thread_busy_ms(trace: bytes) -> float:
    """The time the page's main thread spent in tasks before the ready mark,
    from a Chromium trace of TRACED."""
    loaded = json.loads(trace)
    events = loaded["traceEvents"] if isinstance(loaded, dict) else loaded
    ready = next(e for e in events if e.get("name") == "iriri-ready" and e.get("cat") == "blink.user_timing")
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"
    }
    tasks = sorted(
        (e["ts"], e["ts"] + e.get("dur", 0))
        for e in events
        if e.get("name") == "RunTask"
        and e.get("ph") == "X"
        and (e["pid"], e["tid"]) in main
        and e["pid"] == ready["pid"]
        and e["ts"] < ready["ts"]
    )
    busy, reached = 0.0, 0.0
    for start, end in tasks:  # nested tasks are inside their parent's time
        end = min(end, ready["ts"])
        if end > reached:
            busy += end - max(start, reached)
            reached = end
    return round(busy / 1000)


def throttle(context: BrowserContext, page: Page, line: str) -> None:
    """Put ``page`` on ``line`` (Chromium's network throttling)."""
    conditions = LINES[line]
    if conditions is not None:
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", {"offline": False, **conditions})


class PageCrashed(Exception):
    """The browser's renderer died while a page loaded (its URL)."""


def visit(context: BrowserContext, url: str, line: str) -> tuple[Page, dict[str, Any]]:
    """Open ``url`` in a new tab of ``context`` on ``line``; its figures once ready."""
    page = context.new_page()
    crashed: list[bool] = []
    page.on("crash", lambda _: crashed.append(True))
    throttle(context, page, line)
    try:
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=180_000)
    except PlaywrightError as error:
        if crashed or "crashed" in str(error):
            raise PageCrashed(url) from error
        raise
    figures: dict[str, Any] = page.evaluate(MEASURE)
    return page, figures


def settle(page: Page, kind: str) -> None:
    """Stay on the page as a player would after it is up: the game's service
    worker installs (it starts three seconds after ready); every page gets
    the same three seconds more for the browser's caches to be written."""
    if kind == "game":
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_timeout(3000)


def one_round(
    playwright: Playwright, urls: dict[str, str], order: tuple[str, ...], line: str, profile: str
) -> dict[str, dict[str, dict[str, Any]]]:
    """Each page cold then warm in one scenario: figures[page][warmth]."""
    marker = f"--iriri-bench={uuid.uuid4().hex}"
    args = [*build.CHROMIUM_FLAGS, marker]
    figures: dict[str, dict[str, dict[str, Any]]] = {}
    if profile == "in-memory context":
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=args)
        traced = LINES[line] is None
        for kind in order:
            context = browser.new_context(viewport={"width": 1200, "height": 820})
            sent = PagesHandler.sent[0]
            figures[kind] = {}
            for warmth in ("cold", "warm"):
                if traced:
                    browser.start_tracing(categories=list(TRACED))
                page, figures[kind][warmth] = visit(context, urls[kind], line)
                if traced:
                    figures[kind][warmth]["main_thread_ms"] = main_thread_busy_ms(browser.stop_tracing())
                figures[kind][warmth]["renderer_mb"] = renderer_memory_mb(marker)
                if warmth == "cold":
                    settle(page, kind)
                    figures[kind][warmth]["bytes_first_visit"] = PagesHandler.sent[0] - sent
                page.close()
            context.close()
        browser.close()
        return figures
    for kind in order:
        with tempfile.TemporaryDirectory() as folder:
            figures[kind] = {}
            for warmth in ("cold", "warm"):
                sent = PagesHandler.sent[0]
                context = playwright.chromium.launch_persistent_context(
                    folder,
                    executable_path=chromium_path(),
                    args=args,
                    headless=True,
                    viewport={"width": 1200, "height": 820},
                )
                page, figures[kind][warmth] = visit(context, urls[kind], line)
                figures[kind][warmth]["renderer_mb"] = renderer_memory_mb(marker)
                settle(page, kind)
                if warmth == "cold":
                    figures[kind][warmth]["bytes_first_visit"] = PagesHandler.sent[0] - sent
                context.close()
    return figures


def retried(
    playwright: Playwright,
    urls: dict[str, str],
    order: tuple[str, ...],
    line: str,
    profile: str,
    crashes: list[dict[str, str]],
) -> dict[str, dict[str, dict[str, Any]]]:
    """one_round, run again (up to three times) where a page's renderer died,
    each death noted in ``crashes``."""
    for _ in range(3):
        try:
            return one_round(playwright, urls, order, line, profile)
        except PageCrashed as crash:
            page = next(kind for kind, url in urls.items() if url == str(crash))
            crashes.append({"line": line, "profile": profile, "page": page})
    raise RuntimeError(f"the renderer died three times running: {crashes[-3:]}")


def ranged(values: list[float]) -> dict[str, float]:
    """The median of ``values`` and their range."""
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
    }


def load_figures(rounds: int, site: Path = build.DIST) -> dict[str, Any]:
    """Every scenario over ``rounds`` rounds: for each, each page's median
    figures, and the game's ready time over each bare page's in the same
    round, as a median and a range; and the pages whose renderer died (that
    scenario of the round is run again, up to three times)."""
    samples: dict[tuple[str, str, str, str], list[dict[str, Any]]] = {}
    crashes: list[dict[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        bare = bare_sites(Path(tmp) / "bare")
        with pages_server(site) as game_url, pages_server(Path(tmp) / "bare") as bare_url:
            urls = {"game": game_url, **{kind: bare_url + path.name for kind, path in bare.items()}}
            with sync_playwright() as playwright:
                # a round that warms the machine up
                retried(playwright, urls, PAGES, "fast line", "in-memory context", crashes)
                for number in range(rounds):
                    order = PAGES[number % 3 :] + PAGES[: number % 3]  # who goes first turns
                    for line in LINES:
                        for profile in PROFILES:
                            scenario = retried(playwright, urls, order, line, profile, crashes)
                            for kind, warmths in scenario.items():
                                for warmth, figures in warmths.items():
                                    samples.setdefault((line, profile, warmth, kind), []).append(figures)
    table: dict[str, Any] = {}
    for line in LINES:
        for profile in PROFILES:
            for warmth in ("cold", "warm"):
                row: dict[str, Any] = {}
                game = samples[(line, profile, warmth, "game")]
                for kind in PAGES:
                    loads = samples[(line, profile, warmth, kind)]
                    row[kind] = {
                        key: round(statistics.median(load[key] for load in loads))
                        for key in loads[0]
                        if loads[0][key] is not None
                    }
                for kind in PAGES[1:]:
                    bare_loads = samples[(line, profile, warmth, kind)]
                    row[f"ready ratio to {kind}"] = ranged(
                        [g["ready_ms"] / b["ready_ms"] for g, b in zip(game, bare_loads, strict=True)]
                    )
                table[f"{line}, {profile}, {warmth}"] = row
    table_rows = markdown(table)
    return {"rounds": rounds, "scenarios": table, "goals": GOALS, "table": table_rows, "crashes": crashes}


GOALS = {
    "ready ratio": "<= 0.5 everywhere, <= 0.35 on a fast line",
    "bytes_before_ready": "<= a bare page's",
    "renderer_mb": "<= a bare page's + 40",
    "board_ms": "<= 500",
}
"""Issue 26's aims."""


def markdown(table: dict[str, Any]) -> list[str]:
    """The ratios as the rows of a table (median and range), for a note."""
    rows = ["| scenario | game / bare Pyodide | game / bare PyScript |", "|---|---|---|"]
    for scenario, row in table.items():
        cells = [
            f"{r['median']:.2f} ({r['min']:.2f} to {r['max']:.2f})"
            for r in (row["ready ratio to bare Pyodide"], row["ready ratio to bare PyScript"])
        ]
        rows.append(f"| {scenario} | {cells[0]} | {cells[1]} |")
    return rows


if __name__ == "__main__":  # python -m e2e.load_bench ROUNDS [SITE]: another build, as it was
    import sys

    started = time.time()
    print(
        json.dumps(
            load_figures(int(sys.argv[1]), Path(sys.argv[2]) if sys.argv[2:] else build.DIST), indent=1
        )
    )
    print(f"{time.time() - started:.0f} s")
