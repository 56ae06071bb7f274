"""Browser tests: Playwright drives Debian's Chromium against a real `townhall serve` subprocess.

Playwright's own browser download cannot work on these machines, so the browser is
/usr/bin/chromium (`make test` installs it when missing)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Server, sqlite_url, start_server  # noqa: F401 (fixtures)

CHROMIUM = Path("/usr/bin/chromium")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e .[dev])")

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(f"sqlite:///{tmp_path_factory.mktemp('web') / 'web.db'}").start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[sync_api.Browser]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is missing: apt-get install -y chromium (make test does it)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        yield browser
        browser.close()


@pytest.fixture
def new_context(browser: sync_api.Browser) -> Iterator[Callable[..., sync_api.BrowserContext]]:
    """Browser contexts (separate storage: separate people), closed after the test; any script,
    style or connection that the pages' Content-Security-Policy refused fails the test."""
    made: list[sync_api.BrowserContext] = []
    refused: list[str] = []

    def make(**options: Any) -> sync_api.BrowserContext:
        settings: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}, "locale": "en-US", **options}
        context = browser.new_context(**settings)
        context.set_default_timeout(20_000)
        context.on("console", lambda message: refused.extend(csp_refusals([message])))
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()
    assert not refused, f"the Content-Security-Policy refused: {refused}"


def csp_refusals(messages: list[sync_api.ConsoleMessage]) -> list[str]:
    """The console's words for what a Content-Security-Policy refused."""
    return [m.text for m in messages if m.type == "error" and "Content Security Policy" in m.text]


@pytest.fixture
def context(new_context: Callable[..., sync_api.BrowserContext]) -> sync_api.BrowserContext:
    return new_context()


def screenshot(page: sync_api.Page, name: str) -> None:
    """Pictures for docs/screenshots, only when asked (TOWNHALL_SCREENSHOTS=1): CI leaves tracked files alone."""
    if os.environ.get("TOWNHALL_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=False)
