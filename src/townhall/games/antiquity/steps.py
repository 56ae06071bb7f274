"""Pending sub-decision steps of a player (and the jobs a payment finishes) as small frozen records.

Their JSON form is the tagged list the state has always saved: `["pay", ["bld", 3, 0, [1, 2]], [...]]`,
written by the engine's step codec (engine/steps.py) from each record's `tag`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Final

from townhall.engine.steps import StepCodec
from townhall.games.antiquity.payment import Need

Cells = tuple[int, ...]
Origin = tuple[tuple[int, int, Cells], ...]  # building, city, cells where it stood


# ------------------------------------------------------------------ jobs finished by a payment


@dataclass(frozen=True, slots=True)
class BuildJob:
    tag: ClassVar[str] = "bld"
    building_type: int
    city: int
    cells: Cells


@dataclass(frozen=True, slots=True)
class HouseJob:
    tag: ClassVar[str] = "house"
    number: int
    city: int
    cell: int


@dataclass(frozen=True, slots=True)
class ProducerJob:
    tag: ClassVar[str] = "prod"
    kind: int
    sites: Cells
    good: int
    free_seed: bool


@dataclass(frozen=True, slots=True)
class InnJob:
    tag: ClassVar[str] = "inn"
    hex: int


@dataclass(frozen=True, slots=True)
class CityJob:
    tag: ClassVar[str] = "city"
    hex: int


Job = BuildJob | HouseJob | ProducerJob | InnJob | CityJob


# ------------------------------------------------------------------ pending steps


@dataclass(frozen=True, slots=True)
class PlaceBuilding:
    """Phase 2: where the chosen building goes."""

    tag: ClassVar[str] = "place"
    choice: int


@dataclass(frozen=True, slots=True)
class Arrange:
    """Phase 2, St. Barbara: buildings held (placed back first-lifted first) and where they stood."""

    tag: ClassVar[str] = "arrange"
    held: Cells
    origin: Origin


@dataclass(frozen=True, slots=True)
class PlaceHouse:
    tag: ClassVar[str] = "hplace"
    number: int


@dataclass(frozen=True, slots=True)
class PlaceFreeHouse:
    """St. Nicholas's free house: where it goes."""

    tag: ClassVar[str] = "fplace"
    number: int


@dataclass(frozen=True, slots=True)
class Pay:
    """A price paid good by good; the job is done once it is paid."""

    tag: ClassVar[str] = "pay"
    job: Job
    need: Need


@dataclass(frozen=True, slots=True)
class ChooseSaint:
    tag: ClassVar[str] = "saint"


@dataclass(frozen=True, slots=True)
class OfferFreeHouse:
    """St. Nicholas: a free house lower than the one just built, or none."""

    tag: ClassVar[str] = "nicholas"
    number: int


@dataclass(frozen=True, slots=True)
class BankGiveFirst:
    tag: ClassVar[str] = "bank"


@dataclass(frozen=True, slots=True)
class BankGiveSecond:
    tag: ClassVar[str] = "bank2"
    first: int


@dataclass(frozen=True, slots=True)
class BankTake:
    tag: ClassVar[str] = "bank3"
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class MoveGrave:
    """St. Barbara: the empty square a grave moves to."""

    tag: ClassVar[str] = "graveto"
    city: int
    cell: int


@dataclass(frozen=True, slots=True)
class CountrySite:
    """Phase 4: the hex of the chosen countryside building."""

    tag: ClassVar[str] = "site"
    kind: int


@dataclass(frozen=True, slots=True)
class FisherPartner:
    """Phase 4: the second shore hex of a fisherman."""

    tag: ClassVar[str] = "site2"
    hex: int


@dataclass(frozen=True, slots=True)
class ChooseProduct:
    """Phase 4: the good a new producer yields."""

    tag: ClassVar[str] = "fgood"
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
