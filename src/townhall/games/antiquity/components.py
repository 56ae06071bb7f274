"""Component facts the rules share: building ids, supplies, producer goods, hex occupants, limits, costs."""

from __future__ import annotations

from typing import Final

from .city import STORAGE
from .data import BUILDINGS, DATA, STONE, WOOD, Cost
from .player import B

MAX_PLAN_STEPS: Final = 250  # a safety bound on one player's phase-2 plan (never reached in real play)
MAX_OFFERS: Final = 3  # offers one player may make per round (keeps the trading bounded)
MAX_ITEMS: Final = 8  # goods in one offer, both sides together (stand-in bound)
STORAGE_COST = Cost(((WOOD, 1),))
FARM_GOODS = (0, 1, 2, 5)  # grain, sheep, olives, wine (ANT-PH4-4)
FISH_GOODS = (3, 7, 6)  # fish, dye, pearls (ANT-PH4-7)
MINE_GOODS = (STONE, 4)  # stone, gold (ANT-PH4-6)
CITY_OCCUPANT, INN_OCCUPANT, SITE_OCCUPANT = (
    0,
    4,
    8,
)  # hex_occupant codes: city of p = p, inn of p = 4 + p, producer i = 8 + i
CART, EXPLORER, HARBOR, STABLES, DUMP = B["cart_shop"], B["explorer"], B["harbor"], B["stables"], B["dump"]
MARKET, THEOLOGY, HOSPITAL, PHILOSOPHY = B["market"], B["theology"], B["hospital"], B["philosophy"]
BIOLOGY, ALCHEMY, FORCED, BREWERY = B["biology"], B["alchemy"], B["forced_labour"], B["brewery"]
GRANARY, CATHEDRAL, FOUNTAIN = B["granary"], B["cathedral"], B["fountain"]
SUPPLY = {CART: DATA.supply["cart_shop"], STORAGE: DATA.supply["storage"], FOUNTAIN: DATA.supply["fountain"]}
WOODCUTTER, FARM, MINE, FISHERMAN, INN, NEWCITY, ALCHEMY_K = range(7)


def building_cost(btype: int) -> Cost:
    return STORAGE_COST if btype == STORAGE else DATA.buildings[BUILDINGS[btype]].cost
