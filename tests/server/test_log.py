"""The log as players read it: steps taken back stay in it marked undone (live and once the table
is rebuilt from its rows), each line names its actor, and the whole log is served page by page."""

from __future__ import annotations

import random
from typing import Any

from tests.server.client import http, new_table, play_on, play_some, sit
from tests.server.conftest import Server
from townhall import games
from townhall.server import history
from townhall.server.memory_store import MemoryStore
from townhall.server.runner import TableRunner


def _seated(runner: TableRunner) -> str:
    """A two-person Carcassonne table with both seats taken (a game starts only then)."""
    table_id = runner.create("carcassonne", 2, {}, ["human", "human"], {})
    for seat, name in enumerate(("ann", "bob")):
        runner.seating.take_seat(table_id, seat, name)
    return table_id


def _undo_once(runner: TableRunner, table_id: str, rng: random.Random) -> tuple[int, int]:
    """Random moves until one may be taken back, then take it back: (its seat, its state id)."""
    for _ in range(60):
        view = runner.reading.view(table_id, None)
        seat = view["to_move"][0]
        legal = runner.reading.view(table_id, seat)["legal"]
        state_id = runner.act(table_id, seat, view["state_id"], rng.choice(legal)["json"])
        if runner.reading.view(table_id, seat)["can_undo"]:
            runner.undo(table_id, seat, state_id)
            return seat, state_id
    raise AssertionError("no undoable step in 60 actions")


def test_an_undone_step_stays_in_the_log_marked_live_and_rebuilt() -> None:
    store = MemoryStore()
    runner = TableRunner(store, games.get)
    table_id = _seated(runner)
    seat, undone_id = _undo_once(runner, table_id, random.Random(3))
    events = runner.reading.view(table_id, seat)["events"]
    marked = [e for e in events if e["undone"]]
    assert marked and {e["state_id"] for e in marked} == {undone_id}
    assert all(e["player"] == seat and e["text"] for e in marked)
    assert all(not e["undone"] for e in events if e["state_id"] != undone_id)
    fresh = TableRunner(store, games.get)  # another process: the undone step's events replayed
    assert fresh.reading.view(table_id, seat)["events"] == events
    assert fresh.reading.log_page(table_id, seat, None, 200)["events"] == events


def test_each_line_names_the_seat_it_is_about() -> None:
    runner = TableRunner(MemoryStore(), games.get)
    table_id = _seated(runner)
    play_on(runner, table_id, random.Random(4), 4)
    events = runner.reading.view(table_id, None)["events"]
    draws = [e for e in events if e["kind"] == "draw"]
    # a tile placed by one seat ends with the next seat's draw: that line is the next seat's
    assert draws and all(e["actor"] == e["data"]["player"] for e in draws)
    assert any(e["actor"] != e["player"] for e in draws)
    assert all(e["actor"] == e["player"] for e in events if e["kind"] == "place")


def test_a_score_is_the_line_of_its_scorer() -> None:
    runner = TableRunner(MemoryStore(), games.get)
    table_id = _seated(runner)
    play_on(runner, table_id, random.Random(4), 200)  # to the end: the final scoring
    scores = [e for e in runner.reading.log_page(table_id, None, None, 200)["events"] if e["kind"] in ("score", "farm")]
    assert scores
    for e in scores:
        scorers = e["data"]["scorers"]
        assert e["actor"] == (scorers[0] if len(scorers) == 1 else None)
    assert any(e["actor"] != e["player"] for e in scores)


def test_the_whole_log_page_by_page() -> None:
    runner = TableRunner(MemoryStore(), games.get)
    table_id = _seated(runner)
    play_on(runner, table_id, random.Random(5), history.ROWS_SHOWN + 25)
    view = runner.reading.view(table_id, None)
    assert view["earlier_events"] is True
    assert min(e["state_id"] for e in view["events"]) > 1
    lines: list[dict[str, Any]] = list(view["events"])
    before: int | None = min(e["state_id"] for e in lines)
    pages = 0
    while True:
        page = runner.reading.log_page(table_id, None, before, 10)
        assert all(e["state_id"] < before for e in page["events"])
        lines = page["events"] + lines
        pages += 1
        if not page["earlier"]:
            break
        before = min(e["state_id"] for e in page["events"])
    assert pages >= 2
    whole = runner.reading.log_page(table_id, None, None, history.MAX_PAGE_ROWS)
    assert whole["earlier"] is False and whole["events"] == lines
    assert [e["state_id"] for e in lines] == sorted(e["state_id"] for e in lines)
    assert lines[0]["state_id"] == 1


def test_the_log_over_http(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "human"])
    players = [sit(base, table["id"], 0, "ann"), sit(base, table["id"], 1, "bob")]
    play_some(players, random.Random(6), 6)
    page = http.get(f"{base}/api/tables/{table['id']}/log", params={"limit": 3}, headers=players[0].headers)
    assert page.status_code == 200, page.text
    body = page.json()
    assert body["earlier"] is True and {e["state_id"] for e in body["events"]} == {4, 5, 6}
    earlier = http.get(f"{base}/api/tables/{table['id']}/log", params={"before": 4}).json()
    assert earlier["earlier"] is False and {e["state_id"] for e in earlier["events"]} == {1, 2, 3}
    for params in ({"limit": 0}, {"limit": 1000}, {"before": -1}):
        refused = http.get(f"{base}/api/tables/{table['id']}/log", params=params)
        assert refused.status_code in (400, 422) and "error" in refused.json(), refused.text
    missing = http.get(f"{base}/api/tables/{'0' * 32}/log")
    assert missing.status_code == 404 and "error" in missing.json()
