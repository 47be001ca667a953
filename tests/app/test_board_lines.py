"""Wordsy's board draws its lines' segments itself: what Textual would draw for its text,
without the cost (a word's cards changing redrew it at a key, 3 ms)."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
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


class TwoBoards(App[None]):
    def compose(self) -> ComposeResult:
        yield BoardCards(id="kept")
        yield BoardCards(id="fresh")


@pytest.mark.parametrize("big", [False, True])
async def test_a_card_marked_or_unmarked_redraws_its_row_of_cards_alone(
    monkeypatch: pytest.MonkeyPatch, big: bool
) -> None:
    """A word's cards change at a key: the row they are in is drawn again (or taken from
    the rows drawn before, for cards used as they were), the heading and the other row
    stay as drawn, and the board shows what a board drawn afresh shows."""
    app = TwoBoards()
    async with app.run_test(size=(80, 24)) as pilot:
        kept, fresh = app.query_one("#kept", BoardCards), app.query_one("#fresh", BoardCards)
        for cards in (kept, fresh):
            cards.board, cards.big = writing_state().board, big
        await pilot.pause()
        built: list[int] = []
        row = BoardCards._row

        def counted(cards: BoardCards, at: int) -> list[Text]:
            if cards is kept:
                built.append(at)
            return row(cards, at)

        monkeypatch.setattr(BoardCards, "_row", counted)
        whole = Region(0, 0, *kept.size)
        for used, rows in (({0}, [0]), ({0, 3}, [1]), ({0}, []), ({2, 5}, [0, 1]), (set(), [])):
            built.clear()
            kept.used = fresh.used = frozenset(used)
            await pilot.pause()
            assert built == rows
            fresh.refresh()  # (every line drawn afresh)
            drawn_kept = [drawn(strip) for strip in kept.render_lines(whole)]
            assert drawn_kept == [drawn(strip) for strip in fresh.render_lines(whole)]
