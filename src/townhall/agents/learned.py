"""Learned leaf values: each seat's chance to win a position, from a small model trained on self-play
(`python -m townhall.sim.learn`, docs/bots-report.md "Learned evaluator").

The model reads the game's tensor observer (engine.observer) for each seat, reduced to a few
hundred numbers at most (`reduce`: a slice of more than KEEP items is summed over its last axes
until it is at most KEEP, e.g. a board's planes become a count per plane), plus the game's
hand-written evaluation of that seat and its margin over the best other seat. A model's `target`
says what it predicts from them:
- "win": a logistic model gives each seat's win chance, scaled to sum to 1 over the seats (a leaf
  value in [0, 1], `LearnedValue.__call__`);
- "margin": a linear model gives each seat's final score margin in points (`LearnedValue.evaluate`),
  which stands in for the game's hand-written `evaluate` wherever that is read (the greedy agent's
  candidates, the search's leaves and priors).

Weights are JSON in agents/data/<game>-<n>p.value.json with their provenance (command, seed,
games, held-out figures). They hold the rules data's version and the observer's layout version
they were trained on: any other version is refused in words (`LearnedValueError`), never used.

NumPy is needed to play with it (the observer's buffer); it is in the `rl`, `train` and `dev`
extras, not in the core dependencies. Not compiled by mypyc (NumPy code).
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from townhall.agents.words import _
from townhall.engine.errors import TownhallError
from townhall.engine.protocol import Game, State, score_margin

KEEP: Final = 64
FEATURES_VERSION: Final = 1
"""Moves whenever `features` changes meaning (weights of another features version are refused)."""
DATA_PACKAGE: Final = "townhall.agents"
TARGETS: Final = ("win", "margin")


class LearnedValueError(TownhallError):
    """No learned weights for this game and player count, or weights of other rules data."""

    code = "learned-value"


def weights_name(game: str, num_players: int) -> str:
    return f"{game}-{num_players}p.value.json"


def reduce(shape: tuple[int, ...]) -> int:
    """How many leading axes of a slice of this shape the features keep (the rest are summed)."""
    keep = len(shape)
    while keep > 1 and math.prod(shape[:keep]) > KEEP:
        keep -= 1
    return keep


class Featurizer:
    """The features of one game for one player count: `rows(state)` is one row per seat."""

    def __init__(self, game: Game[Any], num_players: int, options: dict[str, Any] | None = None) -> None:
        import numpy as np

        observer = game.observer(num_players, game.meta.resolve(options))
        if observer is None:
            raise LearnedValueError(
                _("{game} has no tensor observer, so it has no learned evaluator").format(game=game.meta.title)
            )
        self.np = np
        self.game = game
        self.observer = observer
        self.num_players = num_players
        self.buffer = np.zeros(observer.size, dtype=np.float32)
        self.plan = [(name, tuple(range(reduce(s.shape), len(s.shape)))) for name, s in observer.slices.items()]
        self.size = sum(math.prod(s.shape[: reduce(s.shape)]) for s in observer.slices.values()) + 2

    def rows(self, state: State) -> Any:
        """An array (seats x features) of float64."""
        np = self.np
        values = self.game.evaluate_all(state)
        views = self.observer.views(self.buffer)
        out = np.empty((self.num_players, self.size))
        for seat in range(self.num_players):
            self.observer.fill(state, seat, self.buffer)
            parts = [views[name].sum(axis=axes).ravel() if axes else views[name].ravel() for name, axes in self.plan]
            parts.append(np.array([values[seat], score_margin(values, seat)]))
            out[seat] = np.concatenate(parts)
        return out


@dataclass(frozen=True)
class LearnedModel:
    """A logistic model over standardized features, with what it was trained on."""

    game: str
    num_players: int
    data_version: str
    observer_version: int
    features_version: int
    mean: list[float]
    scale: list[float]
    weights: list[float]
    bias: float
    provenance: dict[str, Any]
    target: str = "win"
    spread: float = 1.0
    """A margin model's typical margin (the mean absolute final margin it was trained on): a leaf
    value is squash(margin / spread)."""

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LearnedModel:
        return cls(**{key: data[key] for key in cls.__dataclass_fields__ if key in data})

    def check(self, game: Game[Any], observer_version: int, size: int) -> None:
        """Refuse weights trained on other rules data, another observer layout or other features."""
        title = game.meta.title
        if self.data_version != game.meta.data_version:
            raise LearnedValueError(
                _(
                    "the learned evaluator of {game} was trained on rules data version {trained}, but the rules "
                    "data are now version {current}: train it again (python -m townhall.sim.learn)"
                ).format(game=title, trained=self.data_version, current=game.meta.data_version)
            )
        if self.observer_version != observer_version or self.features_version != FEATURES_VERSION:
            raise LearnedValueError(
                _(
                    "the learned evaluator of {game} was trained on observation layout {trained}, but the game "
                    "now has layout {current}: train it again (python -m townhall.sim.learn)"
                ).format(
                    game=title,
                    trained=f"{self.observer_version}.{self.features_version}",
                    current=f"{observer_version}.{FEATURES_VERSION}",
                )
            )
        if self.target not in TARGETS:
            raise LearnedValueError(
                _("the learned evaluator of {game} predicts something unknown: train it again").format(game=title)
            )
        if len(self.weights) != size:
            raise LearnedValueError(
                _("the learned evaluator of {game} does not fit its observation: train it again").format(game=title)
            )


def load_model(game: Game[Any], num_players: int) -> LearnedModel:
    """The shipped weights of a game for a player count (LearnedValueError when none are shipped)."""
    name = weights_name(game.meta.name, num_players)
    path = resources.files(DATA_PACKAGE).joinpath("data", name)
    if not path.is_file():
        raise LearnedValueError(
            _("{game} has no learned evaluator for {count} players yet").format(game=game.meta.title, count=num_players)
        )
    return LearnedModel.from_json(json.loads(path.read_text(encoding="utf-8")))


def has_weights(game: Game[Any]) -> bool:
    """Whether any player count of the game has shipped weights."""
    folder = resources.files(DATA_PACKAGE).joinpath("data")
    prefix = game.meta.name + "-"
    return folder.is_dir() and any(
        p.name.startswith(prefix) and p.name.endswith(".value.json") for p in folder.iterdir()
    )


@dataclass(frozen=True)
class _Ready:
    """One player count's checked model, its featurizer and its arrays."""

    model: LearnedModel
    featurizer: Featurizer
    mean: Any
    scale: Any
    weights: Any


