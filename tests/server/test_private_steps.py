"""A seat's private steps (Antiquity's phase-2 plan, `State.private_step`) stay private on the
server: no other seat's or spectator's view, state id, events or pushes change (issue 32).

The views are compared as the JSON text the server sends, across two different private plans."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.client import Player, http, new_table, open_socket, sit
from tests.server.conftest import Server
from townhall import games
from townhall.server import live as live_module
from townhall.server.memory_store import MemoryStore
from townhall.server.runner import TableRunner

GAME = "antiquity"
OTHERS = (1, None)  # the other seat and a spectator

pytest.importorskip("websockets.sync.client")


def _to_plan(runner: TableRunner, table_id: str, rng: random.Random) -> None:
    """Random moves until seat 0 may take a private step."""
    for _ in range(500):
        live = runner.cache.get(table_id)
        if 0 in live.state.to_move() and any(live.state.private_step(0, a) for a in live.state.legal_actions(0)):
            return
        seat = live.state.to_move()[0]
        own = runner.reading.view(table_id, seat)
        runner.act(table_id, seat, own["state_id"], rng.choice(own["legal"])["json"])
    raise AssertionError("no private step within 500 moves")


def _private_plan(runner: TableRunner, table_id: str, rng: random.Random, steps: int) -> int:
    """Up to `steps` random private steps of seat 0; how many it took."""
    taken = 0
    for _ in range(steps):
        live = runner.cache.get(table_id)
        private = [a for a in live.state.legal_actions(0) if live.state.private_step(0, a)]
        if not private:
            break
        own = runner.reading.view(table_id, 0)
        runner.act(table_id, 0, own["state_id"], live.state.action_to_json(rng.choice(private)))
        taken += 1
    return taken


def _without_id(view: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(view)
    del found["id"]
    return found


class Clock:
    """The runner's time, moved on by hand (a clock left as it was shows the same time left)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("clock", [None, {"kind": "fischer", "base": 600.0, "increment": 5.0}])
def test_private_steps_change_no_other_view_nor_push(monkeypatch: pytest.MonkeyPatch, clock: Any) -> None:
    seen_by_others: list[dict[Any, dict[str, Any]]] = []
    for plan_seed in (1, 2):  # two tables alike up to the plan, then two different private plans
        draws = random.Random(5)
        monkeypatch.setattr(live_module.secrets, "randbits", draws.getrandbits)
        time_now = Clock()
        runner = TableRunner(MemoryStore(), games.get, now=time_now)
        table_id = runner.create(GAME, 2, {}, ["human", "human"], {} if clock is None else {"clock": clock})
        runner.seating.take_seat(table_id, 0, "ann")  # a game starts once every human seat is taken
        runner.seating.take_seat(table_id, 1, "bob")
        _to_plan(runner, table_id, random.Random(3))
        time_now.now += 7.0  # the planner thought: a fischer clock gains its increment at each step
        before = {viewer: runner.reading.view_json(table_id, viewer) for viewer in OTHERS}
        told: list[tuple[int, int | None]] = []
        runner.listeners.append(lambda _table, state_id, private_to, told=told: told.append((state_id, private_to)))
        own_before = runner.reading.view(table_id, 0)["state_id"]
        taken = _private_plan(runner, table_id, random.Random(plan_seed), 4 + plan_seed)
        assert taken >= 2
        assert runner.reading.view(table_id, 0)["state_id"] == own_before + taken  # the seat sees its own steps
        for viewer in OTHERS:
            assert runner.reading.view_json(table_id, viewer) == before[viewer], f"viewer {viewer} saw a private step"
        assert all(private_to == 0 for _, private_to in told)  # every notice names seat 0 alone
        assert runner.reading.lobby()[0]["state_id"] == json.loads(before[None])["state_id"]
        seen_by_others.append({viewer: _without_id(runner.reading.view_json(table_id, viewer)) for viewer in OTHERS})
    assert seen_by_others[0] == seen_by_others[1]  # two different plans look the same to the others


