"""Screens that fit any terminal: below 80x24 the game says so, on every screen."""

from __future__ import annotations

import dataclasses
import io

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tests.app import fixtures as fx
from tests.app.keys import paste
from tests.app.test_solo import until
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.widgets.fit import TooSmall
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.screens.vote import VoteScreen
from wordsy_tui.games.wordsy.app.widgets.board import BoardCards
from wordsy_tui.games.wordsy.app.widgets.draft import WordInput
from wordsy_tui.games.wordsy.app.widgets.reveal import word_entry, word_line
from wordsy_tui.games.wordsy.app.widgets.scoresheet import SheetView
from wordsy_tui.games.wordsy.app.widgets.timer import Countdown, time_bar
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.scoresheet import Box
from wordsy_tui.games.wordsy.rules.scoring import score_word
from wordsy_tui.games.wordsy.rules.state import Draft
from wordsy_tui.table.clock import Deadline


def size_word_shown(pilot: Pilot[None]) -> str | None:
    """The too-small word on the screen on top, if it shows."""
    guards = pilot.app.screen.query(TooSmall)
    if not guards or not guards.first().display:
        return None
    return str(guards.first().render())


async def test_a_small_window_is_told_its_size_on_every_screen_and_the_game_comes_back() -> None:
    session = fx.ScriptedSession("Ann", fx.lobby_state())
    async with fx.make_app(fx.Scene("small", lambda: session)).run_test(size=(60, 20)) as pilot:
        await fx.settle(pilot)
        assert size_word_shown(pilot) == (
            "Make the window at least 80x24 (it is 60x20 now).\n\n"
            "The game goes on, and shows again once the window is large enough."
        )
        # The game moves on to another screen, then a dialog opens above it: still said.
        session.show(fx.vote_state(), Deadline("vote", fx.NOW + 25))
        await fx.settle(pilot)
        assert isinstance(pilot.app.screen, VoteScreen)
        assert size_word_shown(pilot) is not None
        await pilot.resize_terminal(79, 40)
        await pilot.pause()
        shown = size_word_shown(pilot)
        assert shown is not None
        assert "it is 79x40 now" in shown
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert size_word_shown(pilot) is None
        await pilot.press("escape")  # the vote, put off: the table under it draws again
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert size_word_shown(pilot) is None


async def test_a_window_made_small_covers_the_table_up_and_a_dialog_opened_then() -> None:
    session = fx.ScriptedSession("Ann", fx.writing_state(), Deadline("timer", fx.NOW + 20))
    async with fx.make_app(fx.Scene("small", lambda: session)).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        assert size_word_shown(pilot) is None
        await pilot.resize_terminal(70, 30)
        await pilot.pause()
        # The word is mounted on a screen once the window is too small: the table's too.
        assert isinstance(pilot.app.screen, GameScreen)
        assert "it is 70x30 now" in (size_word_shown(pilot) or "")
        await pilot.press("f1")
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "HelpScreen"
        assert size_word_shown(pilot) is not None


async def test_a_wide_window_spreads_the_table_out_and_a_narrow_one_packs_it_again() -> None:
    session = fx.ScriptedSession("Ann", fx.writing_state(), Deadline("timer", fx.NOW + 20, 30))
    async with fx.make_app(fx.Scene("wide", lambda: session)).run_test(size=(200, 50)) as pilot:
        await fx.settle(pilot)
        board = pilot.app.screen.query_one(BoardCards)
        assert board.big
        assert board.region.x > 20  # centred, not in the top-left corner
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not board.big


async def test_the_reveal_marks_the_selected_word_and_shows_its_cards_on_the_board() -> None:
    state = fx.reveal_state()
    session = fx.ScriptedSession("Ann", state, Deadline("challenges", fx.NOW + 40, 60))
    async with fx.make_app(fx.Scene("reveal", lambda: session)).run_test() as pilot:
        await fx.settle(pilot)
        words = pilot.app.screen.query_one("#words", OptionList)
        board = pilot.app.screen.query_one("#reveal-board", BoardCards)
        prompts = [str(words.get_option_at_index(i).prompt) for i in range(3)]
        assert prompts[0].startswith("▶ Ann")
        assert prompts[1].startswith("  Beth")
        assert board.board == state.board
        crypt = score_word(state.board, "CRYPT").cards
        assert board.used == frozenset(card.slot for card in crypt)
        await pilot.press("down")
        await pilot.pause()
        assert str(words.get_option_at_index(0).prompt).startswith("  Ann")
        assert str(words.get_option_at_index(1).prompt).startswith("▶ Beth")
        grand = score_word(state.board, "GRAND").cards
        assert board.used == frozenset(card.slot for card in grand)


async def test_at_80x24_only_the_highlighted_word_is_shown_in_full() -> None:
    session = fx.ScriptedSession("Ann", fx.reveal_state(), Deadline("challenges", fx.NOW + 40))
    async with fx.make_app(fx.Scene("reveal", lambda: session)).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        words = pilot.app.screen.query_one("#words", OptionList)

        def prompts() -> list[str]:
            return [str(words.get_option_at_index(i).prompt) for i in range(words.option_count)]

        ann, beth, *_ = prompts()
        assert "CRYPT: " in ann  # the card-by-card score of the highlighted word
        assert "\n" not in beth
        assert "GRAND" in beth
        assert "✓" in beth or "✗" in beth
        await pilot.press("down")
        await pilot.pause()
        ann, beth, *_ = prompts()
        assert "\n" not in ann
        assert "GRAND: " in beth
        await pilot.resize_terminal(120, 40)
        await fx.settle(pilot)
        assert all("\n" in prompt for prompt in prompts())  # room for everyone's in full


