"""Placing tiles: adjacency, matching edges, rotations, discards and the River."""

from __future__ import annotations

import json
import random

import pytest

from townhall.engine.chance import Chance, ScriptedChance
from townhall.engine.errors import IllegalAction
from townhall.engine.protocol import Event
from townhall.games.carcassonne import GAME
from townhall.games.carcassonne.actions import place_id
from townhall.games.carcassonne.drawing import draw
from townhall.games.carcassonne.state import OVER, CarcassonneState
from townhall.games.carcassonne.tiles import CODES, TILE_SPECS, cell_of

from .helpers import act, give, position, texts


def _raises(state: CarcassonneState, action: int, clause: str) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        state.apply(state.current, action, Chance(0))
    assert error.value.clause == clause
    assert json.dumps(state.to_json(), sort_keys=True) == before  # CAR-IO-1: unchanged


def test_start_tile_offers_exactly_the_matching_cells() -> None:
    """CAR-PLACE-1/CAR-PLACE-2: around the start tile D (city N, road W-E, field S) a city cap E
    fits north (city facing D's city) and in every field-matching turn elsewhere."""
    state = position()
    give(state, "E")
    # North: only the city facing south onto D's city. South of D lies a field: the cap may face
    # E, S or W there, never N. East and west are road ends: a city cap has no road edge.
    assert texts(state) == ["place 0,-1 r180", "place 0,1 r90", "place 0,1 r180", "place 0,1 r270"]


def test_corner_contact_is_not_enough() -> None:
    """CAR-PLACE-1: a tile must share a full edge; touching a corner is illegal."""
    state = position()
    give(state, "B")
    assert all(not t.startswith("place 1,1 ") for t in texts(state))
    _raises(state, place_id(1, 1, 0), "CAR-PLACE-1")
    _raises(state, place_id(0, 0, 0), "CAR-PLACE-1")  # the cell is taken
    _raises(state, place_id(5, 5, 0), "CAR-PLACE-1")


def test_edges_must_match() -> None:
    """CAR-PLACE-2: city onto field is illegal (E turned r0 south of D puts its city on D's field)."""
    state = position()
    give(state, "E")
    _raises(state, place_id(0, 1, 0), "CAR-PLACE-2")
    give(state, "C")  # city all round: fits only north of D
    assert texts(state) == ["place 0,-1 r0"]
    _raises(state, place_id(1, 0, 0), "CAR-PLACE-2")


def test_four_rotations_and_symmetric_tiles_offered_once() -> None:
    """CAR-PLACE-3: a tile turns four ways; a straight road looks the same turned 180 degrees, so
    it is offered once per look and the duplicate rotation is refused naming the clause."""
    state = position()
    give(state, "V")  # road curve: 4 looks
    south = [t for t in texts(state) if t.startswith("place 0,1 ")]
    assert south == ["place 0,1 r0", "place 0,1 r270"]  # the two turns with field to the north
    give(state, "U")
    assert [t for t in texts(state) if t.startswith("place 1,0 ")] == ["place 1,0 r0"]
    _raises(state, place_id(1, 0, 2), "CAR-PLACE-3")


def test_unplaceable_tile_goes_back_to_the_box_and_the_same_player_draws_again() -> None:
    """CAR-PLACE-4: with no open city edge, the all-city tile C fits nowhere: it is discarded and
    the same player draws another tile."""
    state = position(start=("U", 0, 0, 0), bag=["B", "C"])
    state.current = 1
    events: list[Event] = []
    draw(state, ScriptedChance([1, 0]), events)  # the sorted bag is B, C: draw C, then B
    assert [CODES[t] for t in state.discards] == ["C"]
    assert CODES[state.hand] == "B" and state.current == 1
    assert [e.kind for e in events] == ["discard", "draw"]


