"""Legal actions and refusal reasons: what the player to move may do now, and why an action is not
allowed (the rule it breaks), for every phase (KH-TURN-*; RULINGS.md)."""

from __future__ import annotations

from typing import Final

from townhall.engine.errors import GameOver, IllegalAction, NotYourTurn
from townhall.games.kutna_hora import economy, mine, town
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
    action_words,
)
from townhall.games.kutna_hora.data import BARBARA, DATA, JOKER, LICENCE, PERMITS, WOOD
from townhall.games.kutna_hora.position import OVER, PLAY, SETUP_ORDER, SETUP_SET, TAX, KutnaHoraPosition
from townhall.games.kutna_hora.steps import (
    BuildBuilding,
    BuyMiners,
    BuyPlot,
    KeepMineTile,
    OptionalIcon,
    PlaceMine,
    PlaceTechnology,
    RemoveHouse,
    ResolveBarbaraTile,
    ScoreBuilding,
    SeatNoble,
    Step,
    TakeLicence,
)
from townhall.games.kutna_hora.tables import COUNCIL_COST, SLOTS
from townhall.games.kutna_hora.words import _
from townhall.games.kutna_hora.words import player as player_name


def check(position: KutnaHoraPosition, player: int, action: int) -> None:
    """Raise the engine's refusal when `player` may not take `action` now (with the rule broken)."""
    if position.phase == OVER:
        raise GameOver("KH-TURN-1", _("the game is over"))
    if player != position.current:
        raise NotYourTurn("KH-TURN-1", _("{player} is not to move").format(player=player_name(player)))
    if not 0 <= action < SPACE.size:
        raise IllegalAction("KH-IO-1", _("{action} is not an action of this game").format(action=action))
    if not is_legal(position, action):
        raise IllegalAction(
            why_illegal(position, action),
            _("{action} is not allowed now").format(action=action_words(position, action)),
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
