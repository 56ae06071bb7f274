"""No view leaks another seat's hidden information: a seat's view of the live state equals its view
of determinizations (what it cannot see resampled), at every step of random games of every game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from townhall import games
from townhall.server.storage import connect
from townhall.server.tables import TableRunner

GAMES = games.shipped()


@pytest.mark.parametrize("name", GAMES)
def test_views_do_not_depend_on_what_the_seat_cannot_see(name: str, tmp_path: Path) -> None:
    if name not in games.names():
        pytest.skip(f"{name} is not in this build")
    game = games.get(name)
    runner = TableRunner(connect(f"sqlite:///{tmp_path / 'secrecy.db'}"), games.get)
    table_id = runner.create(name, 2, {}, ["human", "human"], {})
    rng = random.Random(11)
    for _ in range(40):
        view = runner.view(table_id, None)
        if view["result"] is not None:
            break
        loaded = runner._cache[table_id]
        for seat in (0, 1):
            own = runner._state_view(loaded, seat)
            for sample in range(2):
                other = loaded.state.determinize(seat, random.Random(sample))
                loaded_other = type(loaded)(**{**_fields(loaded), "state": other})
                theirs = runner._state_view(loaded_other, seat)
                for key in ("observation", "board", "legal"):
                    assert theirs[key] == own[key], f"{game.meta.name}: seat {seat}'s {key} shows hidden information"
        seat = view["to_move"][0]
        legal = runner.view(table_id, seat)["legal"]
        runner.act(table_id, seat, view["state_id"], rng.choice(legal)["json"])


def _fields(loaded: object) -> dict[str, object]:
    return {name: getattr(loaded, name) for name in loaded.__slots__}  # type: ignore[attr-defined]
