"""Game records: game, options, seed, every action (stable JSON) with the chance it drew.

A record replays exactly through the recorded chance outcomes; one made for an unknown game or
with other rules data fails with a clear RecordError.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from townhall.engine.chance import ScriptedChance
from townhall.engine.errors import IllegalAction, RecordError, TownhallError
from townhall.engine.protocol import Event, Game, Json, State

RECORD_FORMAT = 1


@dataclass(slots=True)
class RecordStep:
    player: int
    action: dict[str, Json]
    chance: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"player": self.player, "action": self.action}
        if self.chance:
            out["chance"] = self.chance
        return out


@dataclass(slots=True)
class MatchRecord:
    game: str
    data_version: str
    num_players: int
    options: dict[str, Json]
    seed: int | None
    seats: list[str] = field(default_factory=list)
    setup_chance: list[int] = field(default_factory=list)
    steps: list[RecordStep] = field(default_factory=list)
    scores: list[float] | None = None
    ranks: list[int] | None = None

    def to_json(self) -> dict[str, Json]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "data_version": self.data_version,
            "num_players": self.num_players,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "setup_chance": self.setup_chance,
            "steps": [step.to_json() for step in self.steps],
            "scores": self.scores,
            "ranks": self.ranks,
        }

    @classmethod
    def from_json(cls, data: Json) -> MatchRecord:
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"unsupported record format {data.get('format')!r} (this build reads {RECORD_FORMAT})")
        try:
            steps = [
                RecordStep(int(s["player"]), dict(s["action"]), [int(c) for c in s.get("chance", [])])
                for s in data["steps"]
            ]
            return cls(
                game=str(data["game"]),
                data_version=str(data["data_version"]),
                num_players=int(data["num_players"]),
                options=dict(data["options"]),
                seed=None if data.get("seed") is None else int(data["seed"]),
                seats=[str(s) for s in data.get("seats", [])],
                setup_chance=[int(c) for c in data.get("setup_chance", [])],
                steps=steps,
                scores=None if data.get("scores") is None else [float(x) for x in data["scores"]],
                ranks=None if data.get("ranks") is None else [int(x) for x in data["ranks"]],
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"the record is incomplete or malformed ({error})") from None

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def save(self, path: Path) -> None:
        path.write_text(self.dumps() + "\n", encoding="utf-8")


def load_records(path: Path) -> list[MatchRecord]:
    """Records from a file: one JSON record, or JSON lines (as `simulate --out` writes)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        if len(lines) > 1:
            return [MatchRecord.from_json(json.loads(line)) for line in lines]
        return [MatchRecord.from_json(json.loads(text))]
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not a JSON game record ({error.msg}, line {error.lineno})") from None


@dataclass(slots=True)
class ReplayFrame:
    """The state after step `index` (-1: the initial state) and the events that step produced."""

    index: int
    step: RecordStep | None
    state: State
    events: list[Event]
    action_text: str = ""


def replay(record: MatchRecord, lookup: Callable[[str], Game]) -> Iterator[ReplayFrame]:
    """Replay a record step by step. The yielded states are live: clone one to keep it."""
    try:
        game = lookup(record.game)
    except TownhallError:
        raise RecordError(f"the record is of game {record.game!r}, which this build does not know") from None
    if record.data_version != game.meta.data_version:
        raise RecordError(
            f"the record was made with {game.meta.title} rules data {record.data_version}; "
            f"this build has {game.meta.data_version}"
        )
    chance = ScriptedChance(record.setup_chance)
    state = game.start(record.num_players, record.options, chance)
    if not chance.exhausted:
        raise RecordError("the record's setup chance does not match this game's setup")
    yield ReplayFrame(-1, None, state, [])
    for index, step in enumerate(record.steps):
        chance = ScriptedChance(step.chance)
        events: list[Event] = []
        try:
            action = state.action_from_json(step.action)
            text = state.action_text(action)
            state.apply(step.player, action, chance, events)
        except (ValueError, IllegalAction) as error:
            raise RecordError(f"step {index + 1} cannot be replayed: {error}") from None
        if not chance.exhausted:
            raise RecordError(f"step {index + 1} drew less chance than the record holds")
        yield ReplayFrame(index, step, state, events, text)
    if record.scores is not None and state.scores() != record.scores:
        raise RecordError(f"replay ends with scores {state.scores()}, the record says {record.scores}")
