"""Which build of the rules runs: the compiled one (mypyc extensions, `make compiled`) or pure Python.

Both come from the same source; the compiled build only replaces the hot modules' .py files by C
extensions beside them. This module itself always stays interpreted.
"""

from __future__ import annotations

import importlib
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType
from typing import Any


def c_extension(module_name: str) -> Any:
    """An extension written in C that the compiled build makes (`_mask.c`, `_items.c`, a game's
    own), or None in the pure build. Loaded by name: a static import of a module with no source
    reads (to the import graph's tools) as an import of its package, which closes a cycle."""
    try:
        module: ModuleType = importlib.import_module(module_name)
    except ImportError:
        return None
    return module


def is_compiled(module_name: str) -> bool:
    """Whether the imported module `module_name` was loaded from a C extension."""
    path = getattr(sys.modules[module_name], "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def build_of(*objects: object) -> str:
    """'compiled' when the classes of all `objects` (and the engine's protocol) come from C
    extensions, 'pure' when none does, 'mixed' otherwise (a partial build)."""
    modules = {"townhall.engine.protocol", *(type(o).__module__ for o in objects)}
    compiled = [is_compiled(name) for name in sorted(modules)]
    return "compiled" if all(compiled) else "pure" if not any(compiled) else "mixed"


def stale_extensions() -> list[str]:
    """The package's .py files newer than their compiled build: an edit that `make compiled` has not
    compiled yet, which Python would silently ignore (the extension wins the import). mypyc puts
    the code in one shared library beside the package and leaves each module's own extension a
    thin shim that a rebuild may keep unchanged, so the newest of the two counts."""
    root = Path(__file__).resolve().parent.parent
    shared = [p.stat().st_mtime for suffix in EXTENSION_SUFFIXES for p in root.parent.glob(f"*__mypyc*{suffix}")]
    built = max(shared, default=0.0)
    stale = []
    for suffix in EXTENSION_SUFFIXES:
        for extension in root.rglob(f"*{suffix}"):
            for language in (".py", ".c"):  # a mypyc module, or an extension written in C
                source = extension.with_name(extension.name[: -len(suffix)] + language)
                if source.exists() and source.stat().st_mtime > max(extension.stat().st_mtime, built):
                    stale.append(str(source.relative_to(root.parent)))
    return sorted(stale)
