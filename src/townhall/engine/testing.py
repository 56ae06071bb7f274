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

from pydantic import ValidationError

from townhall.engine.agent import Budget, PlayerView, derive_seed
from townhall.engine.board import BoardView, Target
from townhall.engine.chance import Chance
from townhall.engine.errors import IllegalAction
from townhall.engine.fields import DICT, FRESH, LIST, NESTED, ROWS, SHARED, VALUE, declaration_of
from townhall.engine.match import Match, play_match
from townhall.engine.options import Options
from townhall.engine.protocol import Event, Game, State
from townhall.engine.records import MatchRecord, replay

CLAUSE_NAME = re.compile(r"^[A-Z]+(-[A-Z0-9]+)+$")


def _roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def walk(game: Game[Any], num_players: int, options: Options | None, seed: int) -> Iterator[State]:
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


def check_games_end(game: Game[Any], num_players: int, options: Options | None, seeds: range) -> None:
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


def check_states(game: Game[Any], num_players: int, options: Options | None, seed: int, every: int = 7) -> None:
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
            _check_event_secrecy(state, rng, context)
            _check_board(game, state, context)
            _check_private_steps(game, state, rng, context)


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


def _check_legal_apply(game: Game[Any], state: State, rng: random.Random, context: str) -> None:
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
    check_clone_fields(state, copy, context)
    for player in state.to_move()[:1]:
        copy.apply(player, rng.choice(copy.legal_actions(player)), Chance(rng.randrange(2**32)), [])
        assert state.to_json() == before, f"{context}: applying to a clone changed the original"


_MUTABLE = (list, dict, set, bytearray)


def attributes_of(instance: object) -> set[str]:
    """The attributes an object holds: its __dict__, its slots with a value, a compiled class's attributes."""
    names = set(getattr(instance, "__dict__", ()))
    for klass in type(instance).__mro__:
        slots = getattr(klass, "__slots__", ())
        for name in (slots,) if isinstance(slots, str) else (*slots, *getattr(klass, "__mypyc_attrs__", ())):
            if not name.startswith("__") and hasattr(instance, name):
                names.add(name)
    return names


def check_clone_fields(original: object, copy: object, context: str) -> None:
    """A clone against its class's field declaration (engine/fields.py): every attribute declared,
    every declared field carried over equal, and nothing mutable shared that the declaration copies."""
    declaration = declaration_of(type(original))
    if declaration is None:
        return  # an undeclared class (the test toys): its to_json comparison is all there is
    owner = declaration.owner
    undeclared = attributes_of(original) - set(declaration.names())
    assert not undeclared, f"{context}: {owner} has undeclared fields {sorted(undeclared)} (declare them in FIELDS)"
    for field in declaration.fields:
        where = f"{context}: {owner}.{field.name}"
        assert hasattr(original, field.name), f"{where} is declared but not set"
        assert hasattr(copy, field.name), f"{where} is missing in the clone"
        if field.copy in (FRESH, SHARED):
            continue  # a fresh value by design, or the same object on purpose
        mine, theirs = getattr(original, field.name), getattr(copy, field.name)
        if field.copy == NESTED:
            assert theirs is not mine and len(theirs) == len(mine), f"{where}: the clone shares or resizes the list"
            for item, item_copy in zip(mine, theirs, strict=True):
                assert item_copy is not item, f"{where}: an item is shared by the clone"
                check_clone_fields(item, item_copy, where)
            continue
        assert theirs == mine, f"{where} differs in the clone"
        _check_unshared(mine, theirs, field.copy, where)


def _check_unshared(mine: Any, theirs: Any, rule: str, where: str) -> None:
    if rule == VALUE:
        kind = type(mine).__name__
        assert not isinstance(mine, _MUTABLE), f"{where} holds a {kind} but is declared a value: the clone shares it"
        return
    assert theirs is not mine, f"{where} is shared by the clone (declared {rule}: copied)"
    if rule == ROWS:
        assert all(row_copy is not row for row, row_copy in zip(mine, theirs, strict=True)), f"{where}: a row is shared"
    elif rule in (LIST, DICT):
        items = mine.values() if isinstance(mine, dict) else mine
        assert not any(isinstance(item, _MUTABLE) for item in items), (
            f"{where} holds mutable items but is declared {rule}: a shallow copy shares them"
        )


