"""Every registered game as an OpenSpiel game (pyspiel, the `openspiel` extra).

`load_game("carcassonne", players=2)` registers the game as a pyspiel Python game, named
`townhall_<game>` (`pyspiel.load_game("townhall_carcassonne", {"players": 3, "river": True})`
works once it is registered; `register_games()` registers every game), and returns the
`pyspiel.Game`:

- sequential: a decision taken by several players at once in secret is committed seat by seat,
  each seeing only what the engine shows it (never another's uncommitted choice);
- chance nodes are explicit (`engine.explicit_chance`): every draw is a chance node whose outcomes
  are the draw's integers 0..n-1 (the integers a game record logs); outcomes that end the move in
  the same position are merged into the lowest of them with their summed probability
  (`merge_chance=False`: every integer, each 1/n);
- actions are the environments' ids: the game's compact space where it has one (`compact=False`:
  the engine's ids);
- observation tensors are the game's observer (docs/rl.md's layouts), strings the player's JSON
  observation; information-state strings have perfect recall: a digest of the player's own actions
  and every change of its observation, then its observation now;
- information-state tensors are the observation tensor now, then the steps the player recalls,
  oldest first, one row each (`recall`, shape (RECALL_STEPS, 5 + players)): what kind of step
  (its own action, another player's action, a draw, or, in a game with hidden information, a step
  of another player or a draw that changed what it sees, whose id it does not see), the id as a
  fraction of its range (actions: the game's number of ids; draws: MAX_CHANCE_OUTCOMES) and who
  moved. Games of perfect information recall every step with its id; the others the player's own
  actions and the changes it saw. Only the latest RECALL_STEPS are kept: a whole game of
  Carcassonne or My City fits (perfect recall), longer games keep their latest steps;
- returns at the end by rank: +1 first ... -1 last, ties sharing (zero-sum).
"""

from __future__ import annotations

import copy as copy_module
import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from townhall import games
from townhall.engine.chance import Chance
from townhall.engine.explicit_chance import ExplicitState
from townhall.engine.observer import Observer
from townhall.engine.options import OptionValue
from townhall.engine.protocol import CompactActions
from townhall.engine.protocol import Game as EngineGame
from townhall.engine.protocol import State as EngineState
from townhall.rl.core import PublicObserver, rank_rewards

PREFIX = "townhall_"
BUILT_IN = "built-in"
"""How an option whose default is empty (My City's board: the built-in one) is spelled in OpenSpiel,
whose game strings cannot hold an empty value."""
MAX_CHANCE_OUTCOMES = 256
"""The most outcomes that one draw may have, declared to OpenSpiel. The shipped games draw from at
most 71 (Carcassonne's stack); a draw beyond the bound is refused, never cut short."""
RECALL_STEPS = 256
"""The steps an information-state tensor holds (the latest). A random game of Carcassonne with 5
players and the river takes about 220 steps, draws included."""
RECALL_KINDS = ("own action", "other's action", "draw", "change seen")
"""The kinds of a recalled step, the first columns of a row of the `recall` slice."""
OWN, OTHER, DRAW, CHANGE = range(len(RECALL_KINDS))


def short_name(game: str) -> str:
    return PREFIX + game.replace("-", "_")


def load_game(
    name: str, players: int | None = None, compact: bool = True, merge_chance: bool = True, **options: OptionValue
) -> pyspiel.Game:
    """The registered game `name` as a `pyspiel.Game` (registering it with pyspiel first)."""
    register_game(name)
    params: dict[str, Any] = dict(options, compact=compact, merge_chance=merge_chance)
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(short_name(name), params)


def register_games() -> list[str]:
    """Register every game of the registry with pyspiel; their OpenSpiel names."""
    return [register_game(name) for name in games.names()]


def register_game(name: str) -> str:
    short = short_name(name)
    if short not in pyspiel.registered_names():
        # One class per game, as OpenSpiel's Python games register theirs (a partial as the creator
        # makes pyspiel abort when Python exits).
        creator = type(f"Townhall_{short}", (TownhallGame,), {"name": name})
        pyspiel.register_game(_game_type(games.get(name)), creator)
    return short


