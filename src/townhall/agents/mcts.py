"""The MCTS agent: information-set Monte Carlo tree search over determinized copies.

One tree is grown per decision (single observer, open loop). Every iteration:

1. draws a determinization with `view.determinize(rng)`: a full state consistent with what the
   player sees (the true state is never touched: only the view's public methods are used);
2. **selection** walks the tree, at each node choosing for the player to move the action with
   the best UCT value among the actions *available in this determinization* (availability
   counts replace the parent's visit count, as in ISMCTS);
3. **expansion** adds one untried action (chosen at random; with `prior=W > 0` the one the game's
   one-step `evaluate` likes best, and W also weighs a progressive bias W * squash(evaluate) / (n + 1)
   in the UCT value) and stops the walk;
4. **rollout** plays uniformly random actions until the end, or for `depth` decisions and then
   asks the game's `evaluate` for every player at once (`Game.evaluate_all`), or the agent's
   `value` when it has one (a learned evaluator: each seat's reward in [0, 1]; default "auto": to
   the end when rollouts are short, at most 20 decisions on average over the first 16 of the
   search, else cut off after 3 decisions); with `steps=N` (N >= 2), a cut-off where the player
   who made the last decision is still alone deciding (a sub-step of their turn: a tile placed,
   its follower not yet chosen) is valued at the continuation that player likes best, through up
   to N-1 more of their decisions;
5. **backpropagation** credits every decision of the path with the reward of the player who made
   it, so the search works for 2-5 players (each player maximises their own reward).

Rewards are in [0, 1]: at the end of a game `(1 - m) * win_share + m * squash(margin)`, after a
cut-off `squash(evaluate)`, where `squash(x) = (1 + tanh(x / scale)) / 2` and `m = 0.25`. The
scale is the mean absolute margin seen so far in this search (or a fixed `scale=`).

Chance: the position holds no future randomness, so chance is drawn while the iteration applies
actions, from a Chance that reads the agent's own seeded generator; tree nodes average over
chance outcomes (open loop). Node keys are action ids (with the acting player).

Simultaneous decisions (`to_move()` lists several players): the listed players choose one after
the other, but every player of one decision chooses at the *same* node with their own statistics
(decoupled UCT), and a player's private sub-steps (a plan built in several steps before it is
committed) descend only that player's own branch, so no player's tree statistics see another's
pending choice; the node below the decision is keyed by the whole group of choices. The
determinization already resampled the choices that others committed before the root. Multi-step turns are simply sequences of decisions.

Budget: `iterations` and/or `seconds` (the first reached stops the search; at least one
iteration). The agent's own `iterations=` replaces the Budget's iterations and its own `seconds=`
the Budget's seconds; with neither anywhere the search runs 1000 iterations.
With an iteration budget and a seed the agent is reproducible: it reads no clock to choose and
uses no global generator.

The compiled build compiles this module with mypyc (setup.py): an iteration's own bookkeeping
costs as much as the rules it calls when interpreted.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Literal

from townhall.agents.turns import best_of_turn
from townhall.engine.agent import Budget, PlayerView
from townhall.engine.chance import Chance
from townhall.engine.outcome import win_shares
from townhall.engine.protocol import State, score_margin

DEFAULT_ITERATIONS = 1000
DEFAULT_C = 0.7
Depth = int | Literal["auto"] | None
"""Random decisions played after the tree before `evaluate`: a number (0: evaluate the leaf),
None (play every rollout to the end) or "auto" (see AUTO_PROBE)."""
DEFAULT_DEPTH: Depth = "auto"
AUTO_PROBE = 16
"""With depth "auto", the first AUTO_PROBE rollouts of a search play to the end; if they were longer
than AUTO_LONG decisions on average, later rollouts stop after AUTO_DEPTH decisions and evaluate."""
AUTO_LONG = 20
AUTO_DEPTH = 3
DEFAULT_PRIOR = 0.0
"""Weight of the progressive bias from the game's one-step evaluation (0: off)."""
MARGIN_WEIGHT = 0.25
Value = Callable[[State], list[float]]
"""A leaf evaluation giving every seat's reward in [0, 1] (agents/learned.py), in place of `evaluate`."""


class _SearchChance(Chance):
    """Chance drawn from the agent's own generator (no new generator per iteration)."""

    __slots__ = ("_draw",)

    def __init__(self, rng: random.Random) -> None:
        super().__init__(0)
        self._draw = rng.random

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"chance.below needs a positive bound, got {n}")
        return int(self._draw() * n)


class _Edge:
    """Statistics of one (player, action) at one node: visits, total reward, availability."""

    __slots__ = ("avail", "n", "prior", "w")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.prior = 0.0


