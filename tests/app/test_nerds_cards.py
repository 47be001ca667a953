"""The action cards dialog at 80x24: two copies of a card read as one text with how many
are held, and each thing a card may be aimed at is offered once, not once per copy (the
list once doubled and left a single row of targets on screen)."""

from __future__ import annotations

import dataclasses

from textual.widgets import OptionList

from tests.app.nerds_fixtures import ME, _battle, _shown, played, still_app
from tests.app.test_fit import on_screen
from tests.app.tile_fixtures import until
from wordsy_tui.games.wordnerds.app.dialogs import CardsScreen
from wordsy_tui.games.wordnerds.rules.components import ACTIONS

TWICE = ("+2 WORD VALUE", "-3 WORD VALUE")


async def test_two_copies_of_a_card_are_one_text_and_each_target_is_offered_once() -> None:
    state, _log = played(_battle)
    pairs = tuple(
        card
        for title in TWICE
        for card in [i for i, k in enumerate(ACTIONS) if k.title == title][:2]
    )
    app = still_app(dataclasses.replace(state, actions={**state.actions, ME: pairs}))
    async with app.run_test(size=(80, 24)) as pilot:
        await _shown(pilot)
        await pilot.press("f4")
        await until(pilot, lambda: isinstance(app.screen, CardsScreen))
        await pilot.pause()
        screen = on_screen(pilot)
        for title in TWICE:
            assert screen.count(f"{title} (x2):") == 1
        offered = app.screen.query_one("#plays", OptionList)
        texts = [str(offered.get_option_at_index(i).prompt) for i in range(offered.option_count)]
        assert len(texts) == len(set(texts))
        in_play = len(state.in_play())
        assert len(texts) == len(TWICE) * in_play
        # Every target is on the screen at once, none cut off below a single row.
        assert all(text in screen for text in texts)