def _quiet(socket: Any, seconds: float) -> list[dict[str, Any]]:
    """The messages a socket gets within `seconds`."""
    got: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            got.append(json.loads(socket.recv(timeout=left)))
        except TimeoutError:
            break
    return got


def test_private_steps_over_http_push_nothing_to_the_others(
    start_server: Callable[..., Server], sqlite_url: str
) -> None:
    server = start_server(sqlite_url)
    table = new_table(server.url, GAME, ["human", "human"])
    ann, bob = sit(server.url, table["id"], 0, "ann"), sit(server.url, table["id"], 1, "bob")
    spectator = Player(server.url, table["id"], -1, "")
    spectator.headers = {}
    while (view := ann.view())["observation"]["phase"] != 2:  # the set-up steps are public
        mover = ann if 0 in view["to_move"] and view["legal"] else bob
        own = mover.view()
        assert mover.act(own["state_id"], own["legal"][0]["json"]).status_code == 200
    with (
        open_socket(server.url, table["id"], bob.token) as bob_socket,
        open_socket(server.url, table["id"], None) as watcher,
    ):
        _quiet(bob_socket, 0.5), _quiet(watcher, 0.5)  # the views on connecting
        before = (bob.view(), spectator.view(), http.get(server.url + "/api/tables").json())
        for _ in range(3):  # three steps of ann's secret plan
            own = ann.view()
            move = next(a for a in own["legal"] if "done" not in a["text"].lower())
            answer = ann.act(own["state_id"], move["json"])
            assert answer.status_code == 200 and answer.json()["state_id"] == own["state_id"] + 1
        assert _quiet(bob_socket, 1.0) == [] and _quiet(watcher, 1.0) == []  # no push fired
        assert (bob.view(), spectator.view(), http.get(server.url + "/api/tables").json()) == before
        while (own := bob.view())["legal"]:  # bob plans and finishes; then ann's done ends phase 2
            done = [a for a in own["legal"] if a["text"].lower() == "done"] or own["legal"]
            assert bob.act(own["state_id"], done[0]["json"]).status_code == 200
        while (own := ann.view())["legal"] and own["observation"]["phase"] == 2:
            done = [a for a in own["legal"] if a["text"].lower() == "done"] or own["legal"]
            assert ann.act(own["state_id"], done[0]["json"]).status_code == 200
        pushed = _quiet(watcher, 2.0)
        assert pushed and pushed[-1]["state_id"] > before[1]["state_id"]  # the reveal is public


def test_a_private_step_taken_back_stays_private() -> None:
    """The seat reads its private step as undone; the others' views do not change at all."""
    runner = TableRunner(MemoryStore(), games.get)
    table_id = runner.create(GAME, 2, {}, ["human", "human"], {})
    runner.seating.take_seat(table_id, 0, "ann")  # a game starts once every human seat is taken
    runner.seating.take_seat(table_id, 1, "bob")
    _to_plan(runner, table_id, random.Random(3))
    before = {viewer: runner.reading.view_json(table_id, viewer) for viewer in OTHERS}
    assert _private_plan(runner, table_id, random.Random(1), 1) == 1
    own = runner.reading.view(table_id, 0)
    assert own["can_undo"]
    runner.undo(table_id, 0, own["state_id"])
    mine = runner.reading.view(table_id, 0)["events"]
    planned = runner.cache.get(table_id).undone[-1].played.events  # a plan step may tell nothing
    undone = [e for e in mine if e["undone"]]
    assert len(undone) == len(planned) and {e["state_id"] for e in undone} <= {own["state_id"]}
    for viewer in OTHERS:
        assert runner.reading.view_json(table_id, viewer) == before[viewer], f"viewer {viewer} saw a private undo"
        page = runner.reading.log_page(table_id, viewer, None, 200)["events"]
        assert not any(e["undone"] for e in page)
    rebuilt = TableRunner(runner.store, games.get)  # another process reads the same
    assert rebuilt.reading.view(table_id, 0)["events"] == mine
