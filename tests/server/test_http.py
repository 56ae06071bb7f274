"""The HTTP contract against a real `townhall serve` process on SQLite."""

from __future__ import annotations

import random
import time

import pytest

from tests.server.client import http, new_table, play_some, sit
from tests.server.conftest import Server
from townhall import games
from townhall.agents import TableSpec
from townhall.engine.errors import OptionError
from townhall.engine.records import MatchRecord, replay


def test_whole_game_against_a_bot_then_record_replays(shared_sqlite_server: Server) -> None:
    server = shared_sqlite_server
    listed = http.get(server.url + "/api/games").json()
    assert {"carcassonne"} <= {game["name"] for game in listed}
    table = new_table(server.url, "carcassonne", ["human", "bot:random"], bot_seconds=0.2)
    assert table["seats"][1]["kind"] == "bot"
    ann = sit(server.url, table["id"], 0)
    lobby = http.get(server.url + "/api/tables").json()
    assert table["id"] in {t["id"] for t in lobby}
    moves, view = play_some([ann], random.Random(3))
    assert moves > 10
    assert view["result"] is not None and len(view["result"]["ranks"]) == 2
    assert view["legal"] == []
    record = http.get(f"{server.url}/api/tables/{table['id']}/record").json()
    frames = list(replay(MatchRecord.from_json(record), games.get))
    assert frames[-1].state.outcome() is not None
    assert [float(s) for s in frames[-1].state.scores()] == view["result"]["scores"]


def test_refusals_have_their_codes(shared_sqlite_server: Server) -> None:
    server = shared_sqlite_server
    base = server.url
    table = new_table(base, "carcassonne", ["human", "human"])
    tid = table["id"]
    ann, bob = sit(base, tid, 0, "ann"), sit(base, tid, 1, "bob")
    # a seat already taken, a bot seat
    assert http.post(f"{base}/api/tables/{tid}/seats/0", json={"name": "eve"}).status_code == 409
    view = ann.view()
    mover = ann if 0 in view["to_move"] else bob
    other = bob if mover is ann else ann
    legal = mover.view()["legal"]
    assert legal and all({"id", "text", "json", "target"} <= set(item) for item in legal)
    assert other.view()["legal"] == []
    spectator = http.get(f"{base}/api/tables/{tid}").json()
    assert spectator["legal"] == [] and spectator["seat"] is None
    # 403: not your decision; 401: bad token; 400: malformed; 422: illegal (names the clause)
    refused = other.act(view["state_id"], legal[0]["json"])
    assert refused.status_code == 403, refused.text
    assert refused.json()["error"] == "not-your-turn"
    bad = http.post(
        f"{base}/api/tables/{tid}/actions",
        json={"state_id": 0, "action": 0},
        headers={"Authorization": "Bearer nope"},
    )
    assert bad.status_code == 401 and bad.json()["error"] == "bad-token"
    assert mover.act(view["state_id"], {"no": "such"}).status_code == 400
    legal_ids = {item["id"] for item in legal}
    illegal = next(a for a in range(10**6) if a not in legal_ids)
    response = mover.act(view["state_id"], illegal)
    assert response.status_code in (400, 422), response.text
    if response.status_code == 422:
        assert response.json()["clause"]
    # accepted, then the same state id again is stale (409)
    accepted = mover.act(view["state_id"], legal[0]["json"])
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["state_id"] == view["state_id"] + 1
    stale = mover.act(view["state_id"], legal[0]["json"])
    assert stale.status_code == 409 and stale.json()["error"] == "stale-state"
    # the record only once the game is over
    assert http.get(f"{base}/api/tables/{tid}/record").status_code == 409
    # chat: seated players write, spectators read, at most 500 characters, plain text kept as is
    line = "<b>hi</b> & bye"
    assert http.post(f"{base}/api/tables/{tid}/chat", json={"text": line}, headers=ann.headers).status_code == 201
    assert http.post(f"{base}/api/tables/{tid}/chat", json={"text": "x"}).status_code == 403
    assert http.post(f"{base}/api/tables/{tid}/chat", json={"text": "x" * 501}, headers=ann.headers).status_code == 400
    assert http.get(f"{base}/api/tables/{tid}").json()["chat"][-1]["text"] == line


