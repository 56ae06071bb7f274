"""The package's build backend: setuptools', choosing the build and bringing what the compiled one
needs into pip's build isolation.

A wheel (`pip install .`, `pip wheel .`, `make wheel`) is the compiled build wherever a C compiler
is found, else the pure-Python one; the build says which on its log. `TOWNHALL_COMPILE=1` insists
on the compiled build, `TOWNHALL_COMPILE=0` asks for the pure one. An editable install (`pip
install -e .`, `make play`) stays pure unless TOWNHALL_COMPILE=1: `make compiled` builds in place.
The compiled build brings mypy (whose mypyc compiles the hot modules) and everything those modules
type-check against, at the versions pinned in pyproject.toml."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import sysconfig
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import (  # noqa: F401 (the hooks pip calls, as setuptools gives them)
    build_editable,
    build_sdist,
    get_requires_for_build_sdist,
)

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def compile_requires() -> list[str]:
    """The `compile` extra (mypy, whose mypyc compiles; what the compiled modules import) and the
    runtime dependencies."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    return [*project["optional-dependencies"]["compile"], *project["dependencies"]]


def c_compiler() -> str | None:
    """The C compiler setuptools would call (the interpreter's CC, else cc), if it is installed."""
    configured = shlex.split(os.environ.get("CC") or str(sysconfig.get_config_var("CC") or ""))
    for name in [*configured[:1], "cc", "gcc", "clang"]:
        found = shutil.which(name)
        if found:
            return found
    return None


def wheel_is_compiled() -> bool:
    """A wheel's build: TOWNHALL_COMPILE=1 compiled, =0 pure, unset compiled where a C compiler is."""
    setting = os.environ.get("TOWNHALL_COMPILE")
    if setting in ("0", "1"):
        return setting == "1"
    return c_compiler() is not None


def _say(message: str) -> None:
    print(f"townhall: {message}", file=sys.stderr, flush=True)


@contextmanager
def _setting(compiled: bool) -> Iterator[bool]:
    """Run setuptools with TOWNHALL_COMPILE as given (setup.py reads it), then put it back."""
    before = os.environ.get("TOWNHALL_COMPILE")
    if compiled:
        os.environ["TOWNHALL_COMPILE"] = "1"
    else:
        os.environ.pop("TOWNHALL_COMPILE", None)
    try:
        yield compiled
    finally:
        if before is None:
            os.environ.pop("TOWNHALL_COMPILE", None)
        else:
            os.environ["TOWNHALL_COMPILE"] = before


@contextmanager
def _pure() -> Iterator[bool]:
    """setuptools runs setup.py to answer every hook: where the extensions change nothing (the
    requirements, the metadata), it runs as the pure build, so mypyc runs once, for the wheel.
    Yields whether an editable install asked for the compiled build."""
    asked = os.environ.get("TOWNHALL_COMPILE") == "1"
    with _setting(False):
        yield asked


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _pure():
        requires = build_meta.get_requires_for_build_wheel(config_settings)
    return requires + compile_requires() if wheel_is_compiled() else requires


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    compiled = wheel_is_compiled()
    if compiled:
        compiler = c_compiler()
        if compiler is None:
            raise SystemExit("townhall: TOWNHALL_COMPILE=1 asks for the compiled build, but no C compiler was found")
        _say(f"building the compiled wheel (mypyc with {compiler}; TOWNHALL_COMPILE=0 builds the pure one)")
    else:
        why = "TOWNHALL_COMPILE=0" if os.environ.get("TOWNHALL_COMPILE") == "0" else "no C compiler found"
        _say(f"building the pure-Python wheel ({why}): the rules run several times slower")
    with _setting(compiled):
        return build_meta.build_wheel(wheel_directory, config_settings, metadata_directory)


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
