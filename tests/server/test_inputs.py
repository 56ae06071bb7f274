"""Issue 32's findings, each answered with its 4xx on a SQLite file and on PostgreSQL: file options
too long or with a NUL, a campaign nested 1,000 deep, NUL in a chat line or a seat name, a chunked
body over the limit; and a file name over HTTP reveals nothing about the server's files."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.client import http, new_table, sit
from tests.server.conftest import Server
from townhall.server.app import MAX_BODY

sync_client = pytest.importorskip("websockets.sync.client")
DATA = Path(__file__).parents[2] / "src/townhall/games/my_city/data"
FILE_OPTIONS = ("board", "campaign", "chapters")


def create(server: Server, options: dict[str, Any], game: str = "my-city") -> httpx.Response:
    return http.post(f"{server.url}/api/tables", json={"game": game, "options": options})


def refused(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["error"] == code and body["message"], body
    return body


@pytest.mark.parametrize("option", FILE_OPTIONS)
def test_a_file_option_longer_than_a_file_name_is_400(each_database_server: Server, option: str) -> None:
    body = refused(create(each_database_server, {option: "x" * 300}), 400, "option-error")
    assert "does not read files" in body["message"]


@pytest.mark.parametrize("option", FILE_OPTIONS)
def test_a_nul_byte_in_a_file_option_is_400(each_database_server: Server, option: str) -> None:
    for value in ("a\x00b", '{"boards": "\x00"}'):
        body = refused(create(each_database_server, {option: value}), 400, "bad-request")
        assert "control characters" in body["message"] and option in body["message"]


def test_a_campaign_nested_1000_deep_is_400(each_database_server: Server) -> None:
    campaign = '{"boards": ' + "[" * 1_000 + "]" * 1_000 + "}"
    content = json.dumps({"game": "my-city", "options": {"mode": "campaign", "campaign": campaign}}).encode()
    assert len(content) < 8_192
    response = http.post(
        f"{each_database_server.url}/api/tables", content=content, headers={"Content-Type": "application/json"}
    )
    assert "nest at most" in refused(response, 400, "option-error")["message"]


def test_a_file_name_reveals_nothing_about_the_servers_files(each_database_server: Server) -> None:
    """The server runs in this directory: a name that exists there and one that does not answer alike."""
    assert Path("pyproject.toml").exists() and not Path("no-such-file.toml").exists()
    for option in FILE_OPTIONS:
        answers = [create(each_database_server, {option: name}) for name in ("pyproject.toml", "no-such-file.toml")]
        assert {answer.status_code for answer in answers} == {400}
        there, missing = (answer.json() for answer in answers)
        assert there["message"].replace("pyproject.toml", "NAME") == missing["message"].replace(
            "no-such-file.toml", "NAME"
        )


def test_file_options_take_their_data_inline(each_database_server: Server) -> None:
    board = (DATA / "board-evergreen.json").read_text()
    chapters = (DATA / "campaign.json").read_text()
    campaign = json.dumps({"boards": [{"stickers": [["B2", "tree"]]}, {"stickers": []}]})
    for options in (
        {"board": board},
        {"board": "random:7"},
        {"mode": "campaign", "chapters": chapters, "campaign": campaign},
    ):
        response = create(each_database_server, options)
        assert response.status_code == 201, response.text
    # inline data that names a file inside it is refused like the name itself
    nested = create(each_database_server, {"mode": "campaign", "campaign": '{"board": "/etc/hosts"}'})
    assert "does not read files" in refused(nested, 400, "option-error")["message"]
    assert "board" in refused(create(each_database_server, {"board": '{"rows": 1'}), 400, "option-error")["message"]


@pytest.fixture(scope="module")
def seated(each_database_server: Server) -> Iterator[tuple[str, dict[str, str]]]:
    table = new_table(each_database_server.url, "carcassonne", ["human", "human"])
    player = sit(each_database_server.url, table["id"], 0)
    yield f"{each_database_server.url}/api/tables/{table['id']}", player.headers


def test_nul_in_a_chat_line_or_a_seat_name_is_400(
    each_database_server: Server, seated: tuple[str, dict[str, str]]
) -> None:
    table, headers = seated
    for text in ("a\x00b", "\x00", "bell\x07"):
        refused(http.post(f"{table}/chat", json={"text": text}, headers=headers), 400, "bad-request")
        refused(http.post(f"{table}/seats/1", json={"name": text}), 400, "bad-request")
    assert http.post(f"{table}/chat", json={"text": "two\nlines\tand a tab"}, headers=headers).status_code == 201
    assert http.post(f"{table}/seats/1", json={"name": "bob"}).status_code == 201  # the seat is still free


def test_actions_typed_text_deep_json_and_huge_numbers_are_400(
    each_database_server: Server, seated: tuple[str, dict[str, str]]
) -> None:
    table, headers = seated
    deep: Any = 1
    for _ in range(40):
        deep = {"a": deep}
    for action in ("place\x00", "x" * 501, deep, 2**64):
        refused(http.post(f"{table}/actions", json={"action": action}, headers=headers), 400, "bad-request")
    refused(http.post(f"{table}/undo", json={"state_id": 2**64}, headers=headers), 400, "bad-request")
    # a body nested past Python's recursion limit is refused as malformed JSON
    content = b'{"action": ' + b"[" * 5_000 + b"]" * 5_000 + b"}"
    response = http.post(f"{table}/actions", content=content, headers={**headers, "Content-Type": "application/json"})
    assert response.status_code == 400, response.text


def test_table_ids_and_language_are_checked(each_database_server: Server) -> None:
    base = each_database_server.url
    refused(http.get(f"{base}/api/tables/a%00b"), 400, "bad-request")
    refused(http.get(f"{base}/api/tables/{'a' * 65}"), 400, "bad-request")
    refused(http.get(f"{base}/api/games?lang=%00"), 400, "bad-request")
    ws = base.replace("http", "ws") + "/ws/tables/a%00b"
    with sync_client.connect(ws) as socket:
        assert json.loads(socket.recv(timeout=20))["error"] == "table-not-found"


def chunks(total: int, size: int = 4_096) -> Iterator[bytes]:
    yield b'{"game": "carcassonne", "seats": ["'
    sent = 37
    while sent < total:
        yield b"x" * size
        sent += size
    yield b'"]}'


def test_a_chunked_body_over_the_limit_is_413(each_database_server: Server) -> None:
    url = f"{each_database_server.url}/api/tables"
    headers = {"Content-Type": "application/json"}
    over = http.post(url, content=chunks(MAX_BODY + 1), headers=headers)  # a generator: sent chunked
    assert over.request.headers.get("transfer-encoding") == "chunked"
    assert "content-length" not in over.request.headers
    refused(over, 413, "too-large")
    small = http.post(url, content=iter([b'{"game": ', b'"carcassonne"}']), headers=headers)
    assert small.request.headers.get("transfer-encoding") == "chunked"
    assert small.status_code == 201, small.text
