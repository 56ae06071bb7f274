"""The public observation's model: the shape `observation.observation` builds, in full words
(pydantic), published as docs/schemas/my-city/observation.schema.json and checked by the tests.

Apart from observation.py so that `determinize` (every search iteration) stays compiled: mypyc
cannot compile pydantic models; nothing in play builds these models.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from townhall.engine.observation_model import PublicModel

CARD = "a card: a piece id (e.g. 'YL4', see data/pieces.json) or 'blockade'"
CELLS_TEXT = "cells by name: column letter A-K, then row number 1-11 (e.g. 'C4')"


class Building(PublicModel):
    piece: str = Field(description="the piece id of the building (e.g. 'YL4'; 'PAL' is the chapter 8 palace)")
    cells: list[str] = Field(description=f"the cells it covers, in board order; {CELLS_TEXT}")


class FinalScoring(PublicModel):
    """Only the items the episode scores are present."""

    trees: int | None = Field(None, description="points for uncovered trees (+1 a tree)")
    rocks: int | None = Field(None, description="points for uncovered rocks (-1 a rock)")
    yellow: int | None = Field(None, description="points for the largest group of yellow buildings")
    red: int | None = Field(None, description="points for the largest group of red buildings")
    blue: int | None = Field(None, description="points for the largest group of blue buildings")
    churches: int | None = Field(None, description="points for churches touching yellow, red and blue")
    wells: int | None = Field(None, description="points for wells surrounded by four different buildings")
    railroad: int | None = Field(None, description="points for buildings on the bottom row (the railroad)")
    mine: int | None = Field(None, description="points for the depth reached in the mine shafts")
    parks: int | None = Field(None, description="points for parks")
    empty: int | None = Field(None, description="points for empty light-green cells (-1 a cell)")


class Player(PublicModel):
    score: int = Field(description="the position of the player's score marker")
    frozen: bool = Field(description="the score marker has reached the cap (campaign: 50) and stays there")
    progress_marks: int = Field(description="campaign progress marks earned in this episode")
    passes: int = Field(description="how many times the player has passed")
    active: bool = Field(description="the player still plays (false once they have exited)")
    decided: bool = Field(description="the player has chosen what to do with the revealed card (not what)")
    buildings: list[Building] = Field(description="the buildings on the player's board, in the order built")
    final_scoring: FinalScoring | None = Field(description="the end-of-game points by item; null until the end")


class MineShaft(PublicModel):
    colour: str = Field(description="the colour of the buildings that go down this shaft (yellow, red or blue)")
    cells: list[str] = Field(description=f"the shaft's cells, entrance first; {CELLS_TEXT}")


class Chapter(PublicModel):
    fourth_church: str | None = Field(description="the piece id of the 4th church (chapter 2), null when none")
    new_land: list[str] = Field(
        description=f"mountain or forest cells that are light green now (chapter 4); {CELLS_TEXT}"
    )
    mine_shafts: list[MineShaft] = Field(description="the mine shafts (chapter 6)")
    mine_shaft_points: list[int] = Field(description="points of a mine shaft by the depth reached (0, 1, 2, ...)")
    removed_pieces: list[str] = Field(description="piece ids taken out of the deck (chapter 8)")
    park_points: int = Field(description="points per park (chapter 8), 0 when parks do not score")
    park_minimum_cells: int = Field(description="the fewest cells a park has (chapter 8)")


class Choice(PublicModel):
    kind: Literal["place", "pass", "exit"] = Field(description="build the revealed card, pass or exit the game")
    piece: str | None = Field(None, description="place: the piece id built")
    cell: str | None = Field(None, description="place: the top-left cell of the drawing of the turned piece")
    rotation: int | None = Field(None, description="place: quarter turns clockwise (0-3)")


class MyCityObservation(PublicModel):
    """The view of one seat (or of a spectator) of a My City game."""

    mode: Literal["evergreen", "campaign"] = Field(description="the evergreen game or one campaign episode")
    episode: int = Field(description="the campaign episode (1-24); 0 in the evergreen game")
    card: str | None = Field(description=f"the revealed card everyone decides on now, null once over; {CARD}")
    remaining_cards: list[str] = Field(description="the cards not revealed yet (sorted: the order is unknown)")
    revealed_cards: list[str] = Field(description="the cards revealed so far, in order, the blockade included")
    blocked_cards: list[str] = Field(description="the cards set aside by the blockade (nobody built them)")
    gold_claimed: bool = Field(description="someone has covered both gold mines (their bonus is gone)")
    game_over: bool = Field(description="the game has ended")
    players: list[Player] = Field(description="each player by seat (seat 0 first)")
    chapter: Chapter | None = Field(description="the campaign chapter's rules in force; null in the evergreen game")
    viewer: int | None = Field(description="the seat this view is for; null for a spectator")
    own_choice: Choice | None = Field(
        description="the viewer's own choice on the revealed card, null while undecided or for a spectator"
    )
