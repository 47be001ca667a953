"""The chat line on the board and in the lobby: open, send, react, see it on another
player's screen; hostile text shown escaped; the host mutes; no chat in solo."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from tests.app import fixtures as fx
from tests.app.keys import paste
from tests.app.test_fit import on_screen
from tests.app.test_solo import until
from tests.session.test_lan import DICTIONARY
from tests.session.test_lan import server as lan_server
from wordsy_tui.app.screens.chat import PUBLIC, ChatScreen
from wordsy_tui.app.screens.remove import PickScreen
from wordsy_tui.app.widgets.chat import SHOWN_LINES, ChatLog
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.screens.lobby import LobbyScreen
from wordsy_tui.games.wordsy.app.widgets.draft import WordInput
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.chat import ChatHeard, ChatRefused
from wordsy_tui.table.clock import Deadline


def board(chat: tuple[ChatHeard, ...] | None = ()) -> fx.ScriptedSession:
    return fx.ScriptedSession("Ann", fx.writing_state(), Deadline("timer", fx.NOW + 20), chat=chat)


def app_of(session: fx.ScriptedSession) -> WordsyApp:
    return fx.make_app(fx.Scene("chat", lambda: session))


def log_text(pilot: Pilot[None]) -> str:
    log = pilot.app.screen.query_one(ChatLog)
    return "\n".join(strip.text for strip in log.lines)


async def test_ctrl_t_opens_the_chat_over_the_word_and_enter_sends_it() -> None:
    session = board()
    async with app_of(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot, tuple("crypt"))
        await pilot.press("ctrl+t")
        assert isinstance(pilot.app.screen, ChatScreen)
        assert PUBLIC in str(pilot.app.screen.query_one("#chat-public", Static).render())
        await pilot.press(*"good luck", "enter")
        await until(pilot, lambda: session.said == ["good luck"])
        assert isinstance(pilot.app.screen, GameScreen)
        await until(pilot, lambda: "Ann: good luck" in log_text(pilot))
        # The word being written kept every letter, and took none of the chat's.
        assert pilot.app.screen.query_one(WordInput).value == "CRYPT"
        assert pilot.app.screen.focused is pilot.app.screen.query_one(WordInput)


async def test_a_long_chat_shows_its_newest_lines_at_the_bottom_of_the_log() -> None:
    said = tuple(ChatHeard("Bob", f"line {n}") for n in range(30))
    async with app_of(board(said)).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot, ())
        await until(pilot, lambda: "line 29" in log_text(pilot))
        log = pilot.app.screen.query_one(ChatLog)
        await pilot.pause()
        assert len(log.lines) == SHOWN_LINES
        assert log.lines[0].text.rstrip() == "Bob: line 10"
        shown = on_screen(pilot)
        assert "Bob: line 29" in shown
        assert "Bob: line 10" not in shown
        assert log.scroll_y == log.max_scroll_y > 0


async def test_esc_closes_the_chat_and_keeps_what_was_typed() -> None:
    session = board()
    async with app_of(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        await pilot.press("f3", *"half a tho", "escape")
        assert isinstance(pilot.app.screen, GameScreen)
        await pilot.press("ctrl+t")
        assert pilot.app.screen.query_one("#chat-input", Input).value == "half a tho"
        assert session.said == []


async def test_a_quick_phrase_waits_for_enter_like_any_line() -> None:
    """`/2` then the Enter the hint invites: the phrase is said once, the chat closes, and
    that Enter locks nothing in (it used to land on the empty word: a pass for 0)."""
    session = board()
    async with app_of(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        await pilot.press("ctrl+t", "/", "2")
        assert isinstance(pilot.app.screen, ChatScreen)
        assert session.said == []
        hint = str(pilot.app.screen.query_one("#chat-hint", Static).render())
        assert "Enter says: hurry up" in hint
        await pilot.press("enter")
        await until(pilot, lambda: session.said == ["hurry up"])
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert not [c for c in session.sent if isinstance(c, cmd.LockIn)]
        await pilot.press("ctrl+t", "/", "3", "enter")
        await until(pilot, lambda: session.said == ["hurry up", "gg"])


async def test_a_kept_line_is_typed_on_when_the_chat_opens_again() -> None:
    session = board()
    async with app_of(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        await pilot.press("ctrl+t", *"half a tho", "escape")
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.press(*"ught", "enter")
        await until(pilot, lambda: session.said == ["half a thought"])


async def test_a_line_the_host_would_refuse_stays_in_the_input_and_says_why() -> None:
    session = board()
    async with app_of(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        await pilot.press("ctrl+t")
        paste(pilot, "x" * 201)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ChatScreen)
        hint = str(pilot.app.screen.query_one("#chat-hint", Static).render())
        assert "at most 200 characters (this one has 201)" in hint
        assert pilot.app.screen.query_one("#chat-input", Input).value == "x" * 201
        assert session.said == []


async def test_hostile_names_and_lines_are_shown_escaped() -> None:
    hostile = (
        ChatHeard("Eve\x1b[2J", "\x1b]0;owned\x07 look \u202eright"),
        ChatHeard("[b]Mallory[/b]", "[red]not markup[/red]", watching=True),
    )
    async with app_of(board(hostile)).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        await until(pilot, lambda: "Mallory" in log_text(pilot))
        text = log_text(pilot)
        assert "\x1b" not in text
        assert "\u202e" not in text
        assert "Eve\\x1b[2J: \\x1b]0;owned\\x07 look \\u202eright" in text
        assert "[b]Mallory[/b] (watching): [red]not markup[/red]" in text
        assert "\x1b" not in on_screen(pilot)


async def test_too_fast_puts_the_line_back_and_a_mute_is_said_on_the_chat_line() -> None:
    session = board()
    async with app_of(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        await pilot.press("ctrl+t", *"one more", "enter")
        await until(pilot, lambda: session.said == ["one more"])
        session.publish(ChatRefused("say_too_fast", "Slow down: one more line in about 1 s."))
        await until(pilot, lambda: pilot.app.chat_draft == "one more")
        session.publish(ChatRefused("say_muted", "The host has muted you."))
        await until(pilot, lambda: pilot.app.chat_muted)
        await pilot.press("ctrl+t")
        assert "muted you" in str(pilot.app.screen.query_one("#chat-public", Static).render())
        assert pilot.app.screen.query_one("#chat-input", Input).value == "one more"


async def test_solo_has_no_chat_and_its_key_goes_nowhere() -> None:
    session = fx.ScriptedSession("Ann", fx.solo_state(), Deadline("timer", fx.NOW + 17))
    async with app_of(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        assert not [log for log in pilot.app.screen.query(ChatLog) if log.display]
        await pilot.press("ctrl+t", "f3")
        assert isinstance(pilot.app.screen, GameScreen)
        assert not pilot.app.check_action("chat", ())


async def test_the_host_mutes_and_unmutes_a_spectator_with_f6() -> None:
    session = fx.FakeHostSession("Ann", fx.lobby_state(), chat=fx.CHAT[:2])
    async with app_of(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        assert "Dora (watching): go Ann!" in log_text(pilot)
        await pilot.press("f6")
        assert isinstance(pilot.app.screen, PickScreen)
        options = pilot.app.screen.query_one("#mute-whom", OptionList)
        assert [options.get_option_at_index(i).id for i in range(2)] == ["Beth", "Dora"]
        await pilot.press("down", "enter")
        assert session.server.muted == {"Dora"}
        await pilot.press("f6")
        label = str(
            pilot.app.screen.query_one("#mute-whom", OptionList).get_option_at_index(1).prompt
        )
        assert "muted: Enter unmutes" in label
        await pilot.press("down", "enter")
        assert session.server.muted == frozenset()


async def test_a_spectator_says_a_line_and_the_hosting_player_sees_it(tmp_path) -> None:
    server = lan_server(tmp_path, captain="Ann")
    ann = WordsyApp(WordsySeat.host("Ann", server), advisor=fx.FixedAdvisor(), bell=False)
    async with ann.run_test(size=(80, 24)) as host:
        await until(host, lambda: isinstance(ann.screen, LobbyScreen), timeout=15)
        session = WordsySeat.join("127.0.0.1", server.port, "Wes", DICTIONARY, spectate=True)
        wes = WordsyApp(session, advisor=fx.FixedAdvisor(), bell=False)
        async with wes.run_test(size=(80, 24)) as guest:
            await until(guest, lambda: isinstance(wes.screen, LobbyScreen), timeout=15)
            await guest.press("ctrl+t", *"hi all", "enter")
            heard = ChatHeard("Wes", "hi all", watching=True)
            await until(host, lambda: ann.chat == (heard,), timeout=15)
            await until(guest, lambda: wes.chat == (heard,), timeout=15)
            ann_log = ann.screen.query_one(ChatLog)
            await until(
                host, lambda: any("Wes (watching): hi all" in s.text for s in ann_log.lines)
            )
        await host.press("ctrl+t", *"welcome", "enter")
        await until(host, lambda: ann.chat[-1] == ChatHeard("Ann", "welcome"), timeout=15)
    assert b"hi all" not in (tmp_path / "game.log").read_bytes()
