"""Where the games come from: one registry, and no list of them anywhere.

A game is one package that declares itself once, with its ``ENTRY`` (a
:class:`~iriri_core.presenter.GameEntry`: the game's class and its
presenter's).  The package's own games are the sub-packages of
:data:`GAMES_PACKAGE` that have an ``ENTRY``: :func:`register_games` finds
and registers them when the package is imported, so that adding a game
there is adding its folder.  A game kept elsewhere (the tests' fixture
games, a game of one's own) is added with :func:`add_games`, given the
folder that holds its package (docs/house.md, "Adding a game").

>>> [module.__name__ for module in game_packages()][:2]
['iriri_core.games.hextris', 'iriri_core.games.iriri']
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from types import ModuleType

from .presenter import GameEntry, register_game

GAMES_PACKAGE = "iriri_core.games"
"""The package whose sub-packages are searched for games: the one place the
package's own games are found (each sub-package with an ``ENTRY`` is a game;
the others, such as the bots, are not)."""

_ADDED: set[str] = set()
"""The games added from elsewhere (:func:`add_games`)."""


def entry_of(module: ModuleType) -> GameEntry | None:
    """The game ``module`` declares (its ``ENTRY``), or None if it declares none."""
    entry = getattr(module, "ENTRY", None)
    return entry if isinstance(entry, GameEntry) else None


def game_packages() -> list[ModuleType]:
    """The package's own games: the sub-packages of :data:`GAMES_PACKAGE`
    that declare an ``ENTRY``, in the order of their names (each imported)."""
    package = importlib.import_module(GAMES_PACKAGE)
    found = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda info: info.name):
        if info.ispkg:
            module = importlib.import_module(f"{GAMES_PACKAGE}.{info.name}")
            if entry_of(module) is not None:
                found.append(module)
    return found


def register_games() -> list[str]:
    """Register every game of :func:`game_packages`, with its presenter;
    returns their names.  The package does this when it is imported."""
    names = []
    for module in game_packages():
        entry = entry_of(module)
        assert entry is not None
        register_game(entry)
        names.append(entry.name)
    return names


def games_in(folder: Path | str) -> list[GameEntry]:
    """The games kept in ``folder``, unregistered: each package directly in
    it (a folder with an ``__init__.py``) that declares an ``ENTRY``,
    imported by its folder's name (``folder`` goes on ``sys.path``), in the
    order of their folders' names."""
    folder = Path(folder).resolve()
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    modules = (importlib.import_module(init.parent.name) for init in sorted(folder.glob("*/__init__.py")))
    return [entry for module in modules if (entry := entry_of(module)) is not None]


def add_games(folder: Path | str) -> list[str]:
    """Register the games kept in ``folder`` (:func:`games_in`), each with
    its presenter, and return their names.  A test build of the site puts
    such packages in the wheel beside the package's own games instead
    (build.py's ``$IRIRI_EXTRA_GAMES``), where :func:`register_games` finds them."""
    names = []
    for entry in games_in(folder):
        register_game(entry)
        names.append(entry.name)
        _ADDED.add(entry.name)
    return names


def added_games() -> list[str]:
    """The names of the games added from elsewhere (:func:`add_games`), sorted:
    a table of the package's own games (in the docs) leaves them out."""
    return sorted(_ADDED)


def own_games() -> list[str]:
    """The names of the package's own games (those of :func:`game_packages`), sorted."""
    names = (entry.name for module in game_packages() if (entry := entry_of(module)) is not None)
    return sorted(name for name in names if name not in _ADDED)
