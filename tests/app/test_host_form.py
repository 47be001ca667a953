"""Hosting from the start menu: the form asks what `wordsy-tui host` flags set."""

from __future__ import annotations

import dataclasses

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from tests.app.fixtures import (
    FakeHostSession,
    FakeLan,
    FixedAdvisor,
    lobby_host_session,
    settle,
)
from tests.app.test_solo import until
from wordsy_tui.app.lan import LanPlay, TableSetup
from wordsy_tui.app.launcher import Launcher, Place
from wordsy_tui.app.screens.host_form import FormProblem, HostChoice, HostFormScreen, read_form
from wordsy_tui.app.screens.menu import MenuScreen
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import ChallengeRule, GameName
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset


async def open_the_form(pilot: Pilot[None], app: Launcher) -> None:
    await settle(pilot)
    await pilot.press("h")
    await until(pilot, lambda: isinstance(app.screen, HostFormScreen))


def form(**typed: str) -> HostChoice | FormProblem:
    fields = {
        "name": "Ann",
        "timer": "30",
        "ruleset": "classic",
        "seats": "6",
        "pin": "",
        "bots": "0",
        "level": "medium",
    }
    return read_form(**(fields | typed))


@pytest.mark.parametrize(
    ("typed", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "a name far longer than twenty"}, "name"),
        ({"timer": "4"}, "timer"),
        ({"timer": "601"}, "timer"),
        ({"seats": "1"}, "seats"),
        ({"seats": "7"}, "seats"),
        ({"seats": "3", "bots": "3"}, "bots"),
        ({"level": "godlike"}, "level"),
    ],
)
def test_the_form_refuses_what_the_command_line_refuses(typed: dict[str, str], field: str) -> None:
    answer = form(**typed)
    assert isinstance(answer, FormProblem)
    assert answer.field == field


def test_an_empty_timer_is_the_no_timer_variant_and_an_empty_pin_is_none() -> None:
    answer = form(name="  Ann ", timer="", bots="")
    assert answer == HostChoice("Ann", TableSetup(GameConfig(timer_seconds=None)))


async def test_the_form_asks_a_name_then_hosts_with_every_option() -> None:
    lan = FakeLan()
    app = Launcher(lan)  # no name given
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_form(pilot, app)
        assert app.screen.query_one("#name", Input).value == ""  # not the login's name
        await pilot.press("enter")  # no name: the form says so and stays
        assert isinstance(app.screen, HostFormScreen)
        assert "1 to 20 characters" in str(app.screen.query_one("#form-problem").render())
        assert lan.hosted == []
        # Past the game (Wordsy stays chosen) to the timer.
        await pilot.press(*"Dora", "tab", "tab", "backspace", "backspace", *"45", "tab")
        app.screen.query_one("#ruleset", Select).value = Ruleset.SECOND_EDITION.value
        await pilot.press("tab", "backspace", "4", "tab", *"1234", "tab", "backspace", "2")
        app.screen.query_one("#level", Select).value = "hard"
        assert app.screen.query_one("#meant", Select).value == "off"
        app.screen.query_one("#meant", Select).value = "on"
        await pilot.press("shift+tab", "shift+tab", "enter")
        await until(pilot, lambda: not app.is_running)
    assert isinstance(app.chosen, WordsyApp)  # the game's app, once the launcher has closed
    assert isinstance(app.chosen.session, FakeHostSession)
    config = GameConfig(
        ruleset=Ruleset.SECOND_EDITION, timer_seconds=45, max_players=4, meant_words=True
    )
    assert lan.hosted == [("Dora", TableSetup(config, bots=2, bot_level="hard", pin="1234"))]
    assert app.player_name == "Dora"


