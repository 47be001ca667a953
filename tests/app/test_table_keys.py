"""The table's keys, written once in the app shell (`TableApp`): Ctrl+Q leaves (asking
first where something is lost), Ctrl+T chats, the host's mute picks whom to silence.

A game's app gets them by being a `TableApp`: a made-up third game over a bare seat has
them with no code of its own, and Wordsy's and the tile games' apps drive the very same
ones, with only their keys' differences and their own leave questions.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Iterator

import pytest
from textual.app import ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from tests.app import fixtures as fx
from tests.app.test_solo import until
from tests.app.tile_fixtures import ME, TILE_SEED
from wordsy_tui.app.screens.chat import ChatScreen
from wordsy_tui.app.screens.confirm import ConfirmScreen, HostLeavesScreen
from wordsy_tui.app.screens.remove import PickScreen
from wordsy_tui.app.table import TableApp
from wordsy_tui.app.widgets.chat import ChatLog
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.table.chat import ChatHeard
from wordsy_tui.table.seat import Door, Seat

# -- a third game, with nothing of the table's keys of its own ---------------------------


class Cards(Door[str, str, str]):
    """The way to a card game that does not exist (its seat answers for it)."""

    def fresh(self) -> str:
        return "a hand of cards"

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def send(self, command: str) -> str | None:
        return None


class CardSeat(Seat[str, str, str]):
    """A seat at a card game that does not exist: it records what the shell asks of it."""

    def __init__(self, me: str | None, *, chat: bool = True, host: bool = False) -> None:
        super().__init__(Cards(me))
        self.chat = chat
        self.said: list[str] = []
        self.stopped = False
        self.host = host
        if host:
            self.server = fx.FakeServer(GameConfig())  # (its mute list: Beth, Dora)

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        self.stopped = True

    async def send(self, command: str) -> str | None:
        return None

    @property
    def hosting(self) -> bool:
        return self.host

    @property
    def can_chat(self) -> bool:
        return self.chat

    async def say(self, text: str) -> str | None:
        self.said.append(text)
        self.publish(ChatHeard(self.me or "Dora", text))
        return None


class CardTable(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("The cards are dealt.")


class CardApp(TableApp):
    """The whole app of the made-up game: its screen and its session, nothing else."""

    def __init__(self, seat: CardSeat) -> None:
        super().__init__()
        self.card_seat = seat

    @property
    def seat(self) -> CardSeat:
        return self.card_seat

    @property
    def table_known(self) -> bool:
        return True  # (the cards are dealt as the seat opens: nothing to wait for)

    def game_screen(self) -> Screen[None]:
        return self.place or CardTable()

    def on_mount(self) -> None:
        self.show_table()  # (the shell's table keys work over the game's screen)
        self.run_worker(self.follow_table(self.card_seat), group="session")


@contextlib.asynccontextmanager
async def card_table(seat: CardSeat) -> AsyncIterator[tuple[CardApp, Pilot[None]]]:
    app = CardApp(seat)
    async with app.run_test(size=(80, 24)) as pilot:
        yield app, pilot


async def test_a_new_games_app_asks_before_leaving_and_stays_on_no() -> None:
    seat = CardSeat("Ann")
    async with card_table(seat) as (app, pilot):
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Leave the game? It goes on without you."
        await pilot.press("n")
        assert isinstance(app.screen, CardTable)
        assert not seat.stopped
        await pilot.press("ctrl+c", "y")  # Ctrl+C asks the same, and y leaves
        await until(pilot, lambda: seat.stopped)
        await until(pilot, lambda: app.return_code == 0)


async def test_a_spectator_of_the_new_game_leaves_without_a_question() -> None:
    seat = CardSeat(None)
    async with card_table(seat) as (app, pilot):
        await pilot.press("ctrl+q")
        await until(pilot, lambda: seat.stopped)
        assert not isinstance(app.screen, ConfirmScreen)


async def test_a_new_games_app_chats_with_ctrl_t_and_its_browser_key() -> None:
    seat = CardSeat("Ann")
    async with card_table(seat) as (app, pilot):
        await pilot.press("ctrl+t")
        assert isinstance(app.screen, ChatScreen)
        # Its screen has no chat log of its own: the chat line shows the last lines said.
        assert app.screen.query(ChatLog)
        await pilot.press(*"hello", "enter")
        await until(pilot, lambda: seat.said == ["hello"])
        await until(pilot, lambda: [line.text for line in app.chat] == ["hello"])
        assert isinstance(app.screen, CardTable)
        await pilot.press("f7", *"again", "enter")
        await until(pilot, lambda: seat.said == ["hello", "again"])


async def test_with_nobody_to_hear_it_the_new_game_has_no_chat() -> None:
    seat = CardSeat("Ann", chat=False)
    async with card_table(seat) as (app, pilot):
        await pilot.press("ctrl+t", "f8")
        assert isinstance(app.screen, CardTable)
        assert not app.check_action("chat", ())
        palette = [c.title for c in app.get_system_commands(app.screen)]
        assert "Chat" not in palette
        assert "Leave" in palette


async def test_the_new_games_host_mutes_with_its_key_and_the_palette_offers_it() -> None:
    seat = CardSeat("Ann", host=True)
    async with card_table(seat) as (app, pilot):
        palette = [c.title for c in app.get_system_commands(app.screen)]
        assert palette[-3:] == ["Chat", "Mute or unmute someone", "Leave"]
        await pilot.press("f8")
        assert isinstance(app.screen, PickScreen)
        await pilot.press("enter")
        await until(pilot, lambda: seat.server.muted == {"Beth"})
        # A game that cannot go on without its host asks its host yes or no.
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)


# -- Wordsy and the tile games: the same keys, each with its own question ------------------


class ChattyTileSeat(TileSeat):
    """The seeded offline tile game, with someone to hear the chat."""

    said: list[str]

    @property
    def can_chat(self) -> bool:
        return True

    async def say(self, text: str) -> str | None:
        self.said.append(text)
        self.publish(ChatHeard(ME, text))
        return None


def ChattyTileSession() -> ChattyTileSeat:
    seat = ChattyTileSeat.solo(ME, TileGameConfig(), (Level.EASY,), seed=TILE_SEED, bot_pause=0)
    assert isinstance(seat, ChattyTileSeat)
    seat.said = []
    return seat


def wordsy_app() -> tuple[TableApp, fx.ScriptedSession]:
    session = fx.ScriptedSession("Ann", fx.writing_state(), chat=())
    return fx.make_app(fx.Scene("keys", lambda: session)), session


def tile_app() -> tuple[TableApp, ChattyTileSeat]:
    session = ChattyTileSession()
    return TileApp(session), session


def table_keys(app: TableApp) -> Iterator[tuple[str, str]]:
    for key, bindings in app._bindings.key_to_bindings.items():
        for binding in bindings:
            if binding.action in ("leave", "chat", "mute"):
                yield key, binding.action


def test_each_app_has_the_table_keys_with_its_own_chat_and_mute_keys() -> None:
    wordsy = WordsyApp(fx.ScriptedSession("Ann", fx.writing_state()))
    tiles = TileApp(ChattyTileSession())
    common = {("ctrl+q", "leave"), ("ctrl+c", "leave"), ("ctrl+t", "chat")}
    assert set(table_keys(wordsy)) == common | {("f3", "chat"), ("f6", "mute")}
    assert set(table_keys(tiles)) == common | {("f7", "chat"), ("f8", "mute")}


async def on_game_screen(pilot: Pilot[None]) -> None:
    from wordsy_tui.games.wordsy.app.screens.game import GameScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, (GameScreen, BoardScreen)))
    await pilot.pause()


@pytest.mark.parametrize(
    ("make", "question"),
    [
        (wordsy_app, "Leave the game? It goes on without you."),
        (tile_app, "Leave this game? It is not kept."),
    ],
    ids=["wordsy", "tiles"],
)
async def test_both_apps_chat_and_leave_through_the_shell(
    make: Callable[[], tuple[TableApp, fx.ScriptedSession | ChattyTileSeat]], question: str
) -> None:
    app, session = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await on_game_screen(pilot)
        played_on = app.screen
        await pilot.press("ctrl+t")
        assert isinstance(app.screen, ChatScreen)
        await pilot.press(*"gl", "enter")
        await until(pilot, lambda: session.said == ["gl"])
        await until(pilot, lambda: [line.text for line in app.chat] == ["gl"])
        assert app.screen is played_on
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == question
        await pilot.press("escape")  # no: back to the game
        assert app.screen is played_on
        await pilot.press("ctrl+q", "y")
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0


async def test_wordsys_hosting_player_chooses_how_to_leave_through_the_shell() -> None:
    session = fx.PlayingHostSession("Ann", fx.writing_state())
    app = fx.make_app(fx.Scene("host-leaves", lambda: session))
    async with app.run_test(size=(80, 24)) as pilot:
        await on_game_screen(pilot)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, HostLeavesScreen)
        assert not app.screen.can_keep  # no LAN to serve it on here: end it, or stay
