"""Static facts of one game's countryside (never change after setup): topology, ranges, water areas."""

from __future__ import annotations

from typing import Final

from townhall.games.antiquity.hexmap import MOUNTAIN, TILE_CELLS, TOPOLOGIES, WATER, Topology, mountain_ranges

# Tile cells whose whole disc lies inside the tile (a first city's possible centres, ANT-SETUP-4).
INNER: Final = tuple(i for i, (q, r) in enumerate(TILE_CELLS) if max(abs(q), abs(r), abs(q + r)) <= 3)


class Board:
    __slots__ = ("comps", "made_from", "num_ranges", "range_hexes", "ranges", "start_centres", "topo", "water_comp")

    def __init__(self, players: int, terrain: list[str]) -> None:
        self.made_from: tuple[int, list[str]] = (players, list(terrain))  # what a copy is remade from
        self.topo: Topology = TOPOLOGIES[players]
        self.ranges = mountain_ranges(self.topo, terrain)
        self.num_ranges = max(self.ranges) + 1
        self.range_hexes: list[list[int]] = [[] for _ in range(self.num_ranges)]
        for h, r in enumerate(self.ranges):
            if r >= 0:
                self.range_hexes[r].append(h)
        self.water_comp = [-1] * len(terrain)
        comps: list[tuple[int, ...]] = []
        for start, kind in enumerate(terrain):
            if kind != WATER or self.water_comp[start] >= 0:
                continue
            found = [start]
            self.water_comp[start] = len(comps)
            stack = [start]
            while stack:
                h = stack.pop()
                for n in self.topo.neighbours[h]:
                    if terrain[n] == WATER and self.water_comp[n] < 0:
                        self.water_comp[n] = len(comps)
                        found.append(n)
                        stack.append(n)
            comps.append(tuple(sorted(found)))
        self.comps = comps
        # start tile -> possible first-city centres
        self.start_centres = tuple(tuple(self.topo.tile_hexes[t][i] for i in INNER) for t in self.topo.start_tiles)
        assert all(terrain[h] == MOUNTAIN for h, r in enumerate(self.ranges) if r >= 0)

    def __reduce__(self) -> tuple[object, ...]:
        # The compiled class cannot be filled field by field: a copy is remade from the set-up.
        return (Board, self.made_from)
