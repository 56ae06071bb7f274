"""Load on `townhall serve`: many tables at once on loopback, each a scripted websocket client on a
human seat against a bot seat; p50/p99 action latency and actions/s (the rows of docs/server-report.md).

    .venv/bin/python bench/server_load.py --via ws --think 5 --out rows.md   # SQLite and PostgreSQL, 100 and 1,000 tables
    .venv/bin/python bench/server_load.py --tables 100 --think 2 --src /tmp/old/src   # another build's server
    .venv/bin/python bench/server_load.py --tables 100 --database sqlite --duration 20 --no-report

Each table: `POST /api/tables` (seat 0 human, seat 1 `bot:random`), `POST .../seats/0`, then a
websocket `/ws/tables/{id}` (its first message the seat's token). Whenever a pushed (or answered) view says seat 0 is to move,
the client thinks for a random time (uniform 0..2*think seconds), then `POST .../actions` with the
state id; the *action latency* is that POST's round trip (the server commits the step, then answers
with the new view). The *turn-around* is the time from that answer to the push of the view where
seat 0 decides again (the server's bot moved and the websocket was told). With `--via ws` the
client sends its action on the websocket instead (`{"state_id", "action"}`); the latency is then
the time until the socket shows the new state (the action committed). A finished game is
replaced by a new table, so the number of tables stays the same. Only actions sent inside the
measured window (after a warm-up in which all tables are created) count.

The server runs in its own process (`python -m townhall.cli serve`), the load generator in this
one; their CPU seconds over the window are reported, because this 2-core machine is shared.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
ROWS = Path(tempfile.gettempdir()) / "server-load-rows.md"  # pasted into docs/server-report.md


@dataclass
class Tally:
    """What the clients saw inside the measured window."""

    start: float = 0.0
    end: float = 0.0
    latencies: list[float] = field(default_factory=list)
    turnarounds: list[float] = field(default_factory=list)
    refused: dict[int | str, int] = field(default_factory=dict)
    games_done: int = 0
    retries: int = 0
    pushes: int = 0
    server_cpu: float = 0.0  # CPU seconds of the server process inside the window
    client_cpu: float = 0.0  # and of this load generator

    def inside(self, moment: float) -> bool:
        return self.start <= moment < self.end


@dataclass
class Plan:
    url: str
    game: str
    think: float
    bot_seconds: float
    tally: Tally
    via: str = "http"  # how the client sends its actions: POST .../actions, or its websocket


async def play_table(plan: Plan, http: httpx.AsyncClient, rng: random.Random, stop: asyncio.Event) -> None:
    """One table after another until `stop`: seat 0 played by this client, seat 1 by the server's bot."""
    while not stop.is_set():
        created = await http.post(
            "/api/tables",
            json={"game": plan.game, "seats": ["human", "bot:random"], "bot_seconds": plan.bot_seconds},
        )
        created.raise_for_status()
        table = created.json()["id"]
        seated = await http.post(f"/api/tables/{table}/seats/0", json={"name": "load"})
        seated.raise_for_status()
        token = seated.json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        ws_url = plan.url.replace("http://", "ws://") + f"/ws/tables/{table}"
        async with websockets.connect(ws_url, max_size=None, open_timeout=60, ping_interval=None) as socket:
            await socket.send(json.dumps({"token": token}))
            if await _play_game(plan, http, socket, table, headers, rng, stop):
                plan.tally.games_done += 1


