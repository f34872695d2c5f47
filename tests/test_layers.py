"""The package's layers (docs/house.md, "The floors"): each module
imports only from its own layer or those below, games never import each
other or the bots, and nothing below the table knows of the table or the
page."""

from __future__ import annotations

import ast
import doctest
import functools
import itertools
import re
import sys
from pathlib import Path

from iriri_core import game_names, get_game
from iriri_core.registry import added_games

PACKAGE = Path(__file__).resolve().parent.parent / "iriri_core"

FLOORS: dict[int, tuple[str, ...]] = {
    0: (
        "engine",
        "codes",
        "pieces",
        "lines",
        "seats",
        "richtext",
        "pictures.scene",
        "pictures.packed",
        "by_links.crypto",
    ),
    1: (
        "records",
        "settings",
        "presenter",
        "panel",
        "pictures.drawing",
        "pictures.finger",
        "learn.hints",
        "learn.hint_plan",
        "by_links.decks",
        "setup.rules",
    ),
    2: ("games", "bots", "registry"),
    3: (
        "site.links",
        "table.history",
        "table.runner",
        "table.seating",
        "table.sight",
        "table.events",
        "table.drafts",
        "table.undoing",
        "table.agreement",
        "table.changes",
        "table.autoplay",
        "table.opening",
        "table.dispatch",
        "learn.hint_mode",
        "learn.lessons",
        "learn.lesson_mode",
        "setup.editor",
        "learn.puzzles",
        "learn.examples",
        "learn.coach",
        "learn.coach_mode",
        "by_links.game",
        "by_links.book",
        "by_links.invitations",
        "by_links.replay",
        "by_links.witness",
        "by_links.check",
        "by_links.check_words",
    ),
    4: ("table.table", "table.reading", "table.views", "site.recaps", "by_links.panel", "setup.desk"),
    5: (
        "pictures.figures",
        "bots.tournament",
        "front",
        "bench",
        "by_links.bench",
        "by_links.attacks",
        "by_links.costs",
        "by_links.table",
        "by_links.storage",
        "site.saves",
        "site.storage",
        "site.contract",
        "learn.progress",
        "__main__",
        "__init__",
    ),
}
"""The package's floors (docs/house.md, "The floors"): each module,
or each sub-package taken whole (a game, the bots, the cryptographic core),
on its floor. A module imports only from its own floor or those below."""

LAYERS: dict[str, int] = {name: floor for floor, names in FLOORS.items() for name in names}
"""Each part of the package and its floor."""

FOLDERS = ("pictures", "table", "learn", "by_links", "site", "games", "setup")
"""Sub-packages that only gather modules: their ``__init__`` imports nothing,
and each module in them is a part of its own (unless the part is named whole)."""


def part_of(name: str) -> str:
    """The part of the package a module (dotted, under the package) belongs to:
    the longest key of LAYERS it is in, or, in ``games``, its game."""
    parts = name.split(".")
    if parts[0] == "games" and len(parts) > 1:
        return "games." + parts[1]
    for cut in range(len(parts), 0, -1):
        if ".".join(parts[:cut]) in LAYERS:
            return ".".join(parts[:cut])
    return name


def floor_of(part_name: str) -> int:
    return LAYERS["games"] if part_name.startswith("games.") else LAYERS[part_name]


def separate(part_name: str) -> bool:
    """Parts of one floor that must not import one another: the games, and the
    bots (a bot works on any game)."""
    return part_name.startswith("games.") or part_name == "bots"


def part(module: Path) -> str:
    """The part of the package a file belongs to."""
    return part_of(module_name(module))


def imported_parts(module: Path) -> set[str]:
    """The package's parts that ``module`` imports (type-checking imports too)."""
    return {part_of(name) for name in imported_modules(module)} - {part(module)}


def test_every_part_has_a_layer() -> None:
    missing = sorted(
        name
        for path in PACKAGE.rglob("*.py")
        if (name := module_name(path)) not in FOLDERS
        and not part_of(name).startswith("games.")
        and part_of(name) not in LAYERS
    )
    assert not missing, f"a new module needs its floor in FLOORS and in docs/house.md: {missing}"


