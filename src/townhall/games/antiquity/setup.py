"""The new game: the map laid from tiles, exploration tokens, starting goods, the order (ANT-SETUP-1..3)."""

from __future__ import annotations

from typing import TypeVar

from townhall.engine import Chance, Options
from townhall.games.antiquity.board import Board
from townhall.games.antiquity.data import DATA, WOOD
from townhall.games.antiquity.hexmap import TOPOLOGIES, lay_tiles
from townhall.games.antiquity.position import AntiquityPosition

# The state class is passed in, so that the setup sits below the state (game → state → setup → position).
PositionT = TypeVar("PositionT", bound=AntiquityPosition)


def new_state(state_class: type[PositionT], num_players: int, options: Options, chance: Chance) -> PositionT:
    terrain, marks, drawn = lay_tiles(TOPOLOGIES[num_players], chance)
    board = Board(num_players, terrain)
    state = state_class(num_players, bool(options["beginner"]), int(options["max_rounds"]), board, terrain)
    state.token = marks
    state.tiles = drawn
    set_up(state, chance)
    return state


def set_up(position: AntiquityPosition, chance: Chance) -> None:
    """Exploration tokens, goods, order, first city maps (ANT-SETUP-1..3)."""
    for p in range(position.num_players):
        for g in DATA.exploration:
            position.token_pool[g] += 1
        position.players[p].goods[WOOD] = DATA.start_wood
        position.players[p].figure_changes += 1
        position.players[p].add_city_map()
    chance.shuffle(position.order)
    position.turn = position.num_players - 1  # the last player in order places first (ANT-SETUP-4)
