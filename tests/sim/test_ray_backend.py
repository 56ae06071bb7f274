"""The Ray backend plays the same games as the local pool (one small local Ray instance for the module)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from townhall.cli.commands import app
from townhall.sim.tournament import run_tournament

ray = pytest.importorskip("ray")
runner = CliRunner(env={"COLUMNS": "220"})
# Ray workers import townhall afresh and do not see the test-only toy games: a real, fast game.
MY_CITY = ["my-city", "--seed", "9", "-n", "60"]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_a_ray_run_equals_the_local_run_with_the_same_seed(local_ray: None, tmp_path: Path) -> None:
    local, on_ray = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    result = runner.invoke(app, ["simulate", *MY_CITY, "-j", "2", "--out", str(local)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["simulate", *MY_CITY, "--backend", "ray", "--out", str(on_ray)])
    assert result.exit_code == 0, result.output
    assert on_ray.read_bytes() == local.read_bytes() and len(local.read_text().splitlines()) == 60
    assert ray.is_initialized()  # the run used the caller's instance and left it running


def test_a_ray_tournament_equals_the_local_one(local_ray: None, tmp_path: Path) -> None:
    args = ["tournament", *MY_CITY[:3], "-n", "12", "--agents", "greedy,random", "--json"]
    local = runner.invoke(app, [*args, "--out", str(tmp_path / "l.parquet")])
    on_ray = runner.invoke(app, [*args, "--backend", "ray", "--out", str(tmp_path / "r.parquet")])
    assert local.exit_code == on_ray.exit_code == 0, local.output + on_ray.output
    strip = [line for line in local.output.splitlines() if '"seconds"' not in line]
    assert strip == [line for line in on_ray.output.splitlines() if '"seconds"' not in line]
    assert '"elo"' in local.output


def test_the_tournament_api_runs_on_ray_like_the_local_pool(local_ray: None) -> None:
    def played(**where: str) -> dict[str, object]:
        summary = run_tournament("my-city", ["greedy", "random"], 6, 2, seed=9, **where).to_json()
        summary.pop("seconds")
        return summary

    assert played(backend="ray") == played()


def test_self_play_on_ray_trains_the_same_weights_as_the_local_pool(local_ray: None) -> None:
    pytest.importorskip("numpy", reason="training reads the observer's NumPy buffer")
    from townhall.sim.learn import train

    local = train("my-city", n_games=6, seed=4, held_out=0.34, jobs=2)
    on_ray = train("my-city", n_games=6, seed=4, held_out=0.34, backend="ray")
    assert on_ray.weights == local.weights and on_ray.bias == local.bias
    assert on_ray.provenance["backend"] == "ray" and on_ray.provenance["train_positions"] > 0
