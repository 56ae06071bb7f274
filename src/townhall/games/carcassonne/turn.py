"""A turn (CAR-TURN-1): place the tile, deploy a follower or not, score, then the next player draws."""

from __future__ import annotations

from typing import Final

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.carcassonne import actions
from townhall.games.carcassonne.deployment import deploy
from townhall.games.carcassonne.drawing import draw
from townhall.games.carcassonne.legality import deploy_options, why_not_deploy, why_not_place
from townhall.games.carcassonne.placement import place
from townhall.games.carcassonne.position import DEPLOY, PLACE, CarcassonnePosition, sorted_index
from townhall.games.carcassonne.scoring import score_turn

DEPLOY_ID: Final = actions.DEPLOY
SKIP_ID: Final = actions.SKIP


def play(position: CarcassonnePosition, player: int, action: int, chance: Chance, events: list[Event] | None) -> None:
    """Play `action` of the player to move in a game not over; a refused action changes nothing."""
    if position.phase == PLACE:
        placements = position.placements
        at = sorted_index(placements, action)  # the placements are sorted: a binary search
        if at == len(placements) or placements[at] != action:
            raise why_not_place(position, action)
        place(position, player, action, events)
        options = deploy_options(position)
        if options:
            position.deploy_options = options
            position.phase = DEPLOY
            return
    else:
        if action not in position.deploy_options:
            raise why_not_deploy(position, action)
        position.deploy_options = []
        if action != SKIP_ID:
            deploy(position, player, action - DEPLOY_ID, events)
    score_turn(position, events)
    position.current = (position.current + 1) % position.num_players
    draw(position, chance, events)
