"""The turn clock (a turn-based table: H hours a move): its validation, its deadline in the view,
and an overdue move played by the table's timeout policy, also when the deadline passed while the
server was down. Against real servers on SQLite and PostgreSQL; `TOWNHALL_TURN_HOUR` shortens the
hour for the tests (a server setting, read when a table is made)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.client import http, new_table, sit
from tests.server.conftest import Server

HOUR = 1.0  # seconds a turn clock's hour lasts in the restart test: 4 "hours" a move are 4 s


def test_turn_clock_options_are_checked_and_the_deadline_is_shown(each_database_server: Server) -> None:
    base = each_database_server.url
    for clock in (
        {"kind": "turn"},
        {"kind": "turn", "hours": 5},
        {"kind": "turn", "hours": "24"},
        {"kind": "turn", "hours": True},
        {"kind": "turn", "hours": 24, "seconds": 3},
    ):
        refused = http.post(f"{base}/api/tables", json={"game": "carcassonne", "clock": clock})
        assert refused.status_code == 400, (clock, refused.text)
        assert refused.json()["error"] == "option-error" and "clock" in refused.json()["message"]
    japanese = http.post(f"{base}/api/tables?lang=ja", json={"game": "carcassonne", "clock": {"kind": "turn"}})
    assert japanese.status_code == 400 and "turn clock gives" not in japanese.json()["message"]

    table = new_table(base, "carcassonne", ["human", "human"], clock={"kind": "turn", "hours": 24})
    assert table["settings"]["clock"] == {"kind": "turn", "hours": 24, "seconds": 86400.0, "on_timeout": "bot"}
    ann = sit(base, table["id"], 0, "ann")
    assert ann.view()["clocks"]["running"] == []  # open: no clock runs
    sat = time.time()
    bob = sit(base, table["id"], 1, "bob")
    view = bob.view()
    clocks = view["clocks"]
    mover = view["to_move"][0]
    assert clocks["kind"] == "turn" and clocks["running"] == [mover]
    assert sat + 86400 - 5 <= clocks["due"][mover] <= time.time() + 86400
    assert clocks["due"][1 - mover] is None and clocks["left"][1 - mover] is None
    assert 86400 - 5 <= clocks["left"][mover] <= 86400


def _wait(check: Callable[[], Any], seconds: float) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    return check()


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_an_overdue_turn_is_played_after_a_restart(
    database: str, request: pytest.FixtureRequest, start_server: Callable[..., Server], monkeypatch: pytest.MonkeyPatch
) -> None:
    url = request.getfixturevalue(f"{database}_url")
    monkeypatch.setenv("TOWNHALL_TURN_HOUR", str(HOUR))  # the servers started below inherit it
    server = start_server(url)
    table = new_table(server.url, "carcassonne", ["human", "human"], clock={"kind": "turn", "hours": 4})
    players = [sit(server.url, table["id"], 0, "ann"), sit(server.url, table["id"], 1, "bob")]
    before = players[0].view()
    mover = before["to_move"][0]
    due = before["clocks"]["due"][mover]
    assert due is not None and before["state_id"] == 0

    server.kill()  # down before the deadline, up after it: the deadline was stored
    time.sleep(max(0.0, due - time.time()) + 0.5)
    server.start()
    timed_out = _wait(lambda: (view := players[0].view())["state_id"] >= 1 and view, 10)
    assert timed_out, "the overdue turn was not played after the restart"
    kinds = [event["kind"] for event in timed_out["events"]]
    assert "timeout" in kinds, kinds
    line = next(event for event in timed_out["events"] if event["kind"] == "timeout")
    assert line["player"] == mover and "ran out of time" in line["text"]
    # the next decision has its own stored deadline, and the watcher keeps checking while it runs
    after = timed_out["clocks"]
    assert after["running"] == timed_out["to_move"] and all(after["due"][s] > due for s in after["running"])
    again = _wait(lambda: (view := players[0].view())["state_id"] > timed_out["state_id"] and view, 4 * HOUR + 10)
    assert again, "the next overdue turn was not played"
