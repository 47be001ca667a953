"""A browser tab's questions: the name first, then the PIN, checked in the tab."""

from __future__ import annotations

import time

import pytest
from textual.widgets import Static

from tests.app.test_solo import until
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.front import web_tab
from wordsy_tui.front.seat import WRONG_PIN_EXIT, seat_file_for, write_token
from wordsy_tui.front.web_tab import TabApp


def question(app: TabApp) -> str:
    screen = app.screen
    if not isinstance(screen, PromptScreen):
        return ""
    return str(screen.query(Static).first().render())


async def test_a_tab_asks_the_name_then_the_pin_and_joins_with_it(monkeypatch):
    app = TabApp(("127.0.0.1", 9), "4711")
    joined: list[tuple[str, str | None]] = []
    monkeypatch.setattr(app, "_join", lambda pin: joined.append((app.player_name, pin)))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Your name" in question(app))
        await pilot.press("C", "a", "t", "enter")
        await until(pilot, lambda: "PIN" in question(app))
        await pilot.press("4", "7", "1", "1", "enter")
        await until(pilot, lambda: bool(joined))
    assert joined == [("Cat", "4711")]


async def test_a_wrong_pin_ends_the_tab_with_the_status_the_front_counts(monkeypatch):
    monkeypatch.setattr(web_tab, "READ_SECONDS", 0.01)
    app = TabApp(("127.0.0.1", 9), "4711")
    joined: list[str | None] = []
    monkeypatch.setattr(app, "_join", joined.append)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Your name" in question(app))
        await pilot.press("C", "a", "t", "enter")
        await until(pilot, lambda: "PIN" in question(app))
        await pilot.press("0", "0", "0", "0", "enter")
        await until(pilot, lambda: not app.is_running)
    assert joined == []
    assert app.return_code == WRONG_PIN_EXIT


async def test_a_tab_from_an_address_that_must_wait_says_so_and_asks_nothing(monkeypatch):
    monkeypatch.setattr(web_tab, "READ_SECONDS", 0.5)
    app = TabApp(("127.0.0.1", 9), "4711", pin_wait=42)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(app.screen.query("#tab-ends")))
        said = str(app.screen.query_one("#tab-ends", Static).render())
        assert "try again in 42 s" in said
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 1


def test_the_web_front_paces_wrong_pins_per_browser_address():
    web = pytest.importorskip("wordsy_tui.front.web", reason="the web extra is not installed")
    front = web.WebFront(game_address=("127.0.0.1", 9), port=0, pin="4711")
    for _ in range(10):
        front.wrong_pin("192.0.2.7")
    assert front.pins.wait("192.0.2.7", time.monotonic()) > 0
    assert front.pins.wait("192.0.2.8", time.monotonic()) == 0  # another browser is not held


async def test_a_name_the_table_would_refuse_is_asked_again(monkeypatch):
    app = TabApp(("127.0.0.1", 9), None)
    joined: list[str | None] = []
    monkeypatch.setattr(app, "_join", lambda pin: joined.append(app.player_name))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Your name" in question(app))
        await pilot.press(*"Bot 1 (easy)", "enter")
        await until(pilot, lambda: bool(app._notifications))
        await until(pilot, lambda: "Your name" in question(app))
        await pilot.press("enter")  # empty: watch
        await until(pilot, lambda: bool(joined))
    assert joined == [""]


async def test_a_name_whose_seat_this_browser_holds_comes_back_without_the_pin(
    monkeypatch, tmp_path
):
    write_token(seat_file_for(tmp_path, "Cat"), "cats-token")
    app = TabApp(("127.0.0.1", 9), "4711", seats=tmp_path)
    joined: list[tuple[str, str | None]] = []
    monkeypatch.setattr(app, "_join", lambda pin: joined.append((app.player_name, pin)))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Your name" in question(app))
        await pilot.press("C", "a", "t", "enter")
        await until(pilot, lambda: bool(joined))
        assert "PIN" not in question(app)
        assert app.seat_file() == seat_file_for(tmp_path, "Cat")
    assert joined == [("Cat", "4711")]
