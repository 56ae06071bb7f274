"""The Antiquity position as plain data: the map, the players, the round in progress; clone and JSON."""

from __future__ import annotations

from typing import Any, Final, Self

from townhall.engine import Chance, Json, State
from townhall.engine.fields import (
    BOOL,
    FRESH,
    LIST,
    NESTED,
    ROWS,
    SHARED,
    TUPLE,
    Field,
    Fields,
    load_fields,
    save_fields,
)
from townhall.games.antiquity.board import Board
from townhall.games.antiquity.player import Player

# The phases of a round (ANT-PH1..10); SETUP before the first round, OVER after the end.
SETUP: Final = 0
PLAN: Final = 2
COUNTRY: Final = 4
STORE: Final = 5
HARVEST: Final = 6
EXPLORE: Final = 7
FAMINE: Final = 8
POLLUTE: Final = 9
OVER: Final = 11
TRADE: Final = 20
PHASES: Final = (SETUP, PLAN, COUNTRY, STORE, HARVEST, EXPLORE, FAMINE, POLLUTE, OVER, TRADE)  # every phase
PHASE_NAMES = {SETUP: "setup", PLAN: "2 city building", TRADE: "2 trades between players", COUNTRY: "4 country building", STORE: "5 store", HARVEST: "6 harvest",
               EXPLORE: "7 exploration", FAMINE: "8 famine", POLLUTE: "9 pollution", OVER: "over"}  # fmt: skip
# The clause of each phase: what a move the phase does not allow breaks (legality.clause_of).
PHASE_CLAUSES: Final = {SETUP: "ANT-SETUP-4", PLAN: "ANT-PH2-3", TRADE: "ANT-PH2-13", COUNTRY: "ANT-PH4-1", STORE: "ANT-PH5-1",
                        HARVEST: "ANT-PH6-1", EXPLORE: "ANT-PH7-1", FAMINE: "ANT-PH8-2", POLLUTE: "ANT-PH9-1"}  # fmt: skip

Producer = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]  # kind, owner, good, sites, hexes around

# What changed on a hex (AntiquityPosition.hex_changes holds hex * 8 + one of these).
HEX_TERRAIN: Final = 0
HEX_POLLUTED: Final = 1
HEX_GOOD: Final = 2  # the good lying there and its producer
HEX_TOKEN: Final = 3
HEX_OCCUPANT: Final = 4

# Every field once, in save-format order (engine/fields.py); the code at the end of this module is
# generated from it.
FIELDS = Fields(
    "AntiquityPosition",
    (
        Field("num_players", "num_players", restore=False),  # the constructor's arguments
        Field("beginner", "beginner", restore=False),
        Field("max_rounds", "max_rounds", restore=False),
        Field("tiles", "tiles", SHARED, shape=ROWS),  # set up once, then read-only
        Field("terrain", "terrain", LIST, save=lambda v: "".join(v), restore=False),
        Field("polluted", "polluted", LIST, item=BOOL),
        Field("hex_goods", "good", LIST),
        Field("hex_producer", "gprod", LIST),
        Field("hex_occupant", "occ", LIST),
        Field("token", "token", LIST, item=BOOL),
        Field("revealed", "revealed", LIST),
        Field("range_product", "range_product", LIST),
        Field("producers", "producers", LIST, item=TUPLE),
        Field("fishermen", "fishermen"),
        Field("famine", "famine"),
        Field("round", "round"),
        Field("phase", "phase"),
        Field("order", "order", LIST),
        Field("turn", "turn"),
        Field("pollution_due", "todo_poll", LIST),
        Field("graves_due", "todo_grave", LIST),
        Field("cathedrals_built", "cathedrals_built"),
        Field("winners", "winners", LIST),
        Field("qualified", "qualified", LIST),
        Field("kept", "kept", LIST),
        Field("offer", "offer", LIST),
        Field("offers", "offers", LIST),
        Field("give", "give", LIST),
        Field("harvest", "harvest", LIST),
        Field("ask", "ask", LIST),
        Field("token_pool", "pool", LIST),
        Field("unseen_removed", "unseen_removed"),
        Field("players", "players", NESTED, of=Player),
        # Snapshots are never changed once taken: the list is copied, the players in it shared.
        Field(
            "snapshots",
            "snaps",
            LIST,
            save=lambda v: [None if s is None else s.to_json() for s in v],
            load=lambda v: [None if s is None else Player.from_json(s) for s in v],
        ),
        Field("done", "done", LIST),
        Field("board", copy=SHARED),
        Field("zone_cache", copy=SHARED),  # keyed by what the zones depend on: shared on purpose
        Field("apply_chance", copy=SHARED),  # the Chance of the apply in progress (never stored)
        Field("legal_cache", copy=FRESH, clone="None"),
        Field("hex_changes", copy=FRESH, clone="[]"),  # a clone's log starts empty (see __init__)
    ),
)
_copy_fields: Final = FIELDS.derived_clone(__name__)  # the clone, made from the declaration


