"""The build backend (build_backend/townhall_build.py): `TOWNHALL_COMPILE=1 pip install .` gets
mypy and the typed dependencies into pip's build isolation; a plain install asks for nothing more
than setuptools does. (The compiled wheel itself takes minutes: docs/performance.md has the run.)"""

from __future__ import annotations

import importlib.util
import os
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _backend() -> ModuleType:
    spec = importlib.util.spec_from_file_location("townhall_build", ROOT / "build_backend" / "townhall_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pyproject_names_the_backend() -> None:
    system = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    assert system["build-backend"] == "townhall_build" and system["backend-path"] == ["build_backend"]


@pytest.mark.parametrize(
    ("setting", "compiler", "compiled"),
    [
        (None, "/usr/bin/cc", True),  # the default where a C compiler is: the compiled wheel
        (None, None, False),  # no C compiler: the pure wheel
        ("0", "/usr/bin/cc", False),  # asked for the pure one
        ("1", "/usr/bin/cc", True),
    ],
)
def test_a_wheel_is_compiled_where_a_c_compiler_is_and_asks_for_mypy_then(
    setting: str | None, compiler: str | None, compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "argv", ["setup.py"])
    if setting is None:
        monkeypatch.delenv("TOWNHALL_COMPILE", raising=False)
    else:
        monkeypatch.setenv("TOWNHALL_COMPILE", setting)
    backend = _backend()
    monkeypatch.setattr(backend, "c_compiler", lambda: compiler)
    assert backend.wheel_is_compiled() is compiled
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requires = backend.get_requires_for_build_wheel()
    wanted = [*project["optional-dependencies"]["compile"], *project["dependencies"]]
    assert any(pin.startswith("mypy==") for pin in wanted)
    if compiled:
        assert all(pin in requires for pin in wanted), requires
    else:
        assert not any(pin.startswith("mypy") for pin in requires), requires
    assert os.environ.get("TOWNHALL_COMPILE") == setting  # the hook leaves the setting as it found it


@pytest.mark.parametrize("setting", [None, "1"])
def test_an_editable_install_is_pure_unless_asked(setting: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """`make play` installs editable and must not wait minutes for mypyc; `make compiled` builds in place."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "argv", ["setup.py"])
    if setting is None:
        monkeypatch.delenv("TOWNHALL_COMPILE", raising=False)
    else:
        monkeypatch.setenv("TOWNHALL_COMPILE", setting)
    requires = _backend().get_requires_for_build_editable()
    assert any(pin.startswith("mypy") for pin in requires) is (setting == "1"), requires


def test_the_c_compiler_is_the_one_setuptools_would_call(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.setenv("CC", "no-such-compiler-here -O2")
    monkeypatch.setenv("PATH", "/nonexistent")
    assert backend.c_compiler() is None
