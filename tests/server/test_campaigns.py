"""Campaigns over HTTP (`townhall serve` as a subprocess, SQLite and PostgreSQL): episodes are
tables played one after another, the seat's token plays every episode, the choices between
episodes are asked of the seats (bots answer by themselves), and a campaign goes on after kill -9."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.client import Player, http
from tests.server.conftest import Server


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> str:
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(fixture)
    return url


def _campaign(base: str, campaign: str, **headers: str) -> dict[str, Any]:
    response = http.get(f"{base}/api/campaigns/{campaign}", headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


def _until(
    base: str, campaign: str, there: Callable[[dict[str, Any]], bool], seconds: float = 60, **headers: str
) -> dict[str, Any]:
    """The campaign's view once `there` holds for it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = _campaign(base, campaign, **headers)
        if there(found):
            return found
        time.sleep(0.1)
    raise AssertionError("the campaign did not get there in time")


def test_a_person_and_a_bot_play_episodes_and_choose_stickers(
    start_server: Callable[..., Server], database: str
) -> None:
    base = start_server(database).url
    made = http.post(f"{base}/api/campaigns", json={"players": 2, "seats": ["human", "bot:random"]})
    assert made.status_code == 201, made.text
    campaign = made.json()["id"]
    view = _campaign(base, campaign)
    assert (view["episode"], view["episodes"], view["over"], view["seat"]) == (1, 24, False, None)
    assert view["stage"] == "episode 1 of 24 (chapter 1)" and view["points"] == "progress marks"
    assert [s["kind"] for s in view["seats"]] == ["human", "bot"] and view["decisions"] == []
    first = view["table"]
    assert first is not None and view["tables"] == [first]
    table = http.get(f"{base}/api/tables/{first}").json()
    assert table["status"] == "open" and table["settings"]["campaign"] == campaign

    sat = http.post(f"{base}/api/campaigns/{campaign}/seats/0", json={"name": "ann"})
    assert sat.status_code == 201, sat.text
    token = sat.json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    assert http.post(f"{base}/api/campaigns/{campaign}/seats/0", json={"name": "bob"}).status_code == 409
    player = Player(base, first, 0, token)
    assert player.view()["seat"] == 0 and player.view()["status"] == "running"  # seated at the episode too

    # The person resigns episode 1: the bot wins it; the awards are asked of the person.
    assert http.post(f"{base}/api/tables/{first}/resign", json={}, headers=headers).status_code == 200
    view = _until(base, campaign, lambda v: bool(v["decisions"]), **headers)
    assert view["seat"] == 0 and view["table"] is None and view["episode"] == 2
    (decision,) = view["decisions"]  # the bot placed its own sticker already
    assert decision["seat"] == 0 and decision["question"] == "Which square gets your tree sticker?"
    assert len(view["standings"][1]["board"]) == 1  # the bot's award sticker, in words
    refused = http.post(f"{base}/api/campaigns/{campaign}/choices", json={"choice": decision["choices"][0]["id"]})
    assert refused.status_code == 403 and refused.json()["error"] == "not-seated"
    bad = http.post(f"{base}/api/campaigns/{campaign}/choices", json={"choice": -5}, headers=headers)
    assert bad.status_code == 400 and bad.json()["message"] == "that is not one of the choices"
    while view["decisions"]:
        choice = view["decisions"][0]["choices"][-1]
        answered = http.post(f"{base}/api/campaigns/{campaign}/choices", json={"choice": choice["id"]}, headers=headers)
        assert answered.status_code == 200, answered.text
        view = answered.json()
        assert choice["text"] in " ".join(view["standings"][0]["board"])
    for standing in view["standings"]:  # each seat's board drawn, its stickers where its words say
        (area,) = standing["board_view"]["areas"]
        assert area["id"] == f"board-{standing['seat']}" and area["owner"] == standing["seat"]
        marked = {c["id"] for c in area["cells"] if {"kind": "sticker"} in c.get("marks", [])}
        assert marked == {line.rsplit(" ", 1)[1] for line in standing["board"]} != set()
    second = view["table"]
    assert second is not None and second != first and view["tables"] == [first, second]
    assert Player(base, second, 0, token).view()["seat"] == 0  # the same token plays episode 2

    ja = http.get(f"{base}/api/campaigns/{campaign}?lang=ja").json()
    assert ja["stage"] == "第2エピソード（全24エピソード、第1章）"


