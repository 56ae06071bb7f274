"""The legacy campaign runner: 24 episodes played one after another, saved to a JSON file after
every episode and resumed exactly (MYC-LEG-11).

Each episode's chance and each seat's agent are seeded from the campaign seed and the episode
number only, so a campaign resumed from its file plays exactly as one played straight through.
Stickers (MYC-LEG-10) go on free sticker squares chosen with a seeded draw (the printed game lets
the player choose: `choose`, and the engine-level `LegacyCampaign`'s decisions).

`LegacyCampaign` is the same campaign behind the engine's campaign protocol
(`townhall.engine.campaign`), for front doors that know no game: its between-episode decisions
(sticker squares, the 4th church) are questions with a seeded default, so a campaign whose every
decision takes the default plays exactly as `Campaign.play_episode` without choosers.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from townhall.engine import OptionError, Options, OptionValue, State, TownhallError
from townhall.engine.agent import Agent, derive_seed
from townhall.engine.campaign import Campaign as EpisodesCampaign
from townhall.engine.campaign import Choice, Decision, Standing
from townhall.engine.datafile import read_json
from townhall.engine.errors import DataError
from townhall.engine.match import play_match
from townhall.engine.records import fields_json
from townhall.games.my_city.actions import piece_words
from townhall.games.my_city.board_view import campaign_board_view
from townhall.games.my_city.chapters import CampaignData, campaign_option
from townhall.games.my_city.data import cell_name, parse_cell
from townhall.games.my_city.game import GAME
from townhall.games.my_city.options import board_option
from townhall.games.my_city.scoring import award_row
from townhall.games.my_city.state import MyCityState
from townhall.games.my_city.words import _, term

SAVE_FORMAT = "my-city-campaign-save/1"
AgentFactory = Callable[[int, str, int], Agent]  # (seat, spec, seed) -> agent
# (seat, sticker kind, free square cells) -> the chosen cell, or None to let the seeded draw choose
StickerChooser = Callable[[int, str, list[int]], int | None]
# (seat, 4th church shapes) -> the chosen piece id, or None to let the seeded draw choose
ChurchChooser = Callable[[int, list[str]], str | None]


@dataclass
class Campaign:
    """The saved campaign: seats, boards (stickers), progress marks, the next episode, history."""

    num_players: int
    seats: list[str]
    players: list[str]
    seed: int
    board: str = ""
    chapters: str = ""  # chapter modules file ('' = built-in data/campaign.json), MYC-LEG-1
    next_episode: int = 1
    stickers: list[list[list[str]]] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    takeovers: list[dict[str, Any]] = field(default_factory=list)
    church4: str = ""  # chapter 2: the 4th church's piece id, chosen by results ('' = not yet)

    @property
    def data(self) -> CampaignData:
        """The chapter modules this campaign plays (MYC-LEG-1)."""
        try:
            return campaign_option(self.chapters)
        except DataError as error:
            raise OptionError(f"chapter file rejected: {error}") from None

    @staticmethod
    def new(
        seats: list[str], seed: int, board: str = "", players: list[str] | None = None, chapters: str = ""
    ) -> Campaign:
        GAME.meta.check_players(len(seats))
        board_option(board, "campaign")  # rejects a bad board file now, not at episode 1
        campaign_option(chapters)  # likewise a bad chapter file
        return Campaign(
            num_players=len(seats),
            seats=list(seats),
            players=list(players) if players else [f"player {i + 1}" for i in range(len(seats))],
            seed=seed,
            board=board,
            chapters=chapters,
            stickers=[[] for _ in seats],
            marks=[0] * len(seats),
        )

    # ------------------------------------------------------------------ files

    def to_json(self) -> dict[str, Any]:
        out = fields_json(SAVE_FORMAT, self, leave_out=("stickers", "marks"))
        out["boards"] = [{"stickers": s, "marks": m} for s, m in zip(self.stickers, self.marks, strict=True)]
        return out

    @staticmethod
    def from_json(data: Any, where: str = "campaign") -> Campaign:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise DataError(f"{where}: not a My City campaign file ('format' must be {SAVE_FORMAT!r})")
        try:
            boards = data["boards"]
            campaign = Campaign(
                num_players=int(data["num_players"]),
                seats=[str(s) for s in data["seats"]],
                players=[str(p) for p in data["players"]],
                seed=int(data["seed"]),
                board=str(data.get("board", "")),
                chapters=str(data.get("chapters", "")),
                next_episode=int(data["next_episode"]),
                stickers=[[[str(c), str(k)] for c, k in b["stickers"]] for b in boards],
                marks=[int(b["marks"]) for b in boards],
                history=list(data.get("history", [])),
                takeovers=list(data.get("takeovers", [])),
                church4=str(data.get("church4", "")),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise DataError(f"{where}: campaign file is damaged ({error!r})") from None
        n = campaign.num_players
        if not (len(campaign.seats) == len(campaign.players) == len(campaign.stickers) == n):
            raise DataError(f"{where}: campaign file lists seats, players and boards for different player counts")
        episodes = campaign_option(campaign.chapters).episodes
        if not 1 <= campaign.next_episode <= episodes + 1:
            raise DataError(f"{where}: next_episode {campaign.next_episode} is outside 1..{episodes + 1}")
        return campaign

    def save(self, path: Path) -> None:
        """Write atomically (a crash never leaves half a file)."""
        temporary = path.with_name(path.name + ".tmp")
        try:
            temporary.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
            os.replace(temporary, path)
        except OSError as error:
            raise DataError(f"cannot write {path}: {error.strerror or error}") from None

    @staticmethod
    def load(path: Path) -> Campaign:
        return Campaign.from_json(read_json(path), str(path))

    # ------------------------------------------------------------------ play

    @property
    def finished(self) -> bool:
        return self.next_episode > self.data.episodes

    def take_over(self, seat: int, agent: str, player: str | None = None) -> None:
        """A new player takes over a seat and everything on it (board, stickers, marks)."""
        if not 0 <= seat < self.num_players:
            raise OptionError(f"there is no seat {seat + 1} in this {self.num_players}-player campaign")
        self.seats[seat] = agent
        self.players[seat] = player or agent
        self.takeovers.append(
            {"episode": self.next_episode, "seat": seat, "agent": agent, "player": self.players[seat]}
        )

    def state_option(self) -> str:
        state: dict[str, Any] = {"boards": [{"stickers": s} for s in self.stickers]}
        if self.church4:
            state["church4"] = self.church4
        return json.dumps(state, separators=(",", ":"))

    def church4_seat(self) -> int:
        """The winner of the last episode (ties: the lowest seat), who chooses the 4th church."""
        ranks = self.history[-1]["ranks"] if self.history else [1] * self.num_players
        return min(s for s, rank in enumerate(ranks) if rank == min(ranks))

    def choose_church4(self, episode: int, choose: ChurchChooser | None = None) -> dict[str, Any] | None:
        """Chapter 2 (MYC-LEG-1, invented rule): the first time the 4th church is in the deck,
        the winner of the previous episode (ties: the lowest seat) chooses its shape (`choose`,
        e.g. a human seat; else a seeded draw); it stays for the rest of the campaign."""
        shapes = self.data.church4_shapes(episode)
        if not shapes or self.church4 in shapes:
            return None
        seat = self.church4_seat()
        rng = random.Random(derive_seed(self.seed, "church4", episode, seat))
        piece = shapes[int(rng.random() * len(shapes))]
        chosen = choose(seat, list(shapes)) if choose is not None else None
        if chosen is not None:
            if chosen not in shapes:
                raise OptionError(f"the 4th church is one of {', '.join(shapes)}, not {chosen!r}")
            piece = chosen
        self.church4 = piece
        return {"seat": seat, "piece": self.church4}

    def free_squares(self, seat: int) -> list[int]:
        """The seat's sticker squares without a sticker yet."""
        spec = board_option(self.board, "campaign")
        used = {parse_cell(c) for c, _kind in self.stickers[seat]}
        return [c for c in range(len(spec.cells)) if spec.cells[c] == "o" and c not in used]

    def place_sticker(
        self, seat: int, kind: str, rng: random.Random, choose: StickerChooser | None = None
    ) -> str | None:
        """Put a sticker on a free sticker square of the seat's board; None when none is left."""
        free = self.free_squares(seat)
        if not free:
            return None
        cell = free[int(rng.random() * len(free))]
        if choose is not None:
            chosen = choose(seat, kind, free)
            if chosen is not None:
                if chosen not in free:
                    raise OptionError(f"a {kind} sticker goes on a free sticker square, not {cell_name(chosen)}")
                cell = chosen
        self.stickers[seat].append([cell_name(cell), kind])
        return cell_name(cell)

    def play_episode(
        self,
        agents: AgentFactory,
        choose: StickerChooser | None = None,
        choose_church: ChurchChooser | None = None,
    ) -> dict[str, Any]:
        """Play the next episode, apply marks and stickers; returns the history entry."""
        if self.finished:
            raise TownhallError("the campaign is over: all episodes have been played")
        episode = self.next_episode
        church4 = self.choose_church4(episode, choose_church)
        for seat in range(self.num_players):
            rng = random.Random(derive_seed(self.seed, "start-stickers", episode, seat))
            for kind in self.data.start_stickers(episode):
                self.place_sticker(seat, kind, rng, choose)
        seed = derive_seed(self.seed, "episode", episode)
        seats = [agents(seat, spec, derive_seed(seed, "seat", seat)) for seat, spec in enumerate(self.seats)]
        match = play_match(GAME, self.num_players, seats, options=self.game_options(), seed=seed)
        state = match.state
        assert isinstance(state, MyCityState)
        awarded: list[list[str]] = []
        for seat, row in enumerate(self.add_marks(state, state.ranks())):
            rng = random.Random(derive_seed(self.seed, "awards", episode, seat))
            placed = [
                f"{kind}@{self.place_sticker(seat, kind, rng, choose)}" for kind in self.data.awards(episode)[row]
            ]
            awarded.append(placed)
        return self.close_episode(state, state.ranks(), awarded, church4)

    def game_options(self) -> dict[str, OptionValue]:
        """The options of the next episode's game: the campaign's carried state."""
        return {
            "mode": "campaign",
            "episode": self.next_episode,
            "campaign": self.state_option(),
            "board": self.board,
            "chapters": self.chapters,
        }

    def add_marks(self, state: MyCityState, ranks: list[int]) -> list[str]:
        """Add the episode's progress marks; each seat's awards table row by its rank (MYC-LEG-10)."""
        for seat in range(self.num_players):
            self.marks[seat] += state.marks[seat]
        return [award_row(rank, self.num_players) for rank in ranks]

    def close_episode(
        self, state: MyCityState, ranks: list[int], awarded: list[list[str]], church4: dict[str, Any] | None
    ) -> dict[str, Any]:
        """The episode's history entry, kept; the campaign moves on to the next episode."""
        entry = {
            "episode": self.next_episode,
            "seats": list(self.seats),
            "scores": [int(s) for s in state.score],
            "ranks": ranks,
            "marks": list(state.marks),
            "awards": awarded,
            "final": state.final,
        }
        if church4 is not None:
            entry["church4"] = church4
        self.history.append(entry)
        self.next_episode += 1
        return entry

    def winners(self) -> list[int]:
        """Seats with the most progress marks (MYC-LEG-9); tied seats share the win."""
        best = max(self.marks)
        return [seat for seat, marks in enumerate(self.marks) if marks == best]


