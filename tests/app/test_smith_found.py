"""What playing Wordsmith as a new user at 80x24 found (a table of three people and seven
computer players, in tmux): each screen as it must be, once the thing that went wrong
there is fixed."""

from __future__ import annotations

from textual.widgets import Static

from tests.app.smith_fixtures import FROZEN_NOW, ME, Watching, played, seed_rng
from tests.app.tile_fixtures import until
from wordsy_tui.games.wordsmith.app.app import WordsmithApp
from wordsy_tui.games.wordsmith.app.dialogs import SheetsScreen
from wordsy_tui.games.wordsmith.rules import commands as cmd
from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.rules.state import Phase
from wordsy_tui.games.wordsmith.seam import WordsmithRules
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.table.local import Local


def lines_of(widget: Static) -> list[str]:
    return str(widget.render()).splitlines()


async def test_the_sheets_show_at_once_when_no_news_follows() -> None:
    """F2 at the end of the game opened a blank screen: the sheets were drawn only with
    the table's next news, and after the last round there is none."""
    state, _log = played(12)
    assert state.phase is Phase.OVER
    seat = WordsmithSeat(Watching(WordsmithRules().state_for(state, None)))
    app = WordsmithApp(seat, now=lambda: FROZEN_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: seat.state.phase is Phase.OVER)
        await pilot.pause()
        others = [player for player in state.players if player != ME]
        app.push_screen(SheetsScreen(seat, others))
        await until(pilot, lambda: isinstance(app.screen, SheetsScreen))
        await pilot.pause()
        title = lines_of(app.screen.query_one("#sheets-title", Static))
        assert title == [f"{others[0]}'s sheet (1 of {len(others)})"]
        sheet = lines_of(app.screen.query_one("#other-sheet", Static))
        assert len(sheet) == 17  # the column letters, then each row over its items
        assert "Score as it stands" in str(app.screen.query_one("#other-side", Static).render())


async def test_back_at_80x24_from_a_wider_terminal_the_panel_fits_again() -> None:
    """Resized from 100x30 back to 80x24, the goals kept the lines cut for the wider
    panel: wrapped, they took a line more and pushed the tenth player out of sight."""
    bots = tuple(f"Bot {n} (easy)" for n in range(1, 10))
    opening = cmd.opening(WordsmithConfig(), (ME,), bots)
    # (This seed turns up Twin columns, whose line of what it asks is cut at 80x24.)
    seat = WordsmithSeat(Local(WordsmithRules(), ME, opening, rng=seed_rng(5), timed=False))
    app = WordsmithApp(seat, now=lambda: FROZEN_NOW)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.sheet_screen.is_mounted and seat.state.round == 1)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        screen = app.sheet_screen
        goals = screen.query_one("#goals", Static)
        assert all(len(line) <= goals.content_size.width for line in lines_of(goals))
        assert goals.region.height == 4  # two goals, a line each and a line of what it asks
        players = screen.query_one("#players", Static)
        assert all(len(line) <= players.content_size.width for line in lines_of(players))
        assert players.region.height >= len(seat.state.players) == 10
