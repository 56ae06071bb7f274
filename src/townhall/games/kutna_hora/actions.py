"""The fixed action space of Kutná Hora, the JSON kinds of the pending steps and the action texts."""

from __future__ import annotations

from itertools import permutations
from typing import Final, Protocol

from townhall.engine.codec import ActionSpace
from townhall.games.kutna_hora.data import DATA, cell_name
from townhall.games.kutna_hora.tables import MINE_TILES
from townhall.games.kutna_hora.words import _, action_name, building_name, colour, guild, mine_tile_name, ngettext
from townhall.i18n import N_

MINE_CELLS: Final = DATA.mine_rows * DATA.mine_cols
TOWN_CELLS: Final = max(s.rows * s.cols for s in DATA.sides.values())
MAX_DRAW: Final = DATA.tech_levels[-1]
PERMS: Final = tuple(permutations(range(3)))
IDLE: Final = 6  # play a card for no effect (KH-TURN-4)

SPACE: Final = ActionSpace(
    [
        ("set", (("index", 4),)),
        ("order", (("perm", len(PERMS)),)),
        ("play", (("card", 6), ("action", 7))),
        ("buy", (("miners", 3),)),
        ("keep", (("index", MAX_DRAW),)),
        ("mine", (("cell", MINE_CELLS),)),
        ("tech", (("cell", MINE_CELLS),)),
        ("take", (("row", DATA.hall_rows), ("col", len(DATA.column_costs)))),
        ("plot", (("cell", TOWN_CELLS),)),
        ("build", (("slot", DATA.slots), ("cell", TOWN_CELLS))),
        ("noble", (("colour", 4),)),
        ("house", (("row", 3),)),
        ("score", (("cell", TOWN_CELLS),)),
        ("tax", (("pay", 2),)),
        ("resolve", ()),
        ("decline", ()),
    ]
)
A_SET: Final = SPACE.offset("set")
A_ORDER: Final = SPACE.offset("order")
A_PLAY: Final = SPACE.offset("play")
A_BUY: Final = SPACE.offset("buy")
A_KEEP: Final = SPACE.offset("keep")
A_MINE: Final = SPACE.offset("mine")
A_TECH: Final = SPACE.offset("tech")
A_TAKE: Final = SPACE.offset("take")
A_PLOT: Final = SPACE.offset("plot")
A_BUILD: Final = SPACE.offset("build")
A_NOBLE: Final = SPACE.offset("noble")
A_HOUSE: Final = SPACE.offset("house")
A_SCORE: Final = SPACE.offset("score")
A_TAX: Final = SPACE.offset("tax")
A_RESOLVE: Final = SPACE.offset("resolve")
A_DECLINE: Final = SPACE.offset("decline")
TAKE_COLS: Final = len(DATA.column_costs)

# Step kinds: the JSON form [kind, a, b] of the typed pending steps in position.py.
T_MINE: Final = 0  # auto: start a mine action (a = flags)
T_BUY: Final = 1  # buy miners? (a = flags)
T_DRAW: Final = 2  # auto: draw mine tiles (a = flags)
T_KEEP: Final = 3  # keep which drawn tile? (a = flags)
T_PLACE: Final = 4  # where? (a = flags, b = tile)
T_TECH: Final = 5  # place technology tile b (or remove it)
T_LIC: Final = 6  # licence (a = 0 normal, 1 free, 2 free public only)
T_PLOT: Final = 7  # plot (a = 0 normal, 1 free anywhere)
T_BUILD: Final = 8  # build (a = 0 normal, 1 no wood cost)
T_INCOME: Final = 9  # auto: take income, then T_NOBLE
T_NOBLE: Final = 10  # noble to the council (a = 0 from the pool for money, 1 from the bank free)
T_BARB: Final = 11  # resolve St. Barbara tile a or ignore it
T_HOUSE: Final = 12  # St. Barbara 3: remove a house for +2 production
T_SCORE: Final = 13  # St. Barbara 10: score one own building
T_OPT: Final = 14  # an impersonal icon the player may decline (a = OPT_*, b = good or amount)
T_BARB_END: Final = 15  # auto: St. Barbara tile a turns face down after its steps (KH-BAR-1)
OPT_SLIDER: Final = 0
OPT_ORE_LEFT: Final = 1
OPT_BARBARA: Final = 2
OPT_POP: Final = 3

F_FREE: Final = 1  # no wood cost
F_RESERVE: Final = 2  # miners from beside the pool first, no purchase step

# The actions that name one cell: their words, and those whose cell is on the mine board (the
# others' is in the town).
CELL_TEXTS: Final = {
    "mine": N_("mine {cell}"),
    "tech": N_("tech {cell}"),
    "plot": N_("plot {cell}"),
    "score": N_("score {cell}"),
}
MINE_CELL_KINDS: Final = ("mine", "tech")
# A played card: for no effect, as the joker, as printed; in words, then as typed.
PLAY_WORDS: Final = (
    N_("play card {card} for no effect"),
    N_("card {card}: {action} (as the joker)"),
    N_("card {card}: {action}"),
)
PLAY_TEXTS: Final = (N_("c{card} idle"), N_("c{card} joker {action}"), N_("c{card} {action}"))