def test_folders_only_gather() -> None:
    """A folder's ``__init__`` imports nothing, so importing one module of a
    folder runs no other."""
    for folder in FOLDERS:
        if folder != "games":
            assert imported_modules(PACKAGE / folder / "__init__.py") == set(), folder


def test_modules_import_only_from_their_layer_or_below() -> None:
    wrong = []
    for module in sorted(PACKAGE.rglob("*.py")):
        mine = part(module)
        if mine in FOLDERS:
            continue
        for other in imported_parts(module):
            if other in FOLDERS:
                continue
            if floor_of(other) > floor_of(mine) or (separate(mine) and separate(other)):
                wrong.append(f"{module.relative_to(PACKAGE)} imports {other}")
    assert not wrong, wrong


def test_the_check_sees_imports() -> None:
    """The reader above finds relative, absolute and sub-package imports."""
    found = imported_parts(PACKAGE / "games" / "iriri" / "presenter.py")
    assert {"pictures.drawing", "engine", "pieces", "presenter"} <= found and "games.iriri" not in found
    assert {"table.views", "table.changes", "table.history", "site.links"} <= imported_parts(
        PACKAGE / "table" / "table.py"
    )
    assert {"engine", "games.iriri", "games.hextris", "table.table"} <= imported_parts(
        PACKAGE / "__init__.py"
    )


WEB = PACKAGE.parent / "web"

PAGE_SOURCES = (".html", ".js", ".mjs", ".css", ".py", ".svg")
"""What the site's page is written in (web/'s package.json and its lock
file only pin the runtime from npm, under a project name of their own)."""


def page_sources() -> list[Path]:
    """The page's own files in web/ (not the runtime npm puts in node_modules,
    nor web/builder/, which build.py runs to make the site and is no part of it)."""
    return sorted(
        path
        for path in WEB.rglob("*")
        if path.suffix in PAGE_SOURCES and not {"node_modules", "builder"} & set(path.relative_to(WEB).parts)
    )


def games_named(text: str, names: list[str] | None = None) -> list[str]:
    """The games (``names``, by default every one registered) whose name,
    as registered or as a module, ``text`` has as a whole word (a game
    called "ant" is not named by "elephant")."""
    text = text.lower()

    def has(word: str) -> bool:
        return re.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", text) is not None

    return [name for name in names or game_names() if has(name) or has(name.replace("-", "_"))]