def test_game_ends_when_the_last_tile_is_discarded() -> None:
    """CAR-END-1 with CAR-PLACE-4: the last tile fits nowhere: it is discarded and the game ends."""
    state = position(start=("U", 0, 0, 0), bag=["C"])
    draw(state, Chance(0), None)
    assert state.phase == OVER and state.to_move() == () and [CODES[t] for t in state.discards] == ["C"]


def _river_start() -> CarcassonneState:
    return position(start=("R1", 0, 0, 0), river=True)


def test_river_tile_must_continue_the_river_at_its_open_end() -> None:
    """CAR-PLACE-5: a river tile goes only where the river ends, river edge to river edge."""
    state = _river_start()
    give(state, "R7")  # straight river
    assert texts(state) == ["place 1,0 r0"]
    _raises(state, place_id(0, 1, 0), "CAR-PLACE-5")
    _raises(state, place_id(1, 0, 1), "CAR-PLACE-2")  # field onto the spring's river


def test_river_may_not_make_a_u_turn() -> None:
    """CAR-PLACE-5: two turns of the river in the same direction in a row are illegal.
    Decision: a straight stretch between them does not reset this (the last turn is remembered)."""
    state = _river_start()
    give(state, "R10")  # river curve: printed S+W
    assert texts(state) == ["place 1,0 r0", "place 1,0 r90"]  # turn right (south) or left (north)
    act(state, "place 1,0 r0")  # flows east, turns right to the south
    assert state.river_turn == 1 and state.river_end == cell_of(1, 1)
    give(state, "R10")
    # At 1,1 the river enters from the north: only the left turn (to the east) is allowed.
    assert texts(state) == ["place 1,1 r180"]
    _raises(state, place_id(1, 1, 1), "CAR-PLACE-5")
    act(state, "place 1,1 r180")
    assert state.river_end == cell_of(2, 1) and state.river_turn == 3
    give(state, "R7")
    act(state, "place 2,1 r0")  # straight on
    give(state, "R10")
    # Entering 3,1 from the west after a left turn: left again (north) would be a U-turn.
    assert texts(state) == ["place 3,1 r0"]


def test_river_never_blocks_itself_in_random_games() -> None:
    """CAR-PLACE-5: with alternating turns the river never runs into itself: every river tile
    and the lake are placed, none is discarded."""
    for seed in range(30):
        rng = random.Random(seed)
        chance = Chance(seed)
        state = GAME.start(2, {"river": True}, chance)
        assert isinstance(state, CarcassonneState)
        for _ in range(22):  # 11 river turns of at most 2 decisions
            if len(state.placed_cells) == 12:
                break
            p = state.current
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.randrange(len(legal))], chance)
        assert not state.discards and len(state.placed_cells) == 12
        assert all(TILE_SPECS[state.board[c][0] >> 2].river for c in state.placed_cells)


def test_lake_comes_after_the_ten_river_tiles_then_land() -> None:
    """CAR-PLACE-6 and CAR-SETUP-4: the 10 river tiles first, then the next player places the
    lake, which closes the river; after it only land tiles are drawn."""
    rng = random.Random(5)
    chance = Chance(5)
    state = GAME.start(3, {"river": True}, chance)
    assert isinstance(state, CarcassonneState)
    hands = []
    placers = []
    while state.to_move():
        if state.phase == 0:
            hands.append(CODES[state.hand])
            placers.append(state.current)
        p = state.current
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))], chance)
    assert all(TILE_SPECS[CODES.index(c)].river for c in hands[:10])
    assert hands[10] == "R2" and placers[10] == 10 % 3
    assert not any(TILE_SPECS[CODES.index(c)].river for c in hands[11:])
    assert len(hands) == 82
    assert state.river_end == -1


def test_lake_is_placed_at_the_river_end_only() -> None:
    """CAR-PLACE-6: the lake closes the river."""
    state = _river_start()
    give(state, "R2")
    assert texts(state) == ["place 1,0 r0"]
    act(state, "place 1,0 r0")
    assert state.river_end == -1
