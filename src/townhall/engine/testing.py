"""The generic invariant battery, run over every registered game and player count.

Each check plays random games through the public protocol only and raises AssertionError with a
message that says what broke. Games call these from their own tests too.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

from townhall.engine.agent import Budget, PlayerView, derive_seed
from townhall.engine.chance import Chance
from townhall.engine.errors import IllegalAction
from townhall.engine.match import Match, play_match
from townhall.engine.options import Options
from townhall.engine.protocol import Event, Game, State
from townhall.engine.records import MatchRecord, replay

CLAUSE_NAME = re.compile(r"^[A-Z]+(-[A-Z0-9]+)+$")


def _roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def walk(game: Game, num_players: int, options: Options | None, seed: int) -> Iterator[State]:
    """The states of one random game (the same live object, advanced between yields)."""
    chance = Chance(derive_seed(seed, "chance"))
    rng = random.Random(derive_seed(seed, "moves"))
    state = game.start(num_players, options, chance)
    yield state
    while movers := state.to_move():
        player = movers[int(rng.random() * len(movers))]
        legal = state.legal_actions(player)
        state.apply(player, legal[int(rng.random() * len(legal))], chance)
        yield state


def check_games_end(game: Game, num_players: int, options: Options | None, seeds: range) -> None:
    bound = game.max_decisions(num_players, game.meta.resolve(options))
    for seed in seeds:
        states = walk(game, num_players, options, seed)
        state = next(states)
        decisions = 0
        for state in states:  # noqa: B007 - the last state is checked below
            decisions += 1
            assert decisions <= bound, f"seed {seed}: no end within {bound} decisions"
        ranks = state.ranks()
        assert len(state.scores()) == num_players and len(ranks) == num_players
        assert min(ranks) == 1 and all(1 <= r <= num_players for r in ranks), f"bad ranks {ranks}"
        assert decisions > 0


def check_states(game: Game, num_players: int, options: Options | None, seed: int, every: int = 7) -> None:
    """Per-state invariants at every `every`-th state of a random game (and at the end)."""
    rng = random.Random(seed)
    for index, state in enumerate(walk(game, num_players, options, seed)):
        if index % every == 0 or state.is_terminal():
            context = f"seed {seed}, state {index}"
            _check_legal_sets(state, context)
            _check_legal_apply(game, state, rng, context)
            _check_illegal_rejected(state, rng, context)
            _check_clone(state, rng, context)
            _check_json(game, state, context)
            _check_determinize(state, context)
            _check_secrecy(state, rng, context)


def _check_legal_sets(state: State, context: str) -> None:
    movers = state.to_move()
    size = state.num_distinct_actions()
    for player in range(state.num_players):
        legal = state.legal_actions(player)
        if player in movers:
            assert legal, f"{context}: player {player} must move but has no legal action"
            assert legal == sorted(set(legal)), f"{context}: legal actions not sorted and unique"
            assert legal[0] >= 0 and legal[-1] < size, f"{context}: action outside [0, {size})"
            texts = [state.action_text(a) for a in legal]
            assert all(texts), f"{context}: empty action text"
            assert len(set(texts)) == len(texts), f"{context}: two legal actions share a text"
        else:
            assert not legal, f"{context}: player {player} is not to move but has legal actions"


def _check_legal_apply(game: Game, state: State, rng: random.Random, context: str) -> None:
    for player in state.to_move():
        legal = state.legal_actions(player)
        for action in rng.sample(legal, min(len(legal), 24)):
            copy = state.clone()
            copy.apply(player, action, Chance(rng.randrange(2**32)), [])
            assert state.action_from_json(_roundtrip(state.action_to_json(action))) == action


def _check_illegal_rejected(state: State, rng: random.Random, context: str) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    size = state.num_distinct_actions()
    movers = state.to_move()
    tries: list[tuple[int, int]] = []
    for player in movers:
        legal = set(state.legal_actions(player))
        candidates = (
            {-1, size} | {rng.randrange(size) for _ in range(12)} | {a + 1 for a in legal} | {a - 1 for a in legal}
        )
        tries += [(player, a) for a in sorted(candidates - legal)][:24]
    for player in range(state.num_players):
        if player not in movers and movers:
            for action in state.legal_actions(movers[0])[:3]:
                tries.append((player, action))
    for player, action in tries:
        try:
            state.apply(player, action, Chance(0), [])
        except IllegalAction as error:
            assert CLAUSE_NAME.match(error.clause), f"{context}: clause {error.clause!r} is not a clause name"
        else:
            raise AssertionError(f"{context}: illegal action {action} of player {player} was accepted")
        after = json.dumps(state.to_json(), sort_keys=True)
        assert after == before, f"{context}: rejected action {action} changed the state"


def _check_clone(state: State, rng: random.Random, context: str) -> None:
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before, f"{context}: clone differs from original"
    for player in state.to_move()[:1]:
        copy.apply(player, rng.choice(copy.legal_actions(player)), Chance(rng.randrange(2**32)), [])
        assert state.to_json() == before, f"{context}: applying to a clone changed the original"


def _check_json(game: Game, state: State, context: str) -> None:
    data = _roundtrip(state.to_json())
    again = game.state_from_json(data)
    assert again.to_json() == state.to_json(), f"{context}: state JSON round trip differs"
    for player in range(state.num_players):
        assert again.legal_actions(player) == state.legal_actions(player), f"{context}: legal differ after JSON"
        observation = state.observation(player)
        assert _roundtrip(observation) == observation, f"{context}: observation not JSON-stable"
    public = state.observation(None)
    assert _roundtrip(public) == public
    assert game.render(state, None), f"{context}: empty rendering"


def _check_determinize(state: State, context: str) -> None:
    for player in range(state.num_players):
        seen = state.observation(player)
        first = state.determinize(player, random.Random(1))
        second = state.determinize(player, random.Random(2))
        assert first.observation(player) == seen, f"{context}: determinized observation differs for {player}"
        assert second.observation(player) == seen, f"{context}: determinized observation differs for {player}"
        assert first.legal_actions(player) == state.legal_actions(player), f"{context}: legal differ"


def _check_secrecy(state: State, rng: random.Random, context: str) -> None:
    """At a simultaneous decision, one mover's choice never shows in another's observation.

    Two different choices of a mover that leave the same players to move must look the same to
    every other mover still deciding (who has finished deciding may be public; what they chose
    may not)."""
    movers = state.to_move()
    if len(movers) < 2:
        return
    for mover in movers:
        legal = state.legal_actions(mover)
        if len(legal) < 2:
            continue
        first, second = rng.sample(legal, 2)
        seed = rng.randrange(2**32)
        one, two = state.clone(), state.clone()
        one.apply(mover, first, Chance(seed), [])
        two.apply(mover, second, Chance(seed), [])
        if one.to_move() != two.to_move():
            continue
        for other in movers:
            if other != mover and other in one.to_move():
                assert one.observation(other) == two.observation(other), (
                    f"{context}: player {other} can see player {mover}'s undecided choice"
                )


class _UniformAgent:
    """A seeded uniform choice (the engine tests need no agent package)."""

    name = "uniform"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def act(self, view: PlayerView, legal: Sequence[int], budget: Budget) -> int:
        return legal[int(self._random() * len(legal))]


def _random_match(
    game: Game, num_players: int, options: Options | None, seed: int, disturb: int | None = None
) -> tuple[Match, list[str]]:
    agents = [_UniformAgent(derive_seed(seed, "seat", seat)) for seat in range(num_players)]
    states: list[str] = []

    def on_step(match: Match, player: int, action: int, events: list[Event]) -> None:
        states.append(json.dumps(match.state.to_json(), sort_keys=True))
        if disturb is not None:
            import numpy

            random.seed(disturb + len(states))
            numpy.random.seed((disturb * 7919 + len(states)) % 2**32)
            random.random()

    match = play_match(game, num_players, agents, options=options, seed=seed, on_step=on_step)
    return match, states


def check_replay(game: Game, num_players: int, options: Options | None, seed: int) -> None:
    match, states = _random_match(game, num_players, options, seed)
    record = MatchRecord.from_json(_roundtrip(match.record.to_json()))
    replayed = [json.dumps(frame.state.to_json(), sort_keys=True) for frame in replay(record, lambda _: game)][1:]
    assert replayed == states, "replaying the record did not reproduce the states"
    assert record.scores == [float(s) for s in match.state.scores()]


def check_determinism(game: Game, num_players: int, options: Options | None, seed: int) -> None:
    first, states_one = _random_match(game, num_players, options, seed, disturb=1)
    second, states_two = _random_match(game, num_players, options, seed, disturb=2)
    assert first.record.to_json() == second.record.to_json(), "same seed, different record"
    assert states_one == states_two, "same seed and actions, different states"
