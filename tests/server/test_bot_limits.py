"""Bounded bots against a real `townhall serve`: runaway agent specs are refused with 400 naming the
limit, specs within the limits still make tables, a bot's move keeps to its budget, and a move that
overruns twice its budget is cut (the greedy bot moves, the log says so)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.client import http, new_table
from tests.server.conftest import Server


def _create(server: Server, seat: str, **extra: Any) -> Any:
    return http.post(f"{server.url}/api/tables", json={"game": "carcassonne", "seats": [seat], **extra}, timeout=30)


@pytest.mark.parametrize(
    ("seat", "extra", "limit"),
    [
        ("bot:mcts:seconds=1000000", {"bot_seconds": 30}, "at most 30 seconds a move"),
        ("bot:mcts:seconds=1000000", {}, "at most 1 second a move"),
        ("bot:mcts:seconds=5", {"bot_seconds": 2}, "at most 2 seconds a move"),
        ("bot:mcts:seconds=inf", {"bot_seconds": 30}, "at most 30 seconds a move"),
        ("bot:greedy:samples=1000000000", {}, "at most 10,000 samples a move"),
        ("bot:mcts:iterations=100000000000", {}, "at most 10,000,000 iterations a move"),
        ("bot:mcts:depth=100000", {}, "at most 1,000 decisions ahead"),
        ("bot:expert:seconds=5", {"bot_seconds": 1}, "at most 4 seconds a move"),
    ],
)
def test_runaway_specs_are_refused_naming_the_limit(
    shared_sqlite_server: Server, seat: str, extra: dict[str, Any], limit: str
) -> None:
    response = _create(shared_sqlite_server, seat, **extra)
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["error"] == "over-limit"
    assert limit in body["message"]


def test_bot_seconds_over_the_cap_is_refused(shared_sqlite_server: Server) -> None:
    response = _create(shared_sqlite_server, "bot:hard", bot_seconds=31)
    assert response.status_code == 400, response.text
    assert "bot_seconds" in response.text


@pytest.mark.parametrize(
    ("seat", "extra"),
    [
        ("bot:mcts:seconds=30", {"bot_seconds": 30}),
        ("bot:mcts:iterations=10000000,depth=1000", {}),
        ("bot:mcts:depth=end", {}),
        ("bot:greedy:samples=10000", {}),
        ("bot:hard", {"bot_seconds": 30}),
    ],
)
def test_specs_within_the_limits_make_tables(shared_sqlite_server: Server, seat: str, extra: dict[str, Any]) -> None:
    response = _create(shared_sqlite_server, seat, **{"players": 2, **extra})
    assert response.status_code == 201, response.text
    shown = response.json()["seats"][0]
    assert shown["spec"] == seat.removeprefix("bot:").replace("hard", "mcts:seconds=30")
    level = "medium" if "greedy" in seat else "hard"  # the spec stays for experts; people read the level
    assert (shown["level"], shown["name"]) == (level, f"Bot ({level})")


@pytest.mark.parametrize(
    ("seat", "spec", "level"),
    [
        ("bot:easy", "greedy:epsilon=0.5", "easy"),
        ("bot:medium", "greedy", "medium"),
        ("bot:hard:seconds=0.25", "mcts:seconds=0.25", "hard"),
        ("bot:hard:c=1", "mcts:c=1,seconds=0.5", "hard"),
        ("bot:expert", "expert:seconds=2", "expert"),
        ("bot:expert:seconds=1.5", "expert:seconds=1.5", "expert"),
    ],
)
def test_levels_are_seats_with_their_agents_parameters(
    shared_sqlite_server: Server, seat: str, spec: str, level: str
) -> None:
    """A level takes its agent's parameters; the expert level thinks up to 4x the table's bot_seconds."""
    response = _create(shared_sqlite_server, seat, players=2, bot_seconds=0.5)
    assert response.status_code == 201, response.text
    shown = response.json()["seats"][0]
    assert (shown["spec"], shown["level"]) == (spec, level)


def _moves_after(server: Server, table: str, moves: int, within: float) -> tuple[float, int]:
    """(seconds, state id) once a bots-only table has made `moves` moves, waiting at most `within`."""
    started = time.monotonic()
    while time.monotonic() - started < within:
        state_id = int(http.get(f"{server.url}/api/tables/{table}", timeout=30).json()["state_id"])
        if state_id >= moves:
            return time.monotonic() - started, state_id
        time.sleep(0.02)
    raise AssertionError(f"the bots made fewer than {moves} moves in {within} s")


def _log(server: Server) -> str:
    server.stop()
    assert server.process is not None and server.process.stdout is not None
    return server.process.stdout.read().decode()


def test_a_slow_spec_keeps_to_its_budget(start_server: Callable[..., Server], sqlite_url: str) -> None:
    """10,000 greedy samples over Antiquity's 148 opening actions would take minutes; the bot stops
    sampling once its 0.5 s are spent."""
    server = start_server(sqlite_url)
    budget = 0.5
    table = new_table(server.url, "antiquity", ["bot:greedy:samples=10000"] * 4, bot_seconds=budget)["id"]
    seconds, state_id = _moves_after(server, table, 3, within=60)
    assert seconds / state_id < 2 * budget + 1.0, (seconds, state_id)


def test_a_move_overrunning_twice_its_budget_is_cut(start_server: Callable[..., Server], sqlite_url: str) -> None:
    """A budget of 0.5 ms: one greedy sample of Antiquity's opening (148 actions) takes longer than
    twice that, so the move is cut, the greedy bot moves at once and the late answer is discarded."""
    server = start_server(sqlite_url)
    budget = 0.0005
    table = new_table(server.url, "antiquity", ["bot:greedy"] * 4, bot_seconds=budget)["id"]
    seconds, state_id = _moves_after(server, table, 3, within=30)
    assert seconds / state_id < 2 * budget + 1.0, (seconds, state_id)
    time.sleep(1.5)  # the late answers come
    log = _log(server)
    assert f"at table {table} seat" in log
    cuts = log.count("cut, the greedy bot moves")
    assert cuts, log
    # a cut move is either answered late and discarded, or (every thinker busy) never started
    assert 1 <= log.count("; discarded") + log.count("had not started: dropped") <= cuts, log
    assert "Traceback" not in log, log
