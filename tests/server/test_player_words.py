"""What the client receives is in player words, in every language (issue 33): a table of two
people plays each game to its end over HTTP; every few moves, and at the end, the view in each
language holds no developer code in its prompt, legal actions, log or end screen (the end reason,
the tie-breaks and the board's final tracks); the log names the seats as the table does; bots are
shown by level; the lobby's options have labels and help in words."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.i18n.codes import codes_in
from tests.server.client import Player, http, new_table, play_some, sit
from tests.server.conftest import Server
from townhall import games
from townhall.i18n import LANGUAGES

SHORTER = {"antiquity": {"max_rounds": 3}}  # a whole game, but a short one
NAMES = ("Ada", "Ben")
BOT = {"en": "Bot (hard)", "ja": "ボット（むずかしい）", "zh-Hans": "机器人（困难）", "zh-Hant": "機器人（困難）"}


def _view(player: Player, language: str) -> dict[str, Any]:
    response = http.get(f"{player.base}/api/tables/{player.table}", params={"lang": language}, headers=player.headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


def _tracks(view: Any) -> list[str]:
    if isinstance(view, dict):
        own = [view["label"]] if isinstance(view.get("label"), str) and "value" in view else []
        return own + [label for value in view.values() for label in _tracks(value)]
    if isinstance(view, list):
        return [label for value in view for label in _tracks(value)]
    return []


def _shown(view: dict[str, Any], facts: dict[str, Any]) -> list[tuple[str, str]]:
    """(where, text) of what the page shows from a view: prompt, actions, log, end screen."""
    shown = [("prompt", view["board"].get("prompt") or "")]
    shown += [("action", action["text"]) for action in view["legal"]]
    shown += [("log", event["text"]) for event in view["events"]]
    result = view["result"]
    if result is not None:
        shown.append(("end", facts["end_reasons"].get(result["reason"], result["reason"])))
        shown += [("end", facts["tie_breaks"].get(code, code)) for code in result.get("tie_breaks") or []]
        shown += [("end", label) for label in _tracks(view["board"])]
    return shown


@pytest.mark.parametrize("name", games.shipped())
def test_a_whole_game_reads_in_player_words_in_every_language(shared_sqlite_server: Server, name: str) -> None:
    base = shared_sqlite_server.url
    facts = {
        language: next(g for g in http.get(f"{base}/api/games", params={"lang": language}).json() if g["name"] == name)[
            "facts"
        ]
        for language in LANGUAGES
    }
    table = new_table(base, name, ["human", "human"], options=SHORTER.get(name, {}))
    players = [sit(base, table["id"], seat, NAMES[seat]) for seat in range(2)]
    rng = random.Random(7)
    left: dict[str, str] = {}
    logs: list[str] = []
    view: dict[str, Any] = {"result": None}
    while view["result"] is None:
        _moves, view = play_some(players, rng, moves=4)
        for language in LANGUAGES:
            for player in players:
                seen = _view(player, language)
                for where, text in _shown(seen, facts[language]):
                    if where == "log":
                        logs.append(text)
                    for code in codes_in(text, name):
                        left.setdefault(code, f"{language} {where}: {text[:160]}")
    assert view["result"] is not None
    assert not left, "\n".join(f"{code!r} in {context}" for code, context in sorted(left.items()))
    assert any(person in text for text in logs for person in NAMES), "the log names the seats as the table does"


def test_bots_are_shown_by_level_with_the_spec_for_experts(shared_sqlite_server: Server) -> None:
    base = shared_sqlite_server.url
    table = new_table(base, "carcassonne", ["human", "bot:hard"], bot_seconds=0.05)
    for language in LANGUAGES:
        lobby = http.get(f"{base}/api/tables", params={"lang": language}).json()
        bot = next(t for t in lobby if t["id"] == table["id"])["seats"][1]
        assert (bot["name"], bot["level"], bot["spec"]) == (BOT[language], "hard", "mcts:seconds=0.05")
        watched = http.get(f"{base}/api/tables/{table['id']}", params={"lang": language}).json()
        assert watched["seats"][1]["name"] == BOT[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_lobby_options_have_labels_and_help_in_words(shared_sqlite_server: Server, language: str) -> None:
    listed = http.get(f"{shared_sqlite_server.url}/api/games", params={"lang": language}).json()
    for game in listed:
        for option in game["options"]:
            texts = [option["label"], option["help"], *option["choice_labels"].values()]
            assert option["label"] != option["name"]
            assert sorted(option["choice_labels"]) == sorted(option["choices"])
            for text in texts:
                assert not codes_in(text, game["name"]), f"{game['name']} {option['name']}: {text!r}"
