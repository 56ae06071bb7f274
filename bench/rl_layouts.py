"""docs/rl.md's observation layout tables, generated from every registered game's observer
(townhall.rl.layouts): print them, or write them into the document between its markers.

    PYTHONPATH=src .venv/bin/python bench/rl_layouts.py            # print the Markdown
    PYTHONPATH=src .venv/bin/python bench/rl_layouts.py --write    # update docs/rl.md

tests/rl/test_layout_docs.py fails when docs/rl.md's section differs from what this prints.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from townhall.rl.layouts import markdown, replace_section

DOC = Path(__file__).resolve().parent.parent / "docs" / "rl.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"replace the section in {DOC.name}")
    args = parser.parse_args(argv)
    generated = markdown()
    if not args.write:
        print(generated)
        return 0
    DOC.write_text(replace_section(DOC.read_text(encoding="utf-8"), generated), encoding="utf-8")
    print(f"wrote the layouts into {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
