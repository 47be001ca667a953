"""What playing Wordsmith as a new user at 80x24 found (a table of three people and seven
computer players, in tmux): each screen as it must be, once the thing that went wrong
there is fixed."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.widgets import Static

from tests.app.smith_fixtures import FROZEN_NOW, ME, Watching, played, seed_rng
from tests.app.tile_fixtures import until
from tests.games.wordsmith.table import LEXICON, sheet_with, sq, strip
from wordsy_tui.games.wordsmith.app.app import WordsmithApp
from wordsy_tui.games.wordsmith.app.dialogs import ResultsScreen, SheetsScreen
from wordsy_tui.games.wordsmith.app.panel import goals_text, players_text, preview_text
from wordsy_tui.games.wordsmith.rules import commands as cmd
from wordsy_tui.games.wordsmith.rules.components import GOAL_FIRST, GOAL_LATER, GOALS
from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.rules.forge import Forged, forge
from wordsy_tui.games.wordsmith.rules.scoring import final_scores
from wordsy_tui.games.wordsmith.rules.sheet import Sheet
from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.rules.turn import Pick, Turn
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


class HostingOver(Watching):
    """The hosting player's place at a game that is over (what it shows: `state`)."""

    def __init__(self, state: WordsmithState) -> None:
        super().__init__(state)
        self.me = ME

    @property
    def hosting(self) -> bool:
        return True


async def test_the_results_come_back_after_a_look_at_the_sheets() -> None:
    """Esc on the results showed the sheets, and nothing brought the results back: the
    scoring lines were gone, and the host's Play again with them."""
    state, _log = played(12)
    seat = WordsmithSeat(HostingOver(WordsmithRules().state_for(state, ME)))
    app = WordsmithApp(seat, now=lambda: FROZEN_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.table_screen)
        await pilot.pause()
        assert "⏎ the results" in str(app.table_screen.query_one("#preview", Static).render())
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert app.screen.check_action("rematch", ()) is True


async def test_back_at_80x24_from_a_wider_terminal_the_panel_fits_again() -> None:
    """Resized from 100x30 back to 80x24, the goals kept the lines cut for the wider
    panel: wrapped, they took a line more and pushed the tenth player out of sight."""
    bots = tuple(f"Bot {n} (easy)" for n in range(1, 10))
    opening = cmd.opening(WordsmithConfig(), (ME,), bots)
    # (This seed turns up Twin columns, whose line of what it asks is cut at 80x24.)
    seat = WordsmithSeat(Local(WordsmithRules(), ME, opening, rng=seed_rng(5), timed=False))
    app = WordsmithApp(seat, now=lambda: FROZEN_NOW)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table_screen.is_mounted and seat.state.round == 1)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        screen = app.table_screen
        goals = screen.query_one("#goals", Static)
        assert all(len(line) <= goals.content_size.width for line in lines_of(goals))
        assert goals.region.height == 4  # two goals, a line each and a line of what it asks
        players = screen.query_one("#players", Static)
        assert all(len(line) <= players.content_size.width for line in lines_of(players))
        assert players.region.height >= len(seat.state.players) == 10


# -- the lines under the sheet and beside it --------------------------------------------


def forged(sheet: Sheet, *picks: tuple[str, str]) -> Forged:
    """The turn being put together (one letter, or both) as the live preview works it out."""
    turn = Turn(tuple(Pick(sq(at), letter, None) for at, letter in picks))
    return forge(sheet, turn, strip("PR", "QU", "AD"), LEXICON, whole=False)


def test_a_goblets_letter_is_asked_for_once_both_letters_are_written() -> None:
    """O on d3 makes BOOT and forges the goblet d3-d4 with the turn's first letter: the
    preview said "type its letter" while the next letter typed was the turn's second."""
    sheet = sheet_with(loose={"d1": "B", "d2": "O", "d4": "T"})
    one = forged(sheet, ("d3", "O"))
    assert one.goblets == 1
    said = str(preview_text(one, 78, letters_left=1))
    assert "type its letter" not in said
    assert "goblet: its letter once both of yours are written" in said
    both = forged(sheet, ("d3", "O"), ("h8", "Q"))
    assert "goblet: type its letter" in str(preview_text(both, 78, letters_left=0))


def test_the_preview_counts_one_crown_and_lists_a_refusal_alone() -> None:
    """PRUNED's crown read "+1 crowns"; RUNES refused with no word made read "Words  ·
    RUNES refused"."""
    rune = sheet_with(words=[("RUNE", "f3", "down")])
    items = str(preview_text(forged(rune, ("f2", "P"), ("f7", "D")), 78, 0)).splitlines()[1]
    assert "+1 crown " in items + " "
    words = str(preview_text(forged(rune, ("f7", "S"), ("h8", "Q")), 78, 0)).splitlines()[0]
    assert words == "Words RUNES refused: it inflects RUNE"


def test_who_reached_a_goal_is_named_whole_with_what_it_scored() -> None:
    """The goal lines cut a computer player's name to "Bot 7 (…", then its points."""
    state, _log = played(6)
    goal = state.goals[0]
    first, later = "Bot 1 (easy)", "Bot 2 (easy)"
    sheets = dict(state.sheets)
    sheets[first] = replace(sheets[first], goals=((goal, True),))
    sheets[later] = replace(sheets[later], goals=((goal, False),))
    line = str(goals_text(replace(state, sheets=sheets), 42)).splitlines()[0]
    assert line == f"Goal {GOALS[goal].name}: Bot 1 +{GOAL_FIRST}, Bot 2 +{GOAL_LATER}"


def test_with_hidden_sheets_nobody_is_scored_from_a_blank_sheet() -> None:
    """With hidden sheets the others' sheets are blank on our screen: the players' list
    gave each of them 0, and our own score the crown places of the most crowns against
    those blank sheets."""
    host, _log = played(8)
    host = replace(host, config=replace(host.config, open_sheets=False))
    mine = final_scores(host.sheets)[ME]
    view = WordsmithRules().state_for(host, ME)
    rows = str(players_text(view, ME, {}, 42)).splitlines()
    scores = {row.split()[0]: row.split()[-1] for row in rows}
    assert scores.pop(ME) == str(mine.total - mine.most_crowns)
    assert set(scores.values()) == {"?"}
    assert final_scores(view.sheets)[ME].most_crowns == 8  # what the blank sheets gave


@pytest.mark.parametrize(
    ("config", "said"),
    [
        (WordsmithConfig(), "Rounds: 2 min at most · sheets open"),
        (
            WordsmithConfig(round_seconds=45, open_sheets=False),
            "Rounds: 45 s at most · sheets hidden",
        ),
    ],
)
def test_the_lobby_says_the_round_limit_and_whether_sheets_are_hidden(
    config: WordsmithConfig, said: str
) -> None:
    """Whoever sat down learnt the round limit from the first round's clock, and that
    sheets were hidden only on opening another player's."""
    opening = cmd.opening(config, (ME,), ("Bot 1 (easy)",))[:-1]  # not started
    rules, rng = WordsmithRules(), seed_rng(1)
    state = rules.fresh()
    for actor, command in opening:
        for event in rules.decide(state, actor, command, rng):
            state = rules.evolve(state, event)
    assert state.phase is Phase.LOBBY
    lines = str(goals_text(state, 42)).splitlines()
    assert lines[-1] == said
    assert len(said) <= 42
