"""The game protocol: what every game provides so that the engine, the agents and the CLI can
run it without knowing its rules.

Conventions every game follows:
- Actions are integers in a fixed space [0, num_distinct_actions) that the game declares; each one
  has a stable JSON form (`action_to_json`/`action_from_json`) and a short text. Hot paths (legal
  move generation, apply) work on the integers; games decode them into small immutable values.
- `to_move()` names the players who must decide now: one at a turn, several at a simultaneous
  decision (each commits in turn; the decision resolves when the last required player committed;
  until then nobody's observation shows another's uncommitted choice), none at the end.
- Chance: the state holds no random generator and no pre-drawn future. Draws happen inside
  `new_state`/`apply` through the Chance object the caller passes (see engine.chance).
- `apply` raises IllegalAction (naming the clause) and then leaves the state unchanged.
- `observation(player)` is JSON-ready and holds only what that player may know;
  `observation(None)` is the public view of a spectator.
- `determinize(player, rng)` returns a full copy in which everything the player cannot see is
  resampled (e.g. other players' pending secret choices); its observation for that player is
  identical to the original's.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABCMeta, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from mypy_extensions import mypyc_attr
from pydantic import BaseModel

from townhall.engine.campaign import Campaign
from townhall.engine.chance import Chance
from townhall.engine.datafile import DataFile
from townhall.engine.errors import OptionError
from townhall.engine.observer import Observer
from townhall.engine.options import Options, OptionSpec, OptionValue, resolve_options
from townhall.engine.words import _

Json = Any
"""A value that `json.dumps` accepts (dicts with str keys, lists, str, int, float, bool, None)."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as data: a kind the game declares (`Game.event_kinds`) and its
    fields, enough to redraw or highlight the change on a board. Words come from the game's
    formatter (`Game.event_text`), outside the rules, so another language is another formatter.

    `visible_to` is None for a public event, else the players who may see it.
    """

    kind: str
    data: dict[str, Json] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"kind": self.kind, "data": self.data}
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        return out


FIELD_TYPES = ("int", "float", "str", "bool", "list", "dict", "any")


@dataclass(frozen=True, slots=True)
class EventKind:
    """A kind of event and its data fields: name → type (`int`, `float`, `str`, `bool`, `list`,
    `dict`, `any`; a trailing `?` allows null). The battery checks every event against it."""

    name: str
    fields: Mapping[str, str]
    doc: str = ""

    def check(self, data: Mapping[str, Json]) -> str | None:
        """Why `data` does not fit this kind, or None."""
        if set(data) != set(self.fields):
            return f"event {self.name} has fields {sorted(data)}, declared {sorted(self.fields)}"
        for name, kind in self.fields.items():
            value = data[name]
            base = kind.rstrip("?")
            if value is None and kind.endswith("?"):
                continue
            if not _fits(value, base):
                return f"event {self.name} field {name} = {value!r} is not {kind}"
        return None


def _fits(value: Json, kind: str) -> bool:
    if kind == "any":
        return True
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "float":
        return isinstance(value, int | float) and not isinstance(value, bool)
    expected = {"str": str, "bool": bool, "list": list, "dict": dict}[kind]
    return isinstance(value, expected)


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What kind of game this is, declared (not guessed at run time); the battery checks each
    fact against random games.

    - `hidden`: what a player may not see, in words (empty: perfect information);
    - `simultaneous`: some decisions are taken by several players at once, in secret;
    - `chance`: the game draws (tiles, cards, dice);
    - `score`: how the winner is found ("points": most points after the tie-breaks,
      "victory": a victory condition, points only rank the others);
    - `end_reasons`: the codes `State.outcome().reason` may take, with their words;
    - `tie_breaks`: the codes of the tie-breaks the game may use, with their words.
    """

    hidden: tuple[str, ...] = ()
    simultaneous: bool = False
    chance: bool = True
    score: str = "points"
    end_reasons: Mapping[str, str] = field(default_factory=lambda: {"end": "the game ended"})
    tie_breaks: Mapping[str, str] = field(default_factory=dict)

    @property
    def perfect_information(self) -> bool:
        return not self.hidden

    def to_json(self) -> dict[str, Json]:
        return {
            "hidden_information": list(self.hidden),
            "perfect_information": self.perfect_information,
            "simultaneous": self.simultaneous,
            "chance": self.chance,
            "score": self.score,
            "end_reasons": dict(self.end_reasons),
            "tie_breaks": dict(self.tie_breaks),
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: ranks (1 best, ties share), scores, why it ended and which
    tie-breaks decided a rank (codes from the game's facts). `winners`: who won where a victory
    condition decides (`GameFacts.score` "victory"), maybe nobody; None where rank 1 wins."""

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    tie_breaks: tuple[str, ...] = ()
    winners: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "reason": self.reason,
            "tie_breaks": list(self.tie_breaks),
        }
        if self.winners is not None:
            out["winners"] = list(self.winners)
        return out


@dataclass(frozen=True, slots=True)
class GameMeta:
    """What a game is: names, player counts, options and the version of its rules data."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    data_version: str = "1"
    notes: str = ""
    facts: GameFacts = field(default_factory=GameFacts)
    # The daily challenge's player count (1: played alone), allowed besides min..max; 0: the game
    # has no daily challenge. Its options come from `Game.daily_options`.
    daily_players: int = 0

    def check_players(self, num_players: int) -> None:
        if num_players == self.daily_players:
            return
        if not self.min_players <= num_players <= self.max_players:
            raise OptionError(
                _("{game} is for {least}-{most} players, not {count}").format(
                    game=self.title, least=self.min_players, most=self.max_players, count=num_players
                )
            )

    def resolve(self, given: Options | None = None) -> dict[str, OptionValue]:
        return resolve_options(self.options, given or {})


def data_version_of(paths: Iterable[Path], *, salt: str = "") -> str:
    """A short digest of a game's data files: records made with other data are refused.

    The digest is of each file's parsed content (sorted keys, the editor's `"$schema"` pointer
    left out), so re-indenting a file or pointing it to its schema changes no version."""
    digest = hashlib.sha256(salt.encode())
    for path in sorted(paths):
        digest.update(path.name.encode())
        content = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(content, dict):
            content.pop("$schema", None)
        digest.update(json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode())
    return digest.hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class DataKind:
    """One kind of data file of a game: its model and the files shipped with the game."""

    model: type[DataFile]
    files: tuple[Path, ...]


class ActionCodec(Protocol):
    """What a State asks of its action space (`engine.codec.ActionSpace` is one)."""

    @property
    def size(self) -> int: ...

    def to_json(self, action: int) -> dict[str, Json]: ...

    def from_json(self, data: Json) -> int: ...


# Open to interpreted subclasses (the compiled build compiles the games' states, not every game);
# ABCMeta rather than the ABC base keeps the compiled classes native.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(metaclass=ABCMeta):
    """A position of one game. Plain data plus the rules as methods; cheap to clone.

    `type(self).__new__(type(self))` is a blank instance (no __init__) for `clone` to fill, in
    both builds; `object.__new__(type(self))` fails once the engine is compiled."""

    num_players: int

    def __new__(cls, *args: object) -> Self:
        return object.__new__(cls)

    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Players who must decide now (empty when the game is over)."""

    def is_terminal(self) -> bool:
        return not self.to_move()

    def movers_seen_by(self, viewer: int | None) -> tuple[int, ...]:
        """Who is deciding as `viewer` (None: a spectator) may know it: `to_move()`, unless the game
        hides who has finished a secret decision (then the others still show as deciding)."""
        return self.to_move()

    def private_step(self, player: int, action: int) -> bool:
        """Whether `player`'s legal `action` here changes nothing anyone else may see (no other
        seat's or spectator's observation, board view, legal actions, events or movers as they see
        them): a step of a secret plan. Asked before `apply`; servers then keep the step from the
        others (no new state id, no push). The battery checks the claim."""
        return False

    @abstractmethod
    def legal_actions(self, player: int) -> list[int]:
        """Legal actions of `player` now, sorted; empty unless the player is to move."""

    @abstractmethod
    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        """Play `action` for `player`; append events when a list is given. Raises IllegalAction."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (no deepcopy in hot paths)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Current scores (final ones once terminal)."""

    @abstractmethod
    def ranks(self) -> list[int]:
        """Ranks with the game's tie-breaks: 1 is best; tied players share a rank."""

    def end_reason(self) -> tuple[str, tuple[str, ...]]:
        """Why the finished game ended and the tie-breaks used (codes from `GameMeta.facts`)."""
        return ("end", ())

    def outcome(self) -> Outcome | None:
        """The outcome of a finished game; None while it goes on."""
        if not self.is_terminal():
            return None
        reason, tie_breaks = self.end_reason()
        scores = tuple(float(s) for s in self.scores())
        return Outcome(tuple(self.ranks()), scores, reason, tie_breaks, self.victors())

    def victors(self) -> tuple[int, ...] | None:
        """Who won a finished game decided by a victory condition (`GameFacts.score` "victory"),
        maybe nobody; None (the default) where the players ranked first win."""
        return None

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Json]:
        """What `player` may see (None: a spectator), JSON-ready."""

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> Self:
        """A copy with what `player` cannot see resampled, consistent with their observation."""

    @abstractmethod
    def to_json(self) -> dict[str, Json]:
        """The complete state (hidden parts included), JSON-ready; Game.state_from_json inverts it."""

    def action_space(self) -> ActionCodec:
        """The game's action space (an `engine.codec.ActionSpace`): the three methods below follow
        from it. A game whose ids or JSON forms are its own overrides those three instead."""
        raise NotImplementedError(f"{type(self).__name__} has no action space: it overrides num_distinct_actions")

    def num_distinct_actions(self) -> int:
        """Size of the fixed integer action space of this game with these players and options."""
        return self.action_space().size

    def action_to_json(self, action: int) -> dict[str, Json]:
        """The stable JSON form of an action id."""
        return self.action_space().to_json(action)

    def action_from_json(self, data: Json) -> int:
        """The action id of a JSON form; raises ValueError on a malformed one."""
        return self.action_space().from_json(data)

    @abstractmethod
    def action_text(self, action: int) -> str:
        """Short readable text, unique among the legal actions of a decision: the form a person
        types (stable, terse: it may hold the printed ids of components)."""

    def action_words(self, action: int) -> str:
        """The action as a player reads it at a table: its components named in words, as the
        rulebook names them (no ids), unique among the legal actions of a decision. The typed
        text by default."""
        return self.action_text(action)


