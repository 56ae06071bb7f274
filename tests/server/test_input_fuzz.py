"""Hypothesis over every route's fields against a real `townhall serve` on a SQLite file and on
PostgreSQL: long texts, NUL and other control characters, lone surrogates, deep JSON, huge and
non-finite numbers, wrong types. No answer is a 5xx; every refusal is a JSON body."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.client import http, new_table, sit
from tests.server.conftest import Server
from townhall import games

EXAMPLES = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


@dataclass(frozen=True)
class Raw:
    """JSON text sent as it is (what json.dumps cannot write: 1,200 levels deep, 5,000 digits)."""

    text: str


def body_text(value: Any) -> str:
    """`value` as JSON text (lone surrogates escaped, NaN kept), with each Raw spliced in."""
    raws: list[str] = []

    def mark(item: Any) -> Any:
        if isinstance(item, Raw):
            raws.append(item.text)
            return f"@@raw{len(raws) - 1}@@"
        if isinstance(item, dict):
            return {key: mark(child) for key, child in item.items()}
        if isinstance(item, list):
            return [mark(child) for child in item]
        return item

    text = json.dumps(mark(value))
    for index, raw in enumerate(raws):
        text = text.replace(f'"@@raw{index}@@"', raw)
    return text


NASTY_TEXTS = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "\ud800",
    "x\udfffy",
    "\x1b[2J",
    "\u202e",
    "\n\r\t",
    "x" * 256,
    "x" * 5_000,
    "../" * 100 + "etc/passwd",
    "/etc/passwd",
    "pyproject.toml",
    "~/x.json",
    "random:" + "9" * 400,
    "random:-1",
    "{}",
    "[" * 1_000 + "]" * 1_000,
    '{"a":' * 1_000 + "1" + "}" * 1_000,
    '{"board": "b.json"}',
    '{"boards": [{"stickers": [["A1", "tree"]]}, {"stickers": []}]}',
    "1e999",
    "NaN",
    "human",
    "bot:mcts:seconds=1e308",
    "bot:random",
    "bot:" + "x" * 190,
]
texts = st.sampled_from(NASTY_TEXTS) | st.text(st.characters(codec=None, exclude_categories=()), max_size=40)
numbers = st.sampled_from(
    [0, -1, 1, 2**31, 2**53 + 1, 2**63, -(2**63), 10**30, math.nan, math.inf, -math.inf, 1e308, 0.5]
) | st.integers(-(2**70), 2**70)
raws = st.sampled_from(
    [Raw("[" * 1_200 + "]" * 1_200), Raw('{"a":' * 900 + "0" + "}" * 900), Raw("9" * 5_000), Raw("1e99999")]
)
scalars = texts | numbers | st.booleans() | st.none() | raws
values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3), max_leaves=6
)

GAMES = games.names()


def options_of(game: str) -> st.SearchStrategy[Any]:
    """Options of `game` (and unknown names), each with a nasty text or any value."""
    names = [spec.name for spec in games.get(game).meta.options]
    known = st.sampled_from(names)
    keys = st.integers(0, 3).flatmap(lambda pick: texts if pick == 0 else known)
    return st.dictionaries(keys, field(texts), min_size=1, max_size=3)


def field(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a sensible value (three times in four), sometimes anything at all."""
    return st.integers(0, 3).flatmap(lambda pick: values if pick == 0 else strategy)


@dataclass
class Target:
    server: Server
    table: str
    token: str
    state_id: int

    @property
    def base(self) -> str:
        return self.server.url


def _table(server: Server) -> Target:
    table = new_table(server.url, "carcassonne", ["human", "bot:random"])
    player = sit(server.url, table["id"], 0)
    return Target(server, table["id"], player.token, player.view()["state_id"])


@pytest.fixture(scope="module")
def target(each_database_server: Server) -> Target:
    return _table(each_database_server)


