"""Golden playthroughs: one seeded game per registered game, player count and variant, played by
random agents (and one greedy game per game), kept under tests/data/golden.

Each file holds the game's record and, per step, the legal action ids of every player to move,
a digest of every seat's observation (and the spectator's), and the events. Replaying a file
must give the same per-step data: the safety net under refactoring (behaviour unchanged).

    python -m tests.golden.playthrough --write    # (re)record the corpus
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from townhall import games
from townhall.agents import make_agent
from townhall.engine import Game, OptionError
from townhall.engine.agent import Budget, derive_seed
from townhall.engine.chance import ScriptedChance
from townhall.engine.match import Match
from townhall.engine.protocol import Event, State
from townhall.engine.records import MatchRecord

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "data" / "golden"
SEED = 2026
REAL_GAMES = tuple(games.shipped())


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def cases(game: Game[Any]) -> list[tuple[int, dict[str, Any], str]]:
    """(players, options, agent) for every player count and variant, plus a greedy 2-player game."""
    out: list[tuple[int, dict[str, Any], str]] = []
    for options in [{}, *game.variants()]:
        for players in range(game.meta.min_players, game.meta.max_players + 1):
            try:
                game.check_setup(players, game.meta.resolve(options))
            except OptionError:
                continue
            out.append((players, options, "random"))
    out.append((max(2, game.meta.min_players), {}, "greedy"))
    return out


def file_name(game: Game[Any], players: int, options: dict[str, Any], agent: str) -> str:
    label = "-".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
    label = label.replace(":", "_").replace("/", "_")
    return f"{game.meta.name}-{players}p-{label}-{agent}.json"


def event_view(game: Game[Any], event: Event) -> dict[str, Any]:
    """An event as the corpus keeps it: kind, English words (from the game's formatter) and who sees it."""
    seen = None if event.visible_to is None else list(event.visible_to)
    return {"kind": event.kind, "text": game.event_text(event), "visible_to": seen}


def step_view(game: Game[Any], state: State, events: list[Event]) -> dict[str, Any]:
    """What one step must reproduce: legal sets, observation digests and the events."""
    return {
        "to_move": list(state.to_move()),
        "legal": {str(p): state.legal_actions(p) for p in state.to_move()},
        "obs": [digest(state.observation(p)) for p in range(state.num_players)] + [digest(state.observation(None))],
        "events": [event_view(game, event) for event in events],
    }


def record(game: Game[Any], players: int, options: dict[str, Any], agent: str) -> dict[str, Any]:
    seed = derive_seed(SEED, game.meta.name, players, json.dumps(options, sort_keys=True), agent)
    match = Match(game, players, options, seed, [agent] * players)
    agents = [make_agent(agent, game, derive_seed(seed, "seat", seat)) for seat in range(players)]
    rng = random.Random(derive_seed(seed, "order"))
    steps = [step_view(game, match.state, [])]
    budget = Budget()
    while movers := match.to_move():
        player = movers[int(rng.random() * len(movers))]
        view = match.view(player)
        action = agents[player].act(view, view.legal_actions(), budget)
        events = match.apply(player, action)
        steps.append(step_view(game, match.state, events))
    return {"record": match.record.to_json(), "steps": steps}


def replay_views(game: Game[Any], data: dict[str, Any]) -> list[dict[str, Any]]:
    """Replay a golden file's record and return the per-step views it produces now."""
    rec = MatchRecord.from_json(data["record"])
    chance = ScriptedChance(rec.setup_chance)
    state = game.start(rec.num_players, rec.options, chance)
    views = [step_view(game, state, [])]
    for step in rec.steps:
        events: list[Event] = []
        state.apply(step.player, state.action_from_json(step.action), ScriptedChance(step.chance), events)
        views.append(step_view(game, state, events))
    assert rec.scores is None or state.scores() == rec.scores
    return views


def golden_files(name: str) -> list[Path]:
    return sorted(GOLDEN_DIR.glob(f"{name}-*.json"))


def write_all(names: tuple[str, ...]) -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name in names:
        game = games.get(name)
        for old in golden_files(name):
            old.unlink()
        for players, options, agent in cases(game):
            path = GOLDEN_DIR / file_name(game, players, options, agent)
            data = record(game, players, options, agent)
            path.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n", encoding="utf-8")
            print(f"{path.name}: {len(data['steps']) - 1} steps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="record the corpus anew")
    parser.add_argument("games", nargs="*", default=list(REAL_GAMES))
    args = parser.parse_args()
    if args.write:
        write_all(tuple(args.games))


if __name__ == "__main__":
    main()
