"""An input that edits in the order the keys came, even when they come in one burst."""

from __future__ import annotations

from typing import Any, Self

from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.reactive import Reactive, reactive
from textual.widgets import Input
from textual.widgets.input import Selection


class KeyedInput(Input):
    """Textual runs a focused input's own bindings (Backspace, Delete, arrows...) only once
    the key has bubbled up to the app, behind the letters queued after it: a burst such as
    a paste, a fast typist or an SSH packet ("ab<Backspace>c") would lose the "c" and keep
    the "b". Here every key is handled by the input itself, in the order it came."""

    # Textual's input sets its width in letters at every key, and that asked for a layout of
    # the whole screen and a redraw of the whole input, though its box stays as it is (one
    # sized by its text lays itself out: Textual's input sees to that): scrolling to the
    # cursor reads the width where it is kept, and the new letter redraws its row.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
    # A key changes the text and the cursor, a blink the cursor: the row they are on is
    # drawn again, not the frame above and below it as well (Textual redrew the whole
    # input, and a tall border's two rows took 0.3 ms each, at every key and blink).
    value: Reactive[str] = reactive("", init=False, repaint=False)
    selection: Reactive[Selection] = reactive(Selection.cursor(0), repaint=False)
    _cursor_visible: Reactive[bool] = reactive(True, repaint=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # (Before Textual's input sets itself up: that may redraw it already.)
        self._component_rich_styles: dict[tuple[object, ...], Style] = {}
        """The styles of its parts (the cursor's...), kept while it redraws a row: Textual
        works them out again after every redraw, 0.1 ms a key for the cursor's alone."""
        super().__init__(*args, **kwargs)

    def get_component_rich_style(
        self, *names: str, partial: bool = False, default: Style | None = None
    ) -> Style:
        key = (names, partial, default)
        style = self._component_rich_styles.get(key)
        if style is None:
            style = super().get_component_rich_style(*names, partial=partial, default=default)
            self._component_rich_styles[key] = style
        return style

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if not regions:  # restyled (a theme, a class, its parts' styles): worked out again
            self._component_rich_styles.clear()
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        self._component_rich_styles.clear()
        super().notify_style_update()

    def watch_value(self) -> None:
        self._refresh_text_row()

    def watch_selection(self) -> None:
        self._refresh_text_row()

    def watch__cursor_visible(self) -> None:
        self._refresh_text_row()

    def _refresh_text_row(self) -> None:
        # (In the content's coordinates; from edge to edge: the cursor after the last
        # letter stands in the padding.)
        self.refresh(Region(-self.gutter.left, 0, self.region.width, self.content_size.height))

    async def _on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return
        await super()._on_key(event)
