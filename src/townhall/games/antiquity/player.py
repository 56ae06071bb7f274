"""A player's own holdings: goods, cities and their maps, buildings, workers, saint, round flags."""

from __future__ import annotations

from itertools import compress, count
from typing import Any, Final

from townhall.engine.fields import BOOL, FRESH, LIST, ROWS, TUPLE, Field, Fields, load_fields, save_fields
from townhall.games.antiquity.city import EDGE_NEIGHBOURS, FIRST_SIZE, HOUSE, LATER_SIZE, STORAGE, size_of
from townhall.games.antiquity.data import BUILDINGS, DATA, FACULTIES
from townhall.games.antiquity.steps import Step, step_from_json, step_to_json

B: Final = {name: i for i, name in enumerate(BUILDINGS)}
# Does a building type need a worker? A storage needs one (ANT-PH2-7).
MANNED: Final = tuple(
    name == "storage" or (DATA.buildings[name].manned if name in DATA.buildings else False) for name in BUILDINGS
)
FACULTY_TYPES: Final = frozenset(B[f] for f in FACULTIES)
UNIVERSITY: Final = B["university"]
CATHEDRAL_TYPE: Final = B["cathedral"]
NUM_TYPES: Final = len(BUILDINGS)
UNIQUE_TYPES: Final = tuple(
    i for i, name in enumerate(BUILDINGS) if name not in ("cart_shop", "fountain", "storage", "house")
)
NICHOLAS: Final = 0
BARBARA: Final = 1
CHRISTOPHER: Final = 2
GEORGE: Final = 3
MARIA: Final = 4

Building = tuple[int, int, tuple[int, ...]]  # type, city, cell indexes
_SERIALS: Final = count()  # Player.serial: tells the observer which player object a clone came from


# Every field once, in save-format order (engine/fields.py); the code at the end of this module is
# generated from it.
FIELDS = Fields(
    "Player",
    (
        Field("goods", "goods", LIST),
        Field("cities", "cities", LIST),
        Field("inns", "inns", LIST),
        Field("grid", "grid", ROWS),
        Field("graves", "graves", ROWS, item=BOOL),
        Field("buildings", "blds", LIST, item=TUPLE),
        Field("manned", "manned", LIST),
        Field("houses", "houses"),
        Field("saint", "saint"),
        Field("old_saint", "old_saint"),
        Field("demolished", "demolished"),
        Field("country_buildings", "country"),
        Field("alive", "alive"),
        Field("out_round", "out_round"),
        Field("theology_used", "theology_used"),
        Field("biology_used", "biology_used"),
        Field("alchemy_used", "alchemy_used"),
        Field("healed", "healed"),
        Field("steps", "steps"),
        Field("new_cathedral", "new_cathedral"),
        Field("bought", "bought", item=TUPLE),
        Field("banked", "banked", item=TUPLE, optional=True),  # older saves lack it
        Field("pending", "pend", save=step_to_json, load=step_from_json),
        Field("figure_changes"),
        # The observer's change log starts empty in a clone, its base counting the changes before it.
        Field("cell_changes", copy=FRESH, clone="[]"),
        Field("cell_base", copy=FRESH, clone="source.cell_base + len(source.cell_changes)"),
        Field("serial", copy=FRESH),  # set by clone(): a new object, made from `source`
        Field("source", copy=FRESH),
    ),
)
_copy_fields: Final = FIELDS.derived_clone(__name__)  # the clone, made from the declaration


