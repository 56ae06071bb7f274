"""The Kutná Hora position: plain lists of ints, the turn loop and the small decisions.

Pending work is a stack of tasks ([kind, a, b]); the top one is the current decision (or an
automatic step run at once). Decks and stacks are multisets drawn with the Chance at the reveal.
"""

from __future__ import annotations

import random
from typing import Any, Self

from townhall.engine.chance import Chance
from townhall.engine.errors import IllegalAction
from townhall.engine.protocol import Event, Json, ranks_from_keys
from townhall.games.kutna_hora import scoring
from townhall.games.kutna_hora.actions import (
    A_BUILD,
    A_BUY,
    A_DECLINE,
    A_HOUSE,
    A_KEEP,
    A_MINE,
    A_NOBLE,
    A_ORDER,
    A_PLAY,
    A_PLOT,
    A_RESOLVE,
    A_SCORE,
    A_SET,
    A_TAKE,
    A_TAX,
    A_TECH,
    AUTO_TASKS,
    F_FREE,
    F_RESERVE,
    IDLE,
    MINE_CELLS,
    PERMS,
    SPACE,
    T_BARB,
    T_BARB_END,
    T_BUILD,
    T_BUY,
    T_DRAW,
    T_HOUSE,
    T_INCOME,
    T_KEEP,
    T_LIC,
    T_MINE,
    T_NOBLE,
    T_OPT,
    T_PLACE,
    T_PLOT,
    T_SCORE,
    T_TECH,
    TAKE_COLS,
    TOWN_CELLS,
)
from townhall.games.kutna_hora.barbara import BarbaraRules
from townhall.games.kutna_hora.base import (
    EMPTY,
    LIST_FIELDS,
    OVER,
    PHASES,
    PLAY,
    ROCK,
    SCALAR_FIELDS,
    SETUP_ORDER,
    SETUP_SET,
    TAX,
    B,
)
from townhall.games.kutna_hora.data import (
    ACTIONS,
    BARBARA,
    BUILD,
    COLOURS,
    DATA,
    GUILD_OF_GOOD,
    INCOME,
    JOKER,
    LICENCE,
    MINE,
    PERMITS,
    PLOT,
    WOOD,
)
from townhall.games.kutna_hora.mine import MineRules
from townhall.games.kutna_hora.render import action_text as render_action_text
from townhall.games.kutna_hora.rounds import RoundRules
from townhall.games.kutna_hora.town import TownRules


def _card_plays(licence_ok: bool, barbara_ok: bool) -> tuple[tuple[int, ...], ...]:
    """Per card, the play actions: its two sides, or with the joker any action; and idle."""
    out = []
    for card, (a, b) in enumerate(DATA.cards):
        acts = set(range(6)) if JOKER in (a, b) else {a, b}
        if not licence_ok:
            acts.discard(LICENCE)  # KH-LIC-3: impossible with 3 full slots
        if not barbara_ok:
            acts.discard(BARBARA)  # KH-BAR-1: needs an unused pelican
        out.append(tuple(A_PLAY + card * 7 + act for act in [*sorted(acts), IDLE]))
    return tuple(out)


CARD_PLAYS = (
    (_card_plays(False, False), _card_plays(False, True)),
    (_card_plays(True, False), _card_plays(True, True)),
)


