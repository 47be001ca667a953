"""The referee's hint under the word: the first answer comes from a thread (the word list
loads), later ones with the key that changed the word, always about the word on screen."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from textual.color import Color
from textual.widgets import Static

from tests.app.fixtures import FixedAdvisor
from tests.app.test_solo import until
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.rules.config import Difficulty
from wordsy_tui.games.wordsy.rules.referee import ALLOWED, PlayedWord, Reason, Verdict
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.solo import solo_session


class ZedReferee:
    """Refuses words with a Z; records which thread asked."""

    def __init__(self) -> None:
        self.threads: list[bool] = []

    def judge(self, word: str, earlier: Sequence[PlayedWord], ruleset: Ruleset) -> Verdict:
        self.threads.append(threading.current_thread() is threading.main_thread())
        if "Z" in word.upper():
            return Verdict(False, Reason.NOT_A_WORD, f"{word.upper()} has a Z")
        return ALLOWED  # one object for every allowed word


class ZedAdvisor(FixedAdvisor):
    def __init__(self, referee: ZedReferee) -> None:
        super().__init__()
        self._referee = referee


def hint(app: WordsyApp) -> str:
    return str(app.screen.query_one("#hint", Static).render())


def hint_colours(app: WordsyApp) -> set[str]:
    """The colours of the hint's letters as drawn (blanks aside)."""
    line = app.screen.query_one("#hint", Static)
    return {
        segment.style.color.name
        for segment in line.render_line(0)
        if segment.text.strip() and segment.style and segment.style.color
    }


def theme_colour(app: WordsyApp, variable: str) -> str:
    return Color.parse(app.theme_variables[variable]).rich_color.name


async def test_the_hint_follows_every_key_once_the_referee_has_answered() -> None:
    referee = ZedReferee()
    session = solo_session("Ann", Difficulty.NORMAL, referee, seed=11)
    app = WordsyApp(session, advisor=ZedAdvisor(referee), bell=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        await pilot.press("a")
        # The first question goes to a thread: the word list may still be loading.
        await until(pilot, lambda: hint(app) == "✓ A is in the word list")
        assert referee.threads == [False]
        await pilot.press("b")
        await pilot.pause()
        # The same verdict object for another word is another line.
        assert hint(app) == "✓ AB is in the word list"
        assert referee.threads[-1] is True  # answered with the key, on the UI's own thread
        await pilot.press("z")
        await pilot.pause()
        assert hint(app) == "! ABZ has a Z"
        assert hint_colours(app) == {theme_colour(app, "warning")}
        await pilot.press("backspace")
        await pilot.pause()
        assert hint(app) == "✓ AB is in the word list"
        assert hint_colours(app) == {theme_colour(app, "success")}
        await pilot.press("backspace", "backspace")
        await pilot.pause()
        assert hint(app) == ""
