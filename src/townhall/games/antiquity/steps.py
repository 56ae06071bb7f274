"""Pending sub-decision steps of a player (and the jobs a payment finishes) as small frozen records.

Their JSON form is the tagged list the state has always saved: `["pay", ["bld", 3, 0, [1, 2]], [...]]`,
written by the engine's step codec (engine/steps.py) from each record's `tag` (`@step_record`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from townhall.engine.steps import StepCodec, step_record
from townhall.games.antiquity.payment import Need

Cells = tuple[int, ...]
Origin = tuple[tuple[int, int, Cells], ...]  # building, city, cells where it stood


class Record:
    """The base of every step and job: its tag (given by @step_record), the head of its saved list."""

    __slots__ = ()
    tag: ClassVar[str]


# ------------------------------------------------------------------ jobs finished by a payment


@step_record(tag="bld")
class BuildJob(Record):
    building_type: int
    city: int
    cells: Cells


@step_record(tag="house")
class HouseJob(Record):
    number: int
    city: int
    cell: int


@step_record(tag="prod")
class ProducerJob(Record):
    kind: int
    sites: Cells
    good: int
    free_seed: bool


@step_record(tag="inn")
class InnJob(Record):
    hex: int


@step_record(tag="city")
class CityJob(Record):
    hex: int


Job = BuildJob | HouseJob | ProducerJob | InnJob | CityJob


# ------------------------------------------------------------------ pending steps


@step_record(tag="place")
class PlaceBuilding(Record):
    """Phase 2: where the chosen building goes."""

    choice: int


@step_record(tag="arrange")
class Arrange(Record):
    """Phase 2, St. Barbara: buildings held (placed back first-lifted first) and where they stood."""

    held: Cells
    origin: Origin


@step_record(tag="hplace")
class PlaceHouse(Record):
    number: int


@step_record(tag="fplace")
class PlaceFreeHouse(Record):
    """St. Nicholas's free house: where it goes."""

    number: int


@step_record(tag="pay")
class Pay(Record):
    """A price paid good by good; the job is done once it is paid."""

    job: Job
    need: Need


@step_record(tag="saint")
class ChooseSaint(Record):
    """Phase 2: the saint of a new cathedral (ANT-PH2-8)."""


@step_record(tag="nicholas")
class OfferFreeHouse(Record):
    """St. Nicholas: a free house lower than the one just built, or none."""

    number: int


@step_record(tag="bank")
class BankGiveFirst(Record):
    """A bank trade: the first good to give."""


@step_record(tag="bank2")
class BankGiveSecond(Record):
    first: int


@step_record(tag="bank3")
class BankTake(Record):
    first: int
    second: int


@step_record(tag="graveto")
class MoveGrave(Record):
    """St. Barbara: the empty square a grave moves to."""

    city: int
    cell: int


@step_record(tag="site")
class CountrySite(Record):
    """Phase 4: the hex of the chosen countryside building."""

    kind: int


@step_record(tag="site2")
class FisherPartner(Record):
    """Phase 4: the second shore hex of a fisherman."""

    hex: int


@step_record(tag="fgood")
class ChooseProduct(Record):
    """Phase 4: the good a new producer yields."""

    kind: int
    sites: Cells


Step = (
    PlaceBuilding | Arrange | PlaceHouse | PlaceFreeHouse | Pay | ChooseSaint | OfferFreeHouse | BankGiveFirst
    | BankGiveSecond | BankTake | MoveGrave | CountrySite | FisherPartner | ChooseProduct
)  # fmt: skip

STEP_KINDS: tuple[type[Any], ...] = (
    PlaceBuilding, Arrange, PlaceHouse, PlaceFreeHouse, Pay, ChooseSaint, OfferFreeHouse, BankGiveFirst,
    BankGiveSecond, BankTake, MoveGrave, CountrySite, FisherPartner, ChooseProduct,
)  # fmt: skip
# A payment's job is a record inside the Pay step, saved as its own tagged list.
CODEC: Final = StepCodec(STEP_KINDS, kind="tag", nested=(BuildJob, HouseJob, ProducerJob, InnJob, CityJob))


def step_to_json(step: Step | None) -> Any:
    """The tagged-list form of a pending step (None when nothing is pending)."""
    return None if step is None else CODEC.encode(step)


def step_from_json(data: Any) -> Step | None:
    if data is None:
        return None
    step: Step = CODEC.decode(data)
    return step
