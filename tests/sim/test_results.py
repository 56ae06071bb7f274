"""Results files: rows stream out in game order, read back the same, and an interrupted run resumes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from townhall.cli.commands import app
from townhall.sim.play import RunPlan
from townhall.sim.results import read_rows
from townhall.sim.run import Where, execute
from townhall.sim.simulate import SimulationTally

runner = CliRunner(env={"COLUMNS": "220"})
PIG = ["simulate", "toy-pig", "--seed", "4", "--option", "target=15"]


def plan(n: int, records: bool = False) -> RunPlan:
    return RunPlan("simulate", "toy-pig", 2, ("random", "greedy"), (("target", 15),), 4, n, records)


def run(n: int, out: Path, resume: bool = False, records: bool = False, jobs: int = 1) -> SimulationTally:
    tally = SimulationTally(2)
    execute(plan(n, records), Where(jobs=jobs, out=out, resume=resume), tally)
    return tally


def test_parquet_round_trip_keeps_every_row_and_record(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    run(30, tmp_path / "a.jsonl", records=True)
    run(30, tmp_path / "a.parquet", records=True)
    from_json = list(read_rows(tmp_path / "a.jsonl"))
    from_parquet = list(read_rows(tmp_path / "a.parquet"))
    assert len(from_parquet) == 30 and [r["index"] for r in from_parquet] == list(range(30))
    for line, row in zip(from_json, from_parquet, strict=True):
        record = row.pop("record")
        assert isinstance(record, dict) and record["format"] == 1 and record["steps"]
        assert {**record, **row} == line  # the JSON line is the record with the row on top
    import pyarrow.parquet as pq

    table = pq.read_table(tmp_path / "a.parquet")  # the directory reads as one table
    assert table.num_rows == 30 and {"index", "seed", "scores", "ranks", "decisions"} <= set(table.column_names)


def test_parquet_is_written_in_row_groups_and_resumes_from_whole_ones(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pyarrow")
    import townhall.sim.results

    monkeypatch.setattr(townhall.sim.results, "PARQUET_ROWS", 10)
    whole = tmp_path / "whole.parquet"
    run(35, whole)
    parts = sorted(p.name for p in whole.iterdir())
    assert parts == [f"part-00000{i}.parquet" for i in range(4)]
    cut = tmp_path / "cut.parquet"
    shutil.copytree(whole, cut)
    (cut / "part-000003.parquet").unlink()
    (cut / "part-000002.parquet").unlink()
    (cut / "part-000002.tmp").write_bytes(b"PAR1 half a row group")  # what a kill mid-write leaves
    resumed = run(35, cut, resume=True)
    assert list(read_rows(cut)) == list(read_rows(whole))
    assert resumed.games == 35 and resumed.wins == run(35, tmp_path / "again.parquet").wins


def test_a_torn_last_line_is_dropped_and_its_game_played_again(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    full = run(20, whole, records=True)
    lines = whole.read_bytes().splitlines(keepends=True)
    cut.write_bytes(b"".join(lines[:7]) + lines[7][:40])  # killed while writing game 7
    resumed = run(20, cut, resume=True, records=True, jobs=2)
    assert cut.read_bytes() == whole.read_bytes()
    assert (resumed.games, resumed.wins, resumed.length) == (full.games, full.wins, full.length)


def test_the_same_seed_gives_the_same_file_with_one_or_two_workers(tmp_path: Path) -> None:
    one = runner.invoke(app, [*PIG, "-n", "40", "--out", str(tmp_path / "1.jsonl")])
    two = runner.invoke(app, [*PIG, "-n", "40", "--out", str(tmp_path / "2.jsonl"), "-j", "2"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert (tmp_path / "1.jsonl").read_bytes() == (tmp_path / "2.jsonl").read_bytes()
    row = json.loads((tmp_path / "1.jsonl").read_text().splitlines()[3])
    assert row["index"] == 3 and row["seats"] == ["random", "random"] and len(row["scores"]) == 2
    assert "record" not in row and "steps" not in row  # summary rows only, without --records


def test_resume_refuses_another_runs_file_and_wrong_options(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert runner.invoke(app, [*PIG, "-n", "5", "--out", str(out)]).exit_code == 0
    cases = [
        ([*PIG[:-2], "-n", "9", "--out", str(out), "--resume"], "options differ"),
        (["simulate", "toy-pig", "--seed", "5", "-n", "9", "--out", str(out), "--resume"], "run_seed"),
        ([*PIG, "-n", "3", "--out", str(out), "--resume"], "more than -n 3"),
        ([*PIG, "-n", "9", "--out", str(out), "--resume", "--records"], "without --records"),
        ([*PIG, "--resume"], "give --out"),
        ([*PIG, "--records"], "give --out"),
        ([*PIG, "--backend", "gpu"], "unknown backend"),
        ([*PIG, "--address", "127.0.0.1:1"], "--address is for --backend ray"),
        (["report", str(out) + ".missing", "--out", str(tmp_path / "rep")], "cannot read"),
        (["report", str(out), "--out", str(tmp_path / "rep"), "--compare", str(tmp_path)], "Is a directory"),
    ]
    (tmp_path / "bad.jsonl").write_text('{"game": "toy-pig"}\n')
    cases.append((["report", str(tmp_path / "bad.jsonl"), "--out", str(tmp_path / "rep")], "not a result row"))
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output and len(result.output.strip().splitlines()) == 1, (args, result.output)


def test_without_ray_the_ray_backend_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail as if it were not installed
    result = runner.invoke(app, [*PIG, "-n", "3", "--backend", "ray"])
    assert result.exit_code == 2
    assert result.output.strip() == 'error: Ray is not installed; install it with: pip install "townhall[cluster]"'
