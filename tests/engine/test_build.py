"""The build that runs (compiled by mypyc or pure Python) is reported truthfully.

`make test` runs the suite twice and sets TOWNHALL_EXPECT_BUILD to the build each run must use, so
a failed or stale compiled build cannot pass silently as the pure one (or the reverse)."""

from __future__ import annotations

import os

import pytest

from townhall import games
from townhall.engine.build import build_of, is_compiled, stale_extensions
from townhall.engine.chance import Chance
from townhall.sim.bench import run_bench
from townhall.sim.search_bench import measure


@pytest.mark.parametrize("name", games.names())
def test_each_game_reports_the_build_its_state_comes_from(name: str) -> None:
    game = games.get(name)
    state = game.start(game.meta.min_players, None, Chance(1))
    build = build_of(state)
    if is_compiled(type(state).__module__):
        assert build == "compiled"
    else:  # an interpreted state over a compiled engine is a mixed build
        assert build == ("mixed" if is_compiled("townhall.engine.protocol") else "pure")
    expected = os.environ.get("TOWNHALL_EXPECT_BUILD")
    if expected and type(state).__module__.startswith("townhall.games."):
        assert build == expected


def test_the_benches_name_the_build() -> None:
    game = games.get("carcassonne")
    state = game.start(2, None, Chance(1))
    assert run_bench(game, 2, {}, seconds=0.05, min_games=1).to_json()["build"] == build_of(state)
    assert measure(game, 2, None, seconds=0.05, positions=1)["build"] == build_of(state)


def test_interpreted_states_are_pure_or_mixed() -> None:
    from tests.engine.toys import Pig

    state = Pig().start(2, None, Chance(1))
    assert build_of(state) == ("mixed" if is_compiled("townhall.engine.protocol") else "pure")


def test_no_compiled_module_is_older_than_its_source() -> None:
    assert stale_extensions() == [], "edited since the last make compiled: run make compiled (or make pure)"
