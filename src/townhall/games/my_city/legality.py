"""The legal actions on the revealed card (MYC-BUILD-*, MYC-GEN-*) and the refusal reasons: the
clause an illegal action breaks."""

from __future__ import annotations

from typing import Final, NoReturn

from townhall.engine import IllegalAction
from townhall.engine.errors import GameOver, NotYourTurn
from townhall.games.my_city.actions import EXIT_ACTION, NUM_ACTIONS, PASS_ACTION, PLACE_STRIDE, card_words, piece_words
from townhall.games.my_city.board import FULL, Terrain, shape_mask
from townhall.games.my_city.pieces import CATALOGUE
from townhall.games.my_city.position import MyCityPosition
from townhall.games.my_city.words import _
from townhall.games.my_city.words import player as player_name

IS_CHURCH: Final = tuple(p.colour == 3 for p in CATALOGUE.pieces)


def legal_actions(position: MyCityPosition, player: int) -> list[int]:
    if (
        position.over
        or not 0 <= player < position.num_players
        or not position.active[player]
        or position.pending[player] >= 0
    ):
        return []
    occ = position.occupied[player]
    card = position.card
    terrain = position.terrain
    if occ != position.start_occupied:
        out = placements(terrain, card, FULL ^ occ, position.around[player])
    else:  # the first piece of one's own touches the river (MYC-BUILD-4): the same for every game
        key = (card, occ)
        opening = terrain.openings.get(key)
        if opening is None:
            opening = terrain.openings[key] = tuple(placements(terrain, card, FULL ^ occ, terrain.river_cells))
        out = list(opening)
    if position.can_pass and not IS_CHURCH[card] and position.score[player] > 0:
        out.append(PASS_ACTION)
    out.append(EXIT_ACTION)
    return out


def placements(terrain: Terrain, card: int, free: int, touch: int) -> list[int]:
    """The place ids of `card` on `free` cells touching `touch` cells, ascending."""
    out: list[int] = []
    # Per window of anchor cells and distinct rotation: the anchors (cells of the shape's first
    # cell) where the piece lies on free cells and touches `touch`, for all cells at once with
    # shifts; then their ids.
    for start, span, turns in terrain.windows[card]:
        near = touch >> start & span
        if not near:
            continue
        room = free >> start & span
        for first, offsets, good in turns:
            hit = 0
            for offset in offsets:
                good &= room >> offset
                hit |= near >> offset
            good &= hit
            first -= 4
            while good:
                low = good & -good
                out.append(first + 4 * low.bit_length())
                good ^= low
    if len(terrain.turns[card]) > 1:
        out.sort()  # by cell, then rotation
    return out


def check(position: MyCityPosition, player: int, action: int) -> None:
    """Raise IllegalAction (naming the clause) unless `player` may play `action` now."""
    if position.over:
        raise GameOver("MYC-END-1", _("the game is over"))
    if not 0 <= player < position.num_players:
        raise NotYourTurn("MYC-GEN-1", _("there is no player {player}").format(player=player))
    if not position.active[player]:
        raise NotYourTurn(
            "MYC-EXIT-1", _("{player} has exited this game and builds nothing more").format(player=player_name(player))
        )
    if position.pending[player] >= 0:
        raise NotYourTurn(
            "MYC-GEN-2", _("{player} has already decided on this card").format(player=player_name(player))
        )
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise IllegalAction("MYC-IO-1", _("{action!r} is not an action of My City").format(action=action))
    if action == EXIT_ACTION:
        return
    card = position.card
    if action == PASS_ACTION:
        if IS_CHURCH[card]:
            raise IllegalAction("MYC-EVG-3", _("a church card may not be passed: build it or exit"))
        if not position.can_pass:
            raise IllegalAction(
                "MYC-LEG-1", _("passing is not allowed in episode {episode}").format(episode=position.rules.episode)
            )
        if position.score[player] <= 0:
            raise IllegalAction("MYC-PASS-2", _("a player at 0 points may not pass: build or exit"))
        return
    piece = action // PLACE_STRIDE
    if piece != card:
        raise IllegalAction(
            "MYC-GEN-2", _("the card shows the {card}: only that may be built now").format(card=card_words(card))
        )
    mask = position.terrain.mask_of.get(action)
    if mask is None:
        geometry_error(position, piece, action % PLACE_STRIDE // 4, action % 4)
    assert mask is not None
    occ = position.occupied[player]
    if mask & occ:
        raise IllegalAction("MYC-BUILD-6", _("a piece may not overlap a built piece"))
    if occ == position.start_occupied:
        if not mask & position.terrain.river_cells:
            raise IllegalAction("MYC-BUILD-4", _("the first piece must touch the river orthogonally"))
    elif not mask & position.around[player]:
        raise IllegalAction("MYC-BUILD-5", _("a piece must touch a built piece orthogonally"))


def geometry_error(position: MyCityPosition, piece: int, cell: int, rotation: int) -> NoReturn:
    if piece >= len(CATALOGUE.pieces):
        raise IllegalAction("MYC-IO-1", _("there is no piece number {piece}").format(piece=piece))
    if CATALOGUE.pieces[piece].turns[rotation] is None:
        raise IllegalAction(
            "MYC-GEN-3",
            _("the {piece} turned {degrees}° looks the same as an earlier turn").format(
                degrees=rotation * 90, piece=piece_words(piece)
            ),
        )
    mask = shape_mask(piece, cell, rotation)
    if mask is None:
        raise IllegalAction(
            "MYC-IO-1",
            _("the {piece} turned {degrees}° would leave the board here").format(
                piece=piece_words(piece), degrees=rotation * 90
            ),
        )
    terrain = position.terrain
    if mask & ~terrain.buildable:
        raise IllegalAction("MYC-BUILD-1", _("pieces go only on light-green cells, never on mountains or forests"))
    if mask & terrain.west and mask & terrain.east:
        raise IllegalAction("MYC-BUILD-3", _("a piece may not straddle the river"))
    raise IllegalAction("MYC-LEG-1", _("this episode allows building only east of the river (the flood)"))
