"""Generated from FIELDS in position.py by `python -m townhall.cli.fields`: edit the declaration, not this."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from townhall.engine.protocol import Json
from townhall.games.kutna_hora.steps import step_from_json, step_to_json

if TYPE_CHECKING:
    from .position import KutnaHoraPosition


def copy_fields(source: KutnaHoraPosition, copy: KutnaHoraPosition) -> None:
    """The clone: every field of `source` onto the blank `copy`."""
    copy.num_players = source.num_players
    copy.rounds = source.rounds
    copy.red_after = source.red_after
    copy.events_enabled = source.events_enabled
    copy.first_game = source.first_game
    copy.side = source.side
    copy.town_columns = source.town_columns
    copy.phase = source.phase
    copy.round = source.round
    copy.start = source.start
    copy.current = source.current
    copy.cards_in_turn = source.cards_in_turn
    copy.in_card = source.in_card
    copy.technology_taken = source.technology_taken
    copy.population_position = source.population_position
    copy.ore_position = source.ore_position
    copy.tax = source.tax
    copy.red_nobles_waiting = source.red_nobles_waiting
    copy.barbara_next = source.barbara_next
    copy.setup_card = source.setup_card
    copy.event_current = source.event_current
    copy.guilds = [row.copy() for row in source.guilds]
    copy.money = source.money.copy()
    copy.points = source.points.copy()
    copy.reputation = source.reputation.copy()
    copy.production = [row.copy() for row in source.production]
    copy.ore_from_mines = source.ore_from_mines.copy()
    copy.houses = [row.copy() for row in source.houses]
    copy.slots = [row.copy() for row in source.slots]
    copy.plots = [row.copy() for row in source.plots]
    copy.pelicans_unused = source.pelicans_unused.copy()
    copy.pelicans_used = source.pelicans_used.copy()
    copy.pool = source.pool.copy()
    copy.reserve = source.reserve.copy()
    copy.used_cards = source.used_cards.copy()
    copy.turns_done = source.turns_done.copy()
    copy.town = source.town.copy()
    copy.town_owner = source.town_owner.copy()
    copy.town_plot = source.town_plot.copy()
    copy.mine = source.mine.copy()
    copy.mine_owner = source.mine_owner.copy()
    copy.rock_stars = source.rock_stars
    copy.layers = [row.copy() for row in source.layers]
    copy.discard = source.discard.copy()
    copy.drawn = source.drawn.copy()
    copy.sliders = source.sliders.copy()
    copy.hall = [row.copy() for row in source.hall]
    copy.stack_top = source.stack_top.copy()
    copy.stack_hidden = [row.copy() for row in source.stack_hidden]
    copy.stack_bottom = source.stack_bottom.copy()
    copy.bank = source.bank.copy()
    copy.noble_pool = source.noble_pool.copy()
    copy.council = source.council.copy()
    copy.events_left = [row.copy() for row in source.events_left]
    copy.tasks = source.tasks.copy()
    copy.tax_queue = source.tax_queue.copy()
    copy.set_owner = source.set_owner.copy()
    copy.choosers = source.choosers.copy()
    copy.final = [row.copy() for row in source.final]
    copy.town_revision = source.town_revision
    copy.mine_revision = source.mine_revision
    copy.hall_revision = source.hall_revision
    copy.market_revision = source.market_revision
    copy.figures_revision = source.figures_revision.copy()


def save_fields(position: KutnaHoraPosition) -> dict[str, Json]:
    """The save format: every field with a key, in declaration order."""
    return {
        "num_players": position.num_players,
        "rounds": position.rounds,
        "red_after": position.red_after,
        "events_on": position.events_enabled,
        "first_game": position.first_game,
        "side": position.side,
        "cols": position.town_columns,
        "phase": position.phase,
        "round": position.round,
        "start": position.start,
        "current": position.current,
        "cards_in_turn": position.cards_in_turn,
        "in_card": position.in_card,
        "tech_taken": position.technology_taken,
        "pop_pos": position.population_position,
        "ore_pos": position.ore_position,
        "tax": position.tax,
        "red_waiting": position.red_nobles_waiting,
        "barbara_next": position.barbara_next,
        "setup_card": position.setup_card,
        "ev_current": position.event_current,
        "guilds": [row.copy() for row in position.guilds],
        "money": position.money.copy(),
        "points": position.points.copy(),
        "rep": position.reputation.copy(),
        "prod": [row.copy() for row in position.production],
        "ore_mine": position.ore_from_mines.copy(),
        "houses": [row.copy() for row in position.houses],
        "slots": [row.copy() for row in position.slots],
        "plots": [row.copy() for row in position.plots],
        "pel_unused": position.pelicans_unused.copy(),
        "pel_used": position.pelicans_used.copy(),
        "pool": position.pool.copy(),
        "reserve": position.reserve.copy(),
        "used_cards": position.used_cards.copy(),
        "turns_done": position.turns_done.copy(),
        "town": position.town.copy(),
        "town_owner": position.town_owner.copy(),
        "town_plot": position.town_plot.copy(),
        "mine": position.mine.copy(),
        "mine_owner": position.mine_owner.copy(),
        "rock_stars": position.rock_stars.copy(),
        "layers": [row.copy() for row in position.layers],
        "discard": position.discard.copy(),
        "drawn": position.drawn.copy(),
        "sliders": position.sliders.copy(),
        "hall": [row.copy() for row in position.hall],
        "stack_top": position.stack_top.copy(),
        "stack_hidden": [row.copy() for row in position.stack_hidden],
        "stack_bottom": position.stack_bottom.copy(),
        "bank": position.bank.copy(),
        "noble_pool": position.noble_pool.copy(),
        "council": position.council.copy(),
        "ev_left": [row.copy() for row in position.events_left],
        "tasks": [step_to_json(step) for step in position.tasks],
        "tax_queue": position.tax_queue.copy(),
        "set_owner": position.set_owner.copy(),
        "choosers": position.choosers.copy(),
        "final": [row.copy() for row in position.final],
    }


def load_fields(position: KutnaHoraPosition, data: dict[str, Any]) -> None:
    """Every saved field back from the save format (the others are the class's to set)."""
    position.num_players = data["num_players"]
    position.rounds = data["rounds"]
    position.red_after = data["red_after"]
    position.events_enabled = data["events_on"]
    position.first_game = data["first_game"]
    position.side = data["side"]
    position.town_columns = data["cols"]
    position.phase = data["phase"]
    position.round = data["round"]
    position.start = data["start"]
    position.current = data["current"]
    position.cards_in_turn = data["cards_in_turn"]
    position.in_card = data["in_card"]
    position.technology_taken = data["tech_taken"]
    position.population_position = data["pop_pos"]
    position.ore_position = data["ore_pos"]
    position.tax = data["tax"]
    position.red_nobles_waiting = data["red_waiting"]
    position.barbara_next = data["barbara_next"]
    position.setup_card = data["setup_card"]
    position.event_current = data["ev_current"]
    position.guilds = [list(row) for row in data["guilds"]]
    position.money = list(data["money"])
    position.points = list(data["points"])
    position.reputation = list(data["rep"])
    position.production = [list(row) for row in data["prod"]]
    position.ore_from_mines = list(data["ore_mine"])
    position.houses = [list(row) for row in data["houses"]]
    position.slots = [list(row) for row in data["slots"]]
    position.plots = [list(row) for row in data["plots"]]
    position.pelicans_unused = list(data["pel_unused"])
    position.pelicans_used = list(data["pel_used"])
    position.pool = list(data["pool"])
    position.reserve = list(data["reserve"])
    position.used_cards = list(data["used_cards"])
    position.turns_done = list(data["turns_done"])
    position.town = list(data["town"])
    position.town_owner = list(data["town_owner"])
    position.town_plot = list(data["town_plot"])
    position.mine = list(data["mine"])
    position.mine_owner = list(data["mine_owner"])
    position.rock_stars = list(data["rock_stars"])
    position.layers = [list(row) for row in data["layers"]]
    position.discard = list(data["discard"])
    position.drawn = list(data["drawn"])
    position.sliders = list(data["sliders"])
    position.hall = [list(row) for row in data["hall"]]
    position.stack_top = list(data["stack_top"])
    position.stack_hidden = [list(row) for row in data["stack_hidden"]]
    position.stack_bottom = list(data["stack_bottom"])
    position.bank = list(data["bank"])
    position.noble_pool = list(data["noble_pool"])
    position.council = list(data["council"])
    position.events_left = [list(row) for row in data["ev_left"]]
    position.tasks = [step_from_json(step) for step in data["tasks"]]
    position.tax_queue = list(data["tax_queue"])
    position.set_owner = list(data["set_owner"])
    position.choosers = list(data["choosers"])
    position.final = [list(row) for row in data["final"]]