async def _play_game(
    plan: Plan,
    http: httpx.AsyncClient,
    socket: Any,
    table: str,
    headers: dict[str, str],
    rng: random.Random,
    stop: asyncio.Event,
) -> bool:
    tally = plan.tally
    acted = -1  # the newest state id this client has acted on
    waiting_since: float | None = None  # when the bot's turn began (for the turn-around)
    view: dict[str, Any] = json.loads(await socket.recv())
    while not stop.is_set():
        if view["result"] is not None:
            return True
        mine = 0 in view["to_move"] and view["legal"] and view["state_id"] > acted
        if not mine:
            raw = await socket.recv()
            pushed = json.loads(raw)
            if tally.inside(time.perf_counter()):
                tally.pushes += 1
            if pushed["state_id"] >= view["state_id"]:
                view = pushed
                if waiting_since is not None and 0 in view["to_move"]:
                    if tally.inside(waiting_since):
                        tally.turnarounds.append(time.perf_counter() - waiting_since)
                    waiting_since = None
            continue
        await asyncio.sleep(rng.uniform(0, 2 * plan.think))
        choice = rng.choice(view["legal"])
        acted = view["state_id"]
        sent = time.perf_counter()
        body = {"state_id": view["state_id"], "action": choice["id"]}
        if plan.via == "ws":  # act through the socket: the first message showing a newer state answers
            await socket.send(json.dumps(body))
            while True:
                reply = json.loads(await socket.recv())
                if "error" in reply or reply["state_id"] > acted:
                    break
            took = time.perf_counter() - sent
            if tally.inside(sent):
                if "error" in reply:
                    tally.refused[reply["error"]] = tally.refused.get(reply["error"], 0) + 1
                else:
                    tally.latencies.append(took)
            if "error" not in reply:
                view = reply
                if 0 not in view["to_move"]:
                    waiting_since = time.perf_counter()
            continue
        try:
            answer = await http.post(f"/api/tables/{table}/actions", json=body, headers=headers)
        except (httpx.ReadError, httpx.RemoteProtocolError):  # an idle keep-alive connection the server closed
            tally.retries += 1  # sending again is safe: the state id makes a repeated action a 409
            answer = await http.post(f"/api/tables/{table}/actions", json=body, headers=headers)
        took = time.perf_counter() - sent
        if tally.inside(sent):
            if answer.status_code == 200:
                tally.latencies.append(took)
            else:
                tally.refused[answer.status_code] = tally.refused.get(answer.status_code, 0) + 1
        if answer.status_code == 200:
            view = answer.json()
            if 0 not in view["to_move"]:
                waiting_since = time.perf_counter()
    return False


async def run_load(
    url: str,
    tables: int,
    game: str,
    think: float,
    warmup: float,
    duration: float,
    server_pid: int | None = None,
    via: str = "http",
) -> Tally:
    tally = Tally()
    plan = Plan(url, game, think, bot_seconds=0.05, tally=tally, via=via)
    stop = asyncio.Event()
    # One keep-alive connection per table: a shared pool costs the load generator O(connections) per request.
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    context = ssl.create_default_context()  # made once: building one per client costs ~10 ms each
    clients = [httpx.AsyncClient(base_url=url, limits=limits, timeout=120, verify=context) for _ in range(tables)]
    try:
        tasks = []
        for index, http in enumerate(clients):
            tasks.append(asyncio.create_task(play_table(plan, http, random.Random(index), stop)))
            if index % 50 == 49:
                await asyncio.sleep(0.05)  # open the tables in waves, not all in one burst
        tally.start = time.perf_counter() + warmup
        tally.end = tally.start + duration
        await asyncio.sleep(warmup)
        cpu = (cpu_seconds(server_pid) if server_pid else 0.0, time.process_time())
        await asyncio.sleep(duration)
        tally.server_cpu = (cpu_seconds(server_pid) if server_pid else 0.0) - cpu[0]
        tally.client_cpu = time.process_time() - cpu[1]
        stop.set()
        done, pending = await asyncio.wait(tasks, timeout=10)
        for task in pending:
            task.cancel()
        for task in done:
            if task.exception() is not None and not isinstance(task.exception(), asyncio.CancelledError):
                print(f"a table client failed: {task.exception()!r}", file=sys.stderr)
    finally:
        for http in clients:
            await http.aclose()
    return tally


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class ServerProcess:
    """`townhall serve` in a process of its own, on a fresh database."""

    def __init__(self, database: str, port: int, src: Path | None = None) -> None:
        self.database = database
        self.src = src
        self.port = port or free_port()
        self.schema: str | None = None
        self.folder: tempfile.TemporaryDirectory[str] | None = None
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> ServerProcess:
        if self.database == "sqlite":
            self.folder = tempfile.TemporaryDirectory(prefix="th-load-")
            url = f"sqlite:///{self.folder.name}/load.db"
        else:
            import psycopg

            self.schema = f"th_load_{uuid.uuid4().hex[:10]}"
            with psycopg.connect(POSTGRES, autocommit=True) as connection:
                connection.execute(f"CREATE SCHEMA {self.schema}")
            url = f"{POSTGRES}?options=-csearch_path%3D{self.schema}"
        command = [sys.executable, "-m", "townhall.cli", "serve", "--port", str(self.port), "--database", url]
        env = dict(os.environ, TOWNHALL_LIMIT_TABLES="off")  # every table comes from this one address
        if self.src:
            env["PYTHONPATH"] = str(self.src)  # another build's sources
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start within 60 s")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *_exc: object) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
        if self.schema is not None:
            import psycopg

            with psycopg.connect(POSTGRES, autocommit=True) as connection:
                connection.execute(f"DROP SCHEMA {self.schema} CASCADE")
        if self.folder is not None:
            self.folder.cleanup()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(database: str, tables: int, args: argparse.Namespace) -> dict[str, Any]:
    if args.url:  # a server started by hand (e.g. under a profiler)
        tally = asyncio.run(
            run_load(args.url, tables, args.game, args.think, args.warmup, args.duration, None, args.via)
        )
        print(json.dumps(summarize(database, tables, tally, args)), flush=True)
        return {}
    with ServerProcess(database, args.port, args.src) as server:
        assert server.process is not None
        tally = asyncio.run(
            run_load(
                server.url, tables, args.game, args.think, args.warmup, args.duration, server.process.pid, args.via
            )
        )
    row = summarize(database, tables, tally, args)
    print(json.dumps(row), flush=True)
    return row


