"""Results files: one summary row per game, streamed as games finish, read back, and resumed.

- JSON lines (any name): one row per line. With records, the line is the game record with the row's
  fields on top, so `townhall replay` reads the file as it is.
- Parquet (name ends in `.parquet`): a directory of part files, one row group each, every part written
  to a temporary name and renamed when complete, so a killed run leaves only whole parts. `pyarrow`
  reads the directory as one table. Options and records are JSON text columns there.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

from townhall.engine.errors import TownhallError
from townhall.sim.play import Row, RunPlan
from townhall.sim.words import _

PARQUET_ROWS = 1000  # games per row group: resume loses at most this many games of a killed Parquet run
PART_GLOB = "part-*.parquet"
JSON_TEXT_COLUMNS = ("options", "record")


class ResultError(TownhallError):
    """A results file that cannot be read, or resumed by this run."""


def is_parquet(path: Path) -> bool:
    return path.name.endswith(".parquet")


def import_pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow  # type: ignore[import-untyped]
        import pyarrow.parquet  # type: ignore[import-untyped]
    except ImportError:
        raise TownhallError(_('Parquet needs pyarrow; install it with: pip install "townhall[cluster]"')) from None
    return pyarrow, pyarrow.parquet


class ResultWriter(Protocol):
    def write(self, rows: list[Row]) -> None: ...

    def close(self) -> None: ...


class JsonLinesWriter:
    def __init__(self, path: Path, append: bool) -> None:
        self._handle = path.open("a" if append else "w", encoding="utf-8")

    def write(self, rows: list[Row]) -> None:
        for row in rows:
            record = row.get("record")
            line = {**record, **{k: v for k, v in row.items() if k != "record"}} if isinstance(record, dict) else row
            self._handle.write(json.dumps(line, separators=(",", ":")) + "\n")
        self._handle.flush()  # a killed run keeps every finished game

    def close(self) -> None:
        self._handle.close()


class ParquetWriter:
    def __init__(self, path: Path, first_part: int) -> None:
        self._pa, self._pq = import_pyarrow()
        self._path = path
        self._part = first_part
        self._rows: list[Row] = []
        self._schema: Any = None

    def write(self, rows: list[Row]) -> None:
        self._rows.extend(rows)
        while len(self._rows) >= PARQUET_ROWS:
            self._flush(self._rows[:PARQUET_ROWS])
            del self._rows[:PARQUET_ROWS]

    def close(self) -> None:
        if self._rows:
            self._flush(self._rows)
            self._rows = []

    def _flush(self, rows: list[Row]) -> None:
        flat = [{k: json.dumps(v) if k in JSON_TEXT_COLUMNS else v for k, v in row.items()} for row in rows]
        if self._schema is None:  # the first row group fixes the columns of the run
            self._schema = self._pa.Table.from_pylist(flat).schema
        table = self._pa.Table.from_pylist(flat, schema=self._schema)
        final = self._path / f"part-{self._part:06d}.parquet"
        temporary = final.with_suffix(".tmp")
        self._pq.write_table(table, temporary)
        os.replace(temporary, final)
        self._part += 1


def read_rows(path: Path) -> Iterator[Row]:
    """The rows of a results file in game order, one at a time (a torn last JSON line is skipped)."""
    if is_parquet(path):
        yield from _read_parquet(path)
        return
    try:
        handle = path.open("rb")
    except OSError as error:
        raise ResultError(f"cannot read {path}: {error.strerror or error}") from None
    with handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                if not line.endswith(b"\n"):
                    return  # the line a killed run was writing
                raise ResultError(f"{path} line {number} is not JSON") from None
            if not isinstance(row, dict) or "index" not in row or "scores" not in row:
                raise ResultError(f"{path} line {number} is not a result row (written by simulate or tournament)")
            yield row


def _parts(path: Path) -> list[Path]:
    if not path.is_dir():
        raise ResultError(f"{path} is not a Parquet results directory")
    return sorted(path.glob(PART_GLOB))


def _read_parquet(path: Path) -> Iterator[Row]:
    _, pq = import_pyarrow()
    for part in _parts(path):
        for row in pq.read_table(part).to_pylist():
            for key in JSON_TEXT_COLUMNS:
                if isinstance(row.get(key), str):
                    row[key] = json.loads(row[key])
            yield row


def completed(path: Path, plan: RunPlan) -> int:
    """How many games `path` already holds for this plan (0 when it does not exist). Checks that the rows
    are this run's and in order, and cuts what a killed run left unfinished."""
    if not path.exists():
        return 0
    if is_parquet(path):
        for temporary in path.glob("*.tmp"):
            temporary.unlink()
    else:
        _cut_torn_line(path)
    identity = plan.identity()
    count = 0
    for row in read_rows(path):
        mismatch = [key for key, value in identity.items() if row.get(key) != value]
        if mismatch or row.get("seats") != [plan.agents[a] for a in plan.seating(count)]:
            fields = ", ".join(mismatch) or "seats"
            raise ResultError(f"{path} holds another run ({fields} differ); resume with the same arguments")
        if ("steps" in row or row.get("record") is not None) != plan.keep_records:
            raise ResultError(
                f"{path} was written {'without' if plan.keep_records else 'with'} --records; resume alike"
            )
        if row.get("index") != count:
            raise ResultError(f"{path}: game {count} expected, found {row.get('index')}")
        count += 1
    if count > plan.n_games:
        raise ResultError(f"{path} already holds {count} games, more than -n {plan.n_games}")
    return count


def _cut_torn_line(path: Path) -> None:
    """Drop a last line without its newline: that game is played again."""
    with path.open("rb+") as handle:
        handle.seek(0, os.SEEK_END)
        size = handle.tell()
        if size == 0:
            return
        handle.seek(size - 1)
        if handle.read(1) == b"\n":
            return
        position = size - 1
        chunk = 65536
        while position > 0:
            start = max(0, position - chunk)
            handle.seek(start)
            data = handle.read(position - start)
            newline = data.rfind(b"\n")
            if newline >= 0:
                handle.truncate(start + newline + 1)
                return
            position = start
        handle.truncate(0)


def open_writer(path: Path, resume_from: int) -> ResultWriter:
    """A writer that continues after `resume_from` games (0: a new file, replacing an old one)."""
    if is_parquet(path):
        if path.exists() and not path.is_dir():
            raise ResultError(f"{path} is a file; a Parquet results set is a directory")
        path.mkdir(parents=True, exist_ok=True)
        parts = sorted(path.glob(PART_GLOB))
        if resume_from == 0:
            for part in parts:
                part.unlink()
            parts = []
        return ParquetWriter(path, len(parts))
    return JsonLinesWriter(path, append=resume_from > 0)
