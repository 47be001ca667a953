"""The board while a player types: each key, and each second of the timer, redraw what
they changed; the screen is laid out again only where a line changes its height."""

from __future__ import annotations

import io
import re
import time
from collections.abc import Callable, Iterable
from functools import partial

import pytest
from rich.console import Console
from textual._compositor import ChopsUpdate, Compositor
from textual.app import App
from textual.dom import DOMNode
from textual.geometry import Region
from textual.message import Message
from textual.pilot import Pilot
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input, Static

from tests.app.fixtures import NOW, FixedAdvisor, ScriptedSession, settle, writing_state
from tests.app.test_hint import ZedAdvisor, ZedReferee, hint
from tests.app.test_solo import until
from wordsy_tui.app.compositor import ChangedRows
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app import app as wordsy_app_module
from wordsy_tui.games.wordsy.app.app import TYPING_PAUSE_SECONDS
from wordsy_tui.games.wordsy.app.widgets.draft import DraftPanel, WordInput
from wordsy_tui.games.wordsy.app.widgets.timer import Countdown
from wordsy_tui.games.wordsy.rules.commands import MAX_WORD_LENGTH
from wordsy_tui.games.wordsy.rules.config import Difficulty
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.solo import solo_session
from wordsy_tui.table.clock import Deadline


def zed_app() -> WordsyApp:
    referee = ZedReferee()
    session = solo_session("Ann", Difficulty.NORMAL, referee, seed=11)
    return WordsyApp(session, advisor=ZedAdvisor(referee), bell=False)


async def answered_once(pilot: Pilot[None], app: WordsyApp) -> None:
    """ "A" typed and the referee's first answer (from its thread) shown: later keys are
    answered in their own step."""
    await until(pilot, lambda: app.state.phase is Phase.WRITING)
    await pilot.press("a")
    await until(pilot, lambda: hint(app) == "✓ A is in the word list")
    await pilot.pause()


