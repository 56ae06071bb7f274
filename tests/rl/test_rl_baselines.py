"""bench/rl_baselines.py (docs/rl-baselines.md's runs): its argument errors, and a run of about a
second through training, evaluation and the report (the `train` extra: PyTorch, sb3-contrib)."""

from __future__ import annotations

import csv
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("matplotlib")

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "rl_baselines.py"


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *arguments], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rl_baselines", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def test_an_unknown_game_is_one_line_and_exit_2(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert script.main(["chess", "--out", str(tmp_path / "run")]) == 2
    error = capsys.readouterr().err.splitlines()
    assert len(error) == 1 and error[0].startswith(
        "rl_baselines.py: unknown game 'chess'; one of antiquity, carcassonne"
    )
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        ([], "give a GAME"),
        (["kutna-hora"], "needs --out DIR"),
        (["kutna-hora", "--minutes", "0", "--out", "x"], "0 is not > 0"),
    ],
)
def test_a_run_needs_an_out_directory_and_a_positive_budget(
    script: ModuleType, arguments: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        script.main(arguments)
    assert exit_.value.code == 2 and says in capsys.readouterr().err


def test_a_short_run_writes_its_curve_model_and_results_and_the_report_reads_them(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "kutna-hora"
    arguments = [
        "kutna-hora", "--minutes", "0.02", "--eval-games", "3", "--envs", "2", "--n-steps", "64",
        "--batch-size", "64", "--seed", "5", "--out", str(out),
    ]  # fmt: skip
    done = run(*arguments)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads((out / "result.json").read_text())
    with (out / "curve.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert rows and int(rows[-1]["timesteps"]) == result["timesteps"] > 0
    assert int(rows[-1]["games"]) == result["games_trained"] and result["illegal_endings"] == 0
    assert (out / "curve.png").stat().st_size > 1000 and (out / "model.zip").exists()
    assert result["game"] == "kutna-hora" and result["env"] == "kutna_hora_v2"
    assert result["command"] == "python bench/rl_baselines.py " + " ".join(arguments)
    assert [e["opponent"] for e in result["evaluation"]] == ["random", "greedy"]
    for evaluation in result["evaluation"]:
        assert (
            evaluation["wins"] + evaluation["ties"] + evaluation["losses"] == 3 and evaluation["illegal_endings"] == 0
        )
        seats = [sum(evaluation["by_seat"][key][seat] for key in ("wins", "ties", "losses")) for seat in (0, 1)]
        assert seats == [2, 1]  # seats alternate
        low, high = evaluation["win_rate_95"]
        assert low <= evaluation["win_rate"] <= high
    assert script.main(["--report", str(out), "--plot", str(tmp_path / "curves.png")]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("| game | budget |") and table[2].startswith(
        f"| kutna-hora | 0.02 min | {result['timesteps']:,} |"
    )
    assert f"    {result['command']}" in table
    assert (tmp_path / "curves.png").stat().st_size > 1000
