"""The store's "tables waiting for this seat's move" (for a player's turn list): the seats deciding
now are stored with every step, on SQLite, PostgreSQL and in memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from townhall import games
from townhall.server.memory_store import MemoryStore
from townhall.server.runner import TableRunner
from townhall.server.sql_store import SqlStore
from townhall.server.storage import connect
from townhall.server.store import TableStore


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> TableStore:
    if request.param == "memory":
        return MemoryStore()
    if request.param == "sqlite":
        return SqlStore(connect(f"sqlite:///{tmp_path / 'turns.db'}"))
    return SqlStore(connect(request.getfixturevalue("postgres_url")))


def test_the_store_tells_which_tables_wait_for_a_seat(store: TableStore) -> None:
    runner = TableRunner(store, games.get)
    playing = runner.create("carcassonne", 2, {}, ["human", "human"], {})
    waiting = runner.create("carcassonne", 2, {}, ["human", "human"], {})  # open: nobody decides yet
    runner.seating.take_seat(playing, 0, "ann")
    runner.seating.take_seat(playing, 1, "bob")
    runner.seating.take_seat(waiting, 0, "ann")
    asked = [(playing, 0), (playing, 1), (waiting, 0), (waiting, 1), ("no-such-table", 0)]
    first = runner.reading.view(playing, None)["to_move"][0]
    assert store.waiting_for(asked) == [(playing, first)]

    legal = runner.reading.view(playing, first)["legal"]
    runner.act(playing, first, None, legal[0]["json"])
    now = runner.reading.view(playing, None)["to_move"]
    assert store.waiting_for(asked) == [(playing, seat) for seat in (0, 1) if seat in now]
    runner.resign(playing, 0)
    assert store.waiting_for(asked) == []  # over: nobody's move
