"""Replays issue 32's findings against a running `townhall serve` (or one it starts on a fresh
SQLite file) and prints one line per finding: what was sent, what came back, ok or FAIL.

    python bench/server_probe.py [--url http://127.0.0.1:8000]

Exit status 1 when any finding is back. The Redis outage needs a Redis of its own to kill: it is
replayed by tests/server/test_outage.py, not here. Run it on a server of its own: it spends the
address's table and bad-token buckets.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

results: list[bool] = []


def check(finding: str, ok: bool, seen: str) -> None:
    results.append(ok)
    print(f"{'ok  ' if ok else 'FAIL'} {finding}: {seen}")


@contextlib.contextmanager
def own_server() -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'probe.db'}"
        command = [sys.executable, "-m", "townhall.cli", "serve", "--port", str(port), "--database", database]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                        break
                time.sleep(0.1)
            yield url
        finally:
            process.terminate()
            process.wait(10)


def create(http: httpx.Client, body: dict[str, Any]) -> httpx.Response:
    return http.post("/api/tables", json=body)


def runaway_bots(http: httpx.Client) -> None:
    for spec in ("bot:mcts:seconds=1000000", "bot:greedy:samples=1000000000", "bot:mcts:iterations=100000000000"):
        answer = create(http, {"game": "carcassonne", "seats": ["human", spec]})
        check(f"runaway bot {spec}", answer.status_code == 400, f"{answer.status_code} {answer.text[:90]}")


def hostile_values(http: httpx.Client) -> None:
    deep = "[" * 1000 + "]" * 1000
    for name, value in (
        ("board", "x" * 300),
        ("campaign", "x" * 300),
        ("chapters", "a\x00b"),
        ("campaign", deep),
        ("board", "README.md"),
    ):
        answer = create(http, {"game": "my-city", "options": {name: value}})
        shown = value if len(value) < 20 else f"{value[:8]}... ({len(value)} characters)"
        check(f"My City option {name}={shown!r}", 400 <= answer.status_code < 500, str(answer.status_code))
    table = create(http, {"game": "carcassonne", "seats": ["human", "human"]}).json()
    seat = http.post(f"/api/tables/{table['id']}/seats/0", json={"name": "ann\x00"})
    check("a NUL in a seat name", 400 <= seat.status_code < 500, str(seat.status_code))
    seat = http.post(f"/api/tables/{table['id']}/seats/1", json={"name": "bob"}).json()
    chat = http.post(
        f"/api/tables/{table['id']}/chat", json={"text": "hi\x00"}, headers={"Authorization": f"Bearer {seat['token']}"}
    )
    check("a NUL in a chat line", 400 <= chat.status_code < 500, str(chat.status_code))

    def chunks() -> Iterator[bytes]:
        yield b'{"game": "carcassonne", "options": {"x": "'
        for _ in range(100):
            yield b"y" * 1024
        yield b'"}}'

    chunked = http.post("/api/tables", content=chunks(), headers={"Content-Type": "application/json"})
    check("a chunked body of 100 KiB", chunked.status_code == 413, str(chunked.status_code))


def headers(http: httpx.Client) -> None:
    for path in ("/", "/api/games"):
        got = http.get(path).headers
        wanted = {
            "content-security-policy": "script-src 'self'",
            "x-content-type-options": "nosniff",
            "referrer-policy": "",
        }
        ok = all(name in got and part in got[name] for name, part in wanted.items())
        ok = ok and "frame-ancestors 'none'" in got.get("content-security-policy", "")
        check(f"security headers on {path}", ok, got.get("content-security-policy", "none")[:60])


def foreign_origin(url: str, http: httpx.Client) -> None:
    table = create(http, {"game": "carcassonne", "seats": ["human", "human"]}).json()
    address = f"{url.replace('http', 'ws', 1)}/ws/tables/{table['id']}"
    with connect(address, origin="https://evil.example") as ws:  # type: ignore[arg-type]
        try:
            ws.send(json.dumps({"token": None}))
            answer = ws.recv(timeout=5)
            check("a websocket from another site", "foreign-origin" in str(answer), str(answer)[:80])
        except Exception as error:  # closed before the hello: refused as well
            check("a websocket from another site", "4403" in str(error), str(error)[:80])


def private_steps(http: httpx.Client) -> None:
    table = create(http, {"game": "antiquity", "seats": ["human", "human"], "options": {"max_rounds": 2}}).json()
    players = [
        http.post(f"/api/tables/{table['id']}/seats/{n}", json={"name": name}).json()["token"]
        for n, name in ((0, "ann"), (1, "bob"))
    ]

    def view(token: str | None) -> dict[str, Any]:
        auth = {"Authorization": f"Bearer {token}"} if token else {}
        found: dict[str, Any] = http.get(f"/api/tables/{table['id']}", headers=auth).json()
        return found

    def act(token: str, own: dict[str, Any], legal: dict[str, Any]) -> None:
        auth = {"Authorization": f"Bearer {token}"}
        body = {"state_id": own["state_id"], "action": legal["json"]}
        http.post(f"/api/tables/{table['id']}/actions", json=body, headers=auth)

    while (own := view(players[0]))["observation"]["phase"] != 2:
        mover = players[0] if own["legal"] else players[1]
        mine = view(mover)
        act(mover, mine, mine["legal"][0])
    before = (view(players[1]), view(None))
    for _ in range(3):
        own = view(players[0])
        act(players[0], own, next(a for a in own["legal"] if a["text"].lower() != "done"))
    after = (view(players[1]), view(None))
    check("Antiquity: three private plan steps seen by the other seat and a spectator", after == before, "views equal")


def bursts(http: httpx.Client) -> None:
    table_id = create(http, {"game": "carcassonne"}).json()["id"]  # for the guesses, made before the burst
    codes = [create(http, {"game": "carcassonne"}).status_code for _ in range(60)]
    check("60 table creations at once", 429 in codes, f"{codes.count(201)} x 201, {codes.count(429)} x 429")
    guesses = [
        http.get(f"/api/tables/{table_id}", headers={"Authorization": f"Bearer guess{n}"}).status_code
        for n in range(30)
    ]
    check("30 wrong-token guesses", 429 in guesses, f"{guesses.count(401)} x 401, {guesses.count(429)} x 429")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="a running server (default: start one on a fresh SQLite file)")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        url = args.url or stack.enter_context(own_server())
        http = stack.enter_context(httpx.Client(base_url=url, timeout=30))
        steps: list[tuple[str, Callable[[], None]]] = [
            ("runaway bots", lambda: runaway_bots(http)),
            ("hostile values", lambda: hostile_values(http)),
            ("headers", lambda: headers(http)),
            ("foreign origin", lambda: foreign_origin(url, http)),
            ("private steps", lambda: private_steps(http)),
            ("bursts", lambda: bursts(http)),  # last: it empties this address's buckets
        ]
        for name, step in steps:
            try:
                step()
            except (httpx.HTTPError, OSError, KeyError, StopIteration) as error:  # the server broke off
                check(name, False, f"{type(error).__name__}: {error}")
    print(f"{results.count(True)} of {len(results)} findings fixed")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
