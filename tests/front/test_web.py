"""`host --web` in a real browser: headless Chromium opens the page, types a name and
reaches the lobby; the page fetches nothing from anywhere but the host."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from tests.front.browser import Browser, chromium_binary
from tests.front.fronts import GUARD_SECONDS, SshPlayer, both_lock_in_and_the_reveal_shows, text_of
from wordsy_tui.front.web import offline_page


@pytest.fixture
async def browser(tmp_path: Path) -> AsyncIterator[Browser]:
    chromium_binary()
    tab = Browser(tmp_path / "profile")
    try:
        yield tab
    finally:
        await tab.close()


async def test_a_browser_tab_asks_the_name_and_reaches_the_lobby(host, browser):
    await host.start("--web", "0", "--pin", "4711")
    await browser.start()
    await browser.open(f"http://127.0.0.1:{host.web_port}/")
    await browser.wait_for("Your name at the table")
    await answer(browser, "Cat", "4711")
    lobby = await browser.wait_for("Cat (you)")
    assert "Lobby" in lobby
    assert await browser.requests_elsewhere() == []


async def answer(browser: Browser, name: str, pin: str) -> None:
    """The tab's two questions: the name, then the PIN."""
    await browser.type(name)
    await browser.enter()
    await browser.wait_for("This game has a PIN")
    await browser.type(pin)
    await browser.enter()


def test_the_page_leaves_out_what_it_would_fetch_from_the_internet():
    page = offline_page(
        '<link rel="stylesheet" href="/static/css/xterm.css" />\n'
        '<link\n  rel="stylesheet"\n  href="https://fonts.example.com/css?family=Mono"\n/>'
    )
    assert "https://" not in page
    assert "/static/css/xterm.css" in page


async def test_a_browser_that_reloads_mid_round_sits_down_again_and_plays_on_with_its_word(
    host, browser
):
    await host.start("--web", "0", "--pin", "4711")
    url = f"http://127.0.0.1:{host.web_port}/"
    await browser.start()
    await browser.open(url)
    await browser.wait_for("Your name at the table")
    await answer(browser, "Bob", "4711")
    await browser.wait_for("Bob (you)")
    eve = await SshPlayer.connect(host.ssh_port, "Eve")
    try:
        await eve.wait_for("PIN:")
        eve.type("4711\r")
        await browser.wait_for("Seats: 2 of 6")
        await browser.enter()  # Bob sat down first: Enter starts the game
        await browser.wait_for("type your word")
        await browser.paste("sampling")  # in one piece: one commitment, of the whole word
        await eve.wait_for("written")  # Bob's word (its commitment) reached the host

        await browser.reload()
        await browser.wait_for("Your name at the table")
        await browser.type("Bob")
        await browser.enter()  # no PIN asked: this browser's seat comes back with its token
        back = await browser.wait_for("SAMPLING")
        assert "Bob (you)" in back
        # The seat's key is the browser's alone: in no URL, the page, or a script's reach.
        assert await browser.evaluate("document.cookie") == ""
        assert "token" not in await browser.evaluate("location.href")

        # Bob plays on: Enter locks the word in.
        await both_lock_in_and_the_reveal_shows(eve, "SAMPLING", browser.enter)
    finally:
        await eve.close()


async def test_a_player_on_another_browser_asks_the_host_for_their_seat(host, tmp_path):
    await host.start("--web", "0", desk=True)
    url = f"http://127.0.0.1:{host.web_port}/"
    first, second = Browser(tmp_path / "first"), Browser(tmp_path / "second")
    try:
        await first.start()
        await first.open(url)
        await first.wait_for("Your name at the table")
        await first.type("Bob")
        await first.enter()
        await first.wait_for("Bob (you)")

        await second.start()  # another browser (its own cookies): the seat is not its
        await second.open(url)
        await second.wait_for("Your name at the table")
        await second.type("Bob")
        await second.enter()
        await second.wait_for("Ask the host?")
        await second.type("y")
        await host.said("asks for Bob's seat")
        host.command("allow Bob")
        await second.wait_for("Bob (you)")
        await second.wait_for("Seats: 1 of 6")  # the same seat, handed over
    finally:
        await first.close()
        await second.close()


