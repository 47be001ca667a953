"""A solo game played through the app with the keyboard, against the real rules engine."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App, ScreenStackError
from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tests.app.fixtures import FixedAdvisor
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.screens.results import ResultsScreen
from wordsy_tui.games.wordsy.app.screens.scoresheet import ScoresheetScreen
from wordsy_tui.games.wordsy.app.widgets.board import BoardCards
from wordsy_tui.games.wordsy.rules.config import Difficulty
from wordsy_tui.games.wordsy.rules.referee import ExactRepeatReferee
from wordsy_tui.games.wordsy.rules.scoring import score_word
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.solo import solo_session


async def until(pilot: Pilot[None], condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait for `condition`, polling, and for the screen then on top to have its widgets: a
    screen is pushed at once but composed a turn of its own later, and a query before that
    finds nothing (a widget not there yet makes `condition` false, too). Fail with a clear
    message after `timeout` seconds of polling."""
    waited = 0.0
    while not (_holds(condition) and _composed(pilot.app)):
        assert waited < timeout, "timed out waiting for the app"
        await pilot.pause(0.02)
        waited += 0.02


def _holds(condition: Callable[[], bool]) -> bool:
    try:
        return condition()
    except NoMatches:
        return False


def _composed(app: App[object]) -> bool:
    try:
        return app.screen.is_mounted
    except ScreenStackError:  # the app has closed: no screen to wait for
        return True


def solo_app(difficulty: Difficulty = Difficulty.NORMAL) -> WordsyApp:
    session = solo_session("Ann", difficulty, ExactRepeatReferee(), seed=11)
    return WordsyApp(session, advisor=FixedAdvisor(), bell=False)


def board_word(app: WordsyApp, cards: int) -> str:
    """A 'word' of the first `cards` board letters: the exact-repeat referee allows it."""
    return "".join(card.letter for card in app.state.board.cards[:cards])


async def test_three_rounds_lock_in_pause_and_scoresheet() -> None:
    app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        assert isinstance(app.screen, GameScreen)

        # Round 1: type, see the live score and the cards used, lock in with Enter.
        word = board_word(app, 3)
        await pilot.press(*word.lower())
        expected = score_word(app.state.board, word)
        live = str(app.screen.query_one("#live-score", Static).render())
        assert live.endswith(f"= {expected.points}")
        assert app.screen.query_one(BoardCards).used == {c.slot for c in expected.cards}
        await pilot.press("enter")
        await until(pilot, lambda: app.state.phase is Phase.CHALLENGES)
        assert app.screen.query_one("#reveal").display
        assert not app.screen.query_one("#writing").display
        words = app.screen.query_one("#words", OptionList)
        assert word in str(words.get_option_at_index(0).prompt)

        # Next round with Enter; the sheet has the first row.
        await pilot.press("enter")
        await until(pilot, lambda: app.state.round == 2 and app.state.phase is Phase.WRITING)
        assert app.state.sheets["Ann"].rows[0].word == word
        assert app.state.sheets["Ann"].rows[0].score == expected.points
        assert app.screen.query_one("#word").value == ""

        # Round 2: Space pauses the solo timer, which also locks the word in.
        second = board_word(app, 2)
        await pilot.press(*second.lower(), "space")
        await until(pilot, lambda: app.state.phase is Phase.CHALLENGES)
        assert app.state.flipped_by == "Ann"
        await pilot.press("enter")
        await until(pilot, lambda: app.state.round == 3)

        # The scoresheet opens over the board and closes again.
        await pilot.press("f2")
        assert isinstance(app.screen, ScoresheetScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)

        # Round 3: a pass (no word) scores 0, once the player has said so.
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(pilot, lambda: app.state.phase is Phase.CHALLENGES)
        await pilot.press("enter")
        await until(pilot, lambda: app.state.round == 4)
        assert [row.score for row in app.state.sheets["Ann"].rows][2] == 0


async def play_to_the_results(app: WordsyApp, pilot: Pilot[None]) -> None:
    """Seven rounds of four-card words, to the results screen."""
    for round_no in range(1, 8):
        await until(pilot, lambda n=round_no: app.state.round == n)
        await pilot.press(*board_word(app, 4).lower(), "enter")
        await until(pilot, lambda: app.state.phase in (Phase.CHALLENGES, Phase.OVER))
        await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, ResultsScreen))


async def test_a_whole_game_ends_on_the_results() -> None:
    app = solo_app(Difficulty.BRUTAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_results(app, pilot)
        headline = str(app.screen.query_one("#headline", Static).render())
        assert "target of 120" in headline
        assert "Solo games keep no log." in str(app.screen.query_one("#log-note").render())


async def test_leaving_a_running_game_asks_first() -> None:
    app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        await pilot.press("q", "ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)
        # The q went into the word, as a letter.
        assert app.screen.query_one("#word").value == "Q"
        await pilot.press("ctrl+q", "y")
        await until(pilot, lambda: not app.is_running)


async def test_ctrl_c_asks_to_leave_like_ctrl_q() -> None:
    app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)
        assert app.is_running
