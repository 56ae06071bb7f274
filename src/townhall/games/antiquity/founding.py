"""Cities on the map: first-city sites, placing a city, covering exploration tokens."""

from __future__ import annotations

from townhall.engine import Chance
from townhall.games.antiquity.components import CITY_OCCUPANT, INN_OCCUPANT
from townhall.games.antiquity.hexmap import disc
from townhall.games.antiquity.position import HEX_OCCUPANT, HEX_TOKEN, AntiquityPosition


def place_city(position: AntiquityPosition, p: int, centre: int, chance: Chance) -> None:
    for h in disc(position.board.topo, centre):
        position.hex_occupant[h] = CITY_OCCUPANT + p
        position.hex_changes.append(h * 8 + HEX_OCCUPANT)
        cover_token(position, h, chance)
    position.players[p].cities.append(centre)
    position.players[p].figure_changes += 1
    if len(position.players[p].grid) < len(position.players[p].cities):
        position.players[p].add_city_map()


def cover_token(position: AntiquityPosition, h: int, chance: Chance) -> None:
    """A covered exploration token leaves the game unseen (ANT-SETUP-4, ANT-PH4-10)."""
    if position.token[h]:
        position.token[h] = False
        position.hex_changes.append(h * 8 + HEX_TOKEN)
        g = chance.weighted(position.token_pool)
        position.token_pool[g] -= 1
        position.unseen_removed += 1


def first_city_sites(position: AntiquityPosition) -> list[int]:
    out: list[int] = []
    occupant = position.hex_occupant
    tile_hexes = position.board.topo.tile_hexes
    for k, t in enumerate(position.board.topo.start_tiles):
        if any(0 <= occupant[h] < INN_OCCUPANT for h in tile_hexes[t]):
            continue
        out.extend(position.board.start_centres[k])
    return out
