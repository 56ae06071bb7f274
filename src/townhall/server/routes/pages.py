"""The browser client's pages and static files (townhall.web): `/` the lobby, `/tables/{id}` a table,
`/campaigns/{id}` a campaign, `/rules/{game}` a game's rules (rendered here, in the request's
language), `/players/{name}` a player's profile, `/leaderboard/{game}` a game's leaderboard,
`/account` the account's settings."""

from __future__ import annotations

import mimetypes
from collections.abc import Callable

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

from townhall import web
from townhall.server import rules_page
from townhall.server.routes.language import LanguageDep

router = APIRouter(include_in_schema=False)
# Browsers refuse ES modules served without a JavaScript type; the platform's table may lack one.
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("application/json", ".json")
static_files = StaticFiles(directory=web.STATIC)
_NO_STORE = {"Cache-Control": "no-cache"}


# Each page of the client and its path; the page loads what it shows (a missing table, player or
# campaign says so there).
PAGE_PATHS = {
    "lobby": "/",
    "table": "/tables/{table_id}",
    "player": "/players/{name}",  # GET /api/players/{name}
    "leaderboard": "/leaderboard/{game}",  # GET /api/games/{game}/leaderboard
    "settings": "/account",  # password, turn mails' address, signing out, deletion
    "campaign": "/campaigns/{campaign_id}",
}


def _page_route(name: str) -> Callable[[], HTMLResponse]:
    def serve() -> HTMLResponse:
        return HTMLResponse(web.page(name), headers=_NO_STORE)

    return serve


for _name, _path in PAGE_PATHS.items():
    router.add_api_route(_path, _page_route(_name), methods=["GET"], name=_name)


@router.get("/rules/{name}")
def rules(name: str, lang: LanguageDep) -> HTMLResponse:
    """A game's rules page; an unknown game is the usual 404 JSON refusal."""
    return HTMLResponse(rules_page.render(name, lang), headers=_NO_STORE)


@router.get("/favicon.ico")
def favicon() -> FileResponse:
    return FileResponse(web.FAVICON, media_type="image/svg+xml")