class RawTab:
    """A browser tab without the browser: textual-serve's websocket, from a chosen address."""

    def __init__(self, http: aiohttp.ClientSession, socket: aiohttp.ClientWebSocketResponse):
        self.http = http
        self.socket = socket
        self.output = bytearray()

    @classmethod
    async def open(cls, port: int, source: str) -> RawTab:
        http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0)))
        socket = await http.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
        return cls(http, socket)

    async def wait_for(self, *wanted: str) -> str:
        """What the tab showed once it shows one of `wanted`."""
        async with asyncio.timeout(GUARD_SECONDS):
            while not any(w in text_of(bytes(self.output)) for w in wanted):
                message = await self.socket.receive()
                if message.type is aiohttp.WSMsgType.BINARY:
                    self.output += message.data
                elif message.type is not aiohttp.WSMsgType.TEXT:
                    raise AssertionError(f"the tab ended; it showed:\n{text_of(self.output)}")
        return text_of(bytes(self.output))

    async def type(self, text: str) -> None:
        await self.socket.send_json(["stdin", text])

    async def answer(self, name: str, pin: str) -> None:
        """The tab's two questions: the name, then the PIN."""
        await self.type(f"{name}\r")
        await self.wait_for("This game has a PIN")
        await self.type(f"{pin}\r")

    async def close(self) -> None:
        await self.socket.close()
        await self.http.close()


async def test_new_seats_from_browsers_are_paced_per_browser_address(host):
    await host.start("--web", "0")
    tabs: list[RawTab] = []
    try:
        for number, name in enumerate(("Ann", "Bob", "Cat", "Dan")):
            tab = await RawTab.open(host.web_port, "127.0.0.2")
            tabs.append(tab)
            await tab.wait_for("Your name at the table")
            await tab.type(f"{name}\r")
            if number < 3:
                await tab.wait_for(f"{name} (you)")
            else:  # a fourth new seat from one machine at once: paced, as the host's own are
                await tab.wait_for("Too many new players")  # (a notice: the line wraps)
            if number == 1:
                await tab.close()  # tabs come and go: the address's pace stays
                tabs.remove(tab)
        other = await RawTab.open(host.web_port, "127.0.0.3")
        tabs.append(other)
        await other.wait_for("Your name at the table")
        await other.type("Eve\r")
        await other.wait_for("Eve (you)")
    finally:
        for tab in tabs:
            await tab.close()


async def test_wrong_pins_from_browsers_are_paced_per_browser_address(host):
    await host.start("--web", "0", "--pin", "4711")
    said = ""
    for _ in range(12):  # three typos are free; then the address waits, longer each time
        tab = await RawTab.open(host.web_port, "127.0.0.2")
        try:
            said = await tab.wait_for("Your name at the table", "Too many wrong PINs")
            if "Too many wrong PINs" in said:
                break
            await tab.answer("Mal", "0000")
            await tab.wait_for("Wrong PIN")
        finally:
            await tab.close()
    assert "Too many wrong PINs from your address" in said
    other = await RawTab.open(host.web_port, "127.0.0.3")  # another machine is not held
    try:
        await other.wait_for("Your name at the table")
        await other.answer("Ann", "4711")
        await other.wait_for("Ann (you)")
    finally:
        await other.close()


async def test_a_browser_is_shown_the_keys_that_reach_its_page_and_they_work(host, browser):
    await host.start("--web", "0")
    await browser.start()
    await browser.open(f"http://127.0.0.1:{host.web_port}/")
    await browser.wait_for("Your name at the table")
    await browser.type("Cat")
    await browser.enter()
    lobby = await browser.wait_for("F3 to talk")  # a browser keeps Ctrl+T for a new tab
    assert "Ctrl+T" not in lobby
    await browser.press("F3", "F3", 114)
    await browser.wait_for("Esc closes")  # chat opened
    await browser.press("Escape", "Escape", 27)
    await browser.press("c", "KeyC", 67, ctrl=True)  # Ctrl+Q quits Firefox on Linux
    await browser.wait_for("Your name at the table")  # left the table: the tab asks again
    await browser.type("Dan")
    await browser.enter()
    lobby = await browser.wait_for("Dan (you)")
    # Cat's program left the table, and gave the lobby's seat up on the way out.
    assert "Cat" not in lobby, "Cat's seat is still held"
