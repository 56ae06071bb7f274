"""The tensor observation of Kutná Hora (townhall.rl): what a player sees is `about` below.

Every slice and field, with the bounds of its values, is declared in `KutnaHoraObserver`'s
layout below; docs/rl.md tabulates them (generated: bench/rl_layouts.py).
"""

from __future__ import annotations

import math
from typing import Any, Final

from townhall.engine.items import float_items, rows
from townhall.engine.observer import Layout, Observer, Part
from townhall.engine.options import Options
from townhall.games.kutna_hora.actions import MINE_CELLS
from townhall.games.kutna_hora.data import COLOURS, DATA, GOODS
from townhall.games.kutna_hora.position import EMPTY, OVER, PHASES, ROCK, KutnaHoraPosition

# The board part's key, in this order: the position's revisions, then the phase and track values.
TOWN: Final = 0
MINE: Final = 1
HALL: Final = 2
MARKET: Final = 3
PHASE: Final = 4
ROUND: Final = 5
POPULATION: Final = 6
ORE: Final = 7
TAX: Final = 8
STACKS: Final = 12  # building stacks in the hall
BUILDINGS_AND_NONE: Final[object] = float(37)  # a stack's top building + 1 (0: none) / 37
# The market slice: the sliders, then the bank, the noble pool and the council, four counts each.
SLIDERS: Final = 6
GOODS_COUNTED: Final = 4
# A player's row, each figure at its column (the one place this layout is written): money / 50,
# points / 100, reputation / 10, ore from mines / 10, pelicans unused / 5 and used / 5, miners in
# pool / 10 and in reserve / 10, houses left in rows 1-3 / 4, cards used / 4, turns done / 4, to
# move (1 or 0), guilds owned / 2.
MONEY_COLUMN: Final = 0
POINTS_COLUMN: Final = 1
REPUTATION_COLUMN: Final = 2
ORE_COLUMN: Final = 3
PELICANS_UNUSED_COLUMN: Final = 4
PELICANS_USED_COLUMN: Final = 5
POOL_COLUMN: Final = 6
RESERVE_COLUMN: Final = 7
HOUSES_COLUMN: Final = 8  # three columns, one per guild row
CARDS_USED_COLUMN: Final = 11
TURNS_COLUMN: Final = 12
TO_MOVE_COLUMN: Final = 13
GUILDS_COLUMN: Final = 14
PLAYER_FIELDS: Final = 15
PLAYER_NAMES: Final = (
    "money / 50",
    "points / 100",
    "reputation / 10",
    "ore from mines / 10",
    "pelicans unused / 5",
    "pelicans used / 5",
    "miners in the pool / 10",
    "miners in reserve / 10",
    "houses left in row 1 / 4",
    "houses left in row 2 / 4",
    "houses left in row 3 / 4",
    "cards used / 4",
    "turns done / 4",
    "to move",
    "guilds owned / 2",
)
assert len(PLAYER_NAMES) == PLAYER_FIELDS and PLAYER_NAMES[GUILDS_COLUMN] == "guilds owned / 2"
OWNER: Final = "owner is player {i} (observer first)"
# The players part's key, in this order: copies of the position's per-seat lists (figures that
# change often are read directly; the rest has a revision in the position), and the seat to move.
MONEY: Final = 0
POINTS: Final = 1
REPUTATION: Final = 2
USED: Final = 3  # the bits of the cards used
TURNS: Final = 4
FIGURES: Final = 5
MOVER: Final = 6  # -1 once the game is over
PlayersKey = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int
]
# Cards used / 4 per bitmask of the six cards of a hand (the action space's "play" card), as
# objects made once (see ZERO below).
THREE: Final[object] = float(3)
FOUR: Final[object] = float(4)
TEN: Final[object] = float(10)
USED_VALUES: Final[tuple[object, ...]] = tuple(bits.bit_count() / 4.0 for bits in range(1 << 6))
# Slices also kept as flat items of the buffer under these names (engine.items: storing one item
# there costs a fraction of a NumPy item store).
TOWN_ITEMS: Final = "town items"
MINE_ITEMS: Final = "mine items"
MINE_STAR_ITEMS: Final = "mine_stars items"
STACK_ITEMS: Final = "stacks items"
PLAYER_ITEMS: Final = "players items"
PRODUCTION_ITEMS: Final = "production items"
MARKET_ITEMS: Final = "market items"
PROGRESS_ITEMS: Final = "progress items"
TRACKS_ITEMS: Final = "tracks items"
# The items stored as objects made once (a literal would be boxed anew at each store when compiled).
ZERO: Final[object] = float(0)
ONE: Final[object] = float(1)
ITEMS: Final = (
    (TOWN_ITEMS, "town"),
    (MINE_ITEMS, "mine"),
    (MINE_STAR_ITEMS, "mine_stars"),
    (STACK_ITEMS, "stacks"),
    (MARKET_ITEMS, "market"),
    (PLAYER_ITEMS, "players"),
    (PRODUCTION_ITEMS, "production"),
    (PROGRESS_ITEMS, "progress"),
    (TRACKS_ITEMS, "tracks"),
)


