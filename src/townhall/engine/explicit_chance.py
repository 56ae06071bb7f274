"""Explicit chance for every game, with no change to any game: a position can say that it waits on
chance, list the outcomes of that draw with their probabilities, and take a chosen outcome
(expectimax, OpenSpiel's chance nodes, exact-chance search).

Every draw of every game is one `Chance.below(n)` (engine.chance): n outcomes 0..n-1, each with
probability 1/n, the very integers that records log. So the draws that a move (or the set-up)
makes are found by running it with the outcomes chosen so far: the first draw beyond them stops
the run and names its bound n; once every draw has an outcome the run completes. A move is re-run
once per draw it makes (a few at most in the shipped games), on a clone: the engine's own
`apply`, `legal_actions` and `clone` are untouched and as fast as before, and the seeded `Chance`
that matches and records use picks the same outcomes as ever.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from townhall.engine.chance import Chance
from townhall.engine.options import Options
from townhall.engine.protocol import Game, State

S = TypeVar("S", bound=State)


class _DrawPending(Exception):
    """A draw beyond the outcomes chosen so far: its number of outcomes."""

    def __init__(self, bound: int) -> None:
        super().__init__(bound)
        self.bound = bound


class _ChosenOutcomes(Chance):
    """The outcomes chosen so far, in order; the next draw stops the run."""

    __slots__ = ("_next", "_outcomes")

    def __init__(self, outcomes: list[int]) -> None:
        super().__init__(0)
        self._outcomes = outcomes
        self._next = 0

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"chance.below needs a positive bound, got {n}")
        if self._next == len(self._outcomes):
            raise _DrawPending(n)
        value = self._outcomes[self._next]
        self._next += 1
        return value


class ExplicitState(Generic[S]):
    """A game's position with its draws as chance nodes.

    Either settled (`waits_on_chance()` false: `state` is the game's state, players move with
    `apply`), or waiting on a draw: the set-up or a move has started and `chance_outcomes()` lists
    its next draw's outcomes, `apply_chance(outcome)` takes one. `drawn` holds the outcomes taken
    by the move under way, or by the last move once settled (what a record logs for that step). While waiting, `state` is
    the position before the move (or None during the set-up) and `move` the move under way."""

    __slots__ = ("_bound", "_merged", "_run", "drawn", "move", "state")

    def __init__(self, state: S | None, move: tuple[int, int] | None, run: Callable[[Chance], S]) -> None:
        self.state = state
        self.move = move
        self.drawn: list[int] = []
        self._run = run
        self._bound = 0
        self._merged: list[tuple[int, float]] | None = None  # this draw's merged outcomes, once asked

    @classmethod
    def start(cls, game: Game[S], num_players: int, options: Options | None) -> ExplicitState[S]:
        """The position before the set-up's draws (settled at once for a set-up that draws nothing).
        Raises OptionError as `Game.start` does."""
        game.meta.check_players(num_players)
        resolved = game.meta.resolve(options)
        game.check_setup(num_players, resolved)
        explicit = cls(None, None, _SetUp(game, num_players, resolved))
        explicit._resume()
        return explicit

    @classmethod
    def settled(cls, state: S) -> ExplicitState[S]:
        """A settled position (a game's state, not waiting on chance)."""
        return cls(state, None, _no_run)

    def waits_on_chance(self) -> bool:
        return self._bound > 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next draw's outcomes and their probabilities (empty when settled)."""
        return [(outcome, 1.0 / self._bound) for outcome in range(self._bound)]

    def merged_chance_outcomes(self) -> list[tuple[int, float]]:
        """The next draw's outcomes with those that end the move in the same position merged: the
        lowest outcome of each class stands for it, with the class's probability (Carcassonne's
        stack: one outcome per kind of tile, weighted by its copies). An outcome after which the
        move draws again stays on its own (what follows is not compared). Each outcome is run
        once, on a clone, and its position compared by its save form; the list is kept for the
        draw (clones share it)."""
        if self._merged is not None:
            return self._merged
        classes: dict[str, int] = {}
        weights: dict[int, int] = {}
        for outcome in range(self._bound):
            try:
                after = self._run(_ChosenOutcomes([*self.drawn, outcome]))
            except _DrawPending:
                weights[outcome] = 1
                continue
            key = json.dumps(after.to_json(), sort_keys=True, separators=(",", ":"))
            first = classes.setdefault(key, outcome)
            weights[first] = weights.get(first, 0) + 1
        self._merged = [(outcome, count / self._bound) for outcome, count in weights.items()]
        return self._merged

    def apply_chance(self, outcome: int) -> None:
        if not 0 <= outcome < self._bound:
            raise ValueError(f"chance outcome {outcome} is not one of 0..{self._bound - 1}")
        self.drawn.append(outcome)
        self._resume()

    def apply(self, player: int, action: int) -> None:
        """Start `player`'s move: settled at once if it draws nothing, else waiting on its first
        draw. Raises the game's IllegalAction (and then changes nothing)."""
        if self._bound or self.state is None:
            raise ValueError("the position waits on chance, not on a player")
        self._settle_or_wait(_Move(self.state, player, action), (player, action), [])

    def clone(self) -> ExplicitState[S]:
        # A settled state is cloned; a base waiting on a draw is never changed (runs clone it).
        copy = ExplicitState(self.state if self._bound else _clone(self.state), self.move, self._run)
        copy.drawn = list(self.drawn)
        copy._bound = self._bound
        copy._merged = self._merged
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> ExplicitState[S]:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.state, self.move, self._run, self.drawn, self._bound))

    def _resume(self) -> None:
        self._settle_or_wait(self._run, self.move, self.drawn)

    def _settle_or_wait(self, run: Callable[[Chance], S], move: tuple[int, int] | None, drawn: list[int]) -> None:
        """Run the move with the outcomes drawn so far: settled, or waiting on its next draw. A
        move refused before its first draw raises and changes nothing."""
        try:
            state = run(_ChosenOutcomes(drawn))
        except _DrawPending as pending:
            self._run, self.move, self.drawn, self._bound = run, move, drawn, pending.bound
            self._merged = None
            return
        self.state, self.move, self.drawn, self._bound, self._run = state, None, drawn, 0, _no_run
        self._merged = None


class _SetUp(Generic[S]):
    """The set-up as a run (data, not a closure: positions pickle)."""

    __slots__ = ("game", "num_players", "options")

    def __init__(self, game: Game[S], num_players: int, options: Options) -> None:
        self.game, self.num_players, self.options = game, num_players, options

    def __call__(self, chance: Chance) -> S:
        return self.game.new_state(self.num_players, self.options, chance)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_SetUp, (self.game, self.num_players, self.options))


class _Move(Generic[S]):
    """A move as a run: on a clone, so the position it starts from never changes."""

    __slots__ = ("action", "base", "player")

    def __init__(self, base: S, player: int, action: int) -> None:
        self.base, self.player, self.action = base, player, action

    def __call__(self, chance: Chance) -> S:
        after = self.base.clone()
        after.apply(self.player, self.action, chance)
        return after

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Move, (self.base, self.player, self.action))


def _restore(
    state: Any, move: tuple[int, int] | None, run: Callable[[Chance], Any], drawn: list[int], bound: int
) -> ExplicitState[Any]:
    explicit: ExplicitState[Any] = ExplicitState(state, move, run)
    explicit.drawn, explicit._bound = list(drawn), bound
    return explicit


def _clone(state: S | None) -> S | None:
    return None if state is None else state.clone()


def _no_run(chance: Chance) -> Any:
    raise AssertionError("a settled position has no move under way")
