"""Analysis for players in Chromium (issue 36): a spectator's live win bar (none for a seated player
while the game runs), the replay's bar at its step and the move review's marks on its slider (a mark
shows the position, the move played and the better one on the board), and a training table's hint
button. Small analysis budgets: the machine is shared."""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.server.client import Player, http, new_table, play_some, sit
from tests.server.conftest import Server
from tests.web.table import wait_until
from tests.web.test_log_end import LAPTOP, PHONE, open_table

BUDGET = ("--analysis-iterations", "6", "--analysis-seconds", "2")
PICTURES = Path(os.environ.get("TOWNHALL_ANALYSIS_PICTURES", "/tmp/wt-analysisui"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    started = Server(f"sqlite:///{tmp_path_factory.mktemp('analysis-ui') / 'web.db'}", options=BUDGET).start()
    yield started
    started.stop()


def picture(page: Page, name: str) -> None:
    """A picture to look at (TOWNHALL_ANALYSIS_PICTURES names the folder; none in CI)."""
    if os.environ.get("TOWNHALL_ANALYSIS_PICTURES"):
        PICTURES.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(PICTURES / f"{name}.png"))


def _two(base: str, game: str = "my-city", **extra: Any) -> tuple[str, list[Player]]:
    table = new_table(base, game, ["human", "human"], **extra)["id"]
    return table, [sit(base, table, 0, "ann"), sit(base, table, 1, "bob")]


def _analysis(url: str) -> bool:
    return "/api/tables/" in url and "/analysis" in url


def _bar(page: Page) -> list[float]:
    return [float(x) for x in page.locator("#win-bar .win-part").evaluate_all("els => els.map(e => e.dataset.win)")]


def _advised(page: Page, kind: str, target: dict[str, Any] | None) -> bool:
    """Whether the board marks `target`'s cell with that kind of advice."""
    if target is None or target.get("cell") is None:
        return True  # off the board: the words alone tell it
    found = page.locator(
        f'.cell[data-area="{target["area"]}"][data-cell="{target["cell"]}"] [data-advice="{kind}"]'
    ).count()
    return bool(found)


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_spectator_sees_the_chances_move_and_a_player_does_not(
    server: Server, new_context: Callable[..., BrowserContext], size: str
) -> None:
    table, players = _two(server.url)
    play_some(players, random.Random(11), moves=2)
    watcher = new_context(**(LAPTOP if size == "laptop" else PHONE)).new_page()
    asked: list[str] = []
    watcher.on("request", lambda r: asked.append(r.url) if _analysis(r.url) else None)
    open_table(watcher, server.url, table)
    expect(watcher.locator("#win-bar")).to_be_visible()
    wins = _bar(watcher)
    assert len(wins) == 2 and sum(wins) == pytest.approx(1.0, abs=1e-3)
    legend = watcher.locator("#win-bar .win-legend li").all_inner_texts()
    assert legend[0].startswith("ann ") and legend[0].endswith("%") and legend[1].startswith("bob ")
    before = int(watcher.locator("#win-bar").get_attribute("data-state-id") or -1)
    picture(watcher, f"win-bar-spectator-{size}")
    play_some(players, random.Random(12), moves=2)
    wait_until(
        watcher,
        "n => Number(document.querySelector('#win-bar').dataset.stateId) > n && "
        "Number(document.querySelector('#win-bar').dataset.stateId) === Number(document.body.dataset.stateId)",
        before,
    )
    assert len(asked) <= 2 + 2 + 1  # at most one per position shown (the first, and each step since)
    seated = new_context(**LAPTOP).new_page()
    refused: list[int] = []
    seated.on("response", lambda r: refused.append(r.status) if _analysis(r.url) else None)
    open_table(seated, server.url, table, {0: players[0].token}, "my-city")
    seated.wait_for_timeout(500)
    expect(seated.locator("#win-bar")).to_be_hidden()
    assert refused in ([], [403])  # a seat waits for the end: asked at most once, refused
    expect(seated.locator("#hint")).to_be_hidden()  # not a training table


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_replay_marks_each_players_costliest_moves_and_shows_them(
    server: Server, new_context: Callable[..., BrowserContext], size: str
) -> None:
    rng = random.Random(21 if size == "laptop" else 22)
    for _deal in range(4):  # a random deal (random moves may end it early) with a costly move
        table, players = _two(server.url)
        _moves, final = play_some(players, rng)
        assert final["result"] is not None
        review = http.get(f"{server.url}/api/tables/{table}/review", timeout=120).json()
        worst = {int(seat): steps for seat, steps in review["costliest"].items()}
        if worst:
            break
    assert worst, "four random games without a costly move"
    by_step = {decision["step"]: decision for decision in review["decisions"]}
    page = new_context(**(LAPTOP if size == "laptop" else PHONE)).new_page()
    open_table(page, server.url, table, {0: players[0].token}, "my-city")
    page.click("#open-replay")
    expect(page.locator("#win-bar")).to_have_attribute("data-key", "step:0")
    marks = page.locator("#review-marks .review-mark")
    expect(marks).to_have_count(sum(len(steps) for steps in worst.values()))
    shown = {(int(m.get_attribute("data-seat") or -1), int(m.get_attribute("data-step") or -1)) for m in marks.all()}
    assert shown == {(seat, step) for seat, steps in worst.items() for step in steps}
    step = next(iter(worst.values()))[0]  # a player's costliest
    decision = by_step[step]
    page.locator(f'#review-list .review-pick[data-step="{step}"]').click()  # the marks may overlap: its line
    expect(page.locator("#replay")).to_have_attribute("data-step", str(step))
    detail = page.locator("#advice-note")
    expect(detail).to_be_visible()
    text = detail.inner_text()
    assert decision["played"]["text"] in text and decision["preferred"]["text"] in text
    assert f"{math.floor(decision['loss'] * 100 + 0.5)}%" in text  # halves round up, as people round
    assert _advised(page, "played", decision["played"]["target"])
    assert _advised(page, "preferred", decision["preferred"]["target"])
    expect(page.locator("#win-bar")).to_have_attribute("data-key", f"step:{step}")
    wins = _bar(page)
    assert sum(wins) == pytest.approx(1.0, abs=1e-3)
    picture(page, f"review-{size}")
    page.locator("#replay-next").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", str(step + 1))
    expect(detail).to_be_hidden()
    assert page.locator("[data-advice]").count() == 0  # another position: no advice left on it


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_training_tables_player_asks_for_a_hint(
    server: Server, new_context: Callable[..., BrowserContext], size: str
) -> None:
    page = new_context(**(LAPTOP if size == "laptop" else PHONE)).new_page()
    if size == "laptop":  # from the lobby's form, as a player sets one up
        page.goto(f"{server.url}/")
        page.select_option("#game", "carcassonne")
        page.select_option("#seat-1", "bot:easy")
        page.locator("#training").check()
        expect(page.locator("#training-text")).to_contain_text("Training table")
        page.click("#create")
        page.wait_for_url(f"{server.url}/tables/*")
        table = page.url.rsplit("/", 1)[1].split("?")[0]
        assert http.get(f"{server.url}/api/tables/{table}").json()["settings"]["training"] is True
        token = page.evaluate("t => JSON.parse(localStorage.getItem('townhall.seats'))[t].seats[0]", table)
        ann = Player(server.url, table, 0, token)
    else:
        table = new_table(server.url, "carcassonne", ["human", "bot:random"], training=True)["id"]
        ann = sit(server.url, table, 0, "ann")
        open_table(page, server.url, table, {0: ann.token}, "carcassonne")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "yes")
    expect(page.locator("#win-bar")).to_be_visible()  # a training table: its players see the chances
    hint = page.locator("#hint")
    expect(hint).to_be_visible()
    hint.click()
    note = page.locator("#advice-note")
    expect(note).to_be_visible()
    action = int(note.get_attribute("data-action") or -1)
    legal = {a["id"]: a for a in ann.view()["legal"]}
    assert action in legal and legal[action]["text"] in note.inner_text()
    assert _advised(page, "preferred", legal[action]["target"])
    picture(page, f"hint-{size}")
    state = int(page.locator("body").get_attribute("data-state-id") or -1)
    assert ann.act(state, legal[action]["json"]).status_code == 200  # the decision moves on: the hint goes
    wait_until(page, "n => Number(document.body.dataset.stateId) > n", state)
    expect(note).to_be_hidden()
