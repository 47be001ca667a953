"""No game's screen before its session's first state, in every game alike (the shell's
`TableApp.show_table`): nothing at first, "Connecting to the game…" for a host slow to
answer, then the game's own screen, drawn from the host's state and never from the seat's
blank one (a spectator of a Words with Friends host saw a board titled "Scrabble")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from tests.app.fixtures import FixedAdvisor, lobby_state
from tests.app.smith_fixtures import played as smith_played
from tests.app.test_fit import on_screen
from tests.app.test_solo import until
from tests.app.test_tile_watch import hold_states, titles_drawn, watcher_app, wwf_table
from tests.app.tile_fixtures import solo_table, tile_session
from tests.games.madeup import rules as madeup
from tests.games.madeup.app import CountScreen, MadeUpApp
from tests.games.madeup.seat import MadeUpSeat
from tests.games.wordnerds.tables import drive
from wordsy_tui.app.messages import ActionRefused, LinkUpdated, PresenceUpdated
from wordsy_tui.app.screens.waiting import WaitingScreen
from wordsy_tui.app.table import TableApp
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import TileGameState
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.wordnerds.app.app import NerdsApp
from wordsy_tui.games.wordnerds.app.app import TableScreen as NerdsScreen
from wordsy_tui.games.wordnerds.rules.state import NerdsState
from wordsy_tui.games.wordnerds.rules.state import Phase as NerdsPhase
from wordsy_tui.games.wordnerds.seam import NerdsRules
from wordsy_tui.games.wordnerds.seat import NerdsSeat
from wordsy_tui.games.wordsmith.app.app import SheetScreen, WordsmithApp
from wordsy_tui.games.wordsmith.rules.state import WordsmithState
from wordsy_tui.games.wordsmith.seam import WordsmithRules
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.lobby import LobbyScreen
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.seat import Door, LinkChanged, Update


class Held(Door[Any, Any, Any]):
    """A spectator's way to a host that has not answered yet: the seat's first state
    (`state`) comes once the test says so (`answered`); what the host says before it
    (`early`) comes at once."""

    def __init__(self, blank: Any, state: Any, early: Sequence[Update[Any, Any]] = ()) -> None:
        super().__init__(None)
        self.blank = blank
        self.state = state
        self.early = tuple(early)
        self.answered = asyncio.Event()

    def fresh(self) -> Any:
        return self.blank

    async def start(self) -> None:
        for update in self.early:
            self.seat.publish(update)
        await self.answered.wait()
        await self.seat.moved(self.state, ())

    async def stop(self) -> None:
        return None

    async def send(self, command: Any) -> str | None:
        raise AssertionError(f"a spectator's screen sent {command}")


class Refusing(Held):
    """A host that turns the seat away."""

    async def start(self) -> None:
        raise ConnectionRefusedError("the game has already started")


@dataclass(frozen=True, slots=True)
class Family:
    """A game's app over a `Held` door, its table's screen, and its title over `state`."""

    app: Callable[[Held], TableApp]
    screen: type[Screen[Any]]
    blank: Callable[[], Any]
    title: str
    """What the title of the game's screen says at the host's state (the first line)."""


async def wwf_watched() -> TileGameState:
    """A Words with Friends game in play, as a spectator sees it."""
    game = tile_session(GameName.WWF)
    await game.start()
    try:
        return state_for_seat(solo_table(game).host, None)
    finally:
        await game.stop()


async def nerds_watched() -> NerdsState:
    _log, host = drive(("Ann", "Bob"), seed=3, until=lambda s: s.phase is NerdsPhase.BIDDING)
    return NerdsRules().state_for(host, None)


async def smith_watched() -> WordsmithState:
    host, _log = smith_played(2)
    return WordsmithRules().state_for(host, None)


async def wordsy_lobby() -> GameState:
    return lobby_state()


FAMILIES = [
    pytest.param(
        Family(lambda door: TileApp(TileSeat(door)), BoardScreen, TileGameState, "Words with"),
        wwf_watched,
        id="tiles",
    ),
    pytest.param(
        Family(lambda door: NerdsApp(NerdsSeat(door)), NerdsScreen, NerdsState, "Word Nerds"),
        nerds_watched,
        id="wordnerds",
    ),
    pytest.param(
        Family(
            lambda door: WordsmithApp(WordsmithSeat(door)),
            SheetScreen,
            WordsmithState,
            "Wordsmith",
        ),
        smith_watched,
        id="wordsmith",
    ),
    pytest.param(
        Family(
            lambda door: WordsyApp(WordsySeat(door), advisor=FixedAdvisor()),
            LobbyScreen,
            GameState,
            "Lobby",
        ),
        wordsy_lobby,
        id="wordsy",
    ),
]


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Callable[[type[Screen[Any]]], list[str]]:
    """The phases of the seat each time a screen of a class is built (composed)."""

    def count(screen_class: type[Screen[Any]]) -> list[str]:
        phases: list[str] = []
        compose = screen_class.compose

        def counted(screen: Screen[Any]) -> ComposeResult:
            app = screen.app
            assert isinstance(app, TableApp)
            assert app.seat is not None
            phases.append(str(app.seat.state.phase))
            return compose(screen)

        monkeypatch.setattr(screen_class, "compose", counted)
        return phases

    return count


def title_line(text: str) -> str:
    return text.splitlines()[0]


@pytest.mark.parametrize(("family", "state_of"), FAMILIES)
async def test_a_slow_hosts_table_shows_a_wait_then_the_game_never_a_blank_table(
    family: Family,
    state_of: Callable[[], Any],
    built: Callable[[type[Screen[Any]]], list[str]],
) -> None:
    door = Held(family.blank(), await state_of())
    shown = built(family.screen)
    app = family.app(door)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not [s for s in app.screen_stack if isinstance(s, family.screen)]
        # The host takes its time: the player is told.
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        assert "Connecting to the game…" in on_screen(pilot)
        door.answered.set()
        await until(pilot, lambda: isinstance(app.screen, family.screen))
        await pilot.pause()
        assert family.title in title_line(on_screen(pilot))
        assert not [s for s in app.screen_stack if isinstance(s, WaitingScreen)]
    assert shown
    assert "new" not in shown


@pytest.mark.parametrize(("family", "state_of"), FAMILIES)
async def test_what_the_host_says_before_its_first_state_is_shown_with_the_table(
    family: Family, state_of: Callable[[], Any]
) -> None:
    said = "The link to the host dropped"
    door = Held(family.blank(), await state_of(), early=[LinkChanged(False, said)])
    app = family.app(door)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        door.answered.set()
        await until(pilot, lambda: isinstance(app.screen, family.screen))
        await pilot.pause()
        assert said in on_screen(pilot)


@pytest.mark.parametrize(("family", "state_of"), FAMILIES[:3])
async def test_a_host_that_turns_the_seat_away_closes_the_app_with_no_table_shown(
    family: Family,
    state_of: Callable[[], Any],
    built: Callable[[type[Screen[Any]]], list[str]],
) -> None:
    shown = built(family.screen)
    app = family.app(Refusing(family.blank(), None))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 1
    assert shown == []


@pytest.mark.parametrize(("family", "state_of"), FAMILIES[:3])
async def test_a_seat_turned_away_keeps_why_for_whoever_runs_the_app(
    family: Family, state_of: Callable[[], Any]
) -> None:
    # A browser tab reads it to say why, or to offer a seat held elsewhere to its owner.
    app = family.app(Refusing(family.blank(), None))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.return_code is not None)
    assert isinstance(app.start_error, ConnectionRefusedError)
    assert app.problem == "Cannot join: the game has already started"


async def test_a_spectator_of_a_words_with_friends_host_never_sees_a_scrabble_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    titles = titles_drawn(monkeypatch)
    async with wwf_table(tmp_path) as (server, ann):
        assert await ann.start_game() is None
        app = watcher_app(server)
        # The host's answer held back, as a slow host's: on a LAN it may come before or
        # after the app's first frame.
        holding, answered = hold_states(monkeypatch, app.session)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, holding.is_set, timeout=30)
            await pilot.pause()
            # No board drawn from the seat's blank state (a Scrabble table of nobody's).
            assert titles == []
            assert not [s for s in app.screen_stack if isinstance(s, BoardScreen)]
            answered.set()
            await until(pilot, lambda: isinstance(app.screen, BoardScreen), timeout=30)
            await pilot.pause()
            assert "Words with Friends" in title_line(on_screen(pilot))
    assert titles
    assert [t for t in titles if "Scrabble" in t] == []


async def count_in_play() -> madeup.State:
    return madeup.State(phase=madeup.Phase.PLAYING, players=("Ann", "Bob"))


MADE_UP = pytest.param(
    Family(lambda door: MadeUpApp(MadeUpSeat(door)), CountScreen, madeup.State, "Twenty-One"),
    count_in_play,
    id="madeup",
)


@pytest.mark.parametrize(("family", "state_of"), [*FAMILIES, MADE_UP])
async def test_news_for_a_table_taken_down_is_let_go(
    family: Family, state_of: Callable[[], Any]
) -> None:
    # An app that closes takes its screens apart while news its session sent before may still
    # be handled (Textual's test harness does): a screen gone is not drawn on.
    door = Held(family.blank(), await state_of())
    door.answered.set()
    app = family.app(door)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, family.screen))
        await app.pop_screen()
        app.post_message(PresenceUpdated({"Ann": False, "Bob": True}))
        app.post_message(LinkUpdated(False, "The link to the host dropped"))
        app.post_message(ActionRefused("Not your turn"))
        await pilot.pause()
        assert not [s for s in app.screen_stack if isinstance(s, family.screen)]


@pytest.mark.parametrize(("family", "state_of"), FAMILIES)
async def test_the_tables_screen_is_drawn_as_it_mounts(
    family: Family, state_of: Callable[[], Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first frame comes right after mounting: a screen that drew only at its next news
    # showed a blank table first (Word Nerds', Wordsmith's: their title 30-100 ms late).
    titles: list[str] = []
    mounted = family.screen.on_mount  # type: ignore[attr-defined]

    def on_mount(screen: Screen[Any]) -> None:
        mounted(screen)
        titles.append(str(screen.query_one("#title-bar", Static).content))

    monkeypatch.setattr(family.screen, "on_mount", on_mount)
    door = Held(family.blank(), await state_of())
    door.answered.set()
    app = family.app(door)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, family.screen))
    assert len(titles) == 1
    assert family.title in titles[0]