def send(target: Target, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> None:
    """One request; the answer must be below 500 and, when refused, a JSON error body."""
    content = None if body is None else body_text(body).encode()
    response = http.request(
        method,
        target.base + path,
        content=content,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    assert response.status_code < 500, (method, path, content and content[:300], response.text[:300])
    if response.status_code >= 400:
        refusal = response.json()
        assert refusal["error"] and refusal["message"], response.text
    assert target.server.process is not None and target.server.process.poll() is None, "the server died"


def seated(target: Target) -> dict[str, str]:
    return {"Authorization": f"Bearer {target.token}"}


def new_tables(game: str) -> st.SearchStrategy[Any]:
    return st.fixed_dictionaries(
        {"game": field(st.just(game)), "options": field(options_of(game))},
        optional={
            "players": field(st.integers(1, 4)),
            "seats": field(st.lists(texts | st.sampled_from(["human", "bot:random", "bot:easy"]), max_size=4)),
            "clock": field(
                st.fixed_dictionaries(
                    {"kind": field(st.sampled_from(["none", "move", "fischer"]))},
                    optional={"seconds": numbers, "base": numbers, "increment": numbers, "on_timeout": texts},
                )
            ),
            "bot_seconds": numbers,
        },
    )


@given(body=field(st.sampled_from(GAMES).flatmap(new_tables)))
@EXAMPLES
def test_creating_tables(target: Target, body: Any) -> None:
    send(target, "POST", "/api/tables", body)


FILE_OPTIONS = [(name, spec.name) for name in GAMES for spec in games.get(name).meta.options if spec.names_file]


@given(option=st.sampled_from(FILE_OPTIONS), value=texts, mode=st.sampled_from(["evergreen", "campaign"]))
@EXAMPLES
def test_options_that_name_files(target: Target, option: tuple[str, str], value: str, mode: str) -> None:
    game, name = option
    extra = {"mode": mode} if "mode" in {spec.name for spec in games.get(game).meta.options} else {}
    send(target, "POST", "/api/tables", {"game": game, "options": {name: value, **extra}})


@given(
    table=st.sampled_from(["", "own"]) | texts,
    seat=st.integers(-5, 70) | st.sampled_from([2**70, "x"]),
    body=field(st.fixed_dictionaries({"name": texts})),
)
@EXAMPLES
def test_taking_seats(target: Target, table: str, seat: object, body: Any) -> None:
    table_id = target.table if table == "own" else http_path(table)
    send(target, "POST", f"/api/tables/{table_id}/seats/{seat}", body)


MOVE_BODIES = {
    "actions": st.fixed_dictionaries({"action": values}, optional={"state_id": field(numbers)}),
    "undo": st.fixed_dictionaries({}, optional={"state_id": field(numbers)}),
    "chat": st.fixed_dictionaries({"text": texts}),
}


@given(
    route=st.sampled_from(["actions", "undo", "resign", "chat"]),
    body=st.sampled_from(list(MOVE_BODIES.values())).flatmap(field),
    authorized=st.booleans(),
)
@EXAMPLES
def test_moves_and_chat(target: Target, route: str, body: Any, authorized: bool) -> None:
    headers = seated(target) if authorized else {"Authorization": "Bearer nope"}
    if route == "resign" and authorized:
        route = "undo"  # a resignation would end the fuzzed table's game
    send(target, "POST", f"/api/tables/{target.table}/{route}", body, headers)


@given(
    path=st.sampled_from(["/api/tables/{t}", "/api/tables/{t}/record", "/api/tables/{t}/steps/{n}"])
    | st.sampled_from(["/api/games/{t}/words", "/api/games", "/api/tables", "/api/health"]),
    table=st.sampled_from(["own", "carcassonne", "my-city"]) | texts,
    step=st.integers(-1, 10) | st.sampled_from([2**64, "x"]),
    lang=st.none() | texts | st.sampled_from(["en", "zh-TW", "ja", "x-" * 20]),
    accept=st.none() | texts | st.sampled_from(["en;q=NaN", "*;q=1e999", "ja;q=-1, zh;q=0.5"]),
)
@EXAMPLES
def test_reading(target: Target, path: str, table: str, step: object, lang: str | None, accept: str | None) -> None:
    table_id = target.table if table == "own" else http_path(table)
    url = path.format(t=table_id, n=step)
    query = "" if lang is None else f"?lang={http_path(lang)}"
    # a header carries printable ASCII only (the client refuses the rest)
    header = None if accept is None else re.sub(r"[^\x20-\x7e]", "", accept).strip()
    headers = {} if header is None else {"Accept-Language": header}
    send(target, "GET", url + query, None, {**headers, **seated(target)})


def http_path(text: str) -> str:
    """`text` as one percent-encoded path segment (NUL and surrogates included)."""
    return quote(text.encode("utf-8", "surrogatepass"), safe="") or "x"
