"""Components, setup, turn order and the data files."""

from __future__ import annotations

import json

import pytest

from townhall.engine.chance import Chance
from townhall.engine.datafile import validate_model
from townhall.engine.errors import DataError, OptionError
from townhall.games.carcassonne import GAME
from townhall.games.carcassonne.data import RULES_FILE, TILES_FILE, RulesFile, TilesFile, load, tile_data
from townhall.games.carcassonne.state import CarcassonneState
from townhall.games.carcassonne.tiles import CODES, LAYOUTS, TILE_SPECS, cell_of

from .helpers import act, give, position


def test_base_set_has_72_tiles_of_24_types() -> None:
    """CAR-SETUP-1: 72 land tiles of 24 types; 10 pennants, 6 cloisters; 79 city, 94 road and
    115 field edges (the checksums of carcassonne-tiles.md); the River has 12 tiles."""
    base = [t for t in TILE_SPECS if not t.river]
    river = [t for t in TILE_SPECS if t.river]
    assert len(base) == 24 and sum(t.count for t in base) == 72
    assert sum(t.count for t in base if t.pennant) == 10
    assert sum(t.count for t in base if t.cloister) == 6
    edges = "".join(t.edges * t.count for t in base)
    assert (edges.count("C"), edges.count("R"), edges.count("F")) == (79, 94, 115)
    assert len(river) == 10 and sum(t.count for t in river) == 12


def test_start_tile_face_up_and_71_to_draw() -> None:
    """CAR-SETUP-1: the start tile D lies at 0,0; the other 71 are drawn (one is already in hand)."""
    state = GAME.start(2, {}, Chance(1))
    assert isinstance(state, CarcassonneState)
    assert state.board[cell_of(0, 0)][0] == 4 * CODES.index("D")
    assert len(state.bag) + 1 == 71
    assert state.to_json()["remaining"].get("D", 0) + (state.hand == CODES.index("D")) == 3


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_has_seven_followers_in_supply(players: int) -> None:
    """CAR-SETUP-2: 2-5 players, 8 followers each, one of them the score marker: 7 in supply."""
    state = GAME.start(players, {}, Chance(0))
    assert isinstance(state, CarcassonneState)
    assert state.supply == [7] * players


def test_player_counts_outside_two_to_five_are_refused() -> None:
    """CAR-SETUP-2: 2-5 players."""
    for players in (1, 6):
        with pytest.raises(OptionError):
            GAME.start(players, {}, Chance(0))


def test_seat_zero_starts_and_play_passes_in_seat_order() -> None:
    """CAR-SETUP-3: seat 0 starts; play passes clockwise (seat order)."""
    state = GAME.start(3, {}, Chance(2))
    assert isinstance(state, CarcassonneState)
    seen = []
    for _ in range(4):
        seen.append(state.current)
        player = state.current
        while state.current == player and state.to_move():
            legal = state.legal_actions(player)
            state.apply(player, legal[-1], Chance(len(seen)))
    assert seen == [0, 1, 2, 0]


def test_river_setup_spring_first_start_tile_removed() -> None:
    """CAR-SETUP-4: with the River the spring lies at 0,0, the start tile is out of the game (3 D
    remain among 71 land tiles), 10 river tiles are drawn first and the lake is set aside."""
    state = GAME.start(2, {"river": True}, Chance(3))
    assert isinstance(state, CarcassonneState)
    assert state.board[cell_of(0, 0)][0] == 4 * CODES.index("R1")
    assert len(state.bag) == 71 and state.bag.count(CODES.index("D")) == 3
    assert len(state.river_bag) + 1 == 10 and TILE_SPECS[state.hand].river
    assert state.lake_due and CODES.index("R2") not in state.river_bag


def test_river_is_off_by_default_and_options_are_declared() -> None:
    """CAR-SETUP-4: the River is an option, off by default."""
    resolved = GAME.meta.resolve({})
    assert resolved == {"river": False, "small_city": True, "farm_scoring": "first-edition"}
    assert {"river": True} in GAME.variants()
    with pytest.raises(OptionError):
        GAME.meta.resolve({"farm_scoring": "second-edition"})


def parse(tiles: object, rules: object) -> object:
    return tile_data(
        validate_model(TilesFile, tiles, TILES_FILE.name), validate_model(RulesFile, rules, RULES_FILE.name)
    )


def test_bad_data_is_rejected_with_a_clear_message() -> None:
    """A data file with a broken tile names the file, the tile and the problem."""
    raw = json.loads(TILES_FILE.read_text(encoding="utf-8"))
    rules = json.loads(RULES_FILE.read_text(encoding="utf-8"))
    raw["base"]["E"]["edges"] = "CFFX"
    with pytest.raises(DataError, match=r"tiles.json: base.E.edges: String should match pattern"):
        parse(raw, rules)
    raw = json.loads(TILES_FILE.read_text(encoding="utf-8"))
    raw["base"]["D"]["roads"] = ["E"]
    with pytest.raises(DataError, match=r"base.D: .*roads: segments cover edges \[1\] but the 'R' edges are \[1, 3\]"):
        parse(raw, rules)
    raw = json.loads(TILES_FILE.read_text(encoding="utf-8"))
    del raw["base"]["A"]["provenance"]
    with pytest.raises(DataError, match="provenance"):
        parse(raw, rules)
    rules["city_per_tile"] = {"value": 2}
    with pytest.raises(DataError, match="city_per_tile"):
        parse(json.loads(TILES_FILE.read_text(encoding="utf-8")), rules)
    assert load().start == "D"


def test_mirror_images_j_and_k_are_different_types() -> None:
    """CAR-PLACE-3: tiles turn but never mirror — J turned never looks like K."""
    j = {LAYOUTS[4 * CODES.index("J") + r].edges for r in range(4)}
    k = {LAYOUTS[4 * CODES.index("K") + r].edges for r in range(4)}
    assert not j & k


def test_one_turn_is_place_then_deploy_then_score() -> None:
    """CAR-TURN-1: place a tile, then (optionally) a follower, then scoring; then the next player."""
    state = position(bag=["B"])
    give(state, "E", 0)
    act(state, "place 0,-1 r180")
    assert state.phase == 1 and state.current == 0 and state.score == [0, 0]
    act(state, "knight on city S")
    assert state.score == [2, 0] and state.current == 1
