"""The public observation: full-word keys of the published model, the same information as the save
format, and the same view for every seat and a spectator (nothing in Carcassonne is hidden)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from townhall.engine.chance import Chance
from townhall.engine.protocol import Json
from townhall.games.carcassonne import GAME
from townhall.games.carcassonne.observation_model import CarcassonneObservation
from townhall.games.carcassonne.state import CarcassonneState

# The abbreviated keys of the save formats (issue 31), Carcassonne's among them ("rot", "on").
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
    "on",
}
# Maps keyed by tile code, not by a field name.
COUNT_MAPS = {"tiles_remaining", "river_tiles_remaining"}
VARIANTS: list[dict[str, Any]] = [{}, {"river": True}, {"farm_scoring": "third-edition", "small_city": False}]


def keys(value: Json, into: set[str]) -> set[str]:
    """Every key of every object in `value`, except the tile codes of the count maps."""
    if isinstance(value, dict):
        for key, item in value.items():
            into.add(key)
            if key not in COUNT_MAPS:
                keys(item, into)
    elif isinstance(value, list):
        for item in value:
            keys(item, into)
    return into


def as_save_format(seen: dict[str, Any]) -> dict[str, Any]:
    """The save format's form of an observation: equal to to_json() when they hold the same facts."""
    directions = ("north", "east", "south", "west")
    turns = {None: 0, "right": 1, "left": 3}
    river = seen["river"]
    return {
        "players": seen["player_count"],
        "options": seen["options"],
        "phase": seen["phase"],
        "current": seen["current_player"],
        "hand": seen["tile_in_hand"],
        "tiles": [{"x": t["x"], "y": t["y"], "tile": t["tile"], "rot": t["rotation"]} for t in seen["tiles"]],
        "followers": [
            {"x": f["x"], "y": f["y"], "segment": f["segment"], "on": f["segment_label"], "player": f["player"]}
            for f in seen["followers"]
        ],
        "scores": seen["scores"],
        "supply": seen["followers_in_supply"],
        "remaining": seen["tiles_remaining"],
        "river_remaining": seen["river_tiles_remaining"],
        "lake_due": seen["lake_still_to_draw"],
        "river": {
            "end": river["open_end"],
            "flow": directions.index(river["flow_direction"]),
            "turn": turns[river["last_turn"]],
        },
        "discards": seen["tiles_back_in_box"],
    }


def states_along_a_game(players: int, options: dict[str, Any], seed: int) -> list[CarcassonneState]:
    """Snapshots of a random game, from set-up to the end."""
    rng = random.Random(seed)
    chance = Chance(seed)
    state = GAME.start(players, options, chance)
    assert isinstance(state, CarcassonneState)
    out = [state.clone()]
    while state.to_move():
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)), chance)
        out.append(state.clone())
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_every_view_validates_in_full_words_and_says_what_the_save_format_says(players: int, variant: int) -> None:
    for seed in (1, 2):
        for state in states_along_a_game(players, VARIANTS[variant], seed + 10 * players):
            public = state.observation(None)
            CarcassonneObservation.model_validate(public)
            assert not keys(public, set()) & ABBREVIATIONS
            assert as_save_format(public) == state.to_json()
            # Nothing is hidden: every seat sees what a spectator sees.
            assert all(state.observation(seat) == public for seat in range(players))


def test_the_order_of_the_stack_is_not_shown() -> None:
    """CAR-TURN-2: the stack is only counts per tile type; two stacks in different orders look alike."""
    state = GAME.start(3, {}, Chance(5))
    assert isinstance(state, CarcassonneState)
    shuffled = state.clone()
    random.Random(5).shuffle(shuffled.bag)
    assert shuffled.bag != state.bag
    for viewer in (0, 1, 2, None):
        assert shuffled.observation(viewer) == state.observation(viewer)


def test_the_game_publishes_its_observation_model() -> None:
    assert GAME.observation_model is CarcassonneObservation
    schema = CarcassonneObservation.model_json_schema()
    for model in [schema, *schema["$defs"].values()]:
        assert model["additionalProperties"] is False
        for name, field in model["properties"].items():
            assert field.get("description"), f"{model['title']}.{name} has no description"
