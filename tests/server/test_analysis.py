"""The analysis route and hints (server/analysis.py) on a real `townhall serve`: who may ask when, what
the answer holds, its cache; and that a spectator's analysis does not depend on hidden choices."""

from __future__ import annotations

import json
import random
import time
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.server import test_private_steps as private
from tests.server.client import Player, http, new_table, play_some, sit
from tests.server.conftest import Server
from townhall import games
from townhall.engine.chance import Chance
from townhall.server import live as live_module
from townhall.server.analysis import Analyst, Settings, _answer, _compute, snapshot
from townhall.server.live import Live
from townhall.server.memory_store import MemoryStore
from townhall.server.model import Table
from townhall.server.runner import TableRunner
from townhall.server.storage import utc_now

OPTIONS = ("--analysis-iterations", "30", "--analysis-seconds", "20")  # an iteration budget: reproducible


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    started = Server(f"sqlite:///{tmp_path_factory.mktemp('analysis') / 'server.db'}", options=OPTIONS).start()
    yield started
    started.stop()


def _ask(base: str, table: str, player: Player | None = None, route: str = "analysis", **params: str) -> Any:
    headers = player.headers if player is not None else {}
    return http.get(f"{base}/api/tables/{table}/{route}", headers=headers, params=params, timeout=60)


def _seated(base: str, game: str = "my-city", **extra: Any) -> tuple[str, list[Player]]:
    table = new_table(base, game, ["human", "human"], **extra)["id"]
    return table, [sit(base, table, 0, "ann"), sit(base, table, 1, "bob")]


def test_a_finished_game_is_analysed_for_its_players(server: Server) -> None:
    table, players = _seated(server.url)
    _moves, view = play_some(players, random.Random(1))
    assert view["result"] is not None
    response = _ask(server.url, table, players[0])
    assert response.status_code == 200, response.text
    found = response.json()
    assert found["over"] and found["viewer"] == 0 and found["complete"]
    ranks = view["result"]["ranks"]
    wins = [seat["win"] for seat in found["seats"]]
    assert sum(wins) == pytest.approx(1.0) and wins[ranks.index(1)] > 0  # the result itself: the game is over
    assert [seat["score"] for seat in found["seats"]] == pytest.approx(view["result"]["scores"])
    assert len(found["decisions"]) == 3
    for decision in found["decisions"]:
        assert isinstance(decision["preferred"]["id"], int) and decision["preferred"]["text"]
        assert decision["played"] is not None and decision["played"]["text"]  # over: every move is public
        assert decision["loss"] is None or decision["loss"] >= 0
    assert [d["state_id"] for d in found["decisions"]] == sorted(d["state_id"] for d in found["decisions"])


def test_a_seat_waits_for_the_end_and_a_spectator_does_not(server: Server) -> None:
    table, players = _seated(server.url)
    play_some(players, random.Random(2), moves=4)
    refused = _ask(server.url, table, players[0])
    assert refused.status_code == 403, refused.text
    assert refused.json()["error"] == "analysis-refused"
    spoken = _ask(server.url, table, players[0], lang="ja").json()["message"]
    assert spoken != refused.json()["message"] and "analysis" not in spoken  # in player words
    started = time.monotonic()
    first = _ask(server.url, table)
    first_seconds = time.monotonic() - started
    assert first.status_code == 200, first.text
    found = first.json()
    assert found["viewer"] is None and not found["over"] and found["complete"] and not found["cached"]
    assert sum(seat["win"] for seat in found["seats"]) == pytest.approx(1.0, abs=1e-3)
    assert found["playouts"] == 30 and found["decisions"]
    started = time.monotonic()
    again = _ask(server.url, table).json()
    assert again["cached"] and {**again, "cached": False} == found  # the same answer, from the cache
    assert time.monotonic() - started < max(2.0, first_seconds)  # generous: a loaded machine answers slowly
    assert _ask(server.url, table, players[0], route="hint").status_code == 403  # not a training table


