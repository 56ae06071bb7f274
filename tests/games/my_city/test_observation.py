"""The public observation of My City (observation.py): along random games, every seat's view and
the spectator's have exactly the published shape (`MyCityObservation`), every key is full words,
and a player's choice on the revealed card is seen by that player only (MYC-IO-3)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from tests.games.my_city.helpers import start
from townhall.engine import Chance, Json
from townhall.games.my_city import GAME
from townhall.games.my_city.observation_model import MyCityObservation
from townhall.games.my_city.state import MyCityState

# The abbreviated keys of the save formats (issue 31), My City's own among them.
ABBREVIATIONS = {
    "gprod",
    "occ",
    "pend",
    "todo_poll",
    "todo_grave",
    "blds",
    "ev_left",
    "ev_current",
    "pel_unused",
    "pel_used",
    "rep",
    "prod",
    "cols",
    "pop_pos",
    "rot",
    "f_men",
    "f_open",
    "start_occ",
    "church4",
    "park_min_cells",
    "my_choice",
}
WORDS = re.compile(r"[a-z]+(_[a-z]+)*")
VARIANTS = [{}, {"board": "random:1"}, *({"mode": "campaign", "episode": e} for e in (1, 5, 7, 13, 16, 24))]


def keys(value: Json) -> Iterator[str]:
    """Every key of every object in a JSON value."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys(item)


def random_states(players: int, options: dict[str, object], seed: int) -> Iterator[MyCityState]:
    """The states of one random game, after every decision (the first and the last included)."""
    rng = random.Random(seed)
    chance = Chance(seed)
    state = start(players, options, chance)
    yield state
    while not state.over:
        for player in state.to_move():
            legal = state.legal_actions(player)
            state.apply(player, legal[rng.randrange(len(legal))], chance)
            yield state


def check_shape(seen: dict[str, Json], where: str) -> None:
    parsed = MyCityObservation.model_validate(seen, strict=True)
    assert parsed.model_dump(exclude_unset=True) == seen, where
    bad = [key for key in keys(seen) if key in ABBREVIATIONS or not WORDS.fullmatch(key)]
    assert not bad, f"{where}: keys not in full words: {bad}"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_every_view_has_the_published_shape(players: int, options: dict[str, object]) -> None:
    for seed in (1, 2):
        for step, state in enumerate(random_states(players, options, seed)):
            for viewer in [*range(players), None]:
                check_shape(state.observation(viewer), f"seed {seed} step {step} viewer {viewer}")


def test_the_model_is_the_game_declaration() -> None:
    assert GAME.observation_model is MyCityObservation


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_choice_is_seen_by_its_player_only_MYC_IO_3(players: int) -> None:
    """Two different choices of one player give the same view to every other seat and to a
    spectator, and different views to the player who chose."""
    rng = random.Random(players)
    compared = 0
    for state in random_states(players, {"mode": "campaign", "episode": 5}, players):
        if state.over:
            break
        chooser = state.to_move()[0]
        legal = state.legal_actions(chooser)
        if len(legal) < 2:
            continue
        first, second = rng.sample(legal, 2)
        one, two = state.clone(), state.clone()
        one.apply(chooser, first, Chance(0))
        two.apply(chooser, second, Chance(0))
        if one.pending[chooser] < 0 or two.pending[chooser] < 0:
            continue  # the choice resolved the card: nothing is hidden any more
        for viewer in [*range(players), None]:
            if viewer == chooser:
                assert one.observation(viewer) != two.observation(viewer)
            else:
                assert one.observation(viewer) == two.observation(viewer)
        compared += 1
    assert compared > 5