CHURCH4 = "church4"  # the queue's kind of the 4th church's choice


class LegacyCampaign(EpisodesCampaign):
    """The legacy campaign behind the engine's campaign protocol. Between episodes a queue holds
    each seat's placements in the order `play_episode` makes them (the last episode's awards, then
    the 4th church, then the next episode's start stickers), each with its seeded draw's place in
    its stream, so that an answer never moves another placement's default."""

    def __init__(self, legacy: Campaign, queue: list[dict[str, Any]], prepared: int, church4: Any = None) -> None:
        self.legacy = legacy
        self.num_players = legacy.num_players
        self.queue = queue
        self.prepared = prepared  # the episode whose start the queue holds
        self.church4_entry: dict[str, Any] | None = church4  # the choice, for that episode's history
        self._prepare()

    @staticmethod
    def from_json(data: Any) -> LegacyCampaign:
        legacy = Campaign.from_json(data)
        try:
            queue = [dict(item) for item in data.get("queue", [])]
            prepared = int(data.get("prepared", 0))
        except (TypeError, ValueError) as error:
            raise DataError(f"campaign: the decisions are damaged ({error!r})") from None
        return LegacyCampaign(legacy, queue, prepared, data.get("church4_entry"))

    def to_json(self) -> dict[str, Any]:
        out = self.legacy.to_json()
        out.update(queue=self.queue, prepared=self.prepared, church4_entry=self.church4_entry)
        return out

    def episodes(self) -> int:
        return self.legacy.data.episodes

    def episode(self) -> int:
        return self.legacy.next_episode

    def title(self) -> str:
        if self.finished():
            return _("the campaign is over")
        episode = self.episode()
        return _("episode {episode} of {episodes} (chapter {chapter})").format(
            episode=episode, episodes=self.episodes(), chapter=self.legacy.data.chapter_of(episode)
        )

    def points_name(self) -> str:
        return _("progress marks")

    def take_over(self, seat: int, agent: str, player: str) -> None:
        self.legacy.take_over(seat, agent, player)  # MYC-LEG-11

    def game_options(self) -> dict[str, OptionValue]:
        self._refuse_pending()
        return self.legacy.game_options()

    def episode_seed(self) -> int:
        return derive_seed(self.legacy.seed, "episode", self.episode())

    def standings(self) -> list[Standing]:
        marks = self.legacy.marks
        spec = board_option(self.legacy.board, "campaign")
        return [
            Standing(
                seat=seat,
                points=marks[seat],
                rank=1 + sum(1 for other in marks if other > marks[seat]),
                board=tuple(
                    _("{kind} on {square}").format(kind=term(kind), square=cell)
                    for cell, kind in self.legacy.stickers[seat]
                ),
                board_view=campaign_board_view(
                    spec, [(parse_cell(cell), kind) for cell, kind in self.legacy.stickers[seat]], seat
                ),
            )
            for seat in range(self.num_players)
        ]

    # --- decisions ----------------------------------------------------------------------

    def pending(self) -> list[Decision]:
        return [self._decision(item) for item in self._firsts()]

    def decide(self, seat: int, choice: int) -> None:
        item = next((item for item in self.queue if item["seat"] == seat), None)
        if item is None:
            raise OptionError(_("seat {number} has nothing to choose now").format(number=seat + 1))
        if choice not in [c.id for c in self._decision(item).choices]:
            raise OptionError(_("that is not one of the choices"))
        self._resolve(item, choice)
        self._settle()

    def _decision(self, item: dict[str, Any]) -> Decision:
        seat = int(item["seat"])
        if item["kind"] == CHURCH4:
            shapes = self.legacy.data.church4_shapes(int(item["episode"]))
            choices = tuple(Choice(n, piece_words(shape)) for n, shape in enumerate(shapes))
            default = int(self._rng(item).random() * len(shapes))
            return Decision(seat, _("Choose the shape of the 4th church"), choices, default)
        free = self.legacy.free_squares(seat)
        choices = tuple(Choice(cell, cell_name(cell)) for cell in free)
        default = free[int(self._rng(item).random() * len(free))]
        question = _("Which square gets your {kind} sticker?").format(kind=term(str(item["kind"])))
        return Decision(seat, question, choices, default)

    def _rng(self, item: dict[str, Any]) -> random.Random:
        """The seeded draw of `item`: its stream's generator, past the draws before it."""
        rng = random.Random(derive_seed(self.legacy.seed, item["stream"], item["episode"], item["seat"]))
        for _drawn in range(int(item["draw"])):
            rng.random()
        return rng

    def _resolve(self, item: dict[str, Any], choice: int | None) -> None:
        """Make the placement (`choice` None: the seeded draw's) and take it off the queue."""
        self.queue.remove(item)
        seat, episode = int(item["seat"]), int(item["episode"])
        if item["kind"] == CHURCH4:
            shapes = self.legacy.data.church4_shapes(episode)
            self.church4_entry = self.legacy.choose_church4(
                episode, lambda _seat, _shapes: None if choice is None else shapes[choice]
            )
            return
        placed = self.legacy.place_sticker(seat, str(item["kind"]), self._rng(item), lambda _seat, _kind, _free: choice)
        if item["stream"] == "awards":
            self.legacy.history[-1]["awards"][seat].append(f"{item['kind']}@{placed}")

    def _settle(self) -> None:
        """Make every placement that leaves no choice (one free square or none)."""
        while True:
            trivial = [
                item
                for item in self._firsts()
                if item["kind"] != CHURCH4 and len(self.legacy.free_squares(int(item["seat"]))) <= 1
            ]
            if not trivial:
                return
            for item in trivial:
                self._resolve(item, None)

    def _firsts(self) -> list[dict[str, Any]]:
        """Each seat's first queued placement, in seat order: its one open decision."""
        firsts: dict[int, dict[str, Any]] = {}
        for item in self.queue:
            firsts.setdefault(int(item["seat"]), item)
        return [firsts[seat] for seat in sorted(firsts)]

    def _refuse_pending(self) -> None:
        if self.queue:
            raise OptionError(_("the next episode starts once every choice between episodes is made"))
        if self.finished():
            raise TownhallError(_("the campaign is over: all episodes have been played"))

    # --- episodes -----------------------------------------------------------------------

    def _queue(self, seat: int, kind: str, stream: str, episode: int, draw: int) -> None:
        self.queue.append({"seat": seat, "kind": kind, "stream": stream, "episode": episode, "draw": draw})

    def _prepare(self) -> None:
        """Queue the next episode's start: the 4th church's choice, then the start stickers."""
        episode = self.episode()
        if self.prepared == episode or self.finished():
            self._settle()
            return
        data = self.legacy.data
        shapes = data.church4_shapes(episode)
        if shapes and self.legacy.church4 not in shapes:
            self._queue(self.legacy.church4_seat(), CHURCH4, CHURCH4, episode, 0)
        for seat in range(self.num_players):
            for draw, kind in enumerate(data.start_stickers(episode)):
                self._queue(seat, kind, "start-stickers", episode, draw)
        self.prepared = episode
        self._settle()

    def finish_episode(self, state: State, ranks: list[int] | None = None) -> None:
        self._refuse_pending()
        if not isinstance(state, MyCityState):
            raise OptionError(_("this is not a game of this campaign"))
        episode = self.episode()
        ranks = state.ranks() if ranks is None else list(ranks)
        rows = self.legacy.add_marks(state, ranks)
        church4, self.church4_entry = self.church4_entry, None
        self.legacy.close_episode(state, ranks, [[] for _seat in rows], church4)
        for seat, row in enumerate(rows):
            for draw, kind in enumerate(self.legacy.data.awards(episode)[row]):
                self._queue(seat, kind, "awards", episode, draw)
        self._prepare()


