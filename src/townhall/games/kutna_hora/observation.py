"""The public observation of Kutná Hora (KH-IO-3: everything but the hidden parts of stacks, decks
and events) and `determinize`.

`KutnaHoraObservation` (observation_model.py) is the public contract (full words, published as
docs/schemas/kutna-hora/observation.schema.json); `observation` builds data of that shape as plain
dicts and lists, apart from the private save format of `to_json`.
"""

from __future__ import annotations

import random
from typing import TypeVar

from townhall.engine.protocol import Json
from townhall.games.kutna_hora import economy
from townhall.games.kutna_hora.position import PHASES, KutnaHoraPosition
from townhall.games.kutna_hora.scoring import FINAL_PARTS
from townhall.games.kutna_hora.steps import STEP_NAMES, Step

P = TypeVar("P", bound=KutnaHoraPosition)


def _step(step: Step) -> dict[str, Json]:
    name, fields = STEP_NAMES[type(step)]
    out: dict[str, Json] = {"step": name}
    for field in fields:
        out[field] = getattr(step, field)
    return out


def _player(position: KutnaHoraPosition, seat: int) -> dict[str, Json]:
    used = position.used_cards[seat]
    return {
        "guilds": list(position.guilds[seat]),
        "money": position.money[seat],
        "points": position.points[seat],
        "reputation": position.reputation[seat],
        "production": list(position.production[seat]),
        "ore_from_mines": position.ore_from_mines[seat],
        "houses": list(position.houses[seat]),
        "licences": list(position.slots[seat]),
        "plots": list(position.plots[seat]),
        "pelicans_unused": position.pelicans_unused[seat],
        "pelicans_used": position.pelicans_used[seat],
        "miners_in_pool": position.pool[seat],
        "miners_in_reserve": position.reserve[seat],
        "cards_used": [card for card in range(used.bit_length()) if used >> card & 1],
        "turns_done": position.turns_done[seat],
    }


def observation(position: KutnaHoraPosition, player: int | None) -> dict[str, Json]:
    """KH-IO-3: everything but the hidden parts of stacks, decks and events (counted, not shown);
    the same for every seat and spectators, as nothing is private to one player."""
    bottoms = position.stack_bottom
    stacks: list[Json] = [
        {"top_building": top, "hidden_tiles": len(hidden) + (bottoms[stack] >= 0)}
        for stack, (top, hidden) in enumerate(zip(position.stack_top, position.stack_hidden, strict=True))
    ]
    return {
        "viewer": player,
        "player_count": position.num_players,
        "rounds": position.rounds,
        "red_nobles_round": position.red_after,
        "events_enabled": position.events_enabled,
        "first_game": position.first_game,
        "board_side": position.side,
        "town_columns": position.town_columns,
        "phase": PHASES[position.phase],
        "round": position.round,
        "start_player": position.start,
        "current_player": position.current,
        "cards_left_in_turn": position.cards_in_turn,
        "card_in_play": position.in_card,
        "technology_tiles_taken": position.technology_taken,
        "population_deck_position": position.population_position,
        "ore_deck_position": position.ore_position,
        "tax": position.tax,
        "red_nobles_waiting": position.red_nobles_waiting,
        "barbara_tiles_turned": position.barbara_next,
        "guild_setup_card": position.setup_card,
        "current_event": position.event_current if position.event_current >= 0 else None,
        "prices": [economy.price(position, good) for good in range(6)],
        "price_sliders": list(position.sliders),
        "players": [_player(position, seat) for seat in range(position.num_players)],
        "town": {
            "buildings": list(position.town),
            "owners": list(position.town_owner),
            "plot_markers": list(position.town_plot),
        },
        "mine": {
            "tiles": list(position.mine),
            "owners": list(position.mine_owner),
            "rock_stars": list(position.rock_stars),
            "layers_left": [len(layer) for layer in position.layers],
            "discarded": list(position.discard),
            "drawn": list(position.drawn),
        },
        "town_hall": {"rows": [list(row) for row in position.hall], "stacks": stacks},
        "nobles": {
            "bank": list(position.bank),
            "pool": list(position.noble_pool),
            "council": list(position.council),
        },
        "event_cards_left": [len(deck) for deck in position.events_left],
        "pending_steps": [_step(step) for step in position.tasks],
        "players_owing_tax": list(position.tax_queue),
        "guild_set_owners": list(position.set_owner),
        "guild_set_choosers": list(position.choosers),
        "final_scoring": [dict(zip(FINAL_PARTS, parts, strict=True)) for parts in position.final],
    }


def determinize(position: P, player: int, rng: random.Random) -> P:
    """Hidden parts are multisets fixed by public information; no order is stored, so a copy will do."""
    return position.clone()
