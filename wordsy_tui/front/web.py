"""`host --web`: the game in a browser tab, with textual-serve.

Each tab (each websocket) runs one child, `python -m wordsy_tui.front.web_tab`, which
asks the player's name, then the PIN when the game has one, and joins the host's
loopback as an ordinary client. The page is served whole from here: textual-serve's
own page asks a font of a web font service, which this front leaves out so that a
LAN without internet access gets the same page.

A browser comes back to its seat as a terminal does: the page sets a cookie (HttpOnly,
SameSite=Strict: never in the URL or the page, never read by a script, never sent by
another site's page) that names a folder of seat files the front keeps for that
browser, beside the game's log. A reloaded or reopened tab finds its seat's token there.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import re
import secrets
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from net.limits import PinGuard, PinPolicy, address_key
from wordsy_tui.front.seat import (
    PIN_ENV,
    PIN_WAIT_ENV,
    SEATS_ENV,
    SOURCE_ENV,
    WRONG_PIN_SIGNAL,
    LoopbackSources,
)

DEFAULT_WEB_PORT: Final = 8080
TABS_PER_ADDRESS: Final = 4
MAX_TABS: Final = 26  # six seats and twenty watchers, like the SSH front
STOP_GRACE_SECONDS: Final = 5.0
_PACKAGE: Final = Path(textual_serve.__file__).parent
# Anything the page would fetch from another host: a stylesheet link to a font service.
_REMOTE_LINK: Final = re.compile(r"<link\b[^>]*\bhref=\"https?://[^\"]*\"[^>]*>", re.S)
BROWSER_COOKIE: Final = "wordsy_browser"
"""The cookie that names a browser to the web front (a secret: its seats' key)."""
BROWSER_COOKIE_DAYS: Final = 30
_BROWSER: Final = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32)


def offline_page(template: str) -> str:
    """textual-serve's page without what it would fetch from the internet."""
    return _REMOTE_LINK.sub("", template)


def _load_template(name: str) -> str | None:
    path = _PACKAGE / "templates" / name
    return offline_page(path.read_text()) if path.is_file() else None


class _TabService(AppService):
    """One tab's child, with the game's PIN in its environment (never on its command line)
    and how long its browser's address must wait before guessing it again."""

    pin: str | None = None
    pin_wait: float = 0.0
    seats: Path | None = None
    """The folder of this browser's seat files (None: a browser that keeps no cookie)."""
    source: str | None = None
    """The loopback address the child connects from, for the browser's address."""
    wrong_pin: Callable[[], None] | None = None
    """Counts a wrong PIN the child was given, against the browser's address."""

    async def on_meta(self, data: bytes) -> None:
        try:
            meta = json.loads(data)
        except ValueError:
            meta = None
        said = isinstance(meta, dict) and meta.get("type") == "open_url"
        if said and meta.get("url") == WRONG_PIN_SIGNAL:
            if self.wrong_pin is not None:
                self.wrong_pin()
            return  # the child's word to us, not a link for the browser
        await super().on_meta(data)

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        for key in (PIN_ENV, PIN_WAIT_ENV, SEATS_ENV, SOURCE_ENV):
            environment.pop(key, None)
        if self.seats is not None:
            environment[SEATS_ENV] = str(self.seats)
        if self.source is not None:
            environment[SOURCE_ENV] = self.source
        if self.pin is not None:
            environment[PIN_ENV] = self.pin
            environment[PIN_WAIT_ENV] = f"{self.pin_wait:.1f}"
        return environment


