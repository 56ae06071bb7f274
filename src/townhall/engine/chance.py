"""Seeded chance owned by the match.

Games never keep a random generator in their state: every draw or shuffle asks the Chance object
passed to `new_state`/`apply`. All chance reduces to `below(n)`, whose outcomes can be logged and
replayed exactly (ScriptedChance), independent of how the outcomes were produced.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from mypy_extensions import mypyc_attr

from townhall.engine.errors import RecordError
from townhall.engine.words import _

T = TypeVar("T")


# Open to interpreted subclasses (agents and tests draw their own way) in the compiled build.
@mypyc_attr(allow_interpreted_subclasses=True)
class Chance:
    """Uniform integer draws from a private, seeded generator (never Python's global one)."""

    __slots__ = ("_random", "log")

    def __init__(self, seed: int | None = None, *, log: bool = False) -> None:
        self._random = random.Random(seed).random
        self.log: list[int] | None = [] if log else None

    def __reduce__(self) -> tuple[object, ...]:
        # Copies carry the generator's state: a deepcopy would otherwise share the generator (a
        # bound built-in method is atomic to `copy`), and the compiled class has no __dict__.
        generator: random.Random = self._random.__self__  # type: ignore[attr-defined]
        return (_restore, (generator.getstate(), self.log))

    def below(self, n: int) -> int:
        """An integer in [0, n), uniformly."""
        if n <= 0:
            raise ValueError(f"chance.below needs a positive bound, got {n}")
        value = int(self._random() * n)
        if self.log is not None:
            self.log.append(value)
        return value

    def skip(self, draws: int) -> None:
        """Move on past `draws` draws unseen: a seeded stream resumed where a table stopped (each
        draw takes one number of the generator, whatever its bound)."""
        for _skipped in range(draws):
            self._random()

    def take_log(self) -> list[int]:
        """The outcomes drawn since the last call, and clear them."""
        if self.log is None:
            return []
        taken, self.log = self.log, []
        return taken

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def weighted(self, weights: Sequence[int]) -> int:
        """An index drawn with probability proportional to its integer weight (one draw)."""
        pick = self.below(sum(weights))
        for index, weight in enumerate(weights):
            if pick < weight:
                return index
            pick -= weight
        raise AssertionError("unreachable: weights sum mismatch")

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, drawing through `below` so that the shuffle is logged and replayable."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def _restore(generator_state: tuple[object, ...], log: list[int] | None) -> Chance:
    chance = Chance(0, log=log is not None)
    generator = random.Random()
    generator.setstate(generator_state)
    chance._random = generator.random
    chance.log = None if log is None else list(log)
    return chance


class ScriptedChance(Chance):
    """Replays recorded outcomes in order; any mismatch is a RecordError."""

    __slots__ = ("_next", "_outcomes")

    def __init__(self, outcomes: Sequence[int]) -> None:
        super().__init__(0, log=True)
        self._outcomes = list(outcomes)
        self._next = 0

    def __reduce__(self) -> tuple[object, ...]:
        return (_restore_scripted, (self._outcomes, self._next, self.log))

    def below(self, n: int) -> int:
        if self._next >= len(self._outcomes):
            raise RecordError(_("the record holds fewer chance outcomes than the replay needs"))
        value = self._outcomes[self._next]
        if not 0 <= value < n:
            raise RecordError(_("recorded chance outcome {value} is outside [0, {bound})").format(value=value, bound=n))
        self._next += 1
        if self.log is not None:
            self.log.append(value)
        return value

    @property
    def exhausted(self) -> bool:
        return self._next == len(self._outcomes)


def _restore_scripted(outcomes: list[int], next_outcome: int, log: list[int] | None) -> ScriptedChance:
    chance = ScriptedChance(outcomes)
    chance._next = next_outcome
    chance.log = None if log is None else list(log)
    return chance
