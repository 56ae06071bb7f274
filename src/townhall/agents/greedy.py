"""The greedy agent: a one-step lookahead with the game's own heuristic.

For each legal action it applies the action to a determinized copy of the position (hidden
information resampled by `view.determinize`) and scores the result with
`view.game.evaluate(state, player)`. The best action wins; ties are broken with the agent's own
seeded generator. Chance inside the applied step is drawn from a Chance seeded from that same
generator, and every action of one sample sees the same chance seed (common random numbers), so
that the actions are compared on equal luck.

Multi-step turns: a sub-step (place a tile, then choose a follower) is evaluated on its own, one
step deep; games' `evaluate` values partial turns, so this is meaningful and keeps the bot fast.
With `steps=N` (N >= 2) an action is worth the best the agent can reach with up to N of its own
decisions in a row (a tile judged with its best follower, not with none), each sub-step's
candidates tried on the same chance seed. A partial turn's value misses the choices still to
come, so this sees what a turn is worth (docs/bots-report.md, "Whole turns"). It needs turns of a
fixed number of decisions: where they vary (Kutná Hora's cards), N decisions reach into the next
action after a short one and the bot prefers short actions (it then loses to steps=1).
Simultaneous decisions: the other players still deciding first pick at random (from the per-sample
seed) until they have committed, the same for every candidate action; the agent's candidates are
then judged against those choices (a candidate that ends its own plan resolves the decision);
`samples=K` averages over K such draws.
Budget: a Budget with `seconds` ends the sampling once that time is spent (after at least one
sample; every action has then seen the same samples); without one all K samples are drawn.
Noise: with `epsilon=E` (0 <= E <= 1) the agent plays a uniformly random legal action with
probability E and its greedy choice otherwise: the `easy` level (agents/levels.py), plausible but weak.
It is also the stand-in for a player who leaves a table.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from functools import partial

from townhall.agents.turns import best_of_turn
from townhall.engine.agent import Budget, PlayerView
from townhall.engine.chance import Chance
from townhall.engine.protocol import State

TIE_TOLERANCE = 1e-9
MAX_FILL_STEPS = 64


def _finish_decision(state: State, player: int, deciding: set[int], chance: Chance, rng: random.Random) -> None:
    """At a simultaneous decision, once `player` committed, let the others still deciding pick at
    random so that the decision resolves and its outcome can be evaluated."""
    pending = deciding - {player}
    for _ in range(MAX_FILL_STEPS):
        movers = state.to_move()
        if not movers or player in movers or not pending.issuperset(movers):
            return
        other = movers[0]
        legal = state.legal_actions(other)
        state.apply(other, legal[int(rng.random() * len(legal))], chance)
        if other not in state.to_move():
            pending.discard(other)  # committed: if they move again, a new decision has begun


def _others_commit(state: State, player: int, deciding: set[int], chance: Chance, rng: random.Random) -> None:
    """At a simultaneous decision, before `player` chooses: let the others still deciding pick at
    random until they have committed, so that every candidate of the player's meets the same
    choices of theirs (a candidate that ends the player's plan would otherwise alone be judged
    against the others' random completion, the rest against their plans left open)."""
    pending = deciding - {player}
    for _ in range(MAX_FILL_STEPS):
        others = [mover for mover in state.to_move() if mover in pending]
        if not others:
            return
        other = others[0]
        legal = state.legal_actions(other)
        state.apply(other, legal[int(rng.random() * len(legal))], chance)
        if other not in state.to_move():
            pending.discard(other)


def _resolved_value(
    state: State,
    *,
    player: int,
    deciding: set[int],
    chance: Chance,
    seed: int,
    evaluate: Callable[[State, int], float],
) -> float:
    """At a simultaneous decision: the player's evaluation once the others still deciding have
    picked at random (if the player has committed)."""
    _finish_decision(state, player, deciding, chance, random.Random(seed))
    return evaluate(state, player)


class GreedyAgent:
    name = "greedy"

    def __init__(
        self,
        seed: int,
        *,
        samples: int = 1,
        evaluate: Callable[[State, int], float] | None = None,
        epsilon: float = 0.0,
        steps: int = 1,
    ) -> None:
        """`evaluate` replaces the game's heuristic (to compare heuristics head to head); `epsilon`
        is the chance of a random legal action instead of the greedy one; `steps` how many of its
        own decisions in a row an action is judged through."""
        if samples < 1:
            raise ValueError("greedy needs at least one sample")
        if steps < 1:
            raise ValueError("greedy looks at least one step ahead")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError("epsilon is a probability, between 0 and 1")
        self._rng = random.Random(seed)
        self.samples = samples
        self.epsilon = epsilon
        self._evaluate = evaluate
        self.steps = steps

    def act(self, view: PlayerView, legal: Sequence[int], budget: Budget) -> int:
        if len(legal) == 1:
            return legal[0]
        rng = self._rng
        if self.epsilon and rng.random() < self.epsilon:
            return legal[int(rng.random() * len(legal))]
        player = view.player
        evaluate = self._evaluate or view.game.evaluate
        totals = [0.0] * len(legal)
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        for done in range(self.samples):
            if done and deadline is not None and time.perf_counter() >= deadline:
                break
            base = view.determinize(rng)
            deciding = set(base.to_move())
            seed = rng.getrandbits(63)
            if len(deciding) > 1:
                _others_commit(base, player, deciding, Chance(seed), random.Random(seed))
            for index, action in enumerate(legal):
                state = base.clone()
                chance = Chance(seed)
                state.apply(player, action, chance)
                if len(deciding) > 1:
                    totals[index] += best_of_turn(
                        state,
                        player,
                        self.steps - 1,
                        partial(Chance, seed),
                        partial(
                            _resolved_value,
                            player=player,
                            deciding=deciding,
                            chance=chance,
                            seed=seed,
                            evaluate=evaluate,
                        ),
                        float,
                    )
                else:
                    totals[index] += best_of_turn(
                        state, player, self.steps - 1, partial(Chance, seed), lambda s: evaluate(s, player), float
                    )
        best = max(totals)
        candidates = [legal[i] for i, total in enumerate(totals) if total >= best - TIE_TOLERANCE * max(1.0, abs(best))]
        return candidates[int(rng.random() * len(candidates))]