async def test_a_name_typed_before_is_offered_and_esc_goes_back() -> None:
    lan = FakeLan()
    app = Launcher(lan, name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_form(pilot, app)
        assert app.screen.query_one("#name", Input).value == "Ann"
        # Past the game to the timer: empty, it is no timer.
        await pilot.press("tab", "tab", "backspace", "backspace", "enter")
        await until(pilot, lambda: not app.is_running)
        assert lan.hosted == [("Ann", TableSetup(GameConfig(timer_seconds=None)))]
    app = Launcher(FakeLan(), name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h", "escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert app.chosen is None


def test_the_lan_hosts_with_what_the_form_chose(tmp_path, monkeypatch) -> None:
    from wordsy_tui.cli.hosting import HostOptions
    from wordsy_tui.games.wordsy.kit import wordsy_app

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    started_with = HostOptions(None, "Ann", advertise=False, bind="127.0.0.1", port=0)
    config = GameConfig(ruleset=Ruleset.SECOND_EDITION, timer_seconds=None, max_players=3)
    setup = TableSetup(config, bots=2, bot_level="expert", pin="4321")
    app = LanPlay(started_with).host("Dora", setup)
    assert isinstance(app, WordsyApp)
    session = app.session
    assert (session.me, session.server.config, session.server.pin) == ("Dora", config, "4321")
    assert session.door.bots_to_seat == ("expert", "expert")
    assert app.serve_on is not None, "the hosting player may leave it running"
    # `wordsy-tui host`: its flags stand.
    plain = wordsy_app(dataclasses.replace(started_with, config=GameConfig())).session
    assert plain is not None
    assert (plain.server.config, plain.server.pin, plain.door.bots_to_seat) == (
        GameConfig(),
        None,
        (),
    )


async def test_the_lobby_adds_computer_players_of_the_level_the_game_was_set_up_with() -> None:
    session = lobby_host_session()
    session.server.bot_level = "expert"
    app = WordsyApp(session, advisor=FixedAdvisor(), bell=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen")
        await until(
            pilot, lambda: "Next bot: expert" in str(app.screen.query_one("#lobby-hint").render())
        )
        await pilot.press("b")
        await until(pilot, lambda: session.server.added == ["expert"])


def test_meant_words_are_off_unless_the_form_turns_them_on() -> None:
    assert form() == HostChoice("Ann", TableSetup(GameConfig()))
    assert form(meant="on") == HostChoice("Ann", TableSetup(GameConfig(meant_words=True)))
    answer = form(meant="sometimes")
    assert isinstance(answer, FormProblem)
    assert answer.field == "meant"


def test_a_tile_game_reads_its_own_fields_and_leaves_wordsys_alone() -> None:
    # Wordsy's timer is out of its bounds here: a tile game has none, so it does not matter.
    answer = form(game="scrabble", timer="4", seats="3", bots="1", level="hard", turn="120")
    config = TileGameConfig(GameName.SCRABBLE, max_players=3, turn_seconds=120)
    assert answer == HostChoice("Ann", TableSetup(config, bots=1, bot_level="hard"))
    pinned = form(game="wordfeud", seats="2", pin=" 99 ")
    assert pinned == HostChoice(
        "Ann", TableSetup(TileGameConfig(GameName.WORDFEUD, max_players=2), pin="99")
    )


def test_the_table_vote_is_scrabbles_and_the_other_tile_games_leave_it_alone() -> None:
    voted = form(game="scrabble", seats="4", challenge="double+vote")
    config = TileGameConfig(GameName.SCRABBLE, table_vote=True)
    assert voted == HostChoice("Ann", TableSetup(config))
    assert form(game="scrabble", seats="4") == HostChoice("Ann", TableSetup(TileGameConfig()))
    # Chosen for Scrabble, then the game changed: Words with Friends has no challenges.
    wwf = form(game="wwf", seats="4", challenge="single+vote", tournament="both")
    assert wwf == HostChoice("Ann", TableSetup(TileGameConfig(GameName.WWF)))
    assert form(challenge="5") == HostChoice("Ann", TableSetup(GameConfig()))  # nor Wordsy
    for field, value in (("challenge", "maybe"), ("challenge", "void+vote"), ("tournament", "x")):
        answer = form(game="scrabble", seats="4", **{field: value})
        assert isinstance(answer, FormProblem)
        assert answer.field == field


@pytest.mark.parametrize(
    ("typed", "config"),
    [
        ({"challenge": "single"}, TileGameConfig(challenge=ChallengeRule.SINGLE)),
        ({"challenge": "void"}, TileGameConfig(challenge=ChallengeRule.VOID)),
        (
            {"challenge": "10+vote"},
            TileGameConfig(challenge=ChallengeRule.TEN, table_vote=True),
        ),
        ({"tournament": "out"}, TileGameConfig(tournament_out=True)),
        ({"tournament": "exchange"}, TileGameConfig(tournament_exchange=True)),
        (
            {"challenge": "5", "tournament": "both"},
            TileGameConfig(
                challenge=ChallengeRule.FIVE, tournament_out=True, tournament_exchange=True
            ),
        ),
    ],
)
def test_scrabbles_challenge_rule_and_tournament_rows_read_as_host_reads_its_flags(
    typed: dict[str, str], config: TileGameConfig
) -> None:
    assert form(game="scrabble", seats="4", **typed) == HostChoice("Ann", TableSetup(config))


async def test_scrabbles_rules_show_for_scrabble_only_and_reach_its_host() -> None:
    lan = FakeLan()
    app = Launcher(lan, name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_form(pilot, app)
        assert "row-challenge" not in shown_rows(app.screen)  # Wordsy
        game = app.screen.query_one("#game", Select)
        game.value = "wwf"
        await pilot.pause()
        assert "row-challenge" not in shown_rows(app.screen)
        assert "row-tournament" not in shown_rows(app.screen)
        game.value = "scrabble"
        await pilot.pause()
        assert shown_rows(app.screen)[-2:] == ["row-challenge", "row-tournament"]
        app.screen.query_one("#challenge", Select).focus()
        # The list: double, double with the vote, single, single with the vote.
        await pilot.press("space", "down", "down", "down", "enter")
        await until(
            pilot, lambda: app.screen.query_one("#challenge", Select).value == "single+vote"
        )
        await pilot.press("tab", "space", "down", "enter")
        await until(pilot, lambda: app.screen.query_one("#tournament", Select).value == "out")
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
    config = TileGameConfig(
        GameName.SCRABBLE, challenge=ChallengeRule.SINGLE, table_vote=True, tournament_out=True
    )
    assert lan.hosted == [("Ann", TableSetup(config))]


@pytest.mark.parametrize(
    ("typed", "field"),
    [
        ({"seats": "5"}, "seats"),  # four racks in the box
        ({"turn": "9"}, "turn"),
        ({"turn": ""}, "turn"),
        ({"seats": "2", "bots": "2"}, "bots"),
        ({"game": "chess"}, "game"),
    ],
)
def test_a_tile_game_refuses_what_host_game_refuses(typed: dict[str, str], field: str) -> None:
    answer = form(**({"game": "wwf", "seats": "4"} | typed))
    assert isinstance(answer, FormProblem)
    assert answer.field == field


def shown_rows(screen: object) -> list[str]:
    assert isinstance(screen, HostFormScreen)
    return [str(row.id) for row in screen.query(".form-row") if row.display]


async def test_choosing_scrabble_shows_its_options_and_hosts_a_tile_game() -> None:
    lan = FakeLan()
    app = Launcher(lan, name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_form(pilot, app)
        wordsy = ["row-name", "row-game", "row-timer", "row-ruleset", "row-seats", "row-pin"]
        assert shown_rows(app.screen) == [*wordsy, "row-bots", "row-level", "row-meant"]
        # Keys only: Tab to the game, open its list, Scrabble is the next one down.
        await pilot.press("tab", "space", "down", "enter")
        await until(pilot, lambda: app.screen.query_one("#game", Select).value == "scrabble")
        assert shown_rows(app.screen) == [
            *("row-name", "row-game", "row-turn", "row-seats"),
            *("row-pin", "row-bots", "row-level", "row-challenge", "row-tournament"),
        ]
        assert app.screen.query_one("#seats", Input).value == "4"  # Wordsy's 6: too many
        assert "Seats (2-4)" in str(app.screen.query_one("#row-seats Label").render())
        await pilot.press("tab", "backspace", "backspace", "backspace", *"90")  # turn limit
        # The game clock and its overtime, on the turn limit's row, then seats, PIN, bots.
        await pilot.press("tab", "tab", "tab", "tab", "tab", "backspace", "1", "enter")
        await until(pilot, lambda: not app.is_running)
    config = TileGameConfig(GameName.SCRABBLE, max_players=4, turn_seconds=90)
    assert lan.hosted == [("Ann", TableSetup(config, bots=1))]
    # The game over, the start menu comes back.
    again = app.again()
    assert again.lan is lan
    assert again.place is Place.MENU


@pytest.mark.parametrize(
    "config",
    [
        TileGameConfig(GameName.WWF, max_players=3, turn_seconds=60),
        TileGameConfig(GameName.SCRABBLE, max_players=3, turn_seconds=60, table_vote=True),
        TileGameConfig(
            GameName.SCRABBLE,
            max_players=3,
            challenge=ChallengeRule.TEN,
            tournament_out=True,
            tournament_exchange=True,
        ),
    ],
)
async def test_the_menu_hosts_a_tile_game_with_host_games_own_host(
    tmp_path, monkeypatch: pytest.MonkeyPatch, config: TileGameConfig
) -> None:
    from wordsy_tui.cli.hosting import HostOptions
    from wordsy_tui.engine.levels import Level
    from wordsy_tui.games.tiles.app.app import TileApp

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    started_with = HostOptions(None, "Ann", advertise=False, bind="127.0.0.1", port=0)
    setup = TableSetup(config, bots=2, bot_level="expert", pin="4321")
    app = LanPlay(started_with).host("Dora", setup)
    assert isinstance(app, TileApp)
    # In place of the board screen: the host starts, seats its bots, and stops.
    session = app.session
    await session.start()
    try:
        server = session.server
        bots = [f"Bot 1 ({Level.EXPERT})", f"Bot 2 ({Level.EXPERT})"]
        assert (session.me, server.config, server.pin, sorted(server.bots)) == (
            "Dora",
            config,
            "4321",
            bots,
        )
    finally:
        await session.stop()
