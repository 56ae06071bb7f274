"""Rate limits, security headers and the websocket's door, against real `townhall serve` processes:
floods meet 429 with Retry-After, a game at full speed never does; every answer carries the
security headers; a page of another site cannot open a table's socket; the seat token travels in
the socket's first message, never in its URL."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.server.client import Player, http, new_table, open_socket, play_some, sit
from tests.server.conftest import Server
from tests.server.test_outage import RedisProcess, own_redis  # noqa: F401 (fixture)
from townhall import games

sync_client = pytest.importorskip("websockets.sync.client")
from websockets.exceptions import ConnectionClosed  # noqa: E402

GAMES = games.shipped()


def receive(socket: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.recv(timeout=20))
    return message


def close_code(socket: Any) -> int | None:
    with pytest.raises(ConnectionClosed) as closed:
        socket.recv(timeout=20)
    return closed.value.rcvd.code if closed.value.rcvd is not None else None


def assert_limited(response: Any) -> int:
    assert response.status_code == 429, response.text
    body = response.json()
    assert body["error"] == "rate-limited" and body["message"]
    seconds = int(response.headers["Retry-After"])
    assert seconds >= 1 and body["retry_after"] == seconds
    return seconds


def test_bad_token_guesses_meet_429_and_then_learn_nothing(
    start_server: Callable[..., Server], sqlite_url: str
) -> None:
    server = start_server(sqlite_url)
    table = new_table(server.url, "carcassonne", ["human", "human"])
    ann = sit(server.url, table["id"], 0)
    url = f"{server.url}/api/tables/{table['id']}"
    started = time.monotonic()
    codes = [http.get(url, headers={"Authorization": f"Bearer guess-{n}"}).status_code for n in range(200)]
    elapsed = time.monotonic() - started
    assert codes[:10] == [401] * 10 and set(codes[10:]) == {429}, codes
    assert elapsed < 60  # all within the bucket's minute
    # while the address's bucket is empty even the right token is not checked: a guess learns nothing
    assert_limited(http.get(url, headers=ann.headers))
    with open_socket(server.url, table["id"], ann.token) as socket:
        refused = receive(socket)
        assert refused["error"] == "rate-limited" and refused["retry_after"] >= 1
        assert close_code(socket) == 4429
    # requests without a token (the lobby, spectators) go on
    assert http.get(url).status_code == 200 and http.get(f"{server.url}/api/tables").status_code == 200


def test_bad_tokens_on_the_socket_count_too(start_server: Callable[..., Server], sqlite_url: str) -> None:
    server = start_server(sqlite_url, options=("--limit-bad-tokens", "3/min"))
    table = new_table(server.url, "carcassonne", ["human", "human"])
    for n in range(3):
        with open_socket(server.url, table["id"], f"guess-{n}") as socket:
            assert receive(socket)["error"] == "bad-token"
            assert close_code(socket) == 4401
    assert_limited(http.get(f"{server.url}/api/tables/{table['id']}", headers={"Authorization": "Bearer x"}))


def test_a_burst_of_table_creations_meets_429(start_server: Callable[..., Server], sqlite_url: str) -> None:
    server = start_server(sqlite_url)
    body = {"game": "carcassonne", "seats": ["human", "human"]}
    started = time.monotonic()
    codes = [http.post(f"{server.url}/api/tables", json=body).status_code for _ in range(300)]
    elapsed = time.monotonic() - started
    assert codes[:30] == [201] * 30 and codes.count(201) <= 30 + int(elapsed / 2) + 1, (codes, elapsed)
    assert codes[-1] == 429
    seconds = assert_limited(http.post(f"{server.url}/api/tables", json=body))
    assert seconds <= 2  # one table every 2 s comes back
    assert len(http.get(f"{server.url}/api/tables").json()) == codes.count(201)


def test_a_seats_flood_of_actions_meets_429_over_http_and_the_socket(
    start_server: Callable[..., Server], sqlite_url: str
) -> None:
    server = start_server(sqlite_url, options=("--limit-actions", "5/min"))
    table = new_table(server.url, "carcassonne", ["human", "human"])
    ann, bob = sit(server.url, table["id"], 0), sit(server.url, table["id"], 1)
    with open_socket(server.url, table["id"], ann.token) as socket:
        receive(socket)
        answers = []
        for _ in range(3):  # stale state ids: refused by the table, each still takes a token
            socket.send(json.dumps({"state_id": 999, "action": 0}))
            answers.append(receive(socket)["error"])
        assert answers == ["stale-state"] * 3
        assert [ann.act(999, 0).status_code for _ in range(2)] == [409, 409]
        assert_limited(ann.act(999, 0))
        socket.send(json.dumps({"state_id": 999, "action": 0}))
        refused = receive(socket)
        assert refused["error"] == "rate-limited" and refused["retry_after"] >= 1
    assert bob.act(999, 0).status_code == 409  # per seat: the other seat's bucket is its own


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_at_full_speed_never_meets_a_limit(shared_sqlite_server: Server, game: str) -> None:
    base = shared_sqlite_server.url
    rng = random.Random(7)
    total = 0
    for _game in range(5):  # random play may end a game early (everybody exits in My City): play another
        table = new_table(base, game, ["human", "human"])
        players = [sit(base, table["id"], 0), sit(base, table["id"], 1)]
        moves, view = play_some(players, rng)  # asserts every answer is 200
        assert view["result"] is not None
        total += moves
        if total > 10:
            break
    assert total > 10


def test_security_headers_on_pages_files_and_api_answers(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "human"])
    answers = [
        http.get(f"{base}/"),
        http.get(f"{base}/tables/{table['id']}"),
        http.get(f"{base}/static/js/table.js"),
        http.get(f"{base}/static/css/townhall.css"),
        http.get(f"{base}/api/games"),
        http.get(f"{base}/api/tables/{table['id']}"),
        http.get(f"{base}/api/tables/nope"),  # 404
        http.post(f"{base}/api/tables", content=b"{"),  # 400
        http.get(f"{base}/openapi.json"),
        http.get(f"{base}/docs"),
    ]
    for answer in answers:
        assert answer.status_code < 500, answer.text
        policy = answer.headers["Content-Security-Policy"]
        directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
        assert directives["frame-ancestors"] == "'none'", policy
        assert "'unsafe-inline'" not in directives["script-src"] and "'self'" in directives["script-src"]
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert answer.headers["X-Frame-Options"] == "DENY"
        assert answer.headers["Referrer-Policy"] == "same-origin"
    page = answers[0].headers["Content-Security-Policy"]
    assert "script-src 'self';" in page and "style-src 'self';" in page  # the client's pages: own files only
    for page in answers[:2]:  # no inline script or handler in the pages themselves
        assert "<script>" not in page.text and " onclick=" not in page.text and " style=" not in page.text


def test_a_foreign_origin_is_refused_and_the_sites_own_pages_are_not(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "human"])
    ann = sit(base, table["id"], 0)
    url = f"{base.replace('http', 'ws', 1)}/ws/tables/{table['id']}"
    for origin in ("http://evil.example", "http://127.0.0.1:1", "null"):  # another site, port, or none at all
        with sync_client.connect(url, origin=origin) as socket:  # refused before it may send a token
            refused = receive(socket)
            assert refused["error"] == "foreign-origin" and refused["message"]
            assert close_code(socket) == 4403
    with open_socket(base, table["id"], ann.token, origin=f"http://127.0.0.1:{base.rsplit(':', 1)[1]}") as socket:
        assert receive(socket)["seat"] == 0
    with open_socket(base, table["id"], ann.token) as socket:  # no Origin: not a browser
        assert receive(socket)["seat"] == 0


def test_the_token_comes_in_the_first_message_not_the_url(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "human"])
    bob = sit(base, table["id"], 1)
    with open_socket(base, table["id"], bob.token) as socket:
        assert receive(socket)["seat"] == 1
    with open_socket(base, table["id"], None, f"?token={bob.token}") as socket:  # the URL's token is not read
        assert receive(socket)["seat"] is None
    url = f"{base.replace('http', 'ws', 1)}/ws/tables/{table['id']}"
    with sync_client.connect(url) as socket:
        socket.send("hello")
        refused = receive(socket)
        assert refused["error"] == "bad-request" and "token" in refused["message"]
        assert close_code(socket) == 4400


def test_limits_are_shared_through_redis_and_fail_open_without_it(
    start_server: Callable[..., Server],
    postgres_url: str,
    own_redis: RedisProcess,  # noqa: F811 (the fixture imported above)
) -> None:
    redis_url = f"redis://127.0.0.1:{own_redis.port}/0"
    options = ("--limit-tables", "4/min")
    with ThreadPoolExecutor(2) as pool:  # started together: they migrate one at a time
        first, second = pool.map(lambda _: start_server(postgres_url, redis_url, options), range(2))
    body = {"game": "carcassonne", "seats": ["human", "human"]}
    codes = [http.post(f"{server.url}/api/tables", json=body).status_code for server in (first, second) * 3]
    assert codes == [201] * 4 + [429] * 2, codes  # one bucket for both processes
    own_redis.kill()
    # Redis gone: never a 500; each process limits on its own (a bucket of its own, full)
    after = [http.post(f"{first.url}/api/tables", json=body) for _ in range(6)]
    assert [a.status_code for a in after] == [201] * 4 + [429] * 2, [a.text for a in after]
    table = after[0].json()
    player = sit(first.url, table["id"], 0)
    assert Player(first.url, table["id"], 0, player.token).view()["seat"] == 0