def _board_key(state: KutnaHoraPosition, player: int) -> tuple[int, int, int, int, int, int, int, int, int]:
    return (
        state.town_revision,
        state.mine_revision,
        state.hall_revision,
        state.market_revision,
        state.phase,
        state.round,
        state.population_position,
        state.ore_position,
        state.tax,
    )


def _board(
    state: KutnaHoraPosition,
    player: int,
    views: dict[str, Any],
    previous: tuple[int, int, int, int, int, int, int, int, int] | None,
) -> None:
    """The shared slices whose revision or value moved (all of them when `previous` is None)."""
    if previous is None or previous[TOWN] != state.town_revision:
        _town(state, player, views, previous is not None)
    if previous is None or previous[MINE] != state.mine_revision:
        if previous is None:
            _mine(state, player, views)
        else:
            _new_mine_tiles(state, player, views)
    if previous is None or previous[HALL] != state.hall_revision:
        _stacks(state, views)
    if previous is None or previous[MARKET] != state.market_revision:
        _market(state, views)
    if previous is None or previous[PHASE] != state.phase:
        progress = views[PROGRESS_ITEMS]
        if previous is not None:
            progress[previous[PHASE]] = ZERO
        progress[state.phase] = ONE
    if (
        previous is None
        or previous[ROUND] != state.round
        or previous[POPULATION] != state.population_position
        or previous[ORE] != state.ore_position
        or previous[TAX] != state.tax
    ):
        tracks = views[TRACKS_ITEMS]
        tracks[0] = state.round / max(1, state.rounds)
        tracks[1] = state.population_position / 20.0
        tracks[2] = state.ore_position / 20.0
        tracks[3] = state.tax / 5.0


def _town(state: KutnaHoraPosition, player: int, views: dict[str, Any], dirty: bool) -> None:
    n = state.num_players
    cells = len(state.town)
    if dirty:
        views["town"].fill(0.0)
    items = views[TOWN_ITEMS]  # plane by plane, each of `cells` items
    for cell, building in enumerate(state.town):
        if building != EMPTY:
            items[cell] = ONE
            items[cells + cell] = building / 36.0
            owner = state.town_owner[cell]
            if owner >= 0:
                items[(2 + (owner - player) % n) * cells + cell] = ONE


def _mine(state: KutnaHoraPosition, player: int, views: dict[str, Any]) -> None:
    """The whole mine, on zeroed slices: only the items that are not 0 are stored."""
    n = state.num_players
    cells = len(state.mine)
    items = views[MINE_ITEMS]  # plane by plane, each of `cells` items
    stars = views[MINE_STAR_ITEMS]
    owners = state.mine_owner
    for cell, tile in enumerate(state.mine):
        if tile == EMPTY:
            items[cell] = ONE
        elif tile == ROCK:
            items[cells + cell] = ONE
            if state.rock_stars[cell]:
                stars[cell] = state.rock_stars[cell] / 2.0
        else:
            items[2 * cells + cell] = ONE
            items[3 * cells + cell] = tile / 40.0
        if owners[cell] >= 0:
            items[(4 + (owners[cell] - player) % n) * cells + cell] = ONE


def _new_mine_tiles(state: KutnaHoraPosition, player: int, views: dict[str, Any]) -> None:
    """The tiles placed since the last write: a mine cell only ever goes from empty to a tile
    with its owner (mine.mine_options), so a cell not yet marked a tile in the view is new."""
    n = state.num_players
    cells = len(state.mine)
    items = views[MINE_ITEMS]  # plane by plane, each of `cells` items
    for cell, tile in enumerate(state.mine):
        if tile >= 0 and items[2 * cells + cell] == 0.0:
            items[cell] = ZERO
            items[2 * cells + cell] = ONE
            items[3 * cells + cell] = tile / 40.0
            owner = state.mine_owner[cell]
            if owner >= 0:
                items[(4 + (owner - player) % n) * cells + cell] = ONE


