"""Fields declared once (engine/fields.py): the generated clone does what the declaration says, the
compiled build's clone modules are made from the very declarations the games run with, and the battery's clone check fails a clone that misses a field, shares a list, or a position
with a field nobody declared."""

from __future__ import annotations

import sys
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any, Self

import pytest

from tests.engine.toys import Pig, PigState
from townhall import games
from townhall.engine import Chance, Event, Json
from townhall.engine import testing as battery
from townhall.engine.fields import (
    FRESH,
    LIST,
    ROWS,
    SHARED,
    DeclarationError,
    Field,
    Fields,
    declaration_in,
    declaration_of,
    generate,
    generated_files,
    load_fields,
    save_fields,
)

# ------------------------------------------------------------------ a declared toy and its planted faults


class _DeclaredPigState(PigState):
    """Pig with a declaration and one unsaved field (a roll counter): a clone missing it still has
    the same JSON, so only the declaration check can tell."""

    def __init__(self, num_players: int, target: int, max_turns: int) -> None:
        super().__init__(num_players, target, max_turns)
        self.rolls = 0

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        super().apply(player, action, chance, events)
        self.rolls += action == 0

    def to_json(self) -> dict[str, Json]:
        data = super().to_json()
        del data["rolls"]
        return data


FIELDS = Fields(
    "_DeclaredPigState",
    (
        Field("num_players", "num_players"),
        Field("target", "target"),
        Field("max_turns", "max_turns"),
        Field("banked", "banked", LIST),
        Field("turn_total", "turn_total"),
        Field("current", "current"),
        Field("turns", "turns"),
        Field("over", "over"),
        Field("rolls"),
    ),
)


class _ForgetfulPigState(_DeclaredPigState):
    def clone(self) -> Self:
        copy = super().clone()
        copy.rolls = 0  # a field the hand-written clone forgot to carry over
        return copy


class _AliasingPigState(_DeclaredPigState):
    def clone(self) -> Self:
        copy = super().clone()
        copy.banked = self.banked  # a list the clone shares with the original
        return copy


class _GrownPigState(_DeclaredPigState):
    def __init__(self, num_players: int, target: int, max_turns: int) -> None:
        super().__init__(num_players, target, max_turns)
        self.streak = 0  # a field added without a declaration


def _pig(state_class: type[_DeclaredPigState]) -> Pig:
    class _Pig(Pig):
        def new_state(self, num_players: int, options: Any, chance: Chance) -> PigState:
            return state_class(num_players, int(options["target"]), int(options["max_turns"]))

    return _Pig()


