"""kill -9 of `townhall serve` mid-game: at restart every acknowledged action is kept and the game
goes on; concurrent actions on one state: exactly one is applied. On SQLite and PostgreSQL."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.server.client import new_table, play_some, sit
from tests.server.conftest import Server


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> str:
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(fixture)
    return url


def test_kill_9_keeps_every_acknowledged_action(start_server: Callable[..., Server], database: str) -> None:
    server = start_server(database)
    table = new_table(server.url, "carcassonne", ["human", "human", "bot:random"], bot_seconds=0.1)
    players = [sit(server.url, table["id"], seat, name) for seat, name in ((0, "ann"), (1, "bob"))]
    rng = random.Random(7)
    moves, view = play_some(players, rng, moves=6)
    assert moves == 6
    acknowledged = view["state_id"]
    before = players[0].view()
    server.kill()
    server.start()
    after = players[0].view()
    assert after["state_id"] >= acknowledged  # a bot may have moved after the last answer
    if after["state_id"] == before["state_id"]:
        assert after["observation"] == before["observation"]
    more, later = play_some(players, rng, moves=6)
    assert more == 6 and later["state_id"] > after["state_id"]


def test_concurrent_actions_on_one_state_apply_once(start_server: Callable[..., Server], database: str) -> None:
    server = start_server(database)
    table = new_table(server.url, "carcassonne", ["human", "human"])
    players = [sit(server.url, table["id"], seat) for seat in (0, 1)]
    view = players[0].view()
    mover = next(p for p in players if p.seat in view["to_move"])
    legal = mover.view()["legal"]
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda i: mover.act(view["state_id"], legal[i % len(legal)]["json"]), range(6)))
    codes = sorted(answer.status_code for answer in answers)
    assert codes.count(200) == 1 and codes.count(409) == 5, codes
    assert mover.view()["state_id"] == view["state_id"] + 1