def summarize(database: str, tables: int, tally: Tally, args: argparse.Namespace) -> dict[str, Any]:
    ms = [1000 * t for t in tally.latencies]
    turn = [1000 * t for t in tally.turnarounds]
    row = {
        "database": "PostgreSQL" if database != "sqlite" else "SQLite",
        "tables": tables,
        "via": args.via,
        "actions": len(ms),
        "p50_ms": percentile(ms, 0.50),
        "p99_ms": percentile(ms, 0.99),
        "max_ms": max(ms, default=float("nan")),
        "actions_per_s": len(ms) / args.duration,
        "turnaround_p50_ms": percentile(turn, 0.50),
        "turnaround_p99_ms": percentile(turn, 0.99),
        "refused": tally.refused,
        "games_done": tally.games_done,
        "retries": tally.retries,
        "pushes_per_s": tally.pushes / args.duration,
        "server_cpu_share": tally.server_cpu / args.duration,
        "client_cpu_share": tally.client_cpu / args.duration,
        "server_cpu_ms_per_action": 1000 * tally.server_cpu / max(1, len(ms)),
        "load_average": os.getloadavg()[0],
    }
    return row


def write_report(rows: list[dict[str, Any]], args: argparse.Namespace, command: str) -> None:
    """The measured rows as a Markdown table (the analysis around it is written by hand)."""
    lines = [
        f"Measured by `{command}` (game {args.game}; think uniform 0..{2 * args.think:g} s, mean {args.think:g} s;",
        f"warm-up {args.warmup:g} s, then {args.duration:g} s measured):",
        "",
        "| database | tables | p50 action | p99 action | max | client actions/s | bot turn-around p50 / p99 |"
        " pushes/s | refused | server CPU (cores) | server CPU ms per action | load generator CPU | load average |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['database']} | {row['tables']:,} | {row['p50_ms']:.1f} ms | {row['p99_ms']:.1f} ms |"
            f" {row['max_ms']:.0f} ms | {row['actions_per_s']:.1f} |"
            f" {row['turnaround_p50_ms']:.1f} / {row['turnaround_p99_ms']:.1f} ms | {row['pushes_per_s']:.0f} |"
            f" {sum(row['refused'].values())} | {row['server_cpu_share']:.2f} | {row['server_cpu_ms_per_action']:.1f} |"
            f" {row['client_cpu_share']:.2f} | {row['load_average']:.1f} |"
        )
    out = args.out
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", default="100,1000", help="table counts, comma-separated")
    parser.add_argument("--database", default="sqlite,postgresql", help="sqlite and/or postgresql")
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds a client thinks per decision")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--via", choices=("http", "ws"), default="http", help="how clients send actions")
    parser.add_argument("--src", type=Path, help="run the server from this `src` folder (another build)")
    parser.add_argument("--port", type=int, default=0, help="the server's port (0: a free one)")
    parser.add_argument("--url", help="measure a server already running there (no report)")
    parser.add_argument("--no-report", action="store_true", help="print the rows only")
    parser.add_argument("--out", type=Path, default=ROWS, help="where the Markdown rows go")
    args = parser.parse_args()
    rows = [
        measure(database, int(tables), args)
        for database in args.database.split(",")
        for tables in args.tables.split(",")
    ]
    if not args.no_report and not args.url:
        write_report(rows, args, "python bench/server_load.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
