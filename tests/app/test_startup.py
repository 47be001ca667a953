"""What the app leaves until after its first frame, and the work it skips on the way there."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

import pytest
from textual import widgets
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from tests.app.fixtures import FixedAdvisor, ScriptedSession, lobby_state
from tests.app.test_solo import board_word, solo_app, until
from tests.frozen import frozen_before_the_loop
from wordsy_tui.app.lan import LanPlay
from wordsy_tui.app.launcher import Launcher
from wordsy_tui.app.messages import GameUpdated
from wordsy_tui.app.screens.waiting import WaitingScreen
from wordsy_tui.app.widgets.footer import Footer, KeyLine
from wordsy_tui.cli.hosting import HostOptions
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.screens.lobby import LobbyScreen
from wordsy_tui.games.wordsy.app.widgets.reveal import RevealPane
from wordsy_tui.games.wordsy.referee.advice import Advisor
from wordsy_tui.games.wordsy.rules.config import Difficulty
from wordsy_tui.games.wordsy.rules.referee import ExactRepeatReferee, PlayedWord, Reason
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.games.wordsy.solo import solo_session

# Loaded when a game first needs them: none is on the way to solo's first frame.
LATER = (
    "wordsy_tui.games.wordsy.app.screens.lobby",
    "wordsy_tui.app.screens.menu",
    "wordsy_tui.games.wordsy.app.screens.results",
    "wordsy_tui.app.lan",
    "wordsy_tui.games.wordsy.bots",
    # The advisor (referee.advice) comes before the first frame; the word list after.
    "wordsy_tui.games.wordsy.referee.best",
    "wordsy_tui.games.wordsy.referee.judge",
    "wordsy_tui.words.lexicon",
    "wordsy_tui.games.wordsy.referee.preload",
    "msgpack",
    "zeroconf",
    "net",
)


def loaded_by(program: str) -> list[str]:
    """The modules `program` prints, run in a fresh interpreter (this one has long imported
    everything)."""
    return subprocess.run(
        [sys.executable, "-c", program], check=True, capture_output=True, text=True, timeout=120
    ).stdout.split()


def inside(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(f"{p}.") for p in packages)]


def test_importing_the_app_leaves_the_other_screens_and_the_referee_for_later() -> None:
    program = "import sys, wordsy_tui.app; print(*sorted(sys.modules), sep='\\n')"
    assert inside(loaded_by(program), LATER) == []


def test_listing_the_games_makes_none_of_their_commands_or_events() -> None:
    # The start menu, `--help` and every command line list the games through their kits.
    program = (
        "import sys\n"
        "from wordsy_tui.kit import games\n"
        "print(*[game.name for game in games()], *sorted(sys.modules), sep='\\n')\n"
    )
    loaded = loaded_by(program)
    assert {"wordsy", "scrabble", "wordnerds"} <= set(loaded)
    rules = ("decide", "evolve", "commands", "events", "state")
    made = [
        f"wordsy_tui.games.{game}.rules.{part}"
        for game in ("wordsy", "tiles", "wordnerds")
        for part in rules
    ]
    assert [m for m in made if m in loaded] == []


TO_THE_FIRST_SCREEN = """
import sys
from wordsy_tui.app.terminal import TerminalApp
from wordsy_tui.cli import main

def ready(app):
    seat = getattr(app, "seat", None)  # (the start menu has none)
    starting = [w for w in app.workers if w.group == "session-start" and not w.is_finished]
    return (seat is None or len(seat.state.players) > 1) and not starting

async def shown(pilot):
    while not ready(pilot.app):
        await pilot.pause(0.001)
    await pilot.pause()
    pilot.app.exit(sorted(sys.modules))

def run_to_end(app):
    print(*app.run(headless=True, auto_pilot=shown, size=(80, 24)), sep="\\n")
    return 0

