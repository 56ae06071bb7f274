"""What a player may see (ANT-IO-3): the public observation and the determinization of hidden
facts.

The observation is a public contract (published as docs/schemas/antiquity/observation.schema.json),
apart from the private save format `to_json()`. It is built as plain dicts and lists; the pydantic
models of observation_model.py only describe it (and validate it in the tests).
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any, Final

from townhall.engine import Json
from townhall.games.antiquity import actions as A
from townhall.games.antiquity.data import DATA
from townhall.games.antiquity.player import Player
from townhall.games.antiquity.position import PLAN, AntiquityPosition
from townhall.games.antiquity.steps import STEP_KINDS, BuildJob, CityJob, HouseJob, InnJob, ProducerJob, Step

TOKENS_EACH: Final = tuple(DATA.exploration.count(g) for g in range(10))  # exploration tokens per player, by good


# The public names of the pending steps and of the jobs a payment finishes.
STEP_NAMES: Final = {
    "place": "place_building",
    "arrange": "arrange",
    "hplace": "place_house",
    "fplace": "place_free_house",
    "pay": "pay",
    "saint": "choose_saint",
    "nicholas": "offer_free_house",
    "bank": "bank_give_first",
    "bank2": "bank_give_second",
    "bank3": "bank_take",
    "graveto": "move_grave",
    "site": "country_site",
    "site2": "fisherman_partner",
    "fgood": "choose_product",
}
JOB_NAMES: Final = {
    BuildJob.tag: "build",
    HouseJob.tag: "house",
    ProducerJob.tag: "producer",
    InnJob.tag: "inn",
    CityJob.tag: "city",
}


assert set(STEP_NAMES) == {kind.tag for kind in STEP_KINDS}


def observation(position: AntiquityPosition, player: int | None) -> dict[str, Json]:
    """ANT-IO-3: others' phase-2 plans stay hidden (their start-of-phase city shows); tokens hidden."""
    views: list[Json] = []
    for q in range(position.num_players):
        snap = position.snapshots[q]
        hidden = position.phase == PLAN and q != player
        if hidden and snap is not None:
            views.append(player_view(snap, steps_hidden=True, pending_hidden=True))
        else:
            views.append(player_view(position.players[q], steps_hidden=hidden, pending_hidden=False))
    offer = position.offer
    harvest = position.harvest
    return {
        "player_count": position.num_players,
        "beginner_variant": position.beginner,
        "round_limit": position.max_rounds,
        "tiles": [{"tile": t[0], "face": t[1], "mirror": t[2], "rotation": t[3]} for t in position.tiles],
        "terrain": "".join(position.terrain),
        "polluted": position.polluted[:],
        "hex_goods": position.hex_goods[:],
        "hex_producers": position.hex_producer[:],
        "hex_occupants": position.hex_occupant[:],
        "exploration_tokens": position.token[:],
        "revealed_tokens": position.revealed[:],
        "exploration_tokens_left": sum(position.token_pool),
        "mountain_range_products": position.range_product[:],
        "producers": [
            None
            if pr is None
            else {"kind": pr[0], "owner": pr[1], "good": pr[2], "sites": list(pr[3]), "hexes_around": list(pr[4])}
            for pr in position.producers
        ],
        "fishermen": position.fishermen,
        "famine": position.famine,
        "round": position.round,
        "phase": position.phase,
        "turn_order": position.order[:],
        "turn": position.turn,
        "pollution_due": position.pollution_due[:],
        "graves_due": position.graves_due[:],
        "cathedrals_built": position.cathedrals_built,
        "winners": position.winners[:],
        "qualified": position.qualified[:],
        "goods_kept": position.kept[:],
        "trade_offer": {"offerer": offer[0], "partner": offer[1], "proposed": bool(offer[2])} if offer else None,
        "offers_made": position.offers[:],
        "offered_goods": position.give[:],
        "asked_goods": position.ask[:],
        "harvest": ({"producer": harvest[0], "goods_taken": harvest[1], "goods_kept": harvest[2]} if harvest else None),
        "players": views,
    }


