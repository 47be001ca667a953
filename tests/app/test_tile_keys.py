"""The board's keys when another player's play waits on us (Scrabble): the key bar offers
what the rules allow and nothing else, a challenge is asked first with what it costs, and
its verdict stays on the move list; the exchange and the blank's dialogs."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from tests.app.test_fit import on_screen
from tests.app.tile_fixtures import JudgedTileSession, board_screen, my_turn, solo_table, until
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp, judge_text
from wordsy_tui.games.tiles.app.board import TileBoard
from wordsy_tui.games.tiles.app.dialogs import BlankScreen, GameOverScreen
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.rulesets import ChallengeRule
from wordsy_tui.games.tiles.rules.state import Phase

GONE_OUT = ("QI", 0)
"""Bot 1 plays its last tiles, QI (a word), with the bag empty."""
PHONY_ON = ("QZ", 20)
"""Bot 1 plays QZ (no word), the bag still holding tiles."""
GOOD_ON = ("QI", 20)


def key_bar(pilot: Pilot[None]) -> str:
    return on_screen(pilot).splitlines()[-1]


@contextlib.asynccontextmanager
async def judging(play: tuple[str, int]) -> AsyncIterator[tuple[TileApp, Pilot[None]]]:
    """The board at 80x24 once Bot 1's `play` (its word, the tiles left in the bag) waits
    for Ann to judge it."""
    app = TileApp(JudgedTileSession(*play))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.session.asked_to_judge)
        await pilot.pause()
        yield app, pilot


async def test_after_the_opponent_goes_out_the_key_bar_offers_only_the_legal_keys() -> None:
    async with judging(GONE_OUT) as (app, pilot):
        keys = key_bar(pilot)
        assert "⏎ Let it stand" in keys
        assert "F5 Challenge" in keys
        # Passing, playing or exchanging would let the play stand, which ends the game.
        for gone in ("F3 Pass", "⏎ Play", "F2 Exchange"):
            assert gone not in keys
        assert "Bot 1 played QI for 22: F5 challenge, ⏎ let it stand" in on_screen(pilot)
        await pilot.press("f3")  # refused by the key bar: nothing happens, nothing is said
        await pilot.pause()
        assert app.session.state.pending is not None


async def test_f5_asks_first_and_says_a_failed_challenge_ends_the_game_here() -> None:
    async with judging(GONE_OUT) as (app, pilot):
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        question = str(app.screen.query_one("#question", Static).render())
        assert "Challenge Bot 1 (easy)'s play QI (22 points)?" in question
        assert (
            "Every word good, under the double challenge rule: the play stands, and it ends "
            "the game." in question
        )
        await pilot.press("n")
        await pilot.pause()
        assert app.session.state.pending is not None
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert app.session.state.phase is Phase.OVER
        told = str(board_screen(app).message)
        assert (
            told == "Ann challenged, but every word is good: the play stands, and ends the game."
        )


async def test_after_the_game_the_line_under_the_board_gives_no_play_hints() -> None:
    async with judging(GONE_OUT) as (app, pilot):
        assert "Bot 1 played QI" in str(board_screen(app).query_one("#preview", Static).render())
        await pilot.press("enter")  # QI stands: Bot 1 went out, the game is over
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen))
        screen = on_screen(pilot)
        assert "Type letters" not in screen
        assert "The game is over: F9 reviews it, move by move." in screen
        keys = key_bar(pilot)
        assert "F9 Review" in keys
        for gone in ("⏎ Play", "F2 Exchange", "F3 Pass", "F5 Challenge"):
            assert gone not in keys


@pytest.mark.parametrize(
    ("rule", "cost", "told"),
    [
        (
            ChallengeRule.SINGLE,
            "under the single challenge rule: the play stands, and it costs you nothing.",
            "at no cost to Ann.",
        ),
        (
            ChallengeRule.FIVE,
            "under the 5-point challenge rule: the play stands, and Bot 1 (easy) scores 5 "
            "more points.",
            "Bot 1 (easy) scores 5 more points.",
        ),
    ],
)
async def test_f5_names_the_rule_and_what_a_failed_challenge_costs_under_it(
    rule: ChallengeRule, cost: str, told: str
) -> None:
    app = TileApp(JudgedTileSession(*GOOD_ON, rule=rule))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.session.asked_to_judge)
        before = app.session.state.scores["Bot 1 (easy)"]
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        question = " ".join(str(app.screen.query_one("#question", Static).render()).split())
        assert f"Every word good, {cost}" in question
        await pilot.press("y")
        await until(pilot, lambda: app.session.state.pending is None)
        bonus = rule.bonus
        assert app.session.state.scores["Bot 1 (easy)"] == before + bonus
        assert str(board_screen(app).message).endswith(f"every word is good: {told}")
        assert app.session.state.turn == "Ann"  # no turn lost: Ann plays now


async def test_a_failed_challenge_costs_the_next_turn_and_stays_on_the_move_list() -> None:
    async with judging(GOOD_ON) as (app, pilot):
        # Ann plays next: she may also play on (that lets the play stand), and it fits.
        assert "⏎ let it stand (or play: it stands)" in on_screen(pilot)
        assert "⏎ Play" not in key_bar(pilot)  # with nothing laid, Enter lets it stand
        narrow = judge_text(app.session.state, "Ann", 56)  # the play gives way, the keys stay
        assert narrow.cell_len == 56
        assert narrow.plain.endswith("…: F5 challenge, ⏎ let it stand (or play: it stands)")
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        question = str(app.screen.query_one("#question", Static).render())
        assert (
            "Every word good, under the double challenge rule: the play stands, and you lose "
            "your next turn." in question
        )
        await pilot.press("y")
        session = app.session
        # Bot 1 moves again (Ann lost her turn), then Ann's turn comes: the verdict stays.
        await until(pilot, lambda: len(session.state.turns) >= 2 and my_turn(session))
        await pilot.pause()
        assert "challenged" not in str(board_screen(app).message)  # said over by the next move
        moves = str(board_screen(app).query_one("#moves", Static).render())
        assert "Ann   challenge failed" in moves
        assert "Ann   lost the turn" in moves


async def test_an_upheld_challenge_stays_on_the_move_list() -> None:
    async with judging(PHONY_ON) as (app, pilot):
        await pilot.press("f5", "y")
        await until(pilot, lambda: app.session.state.turns[:1] != ())
        await pilot.pause()
        moves = str(board_screen(app).query_one("#moves", Static).render())
        assert "withdrawn" in moves
        assert "Ann   challenge upheld" in moves


async def test_the_exchange_shows_the_rack_and_no_tiles_ann_does_not_hold() -> None:
    async with judging(GOOD_ON) as (app, pilot):
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, PromptScreen))
        answer = app.screen.query_one("#answer", Input)
        assert answer.placeholder == ""
        rack = " ".join(app.session.state.rack("Ann"))
        assert f"Your rack: {rack}." in on_screen(pilot)


async def test_the_blanks_letter_is_asked_under_the_board() -> None:
    async with judging(GOOD_ON) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, BoardScreen)
        board = screen.query_one(TileBoard).region
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, BlankScreen))
        await pilot.pause()
        dialog = app.screen.query_one("#dialog").region
        assert dialog.y >= board.bottom


async def test_a_yes_for_a_play_that_has_stood_meanwhile_challenges_nothing() -> None:
    async with judging(GOOD_ON) as (app, pilot):
        session = app.session
        table = solo_table(session)
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        # Meanwhile the play stands, Ann's turn passes (as the clock would do both) and Bot 1
        # plays again: another play on the board, which Ann never asked about.
        await table.apply("Ann", cmd.Accept())
        await table.apply("Ann", cmd.Pass())
        await table.settle()
        await until(pilot, lambda: session.asked_to_judge)
        await pilot.press("y")
        await pilot.pause()
        assert not [e for e in table.log if isinstance(e, ev.ChallengeDecided)]
