"""Builders of concrete Antiquity positions for scenario tests."""

from __future__ import annotations

from townhall.engine import Chance
from townhall.games.antiquity import GAME, flow, founding
from townhall.games.antiquity.board import Board
from townhall.games.antiquity.data import GOOD_INDEX
from townhall.games.antiquity.state import AntiquityState


def new(n: int = 2, seed: int = 3, beginner: bool = False) -> AntiquityState:
    state = GAME.start(n, {"beginner": beginner}, Chance(seed))
    assert isinstance(state, AntiquityState)
    return state


def flat(n: int = 2, terrain: str = "P", seed: int = 3, beginner: bool = False) -> AntiquityState:
    """Every hex the same terrain, no tokens, each player's first city on the centre of a start
    tile, order 1, 2, ...; round 1, phase 2 with nothing built."""
    s = new(n, seed, beginner)
    size = len(s.terrain)
    s.terrain[:] = [terrain] * size
    s.token = [False] * size
    s.board = Board(n, s.terrain)
    s.range_product = [-1] * s.board.num_ranges
    s.order = list(range(n))
    for p in range(n):
        founding.place_city(s, p, start_centre(s, p), Chance(0))
    flow.start_round(s)
    return s


def rebuild(s: AntiquityState) -> None:
    """After editing terrain: recompute ranges and water areas."""
    s.board = Board(s.num_players, s.terrain)
    s.range_product = [-1] * s.board.num_ranges
    s.zone_cache = {}
    touch(s)


def start_centre(s: AntiquityState, p: int) -> int:
    topo = s.board.topo
    return topo.centres[topo.start_tiles[p]]


def hx(s: AntiquityState, base: int, dq: int, dr: int) -> int:
    q, r = s.board.topo.coords[base]
    return s.board.topo.index[(q + dq, r + dr)]


def dist(s: AntiquityState, a: int, b: int) -> int:
    (q1, r1), (q2, r2) = s.board.topo.coords[a], s.board.topo.coords[b]
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


def touch(s: AntiquityState) -> None:
    s.legal_cache = None


def texts(s: AntiquityState, p: int) -> list[str]:
    touch(s)
    return [s.action_text(a) for a in s.legal_actions(p)]


def act(s: AntiquityState, p: int, text: str, chance: Chance | None = None) -> None:
    touch(s)
    legal = s.legal_actions(p)
    found = [a for a in legal if s.action_text(a) == text]
    assert len(found) == 1, f"{text!r} not legal; legal: {[s.action_text(a) for a in legal][:60]}"
    s.apply(p, found[0], chance or Chance(0))


def give(s: AntiquityState, p: int, **goods: int) -> None:
    """Set the player's goods to exactly these."""
    s.players[p].goods = [0] * 10
    for name, count in goods.items():
        s.players[p].goods[GOOD_INDEX[name]] = count
    touch(s)


def goods(s: AntiquityState, p: int) -> dict[str, int]:
    from townhall.games.antiquity.data import GOODS

    return {GOODS[g]: n for g, n in enumerate(s.players[p].goods) if n}


def build(s: AntiquityState, p: int, name: str, where: str, pay: tuple[str, ...] = ()) -> None:
    act(s, p, f"build {name}")
    act(s, p, f"at {where}")
    for good in pay:
        act(s, p, good)


def house(s: AntiquityState, p: int, number: int, where: str, pay: tuple[str, ...] = ()) -> None:
    act(s, p, f"house {number}")
    act(s, p, where)
    for good in pay:
        act(s, p, good)


def hexname(s: AntiquityState, h: int) -> str:
    return s.board.topo.labels[h]


def add(s: AntiquityState, p: int, name: str, cells: tuple[int, ...], manned: bool = False, city: int = 0) -> int:
    """Put a building straight onto a city map (cell indexes), optionally with a worker."""
    from townhall.games.antiquity.player import B

    pl = s.players[p]
    bid = len(pl.buildings)
    pl.buildings.append((B[name], city, cells))
    pl.manned.append(manned)
    for c in cells:
        pl.grid[city][c] = bid
    if manned and pl.idle() < 0:
        pl.houses = (1 << min(20, pl.workers + 1)) - 1
    touch(s)
    return bid


def to_country(s: AntiquityState, p: int, carts: int = 1) -> None:
    """Phase 4 with `p` to move and `carts` working cart shops."""
    from townhall.games.antiquity.position import COUNTRY

    for k in range(carts):
        add(s, p, "cart_shop", (42 + k,), manned=True)  # squares of row 7 (shape ignored here)
    s.snapshots = [None] * s.num_players
    s.phase = COUNTRY
    s.order = list(range(s.num_players))
    s.turn = p
    touch(s)


def phase(s: AntiquityState, ph: int, p: int = 0) -> None:
    """Put the game in phase `ph` with player `p` to move, plans public, order 0, 1, ..."""
    s.snapshots = [None] * s.num_players
    s.phase = ph
    s.order = list(range(s.num_players))
    s.turn = p
    touch(s)
