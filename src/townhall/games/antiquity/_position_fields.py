"""Generated from FIELDS in position.py by `python -m townhall.cli.fields`: edit the declaration, not this."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from townhall.engine.protocol import Json
from townhall.games.antiquity.player import Player

if TYPE_CHECKING:
    from .position import AntiquityPosition


def copy_fields(source: AntiquityPosition, copy: AntiquityPosition) -> None:
    """The clone: every field of `source` onto the blank `copy`."""
    copy.num_players = source.num_players
    copy.beginner = source.beginner
    copy.max_rounds = source.max_rounds
    copy.tiles = source.tiles
    copy.terrain = source.terrain.copy()
    copy.polluted = source.polluted.copy()
    copy.hex_goods = source.hex_goods.copy()
    copy.hex_producer = source.hex_producer.copy()
    copy.hex_occupant = source.hex_occupant.copy()
    copy.token = source.token.copy()
    copy.revealed = source.revealed.copy()
    copy.range_product = source.range_product.copy()
    copy.producers = source.producers.copy()
    copy.fishermen = source.fishermen
    copy.famine = source.famine
    copy.round = source.round
    copy.phase = source.phase
    copy.order = source.order.copy()
    copy.turn = source.turn
    copy.pollution_due = source.pollution_due.copy()
    copy.graves_due = source.graves_due.copy()
    copy.cathedrals_built = source.cathedrals_built
    copy.winners = source.winners.copy()
    copy.qualified = source.qualified.copy()
    copy.kept = source.kept.copy()
    copy.offer = source.offer.copy()
    copy.offers = source.offers.copy()
    copy.give = source.give.copy()
    copy.harvest = source.harvest.copy()
    copy.ask = source.ask.copy()
    copy.token_pool = source.token_pool.copy()
    copy.unseen_removed = source.unseen_removed
    copy.players = [item.clone() for item in source.players]
    copy.snapshots = source.snapshots.copy()
    copy.done = source.done.copy()
    copy.board = source.board
    copy.zone_cache = source.zone_cache
    copy.apply_chance = source.apply_chance
    copy.legal_cache = None
    copy.hex_changes = []


def save_fields(position: AntiquityPosition) -> dict[str, Json]:
    """The save format: every field with a key, in declaration order."""
    return {
        "num_players": position.num_players,
        "beginner": position.beginner,
        "max_rounds": position.max_rounds,
        "tiles": [row.copy() for row in position.tiles],
        "terrain": "".join(position.terrain),
        "polluted": [int(x) for x in position.polluted],
        "good": position.hex_goods.copy(),
        "gprod": position.hex_producer.copy(),
        "occ": position.hex_occupant.copy(),
        "token": [int(x) for x in position.token],
        "revealed": position.revealed.copy(),
        "range_product": position.range_product.copy(),
        "producers": [
            None if pr is None else [pr[0], pr[1], pr[2], list(pr[3]), list(pr[4])] for pr in position.producers
        ],
        "fishermen": position.fishermen,
        "famine": position.famine,
        "round": position.round,
        "phase": position.phase,
        "order": position.order.copy(),
        "turn": position.turn,
        "todo_poll": position.pollution_due.copy(),
        "todo_grave": position.graves_due.copy(),
        "cathedrals_built": position.cathedrals_built,
        "winners": position.winners.copy(),
        "qualified": position.qualified.copy(),
        "kept": position.kept.copy(),
        "offer": position.offer.copy(),
        "offers": position.offers.copy(),
        "give": position.give.copy(),
        "harvest": position.harvest.copy(),
        "ask": position.ask.copy(),
        "pool": position.token_pool.copy(),
        "unseen_removed": position.unseen_removed,
        "players": [item.to_json() for item in position.players],
        "snaps": [None if s is None else s.to_json() for s in position.snapshots],
        "done": position.done.copy(),
    }


def load_fields(position: AntiquityPosition, data: dict[str, Any]) -> None:
    """Every saved field back from the save format (the others are the class's to set)."""
    position.tiles = [list(row) for row in data["tiles"]]
    position.polluted = [bool(x) for x in data["polluted"]]
    position.hex_goods = list(data["good"])
    position.hex_producer = list(data["gprod"])
    position.hex_occupant = list(data["occ"])
    position.token = [bool(x) for x in data["token"]]
    position.revealed = list(data["revealed"])
    position.range_product = list(data["range_product"])
    position.producers = [
        None if pr is None else (pr[0], pr[1], pr[2], tuple(pr[3]), tuple(pr[4])) for pr in data["producers"]
    ]
    position.fishermen = data["fishermen"]
    position.famine = data["famine"]
    position.round = data["round"]
    position.phase = data["phase"]
    position.order = list(data["order"])
    position.turn = data["turn"]
    position.pollution_due = list(data["todo_poll"])
    position.graves_due = list(data["todo_grave"])
    position.cathedrals_built = data["cathedrals_built"]
    position.winners = list(data["winners"])
    position.qualified = list(data["qualified"])
    position.kept = list(data["kept"])
    position.offer = list(data["offer"])
    position.offers = list(data["offers"])
    position.give = list(data["give"])
    position.harvest = list(data["harvest"])
    position.ask = list(data["ask"])
    position.token_pool = list(data["pool"])
    position.unseen_removed = data["unseen_removed"]
    position.players = [Player.from_json(item) for item in data["players"]]
    position.snapshots = [None if s is None else Player.from_json(s) for s in data["snaps"]]
    position.done = list(data["done"])
