"""A rematch's new game is drawn from its first state, never from the seat's blank one: between
the host's word of a rematch (the seat reset to a game of nobody's, "new", the default rules)
and the new game's first state, the tile board and Word Nerds' and Wordsmith's screens keep
the last game's drawing, with the rematch's notice line; then the new game's table. (A
watcher of a Words with Friends host read "Scrabble · bag 0 · watching" in that window.)"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import Static

from tests.app.test_first_state import nerds_watched, smith_watched, title_line, wwf_watched
from tests.app.test_fit import on_screen
from tests.app.test_solo import until
from tests.app.test_tile_watch import hold_states, titles_drawn, watcher_app, wwf_table
from tests.session.test_tile_lan import play_to_the_end
from wordsy_tui.app.screens.confirm import RematchScreen
from wordsy_tui.app.table import TableApp
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp
from wordsy_tui.games.tiles.app.dialogs import GameOverScreen
from wordsy_tui.games.tiles.rules import commands as tile_cmd
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase as TilePhase
from wordsy_tui.games.tiles.rules.state import TileGameState
from wordsy_tui.games.tiles.seam import TileRules
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.wordnerds.app.app import NerdsApp
from wordsy_tui.games.wordnerds.app.app import TableScreen as NerdsScreen
from wordsy_tui.games.wordnerds.rules import commands as nerds_cmd
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig
from wordsy_tui.games.wordnerds.rules.state import NerdsState
from wordsy_tui.games.wordnerds.seam import NerdsRules
from wordsy_tui.games.wordnerds.seat import NerdsSeat
from wordsy_tui.games.wordsmith.app.app import SheetScreen, WordsmithApp
from wordsy_tui.games.wordsmith.rules import commands as smith_cmd
from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.rules.state import WordsmithState
from wordsy_tui.games.wordsmith.seam import WordsmithRules
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.table.seat import Door, NextGame

NOTICE = "a new game, in its lobby"
"""The rematch's line on the game's screen (`on_rematch_offered`)."""
LOBBY = "Ann starts the game"
"""What every game's screen says of the new game's lobby (and of no other state here)."""


class Rematched(Door[Any, Any, Any]):
    """A spectator's place at a host that plays again: the last game's state (`last`) at
    once; `tell_rematch` then tells the seat of a rematch as a LAN seat is told it (the view
    reset, then the host's word), and `answer` the new game's first state (`new`)."""

    def __init__(self, blank: Callable[[], Any], last: Any, new: Any) -> None:
        super().__init__(None)
        self.blank = blank
        self.last = last
        self.new = new

    def fresh(self) -> Any:
        return self.blank()

    async def start(self) -> None:
        await self.seat.moved(self.last, ())

    async def stop(self) -> None:
        return None

    async def send(self, command: Any) -> str | None:
        raise AssertionError(f"a spectator's screen sent {command}")

    def tell_rematch(self, message: str) -> None:
        # (As `table.joined.Joined` does at the host's word.)
        self.seat.begin_again(self.fresh())
        self.seat.publish(NextGame(message))

    async def answer(self) -> None:
        await self.seat.moved(self.new, ())


def lobby(rules: Any, opening: Sequence[tuple[str | None, Any]]) -> Any:
    """The table `opening` sets up, as a spectator sees it."""
    state, rng = rules.fresh(), random.Random(1)
    for actor, command in opening:
        for event in rules.decide(state, actor, command, rng):
            state = rules.evolve(state, event)
    return rules.state_for(state, None)


PEOPLE = ("Ann", "Bob")


async def wwf_lobby() -> TileGameState:
    create = tile_cmd.CreateGame(TileGameConfig(GameName.WWF))
    joins = [(person, tile_cmd.JoinGame()) for person in PEOPLE]
    state: TileGameState = lobby(TileRules(), [(None, create), *joins])
    return state


async def nerds_lobby() -> NerdsState:
    state: NerdsState = lobby(NerdsRules(), nerds_cmd.opening(NerdsConfig(), PEOPLE)[:-1])
    return state


async def smith_lobby() -> WordsmithState:
    opening = smith_cmd.opening(WordsmithConfig(), PEOPLE)[:-1]
    state: WordsmithState = lobby(WordsmithRules(), opening)
    return state


@dataclass(frozen=True, slots=True)
class Family:
    """A game's app over a `Rematched` door, its table's screen, its blank state, the last
    game's state and the new game's first."""

    app: Callable[[Rematched], TableApp]
    screen: type[Screen[Any]]
    blank: Callable[[], Any]
    last: Callable[[], Any]
    new: Callable[[], Any]


FAMILIES = [
    pytest.param(
        Family(
            lambda door: TileApp(TileSeat(door)),
            BoardScreen,
            TileGameState,
            wwf_watched,
            wwf_lobby,
        ),
        id="tiles",
    ),
    pytest.param(
        Family(
            lambda door: NerdsApp(NerdsSeat(door)),
            NerdsScreen,
            NerdsState,
            nerds_watched,
            nerds_lobby,
        ),
        id="wordnerds",
    ),
    pytest.param(
        Family(
            lambda door: WordsmithApp(WordsmithSeat(door)),
            SheetScreen,
            WordsmithState,
            smith_watched,
            smith_lobby,
        ),
        id="wordsmith",
    ),
]


def drawn(screen: Screen[Any]) -> dict[str, str]:
    """What each of the screen's lines says now, but the message line."""
    return {
        line.id: str(line.render())
        for line in screen.query(Static)
        if line.id is not None and line.id != "message"
    }


@pytest.mark.parametrize("family", FAMILIES)
async def test_a_watcher_keeps_the_last_game_on_screen_until_the_rematchs_first_state(
    family: Family,
) -> None:
    door = Rematched(family.blank, await family.last(), await family.new())
    app = family.app(door)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, family.screen))
        await pilot.pause()
        screen = app.screen
        last_game = drawn(screen)
        assert LOBBY not in "\n".join(last_game.values())

        door.tell_rematch("Ann wants a rematch")
        await until(pilot, lambda: isinstance(app.screen, RematchScreen))
        # The host seats everyone again before the new game's state: the screen redraws.
        door.seat.present({"Ann": True, "Bob": True})
        await pilot.pause()
        screen.redraw()  # type: ignore[attr-defined]  # (every game's table screen has one)
        await pilot.pause()
        assert drawn(screen) == last_game
        assert NOTICE in str(screen.query_one("#message", Static).render())

        await door.answer()
        await until(pilot, lambda: LOBBY in "\n".join(drawn(screen).values()))
        assert app.screen_stack[-2:] == [screen, app.screen]  # the rematch's question over it


