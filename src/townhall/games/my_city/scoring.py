"""End-of-game scoring (MYC-LEG-3, MYC-EVG-5, MYC-EVG-7) and the row-by-row tie-break (MYC-LEG-7)."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from townhall.engine import ranks_from_keys
from townhall.games.my_city.board import ROW_MASKS, Features, Terrain, neighbours, next_to
from townhall.games.my_city.chapters import RuleSet
from townhall.games.my_city.data import SIZE
from townhall.games.my_city.pieces import CATALOGUE
from townhall.games.my_city.position import MyCityPosition
from townhall.i18n import N_

PIECE_COLOUR: Final = tuple(p.colour for p in CATALOGUE.pieces)
BOTTOM_ROW: Final = ROW_MASKS[SIZE - 1]
NOT_BUILDINGS: Final = frozenset(CATALOGUE.by_id[i] for i in ("PAL", "INV"))  # no railroad points
CHURCH: Final = 3

END_REASONS = {
    "cards-out": N_("the last card was revealed and played"),  # MYC-END-1
    "all-exited": N_("every player exited"),  # MYC-EXIT-1
}
TIE_BREAKS = {
    "empty-rows": N_("fewer empty light-green cells in the top row, then the next row down"),  # MYC-LEG-7
}


def scored_region(rules: RuleSet, terrain: Terrain) -> int:
    """Cells that count at the end (the flood chapter ignores the west bank)."""
    return terrain.buildable & terrain.east if rules.east_only else terrain.buildable


def feature_mask(rules: RuleSet, features: Features) -> int:
    """Cells that show something other than empty ground (they do not count as empty): trees,
    rocks, wells (unless the chapter covers them), gold mines where the episode has them, mine
    shafts (RULINGS.md, MYC-EVG-7). Sticker squares and new land are empty ground."""
    mask = features.double_trees | features.single_trees | features.double_rocks | features.single_rocks
    if not rules.well_cells_plain:
        mask |= features.well_cells
    if rules.gold_mines:
        mask |= features.gold_cells
    if rules.mine_shafts:
        mask |= shaft_mask(rules.mine_shafts)
    return mask


@lru_cache(maxsize=16)
def shaft_mask(shafts: tuple[tuple[int, ...], ...]) -> int:
    """The cells of the chapter 6 mine shafts (each shaft: colour, then its cells)."""
    return sum(1 << cell for _, *cells in shafts for cell in cells)


def empty_cells(rules: RuleSet, terrain: Terrain, features: Features, occupied: int) -> int:
    return scored_region(rules, terrain) & ~occupied & ~feature_mask(rules, features)


def _largest_group(terrain: Terrain, masks: list[int]) -> int:
    """Number of pieces in the largest orthogonally connected group of these piece masks."""
    best = 0
    left = masks[:]
    near = [next_to(terrain, mask) for mask in masks]
    while len(left) > best:  # a group of the rest could still be larger
        left.pop()
        reach = near.pop()
        size = 1
        grew = True
        while grew:
            grew = False
            i = 0
            while i < len(left):
                if left[i] & reach:
                    reach |= near[i]
                    del left[i]
                    del near[i]
                    size += 1
                    grew = True
                else:
                    i += 1
        best = max(best, size)
    return best


def breakdown(
    rules: RuleSet, terrain: Terrain, features: Features, placed: list[tuple[int, int]], occupied: int
) -> dict[str, int]:
    """The end-of-game items of one board (points, not counting the track's start)."""
    region = scored_region(rules, terrain)
    free = region & ~occupied
    out: dict[str, int] = {
        "trees": 2 * (features.double_trees & free).bit_count() + (features.single_trees & free).bit_count(),
        "rocks": -2 * (features.double_rocks & free).bit_count() - (features.single_rocks & free).bit_count(),
    }
    colour_masks = [0, 0, 0, 0, 0]
    by_colour: list[list[int]] = [[], [], [], [], []]
    for piece, mask in placed:
        colour = PIECE_COLOUR[piece]
        colour_masks[colour] |= mask
        by_colour[colour].append(mask)
    if rules.colour_groups:
        for name, colour in (("yellow", 0), ("red", 1), ("blue", 2)):
            out[name] = _largest_group(terrain, by_colour[colour])
    if rules.church_bonus:
        churches = 0
        for mask in by_colour[CHURCH]:
            near = next_to(terrain, mask)
            if near & colour_masks[0] and near & colour_masks[1] and near & colour_masks[2]:
                churches += 1
        out["churches"] = rules.church_bonus * churches
    if rules.wells and not rules.well_cells_plain:
        out["wells"] = rules.well_points * _good_wells(features.well_cells & free, placed, occupied)
    if rules.railroad_points:
        out["railroad"] = rules.railroad_points * sum(
            1 for piece, mask in placed if mask & BOTTOM_ROW and piece not in NOT_BUILDINGS
        )
    if rules.mine_shafts:
        out["mine"] = sum(rules.mine_rewards[min(d, len(rules.mine_rewards) - 1)] for d in mine_depths(rules, placed))
    if rules.park_points:
        out["parks"] = rules.park_points * len(parks(rules, terrain, features, occupied))
    out["empty"] = -(free & ~feature_mask(rules, features)).bit_count()  # empty_cells
    return out


def _grow(seed: int, within: int) -> int:
    """The orthogonally connected part of `within` that contains `seed`."""
    area = seed & within
    while True:
        grown = (area | neighbours(area)) & within
        if grown == area:
            return area
        area = grown


def mine_depths(rules: RuleSet, placed: list[tuple[int, int]]) -> list[int]:
    """Chapter 6 (MYC-LEG-1, invented rule): per mine shaft, how deep the group of buildings of the
    entrance's colour that covers the entrance reaches: the number of shaft cells, entrance first,
    that this one connected group covers in an unbroken run (0 when the entrance is uncovered)."""
    depths = []
    for colour, entrance, *deeper in rules.mine_shafts:
        masks = [mask for piece, mask in placed if PIECE_COLOUR[piece] == colour]
        group = next((mask for mask in masks if mask >> entrance & 1), 0)
        grew = bool(group)
        while grew:
            grew = False
            for mask in masks:
                if not mask & group and mask & neighbours(group):
                    group |= mask
                    grew = True
        depth = 0
        for cell in (entrance, *deeper):
            if not group >> cell & 1:
                break
            depth += 1
        depths.append(depth)
    return depths


def parks(rules: RuleSet, terrain: Terrain, features: Features, occupied: int) -> list[int]:
    """Chapter 8 (MYC-LEG-1, invented rule): a park is an orthogonally connected area of uncovered
    scored cells that show no rock, of at least `park_min_cells` cells, with at least one tree."""
    ground = scored_region(rules, terrain) & ~occupied & ~(features.double_rocks | features.single_rocks)
    trees = features.double_trees | features.single_trees
    found = []
    left = ground
    while left:
        area = _grow(left & -left, ground)
        left &= ~area
        if area.bit_count() >= rules.park_min_cells and area & trees:
            found.append(area)
    return found


def _good_wells(wells: int, placed: list[tuple[int, int]], occupied: int) -> int:
    """Uncovered wells whose four orthogonal neighbours are four different buildings (MYC-EVG-5)."""
    count = 0
    while wells:
        low = wells & -wells
        wells ^= low
        cell = low.bit_length() - 1
        r, c = divmod(cell, SIZE)
        if not (0 < r < SIZE - 1 and 0 < c < SIZE - 1) or neighbours(low) & ~occupied:
            continue
        around = (cell - SIZE, cell + SIZE, cell - 1, cell + 1)
        owners = set()
        for n in around:
            bit = 1 << n
            owner = next((i for i, (_, mask) in enumerate(placed) if mask & bit), None)
            if owner is None:
                break
            owners.add(owner)
        else:
            if len(owners) == 4:
                count += 1
    return count


def tie_key(rules: RuleSet, terrain: Terrain, features: Features, occupied: int) -> tuple[int, ...]:
    """Fewer empty light-green cells in the top row ranks higher, then the next row (MYC-LEG-7)."""
    empty = empty_cells(rules, terrain, features, occupied)
    return tuple(-(empty & row).bit_count() for row in ROW_MASKS)


def tie_keys(position: MyCityPosition) -> list[tuple[int, ...]]:
    """Each player's (score, empty cells of each row from the top) ranking key (MYC-LEG-7)."""
    return [
        (
            position.score[p],
            *tie_key(position.rules, position.terrain, position.features[p], position.occupied[p]),
        )
        for p in range(position.num_players)
    ]


def ranks(position: MyCityPosition) -> list[int]:
    score = position.score
    out = [1] * len(score)
    for a in range(len(score)):
        for b in range(len(score)):
            if score[b] > score[a]:
                out[a] += 1
            elif score[b] == score[a] and b != a:  # a tie: the rows decide (MYC-LEG-7)
                return ranks_from_keys(tie_keys(position))
    return out  # no tied scores: 1 + the number of higher scores (spares the search the row keys)


def end_reason(position: MyCityPosition) -> tuple[str, tuple[str, ...]]:
    """Why the game ended and whether the row-by-row tie-break separated tied scores (MYC-LEG-7)."""
    reason = "all-exited" if not any(position.active) else "cards-out"
    keys = tie_keys(position)
    scores = [key[0] for key in keys]
    separated = any(
        scores[a] == scores[b] and keys[a] != keys[b]
        for a in range(position.num_players)
        for b in range(a + 1, position.num_players)
    )
    return reason, ("empty-rows",) if separated else ()


# Every end-of-game item any episode can score (`breakdown` keys), so that every game reports
# the same statistics names.
ITEMS = ("trees", "rocks", "yellow", "red", "blue", "churches", "wells", "railroad", "mine", "parks", "empty")


def award_rank(position: MyCityPosition, player: int) -> str:
    """The awards table row of a player (MYC-LEG-10): first, second or other."""
    return award_row(ranks(position)[player], position.num_players)


def award_row(rank: int, num_players: int) -> str:
    """The awards table row of a rank (MYC-LEG-10): first, second (3-4 players) or other."""
    if rank == 1:
        return "first"
    if rank == 2 and num_players >= 3:
        return "second"
    return "other"
