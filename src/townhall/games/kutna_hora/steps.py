"""The pending steps of a turn as small frozen records, and their saved JSON form [kind, a, b].

Kept apart from the position: the compiled build (mypyc) leaves these records interpreted, as it
does not yet keep a dataclass's ClassVar (the KIND) out of its fields. The codec is the engine's
(engine/steps.py): each record names its KIND (`@step_record`), and saves its fields as a and b (0
where none).
"""

from __future__ import annotations

from dataclasses import fields
from typing import ClassVar, Final

from townhall.engine.steps import StepCodec, step_record
from townhall.games.kutna_hora.actions import (
    T_BARB,
    T_BARB_END,
    T_BUILD,
    T_BUY,
    T_DRAW,
    T_HOUSE,
    T_INCOME,
    T_KEEP,
    T_LIC,
    T_MINE,
    T_NOBLE,
    T_OPT,
    T_PLACE,
    T_PLOT,
    T_SCORE,
    T_TECH,
)

# Pending work is a stack of steps; the top one is the current small decision (or an automatic
# step run at once). Each step's JSON form is [kind, a, b] (the saved format, CODEC).


class StepRecord:
    """The base of every step: its KIND (given by @step_record), the first value of its saved form."""

    __slots__ = ()
    KIND: ClassVar[int]


@step_record(KIND=T_MINE)
class StartMine(StepRecord):
    """Automatic: start a mine action (flags: F_FREE, F_RESERVE)."""

    flags: int


@step_record(KIND=T_BUY)
class BuyMiners(StepRecord):
    """Buy miners for one permit? (KH-MINE-1)"""

    flags: int


@step_record(KIND=T_DRAW)
class DrawMineTiles(StepRecord):
    """Automatic: draw as many mine tiles as the technology level (KH-MINE-2)."""

    flags: int


@step_record(KIND=T_KEEP)
class KeepMineTile(StepRecord):
    """Keep which drawn tile? (KH-MINE-2)"""

    flags: int


@step_record(KIND=T_PLACE)
class PlaceMine(StepRecord):
    """Where does the kept tile go? (KH-MINE-3)"""

    flags: int
    tile: int


@step_record(KIND=T_TECH)
class PlaceTechnology(StepRecord):
    """Where does the technology tile go (declining removes it)? (KH-BUILD-5)"""

    FORM: ClassVar = (None, "tile")  # saved as [kind, 0, tile]
    tile: int


@step_record(KIND=T_LIC)
class TakeLicence(StepRecord):
    """Take a licence (mode 0 paid, 1 free, 2 free and public only; KH-LIC-1)."""

    mode: int


@step_record(KIND=T_PLOT)
class BuyPlot(StepRecord):
    """Buy a plot (mode 0 paid, 1 free anywhere; KH-PLOT-1)."""

    mode: int


@step_record(KIND=T_BUILD)
class BuildBuilding(StepRecord):
    """Build (mode 0 paying wood, 1 without wood cost; KH-BUILD-1)."""

    mode: int


@step_record(KIND=T_INCOME)
class TakeIncome(StepRecord):
    """Automatic: take income, then offer a noble (KH-INC-1)."""


@step_record(KIND=T_NOBLE)
class SeatNoble(StepRecord):
    """Seat a noble in the council (mode 0 from the pool for money, 1 from the bank free; KH-INC-2)."""

    mode: int


@step_record(KIND=T_BARB)
class ResolveBarbaraTile(StepRecord):
    """Resolve St. Barbara tile `tile` or ignore it (KH-BAR-2)."""

    tile: int


@step_record(KIND=T_HOUSE)
class RemoveHouse(StepRecord):
    """St. Barbara tile 3: remove a house for +2 production?"""


@step_record(KIND=T_SCORE)
class ScoreBuilding(StepRecord):
    """St. Barbara tile 10: score one own building."""


@step_record(KIND=T_OPT)
class OptionalIcon(StepRecord):
    """An impersonal icon the player may decline (icon: OPT_*, argument: a good or an amount)."""

    icon: int
    argument: int


@step_record(KIND=T_BARB_END)
class TurnBarbaraTileDown(StepRecord):
    """Automatic: St. Barbara tile `tile` turns face down after its steps (KH-BAR-1)."""

    tile: int


Step = (
    StartMine | BuyMiners | DrawMineTiles | KeepMineTile | PlaceMine | PlaceTechnology | TakeLicence | BuyPlot
    | BuildBuilding | TakeIncome | SeatNoble | ResolveBarbaraTile | RemoveHouse | ScoreBuilding | OptionalIcon
    | TurnBarbaraTileDown
)  # fmt: skip
AUTOMATIC_STEPS = frozenset({StartMine, DrawMineTiles, TakeIncome, TurnBarbaraTileDown})


# Every kind of step, in the order of their KIND.
STEPS: Final = (
    StartMine, BuyMiners, DrawMineTiles, KeepMineTile, PlaceMine, PlaceTechnology, TakeLicence, BuyPlot,
    BuildBuilding, TakeIncome, SeatNoble, ResolveBarbaraTile, RemoveHouse, ScoreBuilding, OptionalIcon,
    TurnBarbaraTileDown,
)  # fmt: skip


def _public_name(step: type[Step]) -> str:
    """The step's public name: its record's name in lower case words joined by "_" (BuyPlot: buy_plot)."""
    return "".join(f"_{letter.lower()}" if letter.isupper() else letter for letter in step.__name__).lstrip("_")


# Each step's public name (the observation's `step`, the key of its text) and the fields it carries.
STEP_NAMES: Final[dict[type[Step], tuple[str, tuple[str, ...]]]] = {
    step: (_public_name(step), tuple(field.name for field in fields(step))) for step in STEPS
}


# The saved form of every step: [kind, a, b].
CODEC: Final = StepCodec(STEPS, kind="KIND", width=2)


def step_to_json(step: Step) -> list[int]:
    return CODEC.encode(step)


def step_from_json(data: list[int]) -> Step:
    step: Step = CODEC.decode(data)
    return step
