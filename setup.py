"""The optional compiled build: mypyc compiles the hot modules (the engine core and each game's rules)
from the same typed source. `make compiled` runs `TOWNHALL_COMPILE=1 python setup.py build_ext --inplace`,
which puts a C extension next to each listed .py file; `make pure` removes them again. Without
TOWNHALL_COMPILE (a plain `pip install`) this file adds nothing: the package is pure Python.

Left out on purpose: text and views, board views and data loading (not hot, and edited often), and
everything above the games (the bench's reference workload must stay interpreted), except two hot
paths that run as often as the rules they call: the search agent's iterations, and the
environments' step (each game's observer and the AEC environment with its tables, hand-outs and
masks; `townhall bench GAME --env` measures them against the compiled engine).
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup

SRC = Path(__file__).parent / "src"
ENGINE = ("chance", "codec", "errors", "items", "protocol", "watch")
NOT_HOT = {"__init__", "views", "board_view", "data", "events", "observation_model", "game", "campaign", "chapters"}
# The search agent's iterations are as hot as the rules they call.
AGENTS = ("mcts", "turns")
RL = ("mask", "handout", "core", "aec")  # the environments' hot path at every decision (parallel, gym stay interpreted)
# Frozen dataclasses with a ClassVar tag: mypyc would make the tag a field, so they stay interpreted.
INTERPRETED = {"steps"}


def from_source(module: str) -> ModuleType:
    """A module of the package in src/, imported before it is built or installed."""
    sys.path.insert(0, str(SRC))
    try:
        return importlib.import_module(module)
    finally:
        sys.path.pop(0)


def game_folders() -> list[Path]:
    """The package folder of every shipped game, read from the game registry (the one list of games)."""
    modules = from_source("townhall.games").REGISTRY.modules().values()
    return [SRC.joinpath(*module.split(".")) for module in modules]


def native_extensions() -> list[Extension]:
    """The extensions written in C, from their one list (townhall/native.py), each beside its twin."""
    natives = from_source("townhall.native").NATIVE
    return [Extension(native.extension, [native.source], extra_compile_args=["-O2"]) for native in natives]


def write_clone_modules() -> None:
    """Each game's clone code, generated from its field declarations (engine/fields.py) for mypyc."""
    fields = from_source("townhall.engine.fields")
    for module in from_source("townhall.games").REGISTRY.modules().values():
        for path, text in fields.generated_files(SRC.joinpath(*module.split(".")), module).items():
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
            # As old as what it is made from (make's staleness checks follow those alone), and newer
            # whenever they change (mypy's cache then reads it again).
            declaring = path.with_name(path.stem.removesuffix(fields.CLONE_SUFFIX) + ".py")
            newest = max(source.stat().st_mtime_ns for source in (declaring, Path(fields.__file__)))
            os.utime(path, ns=(newest, newest))


def compiled_sources() -> list[str]:
    """The .py files that the compiled build turns into C extensions, relative to this folder (each
    game's generated clone modules among them)."""
    write_clone_modules()
    paths = [SRC / "townhall" / "engine" / f"{name}.py" for name in ENGINE]
    paths += [SRC / "townhall" / "agents" / f"{name}.py" for name in AGENTS]
    paths += [SRC / "townhall" / "rl" / f"{name}.py" for name in RL]
    for folder in game_folders():
        paths += sorted(p for p in folder.glob("*.py") if p.stem not in NOT_HOT | INTERPRETED)
    return [str(p.relative_to(Path(__file__).parent)) for p in paths]


if os.environ.get("TOWNHALL_COMPILE") == "1":
    from mypyc.build import mypycify

    setup(
        package_dir={"": "src"},
        ext_modules=[
            *mypycify(
                ["--config-file=pyproject.toml", *compiled_sources()],
                opt_level="3",
                multi_file=True,
                # The background build of make play writes its C apart from make compiled's (build/).
                target_dir=os.environ.get("TOWNHALL_BUILD_DIR", "build"),
            ),
            *native_extensions(),
        ],
        # a wheel built by pip compiles on every core too, as `make compiled` (-j) does
        options={"build_ext": {"parallel": os.cpu_count() or 1}},
    )
else:
    setup()
