"""Every registered game as an OpenSpiel game (townhall.rl.openspiel): OpenSpiel's own random
simulation test (clones, serialization, legal-action masks, returns, game length), explicit chance
nodes, perfect-recall information states that keep others' secret choices hidden, and OpenSpiel's
MCTSBot playing every game to the end."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="open_spiel is not installed: pip install 'townhall[openspiel]'")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.bots.uniform_random import UniformRandomBot

from townhall import games
from townhall.rl import openspiel

GAMES = games.shipped()
# Short games where the rules allow it: MCTS's rollouts run in Python through the adapter.
SHORT: dict[str, dict[str, Any]] = {"antiquity": {"max_rounds": 3}}


def sample(state: Any, rng: random.Random) -> int:
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        return int(rng.choices(outcomes, probabilities)[0])
    return rng.choice(state.legal_actions())


def advance(state: Any, rng: random.Random, steps: int) -> Iterator[Any]:
    """Up to `steps` random steps (chance sampled at its probabilities), yielding the state after each."""
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(sample(state, rng))
        yield state


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_simulation_test_passes(name: str) -> None:
    """pyspiel's C++ checks: clone and serialization at every step, sorted legal actions, masks,
    empty legal actions for players not to move, chance outcomes, returns in range, game length."""
    game = openspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    three = openspiel.load_game(name, players=3)
    pyspiel.random_sim_test(three, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_the_game_type_and_info_come_from_the_registry(name: str) -> None:
    engine = games.get(name)
    game = openspiel.load_game(name, players=engine.meta.max_players)
    kind = game.get_type()
    assert kind.short_name == openspiel.short_name(name) and game.num_players() == engine.meta.max_players
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    hidden = pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (kind.information == hidden) == bool(engine.meta.facts.hidden)
    assert kind.provides_information_state_string and kind.provides_observation_tensor
    compact = engine.compact_actions(engine.meta.max_players, engine.meta.resolve(None))
    if compact is not None:
        assert game.num_distinct_actions() == compact.size <= 5000
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()  # the game string round trip
    assert openspiel.short_name(name) in openspiel.register_games()


def test_carcassonne_draws_its_tiles_at_chance_nodes() -> None:
    every = openspiel.load_game("carcassonne", river=False, merge_chance=False).new_initial_state()
    assert every.is_chance_node() and len(every.chance_outcomes()) == 71  # the set-up's first tile
    game = openspiel.load_game("carcassonne", river=False)
    state = game.new_initial_state()
    # Merged: one outcome per kind of tile in the stack, weighted by its copies.
    kinds: dict[str, int] = {}
    for outcome, _ in every.chance_outcomes():
        tile = every.child(outcome).engine_state.to_json()["hand"]
        kinds[tile] = kinds.get(tile, 0) + 1
    merged = state.chance_outcomes()
    assert sorted(p * 71 for _, p in merged) == pytest.approx(sorted(kinds.values()))
    assert len(kinds) < 71 and {state.child(o).engine_state.to_json()["hand"] for o, _ in merged} == set(kinds)
    assert game.max_chance_outcomes() >= 71
    rng = random.Random(1)
    chance_nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance_nodes += 1
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and state.legal_actions() == [o for o, _ in outcomes]
        state.apply_action(sample(state, rng))
    assert chance_nodes >= 71  # every tile of the stack (and any redraw) was a chance node
    assert sorted(state.returns()) == [-1.0, 1.0] or state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("name", GAMES)
def test_a_state_serializes_pickles_and_clones_mid_game(name: str) -> None:
    game = openspiel.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in advance(state, rng, 25):
        pass
    copies = [
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        pickle.loads(pickle.dumps(state)),
        state.clone(),
    ]
    followed = [state, *copies]
    while not state.is_terminal():
        action = sample(state, rng)
        for each in followed:
            each.apply_action(action)
    for copy in copies:
        assert str(copy) == str(state) and copy.history() == state.history() and copy.returns() == state.returns()


@pytest.mark.parametrize("name", GAMES)
def test_mcts_bot_plays_every_game_to_the_end(name: str) -> None:
    game = openspiel.load_game(name, **SHORT.get(name, {}))
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=2, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    returns = evaluate_bots(game.new_initial_state(), [bot, UniformRandomBot(1, rng)], rng)
    assert len(returns) == 2 and sum(returns) == pytest.approx(0.0) and min(returns) >= -1


@pytest.mark.parametrize("name", GAMES)
def test_observation_tensors_are_the_observers(name: str) -> None:
    game = openspiel.load_game(name)
    engine = games.get(name)
    observer = engine.observer(2, engine.meta.resolve(None))
    assert observer is not None
    state = game.new_initial_state()
    for _ in advance(state, random.Random(4), 30):
        if not state.is_chance_node():
            for player in range(2):
                expected = np.zeros(observer.size, dtype=np.float32)
                observer.fill(state.engine_state, player, expected)
                assert np.array_equal(np.asarray(state.observation_tensor(player), dtype=np.float32), expected)


def secret_pairs(state: Any) -> list[tuple[int, int]]:
    """Two moves of the player to move whose difference the others may not see: two choices at a
    decision taken in secret by several players, or two private steps of a secret plan."""
    engine = state.engine_state
    legal = state.legal_actions()
    if len(legal) < 2:
        return []
    if len(engine.to_move()) > 1:
        return [(legal[0], legal[-1])]
    player = state.current_player()
    private = [a for a in legal if engine.private_step(player, state.engine_action(a))]
    return [(private[0], private[-1])] if len(private) > 1 else []


@pytest.mark.parametrize("name", GAMES)
def test_no_information_state_shows_another_players_secret_choice(name: str) -> None:
    game = openspiel.load_game(name, players=3)
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        state = game.new_initial_state()
        rng.seed(seed)
        while not state.is_terminal() and checked < 40:
            if not state.is_chance_node():
                for a, b in secret_pairs(state):
                    one, other = state.child(a), state.child(b)
                    mover = state.current_player()
                    for player in range(3):
                        if player == mover:  # perfect recall: the mover remembers what it chose
                            assert one.information_state_string(player) != other.information_state_string(player)
                            assert one.information_state_tensor(player) != other.information_state_tensor(player)
                            continue
                        assert one.information_state_string(player) == other.information_state_string(player)
                        assert one.information_state_tensor(player) == other.information_state_tensor(player)
                        assert one.observation_string(player) == other.observation_string(player)
                        assert one.observation_tensor(player) == other.observation_tensor(player)
                    checked += 1
            state.apply_action(sample(state, rng))
    if games.get(name).meta.facts.simultaneous or name == "antiquity":
        assert checked > 0


@pytest.mark.parametrize("name", GAMES)
def test_chance_outcomes_that_nobody_sees_leave_information_states_alike(name: str) -> None:
    """Two outcomes of a draw that give different positions but show every player the same thing
    (Antiquity's goods under exploration tokens) give every player the same information state;
    outcomes a player sees (a tile, a card) give it different ones. (The other games keep what is
    left to draw as sorted multisets: no two outcomes differ unseen.)"""
    game = openspiel.load_game(name)
    perfect = games.get(name).meta.facts.perfect_information
    state = game.new_initial_state()
    rng = random.Random(7)
    hidden = seen = draws = 0
    while not state.is_terminal() and draws < 30:
        if state.is_chance_node():
            draws += 1
            outcomes = [o for o, _ in state.chance_outcomes()]
            for other_outcome in outcomes[1:5]:
                one, other = state.child(outcomes[0]), state.child(other_outcome)
                while one.is_chance_node() and other.is_chance_node():  # the rest of the move alike
                    first = one.chance_outcomes()[0][0]
                    one, other = one.child(first), other.child(first)
                if one.is_chance_node() or one.engine_state.to_json() == other.engine_state.to_json():
                    continue
                alike = [one.observation_string(p) == other.observation_string(p) for p in range(2)]
                for player in range(2):
                    recalled = one.information_state_string(player) == other.information_state_string(player)
                    assert recalled == alike[player]
                    # The tensor shows nothing the player does not see; it tells apart what it saw
                    # where the game hides nothing (elsewhere an observer may leave out a detail).
                    tensors_alike = one.information_state_tensor(player) == other.information_state_tensor(player)
                    if alike[player]:
                        assert tensors_alike
                    elif perfect:
                        assert not tensors_alike
                hidden += all(alike)
                seen += not any(alike)
        state.apply_action(sample(state, rng))
    assert seen > 0 and (hidden > 0) == (name == "antiquity")


def test_a_state_replays_its_information_state_as_one_that_followed_the_game() -> None:
    game = openspiel.load_game("my-city")
    asked = game.new_initial_state()
    for player in range(2):
        asked.information_state_string(player)  # kept up to date along the game from here
    rng = random.Random(6)
    while not asked.is_terminal():
        action = sample(asked, rng)
        asked.apply_action(action)
        fresh = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, asked))[1]
        for player in range(2):
            assert fresh.information_state_string(player) == asked.information_state_string(player)
            assert fresh.information_state_tensor(player) == asked.information_state_tensor(player)


def recalled_rows(game: Any, state: Any, player: int) -> np.ndarray:
    tensor = np.asarray(state.information_state_tensor(player), dtype=np.float32)
    return tensor[game.observation_tensor_size() :].reshape(openspiel.RECALL_STEPS, -1)


def test_a_perfect_information_tensor_recalls_the_whole_history() -> None:
    """Carcassonne hides nothing: a player's information-state tensor is its observation tensor,
    then every step of the game so far (whose, which id), from which the history reads back."""
    game = openspiel.load_game("carcassonne", players=3)
    state = game.new_initial_state()
    rng = random.Random(8)
    for _ in advance(state, rng, 400):
        pass
    assert state.is_terminal()
    history = state.history()
    assert len(history) < openspiel.RECALL_STEPS  # a whole game fits: perfect recall
    for player in range(3):
        tensor = np.asarray(state.information_state_tensor(player), dtype=np.float32)
        assert list(tensor[: game.observation_tensor_size()]) == state.observation_tensor(player)
        rows = recalled_rows(game, state, player)
        kinds = len(openspiel.RECALL_KINDS)
        read = []
        for row in rows[: len(history)]:
            kind = int(np.argmax(row[:kinds]))
            size = openspiel.MAX_CHANCE_OUTCOMES if kind == 2 else game.num_distinct_actions()
            read.append(round(float(row[kinds]) * size))
            mover = np.flatnonzero(row[kinds + 1 :])
            assert (kind == 0) == (list(mover) == [player])
            assert (kind == 2) == (len(mover) == 0)
        assert read == history
        assert not rows[len(history) :].any()


def test_a_hidden_information_tensor_recalls_own_actions_and_the_changes_seen() -> None:
    """My City hides the others' choices until all have chosen: a player's rows are its own actions
    (with their ids) and the steps that changed what it sees (no id, no mover)."""
    game = openspiel.load_game("my-city", players=3)
    state = game.new_initial_state()
    rng = random.Random(9)
    own: dict[int, list[int]] = {0: [], 1: [], 2: []}
    for _ in range(60):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            action = sample(state, rng)
            own[state.current_player()].append(action)
            state.apply_action(action)
        else:
            state.apply_action(sample(state, rng))
    kinds = len(openspiel.RECALL_KINDS)
    for player in range(3):
        rows = recalled_rows(game, state, player)
        used = rows[rows[:, :kinds].any(axis=1)]
        mine = [r for r in used if r[0] == 1.0]
        assert [round(float(r[kinds]) * game.num_distinct_actions()) for r in mine] == own[player]
        seen = [r for r in used if r[3] == 1.0]
        assert seen and all(r[kinds] == 0.0 and not r[kinds + 1 :].any() for r in seen)
        assert not used[:, 1:3].any()  # others' ids and draws are never recalled as such


def test_options_and_player_counts_are_game_parameters() -> None:
    game = openspiel.load_game("carcassonne", players=4, river=True, compact=False)
    assert game.num_players() == 4 and game.num_distinct_actions() > 100_000
    assert game.get_parameters()["river"] is True
    city = openspiel.load_game("my-city")
    assert city.get_parameters()["board"] == openspiel.BUILT_IN
    with pytest.raises(Exception, match="players"):
        openspiel.load_game("carcassonne", players=9)


def test_the_example_plays_mcts_against_random() -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "openspiel_mcts.py"
    command = [sys.executable, str(example), "--game", "my-city", "--games", "2", "--simulations", "2"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "chance node at the start: True" in done.stdout and "over 2 games: MCTS" in done.stdout


HIDDEN = [name for name in GAMES if not games.get(name).meta.facts.perfect_information]


@pytest.mark.parametrize("name", HIDDEN)
def test_a_resampled_position_looks_the_same_to_its_player(name: str) -> None:
    """`resample_from_infostate` draws anew what the player does not see (the game's determinize):
    the player's observation, information state and legal actions stay; what it does not see
    changes in some samples."""
    game = openspiel.load_game(name, players=3, **SHORT.get(name, {}))
    state = game.new_initial_state()
    rng = random.Random(10)
    sampler = np.random.RandomState(10)
    changed = checked = 0
    for _ in advance(state, rng, 120):
        if state.is_chance_node() or state.is_terminal():
            continue
        player = state.current_player()
        for _sample in range(3):
            copy = state.resample_from_infostate(player, sampler.rand)
            assert copy.current_player() == player
            assert copy.observation_string(player) == state.observation_string(player)
            assert copy.information_state_string(player) == state.information_state_string(player)
            assert copy.information_state_tensor(player) == state.information_state_tensor(player)
            assert copy.legal_actions() == state.legal_actions()
            changed += copy.engine_state.to_json() != state.engine_state.to_json()
            checked += 1
    # Kutná Hora keeps what it hides as multisets drawn at chance nodes: nothing to draw anew.
    assert checked > 0 and (changed > 0) == (name != "kutna-hora")


@pytest.mark.parametrize("name", HIDDEN)
def test_information_set_mcts_plays_the_hidden_information_games(name: str) -> None:
    """OpenSpiel's ISMCTSBot (it resamples the root each simulation) against random moves; My City
    to the end, the longer games for their first decisions."""
    game = openspiel.load_game(name, **SHORT.get(name, {}))
    random_state = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(1, random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=random_state)
    state = game.new_initial_state()
    rng = random.Random(4)
    decisions = 0
    while not state.is_terminal() and (name == "my-city" or decisions < 6):
        if state.is_chance_node() or state.current_player() != 0:
            state.apply_action(sample(state, rng))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions > 0
    if name == "my-city":
        assert sorted(state.returns()) == [-1.0, 1.0]