class KHState(MineRules, TownRules, BarbaraRules, RoundRules):
    """A Kutná Hora position (see module doc)."""

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, num_players: int, events: bool, first_game: bool, chance: Chance) -> KHState:
        s = object.__new__(cls)
        n = num_players
        track = DATA.tracks[n]
        side = DATA.sides[n]
        s.num_players = n
        s.rounds, s.red_after = track.rounds, track.red_after
        s.events_on = events or n == 2  # KH-SETUP-13: events are mandatory with 2 players
        s.first_game = first_game
        s.side, s.cols = n, side.cols
        s.phase, s.round, s.start, s.current = SETUP_SET, 1, 0, n - 1
        s.cards_in_turn, s.in_card = 2, False
        s.tech_taken, s.pop_pos, s.ore_pos, s.tax = 0, 0, 0, 0
        s.red_waiting, s.barbara_next, s.ev_current = True, 0, -1
        s.guilds = [[] for _ in range(n)]
        s.money = [DATA.start_money[p] for p in range(n)]
        s.points = [0] * n
        s.rep = [DATA.rep_start] * n
        s.prod = [[0] * 6 for _ in range(n)]
        s.ore_mine = [0] * n
        s.houses = [[DATA.houses_per_row] * 3 for _ in range(n)]
        s.slots = [[] for _ in range(n)]
        s.plots = [[] for _ in range(n)]
        s.pel_unused, s.pel_used = [0] * n, [0] * n
        s.pool = [DATA.miners_pool] * n
        s.reserve = [DATA.miners - DATA.miners_pool] * n
        s.used_cards = [0] * n
        s.turns_done = [0] * n
        cells = side.rows * side.cols
        s.town, s.town_owner, s.town_plot = [EMPTY] * cells, [-1] * cells, [-1] * cells
        s.mine, s.mine_owner, s.rock_stars = [EMPTY] * MINE_CELLS, [-1] * MINE_CELLS, [0] * MINE_CELLS
        # KH-SETUP-6: a random mine setup card; the 4 rocks shuffled onto its places.
        places = DATA.mine_setups[chance.below(len(DATA.mine_setups))]
        rocks = list(range(len(DATA.rocks)))
        chance.shuffle(rocks)
        for cell, rock in zip(places, rocks, strict=True):
            s.mine[cell] = ROCK
            s.rock_stars[cell] = DATA.rocks[rock]
        # KH-SETUP-10: I on top, II, III at the bottom; each layer is a multiset.
        s.layers = [[t.index for t in DATA.mine_tiles if t.group == g] for g in range(3)]
        s.discard, s.drawn = [], []
        s.sliders = [0] * 6
        # KH-SETUP-4: marked tiles shuffled onto the two left columns; stacks of 3 on them.
        s.stack_top, s.stack_hidden, s.stack_bottom = [-1] * 12, [[] for _ in range(12)], [-1] * 12
        order = list(range(6))
        chance.shuffle(order)
        s.hall = [[order[2 * r], order[2 * r + 1], 6 + DATA.public_rows[r]] for r in range(DATA.hall_rows)]
        for g in range(6):
            tiles = [b for b in B if b.guild == g]
            s.stack_bottom[g] = next(b.index for b in tiles if b.marked)
            s.stack_hidden[g] = sorted(b.index for b in tiles if not b.marked)
            s.reveal_top(g, chance)
        for colour in range(3):
            s.stack_hidden[6 + colour] = [b.index for b in B if b.noble == colour]
            s.reveal_top(6 + colour, chance)
        s.bank = [DATA.nobles_per_colour] * 4
        s.noble_pool, s.council = [0] * 4, [0] * 4
        s.ev_left = [[e.index for e in DATA.events if e.deck == d] for d in (0, 1)]
        s.tasks, s.tax_queue, s.final = [], [], []
        # KH-SETUP-12: a random guild setup card (card 1 in the first-game option).
        s.setup_card = 0 if first_game else chance.below(len(DATA.guild_sets))
        s.set_owner = [-1] * n
        s.choosers = list(range(n - 1, 0, -1))
        s.current = s.choosers[0]
        if s.events_on:
            s._reveal_event(chance, None)
        return s

    # ------------------------------------------------------------------ protocol: who moves

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def legal_actions(self, player: int) -> list[int]:
        if self.phase == OVER or player != self.current:
            return []
        return sorted(self._legal())

    def _legal(self) -> list[int]:
        p = self.current
        if self.phase == SETUP_SET:
            sets = DATA.guild_sets[self.setup_card][self.num_players]
            return [A_SET + i for i in range(len(sets)) if self.set_owner[i] < 0]
        if self.phase == SETUP_ORDER:
            return [A_ORDER + i for i in range(len(PERMS))]
        if self.phase == TAX:
            return [A_TAX, A_TAX + 1]
        if self.tasks:
            return self._task_legal(self.tasks[-1])
        return self._play_legal(p)

    def _play_legal(self, p: int) -> list[int]:
        table = CARD_PLAYS[len(self.slots[p]) < DATA.slots][self.pel_unused[p] > 0]
        used = self.used_cards[p]
        out: list[int] = []
        for card in range(6):
            if not used >> card & 1:
                out += table[card]
        return out

    def _task_legal(self, task: list[int]) -> list[int]:
        kind, a, _ = task
        p = self.current
        out: list[int] = []
        if kind == T_BUY:
            price = self.price(PERMITS)
            if self.money[p] >= price:
                out.extend(A_BUY + k for k in (1, 2) if self.reserve[p] >= k)
        elif kind == T_KEEP:
            out.extend(A_KEEP + i for i in range(len(self.drawn)))
        elif kind == T_PLACE:
            wood = 0 if a & F_FREE else self.price(WOOD)
            out.extend(A_MINE + cell for cell, cost in self.mine_options() if cost * wood <= self.money[p])
        elif kind == T_TECH:
            if self.reserve[p] + self.pool[p] > 0:
                out.extend(A_TECH + cell for cell, _ in self.mine_options())
        elif kind == T_LIC:
            out.extend(A_TAKE + row * TAKE_COLS + col for row, col, _ in self.licence_options(p, a))
        elif kind == T_PLOT:
            out.extend(A_PLOT + cell for cell, _ in self.plot_options(p, a))
        elif kind == T_BUILD:
            out.extend(A_BUILD + slot * TOWN_CELLS + cell for slot, cell, _ in self.build_options(p, a))
        elif kind == T_NOBLE:
            if a == 1:
                out.extend(A_NOBLE + c for c in range(4) if self.bank[c] > 0)
            elif self.money[p] >= DATA.council_cost:
                out.extend(A_NOBLE + c for c in range(4) if self.noble_pool[c] > 0)
        elif kind in (T_BARB, T_OPT):
            out.append(A_RESOLVE)
        elif kind == T_HOUSE:
            out.extend(A_HOUSE + row for row in range(3) if self.houses[p][row] > 0)
        elif kind == T_SCORE:
            out.extend(A_SCORE + cell for cell in range(len(self.town)) if self.town_owner[cell] == p)
        out.append(A_DECLINE)  # KH-TURN-4: every part may be declined
        return out

    # ------------------------------------------------------------------ apply

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        if self.phase == OVER or player != self.current:
            raise IllegalAction("KH-TURN-1", f"player {player} is not to move")
        if not 0 <= action < SPACE.size:
            raise IllegalAction("KH-IO-1", f"{action} is not an action of this game")
        if not self._is_legal(action):
            raise IllegalAction(self._why_illegal(action), f"{self.action_text(action)} is not allowed now")
        if self.phase == SETUP_SET:
            self._choose_set(action - A_SET, events)
        elif self.phase == SETUP_ORDER:
            self._choose_order(action - A_ORDER, events)
        elif self.phase == TAX:
            self._tax_decision(action == A_TAX, events)  # tax 0 = penalty, 1 = pay
            self._continue_tax(chance, events)
        elif self.tasks:
            self._task_action(action, chance, events)
            self._run(chance, events)
        else:
            self._play_card(action, chance, events)
            self._run(chance, events)

    def _is_legal(self, action: int) -> bool:
        if self.phase == PLAY and not self.tasks:  # fast path: a card play
            card = (action - A_PLAY) // 7
            if not 0 <= card < 6 or self.used_cards[self.current] >> card & 1:
                return False
            p = self.current
            return action in CARD_PLAYS[len(self.slots[p]) < DATA.slots][self.pel_unused[p] > 0][card]
        return action in self._legal()

    def _why_illegal(self, action: int) -> str:
        kind, values = SPACE.decode(action)
        if self.phase in (SETUP_SET, SETUP_ORDER):
            return "KH-SETUP-12"
        if self.phase == TAX:
            return "KH-END-1"
        if not self.tasks:
            if kind != "play":
                return "KH-TURN-2"
            card, act = values
            if self.used_cards[self.current] >> card & 1:
                return "KH-TURN-2"
            return {LICENCE: "KH-LIC-3", BARBARA: "KH-BAR-1"}.get(act, "KH-TURN-2")
        task = self.tasks[-1][0]
        return {
            T_BUY: "KH-MINE-1",
            T_KEEP: "KH-MINE-2",
            T_PLACE: "KH-MINE-3",
            T_TECH: "KH-BUILD-5",
            T_LIC: "KH-LIC-1",
            T_PLOT: "KH-PLOT-1",
            T_BUILD: "KH-BUILD-1",
            T_NOBLE: "KH-INC-2",
            T_BARB: "KH-BAR-1",
            T_HOUSE: "KH-BAR-2",
            T_SCORE: "KH-BAR-2",
        }.get(task, "KH-TURN-4")

    # ------------------------------------------------------------------ setup decisions

    def _choose_set(self, index: int, events: list[Event] | None) -> None:
        n = self.num_players
        sets = DATA.guild_sets[self.setup_card][n]
        self.set_owner[index] = self.current
        self.guilds[self.current] = list(sets[index])
        self.choosers.pop(0)
        if events is not None:
            names = "+".join(GUILD_OF_GOOD[g] for g in sets[index])
            events.append(Event("guilds", f"player {self.current + 1} takes {names}", {"set": index}))
        if self.choosers:
            self.current = self.choosers[0]
            return
        last = self.set_owner.index(-1)  # the start player takes the set left
        self.set_owner[last] = 0
        self.guilds[0] = list(sets[last])
        if self.first_game:
            self._begin_round()
        else:
            self.phase, self.current = SETUP_ORDER, 0

    def _choose_order(self, perm: int, events: list[Event] | None) -> None:
        p = self.current
        self.guilds[p] = [self.guilds[p][i] for i in PERMS[perm]]
        if events is not None:
            events.append(Event("order", f"player {p + 1} orders {'>'.join(GUILD_OF_GOOD[g] for g in self.guilds[p])}"))
        if p + 1 < self.num_players:
            self.current = p + 1
        else:
            self._begin_round()

    # ------------------------------------------------------------------ playing cards

    def _play_card(self, action: int, chance: Chance, events: list[Event] | None) -> None:
        p = self.current
        card, act = divmod(action - A_PLAY, 7)
        self.used_cards[p] |= 1 << card
        self.in_card = True
        if act == IDLE:
            if events is not None:
                events.append(Event("play", f"player {p + 1} plays card {card + 1} for no effect"))
            return
        if act not in DATA.cards[card] and self.rep[p] < DATA.rep_free_joker:
            self.change_rep(p, -1)  # the joker performs another action (KH-JOKER-1)
        if events is not None:
            events.append(
                Event("play", f"player {p + 1} plays card {card + 1}: {ACTIONS[act]}", {"card": card, "action": act})
            )
        self.start_action(act)

    def start_action(self, act: int) -> None:
        p = self.current
        if act == MINE:
            self.tasks.append([T_MINE, 0, 0])
        elif act == LICENCE:
            self.tasks.append([T_LIC, 0, 0])
        elif act == PLOT:
            self.tasks.append([T_PLOT, 0, 0])
        elif act == BUILD:
            self.tasks.append([T_BUILD, 0, 0])
        elif act == INCOME:
            self.tasks.append([T_INCOME, 0, 0])
        elif act == BARBARA:
            self.pel_unused[p] -= 1
            self.pel_used[p] += 1
            if self.barbara_next < len(DATA.barbara_tax):
                # KH-BAR-1: the tile stays the current one while its steps run and turns face
                # down after them (its tax ignored); a guild building's St. Barbara icon during
                # tile 8's build therefore turns this very tile (KH-BUILD-4).
                tile = self.barbara_next
                self.tasks.append([T_BARB_END, tile, 0])
                self.tasks.append([T_BARB, tile, 0])
            else:
                self.change_rep(p, DATA.barbara_after_all)

    def _run(self, chance: Chance, events: list[Event] | None) -> None:
        """Run automatic steps and forced declines until a real decision or the card's end."""
        while True:
            if self.tasks:
                task = self.tasks[-1]
                if task[0] in AUTO_TASKS:
                    self.tasks.pop()
                    self._auto(task, chance, events)
                    continue
                legal = self._task_legal(task)
                if len(legal) == 1:
                    self._task_action(A_DECLINE, chance, events)
                    continue
                return
            if self.in_card:
                self.in_card = False
                self._after_card(chance, events)
            return

    def _after_card(self, chance: Chance, events: list[Event] | None) -> None:
        p = self.current
        self.cards_in_turn -= 1
        if self.cards_in_turn > 0:
            return
        self.turns_done[p] += 1
        nxt = (p + 1) % self.num_players
        if self.turns_done[nxt] >= 3:
            self._end_round(chance, events)
            return
        self.current = nxt
        self.cards_in_turn = 2 if self.turns_done[nxt] < 2 else 1  # KH-TURN-2

    def _auto(self, task: list[int], chance: Chance, events: list[Event] | None) -> None:
        kind, flags, _ = task
        p = self.current
        if kind == T_MINE:
            if flags & F_RESERVE:
                if self.reserve[p] + self.pool[p] > 0:
                    self.tasks.append([T_DRAW, flags, 0])
            elif self.pool[p] > 0:
                self.tasks.append([T_DRAW, flags, 0])
            elif self.reserve[p] > 0:
                self.tasks.append([T_BUY, flags, 0])
            # else KH-TURN-5: no miner at all, the action has no effect
        elif kind == T_DRAW:
            self._draw_mine_tiles(chance, events)
            if self.drawn:
                self.tasks.append([T_KEEP, flags, 0])
        elif kind == T_BARB_END:
            if self.barbara_next == flags:  # not yet turned down by a building's icon
                self.barbara_next += 1
        elif kind == T_INCOME:
            gain = self.income(p)
            self.money[p] += gain
            if events is not None:
                events.append(Event("income", f"player {p + 1} takes {gain} groschen", {"income": gain}))
            self.tasks.append([T_NOBLE, 0, 0])

    def _task_action(self, action: int, chance: Chance, events: list[Event] | None) -> None:
        task = self.tasks.pop()
        kind, a, b = task
        p = self.current
        declined = action == A_DECLINE
        if kind == T_BUY:
            if not declined:
                n = action - A_BUY
                self.money[p] -= self.price(PERMITS)
                self.reserve[p] -= n
                self.pool[p] += n
                self.tasks.append([T_DRAW, a, 0])
        elif kind == T_KEEP:
            if declined:
                self.discard.extend(self.drawn)
            else:
                keep = self.drawn[action - A_KEEP]
                self.discard.extend(t for t in self.drawn if t != keep)
                self.tasks.append([T_PLACE, a, keep])
            self.drawn = []
        elif kind == T_PLACE:
            if declined:
                self.discard.append(b)
            else:
                self._place_mine(action - A_MINE, b, a, chance, events)
        elif kind == T_TECH:
            if not declined:
                self._place_tech(action - A_TECH, b, events)
        elif kind == T_LIC:
            if not declined:
                row, col = divmod(action - A_TAKE, TAKE_COLS)
                self._take_licence(row, col, a, chance, events)
        elif kind == T_PLOT:
            if not declined:
                self._buy_plot(action - A_PLOT, a, events)
        elif kind == T_BUILD:
            if not declined:
                slot, cell = divmod(action - A_BUILD, TOWN_CELLS)
                self._build(slot, cell, a, chance, events)
        elif kind == T_NOBLE:
            if not declined:
                colour = action - A_NOBLE
                if a == 1:
                    self.bank[colour] -= 1
                else:
                    self.money[p] -= DATA.council_cost
                    self.noble_pool[colour] -= 1
                self.council[colour] += 1
                if events is not None:
                    events.append(Event("council", f"player {p + 1} seats a {COLOURS[colour]} noble in the council"))
        elif kind == T_BARB:
            self._barbara_tile(a, declined, events)
        elif kind == T_HOUSE:
            if not declined:
                row = action - A_HOUSE
                self.houses[p][row] -= 1
                self.prod[p][self.guilds[p][row]] += 2
        elif kind == T_SCORE and not declined:
            gained = scoring.building_score(self, action - A_SCORE)
            self.points[p] += gained
        elif kind == T_OPT and not declined:
            self._optional_icon(a, b, chance, events)

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        return [float(x) for x in self.points]

    def ranks(self) -> list[int]:
        return ranks_from_keys([[self.points[p], self.money[p]] for p in range(self.num_players)])  # KH-FIN-6

    # ------------------------------------------------------------------ copies and JSON

    def clone(self) -> Self:
        c = object.__new__(type(self))
        d = c.__dict__
        d.update(self.__dict__)
        for name in ("money", "points", "rep", "ore_mine", "pel_unused", "pel_used", "pool", "reserve",
                     "used_cards", "turns_done", "town", "town_owner", "town_plot", "mine", "mine_owner",
                     "discard", "drawn", "sliders", "stack_top", "stack_bottom", "bank", "noble_pool", "council",
                     "tax_queue", "set_owner", "choosers"):  # fmt: skip
            d[name] = list(d[name])
        for name in ("guilds", "prod", "houses", "slots", "plots", "layers", "hall", "stack_hidden", "ev_left",
                     "tasks", "final"):  # fmt: skip
            d[name] = [list(x) for x in d[name]]
        return c

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {name: getattr(self, name) for name in SCALAR_FIELDS}
        for name in LIST_FIELDS:
            value = getattr(self, name)
            out[name] = [list(x) if isinstance(x, list) else x for x in value]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KHState:
        s = object.__new__(cls)
        for name in SCALAR_FIELDS:
            setattr(s, name, data[name])
        for name in LIST_FIELDS:
            setattr(s, name, [list(x) if isinstance(x, list) else x for x in data[name]])
        return s

    def observation(self, player: int | None) -> dict[str, Json]:
        """KH-IO-3: everything but the hidden parts of stacks, decks and events."""
        out = self.to_json()
        out["stack_hidden"] = [len(h) + (self.stack_bottom[i] >= 0) for i, h in enumerate(self.stack_hidden)]
        del out["stack_bottom"]
        out["layers"] = [len(layer) for layer in self.layers]
        out["ev_left"] = [len(x) for x in self.ev_left]
        out["prices"] = [self.price(g) for g in range(6)]
        out["viewer"] = player
        return out

    def determinize(self, player: int, rng: random.Random) -> Self:
        # Hidden parts are multisets fixed by public information; no order is stored.
        return self.clone()

    # ------------------------------------------------------------------ action codec

    def num_distinct_actions(self) -> int:
        return SPACE.size

    def action_to_json(self, action: int) -> dict[str, Json]:
        return SPACE.to_json(action)

    def action_from_json(self, data: Json) -> int:
        return SPACE.from_json(data)

    def action_text(self, action: int) -> str:
        return render_action_text(self, action)

    def __repr__(self) -> str:
        return f"KHState(round {self.round}, {PHASES[self.phase]}, player {self.current})"
