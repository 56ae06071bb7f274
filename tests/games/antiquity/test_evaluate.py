"""The greedy bot's heuristic (evaluate.py): the economy to come, and what greedy builds with it."""

from __future__ import annotations

from tests.games.antiquity.helpers import add, flat, give
from townhall.agents.greedy import GreedyAgent
from townhall.engine.agent import Budget
from townhall.engine.match import Match
from townhall.games.antiquity import GAME
from townhall.games.antiquity.components import CART
from townhall.games.antiquity.position import EXPLORE, FAMINE, HARVEST, POLLUTE, STORE

AFTER_COUNTRY = (STORE, HARVEST, EXPLORE, FAMINE, POLLUTE)


def test_a_cart_shop_that_can_build_is_worth_more_than_a_storage() -> None:
    """A manned cart shop with wood to pay is a producer to come; without wood or seed it is not."""
    cart, storage, idle_cart = flat(2), flat(2), flat(2)
    for s in (cart, storage, idle_cart):
        give(s, 0, wood=2)
    give(idle_cart, 0)
    add(cart, 0, "cart_shop", (0,), manned=True)
    add(storage, 0, "storage", (0, 1), manned=True)
    add(idle_cart, 0, "cart_shop", (0,), manned=True)
    assert GAME.evaluate(cart, 0) > GAME.evaluate(storage, 0)
    assert GAME.evaluate(cart, 0) > GAME.evaluate(idle_cart, 0)


def test_greedy_builds_a_cart_shop_and_a_producer_in_the_first_round() -> None:
    """From the real start, the greedy bot's first plan keeps wood for the countryside: it builds a
    cart shop and, in phase 4, a producer (it used to spend all its wood in the city and starve)."""
    for seed in range(3):
        match = Match(GAME, 2, {}, seed, ["greedy", "greedy"])
        agents = [GreedyAgent(seed * 10 + p) for p in range(2)]
        state = match.state
        while state.to_move() and state.round < 2 and not (state.round == 1 and state.phase in AFTER_COUNTRY):
            player = state.to_move()[0]
            match.apply(player, agents[player].act(match.view(player), state.legal_actions(player), Budget()))
            state = match.state
        for player in state.players:
            assert player.count(CART) >= 1, f"seed {seed}: no cart shop"
            assert player.country_buildings >= 1, f"seed {seed}: nothing built in the countryside"