def _check_json(game: Game[Any], state: State, context: str) -> None:
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


def _seen_by_others(game: Game[Any], state: State, mover: int) -> list[Any]:
    """Everything each other seat and a spectator may see of `state`."""
    seen: list[Any] = []
    for viewer in [None, *(p for p in range(state.num_players) if p != mover)]:
        legal = [] if viewer is None else state.legal_actions(viewer)
        seen.append((state.observation(viewer), game.board_view(state, viewer), state.movers_seen_by(viewer), legal))
    return seen


def _check_private_steps(game: Game[Any], state: State, rng: random.Random, context: str) -> None:
    """A step the game calls private (`State.private_step`) changes nothing anyone else may see:
    every other seat's and a spectator's observation, board view, movers and legal actions stay
    the same, and its events are the mover's alone."""
    for mover in state.to_move():
        legal = state.legal_actions(mover)
        for action in rng.sample(legal, min(3, len(legal))):
            if not state.private_step(mover, action):
                continue
            before = _seen_by_others(game, state, mover)
            after, events = state.clone(), list[Event]()
            after.apply(mover, action, Chance(rng.randrange(2**32)), events)
            assert _seen_by_others(game, after, mover) == before, (
                f"{context}: player {mover}'s private step {state.action_text(action)!r} shows to another viewer"
            )
            assert all(event.visible_to == (mover,) for event in events), (
                f"{context}: player {mover}'s private step has events others may see"
            )


def _seen(events: list[Event], player: int) -> list[dict[str, Any]]:
    return [event.to_json() for event in events if event.visible(player)]


def _check_event_secrecy(state: State, rng: random.Random, context: str) -> None:
    """No event a player may see tells that player more than their observation does.

    (1) At a simultaneous decision, two choices of one mover that leave the same players to move
    give the same events to every other player. (2) A mover's action applied in the true state
    and in determinizations for a viewer (what the viewer cannot see resampled) gives the viewer
    the same events whenever it leaves the viewer's observation the same (a reveal that the rules
    make public shows in the observation, and then its events may show it too)."""
    movers = state.to_move()
    for mover in movers:
        legal = state.legal_actions(mover)
        seed = rng.randrange(2**32)
        if len(movers) > 1 and len(legal) > 1:
            first, second = rng.sample(legal, 2)
            one, two = state.clone(), state.clone()
            events_one: list[Event] = []
            events_two: list[Event] = []
            one.apply(mover, first, Chance(seed), events_one)
            two.apply(mover, second, Chance(seed), events_two)
            if one.to_move() == two.to_move():
                for other in range(state.num_players):
                    if other != mover:
                        assert _seen(events_one, other) == _seen(events_two, other), (
                            f"{context}: an event shows player {mover}'s choice to player {other}"
                        )
        action = rng.choice(legal)
        truth = state.clone()
        events: list[Event] = []
        truth.apply(mover, action, Chance(seed), events)
        for viewer in range(state.num_players):
            seen_after = truth.observation(viewer)
            for world in (1, 2):
                guess = state.determinize(viewer, random.Random(world))
                if action not in guess.legal_actions(mover):
                    continue
                guessed: list[Event] = []
                guess.apply(mover, action, Chance(seed), guessed)
                if guess.observation(viewer) == seen_after:
                    assert _seen(guessed, viewer) == _seen(events, viewer), (
                        f"{context}: the events player {viewer} sees after player {mover}'s action "
                        "depend on what they cannot see"
                    )


