"""The Antiquity state: setup, the ten phases of a round, and the protocol methods."""

from __future__ import annotations

import random
from typing import Any, Self

from townhall.engine import Chance, Event, IllegalAction, Json, State

from . import actions as A
from . import country, plan, upkeep, victory, zones
from .board import Board
from .city import CHOICE_NAMES, CHOICE_TYPES
from .data import DATA, GOODS, WOOD
from .hexmap import disc
from .player import CHRISTOPHER, SAINTS, Player
from .rules import (
    ALCHEMY_K,
    CITY_OCC,
    COUNTRY,
    EXPLORE,
    EXPLORER,
    FAMINE,
    FARM,
    FISHERMAN,
    HARVEST,
    INN,
    INN_OCC,
    MINE,
    NEWCITY,
    OVER,
    PHASE_NAMES,
    PLAN,
    POLLUTE,
    SETUP,
    STORE,
    SUPPLY,
    TRADE,
    WOODCUTTER,
)

PHASE_CLAUSES = {
    SETUP: "ANT-SETUP-4",
    PLAN: "ANT-PH2-3",
    TRADE: "ANT-PH2-13",
    COUNTRY: "ANT-PH4-1",
    STORE: "ANT-PH5-1",
    HARVEST: "ANT-PH6-1",
    EXPLORE: "ANT-PH7-1",
    FAMINE: "ANT-PH8-2",
    POLLUTE: "ANT-PH9-1",
}
KIND_CLAUSES = {
    "found": "ANT-SETUP-4",
    "build": "ANT-PH2-5",
    "house": "ANT-PH2-5",
    "man": "ANT-PH2-2",
    "heal": "ANT-PH2-12",
    "move": "ANT-PH2-16",
    "gravemove": "ANT-PH2-16",
    "saint": "ANT-PH2-8",
    "bank": "ANT-PH2-13",
    "demolish": "ANT-PH2-11",
    "free": "ANT-PH2-9",
    "trade": "ANT-PH2-13",
    "give": "ANT-PH2-13",
    "ask": "ANT-PH2-13",
    "propose": "ANT-PH2-13",
}
COUNTRY_CLAUSES = {
    WOODCUTTER: "ANT-PH4-3",
    FARM: "ANT-PH4-4",
    MINE: "ANT-PH4-6",
    FISHERMAN: "ANT-PH4-7",
    INN: "ANT-PH4-8",
    NEWCITY: "ANT-PH4-9",
    ALCHEMY_K: "ANT-PH4-12",
}


