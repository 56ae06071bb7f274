"""The server speaks the language a request asks for (`?lang=`, else Accept-Language): action
texts, event words and game titles change; ids, JSON forms, observations and event data do not."""

from __future__ import annotations

import json

import pytest

from tests.i18n.narration import latin_words
from tests.server.client import http, new_table, open_socket, sit
from tests.server.conftest import Server, shared_sqlite_server

__all__ = ["shared_sqlite_server"]  # the server fixture of tests/server, used here too

sync_client = pytest.importorskip("websockets.sync.client")
WORDS = ("hidden_information", "end_reasons", "tie_breaks")  # the facts' texts; the rest is data


def test_game_titles_follow_lang_then_accept_language(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url

    def title(**request: object) -> str:
        listed = http.get(base + "/api/games", **request).json()  # type: ignore[arg-type]
        return str(next(game["title"] for game in listed if game["name"] == "carcassonne"))

    assert title() == "Carcassonne"
    assert title(params={"lang": "ja"}) == "カルカソンヌ"
    assert title(headers={"Accept-Language": "zh-TW,zh;q=0.8"}) == "卡卡頌"
    assert title(params={"lang": "zh-Hans"}, headers={"Accept-Language": "ja"}) == "卡卡颂"
    japanese = http.get(base + "/api/games", params={"lang": "ja"}).json()
    english = http.get(base + "/api/games").json()
    river = [next(o for g in listed for o in g["options"] if o["name"] == "river") for listed in (english, japanese)]
    assert river[0]["help"].startswith("play with the River") and river[1]["help"].startswith("川を使う")
    assert (river[0]["label"], river[1]["label"]) == ("The River", "川")
    words = ("help", "label", "choice_labels")
    assert {k: v for k, v in river[0].items() if k not in words} == {
        k: v for k, v in river[1].items() if k not in words
    }
    facts = [next(g["facts"] for g in listed if g["name"] == "kutna-hora") for listed in (english, japanese)]
    assert facts[0]["tie_breaks"] == {"money": "most groschen"} and facts[1]["tie_breaks"] == {
        "money": "グロシュが最も多い"
    }
    assert facts[0]["end_reasons"].keys() == facts[1]["end_reasons"].keys()
    assert facts[1]["hidden_information"][0].endswith("建物タイル")
    assert {k: v for k, v in facts[0].items() if k not in WORDS} == {
        k: v for k, v in facts[1].items() if k not in WORDS
    }
    refused = http.get(base + "/api/games", params={"lang": "klingon"})
    assert refused.status_code == 400 and refused.json()["error"] == "bad-request"


def test_a_table_view_changes_words_never_data(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "human"])
    players = [sit(base, table["id"], 0, "ann"), sit(base, table["id"], 1, "bob")]
    url = f"{base}/api/tables/{table['id']}"
    mover = players[http.get(url).json()["to_move"][0]]
    english = http.get(url, headers=mover.headers).json()
    japanese = http.get(url, params={"lang": "ja"}, headers=mover.headers).json()
    assert [a["json"] for a in english["legal"]] == [a["json"] for a in japanese["legal"]]
    assert english["observation"] == japanese["observation"]
    assert without_words(english["board"]) == without_words(japanese["board"])
    assert english["board"]["areas"][0]["label"] == "the table" and japanese["board"]["areas"][0]["label"] == "テーブル"
    name = ["ann", "bob"][english["seat"]]  # the prompt names the seat as the table shows it
    assert english["board"]["prompt"].startswith(f"{name}: place ") and japanese["board"]["prompt"].startswith(name)
    assert english["board"]["prompt"] != japanese["board"]["prompt"]
    assert english["legal"][0]["text"].startswith("place at ") and english["legal"][0]["typed"].startswith("place ")
    assert "配置" in japanese["legal"][0]["text"] and "°" in japanese["legal"][0]["text"]
    assert japanese["legal"][0]["typed"].startswith("配置 ")
    # a person acting in Japanese sends the Japanese words (or types the terse text)
    acted = http.post(
        url + "/actions",
        params={"lang": "ja"},
        json={"state_id": japanese["state_id"], "action": japanese["legal"][0]["text"]},
        headers=mover.headers,
    )
    assert acted.status_code == 200, acted.text
    after = acted.json()
    assert after["events"] and all(not e["text"].startswith("player") for e in after["events"])
    plain = http.get(url, headers=mover.headers).json()
    assert [(e["kind"], e["data"]) for e in plain["events"]] == [(e["kind"], e["data"]) for e in after["events"]]
    assert any(e["text"].startswith(f"{name} places ") for e in plain["events"])  # the seat's name, as shown


