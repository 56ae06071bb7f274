"""Game records: game, options, seed, every action (stable JSON) with the chance it drew.

A record replays exactly through the recorded chance outcomes; one made for an unknown game or
with other rules data fails with a clear RecordError.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from townhall.engine.chance import ScriptedChance
from townhall.engine.errors import IllegalAction, MalformedAction, OptionError, RecordError, TownhallError
from townhall.engine.protocol import Event, Game, Json, State
from townhall.engine.words import _

RECORD_FORMAT = 1


def fields_json(file_format: Json, record: Any, *, leave_out: tuple[str, ...] = ()) -> dict[str, Json]:
    """A dataclass saved as a JSON object: its format first, then each field (but `leave_out`) as it
    stands, in the order declared, so a new field is never forgotten; the caller turns the fields
    that are not plain JSON."""
    out: dict[str, Json] = {"format": file_format}
    for item in fields(record):
        if item.name not in leave_out:
            out[item.name] = getattr(record, item.name)
    return out


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
        out = fields_json(RECORD_FORMAT, self)
        out["steps"] = [step.to_json() for step in self.steps]
        return out

    @classmethod
    def from_json(cls, data: Json) -> MatchRecord:
        """A record from parsed JSON; RecordError for any other shape, whatever the types or nesting."""
        if not isinstance(data, dict):
            raise RecordError(_("a game record is a JSON object"))
        if data.get("format") != RECORD_FORMAT or isinstance(data.get("format"), bool):
            raise RecordError(
                _("unsupported record format {format} (this build reads {supported})").format(
                    format=_short(data.get("format")), supported=RECORD_FORMAT
                )
            )
        steps_data = _field(data, "steps", list)
        steps = []
        for number, item in enumerate(steps_data, 1):
            if not isinstance(item, dict):
                raise RecordError(_("step {number} of the record is not a JSON object").format(number=number))
            action = _field(item, "action", dict, f"step {number}")
            steps.append(
                RecordStep(
                    _whole(item.get("player"), f"step {number} player"),
                    action,
                    _wholes(item.get("chance", []), f"step {number} chance"),
                )
            )
        seed = data.get("seed")
        scores = data.get("scores")
        ranks = data.get("ranks")
        if scores is not None and not (isinstance(scores, list) and all(_is_number(x) for x in scores)):
            raise RecordError(_("the record's scores are not a list of numbers"))
        return cls(
            game=_field(data, "game", str),
            data_version=_field(data, "data_version", str),
            num_players=_whole(data.get("num_players"), "num_players"),
            options=_field(data, "options", dict),
            seed=None if seed is None else _whole(seed, "seed"),
            seats=[str(seat) for seat in _field(data, "seats", list, default=[])],
            setup_chance=_wholes(data.get("setup_chance", []), "setup_chance"),
            steps=steps,
            scores=None if scores is None else [float(x) for x in scores],
            ranks=None if ranks is None else _wholes(ranks, "ranks"),
        )

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def save(self, path: Path) -> None:
        path.write_text(self.dumps() + "\n", encoding="utf-8")


def _short(value: Json, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _field(data: dict[str, Json], key: str, kind: type, where: str = "", default: Json = None) -> Any:
    value = data.get(key, default)
    if not isinstance(value, kind):
        place = f"{where} " if where else ""
        raise RecordError(
            _("the record is incomplete or malformed: {place}{key} is missing or not a {kind} ({value})").format(
                place=place, key=key, kind=kind.__name__, value=_short(value)
            )
        )
    return value


def _is_number(value: Json) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _whole(value: Json, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(
            _("the record's {what} is not a whole number: {value}").format(what=what, value=_short(value))
        )
    return value


def _wholes(value: Json, what: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(_("the record's {what} is not a list: {value}").format(what=what, value=_short(value)))
    return [_whole(item, what) for item in value]


def parse_records(data: bytes, source: str | None = None) -> list[MatchRecord]:
    """Records from bytes: one JSON record, or JSON lines (as `simulate --out` writes).
    Any malformed input raises RecordError."""
    source = source or _("the record")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(
            _("{source} is not UTF-8 text (bad byte at offset {offset})").format(source=source, offset=error.start)
        ) from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise RecordError(_("{source} is empty").format(source=source))
    try:
        if len(lines) > 1:
            return [MatchRecord.from_json(json.loads(line)) for line in lines]
        return [MatchRecord.from_json(json.loads(text))]
    except json.JSONDecodeError as error:
        raise RecordError(
            _("{source} is not a JSON game record ({why}, line {line})").format(
                source=source, why=error.msg, line=error.lineno
            )
        ) from None
    except RecursionError:
        raise RecordError(_("{source} is nested too deeply to be a game record").format(source=source)) from None


def load_records(path: Path) -> list[MatchRecord]:
    """Records from a file (see parse_records)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise RecordError(_("cannot read {path}: {why}").format(path=path, why=error.strerror or error)) from None
    return parse_records(data, str(path))