def _stacks(state: KutnaHoraPosition, views: dict[str, Any]) -> None:
    items = views[STACK_ITEMS]
    bottoms = state.stack_bottom
    tops = [top + 1 for top in state.stack_top]  # 0: no building on top
    hidden = [len(cards) + (bottoms[stack] >= 0) for stack, cards in enumerate(state.stack_hidden)]
    rows(items, 0, 0, 0, (tops,), BUILDINGS_AND_NONE)
    rows(items, STACKS, 0, 0, (hidden,), THREE)


def _market(state: KutnaHoraPosition, views: dict[str, Any]) -> None:
    items = views[MARKET_ITEMS]
    rows(items, 0, 0, 0, (state.sliders,), TEN)
    # The bank, the noble pool and the council: one count per good of four, one after the other.
    rows(items, SLIDERS, GOODS_COUNTED, 0, (state.bank, state.noble_pool, state.council), FOUR)
    at = SLIDERS + 3 * GOODS_COUNTED
    layers = state.layers
    for layer in range(3):
        items[at + layer] = len(layers[layer]) / 12.0 if layer < len(layers) else 0.0


def _mover(state: KutnaHoraPosition) -> int:
    return state.current if state.phase != OVER else -1


def _players_key(state: KutnaHoraPosition, player: int) -> PlayersKey:
    """Copies of the per-seat lists (each copied in C) and the seat to move."""
    return (
        tuple(state.money),
        tuple(state.points),
        tuple(state.reputation),
        tuple(state.used_cards),
        tuple(state.turns_done),
        tuple(state.figures_revision),
        _mover(state),
    )


def _players(state: KutnaHoraPosition, player: int, views: dict[str, Any], previous: PlayersKey | None) -> None:
    """Each player's figures that moved since `previous` (all of them when it is None), the
    observer's row first: comparing a figure costs less than storing an item."""
    n = state.num_players
    items = views[PLAYER_ITEMS]
    production = views[PRODUCTION_ITEMS]
    mover = _mover(state)
    for row in range(n):
        seat = (player + row) % n
        at = row * PLAYER_FIELDS
        money = state.money[seat]
        if previous is None or previous[MONEY][seat] != money:
            items[at + MONEY_COLUMN] = money / 50.0
        points = state.points[seat]
        if previous is None or previous[POINTS][seat] != points:
            items[at + POINTS_COLUMN] = points / 100.0
        reputation = state.reputation[seat]
        if previous is None or previous[REPUTATION][seat] != reputation:
            items[at + REPUTATION_COLUMN] = reputation / 10.0
        used = state.used_cards[seat]
        if previous is None or previous[USED][seat] != used:
            items[at + CARDS_USED_COLUMN] = USED_VALUES[used]
        turns = state.turns_done[seat]
        if previous is None or previous[TURNS][seat] != turns:
            items[at + TURNS_COLUMN] = turns / 4.0
        if previous is None or (previous[MOVER] == seat) != (mover == seat):
            items[at + TO_MOVE_COLUMN] = ONE if mover == seat else ZERO
        if previous is None or previous[FIGURES][seat] != state.figures_revision[seat]:
            houses = state.houses[seat]
            items[at + ORE_COLUMN] = state.ore_from_mines[seat] / 10.0
            items[at + PELICANS_UNUSED_COLUMN] = state.pelicans_unused[seat] / 5.0
            items[at + PELICANS_USED_COLUMN] = state.pelicans_used[seat] / 5.0
            items[at + POOL_COLUMN] = state.pool[seat] / 10.0
            items[at + RESERVE_COLUMN] = state.reserve[seat] / 10.0
            items[at + HOUSES_COLUMN] = houses[0] / 4.0
            items[at + HOUSES_COLUMN + 1] = houses[1] / 4.0
            items[at + HOUSES_COLUMN + 2] = houses[2] / 4.0
            items[at + GUILDS_COLUMN] = len(state.guilds[seat]) / 2.0
            for good, value in enumerate(state.production[seat]):
                production[row * 6 + good] = value / 10.0


