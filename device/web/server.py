"""The Starlette app the phones talk to: the join page, its files, four JSON routes.

``GET /`` the page; ``GET /api/players`` the names to pick from; ``POST /api/join``
``{"code", "name"}`` gives a token;
``GET /api/state`` (header ``X-Jeton``) what the phone shows; ``POST /api/answer``
``{"round", "answer"}`` with that header; ``POST /api/verifier`` ``{"round", "etapes"}``
the live check of a count written step by step; ``POST /api/coup`` ``{"coup", "tour", ...}``
a move in the dice or bluff game. Every refusal is JSON ``{"erreur": "..."}`` in
French with its status; clients outside the local networks get a 403 before anything else.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from device.web.address import local
from device.web.moves import check_count, check_move
from device.web.table import MAX_MESSAGE, PhoneTable, Refused

STATIC = Path(__file__).with_name("static")
TOKEN_HEADER = "x-jeton"


def _refusal(status: int, message: str) -> JSONResponse:
    return JSONResponse({"erreur": message}, status_code=status)


def create_app(table: PhoneTable, *, trust_any_client: bool = False) -> Starlette:
    """The phones' app over ``table``. ``trust_any_client`` lets the tests' in-process
    client (whose address is "testclient") through the local-network check."""

    def client(request: Request) -> str:
        host = request.client.host if request.client else ""
        if not trust_any_client and not local(host):
            raise Refused(403, "Cet arbitre ne répond qu'aux téléphones de la table")
        return host

    async def body(request: Request) -> Any:
        declared = request.headers.get("content-length", "0")
        if not declared.isdigit() or int(declared) > MAX_MESSAGE:
            raise Refused(413, f"Message trop long ({MAX_MESSAGE} octets au plus)")
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_MESSAGE:
                raise Refused(413, f"Message trop long ({MAX_MESSAGE} octets au plus)")
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise Refused(400, "Message illisible : attendu du JSON") from None

    def token_of(request: Request) -> str:
        token = request.headers.get(TOKEN_HEADER, "")
        if not token or len(token) > 64:
            raise Refused(401, "Ce téléphone n'a pas (ou plus) de place : rejoignez la partie")
        return token

    async def page(request: Request) -> Response:
        try:
            client(request)
        except Refused as refused:
            return _refusal(refused.status, refused.message)
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def join(request: Request) -> Response:
        try:
            table.allow(client(request))
            message = await body(request)
            if not isinstance(message, dict):
                raise Refused(400, "Message illisible : attendu un objet JSON")
            code, name = message.get("code"), message.get("name")
            if not isinstance(code, str) or not isinstance(name, str):
                raise Refused(400, "Message illisible : « code » et « name » sont des textes")
            token = table.join(code, name)
        except Refused as refused:
            return _refusal(refused.status, refused.message)
        return JSONResponse({"jeton": token, "joueur": name})

    async def players(request: Request) -> Response:
        try:
            table.allow(client(request))
        except Refused as refused:
            return _refusal(refused.status, refused.message)
        return JSONResponse({"players": list(table.players), "seated": table.seated()})

    async def state(request: Request) -> Response:
        try:
            token = token_of(request)
            table.allow(client(request) + token[:8])
            return JSONResponse(table.state(token))
        except Refused as refused:
            return _refusal(refused.status, refused.message)

    async def answer(request: Request) -> Response:
        try:
            token = token_of(request)
            table.allow(client(request) + token[:8])
            message = await body(request)
            # The answer is awaited while the UI thread saves it: the event loop serves the
            # other phones meanwhile, and no worker thread is held.
            taken = await table.take(token, message)
        except Refused as refused:
            return _refusal(refused.status, refused.message)
        return JSONResponse({"pris": taken.text, "manche": taken.round, "a": taken.at})

    async def count(request: Request) -> Response:
        try:
            token = token_of(request)
            table.allow(client(request) + token[:8])
            message = await body(request)
            if not isinstance(message, dict):
                raise Refused(400, "Message illisible : attendu un objet JSON")
            plates = table.plates(token, message.get("round"))
            return JSONResponse(check_count(plates, message.get("etapes")))
        except Refused as refused:
            return _refusal(refused.status, refused.message)

    async def move(request: Request) -> Response:
        try:
            token = token_of(request)
            table.allow(client(request) + token[:8])
            message = check_move(await body(request))
            # Played by the UI thread, like an answer: awaited the same way.
            at = await table.take_move(token, message)
        except Refused as refused:
            return _refusal(refused.status, refused.message)
        return JSONResponse({"pris": message["coup"], "a": at})

    return Starlette(
        routes=[
            Route("/", page),
            Route("/api/join", join, methods=["POST"]),
            Route("/api/players", players),
            Route("/api/state", state),
            Route("/api/answer", answer, methods=["POST"]),
            Route("/api/verifier", count, methods=["POST"]),
            Route("/api/coup", move, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )
