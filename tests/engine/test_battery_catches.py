"""The battery is only worth something if it fails broken games: each fault below must be caught."""

from __future__ import annotations

import random
from typing import Self

import pytest

from tests.engine.toys import Goofspiel, GoofState, Pig, PigState
from townhall.engine import Chance, Event, Json
from townhall.engine import testing as battery


class _LeakyGoofState(GoofState):
    def observation(self, player: int | None) -> dict[str, Json]:
        seen = super().observation(player)
        seen["bids"] = list(self.bids)  # shows pending bids to everybody
        return seen


class _LeakyGoofspiel(Goofspiel):
    def new_state(self, num_players: int, options: dict[str, object], chance: Chance) -> GoofState:  # type: ignore[override]
        state = super().new_state(num_players, options, chance)  # type: ignore[arg-type]
        state.__class__ = _LeakyGoofState
        return state

    def state_from_json(self, data: dict[str, Json]) -> GoofState:
        state = super().state_from_json(data)
        state.__class__ = _LeakyGoofState
        return state


class _SloppyPigState(PigState):
    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        self.turn_total += 0 if action in (0, 1) else 1  # mutates before the check
        super().apply(player, action, chance, events)


class _SloppyPig(Pig):
    def new_state(self, num_players: int, options: dict[str, object], chance: Chance) -> PigState:  # type: ignore[override]
        return _SloppyPigState(num_players, int(options["target"]), int(options["max_turns"]))  # type: ignore[call-overload]


class _GlobalRandomPigState(PigState):
    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        if action == 0:
            face = random.randint(1, 6)  # the global generator: not reproducible
            self.turn_total = 0 if face == 1 else self.turn_total + face
            if face == 1:
                self._next_turn()
            return
        super().apply(player, action, chance, events)

    def clone(self) -> Self:
        return super().clone()


class _GlobalRandomPig(Pig):
    def new_state(self, num_players: int, options: dict[str, object], chance: Chance) -> PigState:  # type: ignore[override]
        return _GlobalRandomPigState(num_players, int(options["target"]), int(options["max_turns"]))  # type: ignore[call-overload]


class _BoastfulPigState(PigState):
    def private_step(self, player: int, action: int) -> bool:
        return True  # a false claim: the others see every roll and hold in Pig


class _BoastfulPig(Pig):
    def new_state(self, num_players: int, options: dict[str, object], chance: Chance) -> PigState:  # type: ignore[override]
        return _BoastfulPigState(num_players, int(options["target"]), int(options["max_turns"]))  # type: ignore[call-overload]


def test_false_private_step_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"private step .* shows to another viewer"):
        battery.check_states(_BoastfulPig(), 2, {}, seed=3, every=1)


def test_secrecy_leak_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"undecided choice|determinized observation"):
        battery.check_states(_LeakyGoofspiel(), 2, {}, seed=3, every=1)


def test_state_changed_by_rejected_action_is_caught() -> None:
    with pytest.raises(AssertionError, match="changed the state"):
        battery.check_states(_SloppyPig(), 2, {}, seed=3, every=1)


def test_global_randomness_is_caught() -> None:
    with pytest.raises(AssertionError, match="same seed"):
        battery.check_determinism(_GlobalRandomPig(), 2, {}, seed=3)
