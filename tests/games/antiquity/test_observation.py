"""The public observation (ANT-IO-3): the shape of AntiquityObservation, in full words, along random
games; and others' secret plans invisible to whoever may not see them."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.games.antiquity.helpers import act, flat, give, hexname, hx, new, start_centre, to_country
from townhall.engine import Chance
from townhall.games.antiquity import actions as A
from townhall.games.antiquity.observation import STEP_NAMES
from townhall.games.antiquity.observation_model import AntiquityObservation
from townhall.games.antiquity.position import PLAN
from townhall.games.antiquity.state import AntiquityState
from townhall.games.antiquity.steps import (
    STEP_KINDS,
    Arrange,
    BankGiveFirst,
    BankGiveSecond,
    BankTake,
    BuildJob,
    ChooseProduct,
    ChooseSaint,
    CityJob,
    CountrySite,
    FisherPartner,
    HouseJob,
    InnJob,
    MoveGrave,
    OfferFreeHouse,
    Pay,
    PlaceBuilding,
    PlaceFreeHouse,
    PlaceHouse,
    ProducerJob,
)

# The keys of the save format renamed in the public observation (short or unclear there).
OLD_KEYS = {
    "num_players", "max_rounds", "gprod", "occ", "token", "pool", "range_product", "order", "todo_poll",
    "todo_grave", "kept", "offer", "offers", "give", "ask", "tokens_left", "snaps", "grid", "blds", "houses",
    "old_saint", "demolished", "country", "out_round", "healed", "steps", "new_cathedral", "bought", "banked", "pend",
}  # fmt: skip
WORDS = re.compile(r"[a-z]+(_[a-z]+)*")


def keys_of(value: Any) -> set[str]:
    """Every key of every mapping inside a JSON value."""
    if isinstance(value, dict):
        return set(value).union(*(keys_of(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_of(v) for v in value))
    return set()


def check(state: AntiquityState) -> set[str]:
    """Validate the observation of every seat and of a spectator; return the pending kinds seen."""
    kinds: set[str] = set()
    for viewer in (*range(state.num_players), None):
        seen = state.observation(viewer)
        AntiquityObservation.model_validate(seen)
        keys = keys_of(seen)
        assert not keys & OLD_KEYS, keys & OLD_KEYS
        assert all(WORDS.fullmatch(key) for key in keys), keys
        kinds.update(pl["pending"]["kind"] for pl in seen["players"] if pl["pending"] is not None)
    return kinds


@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_observation_validates_along_random_games(num_players: int, seed: int) -> None:
    state = new(num_players, seed=seed, beginner=seed == 2)
    rng = random.Random(seed)
    chance = Chance(seed)
    kinds = check(state)
    for step in range(600):
        movers = state.to_move()
        if not movers:
            break
        player = rng.choice(movers)
        state.apply(player, rng.choice(state.legal_actions(player)), chance)
        if step % 7 == 0 or state.players[player].pending is not None:
            kinds |= check(state)
    kinds |= check(state)
    assert kinds, "no pending decision was ever observed"


def test_others_plans_look_the_same_whatever_they_are() -> None:
    """ANT-IO-3: two different secret plans of player 1 give player 2 and spectators the same view."""
    base = flat(2)
    plans = []
    for seed in (5, 6):
        state = base.clone()
        rng = random.Random(seed)
        for _ in range(12):
            legal = [a for a in state.legal_actions(0) if a != A.DONE]
            if not legal:
                break
            state.apply(0, rng.choice(legal), Chance(seed))
        assert state.phase == PLAN
        plans.append(state)
    one, two = plans
    assert one.observation(0) != two.observation(0)
    assert one.observation(1) == two.observation(1) == base.observation(1)
    assert one.observation(None) == two.observation(None) == base.observation(None)


def test_every_pending_step_kind_has_its_public_form() -> None:
    """Each pending step (and each job a payment finishes) is observed as a named record."""
    need = (1, True, 1, False, (0,), ())
    examples = [
        PlaceBuilding(3), Arrange((1, 2), ((1, 0, (0, 1)),)), PlaceHouse(2), PlaceFreeHouse(1), ChooseSaint(),
        OfferFreeHouse(2), BankGiveFirst(), BankGiveSecond(3), BankTake(3, 4), MoveGrave(0, 5), CountrySite(1),
        FisherPartner(12), ChooseProduct(1, (4, 5)), Pay(BuildJob(2, 0, (1, 2)), need), Pay(HouseJob(2, 0, 5), need),
        Pay(ProducerJob(1, (4, 5), 2, True), need), Pay(InnJob(7), need), Pay(CityJob(9), need),
    ]  # fmt: skip
    assert {type(step) for step in examples} == set(STEP_KINDS)
    state = new(2)
    seen_kinds = set()
    for step in examples:
        state.players[0].pending = step
        seen = state.observation(0)
        AntiquityObservation.model_validate(seen)
        assert not keys_of(seen) & OLD_KEYS
        pending = seen["players"][0]["pending"]
        seen_kinds.add(pending["kind"])
        assert state.observation(1)["players"][0]["pending"] == pending  # public outside phase 2
    assert seen_kinds == set(STEP_NAMES.values())
    state.players[0].pending = examples[-3]
    job = state.observation(0)["players"][0]["pending"]["job"]
    assert job == {"kind": "producer", "kind_of_building": 1, "sites": [4, 5], "good": 2, "free_seed": True}


def test_observation_validates_with_producers_and_harvests() -> None:
    """Countryside producers built, then a random game on: every observation along it validates."""
    state = flat(2, "F")
    give(state, 0, wood=5)
    to_country(state, 0, carts=2)
    centre = start_centre(state, 0)
    act(state, 0, "woodcutter")
    act(state, 0, hexname(state, hx(state, centre, 0, 3)))
    check(state)
    assert state.producers
    rng = random.Random(4)
    chance = Chance(4)
    harvests = 0
    for _ in range(300):
        movers = state.to_move()
        if not movers:
            break
        player = rng.choice(movers)
        state.apply(player, rng.choice(state.legal_actions(player)), chance)
        check(state)
        harvests += state.observation(None)["harvest"] is not None
    assert harvests > 0