async def test_the_timer_is_a_bar_that_warns_in_colour_and_in_words() -> None:
    session = fx.ScriptedSession("Ann", fx.writing_state(), Deadline("timer", fx.NOW + 20, 30))
    async with fx.make_app(fx.Scene("timer", lambda: session)).run_test() as pilot:
        await fx.settle(pilot)
        timer = pilot.app.screen.query_one(Countdown)
        assert "████████████████████░░░░░░░░░░" in str(timer.render())
        assert not timer.has_class("-low")
        session.show(session.state, Deadline("timer", fx.NOW + 8, 30))
        await fx.settle(pilot)
        assert timer.has_class("-low")
        assert "almost out" not in str(timer.render())
        session.show(session.state, Deadline("timer", fx.NOW + 4, 30))
        await fx.settle(pilot)
        assert timer.has_class("-hurry")
        assert "Timer: 0:04 · almost out!" in str(timer.render())


def test_the_bar_is_full_empty_and_in_between() -> None:
    assert time_bar(1.0, 4) == "████"
    assert time_bar(0.5, 4) == "██░░"
    assert time_bar(-1.0, 4) == "░░░░"


def round_two() -> fx.ScriptedSession:
    """Round 2, nobody has flipped; Ann played PLANTS in round 1."""
    table = fx.new_table().do(cmd.StartGame())
    fx.finish_round(table.play_round())
    return fx.ScriptedSession("Ann", table.state)


async def test_space_asks_before_flipping_with_a_word_the_referee_refuses() -> None:
    session = round_two()
    async with fx.make_app(fx.Scene("flip", lambda: session)).run_test() as pilot:
        await fx.settle(pilot, (*"plants", "space"))
        assert isinstance(pilot.app.screen, ConfirmScreen)
        question = str(pilot.app.screen.query_one("#question", Static).render())
        assert question.startswith(
            "PLANTS was already played by Ann in round 1: flip the timer anyway?"
        )
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert not any(isinstance(c, cmd.FlipTimer) for c in session.sent)
        await pilot.press("space", "y")
        await until(pilot, lambda: any(isinstance(c, cmd.FlipTimer) for c in session.sent))
        assert session.word == "PLANTS"


async def test_a_word_the_referee_allows_flips_at_once() -> None:
    session = round_two()
    async with fx.make_app(fx.Scene("flip", lambda: session)).run_test() as pilot:
        await fx.settle(pilot, (*"midst", "space"))
        await until(pilot, lambda: any(isinstance(c, cmd.FlipTimer) for c in session.sent))
        assert isinstance(pilot.app.screen, GameScreen)


async def test_characters_that_are_not_letters_are_ignored_and_the_player_is_told() -> None:
    session = round_two()
    async with fx.make_app(fx.Scene("typing", lambda: session)).run_test() as pilot:
        await fx.settle(pilot, ("a", "b", "3", "c"))
        word = pilot.app.screen.query_one(WordInput)
        hint = pilot.app.screen.query_one("#ignored", Static)
        assert word.value == "ABC"
        assert str(hint.render()) == "! only letters A-Z count: '3' was ignored"
        paste(pilot, "do g!s-é")
        await fx.settle(pilot)
        assert word.value == "ABCDOGS"
        assert str(hint.render()) == (
            "! only letters A-Z count: a space, '!', '-' and more were ignored"
        )
        session.show(fx.finish_round(fx.Table(state=session.state).play_round()).state)
        await fx.settle(pilot)
        assert str(hint.render()) == ""  # a new round, a new word


async def test_sheets_show_whole_words_and_four_players_need_no_scrolling_at_120x40() -> None:
    four = ("Ann", "Beth", "Carl", "Dan")
    words = {**fx.WORDS, "Dan": ("PLANTS",) * 6 + ("BLACKSMITHERIES",)}
    table = fx.new_table(four).do(cmd.StartGame())
    for round_no in range(7):
        for player in four:
            table.write(player, words[player][round_no])
        table.do(*(cmd.LockIn(p) for p in four))
        for player in four:
            table.reveal(player, words[player][round_no])
        fx.finish_round(table)
    session = fx.ScriptedSession("Ann", table.state)
    async with fx.make_app(fx.Scene("s", lambda: session)).run_test(size=(120, 40)) as pilot:
        await fx.settle(pilot, ("s",))
        sheets = pilot.app.screen.query_one("#sheets")
        assert sheets.max_scroll_y == 0
        dan = next(v for v in pilot.app.screen.query(SheetView) if v.player == "Dan")
        assert "BLACKSMITHERIES " in on_screen(pilot)
        assert dan.region.bottom <= 40


def on_screen(pilot: Pilot[None]) -> str:
    """The text the terminal shows now."""
    width, height = pilot.app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    console.print(pilot.app.screen._compositor.render_update(full=True))
    return console.export_text()


def test_a_one_line_entry_says_when_there_is_no_word() -> None:
    state = fx.reveal_state()
    wordless = dataclasses.replace(state, drafts={**state.drafts, "Carl": Draft()})
    line = word_line(word_entry(wordless, "Carl", "Ann", Box.NONE), wordless, "Carl")
    assert str(line) == "Carl · no word this round"
