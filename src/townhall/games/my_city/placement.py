"""Which placements a player may make on the revealed card (MYC-BUILD-*, MYC-GEN-*), and the
clause an illegal action breaks."""

from __future__ import annotations

from typing import NoReturn

from townhall.engine import IllegalAction
from townhall.engine.errors import GameOver, NotYourTurn
from townhall.games.my_city.actions import EXIT_ACTION, NUM_ACTIONS, PASS_ACTION, PIECE_IDS, PLACE_STRIDE, card_name
from townhall.games.my_city.board import FULL, neighbours, shape_mask
from townhall.games.my_city.data import cell_name
from townhall.games.my_city.pieces import CATALOGUE
from townhall.games.my_city.position import MyCityPosition

IS_CHURCH = tuple(p.colour == 3 for p in CATALOGUE.pieces)


def legal_actions(position: MyCityPosition, player: int) -> list[int]:
    if (
        position.over
        or not 0 <= player < position.num_players
        or not position.active[player]
        or position.pending[player] >= 0
    ):
        return []
    occ = position.occupied[player]
    # The first piece of one's own touches the river (MYC-BUILD-4), later ones a building.
    touch = neighbours(occ) if occ != position.start_occupied else position.terrain.river_cells
    free = FULL ^ occ
    out: list[int] = []
    turns = position.terrain.turns[position.card]
    for base, offsets, good in turns:
        hit = 0
        for offset in offsets:
            good &= free >> offset
            hit |= touch >> offset
        good &= hit
        while good:
            low = good & -good
            out.append(base + 4 * (low.bit_length() - 1))
            good ^= low
    if len(turns) > 1:
        out.sort()
    card = position.card
    if position.can_pass and not IS_CHURCH[card] and position.score[player] > 0:
        out.append(PASS_ACTION)
    out.append(EXIT_ACTION)
    return out


def check(position: MyCityPosition, player: int, action: int) -> None:
    """Raise IllegalAction (naming the clause) unless `player` may play `action` now."""
    if position.over:
        raise GameOver("MYC-END-1", "the game is over")
    if not 0 <= player < position.num_players:
        raise NotYourTurn("MYC-GEN-1", f"there is no player {player}")
    if not position.active[player]:
        raise NotYourTurn("MYC-EXIT-1", f"player {player + 1} has exited this game and builds nothing more")
    if position.pending[player] >= 0:
        raise NotYourTurn("MYC-GEN-2", f"player {player + 1} has already decided on this card")
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise IllegalAction("MYC-IO-1", f"{action!r} is not an action of My City")
    if action == EXIT_ACTION:
        return
    card = position.card
    if action == PASS_ACTION:
        if IS_CHURCH[card]:
            raise IllegalAction("MYC-EVG-3", "a church card may not be passed: build it or exit")
        if not position.can_pass:
            raise IllegalAction("MYC-LEG-1", f"passing is not allowed in episode {position.rules.episode}")
        if position.score[player] <= 0:
            raise IllegalAction("MYC-PASS-2", "a player at 0 points may not pass: build or exit")
        return
    piece, rest = divmod(action, PLACE_STRIDE)
    cell, rotation = divmod(rest, 4)
    if piece != card:
        shown = card_name(card)
        raise IllegalAction("MYC-GEN-2", f"the card shows {shown}, so only {shown} may be built now")
    mask = position.terrain.mask_of.get(action)
    if mask is None:
        geometry_error(position, piece, cell, rotation)
    assert mask is not None
    occ = position.occupied[player]
    if mask & occ:
        raise IllegalAction("MYC-BUILD-6", "a piece may not overlap a built piece")
    if occ == position.start_occupied:
        if not mask & position.terrain.river_cells:
            raise IllegalAction("MYC-BUILD-4", "the first piece must touch the river orthogonally")
    elif not mask & neighbours(occ):
        raise IllegalAction("MYC-BUILD-5", "a piece must touch a built piece orthogonally")


def geometry_error(position: MyCityPosition, piece: int, cell: int, rotation: int) -> NoReturn:
    if piece >= len(CATALOGUE.pieces):
        raise IllegalAction("MYC-IO-1", f"there is no piece number {piece}")
    if CATALOGUE.pieces[piece].turns[rotation] is None:
        raise IllegalAction("MYC-GEN-3", f"rotation r{rotation * 90} repeats an earlier rotation of {PIECE_IDS[piece]}")
    mask = shape_mask(piece, cell, rotation)
    if mask is None:
        raise IllegalAction("MYC-IO-1", f"{PIECE_IDS[piece]} at {cell_name(cell)} r{rotation * 90} leaves the board")
    terrain = position.terrain
    if mask & ~terrain.buildable:
        raise IllegalAction("MYC-BUILD-1", "pieces go only on light-green cells, never on mountains or forests")
    if mask & terrain.west and mask & terrain.east:
        raise IllegalAction("MYC-BUILD-3", "a piece may not straddle the river")
    raise IllegalAction("MYC-LEG-1", "this episode allows building only east of the river (the flood)")