def count_layouts(monkeypatch: pytest.MonkeyPatch) -> list[Screen[object]]:
    """The screens laid out from now on, one entry a layout."""
    layouts: list[Screen[object]] = []
    refresh_layout = Screen._refresh_layout

    def counted(screen: Screen[object], *args: object, **kwargs: object) -> None:
        layouts.append(screen)
        refresh_layout(screen, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return layouts


async def test_a_key_that_keeps_every_line_one_line_high_lays_nothing_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = zed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await answered_once(pilot, app)
        layouts = count_layouts(monkeypatch)
        for letter in "bcde":
            await pilot.press(letter)
            await pilot.pause()
        assert hint(app) == "✓ ABCDE is in the word list"
        assert str(app.screen.query_one("#live-score", Static).render()).startswith("ABCDE")
        assert layouts == []
        # A line that grows to two does lay the screen out: the lines under it move down.
        await pilot.press("z")
        await pilot.pause()
        assert hint(app) == "! ABCDEZ has a Z"
        await pilot.press(*"abcdefghijklmnopqrstuvwxy")  # the hint wraps under the word
        await pilot.pause()
        assert layouts


async def test_a_word_longer_than_its_box_scrolls_to_the_letter_typed_last() -> None:
    app = zed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        word = ("abcdefghij" * 5)[:MAX_WORD_LENGTH]
        await pilot.press(*word)
        await pilot.pause()
        box = app.screen.query_one(WordInput)
        assert box.value == word.upper()
        assert 0 < box.scroll_x == box.max_scroll_x
        shown = "".join(segment.text for segment in box.render_line(0))
        assert word.upper()[-20:] in shown
        await pilot.press("home")
        await pilot.pause()
        assert box.scroll_x == 0
        assert word.upper()[:20] in "".join(segment.text for segment in box.render_line(0))


async def test_a_new_second_of_the_timer_redraws_it_and_lays_nothing_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [NOW]
    session = ScriptedSession("Ann", writing_state(), Deadline("timer", NOW + 20, 30))
    app = WordsyApp(session, advisor=FixedAdvisor(), now=lambda: clock[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        timer = app.screen.query_one("#timer", Countdown)
        assert "Timer: 0:20" in str(timer.render())
        clock[0] = NOW + 1  # (the first lines drawn at their width: they may lay it out)
        await until(pilot, lambda: "Timer: 0:19" in str(timer.render()))
        await pilot.pause()
        layouts = count_layouts(monkeypatch)
        clock[0] = NOW + 2
        await until(pilot, lambda: "Timer: 0:18" in str(timer.render()))
        await pilot.pause()
        assert layouts == []
        # Lines that come and go do lay it out: the players' list under it moves.
        session.show(session.state, None)
        await until(pilot, lambda: "Timer" not in str(timer.render()))
        await pilot.pause()
        assert layouts


async def test_a_word_going_in_and_out_of_the_list_restyles_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint's warning colour comes with its text: a class on the line would have the
    stylesheet applied to it again at each key that turns the verdict."""
    app = zed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await answered_once(pilot, app)
        restyled: list[object] = []
        update_nodes = app.stylesheet.update_nodes

        def counted(nodes: Iterable[DOMNode], animate: bool = False) -> None:
            restyled.extend(nodes)
            update_nodes(nodes, animate)

        monkeypatch.setattr(app.stylesheet, "update_nodes", counted)
        for key in ("z", "backspace", "z", "backspace"):
            await pilot.press(key)
            await pilot.pause()
        assert hint(app) == "✓ A is in the word list"
        assert restyled == []


class Clock:
    """time.monotonic and time.sleep, the sleep moving the clock on."""

    def __init__(self, now: float) -> None:
        self.now = now
        self.slept: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


async def test_the_best_word_search_is_built_in_the_pauses_of_typing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paces: list[Callable[[], object]] = []

    class Paced(FixedAdvisor):
        @staticmethod
        def preload(pace: Callable[[], object] = lambda: None) -> None:
            paces.append(pace)

    session = solo_session("Ann", Difficulty.NORMAL, FixedAdvisor(), seed=11)
    app = WordsyApp(session, advisor=Paced(), bell=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING and bool(paces))
        # Long after the round's blank word was set down: no wait.
        clock = Clock(time.monotonic() + 10)
        monkeypatch.setattr(wordsy_app_module, "time", clock)
        paces[0]()
        assert clock.slept == []
        await pilot.press("a")
        await pilot.pause()
        clock.now += 0.1
        paces[0]()  # the next slice waits until the word has been still for a while
        assert clock.slept == [pytest.approx(TYPING_PAUSE_SECONDS - 0.1)]


def drawn_widgets(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the widgets drawn from now on, one entry each time one is."""
    drawn: list[str] = []
    render_lines = Widget.render_lines

    def counted(widget: Widget, crop: Region) -> list[Strip]:
        drawn.append(widget.id or type(widget).__name__)
        return render_lines(widget, crop)

    monkeypatch.setattr(Widget, "render_lines", counted)
    return drawn


async def test_a_key_draws_only_the_widgets_in_the_rows_it_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = zed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await answered_once(pilot, app)
        await pilot.press("b")  # (the card B, marked)
        await pilot.pause()
        drawn = drawn_widgets(monkeypatch)
        await pilot.press("e")  # (no card E: the board stays as it is)
        await pilot.pause()
        assert hint(app) == "✓ ABE is in the word list"
        assert {"word", "live-score", "hint"} <= set(drawn)
        # Above, below and beside the word: the title bar, the key bar, the cards, the timer.
        assert not {"title-bar", "Footer", "BoardCards", "side", "timer"} & set(drawn)
        # Behind them: what changed lies within each, and nothing of theirs shows there.
        assert not {"GameScreen", "writing", "table", "DraftPanel"} & set(drawn)


def shows(sent: str) -> str:
    """What `sent` does to a terminal, written as the fewest bytes: a move of the cursor
    with nothing written after it does nothing (Textual sends one where a span of the
    screen ends at the edge of a widget it has not drawn, as if it had)."""
    return re.sub(r"\x1b\[\d+;\d+H(?=\x1b\[\d+;\d+H|\n|$)", "", sent)


def frames_compared(monkeypatch: pytest.MonkeyPatch, app: App[object]) -> list[str]:
    """What each frame sends to the terminal from now on (its changes), each checked to be
    what Textual's own compositor, drawing every widget whose clip meets the box around
    the changes, would have sent."""
    compositor = app.screen._compositor
    assert isinstance(compositor, ChangedRows)
    stock = Compositor._get_renders
    sent: list[str] = []
    # Written in full colour, as the lines' tests read them: Rich keeps a style's codes as
    # first written, for any later console.
    console = Console(color_system="truecolor", force_terminal=True, file=io.StringIO())

    def compared() -> ChopsUpdate | None:
        regions = set(compositor._dirty_regions)
        ours = ChangedRows.render_partial_update(compositor)
        compositor._dirty_regions.update(regions)
        with monkeypatch.context() as patch:
            patch.setattr(compositor, "_get_renders", partial(stock, compositor))
            textuals = Compositor.render_partial_update(compositor)
        assert (ours is None) == (textuals is None)
        if ours is not None and textuals is not None:
            sent.append(shows(ours.render_segments(console)))
            assert sent[-1] == shows(textuals.render_segments(console))
        return ours

    monkeypatch.setattr(compositor, "render_partial_update", compared)
    return sent


async def test_a_frame_drawn_from_the_changed_widgets_sends_what_textual_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = zed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await answered_once(pilot, app)
        sent = frames_compared(monkeypatch, app)
        for key in (*"bzcdefghijklmno", "backspace", "backspace", "q"):
            await pilot.press(key)
            await pilot.pause()
        assert hint(app) == "! ABZCDEFGHIJKLMQ has a Z"
        assert len(sent) >= 18


async def test_a_key_in_the_word_box_sends_the_panel_no_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The panel watches the word's value, rescoring it in the key's own step: the message
    Textual's input posts as well would only go round the panel to be dropped."""
    app = zed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await answered_once(pilot, app)
        came: list[type[Message]] = []
        on_message = DraftPanel._on_message

        async def counted(panel: DraftPanel, message: Message) -> None:
            came.append(type(message))
            await on_message(panel, message)

        monkeypatch.setattr(DraftPanel, "_on_message", counted)
        for key in ("b", "c", "backspace"):
            await pilot.press(key)
            await pilot.pause()
        assert hint(app) == "✓ AB is in the word list"
        assert Input.Changed not in came