@dataclass(slots=True)
class ReplayFrame:
    """The state after step `index` (-1: the initial state) and the events that step produced."""

    index: int
    step: RecordStep | None
    state: State
    events: list[Event]
    action_text: str = ""


def replay(record: MatchRecord, lookup: Callable[[str], Game[Any]]) -> Iterator[ReplayFrame]:
    """Replay a record step by step. The yielded states are live: clone one to keep it."""
    try:
        game = lookup(record.game)
    except TownhallError:
        raise RecordError(
            _("the record is of game {game!r}, which this build does not know").format(game=record.game)
        ) from None
    if record.data_version != game.meta.data_version:
        raise RecordError(
            _("the record was made with {game} rules data {recorded}; this build has {current}").format(
                game=game.meta.title, recorded=record.data_version, current=game.meta.data_version
            )
        )
    state: State | None = None
    for frame in replay_steps(game, record.num_players, record.options, record.setup_chance, record.steps):
        state = frame.state
        yield frame
    if state is not None and record.scores is not None and state.scores() != record.scores:
        raise RecordError(
            _("replay ends with scores {scores}, the record says {recorded}").format(
                scores=state.scores(), recorded=record.scores
            )
        )


def replay_steps(
    game: Game[Any],
    num_players: int,
    options: dict[str, Json],
    setup_chance: list[int],
    steps: Sequence[RecordStep],
    texts: bool = True,
) -> Iterator[ReplayFrame]:
    """Replay stored steps (a record's, or a server table's kept actions) from `game.start` with the
    set-up chance: each step must draw exactly the chance it holds. The yielded states are live.
    Without `texts` the frames carry no action text (a server rebuilding a table needs none)."""
    chance = ScriptedChance(setup_chance)
    try:
        state = game.start(num_players, options, chance)
    except OptionError as error:
        raise RecordError(_("the record's set-up is not playable: {why}").format(why=error)) from None
    if not chance.exhausted:
        raise RecordError(_("the record's setup chance does not match this game's setup"))
    yield ReplayFrame(-1, None, state, [])
    for index, step in enumerate(steps):
        chance = ScriptedChance(step.chance)
        events: list[Event] = []
        try:
            if not 0 <= step.player < state.num_players:
                raise MalformedAction(_("there is no player {number}").format(number=step.player + 1))
            action = state.action_from_json(step.action)
            text = state.action_text(action) if texts else ""
            state.apply(step.player, action, chance, events)
        except (MalformedAction, IllegalAction) as error:
            raise RecordError(
                _("step {number} cannot be replayed: {why}").format(number=index + 1, why=error)
            ) from None
        if not chance.exhausted:
            raise RecordError(_("step {number} drew less chance than the record holds").format(number=index + 1))
        yield ReplayFrame(index, step, state, events, text)
