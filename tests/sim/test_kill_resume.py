"""A real `townhall simulate` process killed part-way, then resumed, gives the uninterrupted run's file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

from townhall.cli.commands import app

runner = CliRunner(env={"COLUMNS": "220"})
GAMES = 3000  # my-city plays about 1,000 random games a second: the kill lands mid-run
ARGS = ["simulate", "my-city", "-n", str(GAMES), "--seed", "11", "--json"]
TOWNHALL = Path(sys.executable).with_name("townhall")


def test_a_killed_run_resumes_to_the_uninterrupted_result(tmp_path: Path) -> None:
    killed = tmp_path / "killed.jsonl"
    process = subprocess.Popen([str(TOWNHALL), *ARGS, "--out", str(killed)], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not killed.exists() or killed.stat().st_size < 20_000):
        time.sleep(0.02)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    held = len(killed.read_bytes().splitlines())
    assert 0 < held < GAMES, "the kill should land part-way"
    resumed = subprocess.run(
        [str(TOWNHALL), *ARGS, "--out", str(killed), "--resume", "-j", "2"], capture_output=True, text=True
    )
    assert resumed.returncode == 0, resumed.stderr
    whole = tmp_path / "whole.jsonl"
    straight = runner.invoke(app, [*ARGS, "--out", str(whole)])
    assert straight.exit_code == 0, straight.output
    assert killed.read_bytes() == whole.read_bytes()
    drop_time = [line for line in straight.output.splitlines() if "second" not in line]
    assert [line for line in resumed.stdout.splitlines() if "second" not in line] == drop_time
