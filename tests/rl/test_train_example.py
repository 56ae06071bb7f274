"""examples/train_carcassonne.py runs end to end in a short smoke run (the `train` extra: PyTorch)."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("matplotlib")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_carcassonne.py"


def test_a_short_training_run_writes_its_curve_model_and_win_rates(tmp_path: Path) -> None:
    command = [
        sys.executable, str(EXAMPLE), "--max-steps", "128", "--envs", "2", "--rollout", "64",
        "--minibatch", "64", "--channels", "8", "--eval-games", "2", "--out", str(tmp_path),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    with (tmp_path / "curve.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 1 and int(rows[-1]["steps"]) == 128
    assert (tmp_path / "curve.png").stat().st_size > 1000
    assert (tmp_path / "model.pt").exists()
    result = json.loads((tmp_path / "result.json").read_text())
    assert [e["opponent"] for e in result["evaluation"]] == ["random", "greedy"]
    for evaluation in result["evaluation"]:
        assert evaluation["games"] == 2 and 0 <= evaluation["wins"] + evaluation["ties"] <= 2