def _check_board(game: Game[Any], state: State, context: str) -> None:
    """The board view validates, holds only what the viewer may see, and every legal action
    has a target on it (or is off-board)."""
    for viewer in [None, *range(state.num_players)]:
        view = game.board_view(state, viewer)
        try:
            board = BoardView.model_validate(view)
        except ValidationError as error:
            raise AssertionError(f"{context}: board view for {viewer} is malformed: {error}") from None
        assert _roundtrip(view) == view, f"{context}: board view not JSON-stable"
        if viewer is not None:
            for world in (1, 2):
                guess = state.determinize(viewer, random.Random(world))
                assert game.board_view(guess, viewer) == view, (
                    f"{context}: player {viewer}'s board view shows what they cannot see"
                )
        if viewer is None or viewer not in state.to_move():
            continue
        cells = {area.id: {cell.id: cell for cell in area.cells} for area in board.areas}
        for action in state.legal_actions(viewer):
            target_json = game.action_target(state, viewer, action)
            if target_json is None:
                continue
            try:
                target = Target.model_validate(target_json)
            except ValidationError as error:
                raise AssertionError(f"{context}: target of {action} is malformed: {error}") from None
            assert target.area in cells, f"{context}: action {action} targets unknown area {target.area}"
            if target.cell is not None:
                assert target.cell in cells[target.area], (
                    f"{context}: action {action} targets unknown cell {target.cell} of {target.area}"
                )


def check_events_and_facts(game: Game[Any], num_players: int, options: Options | None, seed: int) -> None:
    """Every event of a random game has a declared kind, fits its fields and has words; the
    game's declared facts hold (simultaneity, chance, hidden information, end reasons)."""
    kinds = game.event_kinds
    facts = game.meta.facts
    chance = Chance(derive_seed(seed, "chance"), log=True)
    rng = random.Random(derive_seed(seed, "moves"))
    state = game.start(num_players, options, chance)
    drew = bool(chance.take_log())
    hidden_seen = False
    index = 0
    while movers := state.to_move():
        if len(movers) > 1:
            assert facts.simultaneous, f"{game.meta.name}: several players decide at once, facts say no"
        if index % 5 == 0:
            for player in range(num_players):
                if state.determinize(player, random.Random(index)).to_json() != state.to_json():
                    hidden_seen = True
        player = movers[int(rng.random() * len(movers))]
        legal = state.legal_actions(player)
        events: list[Event] = []
        state.apply(player, legal[int(rng.random() * len(legal))], chance, events)
        drew = drew or bool(chance.take_log())
        for event in events:
            kind = kinds.get(event.kind)
            assert kind is not None, f"{game.meta.name}: event kind {event.kind!r} is not declared"
            problem = kind.check(event.data)
            assert problem is None, f"{game.meta.name}: {problem}"
            assert _roundtrip(event.data) == event.data, f"event {event.kind} data is not JSON-stable"
            words = game.event_text(event)
            assert isinstance(words, str) and words.strip(), f"event {event.kind} has no words"
            if event.visible_to is not None:
                assert all(0 <= p < num_players for p in event.visible_to), f"event {event.kind} visible_to"
        index += 1
    if drew:
        assert facts.chance, f"{game.meta.name} draws, but its facts declare no chance"
    if hidden_seen:
        assert facts.hidden, f"{game.meta.name} has hidden information, but its facts declare none"
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason in facts.end_reasons, f"end reason {outcome.reason!r} is not declared"
    assert set(outcome.tie_breaks) <= set(facts.tie_breaks), f"tie-breaks {outcome.tie_breaks} are not declared"
    assert list(outcome.ranks) == state.ranks() and list(outcome.scores) == [float(x) for x in state.scores()]


class _UniformAgent:
    """A seeded uniform choice (the engine tests need no agent package)."""

    name = "uniform"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def act(self, view: PlayerView, legal: Sequence[int], budget: Budget) -> int:
        return legal[int(self._random() * len(legal))]


def _random_match(
    game: Game[Any], num_players: int, options: Options | None, seed: int, disturb: int | None = None
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


def check_replay(game: Game[Any], num_players: int, options: Options | None, seed: int) -> None:
    match, states = _random_match(game, num_players, options, seed)
    record = MatchRecord.from_json(_roundtrip(match.record.to_json()))
    replayed = [json.dumps(frame.state.to_json(), sort_keys=True) for frame in replay(record, lambda _: game)][1:]
    assert replayed == states, "replaying the record did not reproduce the states"
    assert record.scores == [float(s) for s in match.state.scores()]


def check_determinism(game: Game[Any], num_players: int, options: Options | None, seed: int) -> None:
    first, states_one = _random_match(game, num_players, options, seed, disturb=1)
    second, states_two = _random_match(game, num_players, options, seed, disturb=2)
    assert first.record.to_json() == second.record.to_json(), "same seed, different record"
    assert states_one == states_two, "same seed and actions, different states"