def test_refusals_in_player_words(start_server: Callable[..., Server], sqlite_url: str) -> None:
    base = start_server(sqlite_url).url
    missing = http.get(f"{base}/api/campaigns/0123abcd")
    assert missing.status_code == 404 and missing.json()["error"] == "campaign-not-found"
    none = http.post(f"{base}/api/campaigns", json={"game": "carcassonne", "players": 2})
    assert none.status_code == 404 and none.json()["message"] == "Carcassonne has no campaign"
    five = http.post(f"{base}/api/campaigns", json={"players": 5})
    assert five.status_code == 400 and "2-4 players" in five.json()["message"]


def test_a_bots_campaign_goes_on_after_kill_9(start_server: Callable[..., Server], database: str) -> None:
    server = start_server(database)
    made = http.post(f"{server.url}/api/campaigns", json={"players": 2, "seats": ["bot:random", "bot:random"]})
    assert made.status_code == 201, made.text
    campaign = made.json()["id"]
    before = _until(server.url, campaign, lambda v: v["episode"] >= 3)
    server.kill()
    server.start()
    after = _campaign(server.url, campaign)
    assert after["episode"] >= before["episode"]
    assert after["standings"] and all(s["points"] >= 0 for s in after["standings"])
    later = _until(server.url, campaign, lambda v: v["episode"] >= after["episode"] + 2)
    assert len(later["tables"]) in (later["episode"] - 1, later["episode"])
    assert later["tables"][: len(before["tables"])] == before["tables"]
    ended = [http.get(f"{server.url}/api/tables/{t}").json()["status"] for t in later["tables"][:-1]]
    assert set(ended) == {"over"}


def test_a_seat_handed_over_goes_to_its_new_player_from_the_next_episode(
    start_server: Callable[..., Server], database: str
) -> None:
    """MYC-LEG-11: a new player takes over a seat and everything on it. Online: the seat's player
    hands it over (to a bot, or free for a new person); the episode being played keeps its players."""
    base = start_server(database).url
    made = http.post(f"{base}/api/campaigns", json={"players": 2, "seats": ["human", "bot:random"]}).json()
    campaign, first = made["id"], made["table"]
    ann = http.post(f"{base}/api/campaigns/{campaign}/seats/0", json={"name": "ann"}).json()["token"]
    headers = {"Authorization": f"Bearer {ann}"}
    url = f"{base}/api/campaigns/{campaign}/seats"

    stranger = http.post(f"{url}/0/hand-over", json={"to": "bot:easy"})
    assert stranger.status_code == 403 and stranger.json()["error"] == "not-seated"
    invite = http.post(f"{url}/1/hand-over", json={"to": "invite:bob"}, headers=headers)
    assert invite.status_code == 400, invite.text
    # Any player opens a bot's seat to a person; the bot still plays the episode under way.
    opened = http.post(f"{url}/1/hand-over", json={"to": "human"}, headers=headers)
    assert opened.status_code == 200, opened.text
    assert [s["kind"] for s in opened.json()["seats"]] == ["human", "human"]
    assert http.get(f"{base}/api/tables/{first}").json()["seats"][1]["kind"] == "bot"
    bob = http.post(f"{url}/1", json={"name": "bob"})
    assert bob.status_code == 201, bob.text
    bob_headers = {"Authorization": f"Bearer {bob.json()['token']}"}
    # ann hands her own seat to a bot; bob may not hand over hers, being a person's.
    refused = http.post(f"{url}/0/hand-over", json={"to": "bot:random"}, headers=bob_headers)
    assert refused.status_code == 403, refused.text
    handed = http.post(f"{url}/0/hand-over", json={"to": "bot:random"}, headers=headers)
    assert handed.status_code == 200, handed.text
    assert [s["kind"] for s in handed.json()["seats"]] == ["bot", "human"]

    # ann resigns the episode under way (still hers); the next one is the bot's and bob's.
    assert http.post(f"{base}/api/tables/{first}/resign", json={}, headers=headers).status_code == 200
    view = _until(base, campaign, lambda v: bool(v["decisions"]) or v["table"] not in (None, first), **bob_headers)
    while view["decisions"]:
        choice = view["decisions"][0]["choices"][0]
        answered = http.post(
            f"{base}/api/campaigns/{campaign}/choices", json={"choice": choice["id"]}, headers=bob_headers
        )
        assert answered.status_code == 200, answered.text
        view = answered.json()
    second = _until(base, campaign, lambda v: v["table"] not in (None, first))["table"]
    seats = http.get(f"{base}/api/tables/{second}").json()["seats"]
    assert [s["kind"] for s in seats] == ["bot", "human"] and seats[1]["name"] == "bob"
    assert Player(base, second, 1, bob.json()["token"]).view()["seat"] == 1