class LegacyCampaigns:
    """My City's campaign role (`Game.campaign_module`): a new legacy campaign, or one read back."""

    def new_campaign(self, num_players: int, seed: int, options: Options | None = None) -> LegacyCampaign:
        """`options` may name a board and chapter files."""
        given = options or {}
        board, chapters = str(given.get("board", "")), str(given.get("chapters", ""))
        return LegacyCampaign(Campaign.new([""] * num_players, seed, board, chapters=chapters), [], 0)

    def campaign_from_json(self, data: dict[str, Any]) -> LegacyCampaign:
        return LegacyCampaign.from_json(data)


CAMPAIGNS = LegacyCampaigns()


def mark_rows(count: int, per_row: int | None = None) -> list[str]:
    """Progress marks drawn as filled top row first, left to right (MYC-LEG-8)."""
    per_row = per_row or campaign_option("").marks_per_row
    rows = []
    start = 0
    while start < max(count, 2 * per_row):  # the board's two rows, more if a long campaign fills them
        filled = max(0, min(per_row, count - start))
        rows.append("●" * filled + "○" * (per_row - filled))
        start += per_row
    return rows


def run(
    path: Path,
    episodes: int,
    agents: AgentFactory,
    on_episode: Callable[[dict[str, Any]], None] | None = None,
) -> Campaign:
    """Play up to `episodes` more episodes of the campaign in `path`, saving after each one."""
    campaign = Campaign.load(path)
    for _episode in range(episodes):
        if campaign.finished:
            break
        entry = campaign.play_episode(agents)
        campaign.save(path)
        if on_episode is not None:
            on_episode(entry)
    return campaign


__all__ = ["CAMPAIGNS", "Campaign", "ChurchChooser", "LegacyCampaign", "mark_rows", "run"]