class Player:
    __slots__ = (
        "alchemy_used",
        "alive",
        "banked",
        "biology_used",
        "bought",
        "buildings",
        "cell_base",
        "cell_changes",
        "cities",
        "country_buildings",
        "demolished",
        "figure_changes",
        "goods",
        "graves",
        "grid",
        "healed",
        "houses",
        "inns",
        "manned",
        "new_cathedral",
        "old_saint",
        "out_round",
        "pending",
        "saint",
        "serial",
        "source",
        "steps",
        "theology_used",
    )  # fmt: skip

    def __init__(self) -> None:
        self.goods = [0] * 10
        self.cities: list[int] = []
        self.inns: list[int] = []
        self.grid: list[list[int]] = []
        self.graves: list[list[bool]] = []
        # For the observer, which rewrites only what changed: every city square whose building or
        # grave changed, as city * 64 + square, in order along this object's life (a clone starts
        # empty, cell_base counting the changes before it: the revision is their sum); a count of
        # the changes of the figures it shows (goods, cities, inns, houses, alive, saint, buildings,
        # workers, demolished); and which object a clone came from (the phase-2 snapshots).
        self.cell_changes: list[int] = []
        self.cell_base = 0
        self.figure_changes = 0
        self.serial = next(_SERIALS)
        self.source = -1
        self.buildings: list[Building | None] = []
        self.manned: list[bool] = []
        self.houses = 0
        self.saint = -1
        self.old_saint = -1
        self.demolished = -1
        self.country_buildings = 0
        self.alive = True
        self.out_round = 0
        self.theology_used = False
        self.biology_used = False
        self.alchemy_used = False
        self.healed = 0
        self.steps = 0
        self.new_cathedral = 0
        self.bought: tuple[tuple[int, int], ...] = ()  # public-supply buildings of this phase 2: (id, good paid)
        self.banked: tuple[tuple[int, int, int], ...] = ()  # bank trades of this phase 2: given, given, taken
        self.pending: Step | None = None

    def __new__(cls) -> Player:
        # A blank instance for clone() (no __init__); the compiled build allows object.__new__ only here.
        return object.__new__(cls)

    def clone(self) -> Player:
        p = Player.__new__(Player)
        _copy_fields(self, p)
        p.serial = next(_SERIALS)
        p.source = self.serial
        return p

    def add_city_map(self) -> None:
        size = FIRST_SIZE if not self.grid else LATER_SIZE
        self.grid.append([-1] * (size * size))
        self.graves.append([False] * (size * size))

    # ---------------------------------------------------------------- derived facts

    @property
    def workers(self) -> int:
        return self.houses.bit_count()

    def idle(self) -> int:
        busy = self.country_buildings
        for m in self.manned:
            if m:
                busy += 1
        return self.workers - busy

    def graved(self, bid: int) -> bool:
        b = self.buildings[bid]
        assert b is not None
        g = self.graves[b[1]]
        return any([g[c] for c in b[2]])

    def graved_set(self) -> set[int]:
        """Ids of the buildings with a grave on them (ANT-PH8-2)."""
        out: set[int] = set()
        flags = self.graved_flags()
        if flags is not None:
            for bid, graved in enumerate(flags):
                if graved:
                    out.add(bid)
        return out

    def graved_flags(self) -> list[bool] | None:
        """Per building id: a grave on it (ANT-PH8-2); None when no building has one."""
        flags: list[bool] | None = None
        all_graves = self.graves
        for c in range(len(all_graves)):
            graves = all_graves[c]
            if any(graves):  # any() and compress() test truth at C speed, in both builds
                for v in compress(self.grid[c], graves):
                    if v >= 0:
                        if flags is None:
                            flags = [False] * len(self.buildings)
                        flags[v] = True
        return flags

    def any_graves(self) -> bool:
        return any(map(any, self.graves))

    def count(self, btype: int) -> int:
        n = 0
        for b in self.buildings:
            if b is not None and b[0] == btype:
                n += 1
        return n

    def find(self, btype: int) -> int:
        for bid, b in enumerate(self.buildings):
            if b is not None and b[0] == btype:
                return bid
        return -1

    def active(self) -> set[int]:
        """Building types that work now (see active_mask)."""
        mask = self.active_mask()
        return {t for t in range(NUM_TYPES) if mask >> t & 1}

    def active_mask(self) -> int:
        """Bit t set when building type t works now: ungraved, and manned where a worker is needed;
        faculties joined to a university share one worker (ANT-PH2-14)."""
        return self.active_mask_given(self.graved_flags())

    def active_mask_given(self, graved: list[bool] | None) -> int:
        """active_mask with this player's graved_flags() already at hand."""
        out = 0
        univ = -1
        manned = self.manned
        buildings = self.buildings
        for bid in range(len(buildings)):
            b = buildings[bid]
            if b is None or (graved is not None and graved[bid]):
                continue
            t = b[0]
            if t == UNIVERSITY:
                univ = bid
            if manned[bid] or not MANNED[t]:
                out |= 1 << t
        if univ >= 0:
            joined = self.joined_faculties(univ)
            if manned[univ] or any(manned[f] for f in joined):
                for f in joined:
                    b = buildings[f]
                    assert b is not None
                    out |= 1 << b[0]
        return out

    def works(self, btype: int) -> bool:
        """Does a building of this type work now (as in active_mask)?"""
        if btype in FACULTY_TYPES:
            return self.active_mask() >> btype & 1 == 1  # a faculty may share the university's worker
        needs_worker = MANNED[btype]
        manned = self.manned
        for bid, b in enumerate(self.buildings):
            if b is not None and b[0] == btype and (manned[bid] or not needs_worker) and not self.graved(bid):
                return True
        return False

    def joined_faculties(self, univ: int) -> list[int]:
        u = self.buildings[univ]
        assert u is not None
        nbs = EDGE_NEIGHBOURS[size_of(u[1])]
        grid = self.grid[u[1]]
        near = {grid[n] for c in u[2] for n in nbs[c]}
        out = []
        for bid in near:
            if bid >= 0 and bid != univ:
                b = self.buildings[bid]
                if b is not None and b[0] in FACULTY_TYPES and not self.graved(bid):
                    out.append(bid)
        return sorted(out)

    def capacity(self, active: set[int] | None = None) -> int:
        """Storage squares of working storages (ANT-PH5-1)."""
        total = 0
        manned = self.manned
        for bid, b in enumerate(self.buildings):
            if b is not None and b[0] == STORAGE and manned[bid] and not self.graved(bid):
                total += len(b[2])
        return total

    def working(self, btype: int) -> int:
        """How many ungraved buildings of a no-worker type stand (fountains)."""
        n = 0
        for bid, b in enumerate(self.buildings):
            if b is not None and b[0] == btype and not self.graved(bid):
                n += 1
        return n

    def has_saint_power(self, saint: int) -> bool:
        """The saint's power (St. Maria: every power), stopped by a grave on the cathedral (RULINGS.md)."""
        if self.saint != saint and self.saint != MARIA:
            return False
        if not self.any_graves():
            return True
        cath = self.find(CATHEDRAL_TYPE)
        return cath < 0 or not self.graved(cath)

    def manned_count(self, btype: int) -> int:
        n = 0
        manned = self.manned
        for bid, b in enumerate(self.buildings):
            if b is not None and b[0] == btype and manned[bid] and not self.graved(bid):
                n += 1
        return n

    def empty_cells(self) -> list[tuple[int, int]]:
        return [(c, i) for c in range(len(self.grid)) for i in self.empty_squares(c)]

    def empty_squares(self, city: int) -> list[int]:
        """The squares of one city map with neither a building nor a grave."""
        grid = self.grid[city]
        graves = self.graves[city]
        return [i for i in range(len(grid)) if grid[i] < 0 and not graves[i]]

    def free_building_cells(self) -> list[tuple[int, int]]:
        """Building squares a grave may take once no empty square is left (never houses)."""
        return [(c, i) for c in range(len(self.grid)) for i in self.free_building_squares(c)]

    def free_building_squares(self, city: int) -> list[int]:
        """free_building_cells of one city map."""
        out = []
        blds = self.buildings
        grid = self.grid[city]
        graves = self.graves[city]
        for i in range(len(grid)):
            v = grid[i]
            if v >= 0 and not graves[i]:
                b = blds[v]
                if b is not None and b[0] != HOUSE:
                    out.append(i)
        return out

    def grave_room(self) -> bool:
        """Can one more grave be placed (an empty square, or a building square but a house's)?"""
        blds = self.buildings
        for c, grid in enumerate(self.grid):
            graves = self.graves[c]
            for i, v in enumerate(grid):
                if not graves[i]:
                    if v < 0:
                        return True
                    b = blds[v]
                    if b is not None and b[0] != HOUSE:
                        return True
        return False

    def grave_count(self) -> int:
        n = 0
        for graves in self.graves:
            if any(graves):
                for g in graves:
                    if g:
                        n += 1
        return n

    def set_cells(self, city: int, cells: tuple[int, ...], bid: int) -> None:
        """Squares of a city map get building `bid` (-1: none); every change of the map goes here."""
        grid = self.grid[city]
        changes = self.cell_changes
        for i in cells:
            grid[i] = bid
            changes.append(city * 64 + i)

    def set_grave(self, city: int, cell: int, grave: bool) -> None:
        """Every change of a grave goes here."""
        self.graves[city][cell] = grave
        self.cell_changes.append(city * 64 + cell)

    def cell_revision(self) -> int:
        """How many changes of the city squares this object has seen since the game began."""
        return self.cell_base + len(self.cell_changes)

    def place_grave(self, city: int, cell: int) -> None:
        self.set_grave(city, cell, True)
        bid = self.grid[city][cell]
        if bid >= 0 and self.manned[bid]:
            self.manned[bid] = False  # the worker leaves a graved building (ANT-PH8-2)
            self.figure_changes += 1

    def to_json(self) -> dict[str, Any]:
        return save_fields(FIELDS, self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Player:
        p = Player()
        load_fields(FIELDS, p, data)
        return p
