"""The table runner on a real SQLite file: the per-process cache of live tables is bounded, and an
evicted table comes back from the stored log exactly as it was (a forfeit included)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.server.client import play_on
from townhall import games
from townhall.engine.outcome import forfeit
from townhall.server.runner import TableRunner
from townhall.server.sql_store import SqlStore
from townhall.server.storage import connect


def test_the_cache_is_bounded_and_evicted_tables_come_back_from_the_log(tmp_path: Path) -> None:
    runner = TableRunner(SqlStore(connect(f"sqlite:///{tmp_path / 'lru.db'}")), games.get, capacity=2)
    rng = random.Random(5)
    tables = [runner.create("carcassonne", 2, {}, ["human", "human"], {}) for _ in range(4)]
    for table_id in tables:  # a game starts once every human seat is taken
        runner.seating.take_seat(table_id, 0, "ann")
        runner.seating.take_seat(table_id, 1, "bob")
    for table_id in tables:
        play_on(runner, table_id, rng, 6)
    runner.resign(tables[0], 1)
    seen = {t: [runner.reading.view(t, seat) for seat in (None, 0, 1)] for t in tables}
    assert len(runner.cache) == 2  # only the two most recently used tables stay in memory
    for table_id in tables:  # each view evicts another table: every one is rebuilt from its log
        assert [runner.reading.view(table_id, seat) for seat in (None, 0, 1)] == seen[table_id]
        assert len(runner.cache) <= 2
    assert seen[tables[0]][0]["result"]["reason"] == "forfeit-resign"
    # a fresh process (an empty cache) sees the same tables
    fresh = TableRunner(SqlStore(connect(f"sqlite:///{tmp_path / 'lru.db'}")), games.get, capacity=2)
    assert fresh.reading.view(tables[3], 0) == runner.reading.view(tables[3], 0)
    play_on(fresh, tables[3], rng, 3)  # and plays on where the other left off
    assert runner.reading.view(tables[3], None)["state_id"] == fresh.reading.view(tables[3], None)["state_id"] >= 9


def test_forfeit_ranks_the_players_who_gave_up_last() -> None:
    assert forfeit(2, [0], "time").ranks == (2, 1)
    three = forfeit(3, [1], "resign")
    assert three.ranks == (1, 3, 1) and three.scores == (0.0, 0.0, 0.0) and three.reason == "forfeit-resign"
    assert forfeit(4, [0, 2], "time").ranks == (3, 1, 3, 1)
    with pytest.raises(ValueError):
        forfeit(2, [2], "time")
    with pytest.raises(ValueError):
        forfeit(2, [0], "boredom")
