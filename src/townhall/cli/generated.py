"""Files generated from code (schemas, field code): written, or checked to be current."""

from __future__ import annotations

import sys
from pathlib import Path


def write_or_check(files: dict[Path, str], check: bool, what: str, command: str) -> int:
    """Writes the files whose text differs and returns 0, or with `check` names them and returns 1;
    `what` the files are and the `command` that writes them make that message."""
    stale = []
    for path, text in files.items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if check:
            stale.append(str(path))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if stale:
        print(f"stale or missing {what} (run `{command}`): {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0
