"""Text view: the hex countryside and every city map, with coordinates a person types."""

from __future__ import annotations

from typing import TYPE_CHECKING

from townhall.engine import Event
from townhall.engine.protocol import EventKind
from townhall.i18n import N_

from . import supply, zones
from .city import COLUMNS, size_of
from .data import BUILDINGS, GOODS
from .player import SAINTS
from .steps import Arrange
from .words import _, building, good, player, term

if TYPE_CHECKING:
    from .state import AntiquityState

GOOD_MARK = "gsofGwpdWS"  # grain sheep olives fish Gold wine pearls dye Wood Stone
ABBREV = {
    "market": "Mk", "explorer": "Ex", "harbor": "Hb", "university": "Un", "biology": "Bi", "alchemy": "Al",
    "theology": "Th", "philosophy": "Ph", "brewery": "Br", "hospital": "Ho", "forced_labour": "Fl",
    "stables": "St", "cathedral": "Ca", "dump": "Du", "granary": "Gr", "cart_shop": "Cs", "fountain": "Fo",
    "storage": "Sg", "house": "H ",
}  # fmt: skip
# The map marks of the city buildings are printed as they are, in every language.
PRINTED_IDS = (*(mark.strip() for mark in ABBREV.values()), "XX")


def legend() -> str:
    goods = ", ".join(f"{m} {good(g)}" for m, g in zip(GOOD_MARK, GOODS, strict=True))
    return _(
        "hex = terrain (F forest, P grass, M mountain, W water; lowercase = polluted), content "
        "(1-4 city of player, a-d inn of player, * producer site, ? exploration token, goods: "
        "{goods}), '+' = in the zone of control "
        "(of the viewer; spectators: of anybody). Type a hex as row,col."
    ).format(goods=goods)


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
    head = player(q) + ("" if pl.alive else _(" (out)"))
    saint = _(", saint {saint}").format(saint=term("saint." + SAINTS[pl.saint])) if pl.saint >= 0 else ""
    goods = ", ".join(f"{pl.goods[g]} {good(GOODS[g])}" for g in range(10) if pl.goods[g])
    out = [
        _("{head}: {workers} workers ({idle} idle, {country} in the country){saint}; goods: {goods}").format(
            head=head,
            workers=pl.workers,
            idle=pl.idle(),
            country=pl.country_buildings,
            saint=saint,
            goods=goods or _("none"),
        )
    ]
    for c in range(len(pl.cities)):
        size = size_of(c)
        out.append(_("  city c{number} at hex {hex}:").format(number=c + 1, hex=state.board.topo.labels[pl.cities[c]]))
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
            held.append(building(BUILDINGS[b[0]]))
        out.append(_("  held (lifted, placed back in this order): {buildings}").format(buildings=", ".join(held)))
    return out


PROMPTS = {
    "place": N_("where does it go (its first square: top row first, then left; turned a quarter n times)?"),
    "hplace": N_("which square for the house?"),
    "fplace": N_("which square for the free house?"),
    "pay": N_("which good do you pay?"),
    "saint": N_("which saint?"),
    "nicholas": N_("take a lower house free?"),
    "bank": N_("bank trade: first good to give?"),
    "bank2": N_("bank trade: second good to give?"),
    "bank3": N_("bank trade: which good to take?"),
    "arrange": N_(
        "St. Barbara rearranges: place the first held building ('at ...'), lift another ('move ...'), "
        "done when none is held, or withdraw (every building back where it stood)"
    ),
    "graveto": N_("which empty square for the grave?"),
    "site": N_("which hex?"),
    "site2": N_("second hex of the fisherman?"),
    "fgood": N_("which product?"),
}


def prompt(state: AntiquityState, viewer: int) -> str:
    from .position import COUNTRY, EXPLORE, HARVEST, PLAN, SETUP, STORE, TRADE

    if state.phase == SETUP:
        return _("place your first city: which centre hex (the city covers it and its 6 neighbours)?")
    step = state.players[viewer].pending
    if step is not None:
        return _(PROMPTS[step.tag]) if step.tag in PROMPTS else _("choose")
    if state.offer and state.offer[2]:
        return _("player {number} offers a trade: accept or decline?").format(number=state.offer[0] + 1)
    if state.offer:
        return _("build the offer: give / ask goods, then propose (or withdraw)")
    if state.phase == PLAN:
        return _("plan your city in secret: build, man, trade... then done")
    if state.phase == TRADE:
        return _("trade with a player, or done")
    if state.phase == COUNTRY:
        return _("use a cart shop (or alchemy), or done")
    if state.phase == STORE:
        return _("too many goods: discard one (or keep one, when most must go)")
    if state.phase == EXPLORE:
        return _("explore a token hex, or done")
    if state.phase == HARVEST:
        return _("harvest which good (hex) of this producer?")
    if state.pollution_due[viewer]:
        return _("place pollution ({count} left): which hex?").format(count=state.pollution_due[viewer])
    return _("place a grave ({count} left): which square?").format(count=state.graves_due[viewer])


