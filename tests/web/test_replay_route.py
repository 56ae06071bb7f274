"""GET /api/tables/{id}/steps/{n}: a finished table's spectator view after n actions (the replay
viewer's source), and the step's player on each event."""

from __future__ import annotations

import random

from tests.server.client import http, new_table, play_some, sit
from tests.server.conftest import Server


def test_the_views_of_a_finished_game_step_by_step(server: Server) -> None:
    base = server.url
    table = new_table(base, "my-city", ["human", "bot:random"])
    ann = sit(base, table["id"], 0)
    before = http.get(f"{base}/api/tables/{table['id']}/steps/0")
    assert before.status_code == 409 and before.json()["error"] == "not-over"
    _, final = play_some([ann], random.Random(3))
    assert final["result"] is not None
    assert all(event["player"] in (0, 1) for event in final["events"])
    record = http.get(f"{base}/api/tables/{table['id']}/record").json()
    steps = len(record["steps"])
    first = http.get(f"{base}/api/tables/{table['id']}/steps/0").json()
    assert (first["step"], first["steps"], first["state_id"], first["events"]) == (0, steps, 0, [])
    assert first["seat"] is None and first["legal"] == [] and first["result"] is None
    one = http.get(f"{base}/api/tables/{table['id']}/steps/1").json()
    assert one["events"] and {event["player"] for event in one["events"]} == {record["steps"][0]["player"]}
    last = http.get(f"{base}/api/tables/{table['id']}/steps/{steps}").json()
    spectator = http.get(f"{base}/api/tables/{table['id']}").json()
    assert last["board"] == spectator["board"] and last["result"] == spectator["result"]
    outside = http.get(f"{base}/api/tables/{table['id']}/steps/{steps + 1}")
    assert outside.status_code == 400 and outside.json()["error"] == "bad-request"
