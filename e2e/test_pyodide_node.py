"""The engine's own tests, run again inside Pyodide under Node against the
built wheel: the same interpreter and the same package the page uses."""

from __future__ import annotations

import re
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

from iriri_core import game_names

from .site import ROOT, build

pytestmark = pytest.mark.slow  # minutes each in Pyodide: started first (e2e/conftest.py)

RUNNER = Path(__file__).with_name("pyodide_run.mjs")

PYTEST = """
import os, sys
os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
os.environ["IRIRI_STEP_SEEDS"] = "3"
os.environ["IRIRI_SWEEP_SEEDS"] = "25"
sys.path.append("/host/site-packages")
sys.dont_write_bytecode = True
os.chdir("/host/tests")
import pytest
int(pytest.main(["-p", "no:cacheprovider", "--rootdir", "/host/tests", "-q", "-o", "markers=slow", *{args}]))
"""
"""Pytest over the host's tests, with the host's pure-Python pytest."""
TEST_FILES = (
    "test_conformance.py",
    "test_iriri_rules.py",
    "test_perft.py",
    "test_golden.py",
    "test_notation.py",
    "test_records.py",
    "test_hextris_rules.py",
    "test_hextris_notation.py",
    "test_hextris_table.py",
    "test_pach_rules.py",
    "test_pach_notation.py",
    "test_pach_movegen.py::test_move_counts_from_fixed_positions",
    "test_pach_movegen.py::test_move_counts_at_the_start",
    "test_pach_movegen.py::test_the_golden_game_replays_position_by_position",
    "test_table.py",
    "test_hidden.py",
)
"""Every engine test that needs no compiled package (hypothesis has one).  The
oracle comparisons (test_*_movegen.py) are left to CPython for their time;
Pach-Ice-i's move counts and golden game, which live beside its oracle, run here."""

RANDOM_GAMES = "test_conformance.py::test_many_random_games_end_properly"
EVERY_STEP = "test_conformance.py::test_every_step_keeps_the_protocol"
CHUNKS = {
    "the sweeps": [RANDOM_GAMES, EVERY_STEP],
    "the rest": [*TEST_FILES, "--deselect", RANDOM_GAMES, "--deselect", EVERY_STEP],
}
"""TEST_FILES in two runs, each in a Pyodide of its own, so that test workers
can run them side by side.  Together they are TEST_FILES exactly: the last
deselects what the first selects.  The sweeps take a quarter of their seeds
here (IRIRI_STEP_SEEDS, IRIRI_SWEEP_SEEDS in tests/test_conformance.py): they
ran for 7 to 15 minutes a run in Pyodide, the longest tests of the suite."""


@pytest.mark.parametrize("chunk", list(CHUNKS))
def test_the_engine_tests_pass_inside_pyodide(site: str, chunk: str) -> None:
    node = shutil.which("node")
    assert node, "Node.js 20 or newer is needed to run Pyodide outside the browser"
    wheel = build.DIST / build.wheel_name()
    mounts = [f"{ROOT / 'tests'}=/host/tests", f"{sysconfig.get_paths()['purelib']}=/host/site-packages"]
    result = subprocess.run(
        [node, str(RUNNER), str(wheel), PYTEST.format(args=CHUNKS[chunk]), *mounts],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    output = result.stdout + result.stderr[-3000:]
    assert result.returncode == 0, output
    assert re.search(
        r"iriri_core \S+ from /lib/python3\.\d+/site-packages/iriri_core/__init__\.py on emscripten", output
    )
    summary = re.search(r"(\d+) passed", output)
    assert summary, output
    assert "failed" not in output and not re.search(r"\d+ errors?\b", output), output
    assert int(summary.group(1)) >= (100 if chunk == "the rest" else 2 * len(game_names())), output
