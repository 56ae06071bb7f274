"""Issue 33's probe: every game's board at the default view, at 1280x800 and on a 390x844 phone,
at the player's first decisions: text at least 10 CSS px, legal targets at least 24x24 CSS px and
not covered by the board's own buttons."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext

from tests.server.conftest import Server
from tests.web.conftest import screenshot
from tests.web.readability import measure
from tests.web.table import TablePage, open_lobby_and_create
from townhall import games

SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
    },
}
DECISIONS = 3  # measured at each of the player's first decisions
# Boards not yet readable at the default view (issue 33); tables are dealt at random, so a board
# may pass by luck: not strict.
NOT_YET: set[str] = set()


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize(
    "game",
    [
        pytest.param(game, marks=pytest.mark.xfail(strict=False, reason="issue 33: not readable yet"))
        if game in NOT_YET
        else game
        for game in games.shipped()
    ],
)
def test_the_board_reads_and_clicks_at_the_default_view(
    game: str, size: str, server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    page = new_context(**SIZES[size]).new_page()
    open_lobby_and_create(page, server.url, game, ["me", "bot:easy"], {})
    table = TablePage(page, touch=size == "phone")
    table.wait_loaded()
    rng = random.Random(game)
    failures = []
    for decision in range(DECISIONS):
        if not table.wait_turn_or_end():
            break
        page.wait_for_timeout(300)  # the board's fit settles
        found = measure(page)
        if decision == 0:
            screenshot(page, f"readable-{game}-{size}")
        if not found.ok:
            failures.append(f"decision {decision}: {found.summary()}")
        legal = table.legal()
        table.play(rng.choice(legal))
    assert not failures, "\n".join(failures)
