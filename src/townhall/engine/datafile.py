"""Data files described by pydantic models: one model per kind of file, one DataError.

A game describes each kind of data file (tile set, board, chapter, price table...) by a
`DataModel`; `load_model` reads and validates a file and turns every problem into a DataError
naming the file, the field and what was expected. The models publish JSON Schemas
(`schema_of`) that the shipped files point to through `"$schema"`, so an editor completes and
checks a designer's own file. Validation runs once at load time: games turn the validated
models into their own plain data, off the hot path.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from townhall.engine.errors import DataError

Model = TypeVar("Model", bound=BaseModel)


class DataModel(BaseModel):
    """Base of every data-file model: unknown keys are refused, values are immutable, and the
    top-level `"$schema"` pointer an editor uses is allowed (and ignored)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class DataFile(DataModel):
    """Base of a model that is a whole file (not a part of one): it may carry `"$schema"`."""

    schema_pointer: str | None = Field(default=None, alias="$schema", exclude=True)


def describe_errors(error: ValidationError, source: str, limit: int = 3) -> str:
    """One line per problem (at most `limit`): `source: field.path: what was expected`."""
    problems = []
    for detail in error.errors()[:limit]:
        location = ".".join(str(part) for part in detail["loc"]) or "(top level)"
        message = str(detail["msg"])
        if detail["type"] == "extra_forbidden":
            message = "unknown key (not part of this kind of file)"
        elif detail["type"] == "missing":
            message = "missing field"
        problems.append(f"{source}: {location}: {message}")
    more = len(error.errors()) - limit
    if more > 0:
        problems.append(f"({more} more problem{'s' if more > 1 else ''})")
    return "; ".join(problems)


def validate_model(model: type[Model], data: Any, source: str) -> Model:
    """Validate already-parsed JSON data against `model`; DataError names `source` and the field."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise DataError(describe_errors(error, source)) from None


def read_json(path: Path) -> Any:
    """Parse a JSON file; any unreadable, undecodable or malformed file raises DataError."""
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as error:
        raise DataError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise DataError(f"{path} is not UTF-8 text (byte {error.start})") from None
    return parse_json_text(text, str(path))


def parse_json_text(text: str, source: str) -> Any:
    """Parse JSON text (a file's, or data given inline); malformed or too deeply nested is a DataError."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise DataError(f"{source} is not valid JSON ({error.msg}, line {error.lineno})") from None
    except RecursionError:
        raise DataError(f"{source} is nested too deeply") from None


def load_model(model: type[Model], path: Path) -> Model:
    """Read and validate one data file."""
    return validate_model(model, read_json(path), path.name)


def schema_of(model: type[BaseModel], title: str | None = None) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a data-file model, as published in docs/schemas."""
    schema = model.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    if title:
        schema["title"] = title
    return schema


def schema_text(model: type[BaseModel], title: str | None = None) -> str:
    return json.dumps(schema_of(model, title), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
