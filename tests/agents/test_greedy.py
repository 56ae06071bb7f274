"""The greedy agent: one-step lookahead with the game's evaluate, seeded tie-breaks."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from tests.agents.pick import Pick, SecretPlan, SecretPlanState, SecretTwoStep, TwoStep
from tests.engine.toys import HOLD, ROLL, Goofspiel, GoofState, Pig, PigState
from townhall.agents import make_agent
from townhall.agents.greedy import GreedyAgent
from townhall.engine import Chance
from townhall.engine.agent import Budget, PlayerView
from townhall.engine.errors import OptionError
from townhall.engine.match import play_match
from townhall.engine.protocol import State


def test_greedy_holds_a_big_turn_total_at_pig() -> None:
    """Holding 10 turns a 7-point deficit into a 3-point lead; rolling cannot bank anything."""
    game = Pig()
    state = game.start(2, None, Chance(0))
    assert isinstance(state, PigState)
    state.banked = [5, 12]
    state.turn_total = 10
    for seed in range(20):
        view = PlayerView(game, state, 0)
        assert GreedyAgent(seed).act(view, view.legal_actions(), Budget()) == HOLD


def test_greedy_picks_the_best_value_and_breaks_ties_randomly() -> None:
    game = Pick([1.0, 7.0, 3.0, 7.0, -2.0])
    state = game.start(2, None, Chance(0))
    view = PlayerView(game, state, 0)
    picks = Counter(GreedyAgent(seed).act(view, view.legal_actions(), Budget()) for seed in range(40))
    assert set(picks) == {1, 3}, picks
    assert min(picks.values()) >= 8, picks
    again = Counter(GreedyAgent(seed).act(view, view.legal_actions(), Budget()) for seed in range(40))
    assert again == picks, "same seeds, different choices"


def test_greedy_with_another_heuristic() -> None:
    """`evaluate=` replaces the game's heuristic (bench/greedy_versus.py compares two that way)."""
    game = Pick([1.0, 7.0, 3.0, 7.0, -2.0])
    state = game.start(2, None, Chance(0))
    view = PlayerView(game, state, 0)

    def lowest(after: State, player: int) -> float:
        return -after.scores()[player]

    assert {GreedyAgent(seed, evaluate=lowest).act(view, view.legal_actions(), Budget()) for seed in range(10)} == {4}


def test_greedy_with_samples_and_only_one_action() -> None:
    game = Pick([4.0])
    state = game.start(2, None, Chance(0))
    view = PlayerView(game, state, 0)
    assert make_agent("greedy:samples=3", game, 1).act(view, view.legal_actions(), Budget()) == 0


def test_greedy_rolls_when_nothing_is_at_stake_and_plays_whole_games() -> None:
    game = Pig()
    state = game.start(2, None, Chance(0))
    view = PlayerView(game, state, 0)
    # With no turn total, roll and hold have the same value: both must be chosen sometimes.
    choices = {GreedyAgent(seed).act(view, view.legal_actions(), Budget()) for seed in range(20)}
    assert choices == {ROLL, HOLD}
    for players in (2, 3):
        match = play_match(Goofspiel(), players, [GreedyAgent(s) for s in range(players)], seed=3)
        assert match.is_over()


def test_greedy_resolves_a_simultaneous_decision_before_evaluating() -> None:
    """Player 0 bids first with cards 1 and 2: bidding 2 never does worse than bidding 1 whatever
    the other player then bids, and does better against a 1, so greedy always bids 2 although
    its own bid alone changes no score."""
    game = Goofspiel()
    state = game.start(2, {"cards": 2}, Chance(0))
    assert isinstance(state, GoofState)
    assert state.to_move() == (0, 1)
    two = state.space.encode("bid", 2)
    for seed in range(20):
        view = PlayerView(game, state, 0)
        assert GreedyAgent(seed).act(view, view.legal_actions(), Budget()) == two


def test_greedy_judges_a_secret_plan_against_the_same_choices_of_the_others() -> None:
    """Each piece added to the plan costs its builder 1; the other player picks 0 or 10 at the same
    time. Ending the plan is best whatever they pick, and greedy ends it: "done" is not judged
    against the other's random pick while "add" meets their pick still open."""
    game = SecretPlan([0.0, 10.0])
    state = game.start(2, None, Chance(0))
    assert state.to_move() == (0, 1)
    view = PlayerView(game, state, 0)
    assert {GreedyAgent(seed).act(view, view.legal_actions(), Budget()) for seed in range(10)} == {SecretPlanState.DONE}


def test_greedy_stops_sampling_when_its_seconds_are_spent() -> None:
    """A Budget's seconds end the sampling after the sample in progress (at least one); without
    seconds every sample is drawn."""
    game = Pick([1.0, 7.0, 3.0])
    view = PlayerView(game, game.start(2, None, Chance(0)), 0)
    calls = 0

    def slow(state: State, player: int) -> float:
        nonlocal calls
        calls += 1
        time.sleep(0.01)
        return game.evaluate(state, player)

    GreedyAgent(0, samples=1000, evaluate=slow).act(view, view.legal_actions(), Budget(seconds=0.05))
    assert 3 <= calls <= 3 * 4, calls  # 30 ms a sample: one or two samples, never 1000
    calls = 0
    GreedyAgent(0, samples=4, evaluate=slow).act(view, view.legal_actions(), Budget())
    assert calls == 3 * 4
    calls = 0
    GreedyAgent(0, samples=1000, evaluate=slow).act(view, view.legal_actions(), Budget(seconds=1e-9))
    assert calls == 3  # at least one sample


def test_greedy_steps_judge_a_door_by_the_best_prize_behind_it() -> None:
    """Door 0 is worth 1 at once and at most 2 in all; door 1 nothing at once but 5 in all: one
    step ahead opens door 0, two steps (the whole turn) door 1, and the prize then taken is 5."""
    game = TwoStep([1.0, 0.0], [[0.0, 1.0], [0.0, 5.0]])
    state = game.start(2, None, Chance(0))
    view = PlayerView(game, state, 0)
    assert {GreedyAgent(seed).act(view, view.legal_actions(), Budget()) for seed in range(5)} == {0}
    assert {
        make_agent("greedy:steps=2", game, seed).act(view, view.legal_actions(), Budget()) for seed in range(5)
    } == {1}
    match = play_match(game, 2, [make_agent("greedy:steps=2", game, 1), make_agent("greedy", game, 2)], seed=0)
    assert match.state.scores()[0] == 5.0
    with pytest.raises(OptionError):
        make_agent("greedy:steps=0", game, 1)


def test_greedy_steps_look_through_a_secret_plan_too() -> None:
    """The same doors at a simultaneous decision (player 1 picks at the same time): two steps
    still see the prize behind door 1, the other player's choice left open meanwhile."""
    game = SecretTwoStep([1.0, 0.0], [[0.0, 1.0], [0.0, 5.0]])
    state = game.start(2, None, Chance(0))
    assert state.to_move() == (0, 1)
    view = PlayerView(game, state, 0)
    assert {GreedyAgent(seed).act(view, view.legal_actions(), Budget()) for seed in range(5)} == {0}
    assert {GreedyAgent(seed, steps=2).act(view, view.legal_actions(), Budget()) for seed in range(5)} == {1}