def played_card(card: int, act: int, forms: tuple[str, str, str]) -> str:
    if act == IDLE:
        return _(forms[0]).format(card=card + 1)
    form = forms[1] if act not in DATA.cards[card] else forms[2]
    return _(form).format(card=card + 1, action=action_name(act))


class TextSource(Protocol):
    """The position fields an action's text reads (the position module sits above this one)."""

    @property
    def current(self) -> int: ...
    @property
    def setup_card(self) -> int: ...
    @property
    def num_players(self) -> int: ...
    @property
    def guilds(self) -> list[list[int]]: ...
    @property
    def drawn(self) -> list[int]: ...
    @property
    def hall(self) -> list[list[int]]: ...
    @property
    def stack_top(self) -> list[int]: ...
    @property
    def town_columns(self) -> int: ...
    @property
    def slots(self) -> list[list[int]]: ...
    @property
    def plots(self) -> list[list[int]]: ...
    @property
    def tax(self) -> int: ...


def action_words(state: TextSource, action: int) -> str:
    """The action as a player reads it: cards, tiles and buildings in words; else the text."""
    kind, v = SPACE.decode(action)
    if kind == "play":
        return played_card(v[0], v[1], PLAY_WORDS)
    if kind == "keep" and v[0] < len(state.drawn):
        t = MINE_TILES[state.drawn[v[0]]]
        return _(
            "keep mine tile {id}: cost {cost}, ore {ore}, population {pop}, {points} points, {stars} stars"
        ).format(id=mine_tile_name(t), cost=t.cost, ore=t.ore, pop=t.pop, points=t.points, stars=t.stars)
    if kind == "take":
        row, col = v
        stack = state.hall[row][col] if col < len(state.hall[row]) else -1
        tile = state.stack_top[stack] if stack >= 0 else -1
        if tile >= 0:
            return _("take {building} (town hall row {row}, column {col})").format(
                building=building_name(DATA.buildings[tile].id), row=row + 1, col=col + 1
            )
    if kind == "build":
        slot, cell = v
        tile = state.slots[state.current][slot] if slot < len(state.slots[state.current]) else -1
        if tile >= 0:
            return _("build {building} on {cell}").format(
                building=building_name(DATA.buildings[tile].id), cell=cell_name(state.town_columns, cell)
            )
        return _("build from the empty slot {slot} on {cell}").format(
            slot=slot + 1, cell=cell_name(state.town_columns, cell)
        )
    return action_text(state, action)


def action_text(state: TextSource, action: int) -> str:
    """The action's text for the player to move (unique within a decision, typeable)."""
    kind, v = SPACE.decode(action)
    p = state.current
    if kind == "set":
        sets = DATA.guild_sets[state.setup_card][state.num_players]
        names = "+".join(guild(g) for g in sets[v[0]]) if v[0] < len(sets) else "?"
        return _("set {number} {guilds}").format(number=v[0] + 1, guilds=names)
    if kind == "order":
        guilds = state.guilds[p] if len(state.guilds[p]) == 3 else [0, 1, 2]
        return _("order {guilds}").format(guilds=">".join(guild(guilds[i]) for i in PERMS[v[0]]))
    if kind == "play":
        return played_card(v[0], v[1], PLAY_TEXTS)
    if kind == "buy":
        return ngettext("buy {count} miner", "buy {count} miners", v[0]).format(count=v[0])
    if kind == "keep":
        if v[0] < len(state.drawn):
            t = MINE_TILES[state.drawn[v[0]]]
            return _("keep {id} (cost {cost} ore {ore} pop {pop} pts {points} stars {stars})").format(
                id=t.id, cost=t.cost, ore=t.ore, pop=t.pop, points=t.points, stars=t.stars
            )
        return _("keep {number}").format(number=v[0] + 1)
    if kind in CELL_TEXTS:
        columns = DATA.mine_cols if kind in MINE_CELL_KINDS else state.town_columns
        return _(CELL_TEXTS[kind]).format(cell=cell_name(columns, v[0]))
    if kind == "take":
        row, col = v
        stack = state.hall[row][col] if col < len(state.hall[row]) else -1
        tile = state.stack_top[stack] if stack >= 0 else -1
        return _("take {row}{col} {id}").format(
            row=row + 1, col=col + 1, id=DATA.buildings[tile].id if tile >= 0 else "-"
        )
    if kind == "build":
        slot, cell = v
        tile = state.slots[p][slot] if slot < len(state.slots[p]) else -1
        return _("build {id} {cell}").format(
            id=DATA.buildings[tile].id if tile >= 0 else slot + 1, cell=cell_name(state.town_columns, cell)
        )
    if kind == "noble":
        return _("noble {colour}").format(colour=colour(v[0]))
    if kind == "house":
        guilds = state.guilds[p]
        return _("house {guild}").format(guild=guild(guilds[v[0]]) if v[0] < len(guilds) else v[0] + 1)
    if kind == "tax":
        due = state.tax + DATA.land_tax.get(len(state.plots[p]), 0)  # KH-END-2, as rounds.tax_due
        return _("pay tax {amount}").format(amount=due) if v[0] else _("tax penalty")
    return _("resolve") if kind == "resolve" else _("decline")
