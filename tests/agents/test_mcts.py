"""The MCTS agent: reproducible, honest about hidden information, stronger than random."""

from __future__ import annotations

import random
import time
from typing import Any, cast

from tests.agents.pick import Pick, TwoStep
from tests.engine.toys import HOLD, Goofspiel, GoofState, Pig, PigState
from townhall.agents import make_agent
from townhall.agents.mcts import MctsAgent
from townhall.agents.random_agent import RandomAgent
from townhall.engine import Chance, Game, Json, State
from townhall.engine.agent import Budget, PlayerView, derive_seed
from townhall.engine.match import play_match
from townhall.engine.outcome import win_shares


def _pig_position() -> tuple[Pig, PigState]:
    game = Pig()
    state = game.start(2, None, Chance(0))
    assert isinstance(state, PigState)
    state.banked = [9, 14]
    state.turn_total = 4
    return game, state


def test_same_seed_and_iterations_give_the_same_choice_and_tree() -> None:
    game, state = _pig_position()
    view = PlayerView(game, state, 0)
    first = MctsAgent(42, iterations=300)
    action = first.act(view, view.legal_actions(), Budget())
    random.seed(123)  # the global generator must not matter
    random.random()
    second = MctsAgent(42, iterations=300)
    assert second.act(view, view.legal_actions(), Budget()) == action
    assert first.last is not None and second.last is not None
    assert first.last.root_visits == second.last.root_visits
    assert first.last.iterations == 300 and sum(first.last.root_visits.values()) == 300
    # And a whole game with mcts on both sides replays identically.
    records = [
        play_match(Goofspiel(), 2, [MctsAgent(1, iterations=40), MctsAgent(2, iterations=40)], seed=9).record.to_json()
        for _ in range(2)
    ]
    assert records[0] == records[1]


def test_budget_iterations_and_seconds() -> None:
    game, state = _pig_position()
    view = PlayerView(game, state, 0)
    agent = MctsAgent(1)
    agent.act(view, view.legal_actions(), Budget(iterations=7))
    assert agent.last is not None and agent.last.iterations == 7
    agent.act(view, view.legal_actions(), Budget())
    assert agent.last is not None and agent.last.iterations == 1000
    own = MctsAgent(1, iterations=5)
    own.act(view, view.legal_actions(), Budget(iterations=7, seconds=10.0))
    assert own.last is not None and own.last.iterations == 5
    timed = MctsAgent(1, seconds=0.05)
    started = time.perf_counter()
    timed.act(view, view.legal_actions(), Budget(iterations=10**9))
    assert time.perf_counter() - started < 1.0
    assert timed.last is not None and timed.last.iterations > 10


def test_mcts_finds_the_obvious_best_action() -> None:
    game = Pick([1.0, 7.0, 3.0, -2.0, 6.5])
    view = PlayerView(game, game.start(2, None, Chance(0)), 0)
    for seed in range(5):
        assert MctsAgent(seed, iterations=200).act(view, view.legal_actions(), Budget()) == 1
    game2, state = _pig_position()
    state.banked = [15, 19]
    state.turn_total = 6  # holding wins the game (target 20) at once
    view2 = PlayerView(game2, state, 0)
    assert MctsAgent(3, iterations=200).act(view2, view2.legal_actions(), Budget()) == HOLD


class SpyView:
    """A view with the public surface of PlayerView and nothing else: no true state to reach.

    Its determinize resamples the opponents' committed Goofspiel bids from the pool of cards the
    observer cannot tell apart (so it does not depend on the true hidden bid).
    """

    __slots__ = ("_hidden", "calls", "game", "player", "served")

    def __init__(self, game: Game[Any], state: GoofState, player: int) -> None:
        self._hidden = state
        self.game = game
        self.player = player
        self.calls: list[str] = []
        self.served: set[tuple[Any, ...]] = set()

    @property
    def num_players(self) -> int:
        self.calls.append("num_players")
        return self._hidden.num_players

    def observation(self) -> dict[str, Json]:
        self.calls.append("observation")
        return self._hidden.observation(self.player)

    def legal_actions(self) -> list[int]:
        self.calls.append("legal_actions")
        return self._hidden.legal_actions(self.player)

    def determinize(self, rng: random.Random) -> State:
        self.calls.append("determinize")
        copy = self._hidden.clone()
        for p in range(copy.num_players):
            bid = copy.bids[p]
            if p != self.player and bid is not None:
                pool = sorted([*copy.hands[p], bid])
                new = pool.pop(int(rng.random() * len(pool)))
                copy.hands[p], copy.bids[p] = pool, new
        self.served.add(tuple(copy.bids))
        return copy


