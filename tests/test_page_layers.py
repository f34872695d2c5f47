"""The floors of the page's JavaScript (docs/page-layers.md, "The page's modules"):
no import circle among the page's modules, the store (web/ui/state.js) at
the bottom, importing nothing but dom.js, and every import going down a
floor or sideways, never up. The bridge to Python (web/ui/bridge.js) sits
above the view it renders; the parts of the view below it that send an
event are handed it by ui.js when they are wired.

``pytest tests/test_page_layers.py -s`` prints the graph's figures."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"

FLOOR_NAMES = (
    "the ground: tools and facts that import none of the page's modules",
    "the store (state.js), and what stands on the ground alone",
    "the parts of a view: each shows its part, and wires its own controls",
    "the whole view (render.js)",
    "the bridge to Python (bridge.js): an event sent, the view that comes back rendered",
    "the person's acts: keys, taps, dialogs and scripts, sent through the bridge",
    "the start: ui.js, which wires the parts and hands them the bridge",
)
"""What each floor holds, the lowest first."""

FLOORS: dict[str, int] = {
    **dict.fromkeys(("ui/dom.js", "ui/contract.js", "painter.js", "picture.js", "memory.mjs"), 0),
    **dict.fromkeys(("fallback.js", "sw.js", "unpack.js"), 0),
    **dict.fromkeys(("ui/state.js", "ui/game.js", "ui/before.js", "ui/keys.js", "ui/offline.js"), 1),
    **dict.fromkeys(("boot.mjs", "snapshot.mjs"), 1),
    **dict.fromkeys(("ui/layout.js", "ui/labels.js", "ui/table.js", "ui/players.js", "ui/loading.js"), 2),
    **dict.fromkeys(("ui/review.js", "ui/coach.js", "ui/learn.js", "ui/friend.js", "ui/kept.js"), 2),
    **dict.fromkeys(("ui/embed.js", "ui/check.js", "ui/setup.js"), 2),
    "ui/render.js": 3,
    "ui/bridge.js": 4,
    **dict.fromkeys(("ui/input.js", "ui/drag.js", "ui/newgame.js", "ui/share.js", "ui/backup.js"), 5),
    "ui/api.js": 5,
    "ui.js": 6,
}
"""Each of the page's modules (its path in web/) and its floor."""

SHIPPED = {name: f"pyodide/{name}" for name in ("boot.mjs", "memory.mjs", "unpack.js")}
"""Modules build.py ships beside Python's runtime, where they are imported
from (by that name), rather than at their place in web/."""

RUNTIME = ("pyodide/", "pyscript/")
"""Where the files the page imports but does not write are shipped (Pyodide, PyScript, the Brotli decoder)."""

STATIC = re.compile(r"""^[ \t]*(?:import|export)\s+(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+)["']""", re.M)
"""``import … from "name"``, ``import "name"`` and ``export … from "name"``, at the start of a line."""

DYNAMIC = re.compile(r"""\bimport\(\s*["']([^"']+)["']\s*\)""")
"""``import("name")`` with the name written out."""

COMMENT = re.compile(r"^[ \t]*(?://|/?\*).*$", re.M)
"""A line of a comment (``//``, or a line of a ``/** … */`` block)."""


def modules() -> list[str]:
    """The page's modules, by their path in web/: web/ui/'s, and web/'s own scripts."""
    found = [*WEB.glob("*.js"), *WEB.glob("*.mjs"), *(WEB / "ui").glob("*.js")]
    return sorted(path.relative_to(WEB).as_posix() for path in found)


def imported_names(text: str) -> list[str]:
    """The names a module's ``text`` imports, statically or by ``import()`` of a literal name."""
    code = COMMENT.sub("", text)
    return [*STATIC.findall(code), *DYNAMIC.findall(code)]


def resolve(module: str, name: str) -> str | None:
    """The page module ``module`` reaches by importing ``name``, or None when
    ``name`` is not one of the page's (a runtime's file, or a name like ``node:fs``)."""
    if not name.startswith((".", "/")):
        return None
    place = SHIPPED.get(module, module)
    target = posixpath.normpath(posixpath.join(posixpath.dirname(place), name))
    source = {shipped: source for source, shipped in SHIPPED.items()}.get(target, target)
    if (WEB / source).is_file() and source.endswith((".js", ".mjs")):
        return source
    assert target.startswith(RUNTIME), f"{module} imports {name!r}, which is not there"
    return None


