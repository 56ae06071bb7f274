"""The C extensions of the compiled build, each listed once with its Python twin.

The compiled build (`make compiled`, setup.py) builds every extension listed here from the `.c` file
of the same path; the pure build runs the twin's functions instead. `tests/engine/test_native.py`
checks that every `.c` file is listed, that each function has its twin, and that both store alike.
This module is build metadata: it imports nothing of townhall, so setup.py reads it before any build.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Native:
    """A C extension: its module, the Python module holding its twin, and each of its functions (or
    types) by name with the name of its twin there."""

    extension: str
    twin: str
    functions: Mapping[str, str]

    @property
    def source(self) -> str:
        """The C source, relative to the repository root."""
        return "src/" + self.extension.replace(".", "/") + ".c"


NATIVE: tuple[Native, ...] = (
    # An observation's float32 item stores (a memoryview parses its format at every store).
    Native(
        "townhall.engine._items",
        "townhall.engine.items",
        {
            "Items": "memory_items",
            "scatter": "scatter_items",
            "fill": "fill_items",
            "copy": "copy_items",
            "rows": "rows_items",
            "columns": "columns_items",
        },
    ),
    # The environments' action mask kept up to date in place.
    Native("townhall.rl._mask", "townhall.rl.mask", {"refresh": "refresh_items"}),
    # Carcassonne's tiles laid on its observation's board window.
    Native("townhall.games.carcassonne._lay", "townhall.games.carcassonne.observer", {"lay": "lay_items"}),
)
