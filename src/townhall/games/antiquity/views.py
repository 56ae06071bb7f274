"""Text view: the hex countryside and every city map, with coordinates a person types; and the
statistics of a finished game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from townhall.games.antiquity import supply, victory, zones
from townhall.games.antiquity.city import COLUMNS, size_of
from townhall.games.antiquity.data import BUILDINGS, GOODS, SAINTS
from townhall.games.antiquity.position import COUNTRY, EXPLORE, HARVEST, PLAN, SETUP, STORE, TRADE
from townhall.games.antiquity.steps import Arrange
from townhall.games.antiquity.words import _, building, good, player, term
from townhall.i18n import N_

if TYPE_CHECKING:
    from townhall.games.antiquity.state import AntiquityState

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

# The question of each phase whose decision is the same for every player to move.
PHASE_PROMPTS = {
    PLAN: N_("plan your city in secret: build, man, trade... then done"),
    TRADE: N_("trade with a player, or done"),
    COUNTRY: N_("use a cart shop (or alchemy), or done"),
    STORE: N_("too many goods: discard one (or keep one, when most must go)"),
    EXPLORE: N_("explore a token hex, or done"),
    HARVEST: N_("harvest which good (hex) of this producer?"),
}


def prompt(state: AntiquityState, viewer: int) -> str:
    if state.phase == SETUP:
        return _("place your first city: which centre hex (the city covers it and its 6 neighbours)?")
    step = state.players[viewer].pending
    if step is not None:
        return _(PROMPTS[step.tag]) if step.tag in PROMPTS else _("choose")
    if state.offer and state.offer[2]:
        return _("{player} offers a trade: accept or decline?").format(player=player(state.offer[0]))
    if state.offer:
        return _("build the offer: give / ask goods, then propose (or withdraw)")
    if state.phase in PHASE_PROMPTS:
        return _(PHASE_PROMPTS[state.phase])
    if state.pollution_due[viewer]:
        return _("place pollution ({count} left): which hex?").format(count=state.pollution_due[viewer])
    return _("place a grave ({count} left): which square?").format(count=state.graves_due[viewer])


def render(state: AntiquityState, viewer: int | None) -> str:
    from townhall.games.antiquity.position import PHASE_NAMES

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


def statistics(state: AntiquityState) -> dict[str, float]:
    """Figures of a finished game: whether and when somebody won, the saints chosen (players per
    saint), graves, cities and inns founded, pollution left on the map, players eliminated."""
    reason, _details = victory.end_reason(state)
    won = reason == "victory"
    stats: dict[str, float] = {
        "victory": float(won),
        "elimination": float(reason == "elimination"),
        "rounds": float(state.round),
        "victory_round": float(state.round if won else 0),
        "winners": float(len(state.winners)),
        "eliminated": float(sum(not pl.alive for pl in state.players)),
        "graves": float(sum(pl.grave_count() for pl in state.players)),
        "cities": float(sum(len(pl.cities) for pl in state.players)),
        "inns": float(sum(len(pl.inns) for pl in state.players)),
        "pollution": float(sum(state.polluted)),
        "famine": float(state.famine),
        "explored": float(sum(state.revealed)),
        "workers": float(sum(pl.workers for pl in state.players)),
    }
    for index, name in enumerate(SAINTS):
        stats[f"saint.{name}"] = float(sum(pl.saint == index for pl in state.players))
    stats["saint.none"] = float(sum(pl.saint < 0 for pl in state.players))
    return stats
