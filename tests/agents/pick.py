"""A one-decision test game for the agents: the player to move picks a number, and the score
table says what each pick is worth. Player 1 then picks too (so the game has two turns)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Self

from townhall.engine import Chance, Event, Game, GameMeta, IllegalAction, Json, Options, State, ranks_from_keys


class PickState(State):
    def __init__(self, values: Sequence[float]) -> None:
        self.num_players = 2
        self.values = list(values)
        self.picks: list[int | None] = [None, None]

    def to_move(self) -> tuple[int, ...]:
        for player, pick in enumerate(self.picks):
            if pick is None:
                return (player,)
        return ()

    def legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.values))) if self.to_move() == (player,) else []

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        if self.to_move() != (player,) or not 0 <= action < len(self.values):
            raise IllegalAction("TOY-PICK-1", "not a legal pick")
        self.picks[player] = action

    def clone(self) -> Self:
        copy = type(self)(self.values)
        copy.picks = list(self.picks)
        return copy

    def scores(self) -> list[float]:
        return [self.values[p] if p is not None else 0.0 for p in self.picks]

    def ranks(self) -> list[int]:
        return ranks_from_keys([[s] for s in self.scores()])

    def observation(self, player: int | None) -> dict[str, Json]:
        return self.to_json()

    def determinize(self, player: int, rng: random.Random) -> Self:
        return self.clone()

    def to_json(self) -> dict[str, Json]:
        return {"values": list(self.values), "picks": list(self.picks)}

    def num_distinct_actions(self) -> int:
        return len(self.values)

    def action_to_json(self, action: int) -> dict[str, Json]:
        return {"pick": action}

    def action_from_json(self, data: Json) -> int:
        return int(data["pick"])

    def action_text(self, action: int) -> str:
        return f"pick {action}"


class Pick(Game):
    meta = GameMeta(name="toy-pick", title="Pick (test toy)", min_players=2, max_players=2)

    def __init__(self, values: Sequence[float]) -> None:
        self.values = list(values)

    def new_state(self, num_players: int, options: Options, chance: Chance) -> PickState:
        return PickState(self.values)

    def state_from_json(self, data: dict[str, Json]) -> PickState:
        state = PickState(data["values"])
        state.picks = list(data["picks"])
        return state

    def render(self, state: State, viewer: int | None) -> str:
        return str(state.to_json())

    def max_decisions(self, num_players: int, options: Options) -> int:
        return 2


class TwoStepState(PickState):
    """Player 0 opens a door (worth `doors[d]` at once), then takes one prize behind it
    (`prizes[d][k]`); player 1 then picks as in Pick. The best door alone is not the best turn."""

    def __init__(self, doors: Sequence[float], prizes: Sequence[Sequence[float]]) -> None:
        super().__init__(doors)
        self.prizes = [list(row) for row in prizes]
        self.door: int | None = None
        self.prize: int | None = None

    def to_move(self) -> tuple[int, ...]:
        if self.door is None or self.prize is None:
            return (0,)
        return (1,) if self.picks[1] is None else ()

    def legal_actions(self, player: int) -> list[int]:
        if self.to_move() != (player,):
            return []
        if player == 0 and self.door is not None:
            return list(range(len(self.prizes[self.door])))
        return list(range(len(self.values)))

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        if action not in self.legal_actions(player):
            raise IllegalAction("TOY-PICK-1", "not a legal pick")
        if player == 1:
            self.picks[1] = action
        elif self.door is None:
            self.door = action
        else:
            self.prize = action

    def clone(self) -> Self:
        copy = type(self)(self.values, self.prizes)
        copy.picks = list(self.picks)
        copy.door, copy.prize = self.door, self.prize
        return copy

    def scores(self) -> list[float]:
        mine = 0.0 if self.door is None else self.values[self.door]
        if self.door is not None and self.prize is not None:
            mine += self.prizes[self.door][self.prize]
        theirs = 0.0 if self.picks[1] is None else self.values[self.picks[1]]
        return [mine, theirs]


class TwoStep(Pick):
    meta = GameMeta(name="toy-two-step", title="Two steps (test toy)", min_players=2, max_players=2)

    def __init__(self, doors: Sequence[float], prizes: Sequence[Sequence[float]]) -> None:
        super().__init__(doors)
        self.prizes = [list(row) for row in prizes]

    def new_state(self, num_players: int, options: Options, chance: Chance) -> TwoStepState:
        return TwoStepState(self.values, self.prizes)

    def max_decisions(self, num_players: int, options: Options) -> int:
        return 3


class SecretTwoStepState(TwoStepState):
    """TwoStep played at the same time: player 0's door and prize and player 1's pick make one
    simultaneous decision (each player's plan step by step, as Antiquity's city building)."""

    def to_move(self) -> tuple[int, ...]:
        zero = (0,) if self.door is None or self.prize is None else ()
        return zero + ((1,) if self.picks[1] is None else ())

    def legal_actions(self, player: int) -> list[int]:
        if player not in self.to_move():
            return []
        if player == 0 and self.door is not None:
            return list(range(len(self.prizes[self.door])))
        return list(range(len(self.values)))


class SecretTwoStep(TwoStep):
    meta = GameMeta(name="toy-secret-two-step", title="Secret two steps (test toy)", min_players=2, max_players=2)

    def new_state(self, num_players: int, options: Options, chance: Chance) -> SecretTwoStepState:
        return SecretTwoStepState(self.values, self.prizes)


class SecretPlanState(PickState):
    """A simultaneous decision: player 0 builds a plan ("add": one more piece, each worth -1 to
    them, or "done"), while player 1 picks a value as in Pick. Ending the plan early is best."""

    ADD, DONE = 0, 1
    MAX_PIECES = 3

    def __init__(self, values: Sequence[float]) -> None:
        super().__init__(values)
        self.pieces = 0
        self.done = False

    def to_move(self) -> tuple[int, ...]:
        return ((0,) if not self.done else ()) + ((1,) if self.picks[1] is None else ())

    def legal_actions(self, player: int) -> list[int]:
        if player not in self.to_move():
            return []
        if player == 1:
            return list(range(len(self.values)))
        return [self.ADD, self.DONE] if self.pieces < self.MAX_PIECES else [self.DONE]

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        if action not in self.legal_actions(player):
            raise IllegalAction("TOY-PICK-1", "not a legal pick")
        if player == 1:
            self.picks[1] = action
        elif action == self.ADD:
            self.pieces += 1
        else:
            self.done = True

    def clone(self) -> Self:
        copy = type(self)(self.values)
        copy.picks = list(self.picks)
        copy.pieces, copy.done = self.pieces, self.done
        return copy

    def scores(self) -> list[float]:
        theirs = 0.0 if self.picks[1] is None else self.values[self.picks[1]]
        return [-float(self.pieces), theirs]


class SecretPlan(Pick):
    meta = GameMeta(name="toy-secret-plan", title="Secret plan (test toy)", min_players=2, max_players=2)

    def new_state(self, num_players: int, options: Options, chance: Chance) -> SecretPlanState:
        return SecretPlanState(self.values)

    def max_decisions(self, num_players: int, options: Options) -> int:
        return SecretPlanState.MAX_PIECES + 2