class WebFront:
    """The web page beside a game: one child client per browser tab."""

    def __init__(
        self,
        *,
        game_address: tuple[str, int],
        seats_folder: Path | None = None,
        bind: str = "0.0.0.0",
        port: int = DEFAULT_WEB_PORT,
        pin: str | None = None,
        max_tabs: int = MAX_TABS,
        per_address: int = TABS_PER_ADDRESS,
    ) -> None:
        host, game_port = game_address
        self.sources = LoopbackSources(host)
        self.seats_folder = seats_folder
        """Where each browser's seat files are kept, a folder per browser (None: nowhere)."""
        self.pin = pin
        self.bind = bind
        self.wanted_port = port
        self.max_tabs = max_tabs
        self.per_address = per_address
        command = [sys.executable, "-m", "wordsy_tui.front.web_tab", f"{host}:{game_port}"]
        if pin is not None:
            command.append("--pin-required")
        # textual-serve lends its page, its scripts and its message loop.
        self.server = Server(shlex.join(command), host=bind, port=port, title="Wordsy")
        self.tabs: Counter[str] = Counter()
        self.pins = PinGuard(PinPolicy(), time.monotonic())
        """Wrong PINs per browser address, paced like the host's own check."""
        self._runner: web.AppRunner | None = None

    @property
    def port(self) -> int:
        assert self._runner is not None
        return int(self._runner.addresses[0][1])

    async def start(self) -> None:
        if self.seats_folder is not None:
            self.seats_folder.mkdir(parents=True, exist_ok=True)
            self.seats_folder.chmod(0o700)  # the seats' tokens and what each seat kept
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FunctionLoader(_load_template))
        app.add_routes(
            [
                web.get("/", self._index, name="index"),
                web.get("/ws", self._tab, name="websocket"),
                web.static("/static", self.server.statics_path, name="static"),
            ]
        )
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.bind or None, self.wanted_port).start()

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _index(self, request: web.Request) -> web.StreamResponse:
        # The page's links name the address the browser used, not the bound one
        # (0.0.0.0 is no address to connect to).
        self.server.public_url = f"http://{request.host}"
        response: web.StreamResponse = await self.server.handle_index(request)
        if _browser(request) is None:
            response.set_cookie(
                BROWSER_COOKIE,
                secrets.token_urlsafe(32),
                max_age=BROWSER_COOKIE_DAYS * 24 * 3600,
                path="/",
                httponly=True,
                samesite="Strict",
            )
        return response

    def browser_seats(self, request: web.Request) -> Path | None:
        """The folder of seat files of the browser behind `request` (None: it sent no cookie
        of ours). Named by the cookie's hash: the folder's name is no key to its seats."""
        browser = _browser(request)
        if browser is None or self.seats_folder is None:
            return None
        return self.seats_folder / hashlib.sha256(browser.encode()).hexdigest()[:32]

    async def _tab(self, request: web.Request) -> web.StreamResponse:
        source = address_key(request.remote or "?")
        if self.tabs.total() >= self.max_tabs or self.tabs[source] >= self.per_address:
            raise web.HTTPTooManyRequests(text="Too many tabs are open on this game just now.")
        self.tabs[source] += 1
        try:
            return await self._serve_tab(request)
        finally:
            self.tabs[source] -= 1
            if self.tabs[source] <= 0:
                del self.tabs[source]

    async def _serve_tab(self, request: web.Request) -> web.StreamResponse:
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        await websocket.prepare(request)
        width, height = _size(request.query)

        async def close() -> None:  # the service wants no answer from the socket's close
            await websocket.close()

        service = _TabService(
            self.server.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.server.download_manager,
        )
        source = address_key(request.remote or "?")
        service.pin = self.pin
        service.seats = self.browser_seats(request)
        service.source = self.sources.source(source)
        service.pin_wait = self.pins.wait(source, time.monotonic()) if self.pin else 0.0
        service.wrong_pin = functools.partial(self.wrong_pin, source)
        await service.start(width, height)
        try:
            await self.server._process_messages(websocket, service)
        except (ValueError, AssertionError, KeyError, TypeError):
            pass  # a message no browser of ours sends: the tab ends
        finally:
            await _stop(service)
            await websocket.close()
        return websocket

    def wrong_pin(self, source: str) -> None:
        """A tab was given a wrong PIN: it counts against its browser's address."""
        if self.pin is not None:
            self.pins.failed(source, time.monotonic())


def _browser(request: web.Request) -> str | None:
    cookie = request.cookies.get(BROWSER_COOKIE, "")
    return cookie if _BROWSER.fullmatch(cookie) else None


def _size(query: Mapping[str, str]) -> tuple[int, int]:
    def number(key: str, default: int, low: int, high: int) -> int:
        text = str(query.get(key, default))
        return min(max(int(text), low), high) if text.isdigit() and len(text) < 6 else default

    return number("width", 80, 20, 400), number("height", 24, 8, 200)


async def _stop(service: AppService) -> None:
    """Ask the tab's child to quit; end it if it does not."""
    try:
        await asyncio.wait_for(service.stop(), STOP_GRACE_SECONDS)
    except TimeoutError:
        process = service._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
