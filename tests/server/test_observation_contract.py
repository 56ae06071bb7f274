"""The observation a client reads at `GET /api/tables/{id}` is the game's public contract: full words
as keys, valid against docs/schemas/<game>/observation.schema.json, for every seat and a spectator,
along the first moves of every shipped game."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.server.client import http, new_table, play_some, sit
from tests.server.conftest import Server
from townhall import games

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schemas"
# The save format's abbreviations, which a client must never have to read.
ABBREVIATIONS = {
    "gprod", "occ", "pend", "todo_poll", "todo_grave", "blds", "ev_left", "ev_current",
    "pel_unused", "pel_used", "rep", "prod", "cols", "pop_pos", "rot", "f_men", "f_open",
}  # fmt: skip


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from _keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _keys(inner)


@pytest.mark.parametrize("name", games.shipped())
def test_the_served_observation_is_the_published_contract(name: str, shared_sqlite_server: Server) -> None:
    schema = json.loads((SCHEMAS / name / "observation.schema.json").read_text(encoding="utf-8"))
    base = shared_sqlite_server.url
    table = new_table(base, name, ["human", "human"])
    players = [sit(base, table["id"], seat, f"p{seat}") for seat in (0, 1)]
    rng = random.Random(5)
    for _ in range(5):
        observations = [http.get(f"{base}/api/tables/{table['id']}").json()["observation"]]
        observations += [player.view()["observation"] for player in players]
        for observation in observations:
            jsonschema.validate(observation, schema)
            used = ABBREVIATIONS & set(_keys(observation))
            assert not used, f"{name}'s served observation uses the save format's keys {sorted(used)}"
        _, view = play_some(players, rng, moves=3)
        if view["result"] is not None:
            break
