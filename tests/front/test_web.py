"""`host --web` in a real browser: headless Chromium opens the page, types a name and
reaches the lobby; the page fetches nothing from anywhere but the host."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.front.browser import Browser, chromium_binary
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
