"""Browser tests: Playwright drives Debian's Chromium against a real `townhall serve` subprocess.

Playwright's own browser download cannot work on these machines, so the browser is
/usr/bin/chromium (`make test` installs it when missing)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.conftest import Server

CHROMIUM = Path("/usr/bin/chromium")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e .[dev])")
if not CHROMIUM.exists():
    pytest.skip("Debian's Chromium is missing: apt-get install -y chromium (make test does it)", allow_module_level=True)

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(f"sqlite:///{tmp_path_factory.mktemp('web') / 'web.db'}").start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[sync_api.Browser]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        yield browser
        browser.close()


@pytest.fixture
def context(browser: sync_api.Browser) -> Iterator[sync_api.BrowserContext]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(20_000)
    yield context
    context.close()


def screenshot(page: sync_api.Page, name: str) -> None:
    """Pictures for docs/screenshots, only when asked (TOWNHALL_SCREENSHOTS=1): CI leaves tracked files alone."""
    if os.environ.get("TOWNHALL_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=False)
