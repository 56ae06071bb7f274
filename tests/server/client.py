"""A small HTTP client of the table contract, for the server tests."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import httpx

if TYPE_CHECKING:
    from townhall.server.runner import TableRunner

# One client with keep-alive for the tests (a new connection per request costs ~30 ms).
http = httpx.Client(timeout=30)


class Player:
    def __init__(self, base: str, table: str, seat: int, token: str) -> None:
        self.base, self.table, self.seat, self.token = base, table, seat, token
        self.headers = {"Authorization": f"Bearer {token}"}

    def view(self) -> dict[str, Any]:
        response = http.get(f"{self.base}/api/tables/{self.table}", headers=self.headers, timeout=30)
        assert response.status_code == 200, response.text
        return dict(response.json())

    def act(self, state_id: int | None, action: Any) -> httpx.Response:
        return http.post(
            f"{self.base}/api/tables/{self.table}/actions",
            json={"state_id": state_id, "action": action},
            headers=self.headers,
            timeout=30,
        )


@contextmanager
def open_socket(base: str, table: str, token: str | None, query: str = "", **options: Any) -> Iterator[Any]:
    """A table's websocket, its first message sent: the seat's token (None: watching)."""
    from websockets.sync.client import connect

    with connect(f"{base.replace('http', 'ws', 1)}/ws/tables/{table}{query}", **options) as socket:
        socket.send(json.dumps({"token": token}))
        yield socket


def new_table(base: str, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    response = http.post(f"{base}/api/tables", json={"game": game, "seats": seats, **extra}, timeout=30)
    assert response.status_code == 201, response.text
    return dict(response.json())


def sit(base: str, table: str, seat: int, name: str = "ann") -> Player:
    response = http.post(f"{base}/api/tables/{table}/seats/{seat}", json={"name": name}, timeout=30)
    assert response.status_code == 201, response.text
    return Player(base, table, seat, response.json()["token"])


def play_some(players: list[Player], rng: random.Random, moves: int | None = None) -> tuple[int, dict[str, Any]]:
    """Random legal moves by whichever seated player is to move (waiting for bots) until the game
    ends or `moves` actions were acknowledged; returns (acknowledged moves, last view)."""
    done = 0
    by_seat = {player.seat: player for player in players}
    view = players[0].view()
    while view["result"] is None and (moves is None or done < moves):
        mine = [seat for seat in view["to_move"] if seat in by_seat]
        if not (view["seat"] in mine and view["legal"]):
            # another of ours may be deciding (one who finished a secret plan still shows as deciding)
            views = [by_seat[seat].view() for seat in mine]
            deciding = [own for own in views if own["legal"]]
            if not deciding:
                time.sleep(0.02)  # a bot is thinking
                view = players[0].view()
                continue
            view = deciding[0]
        player = by_seat[view["seat"]]
        choice = rng.choice(view["legal"])
        response = player.act(view["state_id"], choice["json"])
        if response.status_code == 409 and response.json()["error"] == "stale-state":
            view = player.view()  # a bot moved in between
            continue
        assert response.status_code == 200, response.text
        done += 1
        view = response.json()
    return done, view


def play_on(runner: TableRunner, table_id: str, rng: random.Random, moves: int) -> None:
    """Random legal moves straight through a runner (no HTTP), at most `moves`, until the end."""
    for _ in range(moves):
        view = runner.reading.view(table_id, None)
        if view["result"] is not None:
            return
        seat = view["to_move"][0]
        legal = runner.reading.view(table_id, seat)["legal"]
        runner.act(table_id, seat, view["state_id"], rng.choice(legal)["json"])