def test_a_training_table_analyses_and_hints_for_its_players(server: Server) -> None:
    created = new_table(server.url, "carcassonne", ["human", "human"], training=True)
    assert created["settings"]["training"] is True and created["settings"]["rated"] is False
    table = created["id"]
    players = [sit(server.url, table, 0, "ann"), sit(server.url, table, 1, "bob")]
    view = players[0].view()
    mover = next(player for player in players if player.seat in view["to_move"])
    waiting = next(player for player in players if player is not mover)
    hint = _ask(server.url, table, mover, route="hint")
    assert hint.status_code == 200, hint.text
    legal = {action["id"]: action for action in mover.view()["legal"]}
    assert hint.json()["action"]["id"] in legal and hint.json()["seat"] == mover.seat
    assert _ask(server.url, table, waiting, route="hint").json()["error"] == "not-your-turn"
    assert _ask(server.url, table, route="hint").status_code == 403  # a spectator has no seat to advise
    assert _ask(server.url, table, waiting).status_code == 200  # a training table: the analysis at any time
    plain = new_table(server.url, "carcassonne", ["human", "bot:easy"])
    assert plain["settings"]["training"] is False and plain["settings"]["rated"] is True


def _my_city_after(choice: int) -> Live:
    """A My City table (same set-up) after seat 0 committed its `choice`-th legal action: the public
    history is the same for every choice (others see only that seat 0 decided)."""
    game = games.get("my-city")
    options = dict(game.meta.resolve({}))
    setup = Chance(7, log=True)
    state = game.start(2, options, setup)
    now = utc_now()
    table = Table(
        id="hidden",
        game=game.meta.name,
        data_version=game.meta.data_version,
        num_players=2,
        options=options,
        setup_chance=setup.take_log(),
        settings={},
        clock=None,
        deadline=None,
        state_id=0,
        status="running",
        created_at=now,
        updated_at=now,
    )
    live = Live(table=table, game=game, state=state)
    assert state.to_move() == (0, 1)  # a simultaneous decision
    after, played = live.play(0, state.legal_actions(0)[choice])
    live.state, live.table = after, replace(table, state_id=1)
    live.marks.append(None)
    live.steps.append(played)
    return live


def test_a_spectators_analysis_does_not_depend_on_hidden_choices(tmp_path: Path) -> None:
    settings = Settings(seconds=30, iterations=30)
    first, second = _my_city_after(0), _my_city_after(7)
    assert first.state.observation(None) == second.state.observation(None)
    assert first.state.to_json() != second.state.to_json()  # the hidden choice differs
    watched = [_answer(_compute(snapshot(live, None), settings), None, "en", False) for live in (first, second)]
    for answer in watched:
        answer.pop("seconds")  # the time it took
    assert json.dumps(watched[0]) == json.dumps(watched[1])
    assert watched[0]["decisions"][0]["played"] is None  # another seat's secret choice is not shown
    own = [_answer(_compute(snapshot(live, 0), settings), 0, "en", False) for live in (first, second)]
    assert own[0]["decisions"][0]["played"] != own[1]["decisions"][0]["played"]  # the seat knows its own


def test_a_secret_plan_changes_no_other_viewers_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """Antiquity's phase-2 plan (private steps): two different plans of seat 0 give the spectator and
    seat 1 the same analysis (seat 0's private steps are not among their decisions, its plan is redrawn)."""
    seen: list[dict[str, Any]] = []
    for plan_seed in (1, 2):
        monkeypatch.setattr(live_module.secrets, "randbits", random.Random(5).getrandbits)  # one set-up
        monkeypatch.setattr(live_module.uuid, "uuid4", lambda: uuid.UUID(int=7))  # one table id: one seed
        runner = TableRunner(MemoryStore(), games.get)
        table_id = runner.create("antiquity", 2, {}, ["human", "human"], {"training": True})
        runner.seating.take_seat(table_id, 0, "ann")
        runner.seating.take_seat(table_id, 1, "bob")
        private._to_plan(runner, table_id, random.Random(3))
        assert private._private_plan(runner, table_id, random.Random(plan_seed), 4 + plan_seed) >= 2
        analyst = Analyst(Settings(seconds=30, iterations=20))  # its own cache: the table ids are alike
        try:
            answers = {str(viewer): runner.reading.analysis(table_id, viewer, analyst, "en") for viewer in (None, 1)}
            own = runner.reading.analysis(table_id, 0, analyst, "en")  # a training table: the seat may ask
        finally:
            analyst.stop()
        for answer in answers.values():
            answer.pop("seconds")
        seen.append(answers)
        assert own["decisions"][-1]["seat"] == 0 and own["state_id"] > answers["1"]["state_id"]  # its own steps
    assert json.dumps(seen[0], sort_keys=True) == json.dumps(seen[1], sort_keys=True)


