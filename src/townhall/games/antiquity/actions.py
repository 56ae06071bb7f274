"""The fixed integer action space of Antiquity."""

from __future__ import annotations

from collections.abc import Sequence

from townhall.engine.codec import ActionSpace

from .city import CHOICE_NAMES, MAX_SIZE, NUM_CHOICES
from .data import GOODS
from .hexmap import MAX_HEXES
from .player import SAINTS

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


def action_text(action: int, labels: Sequence[str]) -> str:
    """The text form of an action (hexes named by their map labels)."""
    kind, v = SPACE.decode(action)
    if kind == "found":
        return f"city at {labels[v[0]]}" if v[0] < len(labels) else f"city at #{v[0]}"
    if kind == "hex":
        return labels[v[0]] if v[0] < len(labels) else f"#{v[0]}"
    if kind == "build":
        return f"build {CHOICE_NAMES[v[0]]}"
    if kind == "house":
        return f"house {v[0] + 1}"
    if kind == "free":
        return f"free house {v[0] + 1}"
    if kind == "square":
        c, x, y, rot = v
        return f"at c{c + 1} {'abcdefg'[x]}{y + 1}" + (f" turn {rot}" if rot else "")
    if kind in ("cell", "man", "heal", "move", "gravemove"):
        c, x, y = v
        where = f"c{c + 1} {'abcdefg'[x]}{y + 1}"
        return where if kind == "cell" else f"{kind} {where}"
    if kind == "saint":
        return f"saint {SAINTS[v[0]]}"
    if kind == "good":
        return GOODS[v[0]]
    if kind == "keep":
        return f"keep {GOODS[v[0]]}"
    if kind == "seed":
        return f"{GOODS[v[0]]} (free seed)"
    if kind == "country":
        return COUNTRY_KINDS[v[0]]
    if kind == "trade":
        return f"trade with player {v[0] + 1}"
    if kind in ("give", "ask"):
        return f"{kind} {GOODS[v[0]]}"
    return kind