def test_the_websocket_speaks_the_language_of_its_query(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "kutna-hora", ["human", "human"])
    players = [sit(base, table["id"], 0, "ann"), sit(base, table["id"], 1, "bob")]
    mover = players[players[0].view()["to_move"][0]]
    with open_socket(base, table["id"], mover.token, "?lang=zh-Hans") as socket:
        view = json.loads(socket.recv(timeout=30))
    english = mover.view()
    assert view["legal"] and [a["json"] for a in view["legal"]] == [a["json"] for a in english["legal"]]
    assert english["legal"][0]["text"].startswith("set 1 ")
    assert view["legal"][0]["text"].startswith("组合 1 ")


def test_the_servers_refusals_speak_the_language_of_the_request(shared_sqlite_server: Server) -> None:
    """Seat taken, bad token, not seated, no table, chat too long, undo refused, not over and a
    new table's option errors: the same code (and status) in every language, only the message
    changes; in Japanese (by `?lang=` or Accept-Language) it holds no English word."""
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "human"])
    url = f"{base}/api/tables/{table['id']}"
    ann = sit(base, table["id"], 0, "ann")
    sit(base, table["id"], 1, "bob")
    stranger = {"Authorization": "Bearer not-a-token"}
    refusals = {
        "seat-taken": lambda **kw: http.post(url + "/seats/0", json={"name": "cy"}, **kw),
        "bad-token": lambda **kw: http.get(url, headers={**kw.pop("headers", {}), **stranger}, **kw),
        "not-seated": lambda **kw: http.post(url + "/chat", json={"text": "hi"}, **kw),
        "table-not-found": lambda **kw: http.get(base + "/api/tables/0000", **kw),
        "bad-request": lambda **kw: http.post(
            url + "/chat", json={"text": " " * 3}, headers={**kw.pop("headers", {}), **ann.headers}, **kw
        ),
        "undo-refused": lambda **kw: http.post(
            url + "/undo",
            json={},  # no step yet: nothing to undo
            headers={**kw.pop("headers", {}), **ann.headers},
            **kw,
        ),
        "not-over": lambda **kw: http.get(url + "/record", **kw),
        "option-error": lambda **kw: http.post(
            base + "/api/tables", json={"game": "carcassonne", "players": 2, "seats": ["robot"]}, **kw
        ),
    }
    for code, ask in refusals.items():
        english = ask()
        japanese = ask(params={"lang": "ja"})
        accepted = ask(headers={"Accept-Language": "ja"})
        chinese = ask(params={"lang": "zh-Hant"})
        for answer in (japanese, accepted, chinese):
            assert answer.status_code == english.status_code and 400 <= english.status_code < 500, (code, answer.text)
            assert {k: v for k, v in answer.json().items() if k != "message"} == {
                k: v for k, v in english.json().items() if k != "message"
            }
            assert answer.json()["message"] != english.json()["message"], (code, answer.text)
        assert japanese.json() == accepted.json()
        assert english.json()["error"] == code
        assert not latin_words(japanese.json()["message"], {"human", "invite", "bot", "robot"}), japanese.text


def without_words(view: object) -> object:
    """A board view without its `label` and `prompt` texts: the data a client draws."""
    if isinstance(view, dict):
        return {k: without_words(v) for k, v in view.items() if k not in ("label", "prompt")}
    if isinstance(view, list):
        return [without_words(v) for v in view]
    return view
