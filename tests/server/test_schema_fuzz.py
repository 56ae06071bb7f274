"""schemathesis over the OpenAPI schema that the app serves: no 5xx, no response outside the schema."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.specs.openapi.checks import positive_data_acceptance  # noqa: E402

from townhall.server.app import create_app  # noqa: E402

APP = create_app(f"sqlite:///{Path(tempfile.mkdtemp()) / 'fuzz.db'}")
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_answers_within_its_schema(case: schemathesis.Case) -> None:
    # A schema-valid body may still name an unknown game or a table that does not exist: a 4xx
    # there is right, so "positive data acceptance" is left out; every other check runs.
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
