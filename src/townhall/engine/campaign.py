"""The campaign protocol: a game played as a series of episodes whose results carry over (a
legacy campaign's stickers and marks). Front doors (the terminal, the server) drive any game's
campaign through it without knowing its rules:

    while not campaign.finished():
        answer every `campaign.pending()` decision (a bot takes its `default`)
        play one game of `campaign.game_options()` seeded `campaign.episode_seed()`
        campaign.finish_episode(final state)

Between episodes the campaign may ask the seats decisions (where a sticker goes, a shape to
choose): each seat has at most one open at a time, with player-word texts and integer ids.

Each seat's standing may carry its lasting board drawn (`Standing.board_view`): a board view
(`townhall.engine.board`, the format a table's board is drawn from) of the board the seat takes
from episode to episode, so that a front door draws it with the game's own drawing as at a table.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from dataclasses import dataclass
from typing import Any

from townhall.engine.options import OptionValue

Json = Any  # as engine.protocol's (which imports this module)


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer of a decision: its id and its text in player words."""

    id: int
    text: str

    def to_json(self) -> dict[str, Json]:
        return {"id": self.id, "text": self.text}


@dataclass(frozen=True, slots=True)
class Decision:
    """A question a seat answers between episodes; `default` is the answer of a seat that lets
    the campaign choose (a bot): the campaign's seeded draw."""

    seat: int
    question: str
    choices: tuple[Choice, ...]
    default: int

    def to_json(self) -> dict[str, Json]:
        return {"seat": self.seat, "question": self.question, "choices": [c.to_json() for c in self.choices]}


@dataclass(frozen=True, slots=True)
class Standing:
    """A seat's place in the campaign: its points (e.g. progress marks), its rank by them (1
    best, ties share), its board's lasting changes (e.g. stickers) in player words and, where the
    game draws it, that board as a board view (`engine.board.BoardView` JSON: one area owned by
    the seat, its lasting changes marked on their cells; None: only the words). Public."""

    seat: int
    points: int
    rank: int
    board: tuple[str, ...]
    board_view: dict[str, Json] | None = None

    def to_json(self) -> dict[str, Json]:
        return {
            "seat": self.seat,
            "points": self.points,
            "rank": self.rank,
            "board": list(self.board),
            "board_view": self.board_view,
        }


class Campaign(metaclass=ABCMeta):
    """A campaign in progress; its JSON form (`to_json`) is read back by `Game.campaign_from_json`."""

    num_players: int

    @abstractmethod
    def episodes(self) -> int:
        """How many episodes the campaign has."""

    @abstractmethod
    def episode(self) -> int:
        """The next episode to play (1-based); `episodes() + 1` once over."""

    def finished(self) -> bool:
        return self.episode() > self.episodes()

    @abstractmethod
    def title(self) -> str:
        """Where the campaign stands, in player words (e.g. "episode 5 (chapter 2)")."""

    @abstractmethod
    def points_name(self) -> str:
        """What the standings' points are, in player words (e.g. "progress marks")."""

    @abstractmethod
    def pending(self) -> list[Decision]:
        """The open decisions, at most one per seat; the next episode starts once none is left."""

    @abstractmethod
    def decide(self, seat: int, choice: int) -> None:
        """Answer `seat`'s open decision (OptionError for no such decision or choice)."""

    @abstractmethod
    def game_options(self) -> dict[str, OptionValue]:
        """The options of the next episode's game (with the campaign's carried state)."""

    @abstractmethod
    def episode_seed(self) -> int:
        """The seed of the next episode's game (a front door with its own chance may ignore it)."""

    @abstractmethod
    def finish_episode(self, state: Any, ranks: list[int] | None = None) -> None:
        """Carry the episode's results over. `state` is its last `State`; `ranks` are given when
        the game ended before its end (a player resigned), else the state's outcome counts."""

    @abstractmethod
    def take_over(self, seat: int, agent: str, player: str) -> None:
        """A new player (`agent`: "human" or an agent spec; `player`: the name shown) takes over
        `seat` and everything on it from the next episode on; the campaign records it."""

    @abstractmethod
    def standings(self) -> list[Standing]:
        """Every seat's standing, in seat order."""

    def winners(self) -> list[int]:
        """The seats ranked first (the campaign's winners once it is over)."""
        return [s.seat for s in self.standings() if s.rank == 1]

    @abstractmethod
    def to_json(self) -> dict[str, Json]:
        """The whole campaign, JSON-ready."""
