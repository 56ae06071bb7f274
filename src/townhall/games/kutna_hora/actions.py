"""The fixed action space of Kutná Hora and the JSON kinds of the pending steps."""

from __future__ import annotations

from itertools import permutations
from typing import Final

from townhall.engine.codec import ActionSpace
from townhall.games.kutna_hora.data import DATA

MINE_CELLS: Final = DATA.mine_rows * DATA.mine_cols
TOWN_CELLS: Final = max(s.rows * s.cols for s in DATA.sides.values())
MAX_DRAW: Final = DATA.tech_levels[-1]
PERMS: Final = tuple(permutations(range(3)))
IDLE: Final = 6  # play a card for no effect (KH-TURN-4)

SPACE: Final = ActionSpace(
    [
        ("set", (("index", 4),)),
        ("order", (("perm", len(PERMS)),)),
        ("play", (("card", 6), ("action", 7))),
        ("buy", (("miners", 3),)),
        ("keep", (("index", MAX_DRAW),)),
        ("mine", (("cell", MINE_CELLS),)),
        ("tech", (("cell", MINE_CELLS),)),
        ("take", (("row", DATA.hall_rows), ("col", len(DATA.column_costs)))),
        ("plot", (("cell", TOWN_CELLS),)),
        ("build", (("slot", DATA.slots), ("cell", TOWN_CELLS))),
        ("noble", (("colour", 4),)),
        ("house", (("row", 3),)),
        ("score", (("cell", TOWN_CELLS),)),
        ("tax", (("pay", 2),)),
        ("resolve", ()),
        ("decline", ()),
    ]
)
A_SET: Final = SPACE.offset("set")
A_ORDER: Final = SPACE.offset("order")
A_PLAY: Final = SPACE.offset("play")
A_BUY: Final = SPACE.offset("buy")
A_KEEP: Final = SPACE.offset("keep")
A_MINE: Final = SPACE.offset("mine")
A_TECH: Final = SPACE.offset("tech")
A_TAKE: Final = SPACE.offset("take")
A_PLOT: Final = SPACE.offset("plot")
A_BUILD: Final = SPACE.offset("build")
A_NOBLE: Final = SPACE.offset("noble")
A_HOUSE: Final = SPACE.offset("house")
A_SCORE: Final = SPACE.offset("score")
A_TAX: Final = SPACE.offset("tax")
A_RESOLVE: Final = SPACE.offset("resolve")
A_DECLINE: Final = SPACE.offset("decline")
TAKE_COLS: Final = len(DATA.column_costs)

# Step kinds: the JSON form [kind, a, b] of the typed pending steps in position.py.
T_MINE: Final = 0  # auto: start a mine action (a = flags)
T_BUY: Final = 1  # buy miners? (a = flags)
T_DRAW: Final = 2  # auto: draw mine tiles (a = flags)
T_KEEP: Final = 3  # keep which drawn tile? (a = flags)
T_PLACE: Final = 4  # where? (a = flags, b = tile)
T_TECH: Final = 5  # place technology tile b (or remove it)
T_LIC: Final = 6  # licence (a = 0 normal, 1 free, 2 free public only)
T_PLOT: Final = 7  # plot (a = 0 normal, 1 free anywhere)
T_BUILD: Final = 8  # build (a = 0 normal, 1 no wood cost)
T_INCOME: Final = 9  # auto: take income, then T_NOBLE
T_NOBLE: Final = 10  # noble to the council (a = 0 from the pool for money, 1 from the bank free)
T_BARB: Final = 11  # resolve St. Barbara tile a or ignore it
T_HOUSE: Final = 12  # St. Barbara 3: remove a house for +2 production
T_SCORE: Final = 13  # St. Barbara 10: score one own building
T_OPT: Final = 14  # an impersonal icon the player may decline (a = OPT_*, b = good or amount)
T_BARB_END: Final = 15  # auto: St. Barbara tile a turns face down after its steps (KH-BAR-1)
OPT_SLIDER: Final = 0
OPT_ORE_LEFT: Final = 1
OPT_BARBARA: Final = 2
OPT_POP: Final = 3

F_FREE: Final = 1  # no wood cost
F_RESERVE: Final = 2  # miners from beside the pool first, no purchase step
