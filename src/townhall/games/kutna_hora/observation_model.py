"""The public observation's model: the shape `observation.observation` builds, in full words
(pydantic), published as docs/schemas/kutna-hora/observation.schema.json and checked by the tests.

Apart from observation.py so that `determinize` (every search iteration) stays compiled: mypyc
cannot compile pydantic models; nothing in play builds these models.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from townhall.engine.observation_model import PublicModel

StepName = Literal[
    "start_mine",
    "buy_miners",
    "draw_mine_tiles",
    "keep_mine_tile",
    "place_mine",
    "place_technology",
    "take_licence",
    "buy_plot",
    "build_building",
    "take_income",
    "seat_noble",
    "resolve_barbara_tile",
    "remove_house",
    "score_building",
    "optional_icon",
    "turn_barbara_tile_down",
]
PhaseName = Literal["choose guild sets", "order guild markers", "play", "tax", "over"]


class PlayerObservation(PublicModel):
    """One player's figures, guilds, buildings held and plots (all public)."""

    guilds: list[int] = Field(description="the player's guilds by the good they make (0 wood .. 5 silver), best first")
    money: int = Field(description="groschen")
    points: int = Field(description="victory points so far")
    reputation: int = Field(description="position on the reputation track")
    production: list[int] = Field(description="production per good (0 wood .. 5 silver)")
    ore_from_mines: int = Field(description="ore the player's mine tiles add to production")
    houses: list[int] = Field(description="houses left on each of the player's three guild rows")
    licences: list[int] = Field(description="building tiles (by index) taken as licences and not yet built")
    plots: list[int] = Field(description="town cells holding the player's plot markers")
    pelicans_unused: int = Field(description="pelican tokens still to be used for St. Barbara actions")
    pelicans_used: int = Field(description="pelican tokens already used")
    miners_in_pool: int = Field(description="miners ready to work")
    miners_in_reserve: int = Field(description="miners beside the pool, to be bought with permits")
    cards_used: list[int] = Field(description="action cards (from 0) played this round")
    turns_done: int = Field(description="turns the player has finished this round")


class TownObservation(PublicModel):
    """The town board, cell by cell (row by row, `town_columns` cells a row)."""

    buildings: list[int] = Field(description="per cell: the building tile built there (-1: none)")
    owners: list[int] = Field(description="per cell: the seat owning the building (-1: none or public)")
    plot_markers: list[int] = Field(description="per cell: the seat whose plot marker is there (-1: none)")


class MineObservation(PublicModel):
    """The mine board (row by row) and the mine tiles around it."""

    tiles: list[int] = Field(description="per cell: the mine or technology tile there (-1: empty, -2: rock)")
    owners: list[int] = Field(description="per cell: the seat owning the tile (-1: none)")
    rock_stars: list[int] = Field(description="per cell: stars printed on the rock there")
    layers_left: list[int] = Field(description="face-down mine tiles left in each layer of the deck, from the top")
    discarded: list[int] = Field(description="mine tiles (by index) on the discard pile")
    drawn: list[int] = Field(description="mine tiles (by index) drawn by the player to move, to keep one")


class StackObservation(PublicModel):
    """A building stack of the town hall: only its top tile is face up."""

    top_building: int = Field(description="the face-up building tile on top (-1: the stack is empty)")
    hidden_tiles: int = Field(description="face-down tiles below the top")


class TownHallObservation(PublicModel):
    """The town hall: rows of building stacks, emptied stacks gone and the rest slid left."""

    rows: list[list[int]] = Field(description="per row: the stacks (by index into `stacks`) from left to right")
    stacks: list[StackObservation] = Field(description="every building stack, by index")


class NoblesObservation(PublicModel):
    """The nobles by colour (0 green, 1 silver, 2 yellow, 3 red)."""

    bank: list[int] = Field(description="nobles in the bank per colour")
    pool: list[int] = Field(description="nobles in the pool per colour, to be seated for money")
    council: list[int] = Field(description="nobles seated in the council per colour")


class PendingStep(PublicModel):
    """A part of the current action still to be decided or run (the last one is the current one)."""

    step: StepName = Field(description="what the step is")
    flags: int | None = Field(None, description="mine actions: 1 no wood cost, 2 miners from beside the pool first")
    tile: int | None = Field(None, description="the mine, technology or St. Barbara tile the step is about")
    mode: int | None = Field(None, description="0 the paid action, else a free form of it (a St. Barbara effect)")
    icon: int | None = Field(
        None, description="optional icon: 0 slider, 1 ore slider left, 2 St. Barbara, 3 population"
    )
    argument: int | None = Field(None, description="optional icon: the good or the amount")


class FinalScoring(PublicModel):
    """A player's points from the final scoring, by part."""

    town: int = Field(description="points for the player's buildings in town")
    mines: int = Field(description="points for the player's mines")
    income: int = Field(description="points for income")
    reputation: int = Field(description="points for reputation")
    leftovers: int = Field(description="a point per licence, plot marker and unused pelican left")


class KutnaHoraObservation(PublicModel):
    """What a player (or a spectator) sees of a Kutná Hora position (KH-IO-3)."""

    viewer: int | None = Field(description="the seat this observation is for (null: a spectator)")
    player_count: int = Field(description="number of players")
    rounds: int = Field(description="rounds in the game")
    red_nobles_round: int = Field(
        description="the round at whose end the red nobles enter; later rounds draw events from the second deck"
    )
    events_enabled: bool = Field(description="whether event cards are played")
    first_game: bool = Field(description="whether the first-game guild setup is used")
    board_side: int = Field(description="the town board side in use (by player count)")
    town_columns: int = Field(description="cells in a row of the town board")
    phase: PhaseName = Field(description="the phase of the game")
    round: int = Field(description="the current round, from 1")
    start_player: int = Field(description="the seat that starts the round")
    current_player: int = Field(description="the seat to move")
    cards_left_in_turn: int = Field(description="cards the player to move still plays this turn")
    card_in_play: bool = Field(description="whether a played card's action is still being carried out")
    technology_tiles_taken: int = Field(description="technology tiles taken so far")
    population_deck_position: int = Field(description="position on the population deck")
    ore_deck_position: int = Field(description="position on the ore deck")
    tax: int = Field(description="the tax on the tax track")
    red_nobles_waiting: bool = Field(description="whether the red nobles have yet to enter the town hall")
    barbara_tiles_turned: int = Field(description="St. Barbara tiles turned face down (the next one is this index)")
    guild_setup_card: int = Field(description="the guild setup card in use")
    current_event: int | None = Field(description="the face-up event card (null: none)")
    prices: list[int] = Field(description="the price of each good now (0 wood .. 5 silver)")
    price_sliders: list[int] = Field(description="the column of each good's price slider")
    players: list[PlayerObservation] = Field(description="every player, by seat")
    town: TownObservation = Field(description="the town board")
    mine: MineObservation = Field(description="the mine board and its tiles")
    town_hall: TownHallObservation = Field(description="the town hall's building stacks")
    nobles: NoblesObservation = Field(description="the nobles")
    event_cards_left: list[int] = Field(description="face-down event cards left in each of the two decks")
    pending_steps: list[PendingStep] = Field(
        description="the current action's steps still to come (the last one is the current one)"
    )
    players_owing_tax: list[int] = Field(description="seats still to pay the round's tax, in order")
    guild_set_owners: list[int] = Field(description="per guild set on the setup card: the seat that took it (-1: none)")
    guild_set_choosers: list[int] = Field(description="seats still to choose a guild set, in order")
    final_scoring: list[FinalScoring] = Field(description="per seat, the final scoring (empty before the end)")
