"""The table runner without HTTP: stale state ids, races between two processes, undo, forfeits,
chat, clocks and bot turns, on the in-memory store, and the same rules on the SQL store (a
temporary SQLite file) where they concern what the store checks."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from townhall import games
from townhall.agents import make_agent
from townhall.engine.agent import Budget
from townhall.engine.errors import GameOver, MalformedAction, NotYourTurn, OptionError, StaleState
from townhall.engine.protocol import Json
from townhall.server import clocks
from townhall.server.errors import (
    BadRequest,
    BadToken,
    NotOver,
    NotSeated,
    SeatTaken,
    TableNotFound,
    UndoRefused,
)
from townhall.server.memory_store import MemoryStore
from townhall.server.model import Moved, Step
from townhall.server.runner import TableRunner
from townhall.server.sql_store import SqlStore
from townhall.server.storage import connect
from townhall.server.store import TableStore

GAME = "carcassonne"


class Clock:
    """The runner's time, moved on by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableStore]:
    if request.param == "memory":
        yield MemoryStore()
        return
    engine = connect(f"sqlite:///{tmp_path / 'tables.db'}")
    yield SqlStore(engine)
    engine.dispose()


def _table(
    runner: TableRunner, seats: list[str] | None = None, settings: dict[str, Json] | None = None, seated: bool = True
) -> str:
    """A new table; `seated`: every human seat taken (a game starts only then)."""
    seats = seats or ["human", "human"]
    table_id = runner.create(GAME, 2, {}, seats, settings or {})
    for seat, spec in enumerate(seats):
        if seated and spec == "human":
            runner.seating.take_seat(table_id, seat, f"player {seat}")
    return table_id


def _step(runner: TableRunner, table_id: str, rng: random.Random) -> tuple[int, int]:
    """One random legal action of the seat to move: (seat, new state id)."""
    view = runner.reading.view(table_id, None)
    seat = view["to_move"][0]
    legal = runner.reading.view(table_id, seat)["legal"]
    return seat, runner.act(table_id, seat, view["state_id"], rng.choice(legal)["json"])


def test_an_old_state_id_is_refused(store: TableStore) -> None:
    runner = TableRunner(store, games.get)
    table_id = _table(runner)
    seat, state_id = _step(runner, table_id, random.Random(1))
    mover = runner.reading.view(table_id, None)["to_move"][0]
    legal = runner.reading.view(table_id, mover)["legal"]
    with pytest.raises(StaleState):
        runner.act(table_id, mover, state_id - 1, legal[0]["json"])
    with pytest.raises(StaleState):
        runner.undo(table_id, seat, state_id - 1)
    with pytest.raises(StaleState):
        runner.resign(table_id, seat, state_id - 1)
    assert runner.reading.view(table_id, None)["state_id"] == state_id


def test_two_processes_racing_on_one_state_apply_once(store: TableStore) -> None:
    first, second = TableRunner(store, games.get), TableRunner(store, games.get)
    table_id = _table(first)
    view = second.reading.view(table_id, None)  # both processes hold the table at state 0
    seat = view["to_move"][0]
    legal = first.reading.view(table_id, seat)["legal"]
    assert first.act(table_id, seat, 0, legal[0]["json"]) == 1
    with pytest.raises(StaleState):  # the loser's store refuses: the table is no longer at 0
        second.act(table_id, seat, 0, legal[0]["json"])
    assert second.reading.view(table_id, None)["state_id"] == 1  # and it caught up
    assert len(store.load(table_id).steps) == 1
    # the loser plays on from the state it caught up with; the winner sees it when it checks
    mover = second.reading.view(table_id, None)["to_move"][0]
    action = second.reading.view(table_id, mover)["legal"][0]["json"]
    assert second.act(table_id, mover, None, action) == 2
    assert first.reading.view(table_id, None) == second.reading.view(table_id, None)


