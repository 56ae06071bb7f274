"""Rematch: once a game is over, each of its players takes their seat, one on, at one new table
(same game, options, clock, bots), whoever asks first; refused before the end and to anyone
without the old seat's token. Against real servers, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.server.client import Player, http, new_table, play_some, sit
from tests.server.conftest import Server
from townhall import games
from townhall.server.runner import TableRunner
from townhall.server.sql_store import SqlStore
from townhall.server.storage import connect


def rematch(base: str, table: str, token: str | None) -> tuple[int, dict[str, object]]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = http.post(f"{base}/api/tables/{table}/rematch", headers=headers)
    return response.status_code, dict(response.json())


def test_a_finished_table_has_one_rematch_with_the_seats_moved_on(each_database_server: Server) -> None:
    base = each_database_server.url
    options = {"river": False}
    table = new_table(base, "carcassonne", ["human", "human", "bot:random"], options=options, bot_seconds=0.2)
    ann, bob = sit(base, table["id"], 0, "ann"), sit(base, table["id"], 1, "bob")
    status, refused = rematch(base, table["id"], ann.token)
    assert (status, refused["error"]) == (409, "not-over"), refused
    assert "over" in str(refused["message"])

    _moves, end = play_some([ann, bob], random.Random(5))
    assert end["result"] is not None
    status, first = rematch(base, table["id"], ann.token)
    assert status == 201, first
    assert first["seat"] == 1 and first["token"] == ann.token
    new_id = str(first["id"])
    assert new_id != table["id"]

    # only bob's token reaches bob's seat: a spectator, a stranger and a wrong token are refused
    assert rematch(base, table["id"], None)[0] == 403
    assert rematch(base, table["id"], "not-a-token")[0] == 401
    stranger = http.post(f"{base}/api/tables/{new_id}/seats/2", json={"name": "eve"})
    assert stranger.status_code == 409 and stranger.json()["error"] == "seat-taken"
    waiting = http.get(f"{base}/api/tables/{new_id}").json()
    assert waiting["status"] == "open" and waiting["waiting"] == 1

    # bob asking reaches the same table, at his seat one on; asking again changes nothing
    status, second = rematch(base, table["id"], bob.token)
    assert (status, second["id"], second["seat"]) == (201, new_id, 2)
    assert rematch(base, table["id"], ann.token)[1] == first
    summary = http.get(f"{base}/api/tables/{new_id}").json()
    assert summary["game"] == "carcassonne" and summary["options"] == end["options"]
    assert summary["settings"]["rematch_of"] == table["id"]
    assert summary["settings"]["bot_seconds"] == 0.2
    assert [(s["kind"], s["name"], s["taken"]) for s in summary["seats"]] == [
        ("bot", summary["seats"][0]["name"], True),
        ("human", "ann", True),
        ("human", "bob", True),
    ]
    assert summary["seats"][0]["spec"] == "random"
    assert summary["status"] == "running"

    # the old tokens play the new seats
    players = [Player(base, new_id, 1, ann.token), Player(base, new_id, 2, bob.token)]
    assert players[0].view()["seat"] == 1 and players[1].view()["seat"] == 2
    moves, view = play_some(players, random.Random(6), moves=6)
    assert moves == 6 and view["state_id"] >= 6

    # the rematch of the rematch is another table
    assert http.post(f"{base}/api/tables/{new_id}/rematch", headers=players[0].headers).status_code == 409


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_players_asking_at_once_through_two_processes_reach_one_table(
    database: str, request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue(f"{database}_url")
    # two processes' caches; on SQLite (one process serves it) they share one store
    shared = SqlStore(connect(url))
    first, second = (
        TableRunner(shared if database == "sqlite" else SqlStore(connect(url)), games.get) for _ in range(2)
    )
    tables = []
    for _ in range(3):
        table_id = first.create("carcassonne", 2, {}, ["human", "human"], {})
        first.seating.take_seat(table_id, 0, "ann")
        first.seating.take_seat(table_id, 1, "bob")
        first.resign(table_id, 1)
        tables.append(table_id)
    with ThreadPoolExecutor(4) as pool:
        asked = [
            pool.submit(runner.seating.rematch, table_id, seat)
            for table_id in tables
            for runner, seat in ((first, 0), (second, 1), (second, 0), (first, 1))
        ]
        answers = [future.result() for future in asked]
    for index in range(len(tables)):
        mine = answers[4 * index : 4 * index + 4]
        assert len({new_id for new_id, _seat in mine}) == 1  # one rematch per table
        assert [seat for _id, seat in mine] == [1, 0, 1, 0]
        summary = second.reading.view(mine[0][0], None)  # read fresh: the other process may have seated someone
        assert summary["status"] == "running" and [s["name"] for s in summary["seats"]] == ["bob", "ann"]
