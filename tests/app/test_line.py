"""A `Line` lays the screen out again only when its text needs another height; one that
keeps its height leaves a shorter text's rows blank instead of moving what is under it,
until the terminal's size changes."""

from __future__ import annotations

from typing import Any

import pytest
from rich.color import ColorSystem
from rich.style import Style
from rich.text import Text
from textual import widget as widget_module
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.pilot import Pilot
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widgets import Static
from textual.widgets import _static as static_module

from wordsy_tui.app.widgets.line import Line

TWO_ROWS = Text("a hint long enough to wrap onto a second row")
ONE_ROW = Text("short")


class Column(App[None]):
    CSS = "Vertical { width: 30; }"

    def __init__(self, *, keeps_height: bool) -> None:
        super().__init__()
        self.keeps_height = keeps_height

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Line(id="hint", keeps_height=self.keeps_height)
            yield Static("under", id="under")


async def shown(pilot: Pilot[None], text: Text) -> tuple[int, int]:
    """The line's rows and the top of what is under it, once `text` is on the screen."""
    pilot.app.query_one(Line).show(text)
    await pilot.pause()
    return placing(pilot.app)


def placing(app: App[None]) -> tuple[int, int]:
    return app.query_one(Line).region.height, app.query_one("#under").region.y


async def test_a_line_that_keeps_its_height_grows_with_its_text_but_does_not_shrink_at_once():
    app = Column(keeps_height=True)
    async with app.run_test(size=(40, 10)) as pilot:
        assert await shown(pilot, ONE_ROW) == (1, 1)
        assert await shown(pilot, TWO_ROWS) == (2, 2)
        assert await shown(pilot, ONE_ROW) == (2, 2)
        await pilot.resize_terminal(40, 11)  # measured again: it fits its text
        await pilot.pause()
        assert placing(app) == (1, 1)


async def test_a_plain_line_follows_its_texts_height_both_ways():
    app = Column(keeps_height=False)
    async with app.run_test(size=(40, 10)) as pilot:
        assert await shown(pilot, TWO_ROWS) == (2, 2)
        assert await shown(pilot, ONE_ROW) == (1, 1)