TerminalApp.run_to_end = run_to_end
main(sys.argv[1:])
"""


def loaded_to_the_first_screen(*argv: str, home: Path | None = None) -> list[str]:
    """The modules `wordsy-tui ARGV` has loaded once its first screen is up (its game's
    seat started), in a fresh interpreter; `home`: where it keeps its data and settings."""
    return command_line(TO_THE_FIRST_SCREEN, argv, home)


def command_line(program: str, argv: Sequence[str], home: Path | None) -> list[str]:
    """What `program` (which runs `wordsy-tui ARGV` its own way) prints, in a fresh
    interpreter; `home`: where the command keeps its data, settings and cache."""
    kinds = ("DATA", "CONFIG", "CACHE")
    kept = {} if home is None else {f"XDG_{kind}_HOME": str(home / kind) for kind in kinds}
    return subprocess.run(
        [sys.executable, "-c", program, *argv],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ | kept,
    ).stdout.split()


def test_a_hosts_lobby_leaves_the_board_and_the_seat_requests_for_later(tmp_path: Path) -> None:
    # The lobby comes first at a hosted table: the board's screen and widgets, and the
    # screens of a player asking for a seat back, are loaded when they are shown.
    loaded = loaded_to_the_first_screen(
        *("host", "--no-advertise", "--bind", "127.0.0.1", "--port", "0"),
        *("--name", "Hal", "--bots", "1"),
        home=tmp_path,
    )
    assert "wordsy_tui.games.wordsy.app.screens.lobby" in loaded
    later = (
        "wordsy_tui.games.wordsy.app.screens.game",
        "wordsy_tui.games.wordsy.app.widgets.writing",
        "wordsy_tui.games.wordsy.app.widgets.board",
        "wordsy_tui.app.screens.remove",
    )
    assert inside(loaded, later) == []


def test_a_host_without_computer_players_draws_its_lobby_without_the_word_list(
    tmp_path: Path,
) -> None:
    # Neither the word list's module nor the referee's (the lobby judges no word), nor
    # importlib.resources' readers (and zipfile) for the list's digest that the host sends.
    # (Its lobby is up once the hosting player sits there alone.)
    to_the_lobby = TO_THE_FIRST_SCREEN.replace(
        "len(seat.state.players) > 1", "type(app.screen).__name__ == 'LobbyScreen'"
    )
    assert to_the_lobby != TO_THE_FIRST_SCREEN
    argv = ("host", "--no-advertise", "--bind", "127.0.0.1", "--port", "0", "--name", "Hal")
    loaded = command_line(to_the_lobby, argv, tmp_path)
    assert "wordsy_tui.games.wordsy.app.screens.lobby" in loaded
    words = ("wordsy_tui.words.lexicon", "wordsy_tui.games.wordsy.referee.judge")
    assert inside(loaded, (*words, "importlib.readers", "zipfile")) == []


UP_TO_THE_LOOP = """
import asyncio, gc, sys
from wordsy_tui.cli import main

collections = []
gc.callbacks.append(lambda phase, info: phase == "start" and collections.append(info))

def run(coroutine):
    coroutine.close()
    print(len(collections), gc.isenabled(), gc.get_freeze_count() > 10_000)
    return 0

asyncio.run = run
main(sys.argv[1:])
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["solo", "--name", "Ann"],
        ["solo", "--game", "scrabble", "--name", "Ann"],
        ["host", "--no-advertise", "--bind", "127.0.0.1", "--port", "0", "--name", "Hal"],
    ],
)
def test_the_collector_waits_until_the_start_ups_objects_are_frozen(
    argv: list[str], tmp_path: Path
) -> None:
    # Start-up makes tens of thousands of objects that live as long as the program: the
    # collector's rounds over them (about 150 before a first frame) would free nothing.
    # From the event loop on, it runs as usual, over what the program makes next.
    assert command_line(UP_TO_THE_LOOP, argv, tmp_path) == ["0", "True", "True"]


def test_the_start_menu_draws_its_first_screen_without_the_host_or_the_network() -> None:
    loaded = loaded_to_the_first_screen("menu", "--name", "Ann")
    assert "wordsy_tui.app.screens.menu" in loaded
    later = ("wordsy_tui.cli.serve", "wordsy_tui.table.served", "wordsy_tui.table.discovery")
    assert inside(loaded, (*later, "net", "zeroconf", "msgpack")) == []
    # Nor the shell of a game's table (its seat, chat and ratings): the menu has none.
    table = ("wordsy_tui.app.table", "wordsy_tui.table.seat", "wordsy_tui.app.chat")
    assert inside(loaded, table) == []


