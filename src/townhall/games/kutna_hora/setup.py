"""Setup: dealing the start position and the two setup decisions (KH-SETUP-*)."""

from __future__ import annotations

from typing import Final

from townhall.engine.chance import Chance
from townhall.engine.errors import OptionError
from townhall.engine.protocol import Event
from townhall.games.kutna_hora import rounds
from townhall.games.kutna_hora.actions import MINE_CELLS, PERMS
from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.position import EMPTY, ROCK, SETUP_ORDER, SETUP_SET, KutnaHoraPosition
from townhall.games.kutna_hora.stacks import reveal_top
from townhall.games.kutna_hora.tables import BUILDINGS

# The dealt piles, fixed by the data, built once (in the order the draws index into).
LAYERS: Final = tuple(tuple(t.index for t in DATA.mine_tiles if t.group == g) for g in range(3))
MARKED: Final = tuple(next(b.index for b in BUILDINGS if b.guild == g and b.marked) for g in range(6))
UNMARKED: Final = tuple(tuple(sorted(b.index for b in BUILDINGS if b.guild == g and not b.marked)) for g in range(6))
PUBLIC_TILES: Final = tuple(tuple(b.index for b in BUILDINGS if b.noble == colour) for colour in range(3))
EVENT_DECKS: Final = tuple(tuple(e.index for e in DATA.events if e.deck == d) for d in (0, 1))


def check_options(num_players: int, events: bool) -> None:
    """KH-SETUP-13: with 2 players the game is played with events."""
    if num_players == 2 and not events:
        raise OptionError("with 2 players Kutná Hora is played with events (events=off needs 3-4 players)")


def max_decisions(num_players: int) -> int:
    """A bound on a game's decisions: setup 2 per player; per card at most ~30 small decisions
    (nested St. Barbara actions); the tax."""
    rounds = DATA.tracks[num_players].rounds
    return 2 * num_players + rounds * num_players * (5 * 30 + 1)


def deal(position: KutnaHoraPosition, num_players: int, events: bool, first_game: bool, chance: Chance) -> None:
    """KH-SETUP-*: fills a fresh position with the dealt start of a game."""
    n = num_players
    track = DATA.tracks[n]
    side = DATA.sides[n]
    position.num_players = n
    position.start_revisions()
    position.rounds, position.red_after = track.rounds, track.red_after
    position.events_enabled = events or n == 2  # KH-SETUP-13: events are mandatory with 2 players
    position.first_game = first_game
    position.side, position.town_columns = n, side.cols
    position.phase, position.round, position.start, position.current = SETUP_SET, 1, 0, n - 1
    position.cards_in_turn, position.in_card = 2, False
    position.technology_taken, position.population_position, position.ore_position, position.tax = 0, 0, 0, 0
    position.red_nobles_waiting, position.barbara_next, position.event_current = True, 0, -1
    position.guilds = [[] for _ in range(n)]
    position.money = [DATA.start_money[p] for p in range(n)]
    position.points = [0] * n
    position.reputation = [DATA.rep_start] * n
    position.production = [[0] * 6 for _ in range(n)]
    position.ore_from_mines = [0] * n
    position.houses = [[DATA.houses_per_row] * 3 for _ in range(n)]
    position.slots = [[] for _ in range(n)]
    position.plots = [[] for _ in range(n)]
    position.pelicans_unused, position.pelicans_used = [0] * n, [0] * n
    position.pool = [DATA.miners_pool] * n
    position.reserve = [DATA.miners - DATA.miners_pool] * n
    position.used_cards = [0] * n
    position.turns_done = [0] * n
    cells = side.rows * side.cols
    position.town, position.town_owner, position.town_plot = [EMPTY] * cells, [-1] * cells, [-1] * cells
    position.mine, position.mine_owner, position.rock_stars = [EMPTY] * MINE_CELLS, [-1] * MINE_CELLS, [0] * MINE_CELLS
    # KH-SETUP-6: a random mine setup card; the 4 rocks shuffled onto its places.
    places = DATA.mine_setups[chance.below(len(DATA.mine_setups))]
    rocks = list(range(len(DATA.rocks)))
    chance.shuffle(rocks)
    for cell, rock in zip(places, rocks, strict=True):
        position.mine[cell] = ROCK
        position.rock_stars[cell] = DATA.rocks[rock]
    # KH-SETUP-10: I on top, II, III at the bottom; each layer is a multiset.
    position.layers = [list(layer) for layer in LAYERS]
    position.discard, position.drawn = [], []
    position.sliders = [0] * 6
    # KH-SETUP-4: marked tiles shuffled onto the two left columns; stacks of 3 on them.
    position.stack_top, position.stack_hidden, position.stack_bottom = [-1] * 12, [[] for _ in range(12)], [-1] * 12
    order = list(range(6))
    chance.shuffle(order)
    position.hall = [[order[2 * r], order[2 * r + 1], 6 + DATA.public_rows[r]] for r in range(DATA.hall_rows)]
    for g in range(6):
        position.stack_bottom[g] = MARKED[g]
        position.stack_hidden[g] = list(UNMARKED[g])
        reveal_top(position, g, chance)
    for colour in range(3):
        position.stack_hidden[6 + colour] = list(PUBLIC_TILES[colour])
        reveal_top(position, 6 + colour, chance)
    position.bank = [DATA.nobles_per_colour] * 4
    position.noble_pool, position.council = [0] * 4, [0] * 4
    position.events_left = [list(deck) for deck in EVENT_DECKS]
    position.tasks, position.tax_queue, position.final = [], [], []
    # KH-SETUP-12: a random guild setup card (card 1 in the first-game option).
    position.setup_card = 0 if first_game else chance.below(len(DATA.guild_sets))
    position.set_owner = [-1] * n
    position.choosers = list(range(n - 1, 0, -1))
    position.current = position.choosers[0]
    if position.events_enabled:
        rounds.reveal_event(position, chance, None)


def choose_set(position: KutnaHoraPosition, index: int, events: list[Event] | None) -> None:
    n = position.num_players
    sets = DATA.guild_sets[position.setup_card][n]
    position.set_owner[index] = position.current
    position.guilds[position.current] = list(sets[index])
    position.figures_revision[position.current] += 1
    position.choosers.pop(0)
    if events is not None:
        events.append(Event("guilds", data={"player": position.current, "set": index, "guilds": list(sets[index])}))
    if position.choosers:
        position.current = position.choosers[0]
        return
    last = position.set_owner.index(-1)  # the start player takes the set left
    position.set_owner[last] = 0
    position.guilds[0] = list(sets[last])
    position.figures_revision[0] += 1
    if position.first_game:
        rounds.begin_round(position)
    else:
        position.phase, position.current = SETUP_ORDER, 0


def choose_order(position: KutnaHoraPosition, perm: int, events: list[Event] | None) -> None:
    p = position.current
    position.guilds[p] = [position.guilds[p][i] for i in PERMS[perm]]
    position.figures_revision[p] += 1
    if events is not None:
        events.append(Event("order", data={"player": p, "guilds": list(position.guilds[p])}))
    if p + 1 < position.num_players:
        position.current = p + 1
    else:
        rounds.begin_round(position)
