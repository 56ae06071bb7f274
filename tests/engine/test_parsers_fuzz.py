"""Every parser a stranger can feed refuses malformed input with its typed error, whatever the
bytes, types or nesting: action JSON forms of every game, records, and `townhall replay`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.golden.playthrough import GOLDEN_DIR, REAL_GAMES
from townhall import games
from townhall.engine import MalformedAction, RecordError, State
from townhall.engine.chance import Chance
from townhall.engine.records import parse_records, replay

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
KINDS = st.sampled_from(["place", "deploy", "pass", "bid", "plan", "done", "kind", ""]) | st.text(max_size=8)
FIELD_VALUES = (
    st.integers(-5, 300) | st.booleans() | st.none() | st.text(max_size=4) | st.lists(st.integers(), max_size=2)
)


def _start(name: str) -> State:
    game = games.get(name)
    return game.start(game.meta.min_players, {}, Chance(1))


def _action_forms() -> st.SearchStrategy[Any]:
    shaped = st.builds(
        lambda kind, fields: {"kind": kind, **fields},
        KINDS | JSON,
        st.dictionaries(
            st.sampled_from(["x", "y", "rot", "segment", "cell", "piece", "index", "good", "n"]), FIELD_VALUES
        ),
    )
    return JSON | shaped


@pytest.mark.parametrize("name", REAL_GAMES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=_action_forms())
def test_action_json_refuses_anything_malformed_with_its_typed_error(name: str, data: Any) -> None:
    state = _start(name)
    try:
        action = state.action_from_json(data)
    except MalformedAction:
        return
    assert 0 <= action < state.num_distinct_actions()
    assert state.action_from_json(state.action_to_json(action)) == action


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=200))
def test_record_bytes_refused_with_a_record_error(data: bytes) -> None:
    with pytest.raises(RecordError):
        parse_records(data)


def _golden_record(name: str) -> dict[str, Any]:
    path = sorted(GOLDEN_DIR.glob(f"{name}-2p-default-random.json"))[0]
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["record"]
    return record


@pytest.mark.parametrize("name", REAL_GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.integers(0, 10_000), value=JSON, key=st.sampled_from(["action", "player", "chance", "kind"]))
def test_a_mutated_record_replays_or_is_refused_with_a_record_error(
    name: str, where: int, value: Any, key: str
) -> None:
    record = _golden_record(name)
    step = record["steps"][where % len(record["steps"])]
    if key == "kind":
        step["action"]["kind"] = value
    else:
        step[key] = value
    try:
        for records in parse_records(json.dumps(record).encode()):
            for _ in replay(records, games.get):
                pass
    except RecordError:
        pass


def test_replay_of_corrupted_bytes_exits_2_with_one_line(tmp_path: Path) -> None:
    good = json.dumps(_golden_record("carcassonne")).encode()
    cases = {
        "bytes.json": good[:40] + b"\xff\xfe\x80" + good[43:],
        "kind.json": good.replace(b'"kind":"', b'"kind":["', 1).replace(b'",', b'"],', 1),
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "empty.json": b"",
    }
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        result = subprocess.run(
            [sys.executable, "-m", "townhall.cli", "replay", str(path), "--no-step"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2, (name, result.stdout[-500:], result.stderr[-500:])
        assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1, (name, result.stderr)
