"""What every environment of `townhall.rl` shares: the game by name, its observer, rewards,
names and the seeding of chance. No PettingZoo or Gymnasium here."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, SupportsIndex

import numpy as np

from townhall.engine.agent import derive_seed
from townhall.engine.chance import Chance
from townhall.engine.errors import OptionError
from townhall.engine.observer import Layout, Observer, Part
from townhall.engine.options import Options, OptionValue
from townhall.engine.protocol import CompactActions, Game, State, score_margin
from townhall.engine.watch import Watcher
from townhall.rl.handout import MaskHandout, ViewHandout, hand_out, read_only, read_only_mask
from townhall.rl.mask import refresh

REWARDS = ("rank", "margin")
MASK_DTYPES = ("bool", "int8")


def find_game(game: Game[Any] | str) -> Game[Any]:
    if not isinstance(game, str):  # (mypyc folds an isinstance of Game, a non-native class, to False)
        return game
    from townhall import games

    return games.get(game)


class PublicObserver(Observer[State]):
    """A stand-in for games without an observer of their own: whether I am to move, and who I am
    (no scores: a game's scores may count hidden things; nor whether others still have to commit).

    | slice | shape | holds |
    |---|---|---|
    | `to_move` | (players,) | 1 at the observing player if it is to move |
    | `me` | (players,) | 1 for the observing player |
    """

    version = 0

    def __init__(self, num_players: int) -> None:
        self.layout = Layout()
        self.layout.add("to_move", num_players, doc="1 at the observing player if it is to move")
        self.layout.add("me", num_players, doc="1 for the observing player")
        self.parts = (Part(("to_move", "me"), self._write),)

    @staticmethod
    def _write(state: State, player: int, views: dict[str, Any], previous: None) -> None:
        if player in state.to_move():
            views["to_move"][player] = 1.0
        views["me"][player] = 1.0


def env_name(game: Game[Any], observer: Observer[Any], actions: CompactActions[Any] | None = None) -> str:
    """The versioned name of a game's environments (`carcassonne_v2`): the observer's version,
    which moves with its layout and with the game's rules data (tests pin both), plus the compact
    action space's version where the environment uses one (`carcassonne_v1`: the engine's ids)."""
    version = observer.version + (actions.version if actions is not None else 0)
    return f"{game.meta.name.replace('-', '_')}_v{version}"


def compact_space(game: Game[Any], players: int, options: Options, compact: bool) -> CompactActions[Any] | None:
    """The game's compact action space if it has one and `compact` asks for it, else None."""
    return game.compact_actions(players, options) if compact else None


def rank_rewards(ranks: Sequence[int]) -> list[float]:
    """+1 for first ... -1 for last, linear in the place; tied players share the mean of the places
    they hold together."""
    n = len(ranks)
    if n == 1:
        return [1.0]

    def value(place: int) -> float:
        return 1.0 - 2.0 * (place - 1) / (n - 1)

    out = []
    for rank in ranks:
        tied = sum(1 for other in ranks if other == rank)
        out.append(sum(value(place) for place in range(rank, rank + tied)) / tied)
    return out


def final_rewards(state: State, reward: str) -> list[float]:
    if reward == "margin":
        scores = state.scores()
        return [float(score_margin(scores, player)) for player in range(state.num_players)]
    return rank_rewards(state.ranks())


def check_illegal(illegal: str) -> str:
    """What an illegal action does: `"lose"` (ends the game, the worst reward) or `"raise"`."""
    if illegal not in ("lose", "raise"):
        raise OptionError(f"illegal is 'lose' or 'raise', not {illegal!r}")
    return illegal


def worst_reward(state: State, reward: str, player: int) -> float:
    """What an illegal action earns its player: -1 by rank; by margin, one less than minus the
    absolute current margin."""
    if reward == "rank":
        return -1.0
    return -abs(final_rewards(state, "margin")[player]) - 1.0


