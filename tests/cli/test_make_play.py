"""`make play`: installs only what playing needs and never waits for the compiled build.

The Makefile runs in a scratch folder with its own stand-in sources, so nothing is installed or
compiled here: `make -n` shows what would run, and `make ready` moves files as it would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SO = "townhall/engine/chance.cpython-311-x86_64-linux-gnu.so"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def checkout(tmp_path: Path) -> Path:
    """The Makefile and pyproject.toml, a hot source, and a .venv whose play install is done."""
    root = tmp_path / "clone"
    (root / "src" / "townhall" / "engine").mkdir(parents=True)
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, root / name)
    (root / "setup.py").write_text("")
    (root / "src" / "townhall" / "engine" / "chance.py").write_text("")
    (root / ".venv" / "bin").mkdir(parents=True)
    (root / ".venv" / "bin" / "python").write_text("")
    (root / ".venv" / ".play-stamp").write_text("")
    at(root / "pyproject.toml", 1000)
    at(root / "setup.py", 1000)
    at(root / "src" / "townhall" / "engine" / "chance.py", 2000)
    at(root / ".venv" / "bin" / "python", 1500)
    at(root / ".venv" / ".play-stamp", 1500)
    return root


def at(path: Path, seconds: float) -> None:
    os.utime(path, (seconds, seconds))


def make(root: Path, *arguments: str) -> str:
    # BACKGROUND_MAKE=echo: the background build is announced in its log, not run.
    command = ["make", "--no-print-directory", "CC=sh", "BACKGROUND_MAKE=echo", *arguments]
    result = subprocess.run(command, cwd=root, capture_output=True, text=True, check=True, timeout=60)
    return result.stdout


def test_play_installs_the_server_extra_only_and_compiles_nothing_first(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    (root / ".venv" / ".play-stamp").unlink()
    planned = make(root, "-n", "play")
    assert '-e ".[server]"' in planned
    for heavy in ("dev", "cluster", "rl", "openspiel", "train", "compile"):
        assert f"{heavy}," not in planned and f",{heavy}" not in planned
    assert "build_ext" not in planned
    assert not (root / "build").exists()  # make -n started nothing


def test_test_installs_everything(tmp_path: Path) -> None:
    # (make -n test would run its recursive lines, the test suite among them: its install step only)
    planned = make(checkout(tmp_path), "-n", ".venv/.test-stamp")
    assert '-e ".[dev,cluster,server,rl,openspiel,train,compile]"' in planned
    rules = (ROOT / "Makefile").read_text().splitlines()
    assert any(line.startswith("test: $(TEST_STAMP)") for line in rules)


def test_the_first_start_runs_pure_and_starts_the_compiled_build_in_the_background(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    said = make(root, "ready")
    assert "being made in the background" in said
    log = root / "build" / "compiled-in-background.log"
    deadline = time.monotonic() + 10
    while not log.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)  # the build runs on after make returned
    assert log.read_text().split() == ["--no-print-directory", "compiled-in-background"]
    assert (root / "build" / "compiled-in-background.pid").read_text().strip().isdigit()


def test_a_finished_background_build_is_installed_at_the_next_start(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    staged = root / "build" / "staged"
    (staged / "lib" / SO).parent.mkdir(parents=True)
    (staged / "lib" / SO).write_text("compiled")
    (staged / "done").write_text("")
    at(staged / "done", 3000)  # its build started after the last edit
    assert "compiled build is installed" in make(root, "ready")
    assert (root / "src" / SO).read_text() == "compiled"
    assert (root / ".venv" / ".compiled-stamp").stat().st_mtime == 3000
    assert "installed" not in make(root, "ready")  # up to date: nothing more to do


def test_a_stale_compiled_build_is_never_run(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    (root / "src" / SO).write_text("old rules")
    (root / ".venv" / ".compiled-stamp").write_text("")
    at(root / ".venv" / ".compiled-stamp", 1800)  # made before the last edit
    staged = root / "build" / "staged"
    (staged / "lib" / SO).parent.mkdir(parents=True)
    (staged / "lib" / SO).write_text("old rules too")
    (staged / "done").write_text("")
    at(staged / "done", 1800)
    said = make(root, "ready")
    assert not (root / "src" / SO).exists()
    assert not (root / ".venv" / ".compiled-stamp").exists()
    assert "being made in the background" in said


def test_after_make_test_make_play_installs_nothing_more(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    for stamp in (".play-stamp", ".build-stamp"):
        (root / ".venv" / stamp).unlink(missing_ok=True)
    (root / ".venv" / ".test-stamp").write_text("")  # the full install holds the server extra
    at(root / ".venv" / ".test-stamp", 1500)
    for stamp in (".venv/.play-stamp", ".venv/.build-stamp"):
        said = make(root, stamp)
        assert "pip" not in said and "installing" not in said
        assert (root / stamp).exists()
    # pyproject.toml changed since: the server extra is installed again
    at(root / ".venv" / ".play-stamp", 1550)
    at(root / "pyproject.toml", 1600)
    assert '-e ".[server]"' in make(root, "-n", ".venv/.play-stamp")


def test_make_compiled_keeps_its_build_for_the_next_make_play(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    (root / ".venv" / ".build-stamp").write_text("")
    at(root / ".venv" / ".build-stamp", 1500)
    # a stand-in for `python setup.py build_ext --inplace`: one extension beside its source
    python = root / ".venv" / "bin" / "python"
    python.write_text(f"#!/bin/sh\necho compiled > src/{SO}\n")
    python.chmod(0o755)
    at(python, 1500)
    assert "compiled build installed" in make(root, "compiled")
    assert (root / "build" / "staged" / "lib" / SO).read_text() == "compiled\n"
    make(root, "pure")
    assert not (root / "src" / SO).exists()
    assert "compiled build is installed" in make(root, "ready")
    assert (root / "src" / SO).read_text() == "compiled\n"
