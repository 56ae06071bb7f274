"""Phase 2: the secret city plans, their reveal, and trades between players."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from townhall.engine import Chance, Event

from . import actions as A
from . import payment
from .city import (
    CHOICE_TYPES,
    HOUSE,
    NUM_CHOICES,
    PLACEMENT_CELL_MASKS,
    PLACEMENTS,
    choice_of_shape,
    fits,
    size_of,
    taken_mask,
)
from .data import BUILDINGS, DATA, FOOD, GOODS, LUX, WOOD, Cost
from .player import BARBARA, MANNED, MARIA, NICHOLAS, Player
from .rules import (
    CART,
    CATHEDRAL,
    COUNTRY,
    EXPLORER,
    FOUNTAIN,
    HOSPITAL,
    MARKET,
    MAX_ITEMS,
    MAX_OFFERS,
    MAX_PLAN_STEPS,
    PHILOSOPHY,
    PLAN,
    SUPPLY,
    THEOLOGY,
    TRADE,
    building_cost,
)

if TYPE_CHECKING:
    from .state import AntiquityState


def _view(self: AntiquityState, q: int, viewer: int) -> Player:
    snap = self.snaps[q]
    if self.phase == PLAN and q != viewer and snap is not None:
        return snap
    return self.players[q]


def goods_left(self: AntiquityState, g: int, viewer: int) -> int:
    """Goods of one kind still in the public supply of 48 (ANT-COMP-1), as the viewer sees it."""
    held = sum(self._view(q, viewer).goods[g] for q in range(self.num_players))
    return max(0, DATA.supply["goods_each"] - held - self.good.count(g))


def supply_left(self: AntiquityState, btype: int, viewer: int) -> int:
    return SUPPLY[btype] - sum(self._view(q, viewer).count(btype) for q in range(self.num_players))


def _fits(self: AntiquityState, pl: Player, choice: int) -> list[tuple[int, int, int, int, tuple[int, ...]]]:
    out = []
    for c in range(len(pl.cities)):
        taken = taken_mask(pl.grid[c], pl.graves[c])
        key = (choice, size_of(c))
        for (rot, x, y, cells), mask in zip(PLACEMENTS[key], PLACEMENT_CELL_MASKS[key], strict=True):
            if not mask & taken:
                out.append((c, rot, x, y, cells))
    return out


FULL = {size: (1 << size * size) - 1 for size in (7, 6)}  # every square of a city map taken
# the build choices grouped by building type, and the few distinct building costs
TYPE_CHOICES = tuple(
    (t, tuple(c for c in range(NUM_CHOICES) if CHOICE_TYPES[c] == t)) for t in sorted(set(CHOICE_TYPES))
)
DISTINCT_COSTS: tuple[Cost, ...] = tuple(dict.fromkeys(building_cost(t) for t, _ in TYPE_CHOICES))
COST_ID = {t: DISTINCT_COSTS.index(building_cost(t)) for t, _ in TYPE_CHOICES}


def _can_build(
    self: AntiquityState,
    pl: Player,
    choice: int,
    philosophy: bool,
    counts: list[int],
    public: dict[int, int],
    taken: list[int] | None = None,
    paid: dict[int, bool] | None = None,
) -> bool:
    """May the player start building this choice: supply or one-of-a-kind, cost, a free spot."""
    t = CHOICE_TYPES[choice]
    if t in SUPPLY:
        if public[t] >= SUPPLY[t]:
            return False
    elif counts[t] > 0 or (t == CATHEDRAL and pl.demolished == self.round):
        return False  # ANT-PH2-4, ANT-PH2-11
    ok = None if paid is None else paid.get(t)
    if ok is None:
        ok = payment.can_pay(pl.goods, building_cost(t), philosophy)
        if paid is not None:
            paid[t] = ok
    if not ok:
        return False
    if taken is None:
        taken = [taken_mask(pl.grid[c], pl.graves[c]) for c in range(len(pl.cities))]
    return any(fits(choice, size_of(c), mask) for c, mask in enumerate(taken))


def _type_counts(pl: Player) -> list[int]:
    counts = [0] * 19
    for b in pl.blds:
        if b is not None:
            counts[b[0]] += 1
    return counts


def _legal_plan(self: AntiquityState, p: int) -> list[int]:
    pl = self.players[p]
    pend = pl.pend
    if pend is not None:
        return self._legal_pending(p, pl, pend)
    out = [A.DONE]
    if pl.steps >= MAX_PLAN_STEPS:
        return out
    active = pl.active()
    philosophy = PHILOSOPHY in active
    counts = _type_counts(pl)
    public = {t: counts[t] for t in SUPPLY}
    for q in range(self.num_players):
        if q != p:
            theirs = _type_counts(self._view(q, p))
            for t in SUPPLY:
                public[t] += theirs[t]
    taken = [taken_mask(pl.grid[c], pl.graves[c]) for c in range(len(pl.cities))]
    sized = [(size_of(c), mask) for c, mask in enumerate(taken)]
    goods = pl.goods
    paid = [payment.can_pay(goods, cost, philosophy) for cost in DISTINCT_COSTS]
    no_cathedral = pl.demolished == self.round  # ANT-PH2-11: a new cathedral only in a later round
    for t, choices in TYPE_CHOICES:  # the same tests as _can_build, inlined (a hot path)
        if t in SUPPLY:
            if public[t] >= SUPPLY[t]:
                continue
        elif counts[t] > 0 or (t == CATHEDRAL and no_cathedral):
            continue  # ANT-PH2-4
        if not paid[COST_ID[t]]:
            continue
        for choice in choices:
            for size, mask in sized:
                if fits(choice, size, mask):
                    out.append(A.BUILD + choice)
                    break
    empty = any(mask != FULL[size_of(c)] for c, mask in enumerate(taken))
    if empty:
        food = [goods[g] for g in FOOD]
        lux = [goods[g] for g in LUX]
        food_n, lux_n = sum(food), sum(lux)
        food_k, lux_k = len(food) - food.count(0), len(lux) - lux.count(0)
        for number in range(20):
            if pl.houses >> number & 1:
                continue
            cost = DATA.house_costs[number]  # houses cost food and luxuries only (ANT-PH2-5)
            if food_n < cost.food or lux_n < cost.lux:
                continue
            if not philosophy and (
                (cost.food_different and food_k < cost.food) or (cost.lux_different and lux_k < cost.lux)
            ):
                continue
            out.append(A.HOUSE_A + number)
    graved = pl.graved_set() if pl.any_graves() else set()
    if pl.idle() > 0:
        for bid, b in enumerate(pl.blds):
            if b is not None and MANNED[b[0]] and not pl.manned[bid] and bid not in graved:
                out.append(A.cell_action(A.MAN, b[1], min(b[2]), size_of(b[1])))
    if MARKET in active and sum(pl.goods) >= 2:
        out.append(A.BANK)
    cath = pl.find(CATHEDRAL)
    if THEOLOGY in active and not pl.theology_used and cath >= 0 and pl.saint != MARIA and not pl.graved(cath):
        out.append(A.DEMOLISH)
    if HOSPITAL in active and pl.healed < 5:
        for c, graves in enumerate(pl.graves):
            out.extend(A.cell_action(A.HEAL, c, i, size_of(c)) for i, g in enumerate(graves) if g)
    if pl.has_saint_power(BARBARA):
        # ANT-PH2-16: lifting a building starts a rearrangement (the "arrange" step)
        out.extend(_lifts(pl, graved, ()))
        if empty:
            for c, graves in enumerate(pl.graves):
                out.extend(
                    A.cell_action(A.GRAVEMOVE, c, i, size_of(c))
                    for i, g in enumerate(graves)
                    if g and pl.grid[c][i] >= 0
                )
    return out


def _legal_pending(self: AntiquityState, p: int, pl: Player, pend: tuple[Any, ...]) -> list[int]:
    kind = pend[0]
    if kind == "place":
        return [A.square_action(c, x, y, rot) for c, rot, x, y, _ in self._fits(pl, pend[1])]
    if kind == "arrange":
        return self._legal_arrange(pl, pend)
    if kind in ("hplace", "fplace"):
        return [A.cell_action(A.CELL, c, i, size_of(c)) for c, i in pl.empty_cells()]
    if kind == "pay":
        return [A.GOOD + g for g in payment.options(pl.goods, pend[2])]
    if kind == "saint":
        return [A.SAINT + s for s in range(5) if not (pl.demolished >= 0 and s == pl.old_saint)]
    if kind == "nicholas":
        out = [A.NOFREE]
        if pl.empty_cells():
            out.extend(A.FREE + m for m in range(pend[1]) if not pl.houses >> m & 1)
        return out
    if kind in ("bank", "bank2", "bank3"):
        if kind == "bank3":
            return [A.GOOD + g for g in range(10) if self.goods_left(g, p)]
        return [A.GOOD + g for g in range(10) if pl.goods[g] > 0]
    if kind == "graveto":
        return [A.cell_action(A.CELL, c, i, size_of(c)) for c, i in pl.empty_cells()]
    # phase 4 sub-steps
    if kind == "site":
        return [A.HEX + h for h in self._country_sites(p, pend[1])]
    if kind == "site2":
        return [A.HEX + h for h in self._fisher_partners(p, pend[1])]
    if kind == "fgood":
        return self._product_options(p, pend[1], pend[2])
    raise AssertionError(f"unknown pending step {kind}")


def _lifts(pl: Player, graved: set[int], held: tuple[int, ...]) -> list[int]:
    """St. Barbara: lift any standing building without a grave (placed back later)."""
    return [
        A.cell_action(A.MOVE, b[1], min(b[2]), size_of(b[1]))
        for bid, b in enumerate(pl.blds)
        if b is not None and bid not in graved and bid not in held
    ]


def _legal_arrange(self: AntiquityState, pl: Player, pend: tuple[Any, ...]) -> list[int]:
    """ANT-PH2-16: St. Barbara rearranges the city: buildings are lifted one at a time into a held
    row and placed back one at a time (the first lifted first); "done" once none is held;
    "withdraw" puts every building of this rearrangement back where it stood (always possible, so
    the step bound MAX_PLAN_STEPS holds: at the bound only "withdraw" is left)."""
    held = pend[1]
    if pl.steps >= MAX_PLAN_STEPS:
        return [A.WITHDRAW]
    out = [A.WITHDRAW]
    if held:
        choice = self._choice_of(pl, held[0])
        out.extend(A.square_action(c, x, y, rot) for c, rot, x, y, _ in self._fits(pl, choice))
    else:
        out.append(A.DONE)
    out.extend(_lifts(pl, pl.graved_set() if pl.any_graves() else set(), held))
    return out


def _lift(pl: Player, bid: int, pend: tuple[Any, ...] | None) -> None:
    """Take a building off the city map into the held row; remember where it stood first."""
    b = pl.blds[bid]
    assert b is not None
    for i in b[2]:
        pl.grid[b[1]][i] = -1
    held, origin = (pend[1], pend[2]) if pend is not None else ((), ())
    if all(o[0] != bid for o in origin):
        origin = (*origin, (bid, b[1], b[2]))
    pl.pend = ("arrange", (*held, bid), origin)


def _apply_arrange(self: AntiquityState, pl: Player, kind: str, values: tuple[int, ...]) -> None:
    pend = pl.pend
    assert pend is not None
    held, origin = pend[1], pend[2]
    if kind == "square":
        bid = held[0]
        c, x, y, rot = values
        cells = self._cells_for(self._choice_of(pl, bid), c, x, y, rot)
        old = pl.blds[bid]
        assert old is not None
        pl.blds[bid] = (old[0], c, cells)
        for i in cells:
            pl.grid[c][i] = bid
        pl.pend = ("arrange", held[1:], origin)
    elif kind == "move":
        _lift(pl, self._bid_at(pl, values), pend)
    elif kind == "done":
        pl.pend = None
    else:  # withdraw: every building of this rearrangement goes back where it stood
        for bid, _, _ in origin:
            b = pl.blds[bid]
            assert b is not None
            if bid not in held:
                for i in b[2]:
                    pl.grid[b[1]][i] = -1
        for bid, c, cells in origin:
            b = pl.blds[bid]
            assert b is not None
            pl.blds[bid] = (b[0], c, cells)
            for i in cells:
                pl.grid[c][i] = bid
        pl.pend = None


def _choice_of(self: AntiquityState, pl: Player, bid: int) -> int:
    b = pl.blds[bid]
    assert b is not None
    return choice_of_shape(b[0], len(b[2]), b[2], size_of(b[1]))


def _apply_plan(self: AntiquityState, p: int, action: int, chance: Chance, events: list[Event] | None) -> None:
    pl = self.players[p]
    pl.steps += 1
    pend = pl.pend
    kind, values = A.SPACE.decode(action)
    if pend is None:
        if kind == "done":
            self.done[p] = True
            if all(self.done):
                self._reveal(events)
        elif kind == "build":
            pl.pend = ("place", values[0])
        elif kind == "house":
            pl.pend = ("hplace", values[0])
        elif kind == "man":
            pl.manned[self._bid_at(pl, values)] = True  # ANT-PH2-2
        elif kind == "bank":
            pl.pend = ("bank",)
        elif kind == "demolish":
            self._demolish(pl)
        elif kind == "heal":
            c, i = self._cell_of(values)
            pl.graves[c][i] = False  # ANT-PH2-12
            pl.healed += 1
        elif kind == "move":
            _lift(pl, self._bid_at(pl, values), None)  # ANT-PH2-16: St. Barbara rearranges
        elif kind == "gravemove":
            c, i = self._cell_of(values)
            pl.pend = ("graveto", c, i)
        return
    step = pend[0]
    if step == "place":
        c, x, y, rot = values
        cells = self._cells_for(pend[1], c, x, y, rot)
        t = CHOICE_TYPES[pend[1]]
        self._pay(pl, building_cost(t), ("bld", t, c, cells))
    elif step == "arrange":
        self._apply_arrange(pl, kind, values)
    elif step in ("hplace", "fplace"):
        c, i = self._cell_of(values)
        if step == "hplace":
            self._pay(pl, DATA.house_costs[pend[1]], ("house", pend[1], c, i))
        else:
            self._add_house(pl, pend[1], c, i, free=True)
    elif step == "pay":
        need = payment.pay(pl.goods, pend[2], values[0])
        self._continue_pay(pl, pend[1], need)
    elif step == "saint":
        pl.saint = values[0]  # ANT-PH2-8: power at once
        pl.pend = None
    elif step == "nicholas":
        pl.pend = None if kind == "nofree" else ("fplace", values[0])
    elif step == "bank":
        pl.goods[values[0]] -= 1
        pl.pend = ("bank2", values[0])
    elif step == "bank2":
        pl.goods[values[0]] -= 1
        pl.pend = ("bank3", pend[1], values[0])
    elif step == "bank3":
        pl.goods[values[0]] += 1  # ANT-PH2-13: 2 goods for 1 with the bank
        pl.banked = (*pl.banked, (pend[1], pend[2], values[0]))  # settled at the reveal (ANT-COMP-1)
        pl.pend = None
    elif step == "graveto":
        c, i = self._cell_of(values)
        pl.graves[pend[1]][pend[2]] = False
        pl.graves[c][i] = True
        pl.pend = None


def _cells_for(self: AntiquityState, choice: int, c: int, x: int, y: int, rot: int) -> tuple[int, ...]:
    for r, px, py, cells in PLACEMENTS[(choice, size_of(c))]:
        if (r, px, py) == (rot, x, y):
            return cells
    raise AssertionError("placement vanished")


def _cell_of(self: AntiquityState, values: tuple[int, ...]) -> tuple[int, int]:
    c, x, y = values[0], values[1], values[2]
    return c, y * size_of(c) + x


def _bid_at(self: AntiquityState, pl: Player, values: tuple[int, ...]) -> int:
    c, i = self._cell_of(values)
    return pl.grid[c][i]


def _pay(self: AntiquityState, pl: Player, cost: Cost, job: tuple[Any, ...]) -> None:
    philosophy = PHILOSOPHY in pl.active()
    need = payment.start(pl.goods, cost, philosophy)
    self._continue_pay(pl, job, need)


def _continue_pay(self: AntiquityState, pl: Player, job: tuple[Any, ...], need: payment.Need) -> None:
    rest = payment.forced(pl.goods, need)
    if rest is not None:
        for g in rest:
            need = payment.pay(pl.goods, need, g)
    while not payment.complete(need):
        opts = payment.options(pl.goods, need)
        if len(opts) != 1:
            pl.pend = ("pay", job, need)
            return
        need = payment.pay(pl.goods, need, opts[0])
    pl.pend = None
    if job[0] == "bld" and job[1] in SUPPLY:
        paid = need[5][0] if job[1] == FOUNTAIN and need[5] else WOOD
        pl.bought = (*pl.bought, (len(pl.blds), paid))
    self._finish(pl, job)


def _finish(self: AntiquityState, pl: Player, job: tuple[Any, ...]) -> None:
    kind = job[0]
    if kind == "bld":
        _, t, c, cells = job
        bid = len(pl.blds)
        pl.blds.append((t, c, cells))
        pl.manned.append(False)
        for i in cells:
            pl.grid[c][i] = bid
        if t == CATHEDRAL:
            pl.new_cathedral += 1
            pl.pend = ("saint",)  # ANT-PH2-8
    elif kind == "house":
        _, number, c, i = job
        self._add_house(pl, number, c, i, free=False)
    else:
        self._finish_country(pl, job)


def _add_house(self: AntiquityState, pl: Player, number: int, c: int, i: int, free: bool) -> None:
    """ANT-PH2-6: a house brings its worker at once; St. Nicholas may add a lower one (ANT-PH2-9)."""
    pl.houses |= 1 << number
    bid = len(pl.blds)
    pl.blds.append((HOUSE, c, (i,)))
    pl.manned.append(False)
    pl.grid[c][i] = bid
    pl.pend = None
    if not free and pl.has_saint_power(NICHOLAS) and any(not pl.houses >> m & 1 for m in range(number)):
        pl.pend = ("nicholas", number)


def _demolish(self: AntiquityState, pl: Player) -> None:
    """ANT-PH2-11: theology removes the cathedral; a new one may come in a later round."""
    bid = pl.find(CATHEDRAL)
    b = pl.blds[bid]
    assert b is not None
    for i in b[2]:
        pl.grid[b[1]][i] = -1
    pl.blds[bid] = None
    pl.old_saint = pl.saint
    pl.saint = -1
    pl.theology_used = True
    pl.demolished = self.round


def _reveal(self: AntiquityState, events: list[Event] | None) -> None:
    """End of phase 2: every plan becomes public; then phase 3 sets the order (ANT-PH3-1)."""
    self.snaps = [None] * self.num_players
    self._settle_supply(events)
    self._settle_goods(events)
    self.cathedrals_built = sum(pl.new_cathedral for pl in self.players)
    if events is not None:
        for p, pl in enumerate(self.players):
            if pl.alive:
                names = [BUILDINGS[b[0]] for b in pl.blds if b is not None]
                events.append(Event("reveal", f"player {p + 1}: {len(names)} buildings, {pl.workers} workers"))
    self.phase = TRADE
    self.turn = 0
    self.offers = [0] * self.num_players


def _settle_supply(self: AntiquityState, events: list[Event] | None) -> None:
    """Plans were made at once: if together they took more cart shops, storages or fountains than
    the supply holds, the later players in order of play take theirs back, goods refunded."""
    for t, cap in SUPPLY.items():
        excess = sum(pl.count(t) for pl in self.players) - cap
        for p in reversed(self.order):
            pl = self.players[p]
            for bid, good in reversed(pl.bought):
                b = pl.blds[bid]
                if excess <= 0 or b is None or b[0] != t:
                    continue
                for i in b[2]:
                    pl.grid[b[1]][i] = -1
                pl.blds[bid] = None
                pl.manned[bid] = False
                pl.goods[good] += 1
                excess -= 1
                if events is not None:
                    events.append(Event("supply", f"the supply ran out: player {p + 1} takes back a {BUILDINGS[t]}"))


def _settle_goods(self: AntiquityState, events: list[Event] | None) -> None:
    """ANT-COMP-1: 48 goods of each kind. Bank trades were made in secret plans, each player seeing
    the others' goods as of the start of the phase; if together they took more of a good than the
    supply held, the later players in order of play (their latest trades first) undo theirs: the good
    taken goes back, the two goods given are returned. A trade whose good was already spent again
    (paid back into the supply) is not undone: that unit is in the supply again."""
    if not any(pl.banked for pl in self.players):
        return
    cap = DATA.supply["goods_each"]
    while True:
        out = [sum(pl.goods[g] for pl in self.players) + self.good.count(g) for g in range(10)]
        undone = False
        for p in reversed(self.order):
            pl = self.players[p]
            for k in range(len(pl.banked) - 1, -1, -1):
                a, b, took = pl.banked[k]
                if out[took] > cap and pl.goods[took] > 0:
                    pl.goods[took] -= 1
                    pl.goods[a] += 1
                    pl.goods[b] += 1
                    pl.banked = pl.banked[:k] + pl.banked[k + 1 :]
                    undone = True
                    if events is not None:
                        text = (
                            f"the supply of {GOODS[took]} ran out: player {p + 1}'s bank trade "
                            f"({GOODS[a]} and {GOODS[b]} for {GOODS[took]}) is undone"
                        )
                        events.append(Event("supply", text))
                    break
            if undone:
                break
        if not undone:
            return


def _set_order(self: AntiquityState) -> None:
    """Phase 3 (ANT-PH3-1): fewer workers on cart shops and explorer first; ties keep their order."""
    key = {p: pl.manned_count(CART) + pl.manned_count(EXPLORER) for p, pl in enumerate(self.players)}
    self.order = sorted(self.order, key=lambda p: key[p])
    self.phase = COUNTRY
    self.turn = 0


def _offers(self: AntiquityState, p: int) -> list[int]:
    """ANT-PH2-13: trades in the open; one of the two players needs a working market."""
    pl = self.players[p]
    if self.offers[p] >= MAX_OFFERS:
        return []
    mine = MARKET in pl.active()
    held = any(pl.goods)  # a gift either way is a trade too (goods for a promise)
    return [
        A.TRADE_WITH + q
        for q in self._alive()
        if q != p and (mine or MARKET in self.players[q].active()) and (held or any(self.players[q].goods))
    ]


def _legal_trade(self: AntiquityState, p: int) -> list[int]:
    if not self.offer:
        return [A.DONE, *self._offers(p)]
    offerer, partner, proposed = self.offer
    if proposed:
        return [A.ACCEPT, A.DECLINE]
    out = [A.WITHDRAW]
    if sum(self.give) + sum(self.ask) < MAX_ITEMS:
        mine, theirs = self.players[offerer].goods, self.players[partner].goods
        out.extend(A.GIVE + g for g in range(10) if mine[g] > self.give[g])
        out.extend(A.ASK + g for g in range(10) if theirs[g] > self.ask[g])
    if any(self.give) or any(self.ask):
        out.append(A.PROPOSE)
    return out


def _bundle(goods: list[int]) -> str:
    return ", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(goods) if n) or "nothing"


def _apply_trade(self: AntiquityState, p: int, action: int, events: list[Event] | None) -> None:
    """An offer is built step by step, then proposed; nothing moves until the partner accepts."""
    kind, values = A.SPACE.decode(action)
    if kind == "done":
        self.turn += 1
    elif kind == "trade":
        self.offers[p] += 1
        self.offer = [p, values[0], 0]
        self.give = [0] * 10
        self.ask = [0] * 10
    elif kind == "give":
        self.give[values[0]] += 1
    elif kind == "ask":
        self.ask[values[0]] += 1
    elif kind == "withdraw":
        self.offer = []
    elif kind == "propose":
        self.offer[2] = 1
        if events is not None:
            text = f"player {p + 1} offers player {self.offer[1] + 1} {_bundle(self.give)} for {_bundle(self.ask)}"
            events.append(Event("offer", text))
    else:
        offerer, partner, _ = self.offer
        self.offer = []
        if kind == "accept":
            for g in range(10):
                moved = self.give[g] - self.ask[g]
                self.players[offerer].goods[g] -= moved
                self.players[partner].goods[g] += moved
        if events is not None:
            events.append(Event("trade", f"player {partner + 1} {kind}s the offer"))
        self.give = [0] * 10
        self.ask = [0] * 10