class LearnedValue:
    """A learned evaluation of states, from the shipped weights (loaded and checked per player count
    at first use): a leaf value per seat (`__call__`) and an `evaluate` in the game's own shape.
    `model` replaces the shipped weights (training, tests)."""

    def __init__(self, game: Game[Any], model: LearnedModel | None = None) -> None:
        self.game = game
        self._given = model
        self._by_count: dict[int, _Ready] = {}

    def _ready(self, num_players: int) -> _Ready:
        ready = self._by_count.get(num_players)
        if ready is None:
            import numpy as np

            model = self._given if self._given is not None else load_model(self.game, num_players)
            featurizer = Featurizer(self.game, num_players)
            model.check(self.game, featurizer.observer.version, featurizer.size)
            ready = _Ready(model, featurizer, np.array(model.mean), np.array(model.scale), np.array(model.weights))
            self._by_count[num_players] = ready
        return ready

    def check(self, num_players: int) -> None:
        """Load and check the weights for this player count now (errors before play)."""
        self._ready(num_players)

    def _outputs(self, ready: _Ready, state: State) -> Any:
        return ((ready.featurizer.rows(state) - ready.mean) / ready.scale) @ ready.weights + ready.model.bias

    def __call__(self, state: State) -> list[float]:
        """Each seat's reward in [0, 1]: its win chance (the seats' sum to 1), or for a margin model
        its predicted margin squashed, (1 + tanh(margin / spread)) / 2."""
        ready = self._ready(state.num_players)
        np = ready.featurizer.np
        outputs = self._outputs(ready, state)
        if ready.model.target == "margin":
            return [float(v) for v in 0.5 + 0.5 * np.tanh(outputs / ready.model.spread)]
        chances = 1.0 / (1.0 + np.exp(-outputs))
        total = float(chances.sum())
        if total <= 0.0:
            return [1.0 / state.num_players] * state.num_players
        return [float(c) / total for c in chances]

    def evaluate(self, state: State, player: int) -> float:
        """The player's predicted margin (a margin model) or win chance: where the game's
        `evaluate` is read (the greedy agent), the larger the better."""
        ready = self._ready(state.num_players)
        if ready.model.target == "margin":
            return float(self._outputs(ready, state)[player])
        return self(state)[player]
