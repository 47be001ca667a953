"""A key in an input draws again the row its text is on, not the input's frame."""

from __future__ import annotations

import pytest
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.css.styles import RenderStyles
from textual.geometry import Region
from textual.widget import Widget

from tests.app.test_line import drawn
from wordsy_tui.app.widgets.keyed_input import KeyedInput


class OneInput(App[None]):
    def compose(self) -> ComposeResult:
        yield KeyedInput(id="typed")


def rows_drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str | None, int]]:
    """Each row of a widget drawn from now on (not taken from its cache), and whose."""
    rows: list[tuple[str | None, int]] = []
    render_line = StylesCache.render_line

    def counted(cache: StylesCache, styles: object, y: int, *args: object) -> object:
        widget = args[5].__self__  # (the widget's own `render_line`)
        assert isinstance(widget, Widget)
        rows.append((widget.id, y))
        return render_line(cache, styles, y, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(StylesCache, "render_line", counted)
    return rows


@pytest.mark.parametrize("compact", [False, True])
async def test_a_key_and_a_blink_draw_the_row_of_the_text_alone(
    monkeypatch: pytest.MonkeyPatch, compact: bool
) -> None:
    app = OneInput()
    async with app.run_test(size=(40, 10)) as pilot:
        typed = app.query_one("#typed", KeyedInput)
        typed.compact = compact
        await pilot.press("a")  # (its first text makes it valid: a class, restyled)
        await pilot.press("backspace")
        await pilot.pause()
        text_row = 0 if compact else 1  # (under a tall border's top row)
        rows = rows_drawn(monkeypatch)
        for keys in ("w", "o", "r", "backspace", "d", "left", "left", "s"):
            await pilot.press(keys)
            await pilot.pause()
            assert set(rows) == {("typed", text_row)}, keys
            rows.clear()
        typed._cursor_visible = False  # (a blink)
        await pilot.pause()
        assert set(rows) == {("typed", text_row)}
        assert typed.value == "wsod"


async def test_an_input_typed_in_shows_what_it_shows_drawn_afresh() -> None:
    app = OneInput()
    async with app.run_test(size=(40, 10)) as pilot:
        typed = app.query_one("#typed", KeyedInput)
        whole = Region(0, 0, *typed.outer_size)
        for keys in ("a", "b", "backspace", "c", *"a long word that scrolls", "left", "home"):
            await pilot.press(keys)
            await pilot.pause()
            kept = [drawn(strip) for strip in typed.render_lines(whole)]
            typed.refresh()  # (every row drawn afresh)
            assert kept == [drawn(strip) for strip in typed.render_lines(whole)], keys
        assert typed.value == "aca long word that scrolls"


async def test_a_key_takes_the_cursors_style_as_worked_out_until_the_input_is_restyled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = OneInput()
    async with app.run_test(size=(40, 10)) as pilot:
        typed = app.query_one("#typed", KeyedInput)
        await pilot.press("a")
        await pilot.pause()
        worked_out: list[tuple[str, ...]] = []
        component_styles = KeyedInput.get_component_styles

        def counted(widget: KeyedInput, *names: str) -> RenderStyles:
            worked_out.append(names)
            return component_styles(widget, *names)

        monkeypatch.setattr(KeyedInput, "get_component_styles", counted)
        for key in ("b", "c", "left", "backspace"):
            await pilot.press(key)
            await pilot.pause()
        assert typed.value == "ac"
        assert worked_out == []
        cursor = typed.get_component_rich_style("input--cursor")
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        assert typed.get_component_rich_style("input--cursor") != cursor
        assert worked_out
        whole = Region(0, 0, *typed.outer_size)
        kept = [drawn(strip) for strip in typed.render_lines(whole)]
        typed.refresh()  # (every row drawn afresh)
        assert kept == [drawn(strip) for strip in typed.render_lines(whole)]
