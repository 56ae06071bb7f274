"""The match runner (turns, undo barriers), records and replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engine.toys import Goofspiel, Pig
from townhall import games
from townhall.agents.random_agent import RandomAgent
from townhall.engine import IllegalAction, OptionError, RecordError
from townhall.engine.match import Match, play_match
from townhall.engine.records import MatchRecord, load_records, replay


def test_only_a_player_to_move_may_act() -> None:
    match = Match(Pig(), 2, seed=1)
    with pytest.raises(IllegalAction) as error:
        match.apply(1, 0)
    assert error.value.clause == "ENGINE-TURN"
    assert match.record.steps == []


def test_player_counts_and_options_are_checked() -> None:
    with pytest.raises(OptionError, match="2-4 players, not 5"):
        Match(Pig(), 5)
    with pytest.raises(OptionError, match="unknown option"):
        Match(Pig(), 2, {"dice": 2})


def test_undo_of_a_private_uncommitted_step() -> None:
    match = Match(Goofspiel(), 2, {"confirm": True}, seed=3, undo=True)
    bid_one = match.state.legal_actions(0)[0]
    match.apply(0, bid_one)
    assert match.to_move() == (0, 1)
    assert match.can_undo(0) and not match.can_undo(1)
    assert match.undo(0)
    assert match.state.legal_actions(0)[0] == bid_one
    assert match.record.steps == []


def test_no_undo_after_commit_or_chance() -> None:
    goof = Match(Goofspiel(), 2, {"confirm": True}, seed=3, undo=True)
    goof.apply(0, goof.state.legal_actions(0)[0])
    goof.apply(0, goof.state.legal_actions(0)[0])  # confirm: committed
    assert not goof.undo(0)
    pig = Match(Pig(), 2, seed=3, undo=True)
    pig.apply(0, 0)  # a roll draws chance
    assert not pig.undo(0)


def test_undo_is_refused_once_another_player_acted() -> None:
    match = Match(Goofspiel(), 2, {"confirm": True}, seed=3, undo=True)
    match.apply(0, match.state.legal_actions(0)[0])
    match.apply(1, match.state.legal_actions(1)[0])
    assert not match.undo(0)
    assert match.can_undo(1)


def _finished(seed: int) -> Match:
    return play_match(Goofspiel(), 3, [RandomAgent(s) for s in range(3)], seed=seed)


def test_record_saves_loads_and_replays(tmp_path: Path) -> None:
    match = _finished(9)
    path = tmp_path / "game.json"
    match.record.save(path)
    (record,) = load_records(path)
    frames = list(replay(record, games.get))
    assert len(frames) == len(record.steps) + 1
    assert frames[-1].state.scores() == match.state.scores()
    assert record.ranks == match.state.ranks()
    assert all(frame.action_text.startswith("bid") for frame in frames[1:])


def test_record_of_unknown_game_or_other_data_fails_clearly() -> None:
    data = _finished(4).record.to_json()
    with pytest.raises(RecordError, match="does not know"):
        list(replay(MatchRecord.from_json(dict(data, game="chess")), games.get))
    with pytest.raises(RecordError, match="rules data"):
        list(replay(MatchRecord.from_json(dict(data, data_version="other")), games.get))


def test_tampered_record_fails_clearly() -> None:
    data = _finished(4).record.to_json()
    data["steps"][0]["action"] = {"kind": "bid", "card": 99}
    with pytest.raises(RecordError, match="step 1 cannot be replayed"):
        list(replay(MatchRecord.from_json(data), games.get))
    data = _finished(4).record.to_json()
    data["scores"] = [100.0, 0.0, 0.0]
    with pytest.raises(RecordError, match="scores"):
        list(replay(MatchRecord.from_json(data), games.get))


def test_unreadable_record_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="not a JSON game record"):
        load_records(bad)
    with pytest.raises(RecordError, match="cannot read"):
        load_records(tmp_path / "missing.json")
    bad.write_text(json.dumps({"format": 1, "game": "toy-pig"}), encoding="utf-8")
    with pytest.raises(RecordError, match="incomplete"):
        load_records(bad)


def test_events_are_collected_in_order() -> None:
    match = _finished(2)
    kinds = [event.kind for event in match.events]
    assert kinds.count("prize") == 4  # the first prize is revealed at set-up, without events
    assert all(Goofspiel().event_text(event) for event in match.events)