def test_a_player_who_joins_loads_neither_the_host_nor_mdns() -> None:
    # `join --connect` reaches its lobby without a host to run or a LAN to browse.
    seats = ", ".join(f"wordsy_tui.games.{g}.seat" for g in ("wordsy", "tiles", "wordnerds"))
    program = (
        f"import sys, wordsy_tui.table.joined, wordsy_tui.front.seat, {seats}\n"
        "print(*sorted(sys.modules), sep='\\n')\n"
    )
    later = (
        "wordsy_tui.table.served",
        "wordsy_tui.table.discovery",
        "net.discovery",
        "net.host",
        "zeroconf",
    )
    assert inside(loaded_by(program), later) == []
    # Nor, at a Wordsy table, the word list's module or importlib.resources' readers (and
    # zipfile) for the list's digest that its hello carries.
    program = (
        "import sys, wordsy_tui.table.joined, wordsy_tui.games.wordsy.seat\n"
        "from wordsy_tui.words.digest import dictionary_hash\n"
        "assert len(dictionary_hash()) == 64\n"
        "print(*sorted(sys.modules), sep='\\n')\n"
    )
    words = ("wordsy_tui.words.lexicon", "importlib.readers", "zipfile")
    assert inside(loaded_by(program), words) == []


def test_the_lobby_and_the_chat_log_load_no_pretty_printer() -> None:
    # Textual's RichLog imports Rich's pretty-printer (with attrs) for any object it might
    # be given: the largest import of a lobby's first frame, for lines that are all text.
    program = (
        "import sys, wordsy_tui.app.widgets.chat, wordsy_tui.games.wordsy.app.screens.lobby\n"
        "print(*sorted(sys.modules), sep='\\n')\n"
    )
    assert inside(loaded_by(program), ("rich.pretty", "attr", "textual.widgets._rich_log")) == []


def test_a_host_loads_mdns_and_its_computer_players_minds_only_when_it_uses_them() -> None:
    # A host that does not advertise draws its lobby without zeroconf (nor ifaddr and
    # ctypes: tests/net/test_addresses.py), and without the word search of a computer
    # player it has not seated; the hosting player's keys without the removal screens.
    hosts = ", ".join(f"wordsy_tui.games.{g}.host" for g in ("wordsy", "tiles", "wordnerds"))
    program = (
        f"import sys, wordsy_tui.cli.serve, wordsy_tui.app.table, {hosts}\n"
        "print(*sorted(sys.modules), sep='\\n')\n"
    )
    loaded = loaded_by(program)
    assert "net.discovery" in loaded
    later = (
        "zeroconf",
        "ifaddr",
        "wordsy_tui.games.wordsy.bots",
        "wordsy_tui.app.screens.remove",
    )
    assert inside(loaded, later) == []


SOLO_TO_ITS_TABLE = """
import sys
import wordsy_tui.games.wordsy.app.app
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.referee.advice import Advisor
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.solo import solo_session
from wordsy_tui.games.wordsy.rules.config import Difficulty
from wordsy_tui.games.wordsy.rules.state import Phase

async def at_the_table(pilot):
    app = pilot.app
    while not (isinstance(app.screen, GameScreen) and app.state.phase is Phase.WRITING):
        await pilot.pause(0.001)
    await pilot.pause()
    app.exit(sorted(sys.modules))

# The word list's own timer, which a busy machine may reach before the table: not raced.
wordsy_tui.games.wordsy.app.app.PRELOAD_DELAY_SECONDS = 3600
advisor = Advisor()
app = WordsyApp(solo_session("Ann", Difficulty.NORMAL, advisor), advisor=advisor)
print(*app.run(headless=True, auto_pilot=at_the_table, size=(80, 24)), sep="\\n")
"""


def test_solo_draws_its_table_without_the_lobby_the_reveal_or_the_chat() -> None:
    # The word list waits for its timer; the lobby (with the computer players), the reveal
    # and the chat log (with Rich's pretty-printer) are not on solo's first screen.
    later = (
        *LATER,
        "wordsy_tui.games.wordsy.app.screens.meant",
        "wordsy_tui.games.wordsy.app.widgets.reveal",
        "wordsy_tui.app.widgets.chat",
        "rich.pretty",
    )
    loaded = loaded_by(SOLO_TO_ITS_TABLE)
    assert "wordsy_tui.games.wordsy.app.widgets.writing" in loaded
    assert inside(loaded, later) == []


@pytest.mark.parametrize("game", ["scrabble", "wordnerds"])
def test_a_games_solo_draws_its_table_without_the_network_the_menus_form_or_the_chat_log(
    game: str,
) -> None:
    loaded = loaded_to_the_first_screen("solo", "--game", game, "--name", "Ann")
    assert "wordsy_tui.table.local" in loaded
    later = (
        "net",
        "msgpack",
        "zeroconf",
        "wordsy_tui.app.lan",
        "wordsy_tui.app.screens.host_form",
    )
    assert inside(loaded, (*later, "wordsy_tui.app.widgets.chat", "rich.pretty")) == []


