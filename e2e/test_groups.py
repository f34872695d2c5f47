"""The tests of one ``xdist_group`` (the wiki's) run in one worker under
``--dist loadgroup``, so that one wiki serves them all (e2e/conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .site import ROOT

GROUPED = """
import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("shared")


@pytest.mark.parametrize("i", range(6))
def test_one_of_a_group(i: int) -> None:
    Path(f"ran-{i}").write_text(os.environ["PYTEST_XDIST_WORKER"])
"""


def test_a_group_runs_in_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-p", "e2e.conftest"]
        + ["-p", "no:cacheprovider", "-q", "--rootdir", str(tmp_path), "test_grouped.py"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    workers = {(tmp_path / f"ran-{i}").read_text() for i in range(6)}
    assert len(workers) == 1, f"the group ran in {sorted(workers)}"
