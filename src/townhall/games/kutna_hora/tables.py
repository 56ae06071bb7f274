"""The data's tables the rules read, each under one name, imported where used.

A module-level Final is what the compiled build reads fast (a C static, also from the other
compiled modules of the game), where a `DATA.x.y` chain in a hot loop is not; so the rule modules
import these rather than re-alias the data each on its own. Tables derived for one rule stay in
its module.
"""

from __future__ import annotations

from typing import Final

from townhall.games.kutna_hora.data import DATA, MineTile

BUILDINGS: Final = DATA.buildings
MINE_TILES: Final[tuple[MineTile, ...]] = DATA.mine_tiles + DATA.tech  # by tile id (technology tiles follow)
TECHNOLOGY_TILES: Final = DATA.tech
MINE_ROWS: Final = DATA.mine_rows
MINE_COLUMNS: Final = DATA.mine_cols
TECH_LEVELS: Final = DATA.tech_levels
ENTRANCES: Final = DATA.entrances
ENTRANCE_COST: Final = DATA.entrance_cost
# The two decks and prices (KH-PRICE-1).
GOOD_DECK: Final = DATA.good_deck
PRICES: Final = DATA.prices
DECK_LENGTHS: Final = DATA.deck_len
POPULATION_LAST: Final = DATA.deck_len[0] - 1  # the population deck's last position
DECK_BUILDS: Final = DATA.deck_builds
NO_DEMAND: Final = DATA.deck_nodemand
COLUMNS: Final = DATA.columns
# A player's board, the cards and the town.
SLOTS: Final = DATA.slots
CARDS: Final = DATA.cards
HOUSES_PER_ROW: Final = DATA.houses_per_row
HOUSE_EFFECTS: Final = DATA.house_effects
PLOT_MARKERS: Final = DATA.plot_markers
PLOT_DEFAULT: Final = DATA.plot_default
PLOT_CHEAP: Final = DATA.plot_cheap
COUNCIL_COST: Final = DATA.council_cost
# Reputation and St. Barbara.
REP_MIN: Final = DATA.rep_min
REP_MAX: Final = DATA.rep_max
REP_BEYOND: Final = DATA.rep_beyond
REP_CHEAP_PLOT: Final = DATA.rep_cheap_plot
REP_FREE_JOKER: Final = DATA.rep_free_joker
BARBARA_AFTER_ALL: Final = DATA.barbara_after_all
BARBARA_TILES: Final = len(DATA.barbara_tax)
