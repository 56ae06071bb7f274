"""A Redis outage under two server processes sharing PostgreSQL (issue 32): every action is answered
as committed while Redis is down, the health check says so, and once Redis is back both processes'
sockets catch up by state id and pushes resume."""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.server.client import Player, http, new_table, open_socket, sit
from tests.server.conftest import Server, free_port, reachable

sync_client = pytest.importorskip("websockets.sync.client")


class RedisProcess:
    """A `redis-server` of the test's own, on a port of its own, killed with -9 and restarted."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not reachable(self.port):
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.02)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait()


@pytest.fixture
def own_redis() -> Iterator[RedisProcess]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (Debian's redis-server package)")
    redis = RedisProcess()
    redis.start()
    yield redis
    if redis.process is not None and redis.process.poll() is None:
        redis.kill()


def _newest(socket: Any, at_least: int, seconds: float) -> dict[str, Any] | None:
    """The first pushed view with a state id of at least `at_least` within `seconds`, else None."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            view: dict[str, Any] = json.loads(socket.recv(timeout=left))
        except TimeoutError:
            return None
        if view.get("state_id", -1) >= at_least:
            return view
    return None


def _move(players: dict[int, Player], base: str) -> int:
    """One legal move by the seat to move, sent to the process at `base`; its new state id."""
    view = players[0].view()
    seat = view["to_move"][0]
    player = Player(base, players[seat].table, seat, players[seat].token)
    own = player.view()
    response = player.act(own["state_id"], own["legal"][0]["json"])
    assert response.status_code == 200, response.text  # committed, whatever pub/sub does
    state_id: int = response.json()["state_id"]
    return state_id


def test_redis_outage_loses_no_answer_and_pushes_resume(
    start_server: Callable[..., Server], postgres_url: str, own_redis: RedisProcess
) -> None:
    redis_url = f"redis://127.0.0.1:{own_redis.port}/0"
    with ThreadPoolExecutor(2) as pool:  # started together: they migrate one at a time
        first, second = pool.map(lambda _: start_server(postgres_url, redis_url), range(2))
    table = new_table(first.url, "carcassonne", ["human", "human"])
    players = {0: sit(first.url, table["id"], 0, "ann"), 1: sit(second.url, table["id"], 1, "bob")}
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(open_socket(server.url, table["id"], players[1].token)) for server in (first, second)
        ]
        for socket in sockets:
            assert _newest(socket, 0, 20) is not None  # the view on connecting

        own_redis.kill()
        state_id = 0
        for _ in range(4):
            state_id = _move(players, first.url)
        # this process's own socket is told at once, Redis or not
        assert _newest(sockets[0], state_id, 10) is not None
        health = http.get(first.url + "/api/health").json()
        assert health == {"status": "degraded", "database": "ok", "pubsub": "unreachable"}

        own_redis.start()
        back = time.monotonic()
        caught_up = _newest(sockets[1], state_id, 5)  # the other process catches up by state id
        assert caught_up is not None and caught_up["state_id"] == state_id
        assert time.monotonic() - back < 2.0, "pushes did not resume within 2 s of Redis coming back"

        state_id = _move(players, first.url)  # and pushes flow between the processes again
        assert _newest(sockets[1], state_id, 5) is not None
        for server in (first, second):
            deadline = time.monotonic() + 3
            while (response := http.get(server.url + "/api/health")).json()["pubsub"] != "ok":
                assert time.monotonic() < deadline, response.text
                time.sleep(0.1)
            assert response.status_code == 200
            assert response.json() == {"status": "ok", "database": "ok", "pubsub": "ok"}
