"""Component facts the rules share: building ids, supplies, producer goods, hex occupants, limits, costs."""

from __future__ import annotations

from typing import Final

from townhall.games.antiquity.city import STORAGE
from townhall.games.antiquity.data import BUILDINGS, DATA, STONE, WOOD, Cost
from townhall.games.antiquity.player import B

MAX_PLAN_STEPS: Final = 250  # a safety bound on one player's phase-2 plan (never reached in real play)
MAX_OFFERS: Final = 3  # offers one player may make per round (keeps the trading bounded)
MAX_ITEMS: Final = 8  # goods in one offer, both sides together (stand-in bound)
STORAGE_COST: Final = Cost(((WOOD, 1),))
FARM_GOODS: Final = (0, 1, 2, 5)  # grain, sheep, olives, wine (ANT-PH4-4)
FISH_GOODS: Final = (3, 7, 6)  # fish, dye, pearls (ANT-PH4-7)
MINE_GOODS: Final = (STONE, 4)  # stone, gold (ANT-PH4-6)
# hex_occupant codes: city of p = p, inn of p = 4 + p, producer i = 8 + i
CITY_OCCUPANT: Final = 0
INN_OCCUPANT: Final = 4
SITE_OCCUPANT: Final = 8
# Building type ids (Final: the compiled build reads them as constants)
CART: Final = B["cart_shop"]
EXPLORER: Final = B["explorer"]
HARBOR: Final = B["harbor"]
STABLES: Final = B["stables"]
DUMP: Final = B["dump"]
MARKET: Final = B["market"]
THEOLOGY: Final = B["theology"]
HOSPITAL: Final = B["hospital"]
PHILOSOPHY: Final = B["philosophy"]
BIOLOGY: Final = B["biology"]
ALCHEMY: Final = B["alchemy"]
FORCED: Final = B["forced_labour"]
BREWERY: Final = B["brewery"]
GRANARY: Final = B["granary"]
CATHEDRAL: Final = B["cathedral"]
FOUNTAIN: Final = B["fountain"]
# house prices as plain tuples for the hot legal-action scan: food, lux, food different, lux different
HOUSE_PRICES: Final = tuple((c.food, c.lux, c.food_different, c.lux_different) for c in DATA.house_costs)
SUPPLY: Final = {CART: DATA.supply["cart_shop"], STORAGE: DATA.supply["storage"], FOUNTAIN: DATA.supply["fountain"]}
# Countryside building kinds
WOODCUTTER: Final = 0
FARM: Final = 1
MINE: Final = 2
FISHERMAN: Final = 3
INN: Final = 4
NEWCITY: Final = 5
ALCHEMY_K: Final = 6


def building_cost(btype: int) -> Cost:
    return STORAGE_COST if btype == STORAGE else DATA.buildings[BUILDINGS[btype]].cost
