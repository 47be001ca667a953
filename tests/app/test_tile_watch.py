"""Watching a tile game at the board screen, and chatting at its table (127.0.0.1).

A spectator's board is read-only: no rack, no play keys in the key bar, typed letters lay
nothing; it follows a player and the host's computer player to the end of the game. The hosting
player and a spectator chat with Ctrl+T, see each other's lines on the board, and the
host mutes the spectator with F8.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

from tests.app.test_fit import on_screen
from tests.app.tile_fixtures import until
from tests.session.test_tile_lan import DICTIONARY, join, tile_host
from tests.session.test_tile_watch import play_out
from wordsy_tui.app.screens.chat import ChatScreen
from wordsy_tui.app.screens.remove import PickScreen
from wordsy_tui.app.widgets.line import Line
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp
from wordsy_tui.games.tiles.app.dialogs import GameOverScreen
from wordsy_tui.games.tiles.host import TileHost
from wordsy_tui.games.tiles.rules.legal import may_play
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.table.chat import ChatHeard


def watcher_app(server: TileHost, name: str = "dora") -> TileApp:
    return TileApp(
        TileSeat.join(
            "127.0.0.1", server.port, name, server.config.game, DICTIONARY, spectate=True
        )
    )


@contextlib.asynccontextmanager
async def wwf_table(tmp_path: Path) -> AsyncIterator[tuple[TileHost, TileSeat]]:
    """A Words with Friends host on loopback, ann and an easy bot seated in its lobby."""
    server = tile_host(tmp_path, GameName.WWF)
    await server.start()
    ann = join(server, "ann")
    try:
        await ann.start()
        await server.add_bot(Level.EASY)
        yield server, ann
    finally:
        await ann.stop()
        await server.stop()


def titles_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every title a tile board's title bar is given from now on, in order."""
    titles: list[str] = []
    show = Line.show

    def shown(line: Line, text: Text) -> None:
        if line.id == "title-bar":
            titles.append(text.plain)
        show(line, text)

    monkeypatch.setattr(Line, "show", shown)
    return titles


def hold_states(
    monkeypatch: pytest.MonkeyPatch,
    session: TileSeat,
    held: Callable[[TileGameState], bool] = lambda state: True,
) -> tuple[asyncio.Event, asyncio.Event]:
    """Hold the states of `session` that `held` picks back, as a slow host's: the first
    event is set once one is held, and setting the second lets them through."""
    holding, answered = asyncio.Event(), asyncio.Event()
    moved = session.moved

    async def moved_late(state: TileGameState, events: Sequence[Any]) -> None:
        if held(state):
            holding.set()
            await answered.wait()
        await moved(state, events)

    monkeypatch.setattr(session, "moved", moved_late)
    return holding, answered


def keys_shown(pilot: Pilot[None]) -> set[str]:
    """The actions the key bar offers now."""
    return {
        active.binding.action
        for active in pilot.app.screen.active_bindings.values()
        if active.enabled and active.binding.show
    }


def chat_shown(pilot: Pilot[None]) -> str:
    return str(pilot.app.screen.query_one("#chat-last", Static).render())


async def test_a_spectator_watches_a_whole_game_read_only(tmp_path: Path) -> None:
    async with wwf_table(tmp_path) as (server, ann):
        app = watcher_app(server)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: len(app.session.state.players) == 2)
            screen = app.board_screen
            assert isinstance(pilot.app.screen, BoardScreen)
            assert not screen.query_one("#rack").display
            assert keys_shown(pilot) == {"help", "chat", "leave"}
            await pilot.press("f6")  # the start is the seated players' (ann's), not ours
            assert server.state.phase is Phase.LOBBY
            assert await ann.start_game() is None
            # While the game waits for ann, every key of a player's does nothing here.
            await until(pilot, lambda: may_play(app.session.state, "ann"))
            seq = server.host.seq
            await pilot.press("a", "e", "question_mark", "enter", "f3", "f2", "f4", "f5")
            await pilot.pause()
            assert not screen.draft.placed
            assert isinstance(pilot.app.screen, BoardScreen)  # no exchange, no blank asked
            assert server.host.seq == seq
            text = on_screen(pilot)
            assert "watching" in text
            assert "Rack" not in text
            assert "every rack is hidden" in text
            assert "Chat: Ctrl+T to talk" in text
            assert keys_shown(pilot) == {"help", "chat", "leave"}
            await play_out(server, [ann])
            await until(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen))
            assert app.session.state == state_for_seat(server.state, None)
            assert server.host.spectators == 1


async def test_the_host_and_a_spectator_chat_and_the_host_mutes_with_f8(
    tmp_path: Path,
) -> None:
    server = tile_host(tmp_path, GameName.SCRABBLE)
    ann = TileApp(TileSeat.host("Ann", server))
    async with ann.run_test(size=(80, 24)) as host:
        await until(host, lambda: "Ann" in ann.session.state.players)
        dora = watcher_app(server)
        async with dora.run_test(size=(80, 24)) as watcher:
            await until(watcher, lambda: "Ann" in dora.session.state.players)
            await watcher.press("ctrl+t")
            assert isinstance(dora.screen, ChatScreen)
            await watcher.press(*"go ann", "enter")
            spoken = ChatHeard("dora", "go ann", watching=True)
            await until(host, lambda: ann.chat == (spoken,))
            await until(watcher, lambda: dora.chat == (spoken,))
            assert "dora (watching): go ann" in chat_shown(host)
            assert "dora (watching): go ann" in chat_shown(watcher)

            await host.press("ctrl+t", *"thanks", "enter")
            await until(watcher, lambda: len(dora.chat) == 2)
            assert dora.chat[-1] == ChatHeard("Ann", "thanks")
            # The spectator's Ctrl+T shows what was said above the line it types.
            await watcher.press("ctrl+t")
            log = "\n".join(s.text for s in dora.screen.query_one("#chat-log").lines)
            assert "Ann: thanks" in log
            await watcher.press("escape")

            await host.press("f8")
            assert isinstance(ann.screen, PickScreen)
            await host.press("enter")  # dora, the only other one here
            await until(host, lambda: "dora" in server.muted)
            await watcher.press("ctrl+t", *"boo", "enter")
            await until(watcher, lambda: dora.chat_muted)
            assert all(line.text != "boo" for line in ann.chat)
        await host.press("ctrl+q", "y")


async def test_a_spectator_leaves_at_once_having_no_seat_to_keep(tmp_path: Path) -> None:
    server = tile_host(tmp_path, GameName.WORDFEUD)
    await server.start()
    ann = join(server, "ann")
    try:
        await ann.start()
        app = watcher_app(server)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.session.state.players == ("ann",))
            await pilot.press("ctrl+q")
            await until(pilot, lambda: not app.is_running)
            assert app.return_code == 0
        assert server.host.spectators == 0
    finally:
        await ann.stop()
        await server.stop()
