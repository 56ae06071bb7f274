"""`townhall campaign` commands (new, continue, status) and the human seat (MYC-LEG-11)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tests.games.my_city.helpers import act, evergreen, reveal
from townhall.cli.campaign import HumanSeat, app, default_agents
from townhall.engine.agent import Budget, PlayerView
from townhall.games.my_city import GAME


def test_campaign_commands_MYC_LEG_11(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "c.json"
    result = runner.invoke(app, ["new", str(path), "--seats", "random,random,random", "--episodes", "2", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "episode 2:" in result.output
    assert json.loads(path.read_text())["next_episode"] == 3
    result = runner.invoke(app, ["new", str(path)])
    assert result.exit_code == 1 and "exists" in result.output
    result = runner.invoke(app, ["continue", str(path), "--take-over", "2=random:Zoe"])
    assert result.exit_code == 0, result.output
    saved = json.loads(path.read_text())
    assert saved["players"][1] == "Zoe" and saved["next_episode"] == 4
    assert saved["takeovers"] == [{"episode": 3, "seat": 1, "agent": "random", "player": "Zoe"}]
    result = runner.invoke(app, ["status", str(path)])
    assert result.exit_code == 0 and "next episode 4" in result.output and "Zoe" in result.output
    result = runner.invoke(app, ["new", str(tmp_path / "x.json"), "--seats", "random,wizard"])
    assert result.exit_code == 1 and "unknown agent 'wizard'" in result.output
    assert not (tmp_path / "x.json").exists()
    result = runner.invoke(app, ["status", str(tmp_path / "none.json")])
    assert result.exit_code == 1 and "cannot read" in result.output


def test_human_seat_types_an_action() -> None:
    state = evergreen(2)
    reveal(state, "YD2")
    answers = iter(["nonsense", "list", "place yd2 at e1 r90"])
    seat = HumanSeat(0, ask=lambda prompt: next(answers))
    view = PlayerView(GAME, state, 0)
    assert seat.act(view, view.legal_actions(), Budget()) == act("place YD2 at E1 r90", state)


def test_sticker_squares_can_be_chosen_MYC_LEG_10() -> None:
    """MYC-LEG-10: a sticker goes on a free square; a human seat chooses which one."""
    from townhall.cli.campaign import _sticker_prompt
    from townhall.games.my_city.campaign import Campaign
    from townhall.games.my_city.data import parse_cell

    campaign = Campaign.new(["random", "random"], seed=6)
    campaign.play_episode(default_agents, choose=lambda seat, kind, free: free[0])
    first_squares = ["B1", "C1", "F1"]  # the first free squares in board order
    for seat in range(2):
        cells_used = [cell for cell, _ in campaign.stickers[seat]]
        assert cells_used == first_squares[: len(cells_used)]
    campaign.seats = ["human", "random"]
    answers = iter(["A1", "h1"])
    choose = _sticker_prompt(campaign, ask=lambda prompt: next(answers))
    free = [parse_cell("C1"), parse_cell("H1")]
    assert choose(0, "tree", free) == parse_cell("H1")
    assert choose(1, "tree", free) is None
