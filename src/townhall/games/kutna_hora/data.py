"""Loads and validates Kutná Hora's component data (data/*.json) into immutable tables.

Every record carries a provenance (`official`, `transcribed`, `stand-in`); the loader checks the
official numbers of kutna-hora-data.md and the clauses' structural requirements, and rejects a bad
file with a DataError that names the file and what is wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from townhall.engine.errors import TownhallError

DATA_DIR = Path(__file__).parent / "data"
FILES = (
    "barbara.json",
    "buildings.json",
    "cards.json",
    "decks.json",
    "events.json",
    "mine.json",
    "prices.json",
    "reputation.json",
    "rounds.json",
    "setup.json",
    "town.json",
    "town_hall.json",
)
PROVENANCES = {"official", "transcribed", "stand-in"}
GOODS = ("wood", "permits", "food", "beer", "ore", "silver")
GUILD_OF_GOOD = ("builders", "scribes", "grocers", "innkeepers", "miners", "metallurgists")
WOOD, PERMITS, FOOD, BEER, ORE, SILVER = range(6)
COLOURS = ("green", "silver", "yellow", "red")
ACTIONS = ("mine", "licence", "plot", "build", "income", "barbara", "joker")
MINE, LICENCE, PLOT, BUILD, INCOME, BARBARA, JOKER = range(7)
EFFECT_KINDS = {"rep", "points", "pelican", "public"}


class DataError(TownhallError):
    """A component data file that breaks the rules or the official numbers."""


@dataclass(frozen=True, slots=True)
class Building:
    index: int  # 0..23 guild buildings, 24..35 public buildings
    id: str
    guild: int  # index of the good/guild, -1 for a public building
    noble: int  # colour index for a public building, -1 for a guild building
    marked: bool
    wood: int
    production: int
    plot_price: int
    scores: frozenset[int]
    shows: tuple[int, ...]
    slider: bool
    barbara: bool
    pop: int
    ore_slider_left: bool
    effect: tuple[tuple[str, int], ...]

    @property
    def public(self) -> bool:
        return self.guild < 0


@dataclass(frozen=True, slots=True)
class MineTile:
    index: int
    id: str
    group: int  # 0, 1, 2 for I, II, III; 3 technology
    cost: int
    ore: int
    pop: int
    points: int
    stars: int


@dataclass(frozen=True, slots=True)
class EventCard:
    index: int
    id: str
    deck: int  # 0 A, 1 B
    tax: int
    population: int
    ore: int


@dataclass(frozen=True, slots=True)
class Side:
    name: str
    rows: int
    cols: int
    plots: tuple[bool, ...]
    edges: tuple[tuple[int, ...], ...]  # edge icons beside each cell


@dataclass(frozen=True, slots=True)
class Track:
    rounds: int
    red_after: int
    penalties: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Data:
    columns: int
    prices: tuple[tuple[tuple[int, ...], ...], ...]  # good -> deck position -> column
    good_deck: tuple[int, ...]  # 0 population, 1 ore
    deck_len: tuple[int, int]
    deck_flip: tuple[int, int]
    deck_builds: tuple[tuple[int, ...], tuple[int, ...]]  # deck -> position -> good or -1
    deck_nodemand: tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]]
    icons: tuple[str, ...]
    buildings: tuple[Building, ...]
    hall_rows: int
    column_costs: tuple[tuple[int, int], ...]  # (good or -1 for groschen, amount)
    public_rows: tuple[int, ...]
    plot_default: int
    plot_cheap: int
    sides: dict[int, Side]  # by player count
    mine_rows: int
    mine_cols: int
    entrances: frozenset[int]
    entrance_cost: int
    pool_capacity: int
    row_values: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    mine_tiles: tuple[MineTile, ...]
    tech: tuple[MineTile, ...]
    tech_levels: tuple[int, ...]
    rocks: tuple[int, ...]
    mine_setups: tuple[tuple[int, ...], ...]
    start_money: tuple[int, ...]
    houses_per_row: int
    miners: int
    miners_pool: int
    plot_markers: int
    slots: int
    nobles_per_colour: int
    council_cost: int
    land_tax: dict[int, int]
    tax_cap: int
    house_effects: tuple[tuple[tuple[tuple[str, int], ...], ...], ...]
    guild_sets: tuple[dict[int, tuple[tuple[int, ...], ...]], ...]
    tracks: dict[int, Track]
    noble_rounds: int
    rep_min: int
    rep_max: int
    rep_start: int
    rep_beyond: int
    rep_cheap_plot: int
    rep_free_joker: int
    rep_end: dict[int, int]
    barbara_tax: tuple[int, ...]
    barbara_after_all: int
    cards: tuple[tuple[int, int], ...]
    events: tuple[EventCard, ...]


def cell_name(cols: int, index: int) -> str:
    return f"{chr(65 + index // cols)}{index % cols + 1}"


class _Reader:
    """Helpers that raise DataError naming the file and the place."""

    def __init__(self, name: str, raw: Any) -> None:
        self.name = name
        self.raw = raw

    def fail(self, where: str, what: str) -> DataError:
        return DataError(f"bad data file {self.name}: {where}: {what}")

    def get(self, obj: Any, key: str, where: str) -> Any:
        if not isinstance(obj, dict) or key not in obj:
            raise self.fail(where, f"missing field {key!r}")
        return obj[key]

    def int_(self, obj: Any, key: str, where: str, lo: int | None = None, hi: int | None = None) -> int:
        value = self.get(obj, key, where)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"{key} must be a whole number, not {value!r}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(where, f"{key}={value} is outside [{lo}, {hi}]")
        return value

    def list_(self, obj: Any, key: str, where: str, length: int | None = None) -> list[Any]:
        value = self.get(obj, key, where)
        if not isinstance(value, list):
            raise self.fail(where, f"{key} must be a list")
        if length is not None and len(value) != length:
            raise self.fail(where, f"{key} must have {length} entries, not {len(value)}")
        return value

    def prov(self, obj: Any, where: str) -> None:
        prov = self.get(obj, "prov", where)
        values = list(prov.values()) if isinstance(prov, dict) else [prov]
        if not values or any(v not in PROVENANCES for v in values):
            raise self.fail(where, f"provenance must be one of {sorted(PROVENANCES)}, not {prov!r}")

    def value(self, key: str, official: Any = None) -> Any:
        """A top-level {"value": ..., "prov": ...} entry; an official one must keep its number."""
        entry = self.get(self.raw, key, key)
        self.prov(entry, key)
        value = self.get(entry, "value", key)
        if official is not None and value != official:
            raise self.fail(key, f"the rulebook states {official!r}, the file says {value!r}")
        return value


def _effect(reader: _Reader, raw: Any, where: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict) or not raw:
        raise reader.fail(where, "an effect is a non-empty object")
    out = []
    for kind, amount in sorted(raw.items()):
        if kind not in EFFECT_KINDS or not isinstance(amount, int) or amount <= 0:
            raise reader.fail(
                where, f"effect {kind}={amount!r}: kinds are {sorted(EFFECT_KINDS)} with positive amounts"
            )
        out.append((kind, amount))
    return tuple(out)


def _cell(reader: _Reader, text: Any, rows: int, cols: int, where: str) -> int:
    if not isinstance(text, str) or len(text) < 2 or not text[1:].isdigit():
        raise reader.fail(where, f"cell {text!r} is not like 'B3'")
    r, c = ord(text[0]) - 65, int(text[1:]) - 1
    if not (0 <= r < rows and 0 <= c < cols):
        raise reader.fail(where, f"cell {text} is outside the {rows}x{cols} grid")
    return r * cols + c


def load(files: dict[str, Any] | None = None) -> Data:
    """Validate and build the tables. `files` maps file names to parsed JSON (tests swap one)."""
    raw: dict[str, Any] = {}
    for name in FILES:
        if files is not None and name in files:
            raw[name] = files[name]
            continue
        path = DATA_DIR / name
        try:
            raw[name] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            raise DataError(f"bad data file {name}: cannot read it: {error}") from None
    return _build(raw)


def raw_files() -> dict[str, Any]:
    return {name: json.loads((DATA_DIR / name).read_text(encoding="utf-8")) for name in FILES}


def _build(raw: dict[str, Any]) -> Data:
    # ------------------------------------------------------------------ prices and decks
    r = _Reader("prices.json", raw["prices.json"])
    columns = r.value("columns")
    if not isinstance(columns, int) or columns < 2:
        raise r.fail("columns", "at least 2 slider columns")
    goods = r.list_(r.raw, "goods", "goods", 6)
    rd = _Reader("decks.json", raw["decks.json"])
    deck_len = (len(rd.list_(rd.raw, "population", "population")), len(rd.list_(rd.raw, "ore", "ore")))
    if deck_len != (40, 30):
        raise rd.fail("decks", f"the population deck has 40 cards (0-39) and the ore deck 30 (0-29), not {deck_len}")
    tables = []
    good_deck = []
    for g, entry in enumerate(goods):
        where = f"goods[{g}]"
        r.prov(entry, where)
        if r.get(entry, "good", where) != GOODS[g] or r.get(entry, "guild", where) != GUILD_OF_GOOD[g]:
            raise r.fail(where, f"good {g} must be {GOODS[g]} of the {GUILD_OF_GOOD[g]}")
        deck = r.get(entry, "deck", where)
        expected = "ore" if g in (ORE, SILVER, PERMITS) else "population"
        if deck != expected:
            raise r.fail(where, f"{GOODS[g]} is read from the {expected} deck")
        d = 1 if deck == "ore" else 0
        table = r.list_(entry, "table", where, deck_len[d])
        rows = []
        for p, row in enumerate(table):
            if not isinstance(row, list) or len(row) != columns or not all(isinstance(v, int) and v >= 1 for v in row):
                raise r.fail(f"{where} position {p}", f"needs {columns} prices of at least 1")
            if any(row[c] < row[c + 1] for c in range(columns - 1)):
                raise r.fail(f"{where} position {p}", "a price may never rise as the slider moves right (KH-PRICE-4)")
            rows.append(tuple(row))
        for p in range(1, len(rows)):
            for c in range(columns):
                up, down = rows[p][c] > rows[p - 1][c], rows[p][c] < rows[p - 1][c]
                if (g == ORE and up) or (g != ORE and down):
                    raise r.fail(
                        f"{where} position {p}",
                        "ore gets cheaper and every other good dearer as its deck advances (KH-PRICE-4)",
                    )
        tables.append(tuple(rows))
        good_deck.append(d)
    builds: list[tuple[int, ...]] = []
    nodemand: list[tuple[frozenset[int], ...]] = []
    flips = []
    for d, key in enumerate(("population", "ore")):
        b_list, n_list, flip = [], [], -1
        for i, card in enumerate(rd.raw[key]):
            where = f"{key}[{i}]"
            rd.prov(card, where)
            if card.get("index") != i:
                raise rd.fail(where, "cards are listed in deck order with index = position")
            if card.get("flip"):
                flip = i
            bg = card.get("builds")
            if bg is not None and (bg not in GOODS or good_deck[GOODS.index(bg)] != d):
                raise rd.fail(where, f"town-builds icon {bg!r} is not a good of the {key} deck")
            b_list.append(GOODS.index(bg) if bg is not None else -1)
            nd = card.get("no_demand", [])
            if not isinstance(nd, list) or any(x not in GOODS or good_deck[GOODS.index(x)] != d for x in nd):
                raise rd.fail(where, f"no-demand icons {nd!r} must be goods of the {key} deck")
            n_list.append(frozenset(GOODS.index(x) for x in nd))
        half = deck_len[d] // 2 - 1
        if flip != half:
            raise rd.fail(key, f"the flip icon sits on card {half} (the deck turns {half}->{half + 1}), not {flip}")
        builds.append(tuple(b_list))
        nodemand.append(tuple(n_list))
        flips.append(flip)

    # ------------------------------------------------------------------ buildings
    rb = _Reader("buildings.json", raw["buildings.json"])
    icons = tuple(rb.value("icons"))
    rb.value("guilds", list(GUILD_OF_GOOD))
    icon_index = {name: i for i, name in enumerate(icons)}

    def icon_list(entry: Any, key: str, where: str) -> list[int]:
        names = rb.list_(entry, key, where)
        if any(n not in icon_index for n in names):
            raise rb.fail(where, f"{key} names unknown icons {names!r} (known: {list(icons)})")
        return [icon_index[n] for n in names]

    buildings: list[Building] = []
    guild_list = rb.list_(rb.raw, "guild_buildings", "guild_buildings", 24)
    ids: set[str] = set()
    for i, e in enumerate(guild_list):
        where = f"guild_buildings[{i}]"
        rb.prov(e, where)
        guild = rb.get(e, "guild", where)
        if guild not in GUILD_OF_GOOD:
            raise rb.fail(where, f"unknown guild {guild!r}")
        g = GUILD_OF_GOOD.index(guild)
        slider = bool(rb.get(e, "slider", where))
        if slider != (g != ORE):
            raise rb.fail(where, "every guild building moves its slider except the miners' (KH-BUILD-3)")
        scores = icon_list(e, "scores", where)
        if not scores:
            raise rb.fail(where, "a building scores at least one icon")
        buildings.append(
            Building(
                i,
                str(rb.get(e, "id", where)),
                g,
                -1,
                bool(rb.get(e, "marked", where)),
                rb.int_(e, "wood", where, 0, 9),
                rb.int_(e, "production", where, 1, 9),
                rb.int_(e, "plot_price", where, 0, 9),
                frozenset(scores),
                tuple(icon_list(e, "shows", where)),
                slider,
                bool(rb.get(e, "barbara", where)),
                rb.int_(e, "pop", where, 0, 9),
                bool(e.get("ore_slider_left", False)),
                (),
            )
        )
    for g in range(6):
        mine = [b for b in buildings if b.guild == g]
        if len(mine) != 4 or sum(b.marked for b in mine) != 1:
            raise rb.fail("guild_buildings", f"the {GUILD_OF_GOOD[g]} have 4 buildings, exactly one marked")
        if g == SILVER and not all(b.ore_slider_left for b in mine):
            raise rb.fail("guild_buildings", "metallurgist buildings raise the ore price (KH-PRICE-4)")
    pub_list = rb.list_(rb.raw, "public_buildings", "public_buildings", 12)
    for i, e in enumerate(pub_list):
        where = f"public_buildings[{i}]"
        rb.prov(e, where)
        noble = rb.get(e, "noble", where)
        if noble not in COLOURS:
            raise rb.fail(where, f"unknown noble colour {noble!r}")
        effect = _effect(rb, rb.get(e, "effect", where), where)
        if any(k == "public" for k, _ in effect):
            raise rb.fail(where, "a public building gives reputation, pelicans or points")
        buildings.append(
            Building(
                24 + i,
                str(rb.get(e, "id", where)),
                -1,
                COLOURS.index(noble),
                False,
                rb.int_(e, "wood", where, 0, 9),
                0,
                rb.int_(e, "plot_price", where, 0, 9),
                frozenset(),
                tuple(icon_list(e, "shows", where)),
                False,
                False,
                0,
                False,
                effect,
            )
        )
    for c in range(4):
        if sum(b.noble == c for b in buildings) != 3:
            raise rb.fail("public_buildings", f"3 public buildings carry a {COLOURS[c]} noble")
    for b in buildings:
        if b.id in ids:
            raise rb.fail("buildings", f"building id {b.id} used twice")
        ids.add(b.id)

    # ------------------------------------------------------------------ town hall, town
    rh = _Reader("town_hall.json", raw["town_hall.json"])
    hall_rows = rh.value("rows", 3)
    costs = []
    for i, cost in enumerate(rh.value("column_costs", [{"money": 1}, {"permits": 1}, {"permits": 2}, {"permits": 3}])):
        ((kind, amount),) = cost.items()
        costs.append((-1 if kind == "money" else PERMITS, int(amount)))
        del i
    public_rows = rh.value("public_rows")
    if sorted(public_rows) != ["green", "silver", "yellow"]:
        raise rh.fail("public_rows", "one green, one silver and one yellow public stack, one per row")
    rt = _Reader("town.json", raw["town.json"])
    plot_default = rt.value("plot_price_default", 5)
    cheap = rt.get(rt.raw, "plot_price_reputation", "plot_price_reputation")
    if cheap.get("value") != 1 or cheap.get("reputation") != 3:
        raise rt.fail("plot_price_reputation", "a plot costs 1 with reputation 3 or more (KH-PLOT-2)")
    sides: dict[int, Side] = {}
    for name, side in rt.get(rt.raw, "sides", "sides").items():
        where = f"sides.{name}"
        rt.prov(side, where)
        layout = rt.list_(side, "layout", where)
        if not layout or any(not isinstance(row, str) or len(row) != len(layout[0]) for row in layout):
            raise rt.fail(where, "layout rows are strings of equal length")
        n_rows, cols = len(layout), len(layout[0])
        plots = tuple(ch == "." for line in layout for ch in line)
        edges: list[list[int]] = [[] for _ in plots]
        for key, names in rt.get(side, "edges", where).items():
            cell = _cell(rt, key, n_rows, cols, where)
            rr, cc = divmod(cell, cols)
            if rr not in (0, n_rows - 1) and cc not in (0, cols - 1):
                raise rt.fail(where, f"edge icons at {key}, which is not on the border")
            if any(n not in icon_index for n in names):
                raise rt.fail(where, f"unknown edge icon in {names!r}")
            edges[cell] = [icon_index[n] for n in names]
        for n in rt.list_(side, "players", where):
            sides[int(n)] = Side(name, n_rows, cols, plots, tuple(tuple(e) for e in edges))
    if sorted(sides) != [2, 3, 4]:
        raise rt.fail("sides", "one side for 2 players and one for 3-4 players")
    if sum(sides[2].plots) >= sum(sides[4].plots):
        raise rt.fail("sides", "the 2-player side has fewer plots (KH-SETUP-5)")

    # ------------------------------------------------------------------ mine
    rm = _Reader("mine.json", raw["mine.json"])
    mine_rows, mine_cols = rm.value("rows"), rm.value("columns")
    entrances_raw = rm.value("entrances")
    if len(entrances_raw) != 2:
        raise rm.fail("entrances", "the board prints two entrances")
    entrances = frozenset(_cell(rm, e, mine_rows, mine_cols, "entrances") for e in entrances_raw)
    entrance_cost = rm.value("entrance_cost", 2)
    pool_capacity = rm.value("pool_capacity", 2)
    row_values = []
    for i, e in enumerate(rm.list_(rm.raw, "row_values", "row_values", mine_rows)):
        where = f"row_values[{i}]"
        rm.prov(e, where)
        tiers = []
        for t in rm.list_(e, "tiers", where):
            pts = rm.list_(t, "points", where)
            if any(pts[k] < pts[k + 1] for k in range(len(pts) - 1)):
                raise rm.fail(where, "a better rank never scores less")
            tiers.append((rm.int_(t, "stars", where, 0), tuple(int(x) for x in pts)))
        row_values.append(tuple(sorted(tiers)))
    tiles = []
    groups = {"I": 0, "II": 1, "III": 2}
    for i, e in enumerate(rm.list_(rm.raw, "tiles", "tiles", 27)):
        where = f"tiles[{i}]"
        rm.prov(e, where)
        grp = rm.get(e, "group", where)
        if grp not in groups:
            raise rm.fail(where, f"group must be I, II or III, not {grp!r}")
        tiles.append(
            MineTile(
                i,
                str(rm.get(e, "id", where)),
                groups[grp],
                rm.int_(e, "cost", where, 0, 9),
                rm.int_(e, "ore", where, 0, 9),
                rm.int_(e, "pop", where, 0, 9),
                rm.int_(e, "points", where, 0, 9),
                rm.int_(e, "stars", where, 0, 9),
            )
        )
    techs, levels = [], [1]
    for i, e in enumerate(rm.list_(rm.raw, "technology", "technology", 4)):
        where = f"technology[{i}]"
        rm.prov(e, where)
        techs.append(
            MineTile(
                27 + i,
                str(rm.get(e, "id", where)),
                3,
                rm.int_(e, "cost", where, 0, 9),
                0,
                0,
                0,
                rm.int_(e, "stars", where, 0, 9),
            )
        )
        levels.append(rm.int_(e, "level_after", where, levels[-1] + 1, levels[-1] + 1))
    rocks = []
    for i, e in enumerate(rm.list_(rm.raw, "rocks", "rocks", 4)):
        rm.prov(e, f"rocks[{i}]")
        rocks.append(rm.int_(e, "stars", f"rocks[{i}]", 0, 9))
    setups = []
    for i, e in enumerate(rm.list_(rm.raw, "setup_cards", "setup_cards", 15)):
        where = f"setup_cards[{i}]"
        rm.prov(e, where)
        cells = [_cell(rm, c, mine_rows, mine_cols, where) for c in rm.list_(e, "rocks", where, 4)]
        if len(set(cells)) != 4 or set(cells) & entrances:
            raise rm.fail(where, "4 different rock places, none on an entrance")
        setups.append(tuple(cells))

    # ------------------------------------------------------------------ players
    rs = _Reader("setup.json", raw["setup.json"])
    start_money = tuple(rs.value("start_money", [40, 41, 42, 43]))
    houses_per_row = rs.value("houses_per_row", 4)
    miners_entry = rs.get(rs.raw, "miners", "miners")
    if miners_entry.get("value") != 9 or miners_entry.get("pool") != 1:
        raise rs.fail("miners", "9 miners, 1 of them in the pool (KH-SETUP-14)")
    plot_markers = rs.value("plot_markers", 3)
    slots = rs.value("slots", 3)
    nobles = rs.value("nobles_per_colour", 3)
    council_cost = rs.value("noble_council_cost", 10)
    land_tax = {int(k): int(v) for k, v in rs.value("land_tax", {"2": 3, "3": 8}).items()}
    tax_cap = rs.value("tax_cap", 25)
    house_raw = rs.value("house_effects")
    if len(house_raw) != 3 or any(len(row) != houses_per_row for row in house_raw):
        raise rs.fail("house_effects", f"3 guild rows of {houses_per_row} houses")
    house_effects = tuple(tuple(_effect(rs, e, "house_effects") for e in row) for row in house_raw)
    guild_sets = []
    for i, e in enumerate(rs.list_(rs.raw, "guild_setup_cards", "guild_setup_cards", 9)):
        where = f"guild_setup_cards[{i}]"
        rs.prov(e, where)
        rows_by_n: dict[int, tuple[tuple[int, ...], ...]] = {}
        for n in (2, 3, 4):
            sets = rs.list_(e, str(n), where, n)
            for s in sets:
                if len(s) != 3 or len(set(s)) != 3 or any(x not in GUILD_OF_GOOD for x in s):
                    raise rs.fail(where, f"a guild set is 3 different guilds, not {s!r}")
            rows_by_n[n] = tuple(tuple(GUILD_OF_GOOD.index(x) for x in s) for s in sets)
        guild_sets.append(rows_by_n)
    rnd = _Reader("rounds.json", raw["rounds.json"])
    tracks: dict[int, Track] = {}
    for i, e in enumerate(rnd.list_(rnd.raw, "tracks", "tracks", 2)):
        where = f"tracks[{i}]"
        rnd.prov(e, where)
        rounds = rnd.int_(e, "rounds", where)
        red = rnd.int_(e, "red_nobles_after", where)
        pen = rnd.list_(e, "penalties", where, rounds)
        for n in rnd.list_(e, "players", where):
            printed = (5, 2) if n == 4 else (6, 3)
            if (rounds, red) != printed:
                raise rnd.fail(where, f"{n} players play {printed[0]} rounds, red nobles after round {printed[1]}")
            tracks[int(n)] = Track(rounds, red, tuple(int(x) for x in pen))
    if sorted(tracks) != [2, 3, 4]:
        raise rnd.fail("tracks", "a track for 2-3 and one for 4 players")
    noble_rounds = rnd.value("noble_rounds", 3)
    rp = _Reader("reputation.json", raw["reputation.json"])
    rep_min, rep_max, rep_start = rp.value("min"), rp.value("max"), rp.value("start")
    rep_cheap, rep_free = rp.value("cheap_plot", 3), rp.value("free_joker", 6)
    if not rep_min < rep_start < rep_free <= rep_max:
        raise rp.fail("min/max", "the track must hold the start and the joker threshold 6")
    rep_end = {int(k): int(v) for k, v in rp.value("end_values").items()}
    if sorted(rep_end) != list(range(rep_min, rep_max + 1)):
        raise rp.fail("end_values", f"one value per track space {rep_min}..{rep_max}")
    rbar = _Reader("barbara.json", raw["barbara.json"])
    btax = []
    for i, e in enumerate(rbar.list_(rbar.raw, "tiles", "tiles", 11)):
        rbar.prov(e, f"tiles[{i}]")
        if rbar.get(e, "number", f"tiles[{i}]") != i + 1:
            raise rbar.fail(f"tiles[{i}]", "tiles are numbered 1-11 in order")
        btax.append(rbar.int_(e, "tax", f"tiles[{i}]", 0, 25))
    after = rbar.get(rbar.raw, "after_all", "after_all")
    rbar.prov(after, "after_all")
    if after.get("rep") != 2:
        raise rbar.fail("after_all", "after tile 11 a St. Barbara action gives 2 reputation")
    rc = _Reader("cards.json", raw["cards.json"])
    cards = []
    for i, e in enumerate(rc.list_(rc.raw, "cards", "cards", 6)):
        rc.prov(e, f"cards[{i}]")
        pair = rc.list_(e, "actions", f"cards[{i}]", 2)
        if any(a not in ACTIONS for a in pair) or pair[0] == pair[1]:
            raise rc.fail(f"cards[{i}]", f"two different actions of {ACTIONS}, not {pair!r}")
        cards.append((ACTIONS.index(pair[0]), ACTIONS.index(pair[1])))
    flat = [a for c in cards for a in c]
    if flat.count(JOKER) != 1 or any(a not in flat for a in range(6)):
        raise rc.fail("cards", "the joker is on exactly one card and every action is on some card")
    rev = _Reader("events.json", raw["events.json"])
    events = []
    for i, e in enumerate(rev.list_(rev.raw, "cards", "cards", 10)):
        where = f"cards[{i}]"
        rev.prov(e, where)
        deck = rev.get(e, "deck", where)
        if deck not in ("A", "B"):
            raise rev.fail(where, "deck is A or B")
        events.append(
            EventCard(
                i,
                str(rev.get(e, "id", where)),
                0 if deck == "A" else 1,
                rev.int_(e, "tax", where, 0, 25),
                rev.int_(e, "population", where, 0, 9),
                rev.int_(e, "ore", where, 0, 9),
            )
        )
    for d, need in ((0, 3), (1, 2)):
        if sum(e.deck == d for e in events) < need:
            raise rev.fail("cards", f"deck {'AB'[d]} needs at least {need} cards")

    return Data(
        columns=columns,
        prices=tuple(tables),
        good_deck=tuple(good_deck),
        deck_len=deck_len,
        deck_flip=(flips[0], flips[1]),
        deck_builds=(builds[0], builds[1]),
        deck_nodemand=(nodemand[0], nodemand[1]),
        icons=icons,
        buildings=tuple(buildings),
        hall_rows=hall_rows,
        column_costs=tuple(costs),
        public_rows=tuple(COLOURS.index(c) for c in public_rows),
        plot_default=plot_default,
        plot_cheap=1,
        sides=sides,
        mine_rows=mine_rows,
        mine_cols=mine_cols,
        entrances=entrances,
        entrance_cost=entrance_cost,
        pool_capacity=pool_capacity,
        row_values=tuple(row_values),
        mine_tiles=tuple(tiles),
        tech=tuple(techs),
        tech_levels=tuple(levels),
        rocks=tuple(rocks),
        mine_setups=tuple(setups),
        start_money=start_money,
        houses_per_row=houses_per_row,
        miners=9,
        miners_pool=1,
        plot_markers=plot_markers,
        slots=slots,
        nobles_per_colour=nobles,
        council_cost=council_cost,
        land_tax=land_tax,
        tax_cap=tax_cap,
        house_effects=house_effects,
        guild_sets=tuple(guild_sets),
        tracks=tracks,
        noble_rounds=noble_rounds,
        rep_min=rep_min,
        rep_max=rep_max,
        rep_start=rep_start,
        rep_beyond=rp.value("beyond_points", 2),
        rep_cheap_plot=rep_cheap,
        rep_free_joker=rep_free,
        rep_end=rep_end,
        barbara_tax=tuple(btax),
        barbara_after_all=2,
        cards=tuple(cards),
        events=tuple(events),
    )


DATA = load()
