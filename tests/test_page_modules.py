"""The page's JavaScript (docs/page.md, "The page's modules"): modules small
enough to read at once, each saying what it owns, every one of them shipped,
fetched at once by the page and kept for offline play, and the facts they
share with the package read from the page contract rather than repeated."""

from __future__ import annotations

import json
import re
from pathlib import Path

import build
from iriri_core import game_names
from iriri_core.site.contract import NAMESPACE, page_contract
from iriri_core.site.links import KNOWN
from iriri_core.site.saves import GAME, PICTURE, saved_key

WEB = Path(__file__).resolve().parent.parent / "web"

MAX_LINES = 400
"""The most lines a JavaScript module of the page may have."""


def modules() -> list[Path]:
    """The page's JavaScript modules: ui.js and web/ui/'s, and those they import."""
    return sorted({*WEB.glob("*.js"), *WEB.glob("*.mjs"), *(WEB / "ui").glob("*.js")} - {WEB / "sw.js"})


IMPORT = r"""(?:^import [^;]*?from |^import |\bimport\()\s*["'](\.{1,2}/[^"']+)["']"""
"""A module's import of one of the page's own modules (a relative name)."""


def imports(module: Path) -> set[Path]:
    """The modules ``module`` imports (static imports and ``import()`` of the page's own)."""
    found = re.findall(
        r"""(?:^import [^;]*?from |^import |\bimport\()\s*["'](\.{1,2}/[^"']+)["']""",
        module.read_text(),
        re.M,
    )
    return {(module.parent / name).resolve() for name in found}


def test_no_javascript_module_of_the_page_is_over_400_lines() -> None:
    long = {
        m.relative_to(WEB).as_posix(): n
        for m in modules()
        if (n := len(m.read_text().splitlines())) > MAX_LINES
    }
    assert not long, f"over {MAX_LINES} lines: {long}"
    assert (WEB / "ui.js") in modules() and len(modules()) > 10


def test_every_module_begins_by_saying_what_it_owns() -> None:
    for module in modules():
        first = module.read_text().splitlines()[0]
        assert first.startswith("//") and len(first) > 30, module.name


def reached(entry: str) -> set[str]:
    """The page's modules that ``entry`` imports, itself included, by their path in web/."""
    found: set[Path] = set()
    todo = [(WEB / entry).resolve()]
    while todo:
        module = todo.pop()
        runtime = {"pyscript", "pyodide"} & set(module.parts)  # shipped and preloaded apart (build.PRELOADS)
        if module in found or not module.is_relative_to(WEB.resolve()) or runtime:
            continue
        found.add(module)
        todo += imports(module)
    return {m.relative_to(WEB.resolve()).as_posix() for m in found}


def test_every_module_the_page_imports_is_built_preloaded_and_kept_offline() -> None:
    """build.py copies each module ui.js reaches into dist/ (and sw.js keeps
    every file of dist/ for offline play) and asks for each at once, the
    picture's first: the modules web/ui/before.js reaches, which the page
    runs ahead of ui.js, so that the picture waits for no other."""
    names = reached("ui.js")
    assert {"ui/state.js", "ui/render.js", "painter.js"} <= names
    assert names <= set(build.page_files())
    assert names - {"ui.js"} == set(build.page_modules())
    picture = reached("ui/before.js")
    assert set(build.PICTURE_MODULES) == picture and len(picture) < len(names) / 2
    assert build.page_modules()[: len(picture)] == list(build.PICTURE_MODULES)
    page = (WEB / "index.html").read_text()
    assert page.index('src="./ui/before.js"') < page.index('src="./ui.js"')


def test_the_contract_holds_what_both_sides_know() -> None:
    contract = page_contract()
    assert contract["namespace"] == NAMESPACE
    assert [game["name"] for game in contract["games"]] == game_names()
    assert contract["link_options"] == list(KNOWN)
    assert contract["saves"]["matches"] == {name: saved_key(name) for name in game_names()}
    assert (contract["saves"]["game"], contract["saves"]["picture"]) == (GAME, PICTURE)
    assert contract["first_game"] in game_names()
    assert json.loads(json.dumps(contract)) == contract


def test_the_page_reads_the_contract_and_repeats_none_of_it() -> None:
    """No module but web/ui/contract.js finds the contract, and no module
    writes the package's lists (link options, bot levels); the save keys
    and the namespace name a game, which tests/test_layers.py finds."""
    for module in modules():
        text = module.read_text()
        if module.name != "contract.js":
            assert "page-contract" not in text or module.name == "fallback.js", module.name
        assert '"record", "position"' not in text and '"easy", "medium"' not in text, module.name