class KutnaHoraObserver(Observer[KutnaHoraPosition]):
    version = 2  # 2: cards used is their count / 4 (version 1 stored the bits of which ones / 4)
    about = (
        "Only what KH-IO-3 shows (no order or content of the hidden parts of stacks, mine layers or event "
        "decks, only their sizes). Players are listed from the observer's seat on (index 0 is the observer). "
        "Counts are scaled to about 0..1 by the divisor given."
    )

    def __init__(self, num_players: int, options: Options) -> None:
        self.num_players = num_players
        side = DATA.sides[num_players]
        self.town_cells = side.rows * side.cols
        layout = Layout()
        # Bounds from the data where it sets a limit; math.inf where the rules set none (money,
        # points, production, counts of goods, the tracks' positions).
        inf = math.inf
        layout.add(
            "town",
            2 + num_players,
            self.town_cells,
            doc="per town cell (the town's rows for the player count, row by row)",
            fields=("built", "building index / 36"),
            each=OWNER,
        )
        tiles = max(tile.index for tile in (*DATA.mine_tiles, *DATA.tech))
        layout.add(
            "mine",
            4 + num_players,
            MINE_CELLS,
            doc="per mine cell (rock stars: `mine_stars`)",
            high=max(1.0, tiles / 40.0),
            fields=("empty", "rock", "a mine tile", "tile index / 40"),
            each=OWNER,
        )
        layout.add("mine_stars", MINE_CELLS, doc="per mine cell: stars of its rock / 2", high=max(DATA.rocks) / 2.0)
        # a stack's top building + 1 / 37, and its hidden cards / 3: at most every building
        stacked = max(1.0, len(DATA.buildings) / 3.0)
        layout.add(
            "stacks",
            2,
            STACKS,
            doc="per building stack",
            high=stacked,
            fields=("top building index + 1 / 37 (0: none)", "hidden cards left / 3"),
        )
        row = [inf] * PLAYER_FIELDS
        row[REPUTATION_COLUMN] = DATA.rep_max / 10.0
        row[POOL_COLUMN] = DATA.pool_capacity / 10.0
        row[RESERVE_COLUMN] = DATA.miners / 10.0
        row[HOUSES_COLUMN : HOUSES_COLUMN + 3] = [DATA.houses_per_row / 4.0] * 3
        row[CARDS_USED_COLUMN] = len(DATA.cards) / 4.0
        row[TO_MOVE_COLUMN] = 1.0
        row[GUILDS_COLUMN] = len({b.guild for b in DATA.buildings if b.guild >= 0}) / 2.0
        floor = [0.0] * PLAYER_FIELDS
        floor[MONEY_COLUMN] = floor[POINTS_COLUMN] = -inf
        floor[REPUTATION_COLUMN] = DATA.rep_min / 10.0
        layout.add(
            "players",
            num_players,
            PLAYER_FIELDS,
            doc="per player (observer first)",
            low=floor,
            high=row,
            fields=PLAYER_NAMES,
            axis=1,
        )
        layout.add(
            "production",
            num_players,
            len(GOODS),
            doc="per player (observer first) and good",
            high=inf,
            fields=tuple(f"production of {good} / 10" for good in GOODS),
            axis=1,
        )
        # sliders / 10 (a column of the price table), the bank, noble pool and council (no limit),
        # tiles left per mine layer / 12 (at most every mine tile)
        market = [DATA.columns / 10.0] * SLIDERS + [inf] * (3 * GOODS_COUNTED) + [len(DATA.mine_tiles) / 12.0] * 3
        names = [f"slider of {good} / 10" for good in GOODS[:SLIDERS]]
        for place in ("bank", "noble pool", "council"):
            names += [f"{place}: {colour} nobles / 4" for colour in COLOURS[:GOODS_COUNTED]]
        names += [f"tiles left in mine layer {layer} / 12" for layer in ("1 (the top)", "2", "3")]
        layout.add("market", len(market), doc="prices, nobles and the mine layers", high=market, fields=names)
        layout.add("progress", len(PHASES), doc="the phase, one-hot", fields=PHASES)
        layout.add(
            "tracks",
            4,
            doc="the round and the tracks",
            high=(1.0, inf, inf, DATA.tax_cap / 5.0),
            fields=("round / rounds", "population position / 20", "ore position / 20", "tax / 5"),
        )
        self.layout = layout
        # What all players share, which changes a few times a round, with a key of a few int reads
        # (the rules bump the position's revisions) and writing only what changed; and the
        # players' figures, which change at almost every step, with copies of their lists as the key.
        self.parts = (
            Part(
                ("town", "mine", "mine_stars", "stacks", "market", "progress", "tracks"),
                _board,
                _board_key,
                incremental=True,
            ),
            Part(("players", "production"), _players, _players_key, incremental=True),
        )

    def make_views(self, out: Any) -> dict[str, Any]:
        views = super().make_views(out)
        for name, sliced in ITEMS:  # float32 items: another buffer is refused (engine.items)
            part = self.layout.slices[sliced]
            views[name] = float_items(out, part.offset, part.size)
        return views
