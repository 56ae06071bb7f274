"""Text view: the hex countryside and every city map, with coordinates a person types."""

from __future__ import annotations

from typing import TYPE_CHECKING

from townhall.engine import Event
from townhall.engine.protocol import EventKind

from . import supply, zones
from .city import COLUMNS, size_of
from .data import BUILDINGS, GOODS
from .player import SAINTS
from .steps import Arrange

if TYPE_CHECKING:
    from .state import AntiquityState

GOOD_MARK = "gsofGwpdWS"  # grain sheep olives fish Gold wine pearls dye Wood Stone
ABBREV = {
    "market": "Mk", "explorer": "Ex", "harbor": "Hb", "university": "Un", "biology": "Bi", "alchemy": "Al",
    "theology": "Th", "philosophy": "Ph", "brewery": "Br", "hospital": "Ho", "forced_labour": "Fl",
    "stables": "St", "cathedral": "Ca", "dump": "Du", "granary": "Gr", "cart_shop": "Cs", "fountain": "Fo",
    "storage": "Sg", "house": "H ",
}  # fmt: skip
LEGEND = (
    "hex = terrain (F forest, P grass, M mountain, W water; lowercase = polluted), content "
    "(1-4 city of player, a-d inn of player, * producer site, ? exploration token, goods: "
    f"{', '.join(f'{m} {g}' for m, g in zip(GOOD_MARK, GOODS, strict=True))}), '+' = in the zone of control "
    "(of the viewer; spectators: of anybody). Type a hex as row,col."
)


def render_map(state: AntiquityState, viewer: int | None) -> list[str]:
    topo = state.board.topo
    seen: set[int] = set()
    for q in range(state.num_players):
        if (viewer is None or q == viewer) and state.players[q].alive and state.players[q].cities:
            seen |= zones.zone(state, q, supply.view_of(state, q, -1 if viewer is None else viewer))  # ANT-IO-3
    width = (max(topo.cols) + 1) * 2 + 4
    rows = max(topo.rows) + 1
    lines = [[" "] * width for _ in range(rows)]
    for h in range(len(topo.coords)):
        t = state.terrain[h]
        cell = t.lower() if state.polluted[h] else t
        occ = state.hex_occupant[h]
        if 0 <= occ < 4:
            mid = str(occ + 1)
        elif 4 <= occ < 8:
            mid = "abcd"[occ - 4]
        elif occ >= 8 and state.hex_goods[h] < 0:
            mid = "*"
        elif state.hex_goods[h] >= 0:
            mid = GOOD_MARK[state.hex_goods[h]]
        elif state.token[h]:
            mid = "?"
        else:
            mid = " "
        text = cell + mid + ("+" if h in seen else " ")
        col = topo.cols[h] * 2
        lines[topo.rows[h]][col : col + 3] = list(text)
    ruler = "     " + "".join(f"{c:<4d}" for c in range(0, max(topo.cols) + 1, 2))
    out = [ruler]
    for r, chars in enumerate(lines):
        out.append(f"{r:>3}  " + "".join(chars).rstrip())
    return out


def render_city(state: AntiquityState, q: int, viewer: int | None) -> list[str]:
    pl = supply.view_of(state, q, viewer if viewer is not None else -1)
    head = f"player {q + 1}" + ("" if pl.alive else " (out)")
    saint = f", saint {SAINTS[pl.saint]}" if pl.saint >= 0 else ""
    goods = ", ".join(f"{pl.goods[g]} {GOODS[g]}" for g in range(10) if pl.goods[g])
    out = [
        f"{head}: {pl.workers} workers ({pl.idle()} idle, {pl.country_buildings} in the country){saint}; goods: {goods or 'none'}"
    ]
    for c in range(len(pl.cities)):
        size = size_of(c)
        out.append(f"  city c{c + 1} at hex {state.board.topo.labels[pl.cities[c]]}:")
        out.append("      " + " ".join(f"{COLUMNS[x]} " for x in range(size)))
        for y in range(size):
            cells = []
            for x in range(size):
                i = y * size + x
                bid = pl.grid[c][i]
                if pl.graves[c][i]:
                    mark = "XX"
                elif bid < 0:
                    mark = ". "
                else:
                    b = pl.buildings[bid]
                    assert b is not None
                    mark = ABBREV[BUILDINGS[b[0]]]
                    if pl.manned[bid] and i == min(b[2]):
                        mark = mark[0] + "*"
                cells.append(mark)
            out.append(f"    {y + 1} " + " ".join(cells))
    step = pl.pending
    if isinstance(step, Arrange) and step.held:
        held = []
        for bid in step.held:
            b = pl.buildings[bid]
            assert b is not None
            held.append(BUILDINGS[b[0]])
        out.append(f"  held (lifted, placed back in this order): {', '.join(held)}")
    return out


