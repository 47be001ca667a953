"""`host --web` in a real browser: headless Chromium opens the page, types a name and
reaches the lobby; the page fetches nothing from anywhere but the host."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.front.browser import Browser, chromium_binary
from tests.front.fronts import SshPlayer
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

        eve.type("TAPE\r")
        mark = len(eve.output)
        await browser.enter()  # Bob plays on: Enter locks the word in
        await eve.wait_for("· reveal", since=mark)
        revealed = await eve.wait_for("SAMPLING", since=mark)
        assert "no word this round" not in revealed
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