def _game_type(game: EngineGame[Any]) -> pyspiel.GameType:
    meta = game.meta
    parameters: dict[str, Any] = {"players": _default_players(game), "compact": True, "merge_chance": True}
    parameters.update((option.name, option.default if option.default != "" else BUILT_IN) for option in meta.options)
    return pyspiel.GameType(
        short_name=short_name(meta.name),
        long_name=f"Townhall {meta.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if meta.facts.chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if meta.facts.perfect_information
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=meta.max_players,
        min_num_players=meta.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _default_players(game: EngineGame[Any]) -> int:
    return min(max(2, game.meta.min_players), game.meta.max_players)


class TownhallGame(pyspiel.Game):
    """One game of the registry for these players and options, as OpenSpiel sees it."""

    name: str  # the registry's name, set by the class that register_game makes

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.engine: EngineGame[Any] = games.get(self.name)
        params = dict(params or {})
        meta = self.engine.meta
        game_type = _game_type(self.engine)
        self.players = int(params.get("players", _default_players(self.engine)))
        meta.check_players(self.players)
        given = {o.name: params[o.name] for o in meta.options if o.name in params and params[o.name] != BUILT_IN}
        self.options: dict[str, OptionValue] = meta.resolve(given)
        self.engine.check_setup(self.players, self.options)
        self.actions: CompactActions[Any] | None = (
            self.engine.compact_actions(self.players, self.options) if params.get("compact", True) else None
        )
        self.merge_chance = bool(params.get("merge_chance", True))
        probe = self.engine.new_state(self.players, self.options, Chance(0))
        self.observer: Observer[Any] = self.engine.observer(self.players, self.options) or PublicObserver(self.players)
        self.perfect_information = meta.facts.perfect_information
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size if self.actions is not None else probe.num_distinct_actions(),
            max_chance_outcomes=MAX_CHANCE_OUTCOMES if meta.facts.chance else 0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.engine.max_decisions(self.players, self.options),
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> TownhallState:
        return TownhallState(self, ExplicitState.start(self.engine, self.players, self.options))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observation | _InformationState:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return _InformationState(self.observer, self.players)
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("only a player's own observation is provided (public and private, as the player sees it)")
        return _Observation(self.observer)


class TownhallState(pyspiel.State):
    """A position: the engine's state with explicit chance, in the game's OpenSpiel ids."""

    def __init__(self, game: TownhallGame, explicit: ExplicitState[Any]) -> None:
        super().__init__(game)
        # pyspiel clones a Python state by deep-copying its attributes: an ExplicitState copies
        # as cheaply as it clones, and the game is read from pyspiel (get_game), never copied.
        self.explicit = explicit
        # Per player that was asked for: what it has seen and done (kept up to date from then on).
        self.recall: dict[int, _Memory] = {}

    @property
    def townhall(self) -> TownhallGame:
        game = self.get_game()
        assert isinstance(game, TownhallGame)
        return game

    @property
    def engine_state(self) -> EngineState | None:
        """The game's state: the position before the move under way while chance is drawn (None
        during the set-up's draws)."""
        state: EngineState | None = self.explicit.state
        return state

    def current_player(self) -> int:
        if self.explicit.waits_on_chance():
            return pyspiel.PlayerId.CHANCE
        movers = self._settled().to_move()
        return movers[0] if movers else pyspiel.PlayerId.TERMINAL

    def _settled(self) -> EngineState:
        state: EngineState | None = self.explicit.state
        assert state is not None and not self.explicit.waits_on_chance()
        return state

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        state = self._settled()
        legal = state.legal_actions(player)
        actions = self.townhall.actions
        return legal if actions is None else actions.encode_all(state, legal)

    def engine_action(self, action: int) -> int:
        """The engine's action that an OpenSpiel id names at this (settled) position."""
        return _engine_action(self.townhall, self._settled(), action)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        every = self.explicit.chance_outcomes()
        if len(every) > MAX_CHANCE_OUTCOMES:
            raise ValueError(f"a draw of {len(every)} outcomes, beyond the declared {MAX_CHANCE_OUTCOMES}")
        return self.explicit.merged_chance_outcomes() if self.townhall.merge_chance else every

    def _apply_action(self, action: int) -> None:
        mover = self.current_player()
        game = self.townhall
        _step(game, self.explicit, mover, action)
        for player, memory in self.recall.items():
            memory.remember(game, self.explicit, player, mover, action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {action}"
        state = self.engine_state
        try:
            assert state is not None
            return state.action_text(_engine_action(self.townhall, state, action))
        except Exception:  # an id that names nothing here
            return f"action {action}"

    def is_terminal(self) -> bool:
        return not self.explicit.waits_on_chance() and self._settled().is_terminal()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.townhall.players
        return rank_rewards(self._settled().ranks())

    def observation_text(self, player: int) -> str:
        return _observation_text(self.explicit, player)

    def information_state_text(self, player: int) -> str:
        """What `player` has seen and done (a digest of the changes of its observation and of its
        actions), then its observation now."""
        memory = self.memory(player)
        return f"player {player} recalls {memory.digest}\n{memory.seen}"

    def memory(self, player: int) -> _Memory:
        """What `player` recalls, replayed from the start the first time it is asked."""
        if player not in self.recall:
            self.recall[player] = self._replay_recall(player)
        return self.recall[player]

    def resample_from_infostate(self, player: int, probability_sampler: Callable[[], float]) -> TownhallState:
        """A position `player` cannot tell from this one: what it does not see drawn anew by the
        game's `determinize` (Information-set MCTS). `player` keeps what it recalls; the others
        recall from what they see in the new position on. The copy is for search: its history is
        empty, so it does not serialize to itself."""
        if self.explicit.waits_on_chance():
            raise ValueError("a position waiting on chance is not resampled: resample at a decision")
        rng = random.Random(int(probability_sampler() * 2**53))
        copy = TownhallState(self.townhall, ExplicitState.settled(self._settled().determinize(player, rng)))
        # A secret decision of a lower seat that `player` has not seen is drawn afresh, so those
        # seats decide again (at random, unseen by `player`) before it is its turn once more.
        while (mover := copy.current_player()) != player:
            if mover == pyspiel.PlayerId.TERMINAL:
                raise ValueError(f"the game {self.townhall.name} ended while lower seats decided again")
            if mover == pyspiel.PlayerId.CHANCE:
                outcomes, weights = zip(*copy.chance_outcomes(), strict=True)
                _step(self.townhall, copy.explicit, mover, rng.choices(outcomes, weights)[0])
            else:
                _step(self.townhall, copy.explicit, mover, rng.choice(copy.legal_actions(mover)))
        for seat in range(self.townhall.players):
            if seat != player:
                copy.recall[seat] = _Memory(_observation_text(copy.explicit, seat))
        copy.recall[player] = copy_module.deepcopy(self.memory(player))
        return copy

    def _replay_recall(self, player: int) -> _Memory:
        game = self.townhall
        explicit = ExplicitState.start(game.engine, game.players, game.options)
        memory = _Memory(_observation_text(explicit, player))
        for action in self.history():
            mover = pyspiel.PlayerId.CHANCE if explicit.waits_on_chance() else explicit.state.to_move()[0]  # type: ignore[union-attr]
            _step(game, explicit, mover, action)
            memory.remember(game, explicit, player, mover, action)
        return memory

    def __str__(self) -> str:
        state = self.engine_state
        full = None if state is None else state.to_json()
        return json.dumps({"state": full, "move": self.explicit.move, "drawn": self.explicit.drawn}, sort_keys=True)


def _engine_action(game: TownhallGame, state: EngineState, action: int) -> int:
    return action if game.actions is None else game.actions.decode(state, action)


def _step(game: TownhallGame, explicit: ExplicitState[Any], mover: int, action: int) -> None:
    if mover == pyspiel.PlayerId.CHANCE:
        explicit.apply_chance(action)
        return
    state = explicit.state
    assert state is not None
    explicit.apply(mover, _engine_action(game, state, action))


def _observation_text(explicit: ExplicitState[Any], player: int) -> str:
    state = explicit.state
    if state is None:
        return "set-up"
    return json.dumps(state.observation(player), sort_keys=True, separators=(",", ":"))


def _digest(digest: str, piece: str) -> str:
    return hashlib.blake2b(f"{digest}\n{piece}".encode(), digest_size=16).hexdigest()


class _Memory:
    """What one player recalls: a digest of its actions and of every change of its observation,
    the observation it saw last, and the steps it recalls as rows of the `recall` tensor (kind,
    mover, id as a fraction), the latest RECALL_STEPS of them."""

    __slots__ = ("digest", "seen", "steps")

    def __init__(self, seen: str) -> None:
        self.seen = seen
        self.digest = _digest("", seen)
        self.steps: list[tuple[int, int, float]] = []

    def remember(self, game: TownhallGame, explicit: ExplicitState[Any], player: int, mover: int, action: int) -> None:
        """After a step: the player's own action, then its observation if it changed (so that steps
        it cannot see, such as another's secret plan, leave no trace)."""
        if mover == player:
            self.digest = _digest(self.digest, f"played {action}")
        now = _observation_text(explicit, player)
        changed = now != self.seen
        if changed:
            self.digest, self.seen = _digest(self.digest, now), now
        step = _recalled_step(game, player, mover, action, changed)
        if step is not None:
            self.steps.append(step)
            if len(self.steps) > 2 * RECALL_STEPS:  # trimmed now and then, not at every step
                del self.steps[:-RECALL_STEPS]


def _recalled_step(
    game: TownhallGame, player: int, mover: int, action: int, changed: bool
) -> tuple[int, int, float] | None:
    """A step as `player` recalls it (kind, mover or -1, id as a fraction), or None: a step of
    another that it does not see in a game with hidden information."""
    if mover == player:
        return (OWN, mover, action / game.num_distinct_actions())
    if game.perfect_information:
        if mover == pyspiel.PlayerId.CHANCE:
            return (DRAW, -1, action / MAX_CHANCE_OUTCOMES)
        return (OTHER, mover, action / game.num_distinct_actions())
    return (CHANGE, -1, 0.0) if changed else None


def _fill_observation(observer: Observer[Any], state: TownhallState, player: int, out: Any) -> None:
    """`player`'s observation tensor into `out`: zeros during the set-up's draws."""
    engine_state = state.engine_state
    if engine_state is None:
        out.fill(0.0)
    else:
        observer.fill(engine_state, player, out)


class _Observation:
    """A player's observation: the game's observer's tensor (its named slices in `dict`) and its
    JSON observation as the string. While chance is drawn for a move, the position before it."""

    def __init__(self, observer: Observer[Any]) -> None:
        self.observer = observer
        self.tensor = np.zeros(observer.size, dtype=np.float32)
        self.dict = observer.layout.views(self.tensor)

    def set_from(self, state: TownhallState, player: int) -> None:
        _fill_observation(self.observer, state, player, self.tensor)

    def string_from(self, state: TownhallState, player: int) -> str:
        return state.observation_text(player)


class _InformationState:
    """What a player recalls: the string (TownhallState.information_state_text) and the tensor: the
    observation now (the observer's slices), then the `recall` slice of its latest steps."""

    def __init__(self, observer: Observer[Any], players: int) -> None:
        self.observer = observer
        width = len(RECALL_KINDS) + 1 + players
        self.tensor = np.zeros(observer.size + RECALL_STEPS * width, dtype=np.float32)
        self.observation = self.tensor[: observer.size]
        self.dict = observer.layout.views(self.observation)
        self.dict["recall"] = self.tensor[observer.size :].reshape(RECALL_STEPS, width)

    def set_from(self, state: TownhallState, player: int) -> None:
        _fill_observation(self.observer, state, player, self.observation)
        rows = self.dict["recall"]
        rows.fill(0.0)
        steps = state.memory(player).steps[-RECALL_STEPS:]
        fraction = len(RECALL_KINDS)
        for row, (kind, mover, share) in zip(rows, steps, strict=False):
            row[kind] = 1.0
            row[fraction] = share
            if mover >= 0:
                row[fraction + 1 + mover] = 1.0

    def string_from(self, state: TownhallState, player: int) -> str:
        return state.information_state_text(player)


__all__ = [
    "MAX_CHANCE_OUTCOMES",
    "TownhallGame",
    "TownhallState",
    "load_game",
    "register_game",
    "register_games",
    "short_name",
]
