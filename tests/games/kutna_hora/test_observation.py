"""The public observation (KH-IO-3): it matches its published model, uses full words as keys, and
shows nobody the hidden parts (stack tiles below the top, the mine deck, face-down events)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from townhall.engine import Chance
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.observation_model import KutnaHoraObservation
from townhall.games.kutna_hora.state import KutnaHoraState

# The save format's short keys (and those the issue lists for every game): none may reach a client.
ABBREVIATIONS = {
    "gprod", "occ", "pend", "todo_poll", "todo_grave", "blds", "ev_left", "ev_current", "pel_unused",
    "pel_used", "rep", "prod", "cols", "pop_pos", "rot", "f_men", "f_open", "ore_mine", "events_on",
    "tech_taken", "ore_pos", "red_waiting", "red_after", "stack_hidden", "stack_bottom", "tasks", "hall",
}  # fmt: skip


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from _keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _keys(inner)


def _positions(players: int, seed: int) -> Iterator[KutnaHoraState]:
    """Positions along a random game (every 7th decision and the end)."""
    rng = random.Random(seed)
    state = GAME.new_state(players, GAME.meta.resolve({}), Chance(seed))
    chance = Chance(seed + 1)
    step = 0
    while state.to_move():
        if step % 7 == 0:
            yield state
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)), chance)
        step += 1
    yield state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_match_the_model_and_use_full_words(players: int) -> None:
    for seed in (1, 2):
        for state in _positions(players, seed):
            for viewer in [*range(players), None]:
                data = state.observation(viewer)
                KutnaHoraObservation.model_validate(data)
                assert not set(_keys(data)) & ABBREVIATIONS
                assert data["viewer"] == viewer


def test_the_final_observation_holds_the_final_scoring() -> None:
    *_, last = _positions(3, 5)
    data = KutnaHoraObservation.model_validate(last.observation(None))
    assert data.phase == "over" and len(data.final_scoring) == 3
    assert [sum(parts.model_dump().values()) for parts in data.final_scoring] == [sum(p) for p in last.final]


@pytest.mark.parametrize("players", [2, 4])
def test_hidden_choices_give_every_seat_the_same_view(players: int) -> None:
    """Reorder and swap what nobody sees: stack tiles below the tops, mine layers, event decks."""
    for state in list(_positions(players, 3))[::4]:
        other = state.clone()
        rng = random.Random(4)
        hidden = [tile for stack in other.stack_hidden for tile in stack]
        rng.shuffle(hidden)
        at = 0
        for stack in other.stack_hidden:
            stack[:] = hidden[at : at + len(stack)]
            at += len(stack)
        for layer in other.layers:
            rng.shuffle(layer)
        for deck in other.events_left:
            deck.reverse()
        for viewer in [*range(players), None]:
            assert other.observation(viewer) == state.observation(viewer)


def test_every_step_name_derived_from_its_record_is_in_the_published_model() -> None:
    from typing import get_args

    from townhall.games.kutna_hora.observation_model import StepName
    from townhall.games.kutna_hora.steps import STEP_NAMES

    assert [name for name, _ in STEP_NAMES.values()] == list(get_args(StepName))
    assert STEP_NAMES[next(step for step in STEP_NAMES if step.__name__ == "PlaceMine")][1] == ("flags", "tile")
