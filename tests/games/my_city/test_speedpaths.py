"""The fast legal-move generator agrees with a direct check of every placement (MYC-BUILD-1,
MYC-BUILD-3, MYC-BUILD-4, MYC-BUILD-5, MYC-BUILD-6 together), over random positions."""

from __future__ import annotations

import random

from tests.games.my_city.helpers import start
from townhall.engine import Chance, IllegalAction
from townhall.engine.build import is_compiled
from townhall.games.my_city import legality
from townhall.games.my_city.actions import EXIT_ACTION, PASS_ACTION
from townhall.games.my_city.board import FULL, windows_of
from townhall.games.my_city.state import MyCityState


def brute_force(state: MyCityState, player: int) -> list[int]:
    out = []
    for action in range(PASS_ACTION):
        if action // 484 != state.card:
            continue
        copy = state.clone()
        try:
            legality.check(copy, player, action)
        except IllegalAction:
            continue
        out.append(action)
    return out


def test_fast_legal_moves_match_the_rules() -> None:
    rng = random.Random(4)
    for options in ({}, {"mode": "campaign", "episode": 7}):
        for seed in range(3):
            chance = Chance(seed)
            state = start(3, options, chance)
            assert isinstance(state, MyCityState)
            step = 0
            while state.to_move():
                player = state.to_move()[0]
                legal = state.legal_actions(player)
                if step % 5 == 0:
                    places = [a for a in legal if a < PASS_ACTION]
                    assert places == brute_force(state, player)
                choices = [a for a in legal if a != EXIT_ACTION] or legal
                state.apply(player, choices[rng.randrange(len(choices))], chance)
                step += 1


def test_windowed_search_matches_the_one_window_search() -> None:
    """The compiled build cuts the board into windows of machine-size masks, the interpreted one
    searches it as one window: both give the same placements in the same order, on either build."""
    rng = random.Random(7)
    for options in ({}, {"mode": "campaign", "episode": 7}, {"mode": "campaign", "episode": 24}):
        state = start(2, options, Chance(3))
        assert isinstance(state, MyCityState)
        terrain = state.terrain
        cut = {split: [windows_of(turns, split) for turns in terrain.turns] for split in (False, True)}
        assert any(len(windows) > 1 for windows in cut[True])
        chance = Chance(5)
        while movers := state.to_move():
            player = movers[0]
            occ = state.occupied[player]
            touch = terrain.river_cells if occ == state.start_occupied else state.around[player]
            found = []
            for split in (False, True):
                terrain.windows = cut[split]
                found.append(legality.placements(terrain, state.card, FULL ^ occ, touch))
            terrain.windows = cut[is_compiled("townhall.games.my_city.board")]
            assert found[0] == found[1] == [a for a in state.legal_actions(player) if a < PASS_ACTION]
            choices = [a for a in state.legal_actions(player) if a != EXIT_ACTION]
            state.apply(player, choices[rng.randrange(len(choices))] if choices else EXIT_ACTION, chance)
