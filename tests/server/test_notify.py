"""A player's lobby socket `WS /ws/me` (issue 34, notifications) against real `townhall serve`
processes, on SQLite and PostgreSQL: the turns waiting for an account's move, pushed when a move
at one of its tables changes them, and the seats kept for it, pushed when a table invites it and
when it takes the seat; a guest is refused."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.server.conftest import Server, database_of
from tests.server.test_accounts import Browser, _name
from townhall.server.routes.me_ws import UNKNOWN_SECONDS


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with database_of(request.param, tmp_path_factory) as url:
        started = Server(url).start()
        yield started
        started.stop()


@contextmanager
def my_socket(browser: Browser, **options: Any) -> Iterator[Any]:
    from websockets.sync.client import connect

    base = str(browser.http.base_url).rstrip("/")
    cookie = browser.http.cookies.get("townhall_session")
    headers = {"Cookie": f"townhall_session={cookie}"} if cookie else {}
    with connect(f"{base.replace('http', 'ws', 1)}/ws/me", additional_headers=headers, **options) as socket:
        yield socket


def turns(socket: Any, timeout: float = 15, field: str = "turns") -> list[tuple[str, str, int]]:
    message = json.loads(socket.recv(timeout=timeout))
    return [(t["table"], t["game"], t["seat"]) for t in message[field]]


def until(socket: Any, wanted: list[tuple[str, str, int]], timeout: float = 15, field: str = "turns") -> None:
    """Messages are sent only on a change: read them until `wanted` comes (in `field`)."""
    end = time.monotonic() + timeout
    seen = []
    while time.monotonic() < end:
        seen.append(turns(socket, end - time.monotonic(), field))
        if seen[-1] == wanted:
            return
    raise AssertionError(f"never {wanted}: {seen}")


def play_until_other(browser: Browser, table: str, seat: int) -> None:
    """`browser`'s seat moves until it is no longer deciding."""
    for _ in range(20):
        view = browser.send("GET", f"/api/tables/{table}").json()
        if seat not in view["to_move"]:
            return
        body = {"state_id": view["state_id"], "action": view["legal"][0]["json"]}
        moved = browser.send("POST", f"/api/tables/{table}/actions", body)
        assert moved.status_code == 200, moved.text
    raise AssertionError("the seat kept deciding")


def test_the_lobby_socket_tells_whose_turn(server: Server) -> None:
    ann, bob = Browser(server.url), Browser(server.url)
    assert ann.register(_name()).status_code == 201 and bob.register(_name()).status_code == 201
    made = ann.send("POST", "/api/tables", {"game": "carcassonne", "seats": ["human", "human"]})
    table = made.json()["id"]
    with my_socket(bob) as socket:
        assert turns(socket) == []
        assert ann.send("POST", f"/api/tables/{table}/seats/0", {"name": "ann"}).status_code == 201
        assert bob.send("POST", f"/api/tables/{table}/seats/1", {"name": "bob"}).status_code == 201
        view = ann.send("GET", f"/api/tables/{table}").json()
        assert view["to_move"] == [0]
        play_until_other(ann, table, 0)
        until(socket, [(table, "carcassonne", 1)])  # the table joined after the socket opened counts too
        play_until_other(bob, table, 1)
        until(socket, [])
    with my_socket(ann) as socket:
        assert turns(socket) == [(table, "carcassonne", 0)]  # at once, on opening


def test_an_invitation_comes_and_goes_on_the_socket(server: Server) -> None:
    ann, bob, bob_name = Browser(server.url), Browser(server.url), _name()
    assert ann.register(_name()).status_code == 201 and bob.register(bob_name).status_code == 201
    with my_socket(bob) as socket:
        assert json.loads(socket.recv(timeout=15)) == {"turns": [], "invitations": []}
        made = ann.send("POST", "/api/tables", {"game": "carcassonne", "seats": ["human", f"invite:{bob_name}"]})
        assert made.status_code == 201, made.text
        table = made.json()["id"]
        # a table not known to the socket: read again within UNKNOWN_SECONDS, not the periodic check
        until(socket, [(table, "carcassonne", 1)], timeout=UNKNOWN_SECONDS + 4, field="invitations")
        assert bob.send("POST", f"/api/tables/{table}/seats/1", {"name": bob_name}).status_code == 201
        until(socket, [], timeout=4, field="invitations")  # a notice of the inviting table: at once


def test_a_guest_is_refused(server: Server) -> None:
    from websockets.exceptions import ConnectionClosed

    with my_socket(Browser(server.url)) as socket:
        refusal = json.loads(socket.recv(timeout=10))
        assert refusal["error"] == "not-signed-in"
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


def test_another_sites_page_is_refused(server: Server) -> None:
    from websockets.exceptions import ConnectionClosed

    bob = Browser(server.url)
    assert bob.register(_name()).status_code == 201
    with my_socket(bob, origin="https://evil.example") as socket:
        assert json.loads(socket.recv(timeout=10))["error"] == "foreign-origin"
        with pytest.raises(ConnectionClosed):
            socket.recv(timeout=10)


def test_a_move_through_another_process_reaches_the_socket(
    postgres_url: str, redis_url: str, start_server: Any
) -> None:
    """Two processes sharing PostgreSQL and Redis: Ann moves through one, Bob's socket is on the other."""
    first, second = start_server(postgres_url, redis_url), start_server(postgres_url, redis_url)
    ann, bob = Browser(first.url), Browser(second.url)
    assert ann.register(_name()).status_code == 201 and bob.register(_name()).status_code == 201
    table = ann.send("POST", "/api/tables", {"game": "carcassonne", "seats": ["human", "human"]}).json()["id"]
    assert ann.send("POST", f"/api/tables/{table}/seats/0", {"name": "ann"}).status_code == 201
    assert bob.send("POST", f"/api/tables/{table}/seats/1", {"name": "bob"}).status_code == 201
    with my_socket(bob) as socket:
        assert turns(socket) == []
        play_until_other(ann, table, 0)
        until(socket, [(table, "carcassonne", 1)], timeout=4)  # a notice of a known table: no periodic wait
