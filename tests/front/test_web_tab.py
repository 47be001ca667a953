"""A browser tab's questions: the name first, then the PIN, checked in the tab."""

from __future__ import annotations

from textual.widgets import Static

from tests.app.test_solo import until
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.front import web_tab
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


async def test_wrong_pins_never_leave_the_tab_and_the_third_ends_it(monkeypatch):
    monkeypatch.setattr(web_tab, "WRONG_PIN_WAIT", 0.01)
    app = TabApp(("127.0.0.1", 9), "4711")
    joined: list[str | None] = []
    monkeypatch.setattr(app, "_join", joined.append)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await until(pilot, lambda: "Your name" in question(app))
            await pilot.press("C", "a", "t", "enter")
            await until(pilot, lambda: "PIN" in question(app))
            await pilot.press("0", "0", "0", "0", "enter")
            await pilot.pause(0.05)
        await until(pilot, lambda: not app.is_running)
    assert joined == []
    assert app.return_code == 1


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