PROMPTS = {
    "place": "where does it go (its first square: top row first, then left; turned a quarter n times)?",
    "hplace": "which square for the house?",
    "fplace": "which square for the free house?",
    "pay": "which good do you pay?",
    "saint": "which saint?",
    "nicholas": "take a lower house free?",
    "bank": "bank trade: first good to give?",
    "bank2": "bank trade: second good to give?",
    "bank3": "bank trade: which good to take?",
    "arrange": "St. Barbara rearranges: place the first held building ('at ...'), lift another ('move ...'), "
    "done when none is held, or withdraw (every building back where it stood)",
    "graveto": "which empty square for the grave?",
    "site": "which hex?",
    "site2": "second hex of the fisherman?",
    "fgood": "which product?",
}


def prompt(state: AntiquityState, viewer: int) -> str:
    from .position import COUNTRY, EXPLORE, HARVEST, PLAN, SETUP, STORE, TRADE

    if state.phase == SETUP:
        return "place your first city: which centre hex (the city covers it and its 6 neighbours)?"
    step = state.players[viewer].pending
    if step is not None:
        return PROMPTS.get(step.tag, "choose")
    if state.offer and state.offer[2]:
        return f"player {state.offer[0] + 1} offers a trade: accept or decline?"
    if state.offer:
        return "build the offer: give / ask goods, then propose (or withdraw)"
    if state.phase == PLAN:
        return "plan your city in secret: build, man, trade... then done"
    if state.phase == TRADE:
        return "trade with a player, or done"
    if state.phase == COUNTRY:
        return "use a cart shop (or alchemy), or done"
    if state.phase == STORE:
        return "too many goods: discard one (or keep one, when most must go)"
    if state.phase == EXPLORE:
        return "explore a token hex, or done"
    if state.phase == HARVEST:
        return "harvest which good (hex) of this producer?"
    if state.pollution_due[viewer]:
        return f"place pollution ({state.pollution_due[viewer]} left): which hex?"
    return f"place a grave ({state.graves_due[viewer]} left): which square?"


def render(state: AntiquityState, viewer: int | None) -> str:
    from .position import PHASE_NAMES

    head = (
        f"Antiquity, round {state.round}, phase {PHASE_NAMES[state.phase]}, famine {state.famine}, order "
        + " ".join(str(p + 1) for p in state.order)
    )
    movers = state.to_move()
    lines = [head, f"to move: {', '.join(str(p + 1) for p in movers) or 'nobody'}", *render_map(state, viewer), LEGEND]
    for q in range(state.num_players):
        lines.extend(render_city(state, q, viewer))
    lines.append(
        "city squares: c<city> <column><row>, e.g. c1 b3; XX grave, * manned; "
        "a building is named, placed ('at c1 d1') and moved by its first square (top row first, then left)"
    )
    if state.offer:
        gives = ", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(state.give) if n) or "nothing"
        asks = ", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(state.ask) if n) or "nothing"
        lines.append(f"offer of player {state.offer[0] + 1} to player {state.offer[1] + 1}: {gives} for {asks}")
    if viewer is not None and viewer in movers:
        lines.append(f"your decision: {prompt(state, viewer)}")
    if state.phase == 11:
        lines.append("winners: " + (", ".join(f"player {p + 1}" for p in state.winners) or "nobody"))
    return "\n".join(lines)