def render(state: AntiquityState, viewer: int | None) -> str:
    from .position import PHASE_NAMES

    head = _("{title}, round {round}, phase {phase}, famine {famine}, order ").format(
        title=term("title"), round=state.round, phase=term("phase." + PHASE_NAMES[state.phase]), famine=state.famine
    ) + " ".join(str(p + 1) for p in state.order)
    movers = state.to_move()
    lines = [
        head,
        _("to move: {players}").format(players=", ".join(str(p + 1) for p in movers) or _("nobody")),
        *render_map(state, viewer),
        legend(),
    ]
    for q in range(state.num_players):
        lines.extend(render_city(state, q, viewer))
    lines.append(
        _(
            "city squares: c<city> <column><row>, e.g. c1 b3; XX grave, * manned; "
            "a building is named, placed ('at c1 d1') and moved by its first square (top row first, then left)"
        )
    )
    if state.offer:
        gives = ", ".join(f"{n} {good(GOODS[g])}" for g, n in enumerate(state.give) if n) or _("nothing")
        asks = ", ".join(f"{n} {good(GOODS[g])}" for g, n in enumerate(state.ask) if n) or _("nothing")
        lines.append(
            _("offer of player {offerer} to player {partner}: {gives} for {asks}").format(
                offerer=state.offer[0] + 1, partner=state.offer[1] + 1, gives=gives, asks=asks
            )
        )
    if viewer is not None and viewer in movers:
        lines.append(_("your decision: {prompt}").format(prompt=prompt(state, viewer)))
    if state.phase == 11:
        lines.append(_("winners: ") + (", ".join(player(p) for p in state.winners) or _("nobody")))
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
    return ", ".join(f"{n} {good(g)}" for g, n in goods.items() if n) or _("nothing")


def event_text(event: Event) -> str:
    """The sentence of an event in the language in force, from its kind and data only."""
    d = event.data
    kind = event.kind
    who = player(d["player"]) if "player" in d else ""
    if kind == "city":
        return _("{who} founds a city at {hex}").format(who=who, hex=d["label"])
    if kind == "reveal":
        return _("{who}: {buildings} buildings, {workers} workers").format(
            who=who, buildings=len(d["buildings"]), workers=d["workers"]
        )
    if kind == "supply":
        if d["building"] is not None:
            return _("the supply ran out: {who} takes back a {building}").format(
                who=who, building=building(d["building"])
            )
        a, b = d["paid"]
        return _("the supply of {good} ran out: {who}'s bank trade ({a} and {b} for {good}) is undone").format(
            good=good(d["good"]), who=who, a=good(a), b=good(b)
        )
    if kind == "offer":
        return _("{who} offers player {partner} {give} for {ask}").format(
            who=who, partner=d["partner"] + 1, give=_bundle(d["give"]), ask=_bundle(d["ask"])
        )
    if kind == "trade":
        accepted = d["answer"] == "accept"
        return (_("{who} accepts the offer") if accepted else _("{who} declines the offer")).format(who=who)
    if kind == "country":
        return _("{who} builds in the countryside").format(who=who)
    if kind == "store":
        return _("{who} keeps {count} goods, discards the rest").format(who=who, count=sum(d["kept"].values()))
    if kind == "discard":
        return _("{who} discards {good}").format(who=who, good=good(d["good"]))
    if kind == "harvest":
        return _("{who} harvests {count} {good}").format(who=who, count=d["count"], good=good(d["good"]))
    if kind == "fish":
        return _("St. George gives {who} {count} fish").format(who=who, count=d["cathedrals"])
    if kind == "explore":
        return _("{who} explores {hex}: {good}").format(who=who, hex=d["label"], good=good(d["good"]))
    if kind == "grave":
        return _("{who} places a grave on {cell}").format(who=who, cell=d["name"])
    if kind == "pollution":
        return _("{who} pollutes {hex}").format(who=who, hex=d["label"])
    if kind == "out":
        return _("{who}'s cities are full of graves: out of the game").format(who=who)
    if kind == "victory":
        names = ", ".join(player(p) for p in d["winners"])
        return _("{names} win(s) in round {round}").format(names=names, round=d["round"])
    if kind == "limit":
        return _("round limit {rounds} reached: nobody wins").format(rounds=d["max_rounds"])
    return kind
