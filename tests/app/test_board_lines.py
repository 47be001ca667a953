"""Wordsy's board draws its lines' segments itself: what Textual would draw for its text,
without the cost (a word's cards changing redrew it at a key, 3 ms)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.visual import Visual, visualize

from tests.app.fixtures import writing_state
from tests.app.test_line import drawn
from wordsy_tui.games.wordsy.app.widgets.board import BoardCards


class OneBoard(App[None]):
    def compose(self) -> ComposeResult:
        yield BoardCards()


@pytest.mark.parametrize("big", [False, True])
async def test_the_board_is_drawn_as_textual_draws_its_text_without_going_through_it(
    monkeypatch: pytest.MonkeyPatch, big: bool
) -> None:
    app = OneBoard()
    async with app.run_test(size=(80, 24)) as pilot:
        cards = app.query_one(BoardCards)
        cards.board, cards.big = writing_state().board, big
        for used in (frozenset(), frozenset({0, 3}), frozenset(range(8))):
            cards.used = used
            await pilot.pause()
            width = cards.size.width
            style = cards.visual_style
            textual = Visual.to_strips(cards, visualize(cards, cards.render()), width, None, style)
            cards.refresh()  # every line drawn afresh
            with monkeypatch.context() as patched:
                patched.setattr(Visual, "to_strips", None)  # (Textual's way: not taken)
                mine = [cards.render_line(y) for y in range(len(textual))]
            assert [drawn(strip) for strip in mine] == [drawn(strip) for strip in textual]
