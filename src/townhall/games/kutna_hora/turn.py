"""The turn: card plays, the stack of pending steps and their legal actions (KH-TURN-*; RULINGS.md)."""

from __future__ import annotations

from typing import Final

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.kutna_hora import barbara, economy, mine, rounds, scoring, town
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
    F_FREE,
    F_RESERVE,
    IDLE,
    PERMS,
    SPACE,
    T_BARB,
    T_BUILD,
    T_BUY,
    T_HOUSE,
    T_KEEP,
    T_LIC,
    T_NOBLE,
    T_PLACE,
    T_PLOT,
    T_SCORE,
    T_TECH,
    TAKE_COLS,
    TOWN_CELLS,
)
from townhall.games.kutna_hora.data import (
    BARBARA,
    BUILD,
    DATA,
    INCOME,
    JOKER,
    LICENCE,
    MINE,
    PERMITS,
    PLOT,
    WOOD,
)
from townhall.games.kutna_hora.position import PLAY, SETUP_ORDER, SETUP_SET, TAX, KutnaHoraPosition
from townhall.games.kutna_hora.reputation import change_rep
from townhall.games.kutna_hora.steps import (
    AUTOMATIC_STEPS,
    BuildBuilding,
    BuyMiners,
    BuyPlot,
    DrawMineTiles,
    KeepMineTile,
    OptionalIcon,
    PlaceMine,
    PlaceTechnology,
    RemoveHouse,
    ResolveBarbaraTile,
    ScoreBuilding,
    SeatNoble,
    StartMine,
    Step,
    TakeIncome,
    TakeLicence,
    TurnBarbaraTileDown,
)


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


CARD_PLAYS: Final = (
    (_card_plays(False, False), _card_plays(False, True)),
    (_card_plays(True, False), _card_plays(True, True)),
)

# The data's fields as Final module constants: the compiled build reads them as C statics.
SLOTS: Final = DATA.slots
CARDS: Final = DATA.cards
COUNCIL_COST: Final = DATA.council_cost
REP_FREE_JOKER: Final = DATA.rep_free_joker
BARBARA_AFTER_ALL: Final = DATA.barbara_after_all
BARBARA_TILES: Final = len(DATA.barbara_tax)

# Steps are frozen records: the common ones are built once and shared (by flags or tile where indexed).
START_MINE: Final = StartMine(0)
PAID_LICENCE: Final = TakeLicence(0)
PAID_PLOT: Final = BuyPlot(0)
PAID_BUILD: Final = BuildBuilding(0)
TAKE_INCOME: Final = TakeIncome()
PAID_NOBLE: Final = SeatNoble(0)
FLAGS: Final = range(F_FREE + F_RESERVE + 1)
DRAW: Final = tuple(DrawMineTiles(f) for f in FLAGS)
BUY: Final = tuple(BuyMiners(f) for f in FLAGS)
KEEP: Final = tuple(KeepMineTile(f) for f in FLAGS)
TURN_DOWN: Final = tuple(TurnBarbaraTileDown(t) for t in range(BARBARA_TILES))
RESOLVE_TILE: Final = tuple(ResolveBarbaraTile(t) for t in range(BARBARA_TILES))


def legal(position: KutnaHoraPosition) -> list[int]:
    p = position.current
    if position.phase == SETUP_SET:
        sets = DATA.guild_sets[position.setup_card][position.num_players]
        return [A_SET + i for i in range(len(sets)) if position.set_owner[i] < 0]
    if position.phase == SETUP_ORDER:
        return [A_ORDER + i for i in range(len(PERMS))]
    if position.phase == TAX:
        return [A_TAX, A_TAX + 1]
    if position.tasks:
        return task_legal(position, position.tasks[-1])
    return play_legal(position, p)


def play_legal(position: KutnaHoraPosition, p: int) -> list[int]:
    table = CARD_PLAYS[len(position.slots[p]) < SLOTS][position.pelicans_unused[p] > 0]
    used = position.used_cards[p]
    out: list[int] = []
    for card in range(6):
        if not used >> card & 1:
            out += table[card]
    return out


