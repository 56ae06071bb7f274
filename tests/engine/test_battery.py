"""The generic invariant battery over every registered game (the test toys included), every
player count and every variant the game declares."""

from __future__ import annotations

from typing import Any

import pytest

from townhall import games
from townhall.engine import Game, OptionError
from townhall.engine import testing as battery


def _cases() -> list[Any]:
    cases = []
    for name in games.names():
        try:
            game = games.get(name)
        except Exception as error:  # a broken game fails its own cases, not the collection
            cases.append(pytest.param(None, 0, {"import error": repr(error)}, id=f"{name}-import"))
            continue
        for options in [{}, *game.variants()]:
            label = ",".join(f"{k}={v}" for k, v in options.items()) or "default"
            for players in range(game.meta.min_players, game.meta.max_players + 1):
                try:
                    game.check_setup(players, game.meta.resolve(options))
                except OptionError:
                    continue  # a variant this player count does not allow (its rejection is tested)
                cases.append(pytest.param(game, players, options, id=f"{name}-{players}p-{label}"))
    return cases


CASES = _cases()


def _game(game: Game[Any] | None, options: dict[str, Any]) -> Game[Any]:
    if game is None:
        pytest.fail(f"the game does not import: {options}")
    return game


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_random_games_end_within_bound(game: Game[Any] | None, players: int, options: dict[str, Any]) -> None:
    battery.check_games_end(_game(game, options), players, options, range(4))


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_state_invariants(game: Game[Any] | None, players: int, options: dict[str, Any]) -> None:
    """Legal sets, legal actions apply, illegal ones rejected with the state unchanged, clone,
    JSON round trips, determinization and simultaneous secrecy."""
    battery.check_states(_game(game, options), players, options, seed=11)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_record_replays_exactly(game: Game[Any] | None, players: int, options: dict[str, Any]) -> None:
    battery.check_replay(_game(game, options), players, options, seed=5)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_determinism_with_global_rngs_disturbed(game: Game[Any] | None, players: int, options: dict[str, Any]) -> None:
    battery.check_determinism(_game(game, options), players, options, seed=7)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_events_are_declared_and_facts_hold(game: Game[Any] | None, players: int, options: dict[str, Any]) -> None:
    """Every event kind declared with its fields and words; the declared facts and end reasons hold."""
    for seed in range(2):
        battery.check_events_and_facts(_game(game, options), players, options, seed)
