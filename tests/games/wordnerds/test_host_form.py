"""Hosting Word Nerds from the start menu: its rows on the form ask what `host --game
wordnerds --window --vote` sets, and refuse what the command line refuses."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from tests.app.fixtures import FakeLan
from tests.app.test_host_form import form, open_the_form, shown_rows
from tests.app.test_solo import until
from wordsy_tui.app.lan import TableSetup
from wordsy_tui.app.launcher import Launcher
from wordsy_tui.app.screens.host_form import FormProblem, HostChoice
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig


def test_word_nerds_reads_its_own_rows() -> None:
    typed = {"nerds-window": "30", "nerds-vote": "on"}
    answer = form(game="wordnerds", seats="4", bots="1", timer="4", **typed)
    config = NerdsConfig(max_players=4, window_seconds=30, table_vote=True)
    assert answer == HostChoice("Ann", TableSetup(config, bots=1))
    # Its defaults when its rows are left as they are (and Wordsy's timer is not its own).
    assert form(game="wordnerds", seats="6") == HostChoice("Ann", TableSetup(NerdsConfig()))


@pytest.mark.parametrize(
    ("typed", "field"),
    [
        ({"nerds-window": "4"}, "nerds-window"),
        ({"nerds-window": ""}, "nerds-window"),
        ({"nerds-vote": "maybe"}, "nerds-vote"),
        ({"seats": "7"}, "seats"),
    ],
)
def test_word_nerds_refuses_what_its_host_refuses(typed: dict[str, str], field: str) -> None:
    answer = form(**({"game": "wordnerds", "seats": "4"} | typed))
    assert isinstance(answer, FormProblem)
    assert answer.field == field


async def test_choosing_word_nerds_shows_its_rows_and_hosts_it() -> None:
    lan = FakeLan()
    app = Launcher(lan, name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_form(pilot, app)
        assert "row-nerds-window" not in shown_rows(app.screen)  # Wordsy
        app.screen.query_one("#game", Select).value = "wordnerds"
        await pilot.pause()
        assert {"row-nerds-window", "row-nerds-vote"} <= set(shown_rows(app.screen))
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
    assert lan.hosted == [("Ann", TableSetup(NerdsConfig()))]
