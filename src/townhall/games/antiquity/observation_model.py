"""The public observation's model: the shape `observation.observation` builds, in full words
(pydantic), published as docs/schemas/antiquity/observation.schema.json and checked by the tests.

Apart from observation.py so that `determinize` (every search iteration) stays compiled: mypyc
cannot compile pydantic models; nothing in play builds these models.
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import Field

from townhall.engine.observation_model import PublicModel
from townhall.games.antiquity.data import GOODS

GOOD_ORDER: Final = ", ".join(GOODS)
BY_GOOD = f"by good, in the order {GOOD_ORDER}"
StepName = Literal[
    "place_building", "arrange", "place_house", "place_free_house", "pay", "choose_saint", "offer_free_house",
    "bank_give_first", "bank_give_second", "bank_take", "move_grave", "country_site", "fisherman_partner",
    "choose_product",
]  # fmt: skip
JobName = Literal["build", "house", "producer", "inn", "city"]


class Payment(PublicModel):
    """What is left to pay of a price paid good by good."""

    food_left: int = Field(description="food goods still to pay")
    food_different: bool = Field(description="whether the food goods must be of different kinds")
    luxuries_left: int = Field(description="luxury goods still to pay")
    luxuries_different: bool = Field(description="whether the luxury goods must be of different kinds")
    food_used: list[int] = Field(description="the food goods paid so far (good numbers)")
    luxuries_used: list[int] = Field(description="the luxury goods paid so far (good numbers)")


class Job(PublicModel):
    """What a payment in progress pays for; done once it is paid."""

    kind: JobName = Field(description="a city building, a house, a countryside producer, an inn or a new city")
    building_type: int | None = Field(None, description="build: the building type (number in the building list)")
    city: int | None = Field(None, description="build, house: the city (from 0)")
    cells: list[int] | None = Field(None, description="build: the city squares it covers")
    number: int | None = Field(None, description="house: the house number")
    cell: int | None = Field(None, description="house: the city square")
    kind_of_building: int | None = Field(None, description="producer: the countryside building (as in producers)")
    sites: list[int] | None = Field(None, description="producer: the hexes it occupies")
    good: int | None = Field(None, description="producer: the good it yields (good number)")
    free_seed: bool | None = Field(None, description="producer: whether its first good is free")
    hex: int | None = Field(None, description="inn, city: the hex where it goes")


class PendingStep(PublicModel):
    """A decision the player is in the middle of; each kind carries only its own fields."""

    kind: StepName = Field(description="what the player must decide next")
    choice: int | None = Field(None, description="place_building: the building chosen (number of the choice)")
    held: list[int] | None = Field(None, description="arrange: the lifted buildings, placed back in this order")
    origin: list[tuple[int, int, list[int]]] | None = Field(
        None, description="arrange: where each lifted building stood (building, city, squares)"
    )
    number: int | None = Field(None, description="place_house, place_free_house, offer_free_house: the house number")
    job: Job | None = Field(None, description="pay: what the payment is for")
    need: Payment | None = Field(None, description="pay: what is left to pay")
    first: int | None = Field(None, description="bank_give_second, bank_take: the first good given (good number)")
    second: int | None = Field(None, description="bank_take: the second good given (good number)")
    city: int | None = Field(None, description="move_grave: the city of the grave (from 0)")
    cell: int | None = Field(None, description="move_grave: the city square of the grave")
    kind_of_building: int | None = Field(
        None,
        description="country_site, choose_product: the countryside building (0 woodcutter, 1 farm, 2 mine, "
        "3 fisherman, 4 inn, 5 new city, 6 alchemy)",
    )
    hex: int | None = Field(None, description="fisherman_partner: the first shore hex chosen")
    sites: list[int] | None = Field(None, description="choose_product: the hexes of the new producer")


class CityBuilding(PublicModel):
    type: int = Field(description="the building type (number in the building list of the data file)")
    city: int = Field(description="the city it stands in (from 0)")
    squares: list[int] = Field(description="the city squares it covers")


class PlayerView(PublicModel):
    """One player's holdings as the viewer may see them (in phase 2, the others' cities as they stood
    at the start of the phase)."""

    goods: list[int] = Field(description=f"goods held, {BY_GOOD}")
    cities: list[int] = Field(description="the centre hex of each city, in founding order")
    inns: list[int] = Field(description="the hexes of the player's inns")
    city_squares: list[list[int]] = Field(
        description="per city, per square (row by row): the building standing there (index in buildings), or -1"
    )
    graves: list[list[bool]] = Field(description="per city, per square: whether a grave lies there")
    buildings: list[CityBuilding | None] = Field(description="the city buildings by index (null: demolished)")
    manned: list[bool] = Field(description="per building: whether a worker mans it this round")
    houses_built: int = Field(description="the houses built, as bits (bit n set: house n built)")
    saint: int = Field(description="the saint chosen (0 Nicholas, 1 Barbara, 2 Christopher, 3 George, 4 Maria), or -1")
    previous_saint: int = Field(description="the saint of the cathedral demolished by theology, or -1")
    cathedral_demolished_round: int = Field(description="the round a cathedral was demolished in, or -1")
    countryside_buildings: int = Field(description="countryside buildings worked (each holds one of the workers)")
    alive: bool = Field(description="whether the player is still in the game")
    eliminated_round: int = Field(description="the round the player was eliminated in (0: still in)")
    theology_used: bool = Field(description="whether theology was used this round")
    biology_used: bool = Field(description="whether biology was used this round")
    alchemy_used: bool = Field(description="whether alchemy was used this round")
    workers_healed: int = Field(description="workers healed by the hospital this round")
    plan_steps: int = Field(description="decisions taken in this phase-2 plan (0 for others' hidden plans)")
    new_cathedrals: int = Field(description="cathedrals built this round (St. George's fish)")
    supply_buildings_bought: list[tuple[int, int]] = Field(
        description="public-supply buildings taken this phase 2: (building index, good paid)"
    )
    bank_trades: list[tuple[int, int, int]] = Field(
        description="bank trades this phase 2: (good given, good given, good taken)"
    )
    pending: PendingStep | None = Field(description="the decision in progress (null: none, or hidden)")


class Tile(PublicModel):
    tile: int = Field(description="the place of the tile on the map (number)")
    face: int = Field(description="the tile face laid up (number in the data file)")
    mirror: int = Field(description="whether the tile is mirrored (1) or not (0)")
    rotation: int = Field(description="sixth turns of the tile (0-5)")


class Producer(PublicModel):
    kind: int = Field(description="the countryside building (0 woodcutter, 1 farm, 2 mine, 3 fisherman)")
    owner: int = Field(description="the player who built it (from 0)")
    good: int = Field(description="the good it yields (good number)")
    sites: list[int] = Field(description="the hexes it occupies")
    hexes_around: list[int] = Field(description="the hexes around it where it puts out goods")


class TradeOffer(PublicModel):
    offerer: int = Field(description="the player making the offer (from 0)")
    partner: int = Field(description="the player it is made to (from 0)")
    proposed: bool = Field(description="whether it is proposed (the partner answers) or still being built")


class Harvest(PublicModel):
    producer: int = Field(description="the producer harvested now or next (index in producers)")
    goods_taken: int = Field(description="goods taken so far")
    goods_kept: int = Field(description="goods kept so far")


class AntiquityObservation(PublicModel):
    """What a player (or a spectator) sees of a game of Antiquity; hexes are numbered as in the board view."""

    player_count: int = Field(description="players in the game")
    beginner_variant: bool = Field(description="the beginner variant: no famine, no pollution")
    round_limit: int = Field(description="the game ends after this round if nobody won")
    tiles: list[Tile] = Field(description="the map tiles laid at setup")
    terrain: str = Field(description="per hex, its terrain: F forest, P grass, M mountain, W water")
    polluted: list[bool] = Field(description="per hex: whether it is polluted")
    hex_goods: list[int] = Field(description="per hex: the good lying there (good number), or -1")
    hex_producers: list[int] = Field(description="per hex: the producer whose good lies there, or -1")
    hex_occupants: list[int] = Field(
        description="per hex: -1 empty, 0-3 a city of player 1-4, 4-7 an inn of player 1-4, 8+ producer 0, 1, ..."
    )
    exploration_tokens: list[bool] = Field(description="per hex: whether an exploration token lies there")
    revealed_tokens: list[int] = Field(description=f"exploration tokens turned so far, {BY_GOOD}")
    exploration_tokens_left: int = Field(description="exploration tokens not yet turned or covered")
    mountain_range_products: list[int] = Field(description="per mountain range: the good its mines yield, or -1")
    producers: list[Producer | None] = Field(description="the countryside producers by number (null: gone)")
    fishermen: int = Field(description="fishermen built")
    famine: int = Field(description="the famine level")
    round: int = Field(description="the round (0 during setup)")
    phase: int = Field(
        description="the phase: 0 setup, 2 city building, 20 trades, 4 country building, 5 store, 6 harvest, "
        "7 exploration, 8 famine, 9 pollution, 11 over"
    )
    turn_order: list[int] = Field(description="the players in turn order")
    turn: int = Field(description="whose turn: the index in turn_order")
    pollution_due: list[int] = Field(description="per player: pollution still to place")
    graves_due: list[int] = Field(description="per player: graves still to place")
    cathedrals_built: int = Field(description="cathedrals built")
    winners: list[int] = Field(description="the winners (from 0)")
    qualified: list[int] = Field(description="the players who met the victory condition")
    goods_kept: list[int] = Field(description=f"phase 5: the goods kept so far by the player choosing, {BY_GOOD}")
    trade_offer: TradeOffer | None = Field(description="the trade offer open (null: none)")
    offers_made: list[int] = Field(description="per player: trade offers made this round")
    offered_goods: list[int] = Field(description=f"the goods the offerer gives, {BY_GOOD}")
    asked_goods: list[int] = Field(description=f"the goods the offerer asks for, {BY_GOOD}")
    harvest: Harvest | None = Field(description="phase 6: the harvest in progress (null: none)")
    players: list[PlayerView] = Field(description="every player's holdings, by player number")
