"""The package's build backend: setuptools', plus what the compiled build needs in pip's build
isolation. `TOWNHALL_COMPILE=1 pip install .` (or `pip wheel .`) then brings mypy (whose mypyc
compiles the hot modules) and everything those modules type-check against: the runtime
dependencies and the `rl` extra, at the versions pinned in pyproject.toml. Without
TOWNHALL_COMPILE it is setuptools' backend unchanged (a pure-Python wheel)."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import (  # noqa: F401 (the hooks pip calls, as setuptools gives them)
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
)

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def compile_requires() -> list[str]:
    """The `compile` extra (mypy, whose mypyc compiles; what the compiled modules import) and the
    runtime dependencies."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    return [*project["optional-dependencies"]["compile"], *project["dependencies"]]


@contextmanager
def _pure() -> Iterator[bool]:
    """setuptools runs setup.py to answer every hook: where the extensions change nothing (the
    requirements, the metadata), it runs as the pure build, so mypyc runs once, for the wheel."""
    compiled = os.environ.pop("TOWNHALL_COMPILE", None)
    try:
        yield compiled == "1"
    finally:
        if compiled is not None:
            os.environ["TOWNHALL_COMPILE"] = compiled


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _pure() as compiled:
        requires = build_meta.get_requires_for_build_wheel(config_settings)
    return requires + compile_requires() if compiled else requires


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _pure() as compiled:
        requires = build_meta.get_requires_for_build_editable(config_settings)
    return requires + compile_requires() if compiled else requires


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    with _pure():
        return build_meta.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    with _pure():
        return build_meta.prepare_metadata_for_build_editable(metadata_directory, config_settings)
