"""The websocket pushes a seat's view after every change; two server processes sharing PostgreSQL
and Redis see each other's moves, and only one of them applies an action to a state."""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.server.client import Player, new_table, open_socket, sit
from tests.server.conftest import Server

sync_client = pytest.importorskip("websockets.sync.client")
from websockets.exceptions import ConnectionClosed  # noqa: E402


def receive(socket: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.recv(timeout=20))
    return message


def test_websocket_pushes_each_seats_view(start_server: Callable[..., Server], sqlite_url: str) -> None:
    server = start_server(sqlite_url)
    table = new_table(server.url, "carcassonne", ["human", "human"])
    ann, bob = sit(server.url, table["id"], 0, "ann"), sit(server.url, table["id"], 1, "bob")
    with (
        open_socket(server.url, table["id"], bob.token) as bob_socket,
        open_socket(server.url, table["id"], None) as watcher,
    ):
        first = receive(bob_socket)
        assert first["seat"] == 1 and receive(watcher)["seat"] is None
        mover = ann if 0 in first["to_move"] else bob
        own = mover.view()
        assert mover.act(own["state_id"], own["legal"][0]["json"]).status_code == 200
        pushed = receive(bob_socket)
        assert pushed["state_id"] == own["state_id"] + 1 and pushed["seat"] == 1
        assert receive(watcher)["legal"] == []
        # acting through the socket: committed like a POST, answered on the socket, refusals with codes
        watcher.send(json.dumps({"state_id": pushed["state_id"], "action": 0}))
        assert receive(watcher)["error"] == "not-seated"
        bob_socket.send("not json")
        assert receive(bob_socket)["error"] == "bad-request"
        while 1 not in pushed["to_move"]:  # ann may still be deciding (a tile, then a meeple)
            own = ann.view()
            assert ann.act(own["state_id"], own["legal"][0]["json"]).status_code == 200
            pushed = receive(bob_socket)
        bob_socket.send(json.dumps({"state_id": pushed["state_id"] - 1, "action": pushed["legal"][0]["id"]}))
        assert receive(bob_socket)["error"] == "stale-state"
        bob_socket.send(json.dumps({"state_id": pushed["state_id"], "action": pushed["legal"][0]["id"]}))
        answer = receive(bob_socket)
        assert answer["state_id"] == pushed["state_id"] + 1, answer
        assert bob.view()["state_id"] >= answer["state_id"]  # stored: the HTTP side sees it
    with open_socket(server.url, table["id"], "wrong") as bad:
        assert receive(bad)["error"] == "bad-token"
        with pytest.raises(ConnectionClosed) as closed:
            receive(bad)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


def test_two_processes_share_postgres_and_redis(
    start_server: Callable[..., Server], postgres_url: str, redis_url: str
) -> None:
    with ThreadPoolExecutor(2) as pool:  # started together: they migrate one at a time
        first, second = pool.map(lambda _: start_server(postgres_url, redis_url), range(2))
    table = new_table(first.url, "carcassonne", ["human", "human"])
    ann, bob = sit(first.url, table["id"], 0, "ann"), sit(second.url, table["id"], 1, "bob")
    with open_socket(second.url, table["id"], bob.token) as socket:
        start = receive(socket)
        mover = ann if 0 in start["to_move"] else bob
        mover = Player(first.url, mover.table, mover.seat, mover.token)  # the move goes through the first process
        own = mover.view()
        assert mover.act(own["state_id"], own["legal"][0]["json"]).status_code == 200
        pushed = receive(socket)
        while pushed["state_id"] == start["state_id"]:
            pushed = receive(socket)
        assert pushed["state_id"] == own["state_id"] + 1
    # the same stale state sent to both processes at once: one applies, the other answers 409
    view = ann.view()
    mover = ann if 0 in view["to_move"] else bob
    legal = mover.view()["legal"]
    bases = [first.url, second.url] * 3

    def send(base: str) -> int:
        return Player(base, mover.table, mover.seat, mover.token).act(view["state_id"], legal[0]["json"]).status_code

    with ThreadPoolExecutor(6) as pool:
        codes = sorted(pool.map(send, bases))
    assert codes.count(200) == 1 and codes.count(409) == 5, codes
