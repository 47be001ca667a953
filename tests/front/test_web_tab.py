"""A browser tab's questions: the name first, then the PIN, checked in the tab; then the
game's app, whatever the game, and the questions again."""

from __future__ import annotations

import time

import pytest
from textual.widgets import Static

from net import Refused
from net.protocol import NAME_TAKEN
from tests.app.test_solo import until
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.app.table import TableApp
from wordsy_tui.front import web_tab
from wordsy_tui.front.seat import WRONG_PIN_EXIT, seat_file_for, write_token
from wordsy_tui.front.web_tab import TabApp
from wordsy_tui.games.tiles.app.app import TileApp
from wordsy_tui.games.wordsy.app import WordsyApp


def question(app: TabApp) -> str:
    screen = app.screen
    if not isinstance(screen, PromptScreen):
        return ""
    return str(screen.query(Static).first().render())


async def test_a_tab_asks_the_name_then_the_pin_and_joins_with_it(monkeypatch):
    app = TabApp(("127.0.0.1", 9), "4711", game="wordsy")
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
    app = TabApp(("127.0.0.1", 9), "4711", game="wordsy")
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
    app = TabApp(("127.0.0.1", 9), "4711", pin_wait=42, game="wordsy")
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
    app = TabApp(("127.0.0.1", 9), None, game="wordsy")
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
    app = TabApp(("127.0.0.1", 9), "4711", seats=tmp_path, game="wordsy")
    joined: list[tuple[str, str | None]] = []
    monkeypatch.setattr(app, "_join", lambda pin: joined.append((app.player_name, pin)))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Your name" in question(app))
        await pilot.press("C", "a", "t", "enter")
        await until(pilot, lambda: bool(joined))
        assert "PIN" not in question(app)
        assert app.seat_file() == seat_file_for(tmp_path, "Cat")
    assert joined == [("Cat", "4711")]


@pytest.mark.parametrize(("game", "app_class"), [("wordsy", WordsyApp), ("wwf", TileApp)])
async def test_the_tab_is_the_same_for_every_game_and_opens_its_app(game, app_class, tmp_path):
    app = TabApp(("127.0.0.1", 9), None, seats=tmp_path, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Your name" in question(app))
        await pilot.press("C", "a", "t", "enter")
        await until(pilot, lambda: not app.is_running)
    # The game's own app, through its kit, to run once the questions have closed.
    assert isinstance(app.chosen, app_class)
    seat = app.chosen.seat
    assert seat is not None
    assert seat.me == "Cat"
    assert seat.door.keeper is not None, "its token kept in this browser's seat file"


class Closed(TableApp):
    """A game's app as the tab sees it once it has closed (`start_error`, `problem`)."""

    def __init__(self, error: Exception | None) -> None:
        super().__init__()
        self.start_error = error
        self.problem = None if error is None else f"Cannot join: {error}"


async def test_after_the_game_the_tab_asks_again_saying_why_it_could_not_start():
    first = TabApp(("127.0.0.1", 9), None, game="wordsy", player_name="Cat")
    again = first.again(Closed(Refused("game-full", "The game is full (6 players)")))
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Your name" in question(again))
        told = [n.message for n in again._notifications]
        assert told == ["Cannot join: The game is full (6 players)"]
    left = first.again(Closed(None))  # the player left the game: asked afresh, nothing said
    async with left.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Your name" in question(left))
        assert not left._notifications


async def test_a_name_another_program_holds_asks_the_host_for_the_seat_once(monkeypatch):
    first = TabApp(("127.0.0.1", 9), "4711", game="wordsy", player_name="Cat")
    taken = Closed(Refused(NAME_TAKEN, "Cat is seated at this table already"))
    again = first.again(taken)
    joined: list[tuple[str, str | None, bool]] = []
    monkeypatch.setattr(
        again, "_join", lambda pin: joined.append((again.player_name, pin, again.reclaiming))
    )
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, ConfirmScreen))
        assert "Cat already has a seat at this table" in again.screen.question
        await pilot.press("y")
        await until(pilot, lambda: bool(joined))
    assert joined == [("Cat", "4711", True)]  # the PIN the tab was given, and the reclaim
    again.reclaiming = True
    refused_again = again.again(taken)  # the host said no: the name again, saying why
    assert not refused_again.taken
    assert refused_again.notice == "Cannot join: Cat is seated at this table already"