def test_a_tile_games_solo_leaves_the_review_and_the_other_games_cards_for_later() -> None:
    loaded = loaded_to_the_first_screen("solo", "--game", "scrabble", "--name", "Ann")
    assert "wordsy_tui.games.tiles.rules.state" in loaded
    later = (
        "wordsy_tui.games.tiles.app.review",
        "wordsy_tui.games.tiles.rules.review",
        "wordsy_tui.games.tiles.rules.gcg",
        "wordsy_tui.games.wordnerds.rules.components",
    )
    assert inside(loaded, later) == []


TILE_SOLO_WHERE_ANN_STARTS = """
import sys
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.app.app import TileApp
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.seat import TileSeat

async def shown(pilot):
    state = pilot.app.seat.state
    while len(state.players) < 2 or state.turn != "Ann":
        await pilot.pause(0.001)
        state = pilot.app.seat.state
    await pilot.pause()
    pilot.app.exit(sorted(sys.modules))

# (Seed 2 deals Ann the first turn: a computer player who starts thinks at once.)
seat = TileSeat.solo("Ann", TileGameConfig(GameName.SCRABBLE), [Level.MEDIUM], seed=2)
print(*TileApp(seat).run(headless=True, auto_pilot=shown, size=(80, 24)), sep="\\n")
"""


def test_a_tile_games_solo_seats_its_computer_players_without_their_minds() -> None:
    # They think (the move generator, the leave values) once one of them moves.
    loaded = loaded_by(TILE_SOLO_WHERE_ANN_STARTS)
    assert "wordsy_tui.games.tiles.rules.bots" in loaded  # asked about a challenge
    minds = ("wordsy_tui.games.tiles.rules.movegen", "wordsy_tui.games.tiles.rules.leaves")
    assert inside(loaded, minds) == []


def test_the_advisor_is_a_referee_that_loads_the_word_list_only_when_asked() -> None:
    advisor = Advisor(ExactRepeatReferee())
    verdict = advisor.judge("plants", [PlayedWord("PLANTS", 1, "Ann")], Ruleset.CLASSIC)
    assert verdict.reason is Reason.REPEAT


async def test_solo_opens_on_the_table_and_a_joined_game_waits_for_the_host() -> None:
    app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, GameScreen)
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        await pilot.pause(0.2)
        # Dealt as the seat opened: the app does not ask to start it again (and be told off).
        assert [n.message for n in app._notifications] == []
    # A host that has not answered yet: the player is told, once it has taken its time.
    joined = WordsyApp(ScriptedSession("Ann", GameState()), advisor=FixedAdvisor())
    async with joined.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(joined.screen, WaitingScreen))


async def test_solo_lays_its_table_out_once_already_dealt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Its first state is its deal, within a frame: a table built before it, "Dealing…",
    # was laid out for the start-up and again for the first round.
    built: list[tuple[Phase, int]] = []
    compose = GameScreen.compose

    def counted(screen: GameScreen) -> ComposeResult:
        state = cast(WordsyApp, screen.app).state
        built.append((state.phase, state.round))
        return compose(screen)

    monkeypatch.setattr(GameScreen, "compose", counted)
    app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        assert built == [(Phase.WRITING, 1)]


async def test_a_joined_games_first_screen_is_the_lobby_when_the_host_answers_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # On a LAN the host's answer comes within a frame: the wait, built and replaced before
    # it was ever drawn, cost every joining and hosting player's first frame.
    built: list[WaitingScreen] = []
    compose = WaitingScreen.compose

    def counted(screen: WaitingScreen) -> ComposeResult:
        built.append(screen)
        return compose(screen)

    monkeypatch.setattr(WaitingScreen, "compose", counted)
    joined = WordsyApp(ScriptedSession("Ann", GameState()), advisor=FixedAdvisor())
    async with joined.run_test(size=(80, 24)) as pilot:
        joined.post_message(GameUpdated(lobby_state(), (), None))
        await until(pilot, lambda: isinstance(joined.screen, LobbyScreen))
        assert built == []


async def test_a_solo_game_is_dealt_as_its_seat_opens_so_its_first_frame_is_round_one() -> None:
    session = solo_session("Ann", Difficulty.NORMAL, ExactRepeatReferee(), seed=11)
    await session.start()
    try:
        assert (session.state.phase, session.state.round) == (Phase.WRITING, 1)
        assert session.state.board.cards
    finally:
        await session.stop()