class Styled(App[None]):
    """Lines styled as the boards' are: bold, coloured, padded, a fixed height."""

    CSS = """
    #bold { text-style: bold; color: $success; padding: 0 1; }
    #tall { height: 3; background: $panel; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Line(id="bold")
            yield Line(id="tall")


TEXTS = [
    Text("plain"),
    Text.assemble(("Play: ", "bold"), "QI 11 + ZA 22 = ", ("33", "bold")),
    Text.assemble(
        ("Rack ", "bold"), (" A ", "black on yellow bold"), " ", (" Q ", "black on yellow bold")
    )
    + Text("\n")
    + Text("      1   10 ", "dim"),
    Text("✓ AB is in the word list", Style(color="green", italic=True)),
    Text.assemble(("! ", "bold"), "ABZ has a Z", style="underline"),
    Text("two\nlines and a blank under them\n"),
]

WRAPPING = [
    Text.assemble(
        ("! ", "bold"),
        "INTERMEDIAT is not in the word list; the table may still allow it by vote",
        style=Style(color="yellow", bold=True),
    ),
    Text.assemble(("Locked in: ", "bold"), "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ: T(5) = 5"),
    Text("words   with    runs of spaces     between them and at the end of a row"),
    Text("漢字のテキストが折り返される、漢字 and then some words after it", "italic"),
    Text.assemble(
        ("名前", "bold"),
        " wrote ",
        ("漢字", "underline"),
        " in the word, and a few more words after that",
    ),
    Text("first line wraps onto another row\n\nthird line, after a blank one, wraps too"),
]


def drawn(strip: Strip) -> list[tuple[str, str, object]]:
    """Each segment's text, its escape codes and its marks (what Textual's text selection
    reads)."""
    styled = [(segment.text, segment.style or Style()) for segment in strip]
    return [
        (text, style.render("x", color_system=ColorSystem.TRUECOLOR), style.meta)
        for text, style in styled
    ]


async def test_a_line_that_fits_is_drawn_as_textual_draws_it_without_going_through_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = Styled()
    async with app.run_test(size=(40, 10)) as pilot:
        for line in app.query(Line):
            for text in TEXTS:
                line.show(text)
                await pilot.pause()
                width, height = line.size
                textual = [
                    *Visual.to_strips(line, visualize(line, text), width, None, line.visual_style)
                ]
                textual += [Strip.blank(width, line.visual_style.rich_style)] * height
                with monkeypatch.context() as patched:
                    patched.setattr(Visual, "to_strips", None)  # (Textual's way: not taken)
                    mine = [line.render_line(y) for y in range(height)]
                assert [drawn(strip) for strip in mine] == [
                    drawn(strip) for strip in textual[:height]
                ], (line.id, text.plain)


@pytest.mark.parametrize("columns", [40, 23, 11])
async def test_a_line_that_wraps_is_drawn_as_textual_draws_it_without_going_through_it(
    monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    """Broken at the same places, the spaces at each break dropped, each part marked with
    its offset in its line: the hint and the live score wrap at most keys of a long word."""
    app = Styled()
    async with app.run_test(size=(columns, 30)) as pilot:
        line = app.query_one("#bold", Line)
        for text in WRAPPING:
            line.show(text)
            await pilot.pause()
            width, height = line.size
            textual = Visual.to_strips(line, visualize(line, text), width, None, line.visual_style)
            assert height == len(textual) > 1
            with monkeypatch.context() as patched:
                patched.setattr(Visual, "to_strips", None)  # (Textual's way: not taken)
                patched.setattr(Line, "get_content_height", None)  # (nor to measure it)
                line.refresh()
                mine = [line.render_line(y) for y in range(height)]
                line.show(Text(text.plain[:-1]))  # measured too
            assert [drawn(strip) for strip in mine] == [drawn(strip) for strip in textual], (
                text.plain
            )


async def test_a_link_or_a_tab_is_left_to_textual(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = Styled()
    async with app.run_test(size=(20, 10)) as pilot:
        line = app.query_one("#bold", Line)
        drawn_by_textual: list[object] = []
        to_strips = Visual.to_strips

        def counted(*args: object, **kwargs: object) -> list[Strip]:
            drawn_by_textual.append(args)
            return to_strips(*args, **kwargs)  # type: ignore[arg-type]

        for text in (
            Text("a link", Style(link="https://example.org")),
            Text("a\ttab"),
        ):
            line.show(text)
            await pilot.pause()
            drawn_by_textual.clear()
            with monkeypatch.context() as patched:
                patched.setattr(Visual, "to_strips", counted)
                line.refresh()
                line.render_line(0)
            assert drawn_by_textual, text.plain


async def test_a_text_that_fits_is_measured_without_being_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = Column(keeps_height=True)
    async with app.run_test(size=(40, 10)) as pilot:
        assert await shown(pilot, TWO_ROWS) == (2, 2)
        line = app.query_one(Line)
        for text, placed in ((Text("one\ntwo\nthree"), (3, 3)), (ONE_ROW, (3, 3))):
            with monkeypatch.context() as patched:
                patched.setattr(Line, "get_content_height", None)  # (drawing it to measure)
                line.show(text)
            await pilot.pause()
            assert placing(app) == placed


async def test_a_line_drawn_by_itself_never_makes_its_text_textuals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A text shown goes to Textual's Content (0.1 ms a line) only if Textual draws it."""
    app = Styled()
    async with app.run_test(size=(40, 10)) as pilot:
        line = app.query_one("#bold", Line)
        made: list[object] = []

        def counted(widget: object, content: object, **kwargs: Any) -> Visual:
            made.append(content)
            return visualize(widget, content, **kwargs)  # type: ignore[arg-type]

        for module in (static_module, widget_module):
            monkeypatch.setattr(module, "visualize", counted)
        for text in [*TEXTS, *WRAPPING]:
            line.show(text)
            await pilot.pause()
        assert made == []
        tab = Text("a\ttab")  # (Textual's to draw)
        line.show(tab)
        await pilot.pause()
        assert made
        assert all(content is tab for content in made)
