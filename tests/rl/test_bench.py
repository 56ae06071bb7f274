"""`townhall bench GAME --env`: the AEC environment against the raw engine in one run."""

from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("pettingzoo")

from typer.testing import CliRunner

from townhall.cli import app


def test_bench_env_prints_both_sides_and_their_ratio() -> None:
    result = CliRunner().invoke(app, ["bench", "kutna-hora", "--env", "--json", "--seconds", "0.1"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["env"] == "kutna_hora_v2"
    assert figures["raw_us_per_decision"] > 0 and figures["env_us_per_decision"] > 0
    # The observer, watcher and mask helper are compiled with the engine (setup.py): no mixed build.
    assert figures["build"] == os.environ.get("TOWNHALL_EXPECT_BUILD", figures["build"])
    assert figures["build"] in ("compiled", "pure")
    assert figures["overhead_ratio"] == pytest.approx(
        figures["env_us_per_decision"] / figures["raw_us_per_decision"], rel=0.05
    )
