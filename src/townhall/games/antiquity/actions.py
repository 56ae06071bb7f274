"""The fixed integer action space of Antiquity."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from townhall.engine.codec import ActionSpace
from townhall.games.antiquity.city import CHOICE_NAMES, MAX_SIZE, NUM_CHOICES, size_of
from townhall.games.antiquity.data import GOODS, SAINTS
from townhall.games.antiquity.hexmap import MAX_HEXES
from townhall.games.antiquity.words import _, building, city_cell, good, term, typed_building
from townhall.i18n import N_

_CELL = (("city", 4), ("x", MAX_SIZE), ("y", MAX_SIZE))

SPACE: Final = ActionSpace(
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

FOUND: Final = SPACE.offset("found")
BUILD: Final = SPACE.offset("build")
HOUSE_A: Final = SPACE.offset("house")
SQUARE: Final = SPACE.offset("square")
CELL: Final = SPACE.offset("cell")
MAN: Final = SPACE.offset("man")
HEAL: Final = SPACE.offset("heal")
MOVE: Final = SPACE.offset("move")
GRAVEMOVE: Final = SPACE.offset("gravemove")
SAINT: Final = SPACE.offset("saint")
GOOD: Final = SPACE.offset("good")
KEEP: Final = SPACE.offset("keep")
SEED: Final = SPACE.offset("seed")
BANK: Final = SPACE.offset("bank")
DEMOLISH: Final = SPACE.offset("demolish")
FREE: Final = SPACE.offset("free")
NOFREE: Final = SPACE.offset("nofree")
COUNTRY: Final = SPACE.offset("country")
HEX: Final = SPACE.offset("hex")
TRADE_WITH: Final = SPACE.offset("trade")
GIVE: Final = SPACE.offset("give")
ASK: Final = SPACE.offset("ask")
PROPOSE: Final = SPACE.offset("propose")
WITHDRAW: Final = SPACE.offset("withdraw")
ACCEPT: Final = SPACE.offset("accept")
DECLINE: Final = SPACE.offset("decline")
DONE: Final = SPACE.offset("done")

COUNTRY_KINDS: Final = ("woodcutter", "farm", "mine", "fisherman", "inn", "city", "alchemy")
WOODCUTTER, FARM, MINE, FISHERMAN, INN, NEWCITY, ALCHEMY = range(7)


def cell_action(base: int, city: int, cell: int, size: int) -> int:
    """The id of a (city, x, y) action (man, heal, move, grave...) for a cell index."""
    x, y = cell % size, cell // size
    return base + (city * MAX_SIZE + x) * MAX_SIZE + y


def cell_square(action: int, base: int) -> tuple[int, int]:
    """The (city, cell index) of a (city, x, y) action: cell_action undone, without a full decode."""
    v = action - base
    y = v % MAX_SIZE
    v //= MAX_SIZE
    x = v % MAX_SIZE
    city = v // MAX_SIZE
    return city, y * size_of(city) + x


def square_action(city: int, x: int, y: int, rot: int) -> int:
    return SQUARE + ((city * MAX_SIZE + x) * MAX_SIZE + y) * 4 + rot


# the CELL action of every square of city maps 1-4 (a hot path: graves, houses)
CELL_ACTIONS: Final = tuple(
    tuple(cell_action(CELL, c, i, 7 if c == 0 else 6) for i in range((7 if c == 0 else 6) ** 2)) for c in range(4)
)


# Actions without fields, named in the language in force.
PLAIN_WORDS = {
    "bank": N_("bank"),
    "demolish": N_("demolish"),
    "nofree": N_("nofree"),
    "propose": N_("propose"),
    "withdraw": N_("withdraw"),
    "accept": N_("accept"),
    "decline": N_("decline"),
    "done": N_("done"),
}


def action_words(action: int, labels: Sequence[str]) -> str:
    """The action as a player reads it: city squares and the terse kinds in words; else the text."""
    kind, v = SPACE.decode(action)
    if kind == "nofree":
        return _("no free house")
    if kind == "build":
        return _("build {building}").format(building=building(CHOICE_NAMES[v[0]]))
    if kind == "square":
        c, x, y, rot = v
        text = _("at {cell}").format(cell=city_cell(c, f"{'abcdefg'[x]}{y + 1}"))
        return text + (_(", turned {degrees}°").format(degrees=90 * rot) if rot else "")
    if kind in ("cell", "man", "heal", "move", "gravemove"):
        c, x, y = v
        where = city_cell(c, f"{'abcdefg'[x]}{y + 1}")
        return {
            "cell": "{cell}",
            "man": _("man {cell}"),
            "heal": _("heal {cell}"),
            "move": _("move {cell}"),
            "gravemove": _("move the grave to {cell}"),
        }[kind].format(cell=where)
    return action_text(action, labels)


def action_text(action: int, labels: Sequence[str]) -> str:
    """The text form of an action (hexes named by their map labels), in the language in force."""
    kind, v = SPACE.decode(action)
    if kind == "found":
        return _("city at {hex}").format(hex=labels[v[0]] if v[0] < len(labels) else f"#{v[0]}")
    if kind == "hex":
        return labels[v[0]] if v[0] < len(labels) else f"#{v[0]}"
    if kind == "build":
        return _("build {building}").format(building=typed_building(CHOICE_NAMES[v[0]]))
    if kind == "house":
        return _("house {number}").format(number=v[0] + 1)
    if kind == "free":
        return _("free house {number}").format(number=v[0] + 1)
    if kind == "square":
        c, x, y, rot = v
        text = _("at {cell}").format(cell=f"c{c + 1} {'abcdefg'[x]}{y + 1}")
        return text + (_(" turn {turns}").format(turns=rot) if rot else "")
    if kind in ("cell", "man", "heal", "move", "gravemove"):
        c, x, y = v
        where = f"c{c + 1} {'abcdefg'[x]}{y + 1}"
        if kind == "cell":
            return where
        return {
            "man": _("man {cell}"),
            "heal": _("heal {cell}"),
            "move": _("move {cell}"),
            "gravemove": _("gravemove {cell}"),
        }[kind].format(cell=where)
    if kind == "saint":
        return _("saint {saint}").format(saint=term("saint." + SAINTS[v[0]]))
    if kind == "good":
        return good(GOODS[v[0]])
    if kind == "keep":
        return _("keep {good}").format(good=good(GOODS[v[0]]))
    if kind == "seed":
        return _("{good} (free seed)").format(good=good(GOODS[v[0]]))
    if kind == "country":
        return term("country." + COUNTRY_KINDS[v[0]])
    if kind == "trade":
        return _("trade with player {number}").format(number=v[0] + 1)
    if kind in ("give", "ask"):
        text = _("give {good}") if kind == "give" else _("ask {good}")
        return text.format(good=good(GOODS[v[0]]))
    return _(PLAIN_WORDS[kind]) if kind in PLAIN_WORDS else kind
