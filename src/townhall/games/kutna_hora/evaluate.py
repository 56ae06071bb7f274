"""The greedy bot's heuristic: points now plus what money, income and the board will bring."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final, NamedTuple

from townhall.engine.chance import Chance
from townhall.engine.protocol import score_margin
from townhall.games.kutna_hora import economy, mine, scoring
from townhall.games.kutna_hora.actions import F_FREE
from townhall.games.kutna_hora.data import DATA, ORE, WOOD
from townhall.games.kutna_hora.position import PLAY
from townhall.games.kutna_hora.steps import KeepMineTile, PlaceMine
from townhall.games.kutna_hora.tables import BUILDINGS, MINE_TILES

if TYPE_CHECKING:
    from townhall.games.kutna_hora.state import KutnaHoraState

LOOKAHEAD: Final = 3  # own small decisions looked through after a card play (4 was no stronger, and slower)
STAR_WORTH: Final = 0.5  # a star's rough share of the final mine-row points
CARDS_PER_ROUND: Final = 5  # KH-TURN-2: 2 + 2 + 1 cards
LEFTOVER: Final = 1.0  # KH-FIN-5: a slotted tile, an unbuilt plot or an unused pelican scores 1 at the end
READY: Final = 0.7  # share of a licence's prospect credited when a plot waits for it (one Build action away)
LICENCE_ONLY: Final = 0.4  # ... and when it still needs a plot and a Build action
TOWN_GUESS: Final = 1.0  # icons a new building will bring on average (neighbours to come included)
SPEND_PER_ROUND: Final = 40  # groschen a player can usefully spend in a round (wood, licences, plots, tax, nobles)
EXCESS: Final = 0.1  # what a groschen beyond that is worth, relative to one that will be spent
# Rough worth of resolving each St. Barbara tile (KH-BAR-2), then of the action once all are turned.
TILE_WORTH = (2.5, 3.5, 2.0, 2.0, 3.0, 4.0, 2.0, 3.0, 4.0, 3.0, 5.0, 2.5)
PELICAN_SHARE: Final = 0.8  # an unused pelican is worth this share of the tile it would resolve now ...
PELICAN_FLOOR: Final = 1.5  # ... but never less than this while the player still has cards to play
EFFECT_WORTH = {"points": 1.0, "rep": 0.8, "pelican": 1.5, "public": 1.5}


class _LookaheadChance(Chance):
    """Chance(0), its generator seeded at the first draw only: most looked-ahead steps draw
    nothing, and seeding a generator costs more than the step itself."""

    __slots__ = ("_seeded",)

    def __init__(self) -> None:  # Chance.__init__ would seed now
        self.log = None
        self._seeded = False

    def below(self, n: int) -> int:
        if not self._seeded:
            self._random = random.Random(0).random
            self._seeded = True
        return super().below(n)


class Outlook(NamedTuple):
    """Position-wide weights: what a groschen, a groschen of income and a noble are worth now."""

    prices: list[int]
    money_weight: float
    income_weight: float
    noble_rounds: int


def outlook(state: KutnaHoraState) -> Outlook:
    rounds_left = state.rounds - state.round + 1
    money_weight = 0.02 + 0.12 * rounds_left / state.rounds
    # income arrives only with an Income action (about 1.5 a round), then counts as money
    income_weight = 0.1 + 1.5 * money_weight * rounds_left
    prices = [economy.price(state, g) for g in range(6)]
    return Outlook(prices, money_weight, income_weight, min(DATA.noble_rounds, rounds_left))


def money_worth(state: KutnaHoraState, p: int, look: Outlook) -> float:
    """Money is worth what it buys: beyond what the rounds left can spend it is nearly worthless
    (money left at the end only breaks ties, KH-FIN-6). Valued linearly, the bot took Income
    actions it could not use and ended games with 100-200 groschen."""
    need = SPEND_PER_ROUND * (state.rounds - state.round + 1)
    money = state.money[p]
    return (min(money, need) + EXCESS * max(0, money - need)) * look.money_weight


def plays_left(state: KutnaHoraState, p: int) -> int:
    """Cards p will still play this game (KH-TURN-2: five a round)."""
    return CARDS_PER_ROUND - state.used_cards[p].bit_count() + CARDS_PER_ROUND * (state.rounds - state.round)


def pelican_worth(state: KutnaHoraState, p: int) -> float:
    """An unused pelican: what the current St. Barbara tile would bring, or its leftover point
    (KH-FIN-5) once no card is left. Valued by the tile, the bot lets a building's St. Barbara
    icon (KH-BUILD-4) turn a weak tile and keeps the stronger ones for itself."""
    if plays_left(state, p) == 0:
        return LEFTOVER
    return max(PELICAN_FLOOR, PELICAN_SHARE * TILE_WORTH[min(state.barbara_next, len(TILE_WORTH) - 1)])


def effect_worth(effect: tuple[tuple[str, int], ...]) -> float:
    return sum(EFFECT_WORTH[kind] * amount for kind, amount in effect)


def building_prospect(state: KutnaHoraState, p: int, tile: int, look: Outlook) -> float:
    """What putting up a slotted licence tile would bring, less its wood: a guild building its
    production, house effect and town icons; a public building its effect (crediting its noble or
    the icons it lends its neighbours made the bot weaker head-to-head)."""
    b = BUILDINGS[tile]
    if b.public:
        gain = effect_worth(b.effect)
    else:
        row = state.guilds[p].index(b.guild)
        left = state.houses[p][row]
        if left == 0:
            return 0.0  # KH-TURN-5: no house, no building
        house = DATA.house_effects[row][DATA.houses_per_row - left]
        gain = b.production * look.prices[b.guild] * look.income_weight + effect_worth(house) + TOWN_GUESS
    return gain - b.wood * look.prices[WOOD] * look.money_weight


def stock_worth(state: KutnaHoraState, p: int, look: Outlook) -> float:
    """Slotted tiles and unbuilt plots: their leftover points, plus a share of each tile's prospect
    while it can still be built. A tile with a plot waiting for it is one Build action away, and
    building it gives up two leftover points (tile and plot), not one.

    Without the prospect a one-step lookahead sees a licence (and the plot for it) only as its
    leftover point and rarely starts the three-action chain licence, plot, build."""
    slots, plots = state.slots[p], len(state.plots[p])
    if not slots:
        return LEFTOVER * plots
    plays = plays_left(state, p)
    ready = min(len(slots), plots) if plays >= 1 else 0
    share = LICENCE_ONLY if plays >= 3 else 0.0
    prospects = sorted((building_prospect(state, p, t, look) for t in slots), reverse=True)
    total = LEFTOVER * (plots - ready)
    for i, prospect in enumerate(prospects):
        if i < ready:
            total += 2 * LEFTOVER + READY * max(0.0, prospect - 2 * LEFTOVER)
        else:
            total += LEFTOVER + share * max(0.0, prospect - LEFTOVER)
    return total


def pending_mine_worth(state: KutnaHoraState, look: Outlook) -> float:
    """Worth of a drawn mine tile not yet placed (keep / place steps), as if put on the cheapest place.

    Without it a lookahead that ends at "keep which tile?" or "where?" (St. Barbara tile 9's second
    mine, a search cut off mid-action) sees nothing gained yet."""
    task = state.tasks[-1]
    if not isinstance(task, (KeepMineTile, PlaceMine)):
        return 0.0
    flags = task.flags
    tiles = state.drawn if isinstance(task, KeepMineTile) else [task.tile]
    costs = [cost for _, cost in mine.mine_options(state)]
    if not tiles or not costs:
        return 0.0
    wood = 0 if flags & F_FREE else min(costs) * look.prices[WOOD]
    if wood > state.money[state.current]:
        return 0.0
    best = max(
        t.points + STAR_WORTH * t.stars + t.ore * look.prices[ORE] * look.income_weight
        for t in (MINE_TILES[i] for i in tiles)
    )
    return max(0.0, best - wood * look.money_weight)


def values(state: KutnaHoraState) -> list[float]:
    """Every player's `value` at once: the shared parts (mine rows, town scores) are computed once."""
    n = state.num_players
    if state.final:
        return [float(state.points[p]) + state.money[p] / 1000.0 for p in range(n)]
    look = outlook(state)
    prices = look.prices
    mines = scoring.mine_row_points(state)
    town = [0] * n
    for cell, owner in enumerate(state.town_owner):
        if owner >= 0:
            town[owner] += scoring.building_score(state, cell)
    seated = any(state.council)
    rep_end = DATA.rep_end
    pending = -1
    if state.phase == PLAY and state.tasks and isinstance(state.tasks[-1], (KeepMineTile, PlaceMine)):
        pending = state.current
    out = []
    for p in range(n):
        prod = state.production[p]
        income = sum(prod[g] * prices[g] for g in range(6)) + state.ore_from_mines[p] * prices[ORE]  # economy.income
        out.append(
            state.points[p]
            + money_worth(state, p, look)
            + income * look.income_weight
            + town[p]
            + mines[p]
            + (sum(scoring.noble_points(state, p)) * look.noble_rounds if seated else 0)
            + rep_end[state.reputation[p]]
            + 0.3 * state.reputation[p]
            + stock_worth(state, p, look)
            + (pelican_worth(state, p) * state.pelicans_unused[p] if state.pelicans_unused[p] else 0.0)
            + (pending_mine_worth(state, look) if p == pending else 0.0)
        )
    return out