def test_declared_toy_passes_the_battery() -> None:
    battery.check_states(_pig(_DeclaredPigState), 2, {}, seed=3, every=1)


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (_ForgetfulPigState, r"_DeclaredPigState\.rolls differs in the clone"),
        (_AliasingPigState, r"_DeclaredPigState\.banked is shared by the clone"),
        (_GrownPigState, r"undeclared fields \['streak'\]"),
    ],
)
def test_clone_faults_are_caught(state_class: type[_DeclaredPigState], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        battery.check_states(_pig(state_class), 2, {}, seed=3, every=1)


def test_a_list_declared_as_a_value_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    misdeclared = Fields("_DeclaredPigState", tuple(Field(f.name, f.key) for f in FIELDS.fields))
    monkeypatch.setattr(sys.modules[__name__], "FIELDS", misdeclared)
    state = _DeclaredPigState(2, 20, 60)
    with pytest.raises(AssertionError, match=r"banked holds a list but is declared a value"):
        battery.check_clone_fields(state, state.clone(), "planted")


# ------------------------------------------------------------------ the generator


class _Board:
    def __init__(self) -> None:
        self.size = 3
        self.cells = [0, 1, 2]
        self.rows = [[1], [2, 3]]
        self.layout = ("a", "b")
        self.log: list[int] = [7]
        self.flags = [True, False]
        self.extra = [4]


_BOARD = Fields(
    "_Board",
    (
        Field("size", "size"),
        Field("cells", "cells", LIST),
        Field("rows", "rows", ROWS),
        Field("layout", "layout", SHARED, restore=False),
        Field("log", copy=FRESH, clone="[]"),
        Field("flags", "flags", LIST, save=lambda v: [int(x) for x in v], load=lambda v: [bool(x) for x in v]),
        Field("extra", "extra", LIST, optional=True),
    ),
)


def _generated(declaration: Fields) -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec(compile(generate(declaration, __name__), "<generated>", "exec"), namespace)  # the code under test
    return namespace


def test_generated_clone_and_run_time_save_format_follow_the_declaration() -> None:
    code = _generated(_BOARD)
    board = _Board()
    copy = _Board.__new__(_Board)
    code["copy_fields"](board, copy)
    assert (copy.size, copy.cells, copy.rows, copy.layout, copy.log) == (3, [0, 1, 2], [[1], [2, 3]], ("a", "b"), [])
    assert copy.cells is not board.cells and copy.rows[1] is not board.rows[1] and copy.layout is board.layout
    made = {
        name for name in code if not name.startswith("__") and name not in ("annotations", "TYPE_CHECKING", "Final")
    }
    assert made == {"DECLARATION", "copy_fields"}  # the save format is not generated
    saved = save_fields(_BOARD, board)
    assert list(saved) == ["size", "cells", "rows", "layout", "flags", "extra"]  # the declaration's order
    assert saved["flags"] == [1, 0] and saved["cells"] is not board.cells and saved["rows"][0] is not board.rows[0]
    loaded = _Board()
    loaded.layout = ("kept",)
    load_fields(_BOARD, loaded, {**saved, "size": 5})
    assert (loaded.size, loaded.flags, loaded.layout) == (5, [True, False], ("kept",))  # layout: restore=False
    assert loaded.rows == [[1], [2, 3]] and loaded.rows[0] is not saved["rows"][0]
    del saved["extra"]
    load_fields(_BOARD, loaded, saved)
    assert loaded.extra == []  # optional: an older save without it


def _cloned(copy_fields: Any) -> _Board:
    copy = _Board.__new__(_Board)
    copy_fields(_Board(), copy)
    return copy


def test_the_clone_is_the_generated_module_only_when_made_from_this_declaration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = "tests.engine.board_for_fields"
    made_now = _BOARD.derived_clone(module)  # no generated module: the code is compiled at import
    assert _cloned(made_now).cells == [0, 1, 2] and made_now.__code__.co_filename == "<clone of _Board>"
    generated = ModuleType(module + "_clone")
    exec(compile(generate(_BOARD, module), "<generated>", "exec"), generated.__dict__)
    monkeypatch.setitem(sys.modules, generated.__name__, generated)
    assert _BOARD.derived_clone(module) is generated.copy_fields  # what the compiled build runs
    stale = Fields("_Board", tuple(field for field in _BOARD.fields if field.name != "extra"))
    made_again = stale.derived_clone(module)  # the declaration changed after the build: not its module
    assert made_again is not generated.copy_fields and not hasattr(_cloned(made_again), "extra")


def test_bad_declarations_are_refused() -> None:
    with pytest.raises(DeclarationError, match="declared twice"):
        generate(Fields("X", (Field("a"), Field("a"))), "m")
    with pytest.raises(DeclarationError, match="used twice"):
        generate(Fields("X", (Field("a", "k"), Field("b", "k"))), "m")
    with pytest.raises(DeclarationError, match="unknown copy rule"):
        generate(Fields("X", (Field("a", copy="deep"),)), "m")


@pytest.mark.parametrize("name", games.shipped())
def test_the_build_generates_each_game_clone_from_the_declaration_it_runs(name: str) -> None:
    package = games.REGISTRY.modules()[name]
    folder = Path(import_module(package).__file__ or "").parent
    files = generated_files(folder, package)
    assert files, f"{name}: no module declares FIELDS"
    for path, text in files.items():
        module = import_module(f"{package}.{path.stem.removesuffix('_clone')}")
        namespace: dict[str, Any] = {}
        exec(compile(text, str(path), "exec"), namespace)
        assert namespace["DECLARATION"] == _generated(module.FIELDS)["DECLARATION"], f"{path}: read from the source"


@pytest.mark.parametrize("name", [name for name in games.names() if not name.startswith("toy-")])
def test_every_game_declares_its_position(name: str) -> None:
    game = games.get(name)
    state = game.start(game.meta.min_players, {}, Chance(1))
    assert declaration_of(type(state)) is not None, f"{name}: declare the position's FIELDS (engine/fields.py)"


def test_declarations_are_read_from_the_source_text(tmp_path: Path) -> None:
    source = tmp_path / "position.py"
    source.write_text('FIELDS = Fields("P", (Field("a", "a", LIST), Field("b", copy=FRESH, clone="[]")))\n')
    assert declaration_in(source) == Fields("P", (Field("a", "a", LIST), Field("b", copy=FRESH, clone="[]")))
    (clone, text), *more = generated_files(tmp_path, "pkg").items()
    assert not more and clone == tmp_path / "position_clone.py"
    assert "from pkg.position import P" in text and "copy.a = source.a.copy()" in text and "copy.b = []" in text
    clone.write_text(text)
    assert generated_files(tmp_path, "pkg") == {clone: text}  # a clone module declares nothing itself
    source.write_text('FIELDS = Fields("P", (Field("a", "a", LIST, save=lambda v: v[:], load=tuple),))\n')
    assert declaration_in(source) == Fields("P", (Field("a", "a", LIST),))  # save/load are for run time only
    source.write_text('FIELDS = Fields("P", (Field(name()),))\n')
    with pytest.raises(DeclarationError, match="only literals and copy rules"):
        declaration_in(source)
