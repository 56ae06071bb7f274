"""The engine's contracts for front doors: typed refusals, declared events and facts, board views;
each battery check is proven to catch a planted fault."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from tests.engine.toys import TOYS, Goofspiel, GoofState, Pig
from townhall.engine import (
    Chance,
    Event,
    EventKind,
    GameFacts,
    GameOver,
    IllegalAction,
    Json,
    MalformedAction,
    NotYourTurn,
    State,
    errors,
)
from townhall.engine import testing as battery
from townhall.engine.match import Match


def test_error_classes_have_distinct_stable_codes() -> None:
    classes = [getattr(errors, name) for name in dir(errors) if isinstance(getattr(errors, name), type)]
    classes = [cls for cls in classes if issubclass(cls, errors.TownhallError)]
    codes = [cls.code for cls in classes]
    assert len(codes) == len(set(codes)) and len(classes) >= 10
    assert issubclass(errors.MalformedAction, ValueError) and issubclass(errors.DataError, ValueError)


def test_the_match_refuses_with_the_right_class() -> None:
    match = Match(Pig(), 2, seed=1)
    with pytest.raises(NotYourTurn):
        match.apply(1, 0)
    with pytest.raises(MalformedAction):
        match.apply(0, 99)
    with pytest.raises(MalformedAction):
        match.state.action_from_json({"kind": ["roll"]})
    match = Match(Goofspiel(), 2, {"cards": 1}, seed=1)
    for player in (0, 1):
        match.apply(player, match.state.legal_actions(player)[0])
    with pytest.raises(GameOver):
        match.apply(0, 1)
    assert match.record.steps and len(match.record.steps) == 2


@pytest.mark.parametrize("game", TOYS, ids=[toy.meta.name for toy in TOYS])
def test_toys_declare_their_events_and_facts(game: Any) -> None:
    for players in range(game.meta.min_players, game.meta.max_players + 1):
        for seed in range(3):
            battery.check_events_and_facts(game, players, {}, seed)


def test_an_outcome_names_why_the_game_ended() -> None:
    match = Match(Pig(), 2, {"max_turns": 1}, seed=3)
    while not match.is_over():
        match.apply(match.to_move()[0], 1)
    outcome = match.state.outcome()
    assert outcome is not None and outcome.reason == "turn-limit"
    assert outcome.to_json()["ranks"] == match.state.ranks()


# ---- planted faults: each check must fail a game that breaks its contract


class _PublicBidGoofspiel(Goofspiel):
    """Announces every bid to everybody as it is made."""

    def new_state(self, num_players: int, options: Any, chance: Chance) -> GoofState:
        return _PublicBidState.wrap(super().new_state(num_players, options, chance))

    def state_from_json(self, data: dict[str, Json]) -> GoofState:
        return _PublicBidState.wrap(super().state_from_json(data))


class _PublicBidState(GoofState):
    @classmethod
    def wrap(cls, state: GoofState) -> GoofState:
        state.__class__ = cls
        return state

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        mine: list[Event] = []
        super().apply(player, action, chance, mine)
        if events is not None:
            events.extend(Event(e.kind, e.data) for e in mine)  # drops visible_to


def test_event_secrecy_catches_a_public_bid() -> None:
    with pytest.raises(AssertionError, match="an event shows player"):
        battery.check_states(_PublicBidGoofspiel(), 2, {}, seed=11, every=1)


class _BoardLeakGoofspiel(Goofspiel):
    def board_view(self, state: State, viewer: int | None) -> dict[str, Json]:
        view = super().board_view(state, viewer)
        assert isinstance(state, GoofState)
        view["items"].append({"id": "bids", "kind": "bids", "label": repr(state.bids)})
        return view


def test_board_check_catches_a_view_that_shows_pending_bids() -> None:
    with pytest.raises(AssertionError, match="board view shows what they cannot see"):
        battery.check_states(_BoardLeakGoofspiel(), 2, {}, seed=11, every=1)


class _BadTargetGoofspiel(Goofspiel):
    def action_target(self, state: State, player: int, action: int) -> dict[str, Json] | None:
        return {"area": "nowhere", "cell": "1"}


def test_board_check_catches_a_target_off_the_board() -> None:
    with pytest.raises(AssertionError, match="unknown area"):
        battery.check_states(_BadTargetGoofspiel(), 2, {}, seed=11, every=1)


class _UndeclaredEventPig(Pig):
    event_kinds: ClassVar[Mapping[str, EventKind]] = {"roll": EventKind("roll", {"player": "int", "face": "int"})}


class _WrongFieldPig(Pig):
    event_kinds: ClassVar[Mapping[str, EventKind]] = {
        "roll": EventKind("roll", {"player": "int", "face": "str"}),
        "hold": EventKind("hold", {"player": "int", "points": "int"}),
    }


class _NotSimultaneousGoofspiel(Goofspiel):
    meta = dataclasses.replace(Goofspiel.meta, facts=GameFacts(hidden=("bids",), simultaneous=False))


class _NoHiddenGoofspiel(Goofspiel):
    meta = dataclasses.replace(Goofspiel.meta, facts=GameFacts(simultaneous=True, end_reasons={"end": "over"}))


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (_UndeclaredEventPig(), "not declared"),
        (_WrongFieldPig(), "is not str"),
        (_NotSimultaneousGoofspiel(), "several players decide at once"),
        (_NoHiddenGoofspiel(), "declare none"),
    ],
)
def test_event_and_fact_checks_catch_false_declarations(game: Any, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        for seed in range(3):
            battery.check_events_and_facts(game, 2, {}, seed)


def test_an_illegal_action_names_a_clause() -> None:
    match = Match(Goofspiel(), 2, seed=2)
    with pytest.raises(IllegalAction) as refused:
        match.state.apply(0, 0, Chance(1))
    assert refused.value.clause.startswith("TOY-")