def test_the_page_names_no_game() -> None:
    """The page learns the games from the view and from the page contract,
    which build.py writes from the package (docs/page-events.md, "The page
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
    assert games_named("const FIRST = 'Tic-Tac';", ["tic-tac", "go"]) == ["tic-tac"]
    assert games_named("import tic_tac", ["tic-tac"]) == ["tic-tac"]
    assert games_named("the package's pictures.py") == []
    assert games_named("an elephant", ["ant"]) == [] and games_named("import ant", ["ant"]) == ["ant"]


GAME_IMPORTS = {"__init__": "the package's front gives users the first games' classes by name"}
"""The modules outside ``games/`` that may import a game, and why."""


def test_no_module_outside_the_games_imports_one() -> None:
    """A game is found by the registry (its ``ENTRY``), never by an import:
    the shared layers take what a game gives from its entry (issue 37)."""
    found = {
        name: sorted(imported)
        for path in PACKAGE.rglob("*.py")
        if not (name := module_name(path)).startswith("games") and name not in GAME_IMPORTS
        if (imported := {m for m in imported_modules(path) if m.startswith("games.")})
    }
    assert not found, f"modules outside games/ import a game: {found}"


def by_links_shared() -> list[Path]:
    """The shared layer for play by links: the modules of ``by_links/`` that
    play a game (floors 0 to 3, the cryptographic core included), not the
    benches above them, which measure the games they name."""
    return sorted(
        path
        for path in (PACKAGE / "by_links").rglob("*.py")
        if (name := module_name(path)) not in FOLDERS and floor_of(part_of(name)) <= 3
    )


def without_examples(text: str) -> str:
    """``text`` without its doctest examples and their output (an example
    needs a registered game to play), and without the package's name and
    the protocol's domain tags (``b"iriri distance ..."``, fixed by the link
    format), which are the site's name and not its first game's."""
    kept = [part for part in doctest.DocTestParser().parse(text) if isinstance(part, str)]
    return "".join(kept).replace("iriri_core", "").replace("iriri distance", "")


def test_the_shared_layer_for_play_by_links_names_no_game() -> None:
    """A game that hides pieces declares its own deck for play by links on
    its entry (``GameEntry.deck``, docs/distance.md "A game's deck"), and a
    game's words for its chance on its class (``chance_words``): the shared
    layer names no game, not even in its docstrings (issue 37)."""
    named = {}
    for path in by_links_shared():
        if found := games_named(without_examples(path.read_text())):
            named[path.relative_to(PACKAGE).as_posix()] = found
    assert not named, f"the shared layer for play by links names games: {named}"


def test_the_name_check_sees_names_outside_examples() -> None:
    """The reader above keeps the words around an example and drops only the
    example and its output."""
    text = "Hextris by links.\n\n>>> Invitation(\"hextris\", 0)\nInvitation(game='hextris')\n\nmore\n"
    assert games_named(without_examples(text)) == ["hextris"]
    assert games_named(without_examples(text.replace("Hextris by", "A game by"))) == []
    assert games_named(without_examples('b"iriri distance deal v1" in iriri_core')) == []
    assert len(by_links_shared()) > 10 and PACKAGE / "by_links" / "replay.py" in by_links_shared()


def module_name(path: Path) -> str:
    """``table.table``, ``games.iriri.presenter``, ``games.iriri`` (a sub-package's __init__)."""
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
    assert "engine" in imported_modules(PACKAGE / "games" / "iriri" / "game.py")
    assert "games.iriri.game" in imported_modules(PACKAGE / "games" / "iriri" / "__init__.py")
    graph = {"a": {"b"}, "b": {"c", "a"}, "c": {"a"}, "d": {"d", "a"}}
    assert circles(graph) == [["a", "b"], ["a", "b", "c"], ["d"]]


def test_a_fixture_game_is_named_only_in_its_own_package() -> None:
    """A game added from elsewhere (tests/fixtures/games, by tests/conftest.py)
    is registered by its own package alone: no file of the project outside
    that package names it, as a whole word (issue 37: a fifth game needs no
    edit outside its folder)."""
    root = PACKAGE.parent
    added = added_games()
    assert added, "tests/conftest.py adds the fixture games"
    homes = {
        name: Path(sys.modules[type(get_game(name)).__module__].__file__ or "").resolve().parent
        for name in added
    }
    places = [root / "build.py", root / "README.md", root / "pyproject.toml"]
    for folder in ("iriri_core", "tests", "e2e", "docs", "web"):
        places += [p for p in (root / folder).rglob("*") if p.is_file() and "node_modules" not in p.parts]
    named = {}
    for path in places:
        if path.suffix in (".pyc", ".png", ".svg", ".json") or "__pycache__" in path.parts:
            continue
        names = [name for name in added if not path.resolve().is_relative_to(homes[name])]
        if names and (found := games_named(path.read_text(errors="ignore"), names)):
            named[path.relative_to(root).as_posix()] = found
    assert not named, f"files outside a fixture game's package name it: {named}"


def longest_chain(graph: dict[str, set[str]]) -> list[str]:
    """The longest chain of imports in ``graph``, which has no circle."""

    @functools.cache
    def longest(module: str) -> tuple[str, ...]:
        return (module, *max((longest(other) for other in graph[module]), key=len, default=()))

    return list(max((longest(module) for module in sorted(graph)), key=len))


def test_the_figures_of_the_package_graph() -> None:
    """The package's import graph in figures (``pytest tests/test_layers.py -s``
    prints them): modules, imports between them, floors, folders, and its
    longest chain, which cannot be longer than the modules."""
    graph = package_imports()
    edges = sum(len(imported) for imported in graph.values())
    chain = longest_chain(graph)
    assert not circles(graph) and 1 < len(chain) <= len(graph)
    assert all(b in graph[a] for a, b in itertools.pairwise(chain))
    print(f"\npackage modules: {len(graph)}; imports between them: {edges}; floors: {len(FLOORS)}")
    print(f"folders: {', '.join(FOLDERS)}; import circles: 0")
    print(f"longest chain of imports: {len(chain)} modules: {' -> '.join(chain)}")