class AntiquityPosition(State):  # the protocol base here: a compiled class has one base
    """Every fact of a game in progress; the rules are functions over it in the phase modules."""

    def __init__(self, num_players: int, beginner: bool, max_rounds: int, board: Board, terrain: list[str]) -> None:
        self.num_players = num_players
        self.beginner = beginner
        self.max_rounds = max_rounds
        self.board = board
        n_hex = len(terrain)
        self.terrain = terrain
        self.polluted = [False] * n_hex
        self.hex_goods = [-1] * n_hex
        self.hex_producer = [-1] * n_hex
        self.hex_occupant = [-1] * n_hex
        self.token = [False] * n_hex
        # Every change of a hex's terrain, pollution, good and producer, token or occupant, as
        # hex * 8 + HEX_..., in order along this object's life: the observer rewrites only these
        # (a clone starts empty, since a watcher fills a view of another object from scratch).
        self.hex_changes: list[int] = []
        self.token_pool = [0] * 10
        self.revealed = [0] * 10
        self.unseen_removed = 0
        self.range_product = [-1] * board.num_ranges
        self.producers: list[Producer | None] = []
        self.fishermen = 0
        self.famine = 0
        self.round = 0
        self.phase = SETUP
        self.order = list(range(num_players))
        self.turn = 0
        self.players = [Player() for _ in range(num_players)]
        self.snapshots: list[Player | None] = [None] * num_players
        self.done = [False] * num_players
        self.pollution_due = [0] * num_players
        self.graves_due = [0] * num_players
        self.cathedrals_built = 0
        self.winners: list[int] = []
        self.qualified: list[int] = []
        self.tiles: list[list[int]] = []
        self.zone_cache: dict[tuple[Any, ...], tuple[frozenset[int], tuple[int, ...]]] = {}  # zones.zone
        self.legal_cache: tuple[int, list[int]] | None = None
        self.apply_chance: Chance = Chance(0)  # the Chance of the apply in progress (never stored)
        self.harvest: list[int] = []  # phase 6 in progress: producer, goods taken, goods kept
        self.kept = [0] * 10  # phase 5: goods already stored by the player choosing what to keep
        self.offer: list[int] = []  # an open trade offer: offerer, partner, proposed (0/1)
        self.give = [0] * 10  # goods the offerer gives
        self.ask = [0] * 10  # goods the offerer asks for
        self.offers = [0] * num_players

    def clone(self) -> Self:
        copy = type(self).__new__(type(self))
        _copy_fields(self, copy)
        return copy

    def to_json(self) -> dict[str, Json]:
        return save_fields(FIELDS, self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        n = int(data["num_players"])
        terrain = list(data["terrain"])
        position = cls(n, bool(data["beginner"]), int(data["max_rounds"]), Board(n, terrain), terrain)
        load_fields(FIELDS, position, data)
        return position