def test_bad_requests_are_4xx_json(shared_sqlite_server: Server) -> None:
    server = shared_sqlite_server
    base = server.url
    cases = [
        http.post(f"{base}/api/tables", content=b"{not json", headers={"Content-Type": "application/json"}),
        http.post(f"{base}/api/tables", json={"game": "no-such-game"}),
        http.post(f"{base}/api/tables", json={"game": "carcassonne", "players": 9}),
        http.post(f"{base}/api/tables", json={"game": "carcassonne", "options": {"nope": 1}}),
        http.post(f"{base}/api/tables", json={"game": "carcassonne", "seats": ["bot:nobody"]}),
        http.post(f"{base}/api/tables", json={"game": "carcassonne", "seats": ["alien"]}),
        http.post(f"{base}/api/tables", json=[1, 2]),
        http.post(f"{base}/api/tables", json={"game": "my-city", "options": {"board": "/etc/passwd"}}),
        http.post(f"{base}/api/tables", json={"game": "my-city", "options": {"campaign": "pyproject.toml"}}),
        http.post(f"{base}/api/tables", json={"game": "my-city", "options": {"campaign": '{"board": "b.json"}'}}),
        http.post(f"{base}/api/tables", content=b"x" * 200_000, headers={"Content-Type": "application/json"}),
        http.get(f"{base}/api/tables/unknown"),
        http.post(f"{base}/api/tables/unknown/seats/0", json={"name": "x"}),
        http.post(f"{base}/api/tables/unknown/actions", json={"action": 1}),
    ]
    for response in cases:
        assert 400 <= response.status_code < 500, (response.status_code, response.text)
        body = response.json()
        assert body["error"] and body["message"]
    assert cases[1].status_code == 404
    assert cases[10].status_code == 413
    for refused in cases[7:10]:  # options that name files (the game marks them) are never read over HTTP
        assert refused.status_code == 400 and "does not read files" in refused.json()["message"], refused.text
    assert (
        "access-control-allow-origin"
        not in http.options(
            f"{base}/api/games", headers={"Origin": "http://evil.example", "Access-Control-Request-Method": "GET"}
        ).headers
    )


def test_a_bad_agent_parameter_is_an_option_error_not_an_unknown_name(shared_sqlite_server: Server) -> None:
    """The server checks a table's set-up as every door does (TableSpec): a parameter value out of range
    is the option refusal with the same words; only an unknown agent is an unknown name (404)."""
    base = shared_sqlite_server.url
    carcassonne = games.get("carcassonne")
    for seat, spec in (("bot:mcts:iterations=0", "mcts:iterations=0"), ("bot:greedy:samples=x", "greedy:samples=x")):
        refused = http.post(f"{base}/api/tables", json={"game": "carcassonne", "seats": ["human", seat]})
        with pytest.raises(OptionError) as expected:
            TableSpec.resolve(carcassonne, None, ["human", spec])
        assert refused.status_code == 400, refused.text
        assert refused.json() == {"error": "option-error", "message": str(expected.value)}
    unknown = http.post(f"{base}/api/tables", json={"game": "carcassonne", "seats": ["bot:oracle"]})
    assert unknown.status_code == 404 and unknown.json()["error"] == "unknown-name", unknown.text