class _Node:
    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[int, _Edge] = {}
        self.children: dict[int | tuple[int, ...], _Node] = {}


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the last search did (for benchmarks, the server's analysis and people curious about the
    bot): per root action its visits and its mean reward in [0, 1] (see the module's rewards)."""

    iterations: int
    seconds: float
    nodes: int
    root_visits: dict[int, int]
    root_values: dict[int, float]


class MctsAgent:
    name = "mcts"

    def __init__(
        self,
        seed: int,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = DEFAULT_C,
        depth: Depth = DEFAULT_DEPTH,
        scale: float | None = None,
        prior: float = DEFAULT_PRIOR,
        value: Value | None = None,
        steps: int = 1,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if c < 0:
            raise ValueError("c must not be negative")
        if isinstance(depth, int) and depth < 0:
            raise ValueError("depth must not be negative")
        if scale is not None and scale <= 0:
            raise ValueError("scale must be positive")
        if prior < 0:
            raise ValueError("prior must not be negative")
        if steps < 1:
            raise ValueError("steps must be at least 1")
        self._rng = random.Random(seed)
        self._chance = _SearchChance(self._rng)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.depth = depth
        self.scale = scale
        self.prior = prior
        self.value = value
        self.steps = steps
        self.last: SearchStats | None = None

    def _limits(self, budget: Budget) -> tuple[int | None, float | None]:
        iterations = self.iterations if self.iterations is not None else budget.iterations
        seconds = self.seconds if self.seconds is not None else budget.seconds
        if self.iterations is None and self.seconds is None and iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        return iterations, seconds

    def act(self, view: PlayerView, legal: Sequence[int], budget: Budget) -> int:
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0, 0, {legal[0]: 0}, {})
            return legal[0]
        max_iterations, max_seconds = self._limits(budget)
        start = time.perf_counter()
        deadline = start + max_seconds if max_seconds is not None else None
        search = _Search(self, view)
        done = 0
        while True:
            search.iterate()
            done += 1
            if max_iterations is not None and done >= max_iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        player = view.player
        num_players = view.num_players
        root_edges = search.root.edges
        visits: dict[int, int] = {}
        values: dict[int, float] = {}
        best_key: tuple[int, float] | None = None
        best: list[int] = []
        for action in legal:
            edge = root_edges.get(action * num_players + player)
            if edge is None or edge.n == 0:
                continue
            visits[action] = edge.n
            values[action] = edge.w / edge.n
            key = (edge.n, values[action])
            if best_key is None or key > best_key:
                best_key, best = key, [action]
            elif key == best_key:
                best.append(action)
        self.last = SearchStats(done, time.perf_counter() - start, search.nodes, visits, values)
        if not best:
            best = list(legal)
        return best[int(self._rng.random() * len(best))]


class _Search:
    """One tree for one decision."""

    __slots__ = (
        "abs_count",
        "abs_sum",
        "c",
        "chance",
        "depth",
        "evaluate",
        "evaluate_all",
        "logs",
        "nodes",
        "num_players",
        "player",
        "prior",
        "probe_steps",
        "probing",
        "rng",
        "root",
        "scale",
        "turn_steps",
        "value",
        "view",
    )

    def __init__(self, agent: MctsAgent, view: PlayerView) -> None:
        self.view = view
        self.rng = agent._rng
        self.chance = agent._chance
        self.c = agent.c
        self.depth: int | None = None if agent.depth == "auto" else agent.depth
        self.probing = AUTO_PROBE if agent.depth == "auto" else 0
        self.probe_steps = 0
        self.scale = agent.scale
        self.prior = agent.prior
        self.turn_steps = agent.steps
        self.evaluate = view.game.evaluate
        self.evaluate_all = view.game.evaluate_all
        self.value = agent.value
        self.player = view.player
        self.num_players = view.num_players
        self.root = _Node()
        self.nodes = 1
        self.abs_sum = 0.0
        self.abs_count = 0
        # math.log(k) at index k (k >= 1): the UCT term asks for the same few logarithms again and again.
        self.logs = [0.0, 0.0]

    def iterate(self) -> None:
        rand = self.rng.random
        chance = self.chance
        num_players = self.num_players
        c = self.c
        prior = self.prior
        logs = self.logs
        state = self.view.determinize(self.rng)
        node = self.root
        # The path's edges and who chose each (parallel lists: no tuple per step).
        path: list[_Edge] = []
        choosers: list[int] = []
        player = self.player
        movers = state.to_move()
        # A simultaneous decision in progress: the node where it began, each player's own node for
        # their private sub-steps, and every choice made in it (the key of the node below it).
        group: _Node | None = node if len(movers) > 1 else None
        private: dict[int, _Node] = {}
        choices: list[int] = []
        while movers:
            at = node if group is None else private.get(player, group)
            legal = state.legal_actions(player)
            if not legal:
                break
            edges = at.edges
            untried: list[int] = []
            chosen: _Edge | None = None
            chosen_action = -1
            best = -math.inf
            scale = self._current_scale() if prior else 1.0
            for action in legal:
                key = action * num_players + player
                edge = edges.get(key)
                if edge is None:
                    if not prior:  # an untried action's edge is made when it is chosen
                        untried.append(action)
                        continue
                    edge = _Edge()
                    edges[key] = edge
                    edge.prior = self._prior(state, player, action)
                n = edge.n
                if n == 0:
                    untried.append(action)
                    continue
                avail = edge.avail + 1
                edge.avail = avail
                if avail == len(logs):
                    logs.append(math.log(avail))
                value = edge.w / n + c * math.sqrt(logs[avail] / n)
                if prior:
                    value += prior * (0.5 + 0.5 * math.tanh(edge.prior / scale)) / (n + 1)
                if value > best:
                    best = value
                    chosen = edge
                    chosen_action = action
            if untried:
                if prior and len(untried) > 1:
                    top = max(edges[a * num_players + player].prior for a in untried)
                    untried = [a for a in untried if edges[a * num_players + player].prior >= top]
                chosen_action = untried[int(rand() * len(untried))]
                key = chosen_action * num_players + player
                chosen = edges.get(key)
                if chosen is None:
                    chosen = _Edge()
                    edges[key] = chosen
                chosen.avail += 1
                state.apply(player, chosen_action, chance)
                path.append(chosen)
                choosers.append(player)
                movers = state.to_move()
                break
            assert chosen is not None
            key = chosen_action * num_players + player
            state.apply(player, chosen_action, chance)
            path.append(chosen)
            choosers.append(player)
            after = state.to_move()
            if group is not None:
                choices.append(key)
                if after and set(after) <= set(movers) and (player not in after or after == movers):
                    # The decision goes on; a private sub-step moves only this player's node.
                    if player in after:
                        private[player] = self._child(at, key)
                    movers = after
                    player = after[0]
                    continue
                node = self._child(group, tuple(choices))
                private = {}
                choices = []
            else:
                node = self._child(node, key)
            group = node if len(after) > 1 else None
            movers = after
            if movers:
                player = movers[0]
        rewards = self._rollout(state, movers, choosers[-1] if choosers else -1)
        for i, edge in enumerate(path):
            edge.n += 1
            edge.w += rewards[choosers[i]]

    def _child(self, node: _Node, key: int | tuple[int, ...]) -> _Node:
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = _Node()
            self.nodes += 1
        return child

    def _rollout(self, state: State, movers: tuple[int, ...], last: int) -> list[float]:
        rand = self.rng.random
        chance = self.chance
        limit = self.depth
        steps = 0
        while movers:
            if limit is not None and steps >= limit:
                if self.value is not None:
                    return self.value(state)
                if self.turn_steps > 1:
                    values = best_of_turn(
                        state, last, self.turn_steps - 1, lambda: chance, self.evaluate_all, itemgetter(last)
                    )
                else:
                    values = self.evaluate_all(state)
                scale = self._scale(values)
                return [0.5 + 0.5 * math.tanh(v / scale) for v in values]
            player = movers[0]
            legal = state.legal_actions(player)
            state.apply(player, legal[int(rand() * len(legal))], chance)
            last = player
            steps += 1
            movers = state.to_move()
        if self.probing:
            self.probe_steps += steps
            self.probing -= 1
            if not self.probing and self.probe_steps > AUTO_LONG * AUTO_PROBE:
                self.depth = AUTO_DEPTH
        scores = state.scores()
        shares = win_shares(state.ranks())
        margins = [score_margin(scores, p) for p in range(self.num_players)]
        scale = self._scale(margins)
        return [
            (1.0 - MARGIN_WEIGHT) * share + MARGIN_WEIGHT * (0.5 + 0.5 * math.tanh(margin / scale))
            for share, margin in zip(shares, margins, strict=True)
        ]

    def _prior(self, state: State, player: int, action: int) -> float:
        """The game's evaluation of `action` one step ahead (the greedy agent's view of it)."""
        after = state.clone()
        after.apply(player, action, self.chance)
        return self.evaluate(after, player)

    def _current_scale(self) -> float:
        if self.scale is not None:
            return self.scale
        return max(1.0, self.abs_sum / self.abs_count) if self.abs_count else 1.0

    def _scale(self, values: Sequence[float]) -> float:
        if self.scale is not None:
            return self.scale
        self.abs_sum += sum(abs(v) for v in values)
        self.abs_count += len(values)
        return max(1.0, self.abs_sum / self.abs_count)