# The events `apply` emits: kind → data fields (all public; the phase-2 plans are revealed by then).
EVENT_KINDS: dict[str, EventKind] = {
    kind.name: kind
    for kind in (
        EventKind("city", {"player": "int", "hex": "int", "label": "str"}, "a first city founded (setup)"),
        EventKind(
            "reveal",
            {"player": "int", "buildings": "list", "workers": "int"},
            "a plan revealed at the end of phase 2: the city buildings (names) and workers",
        ),
        EventKind(
            "supply",
            {"player": "int", "building": "str?", "city": "int?", "cells": "list", "good": "str?", "paid": "list"},
            "an overdrawn supply: a building taken back from city/cells, or a bank trade undone (good, paid)",
        ),
        EventKind("offer", {"player": "int", "partner": "int", "give": "dict", "ask": "dict"}, "a trade offer"),
        EventKind(
            "trade",
            {"player": "int", "offerer": "int", "answer": "str", "give": "dict", "ask": "dict"},
            "the partner accepts or declines; on accept the offerer's give and ask goods move",
        ),
        EventKind(
            "country",
            {"player": "int", "building": "str?", "hexes": "list"},
            "a countryside building built (or alchemy's cleaned hexes); building null: the player is done",
        ),
        EventKind("store", {"player": "int", "kept": "dict"}, "the goods kept, the rest discarded"),
        EventKind("discard", {"player": "int", "good": "str"}),
        EventKind("harvest", {"player": "int", "count": "int", "good": "str", "building": "str", "sites": "list"}),
        EventKind("fish", {"player": "int", "cathedrals": "int"}, "St. George's fish, one per new cathedral"),
        EventKind("explore", {"player": "int", "hex": "int", "label": "str", "good": "str"}),
        EventKind("grave", {"player": "int", "city": "int", "cell": "int", "name": "str"}),
        EventKind("pollution", {"player": "int", "hex": "int", "label": "str"}),
        EventKind("out", {"player": "int", "round": "int"}, "a player eliminated (cities full of graves)"),
        EventKind("victory", {"winners": "list", "round": "int"}),
        EventKind("limit", {"max_rounds": "int"}, "the round limit reached: nobody wins"),
    )
}


def _bundle(goods: dict[str, int]) -> str:
    return ", ".join(f"{n} {g}" for g, n in goods.items() if n) or "nothing"


def event_text(event: Event) -> str:
    """The English sentence of an event, from its kind and data only."""
    d = event.data
    kind = event.kind
    who = f"player {d['player'] + 1}" if "player" in d else ""
    if kind == "city":
        return f"{who} founds a city at {d['label']}"
    if kind == "reveal":
        return f"{who}: {len(d['buildings'])} buildings, {d['workers']} workers"
    if kind == "supply":
        if d["building"] is not None:
            return f"the supply ran out: {who} takes back a {d['building']}"
        a, b = d["paid"]
        return f"the supply of {d['good']} ran out: {who}'s bank trade ({a} and {b} for {d['good']}) is undone"
    if kind == "offer":
        return f"{who} offers player {d['partner'] + 1} {_bundle(d['give'])} for {_bundle(d['ask'])}"
    if kind == "trade":
        return f"{who} {d['answer']}s the offer"
    if kind == "country":
        return f"{who} builds in the countryside"
    if kind == "store":
        return f"{who} keeps {sum(d['kept'].values())} goods, discards the rest"
    if kind == "discard":
        return f"{who} discards {d['good']}"
    if kind == "harvest":
        return f"{who} harvests {d['count']} {d['good']}"
    if kind == "fish":
        return f"St. George gives {who} {d['cathedrals']} fish"
    if kind == "explore":
        return f"{who} explores {d['label']}: {d['good']}"
    if kind == "grave":
        return f"{who} places a grave on {d['name']}"
    if kind == "pollution":
        return f"{who} pollutes {d['label']}"
    if kind == "out":
        return f"{who}'s cities are full of graves: out of the game"
    if kind == "victory":
        names = ", ".join(f"player {p + 1}" for p in d["winners"])
        return f"{names} win(s) in round {d['round']}"
    if kind == "limit":
        return f"round limit {d['max_rounds']} reached: nobody wins"
    return kind
