"""Building a My City state: a new game from its options (the chapter 8 palace, the first card)
or a saved one from its `to_json` form. The state class is passed in (state.py sits above this
module in the import order)."""

from __future__ import annotations

from typing import TypeVar

from townhall.engine import Chance, Json, OptionError, Options
from townhall.games.my_city import turns
from townhall.games.my_city.board import Features, neighbours, terrain_for
from townhall.games.my_city.chapters import RuleSet
from townhall.games.my_city.data import BoardSpec, board_from_json, cell_name, parse_cell
from townhall.games.my_city.options import Stickers, table_from_options
from townhall.games.my_city.pieces import CATALOGUE
from townhall.games.my_city.position import MyCityPosition

PALACE = CATALOGUE.by_id["PAL"]

P = TypeVar("P", bound=MyCityPosition)


def features_of(spec: BoardSpec, stickers: list[tuple[int, str]]) -> Features:
    """One seat's board: the printed features with its campaign stickers on top."""
    features = Features.of(spec.cells)
    for cell, kind in stickers:
        features = features.with_sticker(cell, kind)
    return features


def build_state(kind: type[P], num_players: int, rules: RuleSet, spec: BoardSpec, stickers: Stickers) -> P:
    """The position before the first card: boards, and the palace built where the chapter puts it."""
    terrain = terrain_for(spec, rules.east_only, rules.land)
    features = [features_of(spec, s) for s in stickers]
    state = kind(num_players, rules, spec, terrain, features, stickers)
    if rules.palace >= 0:
        if not terrain.buildable >> rules.palace & 1:
            raise OptionError(f"the palace cell {cell_name(rules.palace)} is not light green on this board")
        state.start_occupied = 1 << rules.palace
        for p in range(num_players):
            state.occupied[p] |= state.start_occupied
            state.around[p] = neighbours(state.occupied[p])
            state.placed[p].append((PALACE, state.start_occupied))
    return state


def new_state(kind: type[P], num_players: int, options: Options, chance: Chance) -> P:
    """A new game as resolved options ask, with its first card revealed."""
    rules, spec, stickers = table_from_options(num_players, options)
    state = build_state(kind, num_players, rules, spec, stickers)
    turns.draw(state, chance, None)
    return state


def state_from_json(kind: type[P], data: dict[str, Json]) -> P:
    """A saved state (`to_json`): its rules, board and stickers rebuilt, then its progress."""
    rules = RuleSet.from_json(data["rules"])
    spec = board_from_json({"format": "my-city-board/1", **data["board"]}, "state")
    stickers = [[(parse_cell(c), k) for c, k in seat] for seat in data["stickers"]]
    state = kind(
        data["num_players"],
        rules,
        spec,
        terrain_for(spec, rules.east_only, rules.land),
        [features_of(spec, s) for s in stickers],
        stickers,
    )
    state.load_progress(data)
    return state
