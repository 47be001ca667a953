"""The results screen says which tie rule applied: the first edition's tie-break, or the
second edition's shared victory."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from tests.app.fixtures import NOW, FixedAdvisor, ScriptedSession, settle
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.results import standings_table
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoresheet import Scoresheet, SheetRow
from wordsy_tui.games.wordsy.rules.state import GameState, Phase

# Both on 40: Ann has the best single word (24), Bob two of 20.
SHEETS = {
    "Ann": Scoresheet((SheetRow("BLACKSMITH", 24), SheetRow("PLANTS", 16))),
    "Bob": Scoresheet((SheetRow("SCRAMBLE", 20), SheetRow("STRAND", 20))),
}


def tied_game(ruleset: Ruleset) -> GameState:
    return GameState(
        config=GameConfig(ruleset=ruleset),
        phase=Phase.OVER,
        players=("Ann", "Bob"),
        sheets=SHEETS,
    )


@pytest.mark.parametrize(
    ("ruleset", "headline", "rule", "note"),
    [
        (
            Ruleset.CLASSIC,
            "Ann wins.",
            "Ties (first edition): the best single word decides",
            "best word 20 against 24",
        ),
        (
            Ruleset.SECOND_EDITION,
            "A shared victory: Ann and Bob.",
            "Ties (second edition): in a tie, victory is shared",
            "shares the place with Ann: a tie is shared",
        ),
    ],
)
async def test_the_results_say_which_tie_rule_applied(ruleset, headline, rule, note) -> None:
    session = ScriptedSession("Ann", tied_game(ruleset))
    app = WordsyApp(session, advisor=FixedAdvisor(), now=lambda: NOW, bell=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        shown_text = {
            name: str(app.screen.query_one(f"#{name}", Static).render())
            for name in ("headline", "tie-rule")
        }
        assert shown_text["headline"] == headline
        assert shown_text["tie-rule"].startswith(rule)
    notes = standings_table(SHEETS, "Ann", ruleset).columns[-1].cells
    assert note in list(notes)[1]