def graph() -> dict[str, set[str]]:
    """Each page module and the page modules it imports."""
    edges: dict[str, set[str]] = {}
    for module in modules():
        names = imported_names((WEB / module).read_text())
        edges[module] = {found for name in names if (found := resolve(module, name))}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``edges`` that hold a circle (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for after in sorted(edges[node]):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1 or node in edges[node]:
                found.append(sorted(part))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def one_circle(edges: dict[str, set[str]], part: Iterable[str]) -> list[str]:
    """One circle inside the strongly connected ``part``, as a walk that ends where it began."""
    inside = set(part)
    start = min(inside)
    path = [start]
    seen = {start: 0}
    while True:
        after = min(edges[path[-1]] & inside)  # (in a strongly connected part, every module imports one)
        if after in seen:
            return [*path[seen[after] :], after]
        seen[after] = len(path)
        path.append(after)


def longest_chain(edges: dict[str, set[str]]) -> list[str]:
    """The longest chain of imports (a module, one it imports, one that
    imports…), in a graph with no circle."""
    best: dict[str, list[str]] = {}

    def chain(node: str) -> list[str]:
        if node not in best:
            below = [chain(after) for after in sorted(edges[node])]
            best[node] = [node, *max(below, key=len, default=[])]
        return best[node]

    return max((chain(node) for node in sorted(edges)), key=len)


def test_the_reader_finds_every_kind_of_import() -> None:
    """Imports over several lines, bare, re-exported and by import() are found;
    comments and Python's ``import`` in a template are not imports."""
    text = """
import { a,
  b as c } from "./one.js";
import "./two.js";
import init, { X } from './three.js';
export { d } from "./four.js";
// import { e } from "./not.js";
/** Or import("./not-either.js") in words. */
const python = `
import importlib, sys
`;
if (now) import("./five.mjs").catch(() => {});
const later = await import(`${place}/six.mjs`);
"""
    assert imported_names(text) == ["./one.js", "./two.js", "./three.js", "./four.js", "./five.mjs"]


def test_every_page_module_has_a_floor() -> None:
    assert sorted(FLOORS) == modules(), "a module with no floor, or a floor with no module"
    assert set(FLOORS.values()) == set(range(len(FLOOR_NAMES)))


def test_no_import_circle_among_the_page_modules() -> None:
    edges = graph()
    found = circles(edges)
    said = [
        f"{len(part)} modules ({', '.join(part)}), as {' -> '.join(one_circle(edges, part))}"
        for part in found
    ]
    assert not found, "import circles: " + "; ".join(said)


def test_the_store_imports_only_dom() -> None:
    """web/ui/state.js, what the page holds between events, is the bottom store:
    it sends nothing to Python (web/ui/bridge.js does) and renders nothing."""
    assert graph()["ui/state.js"] <= {"ui/dom.js"}


def test_no_import_goes_up_a_floor() -> None:
    edges = graph()
    up = [
        f"{module} (floor {FLOORS[module]}) imports {after} (floor {FLOORS[after]})"
        for module in sorted(edges)
        for after in sorted(edges[module])
        if FLOORS.get(after, 0) > FLOORS.get(module, 0)
    ]
    assert not up, "imports up a floor: " + "; ".join(up)


def test_the_bridge_sits_above_the_view_it_renders() -> None:
    """The bridge imports render.js, and only the floors above it import the bridge."""
    edges = graph()
    assert "ui/render.js" in edges["ui/bridge.js"]
    importers = {module for module, after in edges.items() if "ui/bridge.js" in after}
    assert importers and all(FLOORS[module] > FLOORS["ui/bridge.js"] for module in importers)


def test_the_figures_of_the_page_graph() -> None:
    """The figures a reviewer quotes: modules, imports between them, and the longest chain."""
    edges = graph()
    assert not circles(edges)
    chain = longest_chain(edges)
    count = sum(len(after) for after in edges.values())
    print(f"\npage modules: {len(edges)}; imports between them: {count}; floors: {len(FLOOR_NAMES)}")
    print(f"longest chain of imports: {len(chain)} modules: {' -> '.join(chain)}")
    assert len(edges) > 20 and count > len(edges)
