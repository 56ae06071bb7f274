"""One run: play a plan's games on a backend, stream the rows to a results file, feed a tally."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from townhall.engine.errors import TownhallError
from townhall.sim.backends import run_games
from townhall.sim.play import Row, RunPlan
from townhall.sim.results import completed, open_writer, read_rows
from townhall.sim.words import _


class Tally(Protocol):
    def add_row(self, row: Row) -> None: ...


@dataclass(frozen=True, slots=True)
class Where:
    """How and where the games run and their rows go."""

    backend: str = "local"
    jobs: int = 1
    address: str | None = None
    out: Path | None = None
    resume: bool = False


def execute(plan: RunPlan, where: Where, tally: Tally, progress: Callable[[int], None] | None = None) -> float:
    """Play the games `where.out` does not hold yet; every row (old and new) goes to `tally` in game order.
    Returns the seconds spent playing."""
    if where.resume and where.out is None:
        raise TownhallError(_("--resume continues the run in --out; give --out"))
    start = completed(where.out, plan) if where.resume and where.out is not None else 0
    games = run_games(plan, start, where.backend, where.jobs, where.address)
    if start:
        assert where.out is not None
        for row in read_rows(where.out):
            tally.add_row(row)
        if progress:
            progress(start)
    writer = open_writer(where.out, start) if where.out is not None else None
    started = time.perf_counter()
    try:
        for rows in games:
            if writer is not None:
                writer.write(rows)
            for row in rows:
                tally.add_row(row)
            if progress:
                progress(len(rows))
    finally:
        if writer is not None:
            writer.close()
    return time.perf_counter() - started