class AntiquityState(State):
    # Rules of each phase live in their own modules; they are methods of this class.
    zone = zones.zone
    clean_count = zones.clean_count
    _view = plan._view
    supply_left = plan.supply_left
    goods_left = plan.goods_left
    _fits = plan._fits
    _can_build = plan._can_build
    _legal_plan = plan._legal_plan
    _legal_pending = plan._legal_pending
    _choice_of = plan._choice_of
    _apply_plan = plan._apply_plan
    _cells_for = plan._cells_for
    _cell_of = plan._cell_of
    _bid_at = plan._bid_at
    _pay = plan._pay
    _continue_pay = plan._continue_pay
    _finish = plan._finish
    _add_house = plan._add_house
    _demolish = plan._demolish
    _reveal = plan._reveal
    _settle_supply = plan._settle_supply
    _settle_goods = plan._settle_goods
    _legal_arrange = plan._legal_arrange
    _apply_arrange = plan._apply_arrange
    _set_order = plan._set_order
    _offers = plan._offers
    _legal_trade = plan._legal_trade
    _apply_trade = plan._apply_trade
    _is_clean = country._is_clean
    _free = country._free
    _legal_country = country._legal_country
    _country_affordable = country._country_affordable
    _country_sites = country._country_sites
    _shore_ok = country._shore_ok
    _fisher_partners = country._fisher_partners
    _city_site_ok = country._city_site_ok
    _product_options = country._product_options
    _apply_country = country._apply_country
    _choose_product = country._choose_product
    _product_chosen = country._product_chosen
    _finish_country = country._finish_country
    _new_producer = country._new_producer
    _harvest_run = upkeep._harvest_run
    _harvest_options = upkeep._harvest_options
    _harvest_take = upkeep._harvest_take
    _harvest_close = upkeep._harvest_close
    _explore_sites = upkeep._explore_sites
    _explore = upkeep._explore
    famine_graves = upkeep.famine_graves
    pollution_amount = upkeep.pollution_amount
    _start_famine = upkeep._start_famine
    _start_pollution = upkeep._start_pollution
    _pollution_sites = upkeep._pollution_sites
    _grave_cells = upkeep._grave_cells
    _place_grave = upkeep._place_grave
    victory_conditions = victory.victory_conditions
    meets_victory = victory.meets_victory
    _check_victory = victory._check_victory
    scores = victory.scores
    ranks = victory.ranks

    def __init__(self, num_players: int, beginner: bool, max_rounds: int, board: Board, terrain: list[str]) -> None:
        self.num_players = num_players
        self.beginner = beginner
        self.max_rounds = max_rounds
        self.board = board
        n_hex = len(terrain)
        self.terrain = terrain
        self.polluted = [False] * n_hex
        self.good = [-1] * n_hex
        self.gprod = [-1] * n_hex
        self.occ = [-1] * n_hex
        self.token = [False] * n_hex
        self.pool = [0] * 10
        self.revealed = [0] * 10
        self.unseen_removed = 0
        self.range_product = [-1] * board.num_ranges
        self.producers: list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]] | None] = []
        self.fishermen = 0
        self.famine = 0
        self.round = 0
        self.phase = SETUP
        self.order = list(range(num_players))
        self.turn = 0
        self.players = [Player() for _ in range(num_players)]
        self.snaps: list[Player | None] = [None] * num_players
        self.done = [False] * num_players
        self.todo_poll = [0] * num_players
        self.todo_grave = [0] * num_players
        self.cathedrals_built = 0
        self.winners: list[int] = []
        self.qualified: list[int] = []
        self.tiles: list[list[int]] = []
        self._zones: dict[tuple[Any, ...], frozenset[int]] = {}
        self._legal_cache: tuple[int, list[int]] | None = None
        self._chance: Chance = Chance(0)  # the Chance of the apply in progress (never stored)
        self.harvest: list[int] = []  # phase 6 in progress: producer, goods taken, goods kept
        self.kept = [0] * 10  # phase 5: goods already stored by the player choosing what to keep
        self.offer: list[int] = []  # an open trade offer: offerer, partner, proposed (0/1)
        self.give = [0] * 10  # goods the offerer gives
        self.ask = [0] * 10  # goods the offerer asks for
        self.offers = [0] * num_players

    # ================================================================ protocol basics

    def to_move(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == PLAN:
            return tuple(p for p in range(self.num_players) if not self.done[p])
        if self.offer and self.offer[2]:
            return (self.offer[1],)
        if self.phase == HARVEST:
            prod = self.producers[self.harvest[0]]
            assert prod is not None
            return (prod[1],)
        return (self.order[self.turn],)

    def legal_actions(self, player: int) -> list[int]:
        if player not in self.to_move():
            return []
        cache = self._legal_cache
        if cache is not None and cache[0] == player:
            return list(cache[1])
        legal = sorted(set(self._legal(player)))
        self._legal_cache = (player, legal)
        return list(legal)

    def _legal(self, p: int) -> list[int]:
        if self.phase == SETUP:
            return [A.FOUND + h for h in self._first_city_sites()]
        if self.phase == PLAN:
            return self._legal_plan(p)
        if self.phase == COUNTRY:
            return self._legal_country(p)
        if self.phase == TRADE:
            return self._legal_trade(p)
        if self.phase == STORE:
            goods = self.players[p].goods
            if self._keep_mode(p):
                return [A.KEEP + g for g in range(10) if goods[g] > self.kept[g]]
            return [A.GOOD + g for g in range(10) if goods[g] > 0]
        if self.phase == EXPLORE:
            return [A.HEX + h for h in self._explore_sites(p)] + [A.DONE]
        if self.phase == HARVEST:
            return [A.HEX + h for h in self._harvest_options()]
        if self.todo_poll[p] > 0:
            return [A.HEX + h for h in self._pollution_sites(p)]
        return self._grave_cells(p)

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        if not 0 <= player < self.num_players or player not in self.to_move():
            raise IllegalAction("ANT-IO-1", f"player {player + 1} is not to move now")
        if action not in self.legal_actions(player):
            raise IllegalAction(self._clause(player, action), self._refusal(player, action))
        self._legal_cache = None
        self._chance = chance
        if self.phase == SETUP:
            self._found_first_city(player, action - A.FOUND, chance, events)
        elif self.phase == PLAN:
            self._apply_plan(player, action, chance, events)
        elif self.phase == COUNTRY:
            self._apply_country(player, action, chance, events)
        elif self.phase == TRADE:
            self._apply_trade(player, action, events)
        elif self.phase == STORE:
            if action >= A.KEEP:
                self.kept[action - A.KEEP] += 1
            else:
                self.players[player].goods[action - A.GOOD] -= 1
                if events is not None:
                    events.append(Event("discard", f"player {player + 1} discards {GOODS[action - A.GOOD]}"))
        elif self.phase == HARVEST:
            self._harvest_take(action - A.HEX, events)
            self._harvest_run(events)
        elif self.phase == EXPLORE:
            if action != A.DONE:
                self._explore(player, action - A.HEX, chance, events)
            self.turn += 1
        elif self.todo_poll[player] > 0:
            h = action - A.HEX
            self.polluted[h] = True
            self.todo_poll[player] -= 1
            if events is not None:
                events.append(Event("pollution", f"player {player + 1} pollutes {self.board.topo.labels[h]}"))
        else:
            self._place_grave(player, action, events)
        self._advance(chance, events)

    def _clause(self, player: int, action: int) -> str:
        """The clause an illegal action breaks: by the kind of action, else by the phase."""
        try:
            kind, values = A.SPACE.decode(action)
        except ValueError:
            return "ANT-IO-1"
        pend = self.players[player].pend
        if self.phase == COUNTRY and kind in ("country", "hex", "good", "seed"):
            k = values[0] if kind == "country" else pend[1] if pend is not None and pend[0] != "pay" else -1
            return COUNTRY_CLAUSES.get(k, "ANT-PH4-1")
        if kind == "build" and self.phase == PLAN:
            t = CHOICE_TYPES[values[0]]
            if t not in SUPPLY and self.players[player].count(t) > 0:
                return "ANT-PH2-4"
        found = KIND_CLAUSES.get(kind)
        if found is not None and (self.phase == PLAN or kind in ("found", "trade", "give", "ask", "propose")):
            return found
        return PHASE_CLAUSES.get(self.phase, "ANT-IO-1")

    def _refusal(self, player: int, action: int) -> str:
        try:
            text = self.action_text(action)
        except ValueError:
            return f"{action} is not an action of Antiquity"
        return f"'{text}' is not allowed for player {player + 1} now ({PHASE_NAMES[self.phase]})"

    # ================================================================ setup

    def setup(self, chance: Chance) -> None:
        """Exploration tokens, goods, order, first city maps (ANT-SETUP-1..3)."""
        for p in range(self.num_players):
            for g in DATA.exploration:
                self.pool[g] += 1
            self.players[p].goods[WOOD] = DATA.start_wood
            self.players[p].add_city_map()
        chance.shuffle(self.order)
        self.turn = self.num_players - 1  # the last player in order places first (ANT-SETUP-4)

    def _first_city_sites(self) -> list[int]:
        out: list[int] = []
        for t, centres in zip(self.board.topo.start_tiles, self.board.start_centres, strict=True):
            if any(0 <= self.occ[h] < INN_OCC for h in self.board.topo.tile_hexes[t]):
                continue
            out.extend(centres)
        return out

    def _found_first_city(self, p: int, h: int, chance: Chance, events: list[Event] | None) -> None:
        self._place_city(p, h, chance)
        if events is not None:
            events.append(Event("city", f"player {p + 1} founds a city at {self.board.topo.labels[h]}", {"hex": h}))
        self.turn -= 1
        if self.turn < 0:
            self._start_round()

    def _place_city(self, p: int, centre: int, chance: Chance) -> None:
        for h in disc(self.board.topo, centre):
            self.occ[h] = CITY_OCC + p
            self._cover_token(h, chance)
        self.players[p].cities.append(centre)
        if len(self.players[p].grid) < len(self.players[p].cities):
            self.players[p].add_city_map()

    def _cover_token(self, h: int, chance: Chance) -> None:
        """A covered exploration token leaves the game unseen (ANT-SETUP-4, ANT-PH4-10)."""
        if self.token[h]:
            self.token[h] = False
            g = chance.weighted(self.pool)
            self.pool[g] -= 1
            self.unseen_removed += 1

    # ================================================================ round flow

    def _start_round(self) -> None:
        self.round += 1
        # Phase 1: workers leave the city buildings (ANT-PH1-1); round flags reset.
        for pl in self.players:
            pl.manned = [False] * len(pl.manned)
            pl.theology_used = pl.biology_used = pl.alchemy_used = False
            pl.healed = 0
            pl.steps = 0
            pl.new_cathedral = 0
            pl.bought = ()
            pl.banked = ()
            pl.pend = None
        self.phase = PLAN
        for p, pl in enumerate(self.players):
            self.done[p] = not pl.alive
            self.snaps[p] = pl.clone() if pl.alive else None

    def _advance(self, chance: Chance, events: list[Event] | None) -> None:
        """Run automatic steps until someone must decide."""
        while self.phase != OVER:
            if self.phase in (SETUP, PLAN, HARVEST) or self.offer:
                return
            if self.turn < len(self.order):
                p = self.order[self.turn]
                if self.players[p].alive and self._needs(p, events):
                    return
                if self.phase == OVER:
                    return
                self.turn += 1
                continue
            self._end_phase(chance, events)

    def _needs(self, p: int, events: list[Event] | None) -> bool:
        pl = self.players[p]
        # When the player must decide, the legal actions found here are kept for legal_actions.
        if self.phase == COUNTRY:
            if pl.pend is not None:
                return True
            legal = self._legal_country(p)
            if len(legal) > 1:
                self._legal_cache = (p, sorted(set(legal)))
                return True
            return False
        if self.phase == TRADE:
            offers = self._offers(p)
            if offers:
                self._legal_cache = (p, sorted({A.DONE, *offers}))
                return True
            return False
        if self.phase == STORE:
            return self._store_needs(p, pl, events)
        if self.phase == EXPLORE:
            if EXPLORER not in pl.active():
                return False
            sites = self._explore_sites(p)
            if sites:
                self._legal_cache = (p, sorted([A.HEX + h for h in sites] + [A.DONE]))
                return True
            return False
        # famine / pollution
        if self.todo_poll[p] > 0:
            sites = self._pollution_sites(p)
            if sites:
                self._legal_cache = (p, [A.HEX + h for h in sites])  # what legal_actions would find
                return True
            self.todo_grave[p] += self.todo_poll[p]  # ANT-PH9-3
            self.todo_poll[p] = 0
        if self.todo_grave[p] > 0:
            if not pl.grave_room():
                self._eliminate(p, events)
                return False
            return True
        return False

    def _keep_mode(self, p: int) -> bool:
        """Phase 5 is decided by discarding when the excess is small, else by choosing what to keep
        (so a decision never takes more steps than the storage has squares)."""
        return sum(self.kept) > 0 or self._excess(p) > self.players[p].capacity()

    def _store_needs(self, p: int, pl: Player, events: list[Event] | None) -> bool:
        """ANT-PH5-1: what does not fit the working storages is discarded."""
        excess = self._excess(p)
        if excess <= 0:
            return False
        if self._keep_mode(p):
            cap = pl.capacity()
            while sum(self.kept) < cap:
                opts = [g for g in range(10) if pl.goods[g] > self.kept[g]]
                if len(opts) > 1:
                    return True
                self.kept[opts[0]] += 1
            if events is not None:
                events.append(Event("store", f"player {p + 1} keeps {sum(self.kept)} goods, discards the rest"))
            pl.goods = self.kept
            self.kept = [0] * 10
            return False
        kinds = [g for g in range(10) if pl.goods[g] > 0]
        if len(kinds) == 1:
            pl.goods[kinds[0]] -= excess
            return False
        return True

    def _excess(self, p: int) -> int:
        pl = self.players[p]
        if pl.has_saint_power(CHRISTOPHER):
            return 0
        return sum(pl.goods) - pl.capacity()

    def _end_phase(self, chance: Chance, events: list[Event] | None) -> None:
        self.turn = 0
        if self.phase == TRADE:
            self._set_order()
        elif self.phase == COUNTRY:
            self.phase = STORE
        elif self.phase == STORE:
            self.phase = HARVEST
            self.harvest = [0, 0, 0]
            self._harvest_run(events)
        elif self.phase == EXPLORE:
            if self.beginner:
                self._check_victory(events)  # ANT-VAR-1: no famine, no pollution
            else:
                self._start_famine()
        elif self.phase == FAMINE:
            self.famine += 1  # ANT-PH8-4
            self._start_pollution()
        elif self.phase == POLLUTE:
            self._check_victory(events)

    def _alive(self) -> list[int]:
        return [p for p in range(self.num_players) if self.players[p].alive]

    def _eliminate(self, p: int, events: list[Event] | None) -> None:
        pl = self.players[p]
        pl.alive = False
        pl.out_round = self.round
        self.todo_grave[p] = self.todo_poll[p] = 0
        if events is not None:
            events.append(Event("out", f"player {p + 1}'s cities are full of graves: out of the game"))
        alive = self._alive()
        if len(alive) <= 1:
            self.winners = alive
            self.qualified = alive
            self.phase = OVER

    # ================================================================ copies and views

    def clone(self) -> Self:
        c = object.__new__(type(self))
        d = self.__dict__.copy()
        c.__dict__ = d
        for name in ("terrain", "polluted", "good", "gprod", "occ", "token", "pool", "revealed", "range_product",
                     "producers", "order", "snaps", "done", "todo_poll", "todo_grave", "winners", "qualified", "kept", "offer", "offers", "give", "ask", "harvest"):  # fmt: skip
            d[name] = d[name][:]
        d["players"] = [pl.clone() for pl in self.players]
        d["_legal_cache"] = None
        return c

    def _public(self) -> dict[str, Json]:
        return {
            "num_players": self.num_players,
            "beginner": self.beginner,
            "max_rounds": self.max_rounds,
            "tiles": [t[:] for t in self.tiles],
            "terrain": "".join(self.terrain),
            "polluted": [int(x) for x in self.polluted],
            "good": self.good[:],
            "gprod": self.gprod[:],
            "occ": self.occ[:],
            "token": [int(x) for x in self.token],
            "revealed": self.revealed[:],
            "range_product": self.range_product[:],
            "producers": [
                None if pr is None else [pr[0], pr[1], pr[2], list(pr[3]), list(pr[4])] for pr in self.producers
            ],
            "fishermen": self.fishermen,
            "famine": self.famine,
            "round": self.round,
            "phase": self.phase,
            "order": self.order[:],
            "turn": self.turn,
            "todo_poll": self.todo_poll[:],
            "todo_grave": self.todo_grave[:],
            "cathedrals_built": self.cathedrals_built,
            "winners": self.winners[:],
            "qualified": self.qualified[:],
            "kept": self.kept[:],
            "offer": self.offer[:],
            "offers": self.offers[:],
            "give": self.give[:],
            "harvest": self.harvest[:],
            "ask": self.ask[:],
        }

    def to_json(self) -> dict[str, Json]:
        data = self._public()
        data["pool"] = self.pool[:]
        data["unseen_removed"] = self.unseen_removed
        data["players"] = [pl.to_json() for pl in self.players]
        data["snaps"] = [None if s is None else s.to_json() for s in self.snaps]
        data["done"] = self.done[:]
        return data

    def observation(self, player: int | None) -> dict[str, Json]:
        """ANT-IO-3: others' phase-2 plans stay hidden (their start-of-phase city shows); tokens hidden."""
        data = self._public()
        data["tokens_left"] = sum(self.pool)
        views = []
        for q in range(self.num_players):
            snap = self.snaps[q]
            if self.phase == PLAN and q != player and snap is not None:
                view = snap.to_json()
                view["steps"] = 0
                view["pend"] = None
            else:
                view = self.players[q].to_json()
                if self.phase == PLAN and q != player:
                    view["steps"] = 0
            views.append(view)
        data["players"] = views
        return data

    def determinize(self, player: int, rng: random.Random) -> Self:
        c = self.clone()
        # Unseen removed tokens: any of the tokens not yet revealed.
        pool = [len(self.players) * DATA.exploration.count(g) - self.revealed[g] for g in range(10)]
        for _ in range(self.unseen_removed):
            bag = [g for g in range(10) for _ in range(pool[g])]
            pool[rng.choice(bag)] -= 1
        c.pool = pool
        if self.phase == PLAN:
            for q in range(self.num_players):
                snap = self.snaps[q]
                if q != player and snap is not None:
                    c.players[q] = snap.clone()  # their plan is unknown: start it afresh
                    c.done[q] = False
        return c

    # ================================================================ actions

    def num_distinct_actions(self) -> int:
        return A.SPACE.size

    def action_to_json(self, action: int) -> dict[str, Json]:
        return A.SPACE.to_json(action)

    def action_from_json(self, data: Json) -> int:
        return A.SPACE.from_json(data)

    def action_text(self, action: int) -> str:
        kind, v = A.SPACE.decode(action)
        labels = self.board.topo.labels
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
            return A.COUNTRY_KINDS[v[0]]
        if kind == "trade":
            return f"trade with player {v[0] + 1}"
        if kind in ("give", "ask"):
            return f"{kind} {GOODS[v[0]]}"
        return kind
