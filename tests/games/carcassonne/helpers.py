"""Build concrete Carcassonne positions for scenario tests: lay given tiles at given places,
put followers on named segments, hand a player a tile and play actions by their text."""

from __future__ import annotations

from collections.abc import Sequence

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.carcassonne import features
from townhall.games.carcassonne.legality import enumerate_placements
from townhall.games.carcassonne.placement import river_step
from townhall.games.carcassonne.state import DEPLOY, PLACE, CarcassonneState
from townhall.games.carcassonne.tiles import CODE_INDEX, DELTA, LAYOUTS, SPRING, TILE_SPECS, cell_of

Tile = tuple[str, int, int, int]  # code, x, y, quarter turns clockwise


def position(
    tiles: Sequence[Tile] = (),
    *,
    players: int = 2,
    start: Tile | None = ("D", 0, 0, 0),
    river: bool = False,
    small_city: bool = True,
    farm_scoring: str = "first-edition",
    bag: Sequence[str] | None = None,
) -> CarcassonneState:
    """A position with `start` laid first, then `tiles` in order, each checked to be a legal
    placement (CAR-PLACE-1/2/5). `bag` is the multiset of tiles still to draw (default: empty)."""
    state = CarcassonneState(players, river, small_city, farm_scoring)
    if start is not None:
        code, x, y, rot = start
        lay = 4 * CODE_INDEX[code] + rot
        features.lay_tile(state, cell_of(x, y), lay)
        if CODE_INDEX[code] == SPRING:
            state.river_flow = LAYOUTS[lay].river_edges[0]
            state.river_end = cell_of(x, y) + DELTA[state.river_flow]
    for code, x, y, rot in tiles:
        lay_tile(state, code, x, y, rot)
    state.bag = sorted(CODE_INDEX[c] for c in (bag or ()))
    state.last_cell = state.placed_cells[-1]
    return state


def lay_tile(state: CarcassonneState, code: str, x: int, y: int, rot: int) -> None:
    tile = CODE_INDEX[code]
    action = cell_of(x, y) * 4 + rot
    legal = enumerate_placements(state, tile)
    assert action in legal, f"{code} at {x},{y} r{90 * rot} is not a legal placement in this position"
    features.lay_tile(state, cell_of(x, y), 4 * tile + rot)
    if TILE_SPECS[tile].river:
        river_step(state, cell_of(x, y), 4 * tile + rot)


def follower(state: CarcassonneState, x: int, y: int, label: str, player: int) -> None:
    """Put a follower of `player` on the segment named `label` (e.g. 'city N') of the tile at x,y."""
    cell = cell_of(x, y)
    lay, base = state.board[cell]
    layout = LAYOUTS[lay]
    segment = layout.labels.index(label)
    node = base + segment
    assert not state.feature_followers[state.feature_of[node]], f"{label} at {x},{y} is already occupied"
    state.follower_at[node] = player
    state.follower_moves += 1
    state.feature_followers[state.feature_of[node]] += (node,)
    state.supply[player] -= 1
    if segment == layout.cloister:
        state.monk_nodes[cell] = node


def give(state: CarcassonneState, code: str, player: int = 0) -> None:
    """It is `player`'s turn with `code` in hand."""
    state.current = player
    state.hand = CODE_INDEX[code]
    state.phase = PLACE
    state.placements = enumerate_placements(state, state.hand)
    assert state.placements, f"{code} fits nowhere"


def texts(state: CarcassonneState) -> list[str]:
    return [state.action_text(a) for a in state.legal_actions(state.current)]


def act(state: CarcassonneState, text: str, *, seed: int = 0, events: list[Event] | None = None) -> None:
    """Play the legal action whose text is `text` for the player to move."""
    player = state.current
    legal = state.legal_actions(player)
    by_text = {state.action_text(a): a for a in legal}
    assert text in by_text, f"{text!r} is not legal; legal: {sorted(by_text)[:40]}"
    state.apply(player, by_text[text], Chance(seed), events)


def turn(state: CarcassonneState, code: str, place: str, deploy: str | None = None, *, player: int = 0) -> list[Event]:
    """One whole turn: `player` holds `code`, places it and deploys (or not) — returns the events."""
    events: list[Event] = []
    give(state, code, player)
    act(state, place, events=events)
    if state.phase == DEPLOY:
        act(state, deploy or "no follower", events=events)
    else:
        assert deploy is None, f"no follower decision was offered for {deploy!r}"
    return events


def scored(events: Sequence[Event]) -> list[tuple[str, int, list[int]]]:
    """(feature, points, scorers) of each scoring event."""
    return [(e.data["feature"], e.data["points"], e.data["scorers"]) for e in events if e.kind in ("score", "farm")]


def cloister_ring() -> CarcassonneState:
    """A cloister (player 2's monk at 0,1) with 7 of its 8 neighbours laid; 1,2 is open."""
    state = position(
        [
            ("B", 0, 1, 0),
            ("U", -1, 0, 0),
            ("U", 1, 0, 0),
            ("B", -1, 1, 0),
            ("B", 1, 1, 0),
            ("B", -1, 2, 0),
            ("A", 0, 2, 0),
        ]
    )
    follower(state, 0, 1, "cloister", 1)
    return state
