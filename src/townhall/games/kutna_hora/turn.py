"""The turn: card plays and the stack of pending steps run to the next decision (KH-TURN-*; RULINGS.md)."""

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
    A_PLAY,
    A_PLOT,
    A_SCORE,
    A_TAKE,
    A_TECH,
    F_FREE,
    F_RESERVE,
    IDLE,
    TAKE_COLS,
    TOWN_CELLS,
)
from townhall.games.kutna_hora.data import (
    BARBARA,
    BUILD,
    INCOME,
    LICENCE,
    MINE,
    PERMITS,
    PLOT,
)
from townhall.games.kutna_hora.legality import task_legal
from townhall.games.kutna_hora.position import KutnaHoraPosition
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
from townhall.games.kutna_hora.tables import (
    BARBARA_AFTER_ALL,
    BARBARA_TILES,
    CARDS,
    COUNCIL_COST,
    REP_FREE_JOKER,
)

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
            if len(task_legal(position, task)) == 1:
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
