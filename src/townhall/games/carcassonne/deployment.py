"""Deploying a follower on the tile just placed, or not (CAR-DEPLOY-*)."""

from __future__ import annotations

from townhall.engine.errors import IllegalAction
from townhall.engine.protocol import Event
from townhall.games.carcassonne.actions import DEPLOY, SKIP
from townhall.games.carcassonne.features import add_follower
from townhall.games.carcassonne.position import DEPLOY as DEPLOY_PHASE
from townhall.games.carcassonne.position import CarcassonnePosition
from townhall.games.carcassonne.tiles import CODES, LAYOUTS, ROLE_NAMES, xy_of
from townhall.games.carcassonne.words import _, segment_label, term


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


def deploy(position: CarcassonnePosition, player: int, segment: int, events: list[Event] | None) -> None:
    """CAR-DEPLOY-1..3: a follower from the supply onto a segment of the tile just placed."""
    cell = position.last_cell
    add_follower(position, cell, segment, player)
    position.supply[player] -= 1
    if events is not None:
        layout = LAYOUTS[position.board[cell][0]]
        role = ROLE_NAMES[layout.kinds[segment]]
        x, y = xy_of(cell)
        events.append(
            Event(
                "deploy",
                data={"player": player, "x": x, "y": y, "segment": segment, "role": role, "on": layout.labels[segment]},
            )
        )


def why_not_deploy(position: CarcassonnePosition, action: int) -> IllegalAction:
    if action == SKIP:
        return IllegalAction("CAR-DEPLOY-1", _("nothing to skip now"))
    if not DEPLOY <= action < SKIP:
        return IllegalAction("CAR-TURN-1", _("the tile is placed: now deploy a follower or skip"))
    if not position.supply[position.current]:
        return IllegalAction(
            "CAR-DEPLOY-4", _("player {number} has no follower left in supply").format(number=position.current + 1)
        )
    layout_index, _base = position.board[position.last_cell]
    segment = action - DEPLOY
    if segment >= len(LAYOUTS[layout_index].kinds):
        return IllegalAction(
            "CAR-DEPLOY-2",
            _("the tile {tile} has no segment {segment}").format(tile=CODES[layout_index // 4], segment=segment),
        )
    return IllegalAction(
        "CAR-DEPLOY-3",
        _("the {segment} belongs to a feature that already holds a follower").format(
            segment=segment_label(LAYOUTS[layout_index].labels[segment])
        ),
    )


def deploy_text(position: CarcassonnePosition, action: int) -> str:
    """The text of a deploy action: the role and segment on the tile just placed when known."""
    segment = action - DEPLOY
    if position.phase == DEPLOY_PHASE and position.last_cell in position.board:
        layout = LAYOUTS[position.board[position.last_cell][0]]
        if segment < len(layout.kinds):
            role = term(ROLE_NAMES[layout.kinds[segment]])
            return _("{role} on {segment}").format(role=role, segment=segment_label(layout.labels[segment]))
    return _("follower on segment {segment}").format(segment=segment)
