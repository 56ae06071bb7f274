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


@pytest.mark.parametrize("compiled", [False, True])
def test_the_compiled_build_asks_for_mypy_and_the_typed_dependencies(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "argv", ["setup.py"])
    if compiled:
        monkeypatch.setenv("TOWNHALL_COMPILE", "1")
    else:
        monkeypatch.delenv("TOWNHALL_COMPILE", raising=False)
    backend = _backend()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requires = backend.get_requires_for_build_wheel()
    wanted = [*project["optional-dependencies"]["compile"], *project["dependencies"]]
    assert any(pin.startswith("mypy==") for pin in wanted)
    if compiled:
        assert all(pin in requires for pin in wanted), requires
        assert os.environ["TOWNHALL_COMPILE"] == "1"  # the hook leaves the setting as it found it
    else:
        assert not any(pin.startswith("mypy") for pin in requires), requires
