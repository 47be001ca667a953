"""Headless Chromium driven over the DevTools protocol: what a browser tab shows and types.

Only loopback pages: the browser starts with its background traffic (updates, sync,
QUIC, component downloads) off and a fresh profile.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import shutil
from pathlib import Path
from typing import Any

import aiohttp
import pytest

GUARD_SECONDS = 120.0  # against a hang only: never a timing assertion
FLAGS = (
    "--headless",
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox cannot start
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--remote-debugging-address=127.0.0.1",
    "--remote-debugging-port=0",
    "--window-size=1000,700",
)

# The page's terminal (xterm.js) draws on a canvas and is kept in a closure; its fit add-on
# stores it as `_terminal` when loaded, which a setter on Object.prototype sees first.
FIND_THE_TERMINAL = """
(() => {
  const kept = new WeakMap();
  Object.defineProperty(Object.prototype, '_terminal', {
    configurable: true,
    get() { return kept.get(this); },
    set(value) {
      if (value && value._core) { window.__wordsyTerminal = value; }
      kept.set(this, value);
    },
  });
})();
"""
READ_THE_PAGE = """
(() => {
  const rows = [];
  const term = window.__wordsyTerminal;
  if (term) {
    const screen = term.buffer.active;
    for (let y = 0; y < term.rows; y++) {
      const line = screen.getLine(screen.viewportY + y);
      rows.push(line ? line.translateToString(true) : '');
    }
  }
  return (document.body ? document.body.innerText : '') + '\\n' + rows.join('\\n');
})()
"""


def chromium_binary() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no Chromium on this machine (.ci/run installs the chromium package)")


class Browser:
    def __init__(self, profile: Path) -> None:
        self.profile = profile
        self.process: asyncio.subprocess.Process | None = None
        self.http: aiohttp.ClientSession | None = None
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self._ids = itertools.count(1)

    async def start(self) -> None:
        self.process = await asyncio.create_subprocess_exec(
            chromium_binary(),
            *FLAGS,
            f"--user-data-dir={self.profile}",
            "about:blank",
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        active = self.profile / "DevToolsActivePort"
        async with asyncio.timeout(GUARD_SECONDS):
            while not active.exists() or len(active.read_text().splitlines()) < 2:
                await asyncio.sleep(0.1)
        port = int(active.read_text().splitlines()[0])
        self.http = aiohttp.ClientSession()
        async with self.http.get(f"http://127.0.0.1:{port}/json/list") as response:
            targets = await response.json(content_type=None)
        page = next(t for t in targets if t.get("type") == "page")
        self.socket = await self.http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        await self.call("Page.enable")
        await self.call("Page.addScriptToEvaluateOnNewDocument", source=FIND_THE_TERMINAL)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        assert self.socket is not None
        number = next(self._ids)
        await self.socket.send_str(json.dumps({"id": number, "method": method, "params": params}))
        async with asyncio.timeout(GUARD_SECONDS):
            while True:
                message = json.loads((await self.socket.receive()).data)
                if message.get("id") == number:
                    if "error" in message:
                        raise RuntimeError(f"{method}: {message['error']}")
                    result: dict[str, Any] = message.get("result", {})
                    return result

    async def open(self, url: str) -> None:
        await self.call("Page.navigate", url=url)

    async def reload(self) -> None:
        """As F5: the page and its terminal start again (the tab's child ends)."""
        await self.call("Page.reload", ignoreCache=True)

    async def evaluate(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    async def text(self) -> str:
        """The page's text: its own, then the rows the terminal shows (drawn on a canvas,
        so read from the terminal's screen buffer)."""
        result = await self.call("Runtime.evaluate", expression=READ_THE_PAGE, returnByValue=True)
        return str(result.get("result", {}).get("value", ""))

    async def wait_for(self, wanted: str) -> str:
        shown = ""
        try:
            async with asyncio.timeout(GUARD_SECONDS):
                while wanted not in (shown := await self.text()):
                    await asyncio.sleep(0.2)
        except TimeoutError:
            raise AssertionError(f"{wanted!r} never showed; the page shows:\n{shown}") from None
        return shown

    async def focus(self) -> None:
        """Keys go to the terminal, as after a click on it."""
        await self.call("Runtime.evaluate", expression="window.__wordsyTerminal.focus()")

    async def type(self, text: str) -> None:
        await self.focus()
        for char in text:
            await self.call("Input.dispatchKeyEvent", type="keyDown", text=char, key=char)
            await self.call("Input.dispatchKeyEvent", type="keyUp", key=char)

    async def paste(self, text: str) -> None:
        """`text` in one piece, as from the clipboard: the terminal gets it in one burst."""
        await self.focus()
        await self.call("Input.insertText", text=text)

    async def enter(self) -> None:
        await self.focus()
        keys = {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13}
        await self.call("Input.dispatchKeyEvent", type="keyDown", text="\r", **keys)
        await self.call("Input.dispatchKeyEvent", type="keyUp", **keys)

    async def press(self, key: str, code: str, key_code: int, *, ctrl: bool = False) -> None:
        """A key as DOM names it (`key`, `code`, and the old numeric code), with Ctrl held."""
        await self.focus()
        keys = {"key": key, "code": code, "windowsVirtualKeyCode": key_code}
        held = {"modifiers": 2} if ctrl else {}
        await self.call("Input.dispatchKeyEvent", type="rawKeyDown", **keys, **held)
        await self.call("Input.dispatchKeyEvent", type="keyUp", **keys, **held)

    async def requests_elsewhere(self) -> list[str]:
        """Every resource the page loaded from a host other than loopback."""
        result = await self.call(
            "Runtime.evaluate",
            expression="performance.getEntriesByType('resource').map(e => e.name)",
            returnByValue=True,
        )
        names = result.get("result", {}).get("value", [])
        return [n for n in names if not n.startswith(("http://127.0.0.1", "ws://127.0.0.1"))]

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self.http is not None:
            await self.http.close()
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(30):
                    await self.process.wait()
            if self.process.returncode is None:
                self.process.kill()
                await self.process.wait()