def _goof_after_bid(hidden_bid: int) -> tuple[Goofspiel, GoofState]:
    game = Goofspiel()
    state = game.start(2, None, Chance(5))
    assert isinstance(state, GoofState)
    state.apply(0, state.space.encode("bid", hidden_bid), Chance(0))
    return game, state


def test_mcts_uses_only_the_public_view_and_never_the_hidden_truth() -> None:
    results = []
    for hidden_bid in (1, 5):
        game, state = _goof_after_bid(hidden_bid)
        before = state.to_json()
        view = SpyView(game, state, 1)
        agent = MctsAgent(7, iterations=400)
        action = agent.act(cast(PlayerView, view), view.legal_actions(), Budget())
        assert action in state.legal_actions(1)
        assert set(view.calls) <= {"num_players", "observation", "legal_actions", "determinize"}
        assert view.calls.count("determinize") == 400
        assert len(view.served) == 5, "the determinizations should show every possible hidden bid"
        assert state.to_json() == before, "the search changed the position"
        assert agent.last is not None
        results.append((action, agent.last.root_visits))
    # The true hidden bid differs (1 or 5) but the search sees the same thing: same tree.
    assert results[0] == results[1]


def test_mcts_beats_random_at_pig() -> None:
    game = Pig()
    wins = 0.0
    for index in range(20):
        mcts_seat = index % 2
        agents = [
            MctsAgent(derive_seed(index, "mcts"), iterations=100) if seat == mcts_seat else RandomAgent(index)
            for seat in range(2)
        ]
        match = play_match(game, 2, agents, seed=derive_seed(index, "game"))
        wins += win_shares(match.state.ranks())[mcts_seat]
    assert wins >= 16, f"mcts won only {wins} of 20 games against random"


def test_mcts_plays_multiplayer_simultaneous_and_multi_step_games() -> None:
    for game, players, options in [
        (Goofspiel(), 3, {"confirm": True}),
        (Goofspiel(), 2, {"confirm": True}),
        (Goofspiel(), 3, {}),
        (Pig(), 4, {}),
    ]:
        agents = [make_agent("mcts:iterations=30", game, seat) for seat in range(players)]
        match = play_match(game, players, agents, options=options, seed=11)
        assert match.is_over()
        assert len(match.state.scores()) == players


def test_mcts_with_a_rollout_cutoff_uses_evaluate() -> None:
    calls: list[int] = []

    class CountingPig(Pig):
        def evaluate(self, state: State, player: int) -> float:
            calls.append(player)
            return super().evaluate(state, player)

    game = CountingPig()
    state = game.start(2, None, Chance(0))
    view = PlayerView(game, state, 0)
    MctsAgent(1, iterations=50, depth=2).act(view, view.legal_actions(), Budget())
    assert calls and set(calls) == {0, 1}


def test_mcts_steps_value_a_leaf_by_the_rest_of_the_turn() -> None:
    """Two iterations try each door once and evaluate the leaf there: alone, door 0 looks better
    (1 against 0); with steps=2 the leaf is valued at its best prize (2 against 5)."""
    game = TwoStep([1.0, 0.0], [[0.0, 1.0], [0.0, 5.0]])
    state = game.start(2, None, Chance(0))
    view = PlayerView(game, state, 0)
    plain = {
        make_agent("mcts:iterations=2,depth=0", game, s).act(view, view.legal_actions(), Budget()) for s in range(5)
    }
    whole = {
        make_agent("mcts:iterations=2,depth=0,steps=2", game, s).act(view, view.legal_actions(), Budget())
        for s in range(5)
    }
    assert (plain, whole) == ({0}, {1})
