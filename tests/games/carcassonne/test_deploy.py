"""Deploying followers and rejecting illegal actions."""

from __future__ import annotations

import json

import pytest

from townhall.engine.chance import Chance
from townhall.engine.errors import IllegalAction
from townhall.games.carcassonne.actions import DEPLOY, place_id
from townhall.games.carcassonne.state import CarcassonneState

from .helpers import act, follower, give, position, texts, turn


def _raises(state: CarcassonneState, player: int, action: int, clause: str) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        state.apply(player, action, Chance(0))
    assert error.value.clause == clause
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_choices_name_every_segment_of_the_new_tile() -> None:
    """CAR-DEPLOY-2: the player picks the segment: knight on a city, thief on a road, farmer on a
    field, monk on a cloister. CAR-DEPLOY-1: only segments of the tile just placed are offered."""
    state = position(bag=["E"])
    give(state, "D")
    act(state, "place 0,1 r180")
    assert texts(state) == [
        "knight on city S",
        "thief on road E+W",
        "farmer on field Es+Ws",
        "farmer on field Nw+Ne+En+Wn",
        "no follower",
    ]
    act(state, "thief on road E+W")
    assert state.current == 1 and state.supply == [6, 7]  # at most one follower per turn
    give(state, "A", 1)
    act(state, "place 1,1 r90")  # its road joins the thief's road: not offered
    assert texts(state) == ["farmer on field Nw+Ne+En+Es+Se+Sw+Ws+Wn", "monk on cloister", "no follower"]


def test_occupied_feature_is_not_offered_however_far() -> None:
    """CAR-DEPLOY-3: a farmer on D's south field reaches, through the north field of a U below
    it, the big field of a curve placed east of the U: that field is not offered, the curve's
    road and its small field are."""
    state = position([("U", 0, 1, 0)])
    follower(state, 0, 0, "field Es+Se+Sw+Ws", 1)
    give(state, "V")
    act(state, "place 1,1 r0")
    assert texts(state) == ["thief on road S+W", "farmer on field Sw+Ws", "no follower"]
    _raises(state, 0, DEPLOY + 1, "CAR-DEPLOY-3")  # field Nw+Ne+En+Es+Se+Wn


def test_empty_supply_means_no_follower_decision() -> None:
    """CAR-DEPLOY-4: with no follower in supply the player is not asked; the turn passes on."""
    state = position(bag=["B"])
    state.supply = [0, 7]
    turn(state, "E", "place 0,-1 r180")
    assert state.current == 1 and state.score == [0, 0]


def test_no_follower_on_the_river() -> None:
    """CAR-DEPLOY-5: a river tile offers its city, road and fields, never the river itself."""
    state = position(start=("R1", 0, 0, 0), river=True, bag=["B"])
    state.river_bag = [state.river_bag[0]] if state.river_bag else []
    give(state, "R4")  # city | river | road
    act(state, texts(state)[0])
    offered = texts(state)
    assert offered and not any("river" in t for t in offered)
    assert len(offered) == 1 + 6  # city, road, four fields, and "no follower"


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    """CAR-IO-1: wrong player, tile not fitting, occupied feature, unknown segment: each is
    rejected with the clause it breaks and the state is unchanged."""
    state = position(bag=["B"])
    follower(state, 0, 0, "city N", 1)
    give(state, "E")
    _raises(state, 1, place_id(0, -1, 2), "CAR-SETUP-3")  # not player 2's turn
    _raises(state, 0, place_id(0, 1, 0), "CAR-PLACE-2")  # city onto field
    _raises(state, 0, DEPLOY, "CAR-TURN-1")  # place first
    _raises(state, 0, -1, "CAR-TURN-1")
    act(state, "place 0,-1 r180")
    assert "knight on city S" not in texts(state)
    _raises(state, 0, DEPLOY + 0, "CAR-DEPLOY-3")  # the city already holds player 2's knight
    _raises(state, 0, DEPLOY + 11, "CAR-DEPLOY-2")  # E has no segment 11
    _raises(state, 0, place_id(1, 0, 0), "CAR-TURN-1")  # already placed
    act(state, "no follower")
    assert state.score == [0, 2]