def task_legal(position: KutnaHoraPosition, task: Step) -> list[int]:
    # Exact types (the steps have no subclasses): a failed isinstance costs an attribute lookup.
    p = position.current
    out: list[int] = []
    if type(task) is BuyMiners:
        price = economy.price(position, PERMITS)
        if position.money[p] >= price:
            out.extend(A_BUY + k for k in (1, 2) if position.reserve[p] >= k)
    elif type(task) is KeepMineTile:
        out.extend(A_KEEP + i for i in range(len(position.drawn)))
    elif type(task) is PlaceMine:
        wood = 0 if task.flags & F_FREE else economy.price(position, WOOD)
        out.extend(A_MINE + cell for cell, cost in mine.mine_options(position) if cost * wood <= position.money[p])
    elif type(task) is PlaceTechnology:
        if position.reserve[p] + position.pool[p] > 0:
            out.extend(A_TECH + cell for cell, _ in mine.mine_options(position))
    elif type(task) is TakeLicence:
        out.extend(A_TAKE + row * TAKE_COLS + col for row, col, _ in town.licence_options(position, p, task.mode))
    elif type(task) is BuyPlot:
        out.extend(A_PLOT + cell for cell, _ in town.plot_options(position, p, task.mode))
    elif type(task) is BuildBuilding:
        out.extend(A_BUILD + slot * TOWN_CELLS + cell for slot, cell, _ in town.build_options(position, p, task.mode))
    elif type(task) is SeatNoble:
        if task.mode == 1:
            out.extend(A_NOBLE + c for c in range(4) if position.bank[c] > 0)
        elif position.money[p] >= COUNCIL_COST:
            out.extend(A_NOBLE + c for c in range(4) if position.noble_pool[c] > 0)
    elif type(task) is ResolveBarbaraTile or type(task) is OptionalIcon:
        out.append(A_RESOLVE)
    elif type(task) is RemoveHouse:
        out.extend(A_HOUSE + row for row in range(3) if position.houses[p][row] > 0)
    elif type(task) is ScoreBuilding:
        out.extend(A_SCORE + cell for cell in range(len(position.town)) if position.town_owner[cell] == p)
    out.append(A_DECLINE)  # KH-TURN-4: every part may be declined
    return out


def is_legal(position: KutnaHoraPosition, action: int) -> bool:
    if position.phase == PLAY and not position.tasks:  # fast path: a card play
        card = (action - A_PLAY) // 7
        if not 0 <= card < 6 or position.used_cards[position.current] >> card & 1:
            return False
        p = position.current
        return action in CARD_PLAYS[len(position.slots[p]) < SLOTS][position.pelicans_unused[p] > 0][card]
    return action in legal(position)


def why_illegal(position: KutnaHoraPosition, action: int) -> str:
    kind, values = SPACE.decode(action)
    if position.phase in (SETUP_SET, SETUP_ORDER):
        return "KH-SETUP-12"
    if position.phase == TAX:
        return "KH-END-1"
    if not position.tasks:
        if kind != "play":
            return "KH-TURN-2"
        card, act = values
        if position.used_cards[position.current] >> card & 1:
            return "KH-TURN-2"
        return {LICENCE: "KH-LIC-3", BARBARA: "KH-BAR-1"}.get(act, "KH-TURN-2")
    task = position.tasks[-1].KIND
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


def play_card(position: KutnaHoraPosition, action: int, chance: Chance, events: list[Event] | None) -> None:
    p = position.current
    card, act = divmod(action - A_PLAY, 7)
    position.used_cards[p] |= 1 << card
    position.in_card = True
    if act == IDLE:
        if events is not None:
            events.append(Event("play", data={"player": p, "card": card, "action": None}))
        return
    if act not in CARDS[card] and position.reputation[p] < REP_FREE_JOKER:
        change_rep(position, p, -1)  # the joker performs another action (KH-JOKER-1)
    if events is not None:
        events.append(Event("play", data={"player": p, "card": card, "action": act}))
    start_action(position, act)


def start_action(position: KutnaHoraPosition, act: int) -> None:
    p = position.current
    if act == MINE:
        position.tasks.append(START_MINE)
    elif act == LICENCE:
        position.tasks.append(PAID_LICENCE)
    elif act == PLOT:
        position.tasks.append(PAID_PLOT)
    elif act == BUILD:
        position.tasks.append(PAID_BUILD)
    elif act == INCOME:
        position.tasks.append(TAKE_INCOME)
    elif act == BARBARA:
        position.pelicans_unused[p] -= 1
        position.pelicans_used[p] += 1
        position.figures_revision[p] += 1
        if position.barbara_next < BARBARA_TILES:
            # KH-BAR-1: the tile turns face down after its steps (RULINGS.md).
            tile = position.barbara_next
            position.tasks.append(TURN_DOWN[tile])
            position.tasks.append(RESOLVE_TILE[tile])
        else:
            change_rep(position, p, BARBARA_AFTER_ALL)


def run(position: KutnaHoraPosition, chance: Chance, events: list[Event] | None) -> None:
    """Run automatic steps and forced declines until a real decision or the card's end."""
    while True:
        if position.tasks:
            task = position.tasks[-1]
            if type(task) in AUTOMATIC_STEPS:
                position.tasks.pop()
                auto(position, task, chance, events)
                continue
            legal = task_legal(position, task)
            if len(legal) == 1:
                task_action(position, A_DECLINE, chance, events)
                continue
            return
        if position.in_card:
            position.in_card = False
            after_card(position, chance, events)
        return


