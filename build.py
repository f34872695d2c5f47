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

# The work is done by the modules of web/builder/, one a job (its __init__.py
# lists them). This file names, besides the commands, what the end-to-end tests
# and the benches use of the build (they reach it as build.DIST, build.build()
# and so on), and ensure_venv, which sets up .venv.

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "web"))  # the jobs, in web/builder/

from builder.base import DIST, NODE_MODULES, ROOT
from builder.commands import main
from builder.dist import PYODIDE_FILES, PYSCRIPT_OFF, build
from builder.offline import write_service_worker
from builder.server import Handler, Server, make_server
from builder.tools import CHROMIUM_FLAGS, ensure_venv, find_chromium
from builder.wheel import wheel_name

__all__ = [
    "CHROMIUM_FLAGS",
    "DIST",
    "NODE_MODULES",
    "PYODIDE_FILES",
    "PYSCRIPT_OFF",
    "ROOT",
    "Handler",
    "Server",
    "build",
    "ensure_venv",
    "find_chromium",
    "main",
    "make_server",
    "wheel_name",
    "write_service_worker",
]

if __name__ == "__main__":
    main(__doc__ or "")
