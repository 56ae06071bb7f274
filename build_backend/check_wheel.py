"""`make wheel-check`: the wheel in dist/ installed in a fresh environment, outside the checkout,
works as a user gets it: `townhall --version` names the build expected, every game plays to the
end, and the server serves its lobby and the web client's files (the package data is complete).

    python build_backend/check_wheel.py compiled    # or: pure
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# What the lobby and the table fetch beside the page itself (package data a wheel may leave out).
SERVED = ("/", "/static/js/board/focus.js", "/static/data/confirm.json", "/static/img/games/carcassonne.png")


def run(*command: str, cwd: Path) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env={**os.environ, "TOWNHALL_LANG": "en"})
    if done.returncode != 0:
        sys.exit(f"wheel check: {' '.join(command)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve_and_fetch(townhall: Path, where: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [str(townhall), "serve", "--port", str(port), "--database", f"sqlite:///{where / 'check.db'}"],
        cwd=where,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        for path in SERVED:
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
                        assert answer.status == 200 and answer.read(), path
                    break
                except OSError as error:
                    if server.poll() is not None or time.monotonic() > deadline:
                        sys.exit(f"wheel check: GET {path} failed ({error}): {server.stderr and server.stderr.read()}")
                    time.sleep(0.5)
    finally:
        server.terminate()
        server.wait(10)


def main(expected: str) -> None:
    wheels = sorted((ROOT / "dist").glob("townhall-*.whl"))
    if len(wheels) != 1:
        sys.exit(f"wheel check: expected one wheel in dist/, found {[w.name for w in wheels]}")
    with tempfile.TemporaryDirectory(prefix="townhall-wheel-") as folder:
        where = Path(folder)
        venv.create(where / "venv", with_pip=True)
        python, townhall = where / "venv" / "bin" / "python", where / "venv" / "bin" / "townhall"
        run(
            str(python),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            f"{wheels[0]}[server]",
            cwd=where,
        )
        version = run(str(townhall), "--version", cwd=where).strip()
        print(f"wheel check: {wheels[0].name}: {version}")
        words = {"compiled": "(compiled build)", "pure": "(pure-Python build)"}[expected]
        if words not in version:
            sys.exit(f"wheel check: expected the {expected} build, the installed wheel says: {version}")
        names = run(str(python), "-c", "from townhall import games; print(' '.join(games.names()))", cwd=where).split()
        for name in names:
            run(str(townhall), "simulate", name, "-n", "2", cwd=where)
        serve_and_fetch(townhall, where)
        print(f"wheel check: {len(names)} games played, the server served {len(SERVED)} paths")


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("compiled", "pure"):
        sys.exit("usage: check_wheel.py compiled|pure")
    main(sys.argv[1])
