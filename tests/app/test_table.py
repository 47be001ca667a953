"""The app against scripted sessions: what each key asks of the session, and what shows."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import time
from collections.abc import Awaitable

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Static

from tests.app.fixtures import (
    NOW,
    SCENES,
    FakeHostSession,
    FakeLan,
    FixedAdvisor,
    ScriptedSession,
    finish_round,
    make_app,
    new_table,
    reveal_state,
    settle,
    vote_state,
    writing_state,
)
from tests.app.keys import burst
from tests.app.test_solo import until
from wordsy_tui.app.launcher import Launcher, Place
from wordsy_tui.app.screens.browse import BrowseScreen, parse_address
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.screens.menu import MenuScreen
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.app import WRITE_DEBOUNCE_SECONDS
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.screens.lobby import LobbyScreen
from wordsy_tui.games.wordsy.app.screens.results import tie_note
from wordsy_tui.games.wordsy.app.screens.vote import VoteScreen
from wordsy_tui.games.wordsy.app.widgets.banner import LinkBanner
from wordsy_tui.games.wordsy.app.widgets.timer import Countdown
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.scoresheet import Standing
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.discovery import FoundGame

SCENE = {scene.name: scene for scene in SCENES}


def app_for(session: ScriptedSession, now: float = NOW) -> WordsyApp:
    return WordsyApp(session, advisor=FixedAdvisor(), now=lambda: now)


async def test_writing_sends_the_draft_then_locks_it_in() -> None:
    session = ScriptedSession("Ann", writing_state(), Deadline("timer", NOW + 20))
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot, tuple("crypt"))
        await pilot.press("enter")
        await until(pilot, lambda: any(isinstance(c, cmd.LockIn) for c in session.sent))
        writes = [c for c in session.sent if isinstance(c, cmd.WriteWord)]
        # Debounced: one commitment for the whole word, sent before the lock.
        assert len(writes) == 1
        assert session.word == "CRYPT"
        assert isinstance(session.sent[-1], cmd.LockIn)


async def test_a_draft_goes_out_once_typing_pauses_whatever_the_keys_before() -> None:
    session = ScriptedSession("Ann", writing_state(), Deadline("timer", NOW + 20))
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot, tuple("cr"))
        await pilot.pause(WRITE_DEBOUNCE_SECONDS / 2)
        typing_again = time.monotonic()
        await pilot.press(*"ypt")
        await until(pilot, lambda: bool(session.sent))
        # One commitment, for the word as it stood once the keys stopped, and only then.
        assert time.monotonic() - typing_again >= WRITE_DEBOUNCE_SECONDS
        assert [type(c) for c in session.sent] == [cmd.WriteWord]
        assert session.word == "CRYPT"


async def test_a_draft_due_as_the_app_closes_is_not_sent() -> None:
    session = ScriptedSession("Ann", writing_state(), Deadline("timer", NOW + 20))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, tuple("crypt"))
    await asyncio.sleep(WRITE_DEBOUNCE_SECONDS * 2)
    assert session.sent == []


async def test_an_action_cancelled_before_it_ran_leaves_no_coroutine_behind() -> None:
    # As the app closing does to what a key has just asked: (pyproject's warning filters
    # fail the test on a coroutine that was made and never awaited).
    session = ScriptedSession("Ann", writing_state(), Deadline("timer", NOW + 20))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.act(lambda seat: seat.lock_in())
        app.workers.cancel_group(app, "actions")
        await pilot.pause()
    gc.collect()
    assert session.sent == []


async def test_space_flips_the_timer_with_the_word_written_first() -> None:
    session = ScriptedSession("Ann", new_table().do(cmd.StartGame()).state)
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("g", "space"))
        await until(pilot, lambda: any(isinstance(c, cmd.FlipTimer) for c in session.sent))
        assert [type(c) for c in session.sent] == [cmd.WriteWord, cmd.FlipTimer]
        assert session.word == "G"


async def test_the_no_flip_holder_has_no_flip_key() -> None:
    session = ScriptedSession("Carl", writing_state(), None)
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("g", "space"))
        assert "flip" not in {b.binding.action for b in pilot.app.screen.active_bindings.values()}
        assert not any(isinstance(c, cmd.FlipTimer) for c in session.sent)


async def test_the_countdown_reads_the_deadline_and_rings_at_five_seconds() -> None:
    clock = [NOW]
    session = ScriptedSession("Ann", writing_state(), Deadline("timer", NOW + 7))
    app = WordsyApp(session, advisor=FixedAdvisor(), now=lambda: clock[0])
    rings = []
    app.bell = lambda: rings.append(clock[0])  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        timer = app.screen.query_one("#timer", Countdown)
        assert "Timer: 0:07" in str(timer.render())
        clock[0] = NOW + 2.5
        await until(pilot, lambda: timer.seconds_left == 5)
        await until(pilot, lambda: rings == [NOW + 2.5])
        assert timer.has_class("-hurry")


async def test_a_challenge_goes_to_the_highlighted_word() -> None:
    session = ScriptedSession("Ann", reveal_state(), Deadline("challenges", NOW + 40))
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        words = pilot.app.screen.query_one("#words", OptionList)
        assert words.highlighted == 0
        await pilot.press("c")  # our own word: only a hint
        await pilot.press("down", "c", "y")  # y: yes, challenge it
        await until(pilot, lambda: cmd.Challenge("Ann", "Beth") in session.sent)
        await pilot.press("enter")
        await until(pilot, lambda: cmd.Ready("Ann") in session.sent)


async def test_a_vote_opens_by_itself_and_can_wait() -> None:
    session = ScriptedSession("Ann", vote_state(), Deadline("vote", NOW + 25))
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, VoteScreen)
        question = str(pilot.app.screen.query_one("#vote-question", Static).render())
        assert "Beth challenges Carl's word DRIFT" in question
        assert "The referee's advice" in question
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, GameScreen)
        await pilot.press("v")
        assert isinstance(pilot.app.screen, VoteScreen)
        await pilot.press("y")  # y: the word stands
        await until(pilot, lambda: cmd.Vote("Ann", False) in session.sent)
        assert isinstance(pilot.app.screen, GameScreen)


async def test_a_lost_link_shows_a_banner() -> None:
    async with make_app(SCENE["link_lost"]).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        banner = pilot.app.screen.query_one(LinkBanner)
        assert banner.display
        assert "host closed the connection" in str(banner.render())


async def test_the_host_adds_and_removes_bots_and_starts() -> None:
    session = SCENE["lobby_host"].session()
    assert isinstance(session, FakeHostSession)
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, LobbyScreen)
        await settle(pilot, ("b", "l", "b"))
        assert session.server.added == ["medium", "hard"]
        await settle(pilot, ("x",))  # Ann is highlighted: not a bot
        await settle(pilot, ("down", "x"))
        assert session.server.removed == ["Bot 1 (medium)"]
        await pilot.press("enter")
        await until(pilot, lambda: cmd.StartGame() in session.sent)


async def test_a_guest_cannot_start_or_add_bots() -> None:
    session = SCENE["lobby_guest"].session()
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("b", "enter"))
        assert session.sent == []
        assert "Waiting for Ann" in str(pilot.app.screen.query_one("#lobby-where").render())


async def test_a_headless_hosts_first_guest_starts_the_game() -> None:
    session = ScriptedSession("Ann", new_table(("Bot 1 (easy)", "Ann", "Beth")).state)
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("b", "enter"))
        assert session.sent == [cmd.StartGame()]
        where = str(pilot.app.screen.query_one("#lobby-where").render())
        assert "Enter starts the game" in where


async def test_joining_from_the_menu_lists_games_and_asks_for_a_pin() -> None:
    lan = FakeLan()
    app = Launcher(lan, name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("j",))
        assert isinstance(app.screen, BrowseScreen)
        await until(pilot, lambda: app.screen.query_one("#games").row_count == 2)
        await pilot.press("down", "enter")
        assert isinstance(app.screen, PromptScreen)
        await pilot.press(*"4711", "enter")
        await until(pilot, lambda: not app.is_running)
    assert lan.joined == [("192.168.1.31", 47474, "Ann", "4711", "wordsy")]
    game = app.chosen  # the game's own app, run once the launcher has closed
    assert game is not None
    async with game.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(game.screen, LobbyScreen))
    assert app.again().place is Place.LAN  # then the list again


async def test_join_without_an_address_opens_the_games_list_and_esc_goes_to_the_menu() -> None:
    app = Launcher(FakeLan(), name="Ann", place=Place.LAN)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, BrowseScreen)
        await until(pilot, lambda: app.screen.query_one("#games").row_count == 2)
        await settle(pilot, ("escape",))
        assert isinstance(app.screen, MenuScreen)


def listing(game: str, pin_required: bool, compatible: bool) -> tuple[FakeLan, Launcher]:
    """`wordsy-tui join` with one game of `game` listed on the LAN."""
    found = FoundGame(
        "Cat's game", "cat", "192.168.1.40", 47474, 1, 4, "lobby", False, "-", True, game="wordsy"
    )
    found = dataclasses.replace(found, game=game, pin_required=pin_required, compatible=compatible)
    lan = FakeLan(games=(found,))
    return lan, Launcher(lan, name="Ann", place=Place.LAN)


async def listed_phase(pilot, app: Launcher) -> str:
    """The Phase cell of the one game listed, once it shows."""
    await settle(pilot)
    table = app.screen.query_one("#games", DataTable)
    await until(pilot, lambda: table.row_count == 1)
    return str(table.get_row_at(0)[3])


async def test_a_game_this_program_cannot_play_is_listed_but_not_joined() -> None:
    lan, app = listing("chess", pin_required=False, compatible=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await listed_phase(pilot, app) == "lobby (chess)"
        await settle(pilot, ("enter",))
        assert lan.joined == []
        told = [n.message for n in app._notifications]
        assert "Cat's game plays chess, which this program cannot join." in told
    assert app.chosen is None


async def test_every_game_in_the_list_says_which_game_it_is() -> None:
    _, app = listing("wordsy", pin_required=False, compatible=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await listed_phase(pilot, app) == "lobby (Wordsy)"
    _, app = listing("wordsy", pin_required=False, compatible=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await listed_phase(pilot, app) == "lobby (Wordsy, other version)"
        await settle(pilot, ("enter",))
        told = [n.message for n in app._notifications]
        plays = "Cat's game plays another version of Wordsy, which this program cannot join."
        assert plays in told


async def test_a_tile_game_in_the_list_opens_its_own_board_once_the_list_has_closed() -> None:
    lan, app = listing("wwf", pin_required=True, compatible=True)
    async with app.run_test(size=(80, 24)) as pilot:
        # The list says which game it is, whatever the host named it.
        assert await listed_phase(pilot, app) == "lobby (WWF)"
        await settle(pilot, ("enter",))
        assert isinstance(app.screen, PromptScreen)
        await pilot.press(*"4711", "enter")
        await until(pilot, lambda: not app.is_running)
    # Its app, to run once the launcher has given the terminal back.
    assert lan.joined == [("192.168.1.40", 47474, "Ann", "4711", "wwf")]
    assert app.chosen is not None
    assert app.back is Place.LAN


async def test_connecting_to_a_typed_address() -> None:
    lan = FakeLan(games=())
    app = Launcher(lan, name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("j", "c"))
        await pilot.press(*"nope", "enter")
        assert lan.joined == []
        await pilot.press("c", *"10.0.0.5:47474", "enter", "enter")
        # The host's door says which game it plays.
        await until(pilot, lambda: lan.joined == [("10.0.0.5", 47474, "Ann", None, "wordsy")])


async def test_a_typed_address_nobody_answers_at_is_said_in_the_list() -> None:
    class NobodyThere(FakeLan):
        async def game_at(self, address: str, port: int) -> str:
            raise ConnectionRefusedError("nobody answers at 10.0.0.5:47474")

    lan = NobodyThere(games=())
    app = Launcher(lan, name="Ann", place=Place.LAN)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("c", *"10.0.0.5:47474", "enter", "enter"))
        told = "Cannot join: nobody answers at 10.0.0.5:47474"
        await until(pilot, lambda: any(n.message == told for n in app._notifications))
        assert isinstance(app.screen, BrowseScreen)
        assert app.is_running
    assert lan.joined == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("10.0.0.5:47474", ("10.0.0.5", 47474)),
        ("[::1]:5000", ("::1", 5000)),
        ("host", None),
        ("host:0", None),
        (":80", None),
    ],
)
def test_parse_address(text: str, address: tuple[str, int] | None) -> None:
    assert parse_address(text) == address


def test_tie_notes_say_which_word_decided() -> None:
    ann = Standing(1, "Ann", 80, (20, 18, 15, 14, 13))
    beth = Standing(2, "Beth", 80, (20, 17, 16, 14, 13))
    carl = Standing(2, "Carl", 80, (20, 17, 16, 14, 13))
    assert tie_note(None, ann) == ""
    assert tie_note(ann, beth) == "level with Ann on 80; second best word 17 against 18"
    assert tie_note(beth, carl).startswith("shares the place with Beth")
    assert tie_note(Standing(1, "Dan", 90, (30,)), ann) == ""


async def test_no_color_still_marks_rare_and_used_cards_in_text(monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(SCENE["board"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, SCENE["board"].keys)
        assert app.no_color
        svg = app.export_screenshot()
        assert "┏━━━━━┓" in svg  # the cards CRYPT uses
        assert "+1" in svg  # the rare Y
        assert "No-Flip" in svg


async def test_the_command_palette_offers_the_main_actions() -> None:
    session = ScriptedSession("Ann", new_table().do(cmd.StartGame()).state)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        commands = {c.title: c.callback for c in app.get_system_commands(app.screen)}
        assert {"Lock in", "Flip the timer", "Scoresheets", "Rules and keys", "Leave"} <= set(
            commands
        )
        await pilot.press(*"cat")
        commands["Lock in"]()
        await until(pilot, lambda: cmd.LockIn("Ann") in session.sent)


async def test_keys_can_be_remapped_by_binding_id() -> None:
    session = ScriptedSession("Ann", new_table().do(cmd.StartGame()).state)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_keymap({"lock-in": "ctrl+l"})
        await settle(pilot, (*"cat", "ctrl+l"))
        await until(pilot, lambda: cmd.LockIn("Ann") in session.sent)


def lock_in_by(way: str, pilot: Pilot[None]) -> Awaitable[None] | None:
    """Lock in as a player may: the key, the key in a burst, the command palette."""
    app = pilot.app
    assert isinstance(app, WordsyApp)
    if way == "key":
        return pilot.press("enter")
    if way == "burst":
        burst(pilot, "\r")
        return None
    commands = {c.title: c.callback for c in app.get_system_commands(app.screen)}
    commands["Lock in"]()
    return None


@pytest.mark.parametrize("way", ["key", "burst", "palette"])
async def test_locking_in_no_word_asks_first(way: str) -> None:
    """A lock-in with nothing written is a pass for 0 points: never without a yes."""
    session = ScriptedSession("Ann", new_table().do(cmd.StartGame()).state)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for answer in ("n", "y"):
            if (pressed := lock_in_by(way, pilot)) is not None:
                await pressed
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            question = str(app.screen.query_one("#question", Static).render())
            assert "no word" in question
            assert "0 points" in question
            assert not [c for c in session.sent if isinstance(c, cmd.LockIn)]
            await pilot.press(answer)
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await until(pilot, lambda: cmd.LockIn("Ann") in session.sent)
        assert session.sent == [cmd.LockIn("Ann")]


async def test_a_yes_after_the_round_has_moved_on_locks_nothing_in() -> None:
    table = new_table().do(cmd.StartGame())
    session = ScriptedSession("Ann", table.state)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("enter",))
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        table.write("Ann", "CRYPT").play_round("Beth")
        finish_round(table)
        session.show(table.state)  # the round ended and the next began meanwhile
        await until(pilot, lambda: app.state.round == 2)
        await pilot.press("y")
        await pilot.pause()
        assert not [c for c in session.sent if isinstance(c, cmd.LockIn)]


class RefusedSession(ScriptedSession):
    async def start(self) -> None:
        raise ConnectionRefusedError("the game is full (6 players)")


async def test_a_refused_join_ends_with_the_reason(capsys) -> None:
    app = app_for(RefusedSession("Ann", GameState()))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.return_code == 1)
    assert "Cannot join: the game is full (6 players)" in capsys.readouterr().err


async def test_a_refused_join_from_the_list_comes_back_to_the_list_saying_why() -> None:
    class RefusingLan(FakeLan):
        def join(self, game: str, address: str, port: int, name: str, pin: str | None):
            super().join(game, address, port, name, pin)
            return WordsyApp(RefusedSession(name, GameState()), advisor=FixedAdvisor())

    launcher = Launcher(RefusingLan(), name="Ann")
    async with launcher.run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("j",))
        await until(pilot, lambda: launcher.screen.query_one("#games").row_count == 2)
        await pilot.press("enter")
        await until(pilot, lambda: not launcher.is_running)
    game = launcher.chosen
    assert game is not None
    game.launched = True  # as the launcher runs it
    async with game.run_test(size=(80, 24)):
        pass  # the app ends by itself
    assert game.return_code == 1
    assert game.problem == "Cannot join: the game is full (6 players)"
    again = launcher.again(game.problem)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, BrowseScreen)  # where the game was picked
        assert [n.message for n in again._notifications] == [game.problem]
