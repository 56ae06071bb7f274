"""Observation, rendering, action texts and the greedy heuristic."""

from __future__ import annotations

import random

from townhall.engine.chance import Chance
from townhall.games.carcassonne import GAME
from townhall.games.carcassonne.actions import DEPLOY, SKIP, from_json, place_id, to_json
from townhall.games.carcassonne.state import CarcassonneState

from .helpers import act, follower, give, position


def test_drawn_tile_is_public_and_the_stack_is_only_counts() -> None:
    """CAR-TURN-2: every player and a spectator see the tile in hand; the remaining stack is
    shown as counts per tile type, never as an order; determinize changes nothing."""
    state = GAME.start(3, {}, Chance(9))
    assert isinstance(state, CarcassonneState)
    views = [state.observation(p) for p in (0, 1, 2, None)]
    assert all(v == views[0] for v in views)
    assert views[0]["tile_in_hand"] is not None
    remaining = views[0]["tiles_remaining"]
    assert isinstance(remaining, dict) and sum(remaining.values()) == 70
    assert all(isinstance(v, int) for v in remaining.values())
    assert state.determinize(1, random.Random(1)).to_json() == state.to_json()


def test_observation_lists_tiles_followers_scores_and_supplies() -> None:
    state = position([("E", 0, -1, 2)])
    follower(state, 0, 0, "road E+W", 1)
    seen = state.observation(0)
    assert seen["tiles"] == [
        {"x": 0, "y": 0, "tile": "D", "rotation": 0},
        {"x": 0, "y": -1, "tile": "E", "rotation": 2},
    ]
    assert seen["followers"] == [{"x": 0, "y": 0, "segment": 1, "segment_label": "road E+W", "player": 1}]
    assert seen["scores"] == [0, 0] and seen["followers_in_supply"] == [7, 6]


def test_action_json_and_texts() -> None:
    state = position()
    give(state, "E")
    action = place_id(0, -1, 2)
    assert to_json(action) == {"kind": "place", "x": 0, "y": -1, "rot": 2}
    assert from_json(to_json(action)) == action
    assert state.action_text(action) == "place 0,-1 r180"
    act(state, "place 0,-1 r180")
    assert state.action_text(DEPLOY) == "knight on city S" and state.action_text(SKIP) == "no follower"
    assert from_json({"kind": "skip"}) == SKIP


def test_render_shows_coordinates_followers_and_the_tile_in_hand() -> None:
    state = position([("E", 0, -1, 2)])
    follower(state, 0, 0, "road E+W", 1)
    give(state, "U")
    text = GAME.render(state, None)
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["-1", "0", "1"]
    assert any(line.strip().startswith("0 ") and "-2-" in line for line in lines)  # thief of player 2
    assert "player 1 holds U" in text and "r90" in text and " ? " in text


def test_evaluate_prefers_a_lead_and_open_features() -> None:
    state = position([("E", 0, -1, 2)], players=2)
    base = GAME.evaluate(state, 0)
    follower(state, 0, 0, "road E+W", 0)
    with_thief = GAME.evaluate(state, 0)
    assert with_thief > base - 2  # a follower on an open road is worth about what it left
    state.score = [10, 0]
    assert GAME.evaluate(state, 0) > with_thief
    assert GAME.evaluate(state, 1) < 0


def test_every_segment_has_its_own_spot_in_the_drawing() -> None:
    """Followers are drawn on their segment: no two segments of a tile share a character."""
    from townhall.games.carcassonne.tiles import LAYOUTS

    for layout in LAYOUTS:
        assert len(set(layout.anchors)) == len(layout.anchors)


def test_render_marks_pennants_and_the_river() -> None:
    state = position(start=("R1", 0, 0, 0), river=True)
    give(state, "R7")
    text = GAME.render(state, 0)
    assert ".~~" in text and "holds R7" in text
    band = position(start=("F", 0, 0, 0))
    assert "#*#" in GAME.render(band, None)
