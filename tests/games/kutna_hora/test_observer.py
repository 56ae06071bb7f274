"""The Kutná Hora observation reads as its table says (observer module docstring): the players
slice, field by field, from the observer's seat on, along random games; the parts' writes of what
moved keep the views a fresh fill writes."""

from __future__ import annotations

import random

import numpy as np
import pytest

from townhall.engine import Chance
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.observer import KutnaHoraObserver
from townhall.games.kutna_hora.position import OVER
from townhall.games.kutna_hora.state import KutnaHoraState


@pytest.mark.parametrize("players", [2, 4])
def test_the_players_slice_holds_each_figure_as_documented(players: int) -> None:
    options = GAME.meta.resolve({})
    observer = GAME.observer(players, options)
    assert observer is not None
    part = observer.layout.slices["players"]
    out = np.zeros(observer.size, dtype=np.float32)
    used_seen = set()
    for seed in range(3):
        state = GAME.new_state(players, options, Chance(seed))
        assert isinstance(state, KutnaHoraState)
        rng = random.Random(seed)
        chance = Chance(seed)
        while movers := state.to_move():
            me = movers[0]
            observer.fill(state, me, out)
            rows = out[part.offset : part.offset + part.size].reshape(part.shape)
            for row in range(players):
                seat = (me + row) % players
                used = state.used_cards[seat].bit_count()
                used_seen.add(used)
                expected = {
                    0: state.money[seat] / 50,
                    1: state.points[seat] / 100,
                    2: state.reputation[seat] / 10,
                    11: used / 4,  # cards used: a count, whichever cards they are
                    12: state.turns_done[seat] / 4,
                    13: float(state.phase != OVER and state.current == seat),
                }
                for field, value in expected.items():
                    assert rows[row, field] == pytest.approx(value), (seed, row, field)
            legal = state.legal_actions(me)
            state.apply(me, legal[int(rng.random() * len(legal))], chance)
    assert max(used_seen) >= 2  # the games got as far as players with several cards used


@pytest.mark.parametrize("players", [2, 3])
def test_the_watched_views_equal_a_fresh_fill(players: int) -> None:
    """The parts write only what moved since the last look: along random games every seat's
    watched view equals the whole observation written afresh."""
    options = GAME.meta.resolve({})
    observer = GAME.observer(players, options)
    assert isinstance(observer, KutnaHoraObserver)
    watchers = [observer.watcher(np.zeros(observer.size, dtype=np.float32)) for _ in range(players)]
    fresh = np.zeros(observer.size, dtype=np.float32)
    for seed in range(2):
        state = GAME.new_state(players, options, Chance(seed))
        rng, chance = random.Random(seed), Chance(seed)
        while movers := state.to_move():
            for seat in range(players):  # every seat looks at every step: each part's changes come in
                watched = watchers[seat].observe(state, seat)
                fresh[:] = 0.0
                observer.fill(state, seat, fresh)
                assert np.array_equal(watched, fresh), (seed, seat)
            legal = state.legal_actions(movers[0])
            state.apply(movers[0], legal[int(rng.random() * len(legal))], chance)
