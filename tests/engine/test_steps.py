"""The one step-record codec (engine/steps.py): the saved forms both games have always written, and
what it refuses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from townhall.engine.steps import StepCodec
from townhall.games.antiquity import steps as antiquity
from townhall.games.kutna_hora import steps as kutna_hora
from townhall.games.kutna_hora.actions import T_INCOME, T_OPT, T_PLACE, T_TECH


def test_kutna_hora_steps_keep_their_kind_a_b_form() -> None:
    forms = {
        kutna_hora.PlaceMine(flags=1, tile=7): [T_PLACE, 1, 7],
        kutna_hora.PlaceTechnology(tile=4): [T_TECH, 0, 4],  # its one field in slot b
        kutna_hora.TakeIncome(): [T_INCOME, 0, 0],
        kutna_hora.OptionalIcon(icon=2, argument=5): [T_OPT, 2, 5],
    }
    for step, form in forms.items():
        assert kutna_hora.step_to_json(step) == form
        assert kutna_hora.step_from_json(form) == step


def test_antiquity_steps_keep_their_tagged_form() -> None:
    need = (1, True, 2, False, (3, 4), ())
    pay = antiquity.Pay(antiquity.BuildJob(3, 0, (1, 2)), need)
    assert antiquity.step_to_json(pay) == ["pay", ["bld", 3, 0, [1, 2]], [1, True, 2, False, [3, 4], []]]
    assert antiquity.step_from_json(antiquity.step_to_json(pay)) == pay
    arrange = antiquity.Arrange(held=(5,), origin=((5, 1, (2, 3)),))
    assert antiquity.step_to_json(arrange) == ["arrange", [5], [[5, 1, [2, 3]]]]
    assert antiquity.step_from_json(["arrange", [5], [[5, 1, [2, 3]]]]) == arrange
    assert antiquity.step_to_json(None) is None and antiquity.step_from_json(None) is None


@dataclass(frozen=True, slots=True)
class _Wide:
    KIND: ClassVar[int] = 1
    a: int
    b: int
    c: int


@dataclass(frozen=True, slots=True)
class _Misformed:
    KIND: ClassVar[int] = 2
    FORM: ClassVar = ("a", "a")
    a: int


def test_codec_refuses_records_it_cannot_save() -> None:
    with pytest.raises(ValueError, match="do not fit the width"):
        StepCodec((_Wide,), kind="KIND", width=2)
    with pytest.raises(ValueError, match="does not name each field once"):
        StepCodec((_Misformed,), kind="KIND")
    with pytest.raises(ValueError, match="is taken"):
        StepCodec((_Wide, _Wide), kind="KIND")