def value(state: KutnaHoraState, p: int) -> float:
    """Points now plus rough worth of money, income to come, town icons, mines, nobles and stock."""
    return values(state)[p]


def margin(state: KutnaHoraState, player: int) -> float:
    """Own value minus the best opponent's."""
    return score_margin(values(state), player)


def evaluate(state: KutnaHoraState, player: int, depth: int = LOOKAHEAD) -> float:
    """The margin; a pending sub-decision of the player is valued by its best option, looking
    through up to `depth` of the player's own small decisions, so that choosing a card is judged
    by what the action can achieve (a St. Barbara tile's free licence, plot or house comes two
    decisions after the card)."""
    if not _looks_ahead(state, player):
        return margin(state, player)
    best = float("-inf")
    for action in state.legal_actions(player):
        child = state.clone()
        child.apply(player, action, _LookaheadChance())
        best = max(best, evaluate(child, player, depth - 1) if depth > 1 else margin(child, player))
    return best


def evaluate_all(state: KutnaHoraState) -> list[float]:
    """`evaluate` for every player: the values shared by the margins are computed once."""
    shared = values(state)
    return [evaluate(state, p) if _looks_ahead(state, p) else score_margin(shared, p) for p in range(state.num_players)]


def _looks_ahead(state: KutnaHoraState, player: int) -> bool:
    """Whether `player` is in the middle of a card's sub-decisions (valued by their best option)."""
    return bool(state.tasks) and state.current == player and state.phase == PLAY
