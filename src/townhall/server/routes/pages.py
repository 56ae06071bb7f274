"""The browser client's pages and static files (townhall.web): `/` the lobby, `/tables/{id}` a table,
`/campaigns/{id}` a campaign, `/rules/{game}` a game's rules (rendered here, in the request's
language), `/players/{name}` a player's profile, `/leaderboard/{game}` a game's leaderboard,
`/account` the account's settings."""

from __future__ import annotations

import mimetypes

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


@router.get("/")
def lobby() -> HTMLResponse:
    return HTMLResponse(web.page("lobby"), headers=_NO_STORE)


@router.get("/tables/{table_id}")
def table(table_id: str) -> HTMLResponse:
    """The table page; the table itself is loaded by the page (a missing one says so there)."""
    return HTMLResponse(web.page("table"), headers=_NO_STORE)


@router.get("/players/{name}")
def player(name: str) -> HTMLResponse:
    """A player's profile; the page asks GET /api/players/{name} (an unknown name says so there)."""
    return HTMLResponse(web.page("player"), headers=_NO_STORE)


@router.get("/leaderboard/{game}")
def leaderboard(game: str) -> HTMLResponse:
    """A game's leaderboard; the page asks GET /api/games/{game}/leaderboard."""
    return HTMLResponse(web.page("leaderboard"), headers=_NO_STORE)


@router.get("/account")
def settings() -> HTMLResponse:
    """The signed-in account's settings: password, turn mails' address, signing out, deletion."""
    return HTMLResponse(web.page("settings"), headers=_NO_STORE)


@router.get("/campaigns/{campaign_id}")
def campaign(campaign_id: str) -> HTMLResponse:
    """A campaign's page; the campaign is loaded by the page."""
    return HTMLResponse(web.page("campaign"), headers=_NO_STORE)


@router.get("/rules/{name}")
def rules(name: str, lang: LanguageDep) -> HTMLResponse:
    """A game's rules page; an unknown game is the usual 404 JSON refusal."""
    return HTMLResponse(rules_page.render(name, lang), headers=_NO_STORE)


@router.get("/favicon.ico")
def favicon() -> FileResponse:
    return FileResponse(web.FAVICON, media_type="image/svg+xml")
