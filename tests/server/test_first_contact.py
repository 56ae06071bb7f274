"""First contact (`make play`): the server runs on the `server` extra alone, and its default
database is a file in the checkout's own data folder, its path printed."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.client import http, new_table, play_some, sit
from tests.server.conftest import free_port
from townhall import games

ROOT = Path(__file__).resolve().parents[2]
# What `make test` installs and `make play` does not (the extras dev, cluster, rl, openspiel, train).
HEAVY = ("numpy", "torch", "ray", "pyarrow", "matplotlib", "playwright", "gymnasium", "pettingzoo", "pyspiel", "mypy")

# `townhall ...` with the heavy libraries made unimportable, as in a venv holding only .[server]:
# every attempt to import one is written down (even one that an `except ImportError` would hide).
WITHOUT_HEAVY = textwrap.dedent(
    """
    import sys

    class Refuse:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in {heavy}:
                with open({log!r}, "a") as log:
                    log.write(name + "\\n")
                raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
            return None

    sys.meta_path.insert(0, Refuse())
    from townhall.cli import main

    sys.argv = ["townhall", *{arguments!r}]
    main()
    """
)


def without_heavy(refused: Path, *arguments: str) -> str:
    return WITHOUT_HEAVY.format(heavy=set(HEAVY), log=str(refused), arguments=list(arguments))


def started(command: list[str], url: str, env: dict[str, str], cwd: Path) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    deadline = time.monotonic() + 90  # as tests/server/conftest.py: a loaded machine starts slowly
    while time.monotonic() < deadline:
        if process.poll() is not None:
            output = process.stdout.read().decode() if process.stdout else ""
            raise RuntimeError(f"the server exited: {output}")
        try:
            if http.get(url, timeout=1).status_code == 200:
                return process
        except Exception:
            pass
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start within 90 s")


def stop(process: subprocess.Popen[bytes]) -> str:
    process.terminate()
    try:
        output, _ = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        output, _ = process.communicate()
    return output.decode()


@pytest.fixture
def light_server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    port, refused = str(free_port()), tmp_path / "refused.txt"
    script = without_heavy(refused, "serve", "--port", port, "--database", f"sqlite:///{tmp_path / 'light.db'}")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    process = started([sys.executable, "-c", script], f"http://127.0.0.1:{port}/", env, ROOT)
    yield f"http://127.0.0.1:{port}", refused
    stop(process)


def test_every_game_plays_against_a_bot_without_the_heavy_libraries(light_server: tuple[str, Path]) -> None:
    base, refused = light_server
    assert http.get(base + "/").status_code == 200
    games = http.get(base + "/api/games").json()
    assert len(games) >= 4
    rng = random.Random(33)
    for game in games:
        for bot in ("bot:greedy", "bot:mcts:seconds=0.05"):
            table = new_table(base, game["name"], ["human", bot], bot_seconds=0.1)
            done, _ = play_some([sit(base, table["id"], 0)], rng, moves=3)
            assert done > 0, (game["name"], bot)
    assert not refused.exists(), f"the serve path imported {refused.read_text().split()}"


@pytest.mark.parametrize("game", games.shipped())
def test_a_terminal_game_plays_to_its_end_without_the_heavy_libraries(game: str, tmp_path: Path) -> None:
    refused = tmp_path / "refused.txt"
    script = without_heavy(refused, "play", game, "--seats", "greedy,random", "--seed", "1")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "TOWNHALL_LANG": "en"}
    result = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "Player 2" in result.stdout  # the end table
    assert not refused.exists(), f"the terminal game imported {refused.read_text().split()}"


def fake_checkout(tmp_path: Path) -> Path:
    """A checkout of its own: pyproject.toml beside src/townhall (a link to this package)."""
    root = tmp_path / "clone"
    (root / "src").mkdir(parents=True)
    (root / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (root / "src" / "townhall").symlink_to(ROOT / "src" / "townhall")
    return root


def test_the_default_database_is_in_the_checkouts_data_folder_and_printed(tmp_path: Path) -> None:
    root, port = fake_checkout(tmp_path), free_port()
    home = tmp_path / "home"  # an earlier default file, shared by every clone: named, not used
    (home / "townhall").mkdir(parents=True)
    (home / "townhall" / "server.db").write_bytes(b"")
    env = {**os.environ, "PYTHONPATH": str(root / "src"), "XDG_DATA_HOME": str(home)}
    env.pop("TOWNHALL_DATABASE", None)
    command = [sys.executable, "-m", "townhall.cli", "serve", "--port", str(port)]
    process = started(command, f"http://127.0.0.1:{port}/api/games", env, tmp_path)
    created = new_table(f"http://127.0.0.1:{port}", "carcassonne", ["human", "human"])
    output = stop(process)
    database = root / "data" / "townhall.db"
    assert f"database: {database}" in output.splitlines()
    assert "--database " + str(home / "townhall" / "server.db") in output
    assert database.stat().st_size > 0 and (home / "townhall" / "server.db").stat().st_size == 0
    # The next start finds the table there, and names the earlier file no more.
    process = started(command, f"http://127.0.0.1:{port}/api/games", env, tmp_path)
    assert http.get(f"http://127.0.0.1:{port}/api/tables/{created['id']}").status_code == 200
    assert "earlier" not in stop(process)


def test_the_database_option_and_variable_still_choose(tmp_path: Path) -> None:
    root, port = fake_checkout(tmp_path), free_port()
    chosen = tmp_path / "chosen.db"
    env = {**os.environ, "PYTHONPATH": str(root / "src"), "TOWNHALL_DATABASE": f"sqlite:///{chosen}"}
    command = [sys.executable, "-m", "townhall.cli", "serve", "--port", str(port)]
    output = stop(started(command, f"http://127.0.0.1:{port}/api/games", env, tmp_path))
    assert f"database: {chosen}" in output.splitlines()
    assert chosen.exists() and not (root / "data").exists()


def test_the_data_folder_is_ignored_by_git() -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    result = subprocess.run(["git", "check-ignore", "-q", "data/townhall.db"], cwd=ROOT, check=False)
    assert result.returncode == 0
