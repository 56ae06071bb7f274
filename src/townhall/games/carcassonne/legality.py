"""The legal actions of each phase and why any other action is refused (CAR-TURN-1, CAR-PLACE-*,
CAR-DEPLOY-*): the placements of the tile in hand, the follower choices, the refusal reasons.

A phase's legal set is computed here once, when the phase begins, and kept on the position
(`placements`, `deploy_options`); State.legal_actions only copies it."""

from __future__ import annotations

from typing import Final, cast

from townhall.engine.errors import GameOver, IllegalAction, NotYourTurn
from townhall.games.carcassonne.actions import DEPLOY, SKIP
from townhall.games.carcassonne.position import OVER, CarcassonnePosition, frontier_key
from townhall.games.carcassonne.tiles import DELTA, FITS, IS_RIVER, LAYOUTS, SAME_AS
from townhall.games.carcassonne.words import _, segment_label
from townhall.games.carcassonne.words import player as player_name

# Each place id as one int object, made on first use: the compiled build would box a new int
# (ids are above the small-int cache) for every placement of every draw, and free it again.
BOXED_IDS: Final[list[object]] = [None] * DEPLOY


def why_not_now(position: CarcassonnePosition, player: int) -> IllegalAction:
    """Why `player` may not act at all: the game is over, or it is another player's turn."""
    if position.phase == OVER:
        return GameOver("CAR-END-1", _("the game is over"))
    return NotYourTurn(
        "CAR-SETUP-3",
        _("it is {current}'s turn, not {player}'s").format(
            current=player_name(position.current), player=player_name(player)
        ),
    )


def enumerate_placements(position: CarcassonnePosition, tile: int) -> list[int]:
    """Every legal place action for `tile` (CAR-PLACE-1..3, and 5 for river tiles)."""
    fits = FITS[tile]
    if IS_RIVER[tile]:
        return river_placements(position, tile, fits)
    cells = position.frontier
    keys = position.frontier_keys
    ids = BOXED_IDS
    out: list[object] = []
    for i in range(len(cells)):  # ascending cells, each with ascending rotations: sorted ids
        rots = fits[keys[i]]
        if rots:
            first = cells[i] * 4
            for r in rots:
                action = first + r
                boxed = ids[action]
                if boxed is None:
                    boxed = ids[action] = action
                out.append(boxed)
    return cast(list[int], out)


def river_placements(position: CarcassonnePosition, tile: int, fits: tuple[tuple[int, ...], ...]) -> list[int]:
    """CAR-PLACE-5: a river tile continues the river where it ends, without a U-turn (RULINGS.md)."""
    cell = position.river_end
    key = frontier_key(position, cell) if cell >= 0 else -1
    if key < 0:
        return []
    entry = (position.river_flow + 2) % 4
    out = []
    for r in fits[key]:
        exits = [e for e in LAYOUTS[4 * tile + r].river_edges if e != entry]
        if exits:
            turn = (exits[0] - position.river_flow) % 4
            if turn and turn == position.river_turn:
                continue  # a U-turn: two turns the same way in a row
            if cell + DELTA[exits[0]] in position.board:
                continue
        out.append(cell * 4 + r)
    out.sort()
    return out


def deploy_options(position: CarcassonnePosition) -> list[int]:
    """The deploy actions on the last tile's free segments plus skip; none when nothing can be
    deployed (the decision is then skipped, RULINGS.md)."""
    if not position.supply[position.current]:
        return []  # CAR-DEPLOY-4
    layout_index, base = position.board[position.last_cell]
    feature_of = position.feature_of
    followers = position.feature_followers
    options = [DEPLOY + i for i in range(len(LAYOUTS[layout_index].kinds)) if not followers[feature_of[base + i]]]
    if options:
        options.append(SKIP)
    return options


def why_not_place(position: CarcassonnePosition, action: int) -> IllegalAction:
    if not 0 <= action < DEPLOY:
        return IllegalAction("CAR-TURN-1", _("place the tile first"))
    cell, rot = action >> 2, action & 3
    tile = position.hand
    if cell in position.board:
        return IllegalAction("CAR-PLACE-1", _("this place already holds a tile"))
    canonical = SAME_AS[tile][rot]
    if canonical != rot:
        return IllegalAction(
            "CAR-PLACE-3",
            _("the tile turned {degrees}° looks the same as turned {same}°: place it turned {same}°").format(
                degrees=90 * rot, same=90 * canonical
            ),
        )
    if IS_RIVER[tile] and cell != position.river_end:
        return IllegalAction("CAR-PLACE-5", _("a river tile must continue the river where it ends"))
    key = frontier_key(position, cell)
    if key < 0:
        return IllegalAction("CAR-PLACE-1", _("this place shares no edge with a placed tile"))
    if rot not in FITS[tile][key]:
        return IllegalAction(
            "CAR-PLACE-2",
            _("the tile turned {degrees}° does not match the edges it touches here").format(degrees=90 * rot),
        )
    return IllegalAction(
        "CAR-PLACE-5",
        _("the tile turned {degrees}° would make the river turn back on itself here").format(degrees=90 * rot),
    )


def why_not_deploy(position: CarcassonnePosition, action: int) -> IllegalAction:
    if action == SKIP:
        return IllegalAction("CAR-DEPLOY-1", _("nothing to skip now"))
    if not DEPLOY <= action < SKIP:
        return IllegalAction("CAR-TURN-1", _("the tile is placed: now deploy a follower or skip"))
    if not position.supply[position.current]:
        return IllegalAction(
            "CAR-DEPLOY-4", _("{player} has no follower left in supply").format(player=player_name(position.current))
        )
    layout_index, _base = position.board[position.last_cell]
    segment = action - DEPLOY
    if segment >= len(LAYOUTS[layout_index].kinds):
        return IllegalAction(
            "CAR-DEPLOY-2",
            _("the tile just placed has no such part"),
        )
    return IllegalAction(
        "CAR-DEPLOY-3",
        _("the {segment} belongs to a feature that already holds a follower").format(
            segment=segment_label(LAYOUTS[layout_index].labels[segment])
        ),
    )
