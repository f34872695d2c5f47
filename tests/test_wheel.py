"""The wheel build.py writes with the standard library (the page loads it,
and `build` and `serve` install nothing from PyPI to make it): a correct
wheel that pip installs, the same as the declared build backend's."""

from __future__ import annotations

import base64
import email.parser
import hashlib
import os
import subprocess
import sys
import zipfile
from email.message import Message
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from builder.wheel import build_wheel  # noqa: E402

import iriri_core  # noqa: E402

DIST_INFO = f"iriri_core-{iriri_core.__version__}.dist-info"


def metadata(wheel: zipfile.ZipFile) -> Message:
    return email.parser.Parser().parsestr(wheel.read(f"{DIST_INFO}/METADATA").decode())


def test_the_wheel_is_named_and_tagged_for_any_python_3(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    assert wheel.name == f"iriri_core-{iriri_core.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        assert archive.testzip() is None
        tags = email.parser.Parser().parsestr(archive.read(f"{DIST_INFO}/WHEEL").decode())
        meta = metadata(archive)
    assert tags["Wheel-Version"] == "1.0" and tags["Root-Is-Purelib"] == "true"
    assert tags.get_all("Tag") == ["py3-none-any"]
    assert (meta["Name"], meta["Version"]) == ("iriri_core", iriri_core.__version__)
    assert meta["Requires-Python"] == ">=3.11"
    assert meta.get_payload() == (ROOT / "README.md").read_text()


def test_record_lists_every_file_once_with_its_hash_and_size(tmp_path: Path) -> None:
    with zipfile.ZipFile(build_wheel(tmp_path)) as archive:
        names = archive.namelist()
        lines = archive.read(f"{DIST_INFO}/RECORD").decode().splitlines()
        rows = [line.split(",") for line in lines]
        assert sorted(row[0] for row in rows) == sorted(names), "RECORD names each file of the wheel"
        assert len(rows) == len(set(names)) == len(names)
        for name, digest, size in rows:
            if name == f"{DIST_INFO}/RECORD":
                assert digest == size == ""
                continue
            data = archive.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={expected}", name
            assert int(size) == len(data), name
    assert names[-1] == f"{DIST_INFO}/RECORD", "RECORD comes last"
    package = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "iriri_core").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    )
    assert [n for n in names if not n.startswith(DIST_INFO)] == package


def test_the_same_sources_make_the_same_wheel_byte_for_byte(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = build_wheel(tmp_path / "a")
    second = build_wheel(tmp_path / "b")
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.slow
def test_pip_installs_the_wheel_and_its_command_runs(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    target = tmp_path / "installed"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index"]
    done = subprocess.run(
        [*pip, "--disable-pip-version-check", "--target", str(target), str(wheel)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (target / "iriri_core" / "py.typed").is_file()
    installed = (target / DIST_INFO / "RECORD").read_text()
    assert "iriri_core/engine.py,sha256=" in installed
    script = target / "bin" / "iriri-core"
    golden = ROOT / "tests" / "data" / "iriri_golden.json"
    environment = {**os.environ, "PYTHONPATH": str(target)}
    # Run from elsewhere, so that the package comes from the installed wheel.
    result = subprocess.run(
        [sys.executable, str(script), "replay", str(golden)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=environment,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    where = subprocess.run(
        [sys.executable, "-c", "import iriri_core; print(iriri_core.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=environment,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(target)
    direct = subprocess.run(
        [sys.executable, "-m", "iriri_core", "replay", str(golden)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert result.stdout == direct.stdout


@pytest.mark.slow
def test_the_wheel_holds_what_the_declared_build_backend_builds(tmp_path: Path) -> None:
    """pyproject.toml declares flit_core as the backend (for ``pip install .``):
    both wheels hold the same files and say the same about the package."""
    ours = build_wheel(tmp_path)
    theirs_folder = tmp_path / "backend"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--disable-pip-version-check",
            "-w",
            str(theirs_folder),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    theirs = theirs_folder / ours.name
    with zipfile.ZipFile(ours) as a, zipfile.ZipFile(theirs) as b:
        assert sorted(a.namelist()) == sorted(b.namelist())
        for name in a.namelist():
            if not name.startswith(DIST_INFO):
                assert a.read(name) == b.read(name), name
        mine, declared = metadata(a), metadata(b)
        for field in ("Name", "Version", "Summary", "Requires-Python", "Description-Content-Type"):
            assert mine[field] == declared[field], field
        for field in ("Classifier", "Requires-Dist", "Provides-Extra"):
            assert mine.get_all(field) == declared.get_all(field), field
        assert mine.get_payload().rstrip("\n") == declared.get_payload().rstrip("\n")

        def scripts(archive: zipfile.ZipFile) -> set[tuple[str, str]]:
            text = archive.read(f"{DIST_INFO}/entry_points.txt").decode()
            pairs = (line.split("=") for line in text.splitlines() if "=" in line)
            return {(name.strip(), target.strip()) for name, target in pairs}

        assert scripts(a) == scripts(b) == {("iriri-core", "iriri_core.__main__:main")}