class Table:
    """One game being played for an environment: the state, its chance, the observer's buffers."""

    __slots__ = (
        "actions", "chance", "copy", "game", "handouts", "legal", "mask", "mask_bytes", "mask_dtype", "masks", "num_actions",
        "observer", "options", "players", "reward", "state", "views", "watchers",
    )  # fmt: skip

    def __init__(
        self,
        game: Game[Any] | str,
        players: SupportsIndex,
        options: Options | None,
        reward: str,
        copy: bool = True,
        compact: bool = True,
        mask_dtype: str = "bool",
    ) -> None:
        players = operator.index(players)  # a NumPy integer too (the compiled build checks types)
        if reward not in REWARDS:
            raise OptionError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if mask_dtype not in MASK_DTYPES:
            raise OptionError(f"mask_dtype is one of {', '.join(MASK_DTYPES)}, not {mask_dtype!r}")
        self.game = find_game(game)
        self.game.meta.check_players(players)
        resolved: dict[str, OptionValue] = self.game.meta.resolve(options)
        self.game.check_setup(players, resolved)
        self.options = resolved
        self.players = players
        self.reward = reward
        self.observer: Observer[Any] = self.game.observer(players, resolved) or PublicObserver(players)
        self.state: State = self.game.new_state(players, resolved, Chance(0))
        # The game's compact action space (Carcassonne's 4,537 ids for its engine's 114,257), else
        # the engine's ids: the masks, legal ids and actions of the environments are in it.
        self.actions: CompactActions[Any] | None = compact_space(self.game, players, resolved, compact)
        self.num_actions = self.actions.size if self.actions is not None else self.state.num_distinct_actions()
        self.mask_dtype = mask_dtype
        # copy=False: one buffer per player, kept up to date along the game (only the changed parts
        # rewritten); none with copy=True, whose hand-outs make their own as needed (Carcassonne's
        # view and mask are 200 KB a player).
        self.watchers: list[Watcher[Any]] = [
            self.observer.watcher(np.zeros(self.observer.size, dtype=np.float32)) for _ in range(0 if copy else players)
        ]
        # What copy=False hands out: read-only views of them (a caller's write would corrupt the
        # parts kept up to date), made once.
        self.views = [read_only(watcher.buffer) for watcher in self.watchers]
        # The mask's bytes, kept up to date item by item (rl.mask.refresh); the array is a view of them.
        self.mask_bytes = bytearray(0 if copy else self.num_actions)
        self.mask = read_only_mask(self.mask_bytes, mask_dtype)
        self.legal: tuple[int, ...] = ()  # the ones of the mask now
        self.copy = copy
        # copy=True: arrays handed out are never written again while a caller holds them.
        self.handouts = [ViewHandout(self.observer) for _ in range(players)]
        # A parallel step hands out every player's mask while the caller may hold the last step's.
        self.masks = MaskHandout(self.num_actions, limit=2 * players + 1, dtype=mask_dtype)
        self.chance = Chance(0)

    def __reduce__(self) -> tuple[Any, ...]:
        # A snapshot is the game, its set-up, the state and its chance: the observer's buffers,
        # views and masks are remade (observing brings them up to date with the state).
        game = self.game.meta.name if registered(self.game) else self.game
        return (
            _restore,
            (
                game, self.players, self.options, self.reward, self.copy, self.state, self.chance,
                self.actions is not None, self.mask_dtype,
            ),
        )  # fmt: skip

    def reset(self, seed: SupportsIndex | None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.chance = Chance(derive_seed(operator.index(seed), "chance"))
        self.state = self.game.new_state(self.players, self.options, self.chance)

    def observe(self, player: int) -> dict[str, Any]:
        """The player's observation and action mask, brought up to date in preallocated buffers.
        With `copy=True` they are arrays that no later call changes: buffers that no caller holds
        any more are reused, and a copy is made only when a caller still holds them all
        (rl.handout). With `copy=False` they are the buffers themselves: the player's observation
        is overwritten by that player's next observation, the mask by the next call."""
        state = self.state
        legal = state.legal_actions(player)
        if self.actions is not None:
            legal = self.actions.encode_all(state, legal)
        if self.copy:
            observation, self.legal = hand_out(self.handouts[player], self.masks, state, player, legal)
            return observation
        self.legal = refresh(self.mask_bytes, self.legal, legal)
        self.watchers[player].observe(state, player)
        return {"observation": self.views[player], "action_mask": self.mask}

    def engine_action(self, action: SupportsIndex) -> int:
        """The engine's action for an environment's action id (a compact id is decoded in the
        state now: IllegalAction for one that names no action now)."""
        index = action if isinstance(action, int) else operator.index(action)
        if self.actions is None:
            return index
        return self.actions.decode(self.state, index)

    def global_state(self) -> Any:
        """Every player's observation, player 0's first, in one new float32 array (what `state()`
        gives a centralised critic: each part is filtered for its player, so nothing hidden from
        every player, such as the order of a deck, is in it). Leaves the mask and legal ids as they are."""
        size = self.observer.size
        out = np.zeros(self.players * size, dtype=np.float32)
        for player in range(self.players):
            self.observer.fill(self.state, player, out[player * size : (player + 1) * size])
        return out

    def render(self) -> str:
        return self.game.render(self.state, None)


def registered(game: Game[Any]) -> bool:
    from townhall import games

    return game.meta.name in games.names() and games.get(game.meta.name) is game


def _restore(
    game: Game[Any] | str,
    players: int,
    options: Options,
    reward: str,
    copy: bool,
    state: State,
    chance: Chance,
    compact: bool = True,
    mask_dtype: str = "bool",
) -> Table:
    table = Table(game, players, options, reward, copy, compact, mask_dtype)
    table.state, table.chance = state, chance
    return table


__all__ = [
    "MASK_DTYPES",
    "REWARDS",
    "PublicObserver",
    "Table",
    "env_name",
    "final_rewards",
    "rank_rewards",
    "worst_reward",
]