S = TypeVar("S", bound=State)
# The state a role module's functions take (they may take a base of the game's state).
S_in = TypeVar("S_in", bound=State, contravariant=True)


class ViewsModule(Protocol[S_in]):
    """A game's `views` module: the text view and the statistics of a finished game."""

    def render(self, state: S_in, viewer: int | None) -> str: ...

    def statistics(self, state: S_in) -> dict[str, float]: ...


class EventsModule(Protocol):
    """A game's `events` module: the words of its events."""

    def event_text(self, event: Event) -> str: ...


class BoardViewModule(Protocol[S_in]):
    """A game's `board_view` module: the board as data and where an action goes on it."""

    def board_view(self, state: S_in, viewer: int | None) -> dict[str, Json]: ...

    def action_target(self, state: S_in, player: int, action: int) -> dict[str, Json] | None: ...


class EvaluateModule(Protocol[S_in]):
    """A game's `evaluate` module: the heuristic value of a position for one or every player."""

    def evaluate(self, state: S_in, player: int) -> float: ...

    def evaluate_all(self, state: S_in) -> list[float]: ...


class CampaignModule(Protocol):
    """A game's `campaign` module: its campaign (`townhall.engine.campaign`), new or read back."""

    def new_campaign(self, num_players: int, seed: int, options: Options | None = None) -> Campaign: ...

    def campaign_from_json(self, data: dict[str, Json]) -> Campaign: ...