def after_card(position: KutnaHoraPosition, chance: Chance, events: list[Event] | None) -> None:
    p = position.current
    position.cards_in_turn -= 1
    if position.cards_in_turn > 0:
        return
    position.turns_done[p] += 1
    nxt = (p + 1) % position.num_players
    if position.turns_done[nxt] >= 3:
        rounds.end_round(position, chance, events)
        return
    position.current = nxt
    position.cards_in_turn = 2 if position.turns_done[nxt] < 2 else 1  # KH-TURN-2


def auto(position: KutnaHoraPosition, task: Step, chance: Chance, events: list[Event] | None) -> None:
    p = position.current
    if type(task) is StartMine:
        flags = task.flags
        if flags & F_RESERVE:
            if position.reserve[p] + position.pool[p] > 0:
                position.tasks.append(DRAW[flags])
        elif position.pool[p] > 0:
            position.tasks.append(DRAW[flags])
        elif position.reserve[p] > 0:
            position.tasks.append(BUY[flags])
        # else KH-TURN-5: no miner at all, the action has no effect
    elif type(task) is DrawMineTiles:
        mine.draw_mine_tiles(position, chance, events)
        if position.drawn:
            position.tasks.append(KEEP[task.flags])
    elif type(task) is TurnBarbaraTileDown:
        if position.barbara_next == task.tile:  # not yet turned down by a building's icon
            position.barbara_next += 1
    elif type(task) is TakeIncome:
        gain = economy.income(position, p)
        position.money[p] += gain
        if events is not None:
            events.append(Event("income", data={"player": p, "income": gain}))
        position.tasks.append(PAID_NOBLE)


def task_action(position: KutnaHoraPosition, action: int, chance: Chance, events: list[Event] | None) -> None:
    task = position.tasks.pop()
    p = position.current
    declined = action == A_DECLINE
    # Declining these still does something; declining any other step does nothing.
    if type(task) is KeepMineTile:
        if declined:
            position.discard.extend(position.drawn)
        else:
            keep = position.drawn[action - A_KEEP]
            position.discard.extend(t for t in position.drawn if t != keep)
            position.tasks.append(PlaceMine(task.flags, keep))
        position.drawn = []
    elif type(task) is PlaceMine and declined:
        position.discard.append(task.tile)
    elif type(task) is ResolveBarbaraTile:
        barbara.barbara_tile(position, task.tile, declined, events)
    elif declined:
        return
    elif type(task) is BuyMiners:
        n = action - A_BUY
        position.money[p] -= economy.price(position, PERMITS)
        position.reserve[p] -= n
        position.pool[p] += n
        position.figures_revision[p] += 1
        position.tasks.append(DRAW[task.flags])
    elif type(task) is PlaceMine:
        mine.place_mine(position, action - A_MINE, task.tile, task.flags, chance, events)
    elif type(task) is PlaceTechnology:
        mine.place_tech(position, action - A_TECH, task.tile, events)
    elif type(task) is TakeLicence:
        row, col = divmod(action - A_TAKE, TAKE_COLS)
        town.take_licence(position, row, col, task.mode, chance, events)
    elif type(task) is BuyPlot:
        town.buy_plot(position, action - A_PLOT, task.mode, events)
    elif type(task) is BuildBuilding:
        slot, cell = divmod(action - A_BUILD, TOWN_CELLS)
        town.build(position, slot, cell, task.mode, chance, events)
    elif type(task) is SeatNoble:
        seat_noble(position, p, action - A_NOBLE, task.mode, events)
    elif type(task) is RemoveHouse:
        row = action - A_HOUSE
        position.houses[p][row] -= 1
        position.production[p][position.guilds[p][row]] += 2
        position.figures_revision[p] += 1
    elif type(task) is ScoreBuilding:
        position.points[p] += scoring.building_score(position, action - A_SCORE)
    elif type(task) is OptionalIcon:
        town.optional_icon(position, task.icon, task.argument, chance, events)


def seat_noble(position: KutnaHoraPosition, player: int, colour: int, mode: int, events: list[Event] | None) -> None:
    """A noble of `colour` into the council: from the bank (mode 1) or bought from the pool."""
    if mode == 1:
        position.bank[colour] -= 1
    else:
        position.money[player] -= COUNCIL_COST
        position.noble_pool[colour] -= 1
    position.council[colour] += 1
    position.market_revision += 1
    if events is not None:
        events.append(Event("council", data={"player": player, "colour": colour}))