async def test_a_watcher_of_a_words_with_friends_host_at_a_rematch_never_sees_a_scrabble_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    titles = titles_drawn(monkeypatch)
    async with wwf_table(tmp_path) as (server, ann):
        app = watcher_app(server)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: len(app.session.state.players) == 2, timeout=30)
            assert await ann.start_game() is None
            await play_to_the_end(server, [ann])
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=30)
            # The new game's first state held back, as a slow host's (it may come before or
            # after the rematch's word is drawn).
            holding, answered = hold_states(
                monkeypatch, app.session, lambda state: state.phase is not TilePhase.OVER
            )
            titles.clear()
            assert await server.rematch() is None
            await until(pilot, lambda: isinstance(app.screen, RematchScreen), timeout=30)
            await until(pilot, holding.is_set, timeout=30)
            app.board_screen.redraw()
            await pilot.pause()
            assert NOTICE in on_screen(pilot)
            assert app.session.state.phase == "new"
            assert [t for t in titles if not t.startswith("Words with Friends")] == []

            answered.set()
            await until(pilot, lambda: app.session.state.phase is TilePhase.LOBBY, timeout=30)
            await pilot.press("y")  # (a spectator stays to watch)
            await until(pilot, lambda: isinstance(app.screen, BoardScreen))
            await pilot.pause()
            assert title_line(on_screen(pilot)).strip().startswith("Words with Friends")
            assert "game over" not in title_line(on_screen(pilot))
    assert titles
    assert [t for t in titles if "Scrabble" in t] == []