class CompactActions(Protocol[S_in]):
    """A smaller integer action space for learners (`townhall.rl`), for a game whose own space is
    large (Carcassonne's 114,257 ids: every cell of its table x 4 rotations). Its ids run over
    [0, size); each state maps its legal actions one to one onto them. The engine's ids, records
    and JSON forms do not change: only the environments speak compact ids.

    `version` moves whenever the mapping changes (environment names carry it)."""

    size: int
    version: int

    def encode(self, state: S_in, action: int) -> int:
        """The compact id of a legal engine action of `state` (-1: none, for an action that is not legal)."""
        ...

    def encode_all(self, state: S_in, actions: list[int]) -> list[int]:
        """The compact ids of `state`'s legal actions (as `legal_actions` gives them), in increasing order."""
        ...

    def decode(self, state: S_in, compact: int) -> int:
        """The engine action that a compact id names in `state` (legal or not: `apply` judges it);
        raises IllegalAction for an id that names none now."""
        ...


# A plain Python class even in the compiled build: games set `meta` and other class attributes.
@mypyc_attr(native_class=False)
class Game(Generic[S], metaclass=ABCMeta):
    """A game's entry point: metadata, a factory for initial states, rendering and bounds.

    Generic over the game's state class: a game declares `class Chess(Game[ChessState])` and its
    hooks take that state, so no hook checks the type of what it is given."""

    meta: GameMeta

    def __class_getitem__(cls, state: Any) -> Any:
        # `Game[S]` is for the type checker: the compiled build's classes take no subscript of
        # their own, so both builds answer it with the class itself.
        return cls

    # Parameters this game suggests per agent name, e.g. {"mcts": {"depth": "0"}}.
    agent_parameters: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    # The public observation's model (pydantic, full words as keys): `State.observation` gives
    # data of this shape, the HTTP API serves it, docs/schemas/<game>/observation.schema.json
    # publishes it. None: the game publishes no model (toy games).
    observation_model: ClassVar[type[BaseModel] | None] = None
    # The role modules a game declares (its files of docs/ARCHITECTURE.md); the hooks below hand over to
    # them, so a game's class only declares. None: the hook's default (or the game's override).
    views_module: ViewsModule[S] | None = None
    events_module: EventsModule | None = None
    board_view_module: BoardViewModule[S] | None = None
    evaluate_module: EvaluateModule[S] | None = None
    campaign_module: CampaignModule | None = None

    @abstractmethod
    def new_state(self, num_players: int, options: Options, chance: Chance) -> S:
        """The initial position. `options` are resolved (every declared option present)."""

    @abstractmethod
    def state_from_json(self, data: dict[str, Json]) -> S:
        """Inverse of State.to_json."""

    def render(self, state: S, viewer: int | None) -> str:
        """The position as text, showing only what `viewer` may see (None: a spectator)."""
        if self.views_module is None:
            raise NotImplementedError(f"{self.meta.name} declares no views module")
        return self.views_module.render(state, viewer)

    @abstractmethod
    def max_decisions(self, num_players: int, options: Options) -> int:
        """An upper bound on the number of decisions in one game (tests check it)."""

    def variants(self) -> list[dict[str, OptionValue]]:
        """Option sets that the invariant battery runs besides the defaults (e.g. a variant rule)."""
        return []

    def evaluate(self, state: S, player: int) -> float:
        """A heuristic value of `state` for `player` (greedy bots); default: score margin."""
        if self.evaluate_module is None:
            return score_margin(state.scores(), player)
        return self.evaluate_module.evaluate(state, player)

    def evaluate_all(self, state: S) -> list[float]:
        """`evaluate` for every player, in seat order (a search's cut-off asks for all of them).
        A game whose evaluation shares work between players overrides it with the same values;
        a subclass that changes `evaluate` changes this too (or inherits this default)."""
        if self.evaluate_module is None:
            return [self.evaluate(state, p) for p in range(state.num_players)]
        return self.evaluate_module.evaluate_all(state)

    # The kinds of event `apply` produces, by name (the battery checks every event against them).
    event_kinds: ClassVar[Mapping[str, EventKind]] = {}

    def event_text(self, event: Event) -> str:
        """The event in English words, made from its kind and data (games override; the default
        names the kind)."""
        if self.events_module is None:
            return event.kind
        return self.events_module.event_text(event)

    def board_view(self, state: S, viewer: int | None) -> dict[str, Json]:
        """The position as a `townhall.engine.board.BoardView` (JSON), showing only what `viewer`
        may see (None: a spectator)."""
        if self.board_view_module is None:
            return {"format": 2, "game": self.meta.name, "viewer": viewer, "areas": []}
        return self.board_view_module.board_view(state, viewer)

    def action_target(self, state: S, player: int, action: int) -> dict[str, Json] | None:
        """Where `player`'s legal action goes on the board view (`townhall.engine.board.Target` as JSON),
        or None for an action with no place on the board (pass, choose a good...)."""
        if self.board_view_module is None:
            return None
        return self.board_view_module.action_target(state, player, action)

    def actions_at(self, state: S, player: int, area: str, cell: str) -> Sequence[int] | None:
        """Every action of `player`, legal or not, whose target is this place (`townhall.engine.why`
        answers "why not here?" from their refusals); None: the engine looks at every action. A
        game with a large action space overrides this."""
        return None

    def statistics(self, state: S) -> dict[str, float]:
        """Named figures of a finished game for balance studies (e.g. points by feature type,
        followers left); flat names, numbers only, the same names in every game of this game."""
        if self.views_module is None:
            return {}
        return self.views_module.statistics(state)

    def data_files(self) -> Mapping[str, DataKind]:
        """The kinds of data file this game reads, by kind name (e.g. "tiles", "board"): the
        pydantic model of the kind and the shipped files of that kind. The models publish
        docs/schemas/<game>/<kind>.schema.json; a generic test breaks copies of the files."""
        return {}

    def observer(self, num_players: int, options: Options) -> Observer[Any] | None:
        """The tensor observer of this game for these players and resolved options (`townhall.rl`);
        None when the game has none."""
        return None

    def compact_actions(self, num_players: int, options: Options) -> CompactActions[Any] | None:
        """A smaller action space for the environments of `townhall.rl` (see CompactActions); None
        when the game's own ids are few enough to learn over directly."""
        return None

    def agent_defaults(self, agent: str) -> dict[str, str]:
        """Parameters this game suggests for the named agent (a spec's own parameters win), e.g.
        a search depth that its `evaluate` makes better than random rollouts (`agent_parameters`)."""
        return dict(self.agent_parameters.get(agent, {}))

    def campaign(self, num_players: int, seed: int, options: Options | None = None) -> Campaign | None:
        """A new campaign of this game (`townhall.engine.campaign`): episodes whose results carry
        over; `options` are the campaign's own (files...). None: the game has no campaign."""
        return None if self.campaign_module is None else self.campaign_module.new_campaign(num_players, seed, options)

    def campaign_from_json(self, data: dict[str, Json]) -> Campaign | None:
        """A campaign from its JSON form (`Campaign.to_json`; DataError when damaged); None: the
        game has no campaign."""
        return None if self.campaign_module is None else self.campaign_module.campaign_from_json(data)

    def check_setup(self, num_players: int, options: Options) -> None:
        """Reject option values that this player count does not allow (raise OptionError)."""

    def daily_options(self, number: int) -> dict[str, Json]:
        """The options of the daily challenge (`meta.daily_players` > 0) of the day that drew
        `number` (0 <= number < 2**31, public: e.g. a generated board's seed; the cards' order is
        the table's chance, never an option)."""
        return {}

    def start(self, num_players: int, options: Options | None, chance: Chance) -> S:
        """Check players and options, then build the initial state."""
        self.meta.check_players(num_players)
        resolved = self.meta.resolve(options)
        self.check_setup(num_players, resolved)
        return self.new_state(num_players, resolved, chance)


def score_margin(scores: Sequence[float], player: int) -> float:
    """`player`'s score minus the best other score (positive when leading)."""
    others = [s for i, s in enumerate(scores) if i != player]
    return scores[player] - (max(others) if others else 0.0)


def ranks_from_keys(keys: Sequence[Sequence[float]]) -> list[int]:
    """Competition ranks (1 is best) of players by descending keys; equal keys share a rank."""
    order = sorted(range(len(keys)), key=lambda i: tuple(keys[i]), reverse=True)
    ranks = [0] * len(keys)
    for position, index in enumerate(order):
        if position and tuple(keys[index]) == tuple(keys[order[position - 1]]):
            ranks[index] = ranks[order[position - 1]]
        else:
            ranks[index] = position + 1
    return ranks