def player_view(pl: Player, steps_hidden: bool, pending_hidden: bool) -> dict[str, Json]:
    """A player's holdings, the steps of a secret plan and the pending decision left out on demand."""
    return {
        "goods": pl.goods[:],
        "cities": pl.cities[:],
        "inns": pl.inns[:],
        "city_squares": [g[:] for g in pl.grid],
        "graves": [g[:] for g in pl.graves],
        "buildings": [None if b is None else {"type": b[0], "city": b[1], "squares": list(b[2])} for b in pl.buildings],
        "manned": pl.manned[:],
        "houses_built": pl.houses,
        "saint": pl.saint,
        "previous_saint": pl.old_saint,
        "cathedral_demolished_round": pl.demolished,
        "countryside_buildings": pl.country_buildings,
        "alive": pl.alive,
        "eliminated_round": pl.out_round,
        "theology_used": pl.theology_used,
        "biology_used": pl.biology_used,
        "alchemy_used": pl.alchemy_used,
        "workers_healed": pl.healed,
        "plan_steps": 0 if steps_hidden else pl.steps,
        "new_cathedrals": pl.new_cathedral,
        "supply_buildings_bought": [list(x) for x in pl.bought],
        "bank_trades": [list(x) for x in pl.banked],
        "pending": None if pending_hidden or pl.pending is None else step_view(pl.pending),
    }


def step_view(step: Step) -> dict[str, Json]:
    """A pending step as a named record: its public kind and its fields."""
    data: dict[str, Json] = {"kind": STEP_NAMES[step.tag]}
    for field in fields(step):
        value = getattr(step, field.name)
        name = "kind_of_building" if field.name == "kind" else field.name
        if field.name == "job":
            job: dict[str, Json] = {"kind": JOB_NAMES[value.tag]}
            for job_field in fields(value):
                job_name = "kind_of_building" if job_field.name == "kind" else job_field.name
                job[job_name] = listed(getattr(value, job_field.name))
            data["job"] = job
        elif field.name == "need":
            food, food_different, luxuries, luxuries_different, food_used, luxuries_used = value
            data["need"] = {
                "food_left": food,
                "food_different": food_different,
                "luxuries_left": luxuries,
                "luxuries_different": luxuries_different,
                "food_used": list(food_used),
                "luxuries_used": list(luxuries_used),
            }
        else:
            data[name] = listed(value)
    return data


def listed(value: Any) -> Json:
    """Tuples (nested) as lists."""
    return [listed(item) for item in value] if isinstance(value, tuple) else value


def determinize(copy: AntiquityPosition, position: AntiquityPosition, player: int, rng: random.Random) -> None:
    """Fill the copy's hidden facts with a guess: unseen removed tokens, and others' phase-2 plans."""
    # Unseen removed tokens: any of the tokens not yet revealed.
    n = len(position.players)
    pool = [n * TOKENS_EACH[g] - position.revealed[g] for g in range(10)]
    total = sum(pool)
    for _ in range(position.unseen_removed):
        # one token of the bag, uniformly (the same draw as rng.choice over the bag laid out in order)
        k = rng.choice(range(total))
        g = 0
        while k >= pool[g]:
            k -= pool[g]
            g += 1
        pool[g] -= 1
        total -= 1
    copy.token_pool = pool
    if position.phase == PLAN:
        for q in range(position.num_players):
            snap = position.snapshots[q]
            if q != player and snap is not None:
                copy.players[q] = snap.clone()  # their plan is unknown: start it afresh
                copy.done[q] = False


def private_step(position: AntiquityPosition, player: int, action: int) -> bool:
    """ANT-IO-3: a phase-2 plan step shows the others nothing, but the last planner's "done", which
    ends the phase and reveals every plan."""
    if position.phase != PLAN:
        return False
    last = all(position.done[q] for q in range(position.num_players) if q != player)
    return not (last and A.SPACE.decode(action)[0] == "done")


def movers_seen_by(position: AntiquityPosition, viewer: int | None) -> tuple[int, ...]:
    """ANT-IO-3: in phase 2 the others cannot tell who has finished planning: everyone who began a
    plan shows as planning until the phase ends (a viewer knows their own)."""
    if position.phase != PLAN:
        return position.to_move()
    done, snapshots = position.done, position.snapshots
    return tuple([q for q in range(position.num_players) if (not done[q] if q == viewer else snapshots[q] is not None)])
