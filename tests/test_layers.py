"""The package's layers (docs/page.md, "The engine's layers"): each module
imports only from its own layer or those below, games never import each
other or the bots, and nothing below the table knows of the table or the
page."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from iriri_core import game_names

PACKAGE = Path(__file__).resolve().parent.parent / "iriri_core"

LAYERS: dict[str, int] = {
    **dict.fromkeys(("engine", "pieces", "scene", "richtext", "seats", "pictures", "distance"), 0),
    **dict.fromkeys(
        ("drawing", "finger", "records", "presenter", "panel", "hints", "hint_plan", "settings"), 1
    ),
    **dict.fromkeys(("iriri", "hextris", "pach_ice_i", "pyrinoes", "bots"), 2),
    **dict.fromkeys(("links", "history", "runner", "seating", "sight", "events", "drafts", "undoing"), 3),
    **dict.fromkeys(("agreement", "changes", "hinting", "autoplay", "opening", "dispatch"), 3),
    **dict.fromkeys(("lessons", "teaching", "coach", "coaching", "friends", "friend_book", "invitations"), 3),
    **dict.fromkeys(("friend_deck", "friend_replay"), 3),
    **dict.fromkeys(("friend_witness", "friend_check", "friend_check_words"), 3),
    **dict.fromkeys(("table", "reading", "views", "recaps", "friend_panel"), 4),
    **dict.fromkeys(
        (
            "figures",
            "tournament",
            "bench",
            "friend_bench",
            "friend_attacks",
            "saves",
            "progress",
            "storage",
            "contract",
            "link_costs",
            "friend_table",
            "friend_storage",
            "front",
            "__main__",
            "__init__",
        ),
        5,
    ),
}
"""Each part of the package (a module, or a sub-package) and its layer."""

SEPARATE = {"iriri", "hextris", "pach_ice_i", "pyrinoes", "bots"}
"""Parts of one layer that must not import one another: a bot works on any game."""


def part(module: Path) -> str:
    """The part of the package a file belongs to."""
    relative = module.relative_to(PACKAGE)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def imported_parts(module: Path) -> set[str]:
    """The package's parts that ``module`` imports (type-checking imports too)."""
    package = ["iriri_core", *module.relative_to(PACKAGE).parts[:-1]]
    found = set()
    for node in ast.walk(ast.parse(module.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            full = base + (node.module.split(".") if node.module else [])
            if full[:1] == ["iriri_core"]:  # a name from the package's top is its __init__'s
                found.update(full[1:2] or [a.name if a.name in LAYERS else "__init__" for a in node.names])
        elif isinstance(node, ast.Import):
            found.update(
                name.split(".")[1] for alias in node.names if (name := alias.name).startswith("iriri_core.")
            )
    return found - {part(module)}


def test_every_part_has_a_layer() -> None:
    parts = {part(module) for module in PACKAGE.rglob("*.py")}
    assert parts == set(LAYERS), "a new module needs its place in LAYERS and in docs/page.md"


def test_modules_import_only_from_their_layer_or_below() -> None:
    wrong = []
    for module in sorted(PACKAGE.rglob("*.py")):
        mine = part(module)
        for other in imported_parts(module):
            if LAYERS[other] > LAYERS[mine] or (mine in SEPARATE and other in SEPARATE):
                wrong.append(f"{module.relative_to(PACKAGE)} imports {other}")
    assert not wrong, wrong


def test_the_check_sees_imports() -> None:
    """The reader above finds relative, absolute and sub-package imports."""
    found = imported_parts(PACKAGE / "iriri" / "presenter.py")
    assert {"drawing", "engine", "pieces", "presenter"} <= found and "iriri" not in found
    assert {"views", "changes", "history", "links"} <= imported_parts(PACKAGE / "table.py")
    assert {"engine", "iriri", "hextris", "table"} <= imported_parts(PACKAGE / "__init__.py")


WEB = PACKAGE.parent / "web"

PAGE_SOURCES = (".html", ".js", ".mjs", ".css", ".py", ".svg")
"""What the site's page is written in (web/'s package.json and its lock
file only pin the runtime from npm, under a project name of their own)."""


def page_sources() -> list[Path]:
    """The page's own files in web/ (not the runtime npm puts in node_modules)."""
    return sorted(
        path
        for path in WEB.rglob("*")
        if path.suffix in PAGE_SOURCES and "node_modules" not in path.relative_to(WEB).parts
    )


def games_named(text: str, names: list[str] | None = None) -> list[str]:
    """The games (``names``, by default every one registered) whose name,
    as registered or as a module, ``text`` has as a whole word (a game
    called "nim" is not named by "animation")."""
    text = text.lower()

    def has(word: str) -> bool:
        return re.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", text) is not None

    return [name for name in names or game_names() if has(name) or has(name.replace("-", "_"))]


def test_the_page_names_no_game() -> None:
    """The page learns the games from the view and from the page contract,
    which build.py writes from the package (docs/page.md, "The page
    contract"), so a new game needs no edit of web/, and web/ names no game,
    the first one included.  The package's own name may appear only in
    web/main.py, which imports it (Python imports a package by its name);
    it is no game's name, but it holds one."""
    named = {}
    for path in page_sources():
        text = path.read_text()
        if path.relative_to(WEB).as_posix() == "main.py":
            text = text.replace("iriri_core", "")
        if found := games_named(text):
            named[path.relative_to(WEB).as_posix()] = found
    assert not named, f"web/ names games: {named}"


def test_the_check_sees_a_game_named() -> None:
    """The reader above finds a game in any case, and by its module's name."""
    assert games_named("const FIRST = 'Iriri';") == ["iriri"]
    assert games_named("import pach_ice_i") == ["pach-ice-i"]
    assert games_named("the package's pictures.py") == []
    assert games_named("an animation", ["nim"]) == [] and games_named("import nim", ["nim"]) == ["nim"]


MAX_LINES = 500
"""The most lines a module of the package takes: each is read at once."""


def module_name(path: Path) -> str:
    """``table``, ``iriri.presenter``, ``iriri`` (a sub-package's __init__)."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts) or "__init__"


def imported_modules(path: Path) -> set[str]:
    """The package's modules ``path`` imports (type-checking imports too):
    ``from .x import y`` is module x.y where there is one, else x."""
    known = {module_name(module) for module in PACKAGE.rglob("*.py")}
    package = (
        module_name(path).split(".") if path.name == "__init__.py" else module_name(path).split(".")[:-1]
    )
    package = [] if package == ["__init__"] else package
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                full = base + (node.module.split(".") if node.module else [])
            elif node.module and node.module.split(".")[0] == "iriri_core":
                full = node.module.split(".")[1:]
            else:
                continue
            name = ".".join(full) or "__init__"
            for alias in node.names:
                sub = f"{name}.{alias.name}" if full else alias.name
                found.add(sub if sub in known else name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("iriri_core."):
                    found.add(alias.name.removeprefix("iriri_core."))
    return (found & known) - {module_name(path)}


def package_imports() -> dict[str, set[str]]:
    """Each module of the package and the modules it imports, the package's
    own __init__ aside (it gathers every layer for users)."""
    return {module_name(path): imported_modules(path) - {"__init__"} for path in PACKAGE.rglob("*.py")}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle in ``graph`` (each once, from its first module
    in sorted order, as the imports go)."""
    found: list[list[str]] = []

    def walk(module: str, trail: list[str]) -> None:
        for other in sorted(graph[module]):
            if other in trail:
                circle = trail[trail.index(other) :]
                if min(circle) == circle[0] and circle not in found:
                    found.append(circle)
            elif other > trail[0]:
                walk(other, [*trail, other])

    for start in sorted(graph):
        walk(start, [start])
    return found


def test_no_import_circle() -> None:
    assert not circles(package_imports())


def test_the_circle_check_sees_circles() -> None:
    """The check reads sub-package and type-checking imports, and finds
    every circle once."""
    assert "engine" in imported_modules(PACKAGE / "iriri" / "game.py")
    assert "iriri.game" in imported_modules(PACKAGE / "iriri" / "__init__.py")
    graph = {"a": {"b"}, "b": {"c", "a"}, "c": {"a"}, "d": {"d", "a"}}
    assert circles(graph) == [["a", "b"], ["a", "b", "c"], ["d"]]


def test_no_module_is_too_long_to_read_at_once() -> None:
    lengths = {
        str(path.relative_to(PACKAGE)): len(path.read_text().splitlines()) for path in PACKAGE.rglob("*.py")
    }
    long = sorted(name for name, lines in lengths.items() if lines > MAX_LINES)
    assert long == [], {name: lengths[name] for name in long}
