"""No view leaks another seat's hidden information: a seat's view of the live state equals its view
of determinizations (what it cannot see resampled), at every step of random games of every game."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from townhall import games
from townhall.server.memory_store import MemoryStore
from townhall.server.projection import state_view
from townhall.server.runner import TableRunner

GAMES = games.shipped()


@pytest.mark.parametrize("name", GAMES)
def test_views_do_not_depend_on_what_the_seat_cannot_see(name: str) -> None:
    if name not in games.names():
        pytest.skip(f"{name} is not in this build")
    game = games.get(name)
    runner = TableRunner(MemoryStore(), games.get)
    table_id = runner.create(name, 2, {}, ["human", "human"], {})
    runner.seating.take_seat(table_id, 0, "ann")  # a game starts once every human seat is taken
    runner.seating.take_seat(table_id, 1, "bob")
    rng = random.Random(11)
    for _ in range(40):
        view = runner.reading.view(table_id, None)
        if view["result"] is not None:
            break
        live = runner.cache.get(table_id)
        for seat in (0, 1):
            own = state_view(live, seat)
            for sample in range(2):
                other = live.state.determinize(seat, random.Random(sample))
                theirs = state_view(replace(live, state=other), seat)
                for key in ("observation", "board", "legal"):
                    assert theirs[key] == own[key], f"{game.meta.name}: seat {seat}'s {key} shows hidden information"
        # state ids are each seat's own; a seat done with a secret plan may still show as deciding
        seat, mine = next((s, v) for s in view["to_move"] if (v := runner.reading.view(table_id, s))["legal"])
        runner.act(table_id, seat, mine["state_id"], rng.choice(mine["legal"])["json"])
