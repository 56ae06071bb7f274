"""The server's typed model of a table as it is stored: the table, its seats, its log steps and
chat lines. Plain data (keyword construction), shared by the stores, the cache and the runner."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from townhall.agents import bot_name, level_of
from townhall.engine.protocol import Json
from townhall.server.words import _

HUMAN = "human"
OPEN, RUNNING, OVER = "open", "running", "over"  # a table's status
ACTION, UNDO, FORFEIT = "action", "undo", "forfeit"  # a step's kind
TIMEOUT = "timeout"  # an action the table's timeout policy played for a human out of time
LEAVE = "leave"  # a human left: from then on the timeout policy plays that seat (no state change)
GONE = "-"  # the account of a seat whose account was deleted: shown as "deleted player"


@dataclass(frozen=True, slots=True, kw_only=True)
class Holder:
    """Who takes a human seat: the name shown, their token's hash, their account when signed in."""

    name: str
    token_hash: str
    account_id: str | None = None
    account: str | None = None  # that account's name (a signed-in player may type another at the seat)


@dataclass(slots=True, kw_only=True)
class Seat:
    """A seat: a human (free until taken; then a name and a token hash) or a bot with its spec."""

    seat: int
    spec: str  # "human" or the agent spec
    name: str | None = None
    token_hash: str | None = None
    account_id: str | None = None  # the account holding the seat (GONE once deleted)
    invited_id: str | None = None  # the only account that may take the free seat (an invitation by name)
    invited_name: str | None = None  # that account's name, as shown
    account: str | None = None  # the name of the account holding the seat: read with it, never stored

    @property
    def shown_name(self) -> str | None:
        """A person's name, in the language in force for a deleted account's seat."""
        return _("deleted player") if self.account_id == GONE else self.name

    @property
    def kind(self) -> str:
        return "human" if self.spec == HUMAN else "bot"

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None

    def to_json(self) -> dict[str, Json]:
        """The seat as clients read it: a bot named by its level in the language in force (its
        `spec` for experts)."""
        bot = self.kind == "bot"
        return {
            "seat": self.seat,
            "kind": self.kind,
            "spec": self.spec,
            "level": level_of(self.spec) if bot else None,
            "name": bot_name(self.spec) if bot else self.shown_name,
            "taken": self.taken,
            "invited": self.invited_name,
            "account": None if bot else self.account,
        }


@dataclass(slots=True, kw_only=True)
class Step:
    """One log row, numbered by the state id it made: an action (its JSON form and the chance it
    drew), an undo of the player's last action, a forfeit (`action` holds the reason), an action
    played for a human out of time (kind "timeout") or a human leaving the table (kind "leave")."""

    state_id: int
    kind: str
    player: int
    action: dict[str, Json] | None
    chance: list[int] = field(default_factory=list)
    created_at: datetime | None = None
    private_to: int | None = None  # the only seat that may see this step (a step of a secret plan)


@dataclass(slots=True, kw_only=True)
class ChatLine:
    seat: int
    name: str
    text: str
    at: datetime

    def to_json(self) -> Json:
        return {"seat": self.seat, "name": self.name, "text": self.text, "at": self.at.isoformat()}


@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    """One table: the game set-up, the chance drawn at set-up, its clock and its state id (the
    number of log rows: it only ever grows). Frozen: a live table and a store may hold the same
    row; a change makes a new one."""

    id: str
    game: str
    data_version: str
    num_players: int
    options: dict[str, Json]
    setup_chance: list[int]
    settings: dict[str, Json]
    clock: dict[str, Json] | None
    deadline: float | None
    state_id: int
    status: str
    created_at: datetime
    updated_at: datetime
    public_state_id: int = 0  # the steps everyone may see (a private step moves state_id only)
    public_clock: dict[str, Json] | None = None  # the clock as of the last step everyone saw
    movers: list[int] | None = None  # the seats deciding now (None: stored before it was kept)
    # A table whose chance is one seeded stream (the daily challenge: every player of the day
    # draws the same cards); None: fresh chance at every step. Never shown.
    chance_seed: int | None = None

    def moved_on(self, state_id: int, moved: Moved) -> Table:
        """The row after the step that made `state_id`."""
        return replace(
            self,
            state_id=state_id,
            updated_at=moved.updated_at,
            clock=moved.clock,
            deadline=moved.deadline,
            status=OVER if moved.over else self.status,
            public_state_id=moved.public_state_id,
            public_clock=moved.public_clock,
            movers=list(moved.movers),
        )


@dataclass(slots=True, kw_only=True)
class Stored:
    """Everything a store holds of one table: its row, seats, log and the last chat lines."""

    table: Table
    seats: list[Seat]
    steps: list[Step]
    chat: list[ChatLine]
    rating_changes: dict[int, float] = field(default_factory=dict)  # a rated end's, per seat


@dataclass(frozen=True, slots=True, kw_only=True)
class Ending:
    """How a table ended, as the ratings read it (ratings.py): whether it is rated is decided
    from its seats inside the transaction that stores the end."""

    game: str
    ranks: tuple[int, ...]
    winners: tuple[int, ...] | None
    left: tuple[int, ...]  # seats whose players left: they rank last
    scores: tuple[float, ...] = ()  # each seat's score (a daily challenge's result)
    forfeited: bool = False  # ended by a resignation or a time forfeit: no game scores


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved:
    """What a step changes in the table's row besides its state id."""

    updated_at: datetime
    clock: dict[str, Json] | None
    deadline: float | None
    over: bool
    public_state_id: int
    public_clock: dict[str, Json] | None
    movers: tuple[int, ...] = ()  # the seats deciding after the step
    ended: Ending | None = None  # the table's end: a rated one moves its ratings in the same transaction


@dataclass(frozen=True, slots=True, kw_only=True)
class Touched:
    """A change that made no step (a seat taken, a chat line): the table's state id, its status
    and its last change before and after, so that a cached copy can tell whether it is current."""

    state_id: int
    status: str
    before: datetime
    after: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class Account:
    """A registered player: a name shown as given, compared case-folded (`name_key`)."""

    id: str
    name: str
    name_key: str
    password_hash: str
    email: str | None = None  # where turn mails go (optional)


@dataclass(frozen=True, slots=True, kw_only=True)
class SignedIn:
    """The account behind a session cookie, and the session's CSRF token."""

    account_id: str
    name: str
    csrf: str
    id_hash: str