def test_two_writers_at_the_same_moment_one_wins_the_other_is_stale(store: TableStore) -> None:
    runners = [TableRunner(store, games.get) for _ in range(2)]
    table_id = _table(runners[0])
    seat = runners[1].reading.view(table_id, None)["to_move"][0]
    legal = runners[0].reading.view(table_id, seat)["legal"]
    start = threading.Barrier(2)
    answers: list[object] = []

    def write(runner: TableRunner, choice: int) -> None:
        start.wait()
        try:
            answers.append(runner.act(table_id, seat, 0, legal[choice % len(legal)]["json"]))
        except StaleState as error:
            answers.append(error)

    threads = [threading.Thread(target=write, args=(runner, n)) for n, runner in enumerate(runners)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(map(type, answers), key=str) == sorted([int, StaleState], key=str)
    assert [step.state_id for step in store.load(table_id).steps] == [1]
    assert runners[0].reading.view(table_id, None) == runners[1].reading.view(table_id, None)


def test_undo_takes_back_the_last_step_with_a_new_state_id(store: TableStore) -> None:
    runner = TableRunner(store, games.get)
    table_id = _table(runner)
    rng = random.Random(3)
    for _ in range(40):
        before = runner.reading.view(table_id, None)
        seat, state_id = _step(runner, table_id, rng)
        if runner.reading.view(table_id, seat)["can_undo"]:
            break
    else:
        pytest.fail("no undoable step in 40 actions")
    with pytest.raises(UndoRefused):
        runner.undo(table_id, 1 - seat, state_id)
    assert runner.undo(table_id, seat, state_id) == state_id + 1
    after = runner.reading.view(table_id, None)
    assert after["state_id"] == state_id + 1
    assert after["observation"] == before["observation"] and after["to_move"] == before["to_move"]
    fresh = TableRunner(store, games.get)  # the log replays the undo too
    assert fresh.reading.view(table_id, seat) == runner.reading.view(table_id, seat)
    with pytest.raises(NotSeated):
        runner.undo(table_id, None, None)


def test_a_resignation_ends_the_game_for_every_process(store: TableStore) -> None:
    runner = TableRunner(store, games.get)
    table_id = _table(runner)
    _step(runner, table_id, random.Random(4))
    state_id = runner.resign(table_id, 0)
    view = runner.reading.view(table_id, 1)
    assert view["result"]["reason"] == "forfeit-resign" and view["result"]["ranks"] == [2, 1]
    assert view["to_move"] == [] and view["legal"] == [] and view["status"] == "over"
    with pytest.raises(GameOver):
        runner.resign(table_id, 1)
    with pytest.raises(GameOver):
        runner.act(table_id, 1, state_id, 0)
    assert runner.reading.record(table_id)["ranks"] == [2, 1]
    assert TableRunner(store, games.get).reading.view(table_id, 1) == view
    assert table_id not in store.active()


def test_running_out_of_time_forfeits_or_hands_the_decision_to_a_bot(store: TableStore) -> None:
    clock = Clock()
    runner = TableRunner(store, games.get, now=clock)
    settings = {"clock": {"kind": "move", "seconds": 30.0, "on_timeout": "forfeit"}}
    table_id = _table(runner, settings=settings)
    mover = runner.reading.view(table_id, None)["to_move"][0]
    clock.now += 10
    assert runner.overdue() == []
    assert runner.reading.view(table_id, None)["clocks"]["left"][mover] == pytest.approx(20.0)
    clock.now += 25
    assert runner.overdue() == [(table_id, mover, 0)]
    assert runner.on_timeout(table_id) == "forfeit"
    runner.resign(table_id, mover, 0, reason="time")
    assert runner.reading.view(table_id, None)["result"]["reason"] == "forfeit-time"
    assert runner.overdue() == []
    # with "bot", the clock watcher has the greedy bot take that one decision instead
    other = _table(runner, settings={"clock": {"kind": "move", "seconds": 30.0}})
    clock.now += 31
    assert runner.on_timeout(other) == "bot"
    ((_table_id, seat, state_id),) = [due for due in runner.overdue() if due[0] == other]
    turn = runner.turn(other, seat, "greedy")
    assert turn is not None and turn.state_id == state_id == 0
    assert runner.turn(other, 1 - seat, "greedy") is None
    assert runner.act(other, seat, state_id, turn.legal[0]) == 1
    assert all(due[0] != other or due[2] == 1 for due in runner.overdue())


def test_a_fischer_clock_adds_its_increment_after_each_action(store: TableStore) -> None:
    clock = Clock()
    runner = TableRunner(store, games.get, now=clock)
    table_id = _table(runner, settings={"clock": {"kind": "fischer", "base": 60.0, "increment": 5.0}})
    view = runner.reading.view(table_id, None)
    mover = view["to_move"][0]
    assert view["clocks"]["running"] == [mover] and view["clocks"]["left"] == [60.0, 60.0]
    clock.now += 20
    legal = runner.reading.view(table_id, mover)["legal"]
    runner.act(table_id, mover, 0, legal[0]["json"])
    left = runner.reading.view(table_id, None)["clocks"]["left"]
    assert left[mover] == pytest.approx(45.0)  # 60 - 20 + 5, whoever decides now


def test_seats_tokens_and_chat(store: TableStore) -> None:
    runner = TableRunner(store, games.get)
    table_id = _table(runner, seats=["human", "random"], seated=False)
    assert runner.reading.summary(table_id)["status"] == "open"
    token = runner.seating.take_seat(table_id, 0, "Ada")
    assert runner.seating.seat_of(table_id, token) == 0 and runner.seating.seat_of(table_id, None) is None
    assert runner.reading.summary(table_id)["status"] == "running"
    with pytest.raises(SeatTaken):
        runner.seating.take_seat(table_id, 0, "Bob")
    with pytest.raises(SeatTaken):
        runner.seating.take_seat(table_id, 1, "Bob")
    with pytest.raises(TableNotFound):
        runner.seating.take_seat(table_id, 5, "Bob")
    with pytest.raises(BadToken):
        runner.seating.seat_of(table_id, "not-a-token")
    assert TableRunner(store, games.get).seating.seat_of(table_id, token) == 0  # another process knows it too
    runner.chat(table_id, 0, "  hello  ")
    with pytest.raises(NotSeated):
        runner.chat(table_id, None, "hi")
    with pytest.raises(BadRequest):
        runner.chat(table_id, 0, "x" * 501)
    with pytest.raises(BadRequest):
        runner.chat(table_id, 0, "   ")
    for number in range(55):
        runner.chat(table_id, 0, f"line {number}")
    chat = runner.reading.view(table_id, None)["chat"]
    assert len(chat) == 50 and chat[-1]["text"] == "line 54" and chat[0]["name"] == "Ada"
    assert TableRunner(store, games.get).reading.view(table_id, None)["chat"] == chat
    assert [entry["id"] for entry in runner.reading.lobby()] == [table_id]
    with pytest.raises(TableNotFound):
        runner.reading.view(table_id + "0", None)


def test_bots_play_their_turns_to_the_end(store: TableStore) -> None:
    runner = TableRunner(store, games.get)
    table_id = _table(runner, seats=["random", "random"], settings={"bot_seconds": 0.01})
    assert runner.reading.summary(table_id)["status"] == "running"
    for _ in range(2000):
        turn = runner.bot_turn(table_id)
        if turn is None:
            break
        agent = make_agent(turn.spec, turn.view.game, 7)
        runner.act(table_id, turn.seat, turn.state_id, agent.act(turn.view, turn.legal, Budget(seconds=turn.seconds)))
    view = runner.reading.view(table_id, None)
    assert view["result"] is not None and view["status"] == "over"
    assert table_id not in store.active() and runner.reading.lobby() == []
    record = runner.reading.record(table_id)
    assert len(record["steps"]) == len(store.load(table_id).steps) == view["state_id"]


def test_actions_are_read_by_the_terminal_parser(store: TableStore) -> None:
    runner = TableRunner(store, games.get)
    table_id = _table(runner)
    mover = runner.reading.view(table_id, None)["to_move"][0]
    legal = runner.reading.view(table_id, mover)["legal"]
    with pytest.raises(NotYourTurn):
        runner.act(table_id, 1 - mover, 0, legal[0]["id"])
    with pytest.raises(MalformedAction):
        runner.act(table_id, mover, 0, True)
    with pytest.raises(MalformedAction):
        runner.act(table_id, mover, 0, str(len(legal) + 1))  # the terminal's list numbers
    assert runner.act(table_id, mover, 0, legal[0]["text"]) == 1
    assert runner.store.load(table_id).steps[0].action == legal[0]["json"]


def test_a_store_appends_only_on_the_expected_state(store: TableStore) -> None:
    runner = TableRunner(store, games.get)
    table_id = _table(runner, seated=False)
    before = store.load(table_id)
    stamp = before.table.updated_at
    late = Step(state_id=5, kind="undo", player=0, action=None)
    with pytest.raises(StaleState):
        store.append(
            table_id,
            4,
            late,
            Moved(updated_at=stamp, clock=None, deadline=None, over=True, public_state_id=5, public_clock=None),
        )
    after = store.load(table_id)
    assert (after.table.state_id, after.table.status, after.steps) == (0, "open", [])
    assert store.version(table_id) == (0, stamp)
    with pytest.raises(TableNotFound):
        store.version("no-such-table")
    with pytest.raises(TableNotFound):
        store.load("no-such-table")


def test_a_rematch_keeps_its_seats_for_the_old_players(store: TableStore) -> None:
    runner = TableRunner(store, games.get)
    table_id = runner.create(GAME, 3, {}, ["bot:random", "human", "human"], {"bot_seconds": 0.1})
    runner.seating.take_seat(table_id, 1, "ann")
    bob = runner.seating.take_seat(table_id, 2, "bob")
    with pytest.raises(NotOver):
        runner.seating.rematch(table_id, 1)
    runner.leave(table_id, 2)  # bob left mid-game: his token still reaches his rematch seat
    runner.resign(table_id, 1)
    with pytest.raises(NotSeated):
        runner.seating.rematch(table_id, None)
    new_id, seat = runner.seating.rematch(table_id, 2)
    assert seat == 0 and runner.seating.seat_of(new_id, bob) == 0
    seats = runner.reading.summary(new_id)["seats"]
    assert [(s["kind"], s["name"]) for s in seats] == [("human", "bob"), ("bot", seats[1]["name"]), ("human", None)]
    with pytest.raises(SeatTaken):  # ann's seat (2) waits for her token alone
        runner.seating.take_seat(new_id, 2, "eve")
    assert runner.seating.rematch(table_id, 1) == (new_id, 2) == runner.seating.rematch(table_id, 1)
    assert runner.reading.view(new_id, None)["status"] == "running"


def test_a_turn_clock_gives_hours_and_times_out_like_a_move_clock(
    store: TableStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(OptionError):
        clocks.check({"kind": "turn", "hours": 3})
    assert clocks.check({"kind": "turn", "hours": 72})["seconds"] == 72 * 3600.0
    monkeypatch.setenv("TOWNHALL_TURN_HOUR", "60")  # an hour of a minute
    clock = Clock()
    runner = TableRunner(store, games.get, now=clock)
    table_id = _table(runner, settings={"clock": clocks.check({"kind": "turn", "hours": 4})})
    mover = runner.reading.view(table_id, None)["to_move"][0]
    assert runner.reading.view(table_id, None)["clocks"]["due"][mover] == pytest.approx(clock.now + 240)
    clock.now += 239
    assert runner.overdue() == []
    clock.now += 2
    assert runner.overdue() == [(table_id, mover, 0)]
    assert store.waiting_for([(table_id, mover)]) == [(table_id, mover)]


def test_a_seat_taken_for_an_account_is_found_by_the_account_alone(store: TableStore) -> None:
    runner = TableRunner(store, games.get)
    table_id = runner.create(GAME, 2, {}, ["human", "human"], {})
    token = runner.seating.take_seat(table_id, 1, "ann", account_id="a" * 32)
    runner.seating.take_seat(table_id, 0, "bob")
    assert runner.seating.seat_of(table_id, None, "a" * 32) == 1  # no token: the account's seat
    assert runner.seating.seat_of(table_id, None, "b" * 32) is None  # another account watches
    assert runner.seating.seat_of(table_id, token, "b" * 32) == 1  # a token wins over the account
    runner.cache.forget(table_id)  # rebuilt from the store, as another process would
    assert runner.seating.seat_of(table_id, None, "a" * 32) == 1
    assert store.seat_of_account(table_id, "a" * 32) == 1
