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

import os
import sys
from pathlib import Path

from setuptools import Extension, setup

SRC = Path(__file__).parent / "src"
ENGINE = ("chance", "codec", "errors", "items", "protocol", "watch")
NOT_HOT = {"__init__", "views", "board_view", "data", "event_words", "game", "campaign", "chapters"}
# The search agent's iterations are as hot as the rules they call.
AGENTS = ("mcts",)
RL = ("mask", "handout", "core", "aec")  # the environments' hot path at every decision (parallel, gym stay interpreted)
# Frozen dataclasses with a ClassVar tag: mypyc would make the tag a field, so they stay interpreted.
INTERPRETED = {"steps"}


def game_folders() -> list[Path]:
    """The package folder of every shipped game, read from the game registry (the one list of games)."""
    sys.path.insert(0, str(SRC))
    try:
        from townhall.games import REGISTRY
    finally:
        sys.path.pop(0)
    return [SRC.joinpath(*module.split(".")) for module in REGISTRY.modules().values()]


def compiled_sources() -> list[str]:
    """The .py files that the compiled build turns into C extensions, relative to this folder."""
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
            *mypycify(["--config-file=pyproject.toml", *compiled_sources()], opt_level="3", multi_file=True),
            # The action mask's stores in C (rl/_mask.c; rl.mask runs them in Python without it).
            Extension("townhall.rl._mask", ["src/townhall/rl/_mask.c"], extra_compile_args=["-O2"]),
            # Observers' float32 item stores in C (engine/_items.c; engine.items uses memoryviews without it).
            Extension("townhall.engine._items", ["src/townhall/engine/_items.c"], extra_compile_args=["-O2"]),
            # Carcassonne's tiles laid on its observation's board window (the observer has it in Python too).
            Extension(
                "townhall.games.carcassonne._lay",
                ["src/townhall/games/carcassonne/_lay.c"],
                extra_compile_args=["-O2"],
            ),
        ],
    )
else:
    setup()