def test_a_replayed_position_is_analysed_under_the_same_rules(server: Server) -> None:
    table, players = _seated(server.url)
    play_some(players, random.Random(4), moves=4)
    assert _ask(server.url, table, players[0], at="1").status_code == 403  # a seat waits for the end
    early = _ask(server.url, table, at="2")
    assert early.status_code == 200, early.text
    now = _ask(server.url, table).json()
    assert early.json()["state_id"] < now["state_id"] and early.json()["seats"]
    _moves, view = play_some(players, random.Random(5))
    assert view["result"] is not None
    steps = http.get(f"{server.url}/api/tables/{table}/record").json()["steps"]
    start = _ask(server.url, table, players[1], at="0").json()
    assert start["state_id"] == 0 and start["decisions"] == [] and not start["cached"]
    wins = [seat["win"] for seat in start["seats"]]
    assert sum(wins) == pytest.approx(1.0, abs=1e-3) and max(wins) < 1  # undecided at the start
    end, whole = (
        _ask(server.url, table, players[1], at=str(len(steps))).json(),
        _ask(server.url, table, players[1]).json(),
    )
    assert end["cached"] or whole["cached"]  # the same position: one computation
    assert {**end, "cached": False, "seconds": 0} == {**whole, "cached": False, "seconds": 0}
    for outside in ("-1", str(len(steps) + 1)):
        refused = _ask(server.url, table, at=outside)
        assert refused.status_code in (400, 422) and "error" in refused.json()


def test_a_finished_games_review_names_each_players_costliest_decisions(server: Server) -> None:
    rng = random.Random(6)
    for _table in range(5):  # random play may end a game at once (everybody exits in My City): another
        table, players = _seated(server.url)
        _moves, view = play_some(players, rng, moves=3)
        if view["result"] is None:
            break
    assert view["result"] is None
    for asker in (None, players[0]):
        early = _ask(server.url, table, asker, route="review")
        assert early.status_code == 409 and early.json()["error"] == "not-over", early.text
    _moves, view = play_some(players, random.Random(7))
    assert view["result"] is not None
    steps = http.get(f"{server.url}/api/tables/{table}/record").json()["steps"]
    response = _ask(server.url, table, players[0], route="review")
    assert response.status_code == 200, response.text
    found = response.json()
    assert not found["cached"] and found["decisions"]
    by_step = {decision["step"]: decision for decision in found["decisions"]}
    for step, decision in by_step.items():
        assert decision["seat"] == steps[step]["player"]
        assert decision["played"]["text"] and decision["preferred"]["text"]
        assert decision["loss"] is None or decision["loss"] >= 0
        assert (decision["loss"] == 0) or decision["played"]["id"] != decision["preferred"]["id"]
    for seat, worst in found["costliest"].items():
        losses = [by_step[step]["loss"] for step in worst]
        assert 1 <= len(worst) <= 3 and losses == sorted(losses, reverse=True) and min(losses) > 0
        assert all(by_step[step]["seat"] == int(seat) for step in worst)
        others = [d["loss"] for d in found["decisions"] if d["seat"] == int(seat) and d["step"] not in worst]
        assert all(loss is None or loss <= min(losses) for loss in others)
    again = _ask(server.url, table, route="review").json()  # a spectator: the same review, kept
    assert again["cached"] and again["decisions"] == found["decisions"]
    spoken = _ask(server.url, table, route="review", lang="ja").json()
    assert [d["preferred"]["id"] for d in spoken["decisions"]] == [d["preferred"]["id"] for d in found["decisions"]]
    assert spoken["decisions"][0]["played"]["text"] != found["decisions"][0]["played"]["text"]  # in the asker's words


def test_a_hint_shows_where_its_action_goes(server: Server) -> None:
    table = new_table(server.url, "carcassonne", ["human", "human"], training=True)["id"]
    players = [sit(server.url, table, 0, "ann"), sit(server.url, table, 1, "bob")]
    mover = next(player for player in players if player.seat in player.view()["to_move"])
    hint = _ask(server.url, table, mover, route="hint").json()["action"]
    legal = {action["id"]: action for action in mover.view()["legal"]}
    assert hint["target"] == legal[hint["id"]]["target"] and hint["target"]["cell"] is not None
