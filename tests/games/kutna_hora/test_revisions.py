"""The position's revisions (read by the observer's keys): along random games, at every step, a
revision moves whenever what it stands for changed; clones copy them and bump their own."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.games.kutna_hora.helpers import blank
from townhall.engine import Chance
from townhall.games.kutna_hora import GAME, town
from townhall.games.kutna_hora.actions import OPT_ORE_LEFT, OPT_SLIDER
from townhall.games.kutna_hora.data import ORE
from townhall.games.kutna_hora.position import KutnaHoraPosition
from townhall.games.kutna_hora.state import KutnaHoraState


def _shared(s: KutnaHoraPosition) -> dict[str, tuple[Any, ...]]:
    """What each shared revision stands for, by the revision's name."""
    return {
        "town_revision": (*s.town, *s.town_owner),
        "mine_revision": (*s.mine, *s.mine_owner),
        "hall_revision": (*s.stack_top, *map(len, s.stack_hidden), *s.stack_bottom),
        "market_revision": (*s.sliders, *s.bank, *s.noble_pool, *s.council, *map(len, s.layers)),
    }


def _figures(s: KutnaHoraPosition, p: int) -> tuple[Any, ...]:
    """What a player's figures revision stands for."""
    return (
        s.ore_from_mines[p],
        s.pelicans_unused[p],
        s.pelicans_used[p],
        s.pool[p],
        s.reserve[p],
        *s.houses[p],
        *s.guilds[p],
        *s.production[p],
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_revision_moves_whenever_its_part_changes(players: int) -> None:
    changes = dict.fromkeys(_shared(GAME.new_state(players, GAME.meta.resolve({}), Chance(0))), 0)
    for seed in range(12):
        options = GAME.meta.resolve({"first_game": seed % 3 == 0, "events": seed % 2 == 0})
        state = GAME.new_state(players, options, Chance(seed))
        assert isinstance(state, KutnaHoraState)
        rng = random.Random(seed)
        chance = Chance(seed)
        while movers := state.to_move():
            before = _shared(state)
            revisions = {name: getattr(state, name) for name in before}
            figures = [_figures(state, p) for p in range(players)]
            figures_revision = list(state.figures_revision)
            legal = state.legal_actions(movers[0])
            state.apply(movers[0], legal[int(rng.random() * len(legal))], chance)
            for name, value in _shared(state).items():
                if value != before[name]:
                    changes[name] += 1
                    assert getattr(state, name) != revisions[name], f"{name} seed {seed}"
            for p in range(players):
                if _figures(state, p) != figures[p]:
                    assert state.figures_revision[p] != figures_revision[p], f"figures of {p} seed {seed}"
    assert all(changes.values()), changes  # every part changed at least once


def test_clones_copy_the_revisions_and_keep_their_own() -> None:
    state = GAME.new_state(2, GAME.meta.resolve({}), Chance(5))
    assert isinstance(state, KutnaHoraState)
    rng = random.Random(5)
    for _ in range(60):
        player = state.to_move()[0]
        legal = state.legal_actions(player)
        state.apply(player, legal[int(rng.random() * len(legal))], Chance(5))
    copy = state.clone()
    names = ["town_revision", "mine_revision", "hall_revision", "market_revision", "figures_revision"]
    assert [getattr(copy, name) for name in names] == [getattr(state, name) for name in names]
    copy.figures_revision[0] += 1
    assert copy.figures_revision[0] != state.figures_revision[0]


@pytest.mark.parametrize("icon", [OPT_SLIDER, OPT_ORE_LEFT])
def test_the_optional_slider_icons_move_the_market_revision(icon: int) -> None:
    """Rare in random play: a building's icon moving a slider right or the ore slider left."""
    state = blank(2)
    state.sliders[ORE] = 1
    before = state.market_revision
    town.optional_icon(state, icon, ORE, Chance(0), None)
    assert state.sliders[ORE] != 1
    assert state.market_revision != before
