"""Safe clicks at a real server: a table waits for every human seat before anything moves (no
move, no clock, no timeout move), a timeout move is announced, and a player may leave (the
table's timeout policy plays the seat from then on) or resign."""

from __future__ import annotations

import time
from typing import Any

from tests.server.client import Player, http, new_table, sit
from tests.server.conftest import Server

MOVE_SECONDS = 0.5


def _wait_for(player: Player, done: Any, seconds: float = 15) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    view = player.view()
    while not done(view) and time.monotonic() < deadline:
        time.sleep(0.1)
        view = player.view()
    assert done(view), view
    return view


def test_a_timed_table_waits_for_its_empty_seat(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "human"], clock={"kind": "move", "seconds": MOVE_SECONDS})
    ann = sit(base, table["id"], 0, "ann")
    before = ann.view()
    assert before["status"] == "open" and before["waiting"] == 1
    assert before["legal"] == [] and before["clocks"]["running"] == []
    time.sleep(4 * MOVE_SECONDS)  # longer than a move's time: nothing may happen
    after = ann.view()
    assert after["state_id"] == before["state_id"] == 0
    assert after["clocks"]["left"] == before["clocks"]["left"] and after["clocks"]["running"] == []
    assert after["events"] == []
    url = f"{base}/api/tables/{table['id']}"
    for route, body in (("actions", {"state_id": 0, "action": 0}), ("undo", {}), ("resign", {}), ("leave", {})):
        refused = http.post(f"{url}/{route}", json=body, headers=ann.headers)
        assert refused.status_code == 409, (route, refused.text)
        assert refused.json()["error"] == "waiting-for-players"
        assert refused.json()["message"].startswith("waiting for players"), refused.text
    japanese = http.post(f"{url}/actions?lang=ja", json={"action": 0}, headers=ann.headers).json()["message"]
    assert japanese and "waiting" not in japanese
    assert http.get(url).json()["waiting"] == 1
    bob = sit(base, table["id"], 1, "bob")  # the last seat: the game starts, and its clock
    started = bob.view()
    assert started["status"] == "running" and started["waiting"] == 0
    assert started["clocks"]["running"] == started["to_move"]
    mover = {0: ann, 1: bob}[started["to_move"][0]]
    legal = mover.view()["legal"]
    assert legal
    assert mover.act(0, legal[0]["json"]).status_code == 200


def test_a_table_with_a_bot_waits_for_its_human(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["bot:easy", "human"], clock={"kind": "move", "seconds": MOVE_SECONDS})
    time.sleep(4 * MOVE_SECONDS)  # the bot decides first, but nobody sits at the other seat yet
    watched = http.get(f"{base}/api/tables/{table['id']}").json()
    assert watched["state_id"] == 0 and watched["waiting"] == 1 and watched["events"] == []
    bob = sit(base, table["id"], 1, "bob")
    _wait_for(bob, lambda view: view["state_id"] >= 1)  # now the bot plays


def test_a_timeout_move_is_announced_to_the_seat_and_in_the_log(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "human"], clock={"kind": "move", "seconds": MOVE_SECONDS})
    players = [sit(base, table["id"], 0, "ann"), sit(base, table["id"], 1, "bob")]
    late = players[0].view()["to_move"][0]
    view = _wait_for(players[late], lambda view: any(e["kind"] == "timeout" for e in view["events"]))
    notice = next(e for e in view["events"] if e["kind"] == "timeout")
    name = ["ann", "bob"][late]
    assert notice["player"] == late and notice["text"].startswith(f"{name} ran out of time"), notice
    assert notice["state_id"] >= 1
    japanese = http.get(f"{base}/api/tables/{table['id']}?lang=ja").json()["events"]
    said = next(e["text"] for e in japanese if e["kind"] == "timeout")
    assert name in said and "ran out" not in said
    assert players[1 - late].view()["events"][0]["kind"] == "timeout"  # the others read it too


def test_a_player_who_leaves_is_played_by_the_server(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "human"])  # no clock: the server never waits for one
    ann, bob = sit(base, table["id"], 0, "ann"), sit(base, table["id"], 1, "bob")
    url = f"{base}/api/tables/{table['id']}/leave"
    assert http.post(url, json={}).status_code == 403  # a spectator has no seat to leave
    state_id = ann.view()["state_id"]
    left = http.post(url, json={"state_id": state_id}, headers=ann.headers)
    assert left.status_code == 200, left.text
    view = left.json()
    assert view["seats"][0]["left"] and not view["seats"][1]["left"] and view["legal"] == []
    assert any(e["kind"] == "leave" and e["text"].startswith("ann left the game") for e in view["events"])
    assert http.post(url, json={}, headers=ann.headers).status_code == 403  # gone is gone
    assert ann.act(None, 0).status_code == 403
    for _ in range(3):  # whenever ann's seat decides, the server plays it at once
        view = _wait_for(bob, lambda view: view["legal"] or view["result"] is not None, seconds=10)
        if view["result"] is not None:
            break
        assert bob.act(view["state_id"], view["legal"][0]["json"]).status_code == 200
    players = {event["player"] for event in bob.view()["events"] if event["kind"] not in ("leave", "timeout")}
    assert 0 in players, "the server did not play the seat that left"
    assert bob.view()["result"] is None


def test_leaving_a_table_that_forfeits_on_time_is_resigning(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    clock = {"kind": "move", "seconds": 600, "on_timeout": "forfeit"}
    table = new_table(base, "carcassonne", ["human", "human"], clock=clock)
    ann, _bob = sit(base, table["id"], 0, "ann"), sit(base, table["id"], 1, "bob")
    left = http.post(f"{base}/api/tables/{table['id']}/leave", json={}, headers=ann.headers)
    assert left.status_code == 200, left.text
    assert left.json()["result"]["reason"] == "forfeit-resign" and left.json()["result"]["ranks"] == [2, 1]


def test_the_server_says_which_actions_cannot_be_taken_back(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "human"])
    url = f"{base}/api/tables/{table['id']}/final"
    ann = sit(base, table["id"], 0, "ann")
    assert http.post(url, json={"action": 0}, headers=ann.headers).status_code == 409  # bob is not seated yet
    bob = sit(base, table["id"], 1, "bob")
    mover = {0: ann, 1: bob}[ann.view()["to_move"][0]]
    view = mover.view()
    place = view["legal"][0]
    assert place["json"]["kind"] == "place"
    asked = http.post(url, json={"state_id": view["state_id"], "action": place["id"]}, headers=mover.headers)
    assert asked.status_code == 200 and asked.json() == {"final": False}, asked.text  # undo takes a tile back
    assert mover.view()["state_id"] == view["state_id"]  # asking plays nothing
    assert http.post(url, json={"action": place["id"]}).status_code == 403  # a spectator has no decision
    assert mover.act(view["state_id"], place["id"]).status_code == 200
    after = mover.view()
    for action in after["legal"]:  # a follower, or none: the turn passes, nothing to take back
        answer = http.post(url, json={"state_id": after["state_id"], "action": action["id"]}, headers=mover.headers)
        assert answer.json() == {"final": True}, (action, answer.text)
