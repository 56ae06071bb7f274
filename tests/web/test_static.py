"""The client's files as served: pages and modules with the right types, nothing from the
internet, every UI string translated in every catalog. No browser needed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx

from tests.server.conftest import Server
from townhall import web

CATALOGS = ("en", "zh-Hans", "zh-Hant", "ja")
# An SVG namespace is a name, not an address the browser fetches.
NAMESPACE = "http://www.w3.org/2000/svg"


def _static_files() -> list[Path]:
    return sorted(p for p in web.STATIC.rglob("*") if p.is_file())


def test_pages_and_modules_are_served_with_their_types(server: Server) -> None:
    for path, kind in [("/", "text/html"), ("/tables/no-such-table", "text/html")]:
        page = httpx.get(server.url + path, timeout=10)
        assert page.status_code == 200 and page.headers["content-type"].startswith(kind), path
        assert "Townhall" in page.text and 'type="module"' in page.text
    for file in _static_files():
        relative = file.relative_to(web.STATIC).as_posix()
        answer = httpx.get(f"{server.url}/static/{relative}", timeout=10)
        assert answer.status_code == 200, relative
        expected = {
            ".js": "text/javascript",
            ".json": "application/json",
            ".css": "text/css",
            ".html": "text/html",
            ".svg": "image/svg+xml",
            ".png": "image/png",
        }
        assert answer.headers["content-type"].startswith(expected[file.suffix]), (relative, answer.headers)
    assert httpx.get(f"{server.url}/static/../__init__.py", timeout=10).status_code == 404


def test_each_page_is_the_shared_head_and_its_own_body_and_script() -> None:
    for name in web.PAGES:
        html = web.page(name)
        assert html.startswith("<!doctype html>") and html.count("<head>") == html.count("<body") == 1, name
        assert f'<script type="module" src="/static/js/{name}.js"></script>' in html, name
        assert "{page}" not in html and (web.STATIC / "js" / f"{name}.js").is_file(), name


def test_nothing_comes_from_the_internet() -> None:
    for file in _static_files():
        if file.suffix == ".png":  # pictures: pixels, nothing a browser fetches
            continue
        text = file.read_text(encoding="utf-8").replace(NAMESPACE, "")
        assert not re.search(r"https?://|//cdn|@import\s+url", text), file


def test_every_ui_string_is_in_every_catalog() -> None:
    english = json.loads((web.STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))
    used = set()
    for module in (web.STATIC / "js").rglob("*.js"):
        used |= set(re.findall(r"\bt\(\"([a-z0-9-]+)\"", module.read_text(encoding="utf-8")))
    assert used and used <= set(english), sorted(used - set(english))
    placeholders = {key: set(re.findall(r"\{(\w+)\}", text)) for key, text in english.items()}
    for code in CATALOGS:
        catalog = json.loads((web.STATIC / "i18n" / f"{code}.json").read_text(encoding="utf-8"))
        assert set(catalog) == set(english), (code, set(english) ^ set(catalog))
        for key, text in catalog.items():
            assert text.strip(), (code, key)
            assert set(re.findall(r"\{(\w+)\}", text)) == placeholders[key], (code, key)