def keys_shown(screen: Screen[Any]) -> list[str]:
    return [key.description for key in screen.query_one(Footer).query_one(KeyLine).keys]


async def test_the_footer_keeps_its_keys_until_they_change() -> None:
    app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        parts = list(footer.children)
        line = footer.query_one(KeyLine)
        keys = line.keys
        app.screen.refresh_bindings()
        await pilot.pause()
        assert line.keys is keys
        await pilot.press(*board_word(app, 3).lower(), "enter")
        await until(pilot, lambda: app.state.phase is Phase.CHALLENGES)
        await pilot.pause()
        shown = keys_shown(app.screen)
        assert "Next round" in shown
        assert "Lock in" not in shown
        # Drawn again on the same line: no widget made, styled or laid out anew.
        assert list(footer.children) == parts


async def test_the_footers_keys_are_one_widget_however_many() -> None:
    # Textual's footer makes a widget of each key: a lobby's nine cost some 20 ms of its
    # first frame, and as much at every change of keys.
    app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        assert len(keys_shown(app.screen)) >= 3
        palette = [key.key for key in footer.query(FooterKey)]
        assert palette == [app.COMMAND_PALETTE_BINDING]
        assert [type(part) for part in footer.children] == [KeyLine, FooterKey]


class KeyBarApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "bell", "Help"),
        Binding("f2", "press('Cards')", "Cards"),
        Binding("f3", "press('Chat')", "Chat"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("hello")
        yield Footer()

    def action_press(self, what: str) -> None:
        self.pressed.append(what)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Chat is shown, not available (dimmed): a click on it does nothing but ring.
        return None if parameters == ("Chat",) else True


async def test_a_click_on_a_key_in_the_footer_presses_it() -> None:
    app = KeyBarApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one(KeyLine)
        # " F1 Help " then " F2 Cards " then " F3 Chat ": columns 9-18 are Cards'.
        await pilot.click(line, offset=(12, 0))
        await pilot.click(line, offset=(21, 0))
        await pilot.pause()
        assert app.pressed == ["Cards"]
        assert [key.enabled for key in line.keys] == [True, True, False]


async def test_the_footer_has_its_keys_in_the_screens_first_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Textual's footer composes empty, then builds its keys again once the screen says its
    # bindings are known: one frame more before every first screen is whole.
    rebuilt: list[widgets.Footer] = []
    rebuild = widgets.Footer.recompose

    async def counted(footer: widgets.Footer) -> None:
        rebuilt.append(footer)
        await rebuild(footer)

    monkeypatch.setattr(widgets.Footer, "recompose", counted)
    app = KeyBarApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Help" in keys_shown(app.screen)
        assert rebuilt == []
    # The start menu too: its choices have the focus from the start (the name box had it
    # first, which hid the menu's keys for a frame and showed them again in the next).
    menu = Launcher(LanPlay(HostOptions(None, "Ann")), name="Ann")
    async with menu.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert keys_shown(menu.screen)[:2] == ["Host", "Join"]
        assert rebuilt == []


async def test_the_reveal_is_built_at_the_first_reveal() -> None:
    app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        assert not app.screen.query(RevealPane)
        await pilot.press(*board_word(app, 3).lower(), "enter")
        await until(pilot, lambda: app.state.phase is Phase.CHALLENGES)
        await pilot.pause()
        assert app.screen.query_one(RevealPane).display
        assert app.focused is app.screen.query_one("#words")


def test_a_game_run_in_the_terminal_keeps_its_imports_out_of_the_collectors_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Textual's and the game's objects, at the least.
    assert frozen_before_the_loop(monkeypatch, solo_app().run_to_end) > 10_000


async def test_a_key_under_the_pointer_is_lit_as_textuals_footer_lights_it() -> None:
    app = KeyBarApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one(KeyLine)
        plain = line.render()
        await pilot.hover(line, offset=(12, 0))
        await pilot.pause()
        lit = line.render()
        assert lit.plain == plain.plain
        hover = line.get_component_rich_style("footer-key--hover")
        cards = [span for span in lit.spans if span.start == 9]
        assert cards
        assert cards[0].style == hover
        await pilot.hover(app.screen.query_one(Static))
        await pilot.pause()
        assert line.render().spans == plain.spans