def test_every_game_to_the_end_by_two_clients_with_undo(shared_sqlite_server: Server) -> None:
    """A whole game of each game through HTTP by two seated clients; each undo the rules allow
    (at most two per game) makes a new state with a new id, and the record replays. State ids are
    each seat's own (another seat's private steps do not count), so they grow seat by seat."""
    base = shared_sqlite_server.url
    for game in http.get(base + "/api/games").json():
        table = new_table(base, game["name"], ["human", "human"])
        players = [sit(base, table["id"], 0, "ann"), sit(base, table["id"], 1, "bob")]
        rng, undos, seen = random.Random(5), 0, [0, 0]
        view = players[0].view()
        while view["result"] is None:
            # a seat that finished a secret plan may still show as deciding to the other: ask each
            seat, own = next((s, o) for s in view["to_move"] if (o := players[s].view())["legal"])
            assert own["state_id"] > seen[seat] or own["state_id"] == seen[seat] == 0
            if own["can_undo"] and undos < 2:
                undone = http.post(
                    f"{base}/api/tables/{table['id']}/undo",
                    json={"state_id": own["state_id"]},
                    headers=players[seat].headers,
                )
                assert undone.status_code == 200, undone.text
                assert undone.json()["state_id"] == own["state_id"] + 1
                undos += 1
                seen[seat], view = own["state_id"], undone.json()
                continue
            seen[seat] = own["state_id"]
            view = players[seat].act(own["state_id"], rng.choice(own["legal"])["json"]).json()
            assert "error" not in view, view
        record = http.get(f"{base}/api/tables/{table['id']}/record").json()
        frames = list(replay(MatchRecord.from_json(record), games.get))
        assert [float(s) for s in frames[-1].state.scores()] == view["result"]["scores"]


def test_a_human_out_of_time_is_played_by_the_greedy_bot(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    bad = http.post(f"{base}/api/tables", json={"game": "carcassonne", "clock": {"kind": "hourglass"}})
    assert bad.status_code == 400
    table = new_table(base, "carcassonne", ["human", "human"], clock={"kind": "move", "seconds": 0.5})
    players = [sit(base, table["id"], 0, "ann"), sit(base, table["id"], 1, "bob")]
    view = players[0].view()
    assert view["clocks"]["kind"] == "move" and view["clocks"]["running"] == view["to_move"]
    deadline = time.monotonic() + 15
    while players[0].view()["state_id"] < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert players[0].view()["state_id"] >= 2  # nobody moved: the clock made the bot play twice
    fischer = new_table(base, "carcassonne", ["human", "human"], clock={"kind": "fischer", "base": 60, "increment": 5})
    left = http.get(f"{base}/api/tables/{fischer['id']}").json()["clocks"]["left"]
    assert len(left) == 2 and all(0 < value <= 60 for value in left)


def test_a_human_out_of_time_forfeits_when_the_table_says_so(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    clock = {"kind": "move", "seconds": 0.5, "on_timeout": "forfeit"}
    table = new_table(base, "carcassonne", ["human", "human"], clock=clock)
    players = [sit(base, table["id"], 0, "ann"), sit(base, table["id"], 1, "bob")]
    first = players[0].view()
    late = first["to_move"][0]
    deadline = time.monotonic() + 15
    view = first
    while view["result"] is None and time.monotonic() < deadline:
        time.sleep(0.2)
        view = players[0].view()
    assert view["result"] is not None, "the clock ran out but nobody forfeited"
    assert view["result"]["reason"] == "forfeit-time"
    assert view["result"]["ranks"][late] == 2 and view["result"]["ranks"][1 - late] == 1
    assert view["state_id"] == first["state_id"] + 1 and view["to_move"] == [] and view["status"] == "over"
    refused = players[late].act(view["state_id"], 0)
    assert refused.status_code == 409, refused.text
    record = http.get(f"{base}/api/tables/{table['id']}/record")
    assert record.status_code == 200 and MatchRecord.from_json(record.json()).ranks == view["result"]["ranks"]


def test_a_seated_player_may_resign(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "human"])
    ann, bob = sit(base, table["id"], 0, "ann"), sit(base, table["id"], 1, "bob")
    url = f"{base}/api/tables/{table['id']}/resign"
    assert http.post(url, json={}).status_code == 403  # a spectator has no seat to give up
    assert http.post(url, json={}, headers={"Authorization": "Bearer nope"}).status_code == 401
    state_id = ann.view()["state_id"]
    assert http.post(url, json={"state_id": state_id + 5}, headers=ann.headers).status_code == 409
    resigned = http.post(url, json={"state_id": state_id}, headers=ann.headers)
    assert resigned.status_code == 200, resigned.text
    result = resigned.json()["result"]
    assert result["reason"] == "forfeit-resign" and result["ranks"] == [2, 1]
    assert bob.view()["result"] == result
    again = http.post(url, json={}, headers=bob.headers)
    assert again.status_code == 409 and again.json()["error"] == "game-over", again.text
