"""The command line: python -m iriri_core match | replay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "iriri_golden.json"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "iriri_core", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_match_ends_with_one_json_line() -> None:
    result = cli("match", "iriri", "--bots", "greedy,random", "--games", "6", "--seed", "1")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["game"] == "iriri" and summary["games"] == 6
    assert set(summary["wins"]) == {"greedy", "random"}
    assert sum(summary["wins"].values()) + summary["draws"] == 6
    assert summary["mean_plies"] > 10
    again = cli("match", "iriri", "--bots", "greedy,random", "--games", "6", "--seed", "1")
    assert again.stdout == result.stdout


def test_match_rejects_bad_arguments() -> None:
    assert "unknown bot 'alphago'" in cli("match", "iriri", "--bots", "greedy,alphago").stderr
    assert "needs 2 to 4 bots" in cli("match", "iriri", "--bots", "greedy").stderr
    assert "invalid choice: 'chess'" in cli("match", "chess", "--bots", "greedy,random").stderr


def test_replay_prints_the_final_position_and_scores() -> None:
    result = cli("replay", str(GOLDEN))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Iriri\nplayers: yellow blue red\n")
    assert result.stdout.rstrip().endswith("final scores: 34.5 28 36; winner: player 3")


def test_replay_explains_a_broken_record(tmp_path: Path) -> None:
    data = json.loads(GOLDEN.read_text())
    data["moves"][4] = "take Y9@2"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    result = cli("replay", str(broken))
    assert result.returncode == 2
    assert "move 5 ('take Y9@2')" in result.stderr and "Traceback" not in result.stderr
    missing = cli("replay", str(tmp_path / "nothing.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
