"""Write the clone and JSON code of every registered game from its field declarations (engine/fields.py).

python -m townhall.cli.fields          # write the generated part at the end of each declaring module
python -m townhall.cli.fields --check  # exit 1 when one is missing or stale
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from townhall import games
from townhall.cli.generated import write_or_check
from townhall.engine.fields import generated_files


def formatted(text: str, path: Path) -> str:
    """The text as the project's formatter writes it (generated long expressions wrap like hand-written ones)."""
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    done = subprocess.run(
        [ruff, "format", "--stdin-filename", str(path), "-"], input=text, capture_output=True, text=True, check=True
    )
    return done.stdout


def expected() -> dict[Path, str]:
    """Every module of a registered game that declares FIELDS, and its text with the generated part."""
    files: dict[Path, str] = {}
    for name in games.names():
        if name.startswith("toy-"):
            continue
        module = sys.modules[type(games.get(name)).__module__]
        assert module.__file__ is not None
        for path, text in generated_files(Path(module.__file__).parent).items():
            files[path] = formatted(text, path)
    return files


def main(argv: list[str]) -> int:
    return write_or_check(expected(), "--check" in argv, "generated field code", "python -m townhall.cli.fields")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
