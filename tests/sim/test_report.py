"""`townhall report` writes its plots and a static page that escapes every text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from townhall.cli.commands import app

pytest.importorskip("matplotlib")
runner = CliRunner(env={"COLUMNS": "220"})


def test_report_of_a_tournament_compared_with_a_simulation(tmp_path: Path) -> None:
    tour, sim = tmp_path / "tour.jsonl", tmp_path / "sim.jsonl"
    args = ["tournament", "toy-pig", "--agents", "greedy,random", "-n", "20", "--out", str(tour)]
    assert runner.invoke(app, args).exit_code == 0
    assert runner.invoke(app, ["simulate", "toy-pig", "-n", "20", "--out", str(sim)]).exit_code == 0
    # A statistic column, as games will report through Game.statistics.
    rows = [json.loads(line) for line in sim.read_text().splitlines()]
    sim.write_text("".join(json.dumps({**row, "stat.rolls": row["decisions"] * 2}) + "\n" for row in rows))
    result = runner.invoke(app, ["report", str(tour), "--out", str(tmp_path / "rep"), "--compare", str(sim)])
    assert result.exit_code == 0, result.output
    made = {p.name for p in (tmp_path / "rep").iterdir()}
    pngs = {"win_rate_by_seat.png", "win_rate_by_agent.png", "scores.png", "length.png", "stat_rolls.png"}
    assert made == pngs | {"index.html"}
    for name in pngs:
        assert (tmp_path / "rep" / name).read_bytes().startswith(b"\x89PNG")
    page = (tmp_path / "rep" / "index.html").read_text()
    assert all(f'src="{name}"' in page for name in pngs)
    assert "Elo" in page and "greedy" in page


def test_report_escapes_text_from_the_file(tmp_path: Path) -> None:
    sim = tmp_path / "sim.jsonl"
    assert runner.invoke(app, ["simulate", "toy-pig", "-n", "5", "--out", str(sim)]).exit_code == 0
    rows = [json.loads(line) for line in sim.read_text().splitlines()]
    bad = '<script>alert("x")</script>'
    sim.write_text("".join(json.dumps({**row, "seats": [bad, "random"], "game": bad}) + "\n" for row in rows))
    result = runner.invoke(app, ["report", str(sim), "--out", str(tmp_path / "rep")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "<script>" not in page and "&lt;script&gt;" in page
