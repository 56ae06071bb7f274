"""The fixed integer action space of Antiquity."""

from __future__ import annotations

from townhall.engine.codec import ActionSpace

from .city import MAX_SIZE, NUM_CHOICES
from .hexmap import MAX_HEXES

_CELL = (("city", 4), ("x", MAX_SIZE), ("y", MAX_SIZE))

SPACE = ActionSpace(
    [
        ("found", (("hex", MAX_HEXES),)),
        ("build", (("choice", NUM_CHOICES),)),
        ("house", (("number", 20),)),
        ("square", (*_CELL, ("rot", 4))),
        ("cell", _CELL),
        ("man", _CELL),
        ("heal", _CELL),
        ("move", _CELL),
        ("gravemove", _CELL),
        ("saint", (("saint", 5),)),
        ("good", (("good", 10),)),
        ("keep", (("good", 10),)),
        ("seed", (("good", 10),)),
        ("bank", ()),
        ("demolish", ()),
        ("free", (("number", 20),)),
        ("nofree", ()),
        ("country", (("building", 7),)),
        ("hex", (("hex", MAX_HEXES),)),
        ("trade", (("partner", 4),)),
        ("give", (("good", 10),)),
        ("ask", (("good", 10),)),
        ("propose", ()),
        ("withdraw", ()),
        ("accept", ()),
        ("decline", ()),
        ("done", ()),
    ]
)

FOUND = SPACE.offset("found")
BUILD = SPACE.offset("build")
HOUSE_A = SPACE.offset("house")
SQUARE = SPACE.offset("square")
CELL = SPACE.offset("cell")
MAN = SPACE.offset("man")
HEAL = SPACE.offset("heal")
MOVE = SPACE.offset("move")
GRAVEMOVE = SPACE.offset("gravemove")
SAINT = SPACE.offset("saint")
GOOD = SPACE.offset("good")
KEEP = SPACE.offset("keep")
SEED = SPACE.offset("seed")
BANK = SPACE.offset("bank")
DEMOLISH = SPACE.offset("demolish")
FREE = SPACE.offset("free")
NOFREE = SPACE.offset("nofree")
COUNTRY = SPACE.offset("country")
HEX = SPACE.offset("hex")
TRADE_WITH = SPACE.offset("trade")
GIVE = SPACE.offset("give")
ASK = SPACE.offset("ask")
PROPOSE = SPACE.offset("propose")
WITHDRAW = SPACE.offset("withdraw")
ACCEPT = SPACE.offset("accept")
DECLINE = SPACE.offset("decline")
DONE = SPACE.offset("done")

COUNTRY_KINDS = ("woodcutter", "farm", "mine", "fisherman", "inn", "city", "alchemy")
WOODCUTTER, FARM, MINE, FISHERMAN, INN, NEWCITY, ALCHEMY = range(7)


def cell_action(base: int, city: int, cell: int, size: int) -> int:
    """The id of a (city, x, y) action (man, heal, move, grave...) for a cell index."""
    x, y = cell % size, cell // size
    return base + (city * MAX_SIZE + x) * MAX_SIZE + y


def square_action(city: int, x: int, y: int, rot: int) -> int:
    return SQUARE + ((city * MAX_SIZE + x) * MAX_SIZE + y) * 4 + rot


# the CELL action of every square of city maps 1-4 (a hot path: graves, houses)
CELL_ACTIONS = tuple(
    tuple(cell_action(CELL, c, i, 7 if c == 0 else 6) for i in range((7 if c == 0 else 6) ** 2)) for c in range(4)
)
