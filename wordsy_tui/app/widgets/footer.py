"""The key bar at the bottom of every screen: its keys drawn as one line, redrawn only when
they change."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events, widgets
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets._footer import FooterKey


@dataclass(frozen=True, slots=True)
class Key:
    """A key the bar shows: the key pressed for it, as shown, and what it does."""

    key: str
    display: str
    description: str
    enabled: bool = True
    tooltip: str = ""


def label(key: Key, key_style: Style | str = "", description_style: Style | str = "") -> Text:
    """A key as Textual's footer draws one (not compact): padded key, then what it does."""
    if not key.description:
        return Text(key.display, key_style)
    return Text.assemble(
        (f" {key.display} ", key_style), (f"{key.description} ", description_style)
    )


class KeyLine(Widget):
    """The screen's keys, drawn as Textual's footer draws a key each (its stylesheet's colours
    and spacing), on one line: one widget, styled and laid out once, however many keys.

    Textual's footer makes a widget of each key: on a lobby's first frame its nine keys took
    some 20 ms of composing, styling and laying out (a fifth of what the lobby costs), and
    as much again at every change of keys.
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "footer-key--key",
        "footer-key--description",
        "footer-key--hover",
    }
    # FooterKey's own rules (not compact), for the line's parts: the same colours.
    DEFAULT_CSS = """
    KeyLine {
        width: auto;
        height: 1;
        text-wrap: nowrap;
        background: $footer-item-background;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    def __init__(self, keys: tuple[Key, ...]) -> None:
        super().__init__()
        self.keys = keys
        self._hovered: int | None = None

    def show(self, keys: tuple[Key, ...]) -> None:
        self.keys = keys
        self._hovered = None
        self.refresh(layout=True)

    def _spans(self) -> list[tuple[int, int]]:
        """Each key's columns on the line: (start, end)."""
        spans: list[tuple[int, int]] = []
        start = 0
        for key in self.keys:
            end = start + cell_len(label(key).plain)
            spans.append((start, end))
            start = end
        return spans

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer-key--key")
        description_style = self.get_component_rich_style("footer-key--description")
        line = Text(no_wrap=True, end="")
        for index, key in enumerate(self.keys):
            part = label(key, key_style, description_style)
            if index == self._hovered:
                part.stylize_before(self.get_component_rich_style("footer-key--hover"))
            else:
                part.stylize_before(self.rich_style)
            if not key.enabled:
                part.stylize_before(Style(dim=True))
            line.append_text(part)
        return line

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return sum(end - start for start, end in self._spans())

    def _key_at(self, x: int) -> int | None:
        for index, (start, end) in enumerate(self._spans()):
            if start <= x < end:
                return index
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        hovered = self._key_at(event.x)
        if hovered != self._hovered:
            self._hovered = hovered
            self.tooltip = self.keys[hovered].tooltip or None if hovered is not None else None
            self.refresh()

    def on_leave(self, _event: events.Leave) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self._key_at(event.x)
        if index is None:
            return
        key = self.keys[index]
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()


class Footer(widgets.Footer):
    """Textual's footer (its place, colours and the command palette's key at the right), with
    the screen's other keys on one line (`KeyLine`), redrawn only when they change: Textual
    rebuilds every key each time the screen's bindings may have changed (a focus move, a new
    game state), several times to a refresh while a screen opens."""

    def __init__(self) -> None:
        super().__init__()
        self._line: KeyLine | None = None
        self._palette_shown: tuple[Binding, bool, str] | None = None

    def compose(self) -> ComposeResult:
        # The keys are in the screen's first frame: Textual's footer composes empty until
        # the screen says its bindings changed, then draws its keys in a frame of their own
        # (the last part of every first screen to reach the terminal).
        self._bindings_ready = True
        self._line = KeyLine(self._shown())
        yield self._line
        self._palette_shown = self._palette_state()
        yield from self._palette()

    def _shown(self) -> tuple[Key, ...]:
        """The screen's keys to show but the command palette's: the first binding of each
        action, in the screen's order (as Textual's footer shows them)."""
        app = self.app
        palette = app.COMMAND_PALETTE_BINDING
        keys: dict[str, Key] = {}
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if not binding.show or key == palette or binding.action in keys:
                continue
            keys[binding.action] = Key(
                binding.key,
                app.get_key_display(binding),
                binding.description,
                active.enabled,
                active.tooltip,
            )
        return tuple(keys.values())

    def _palette_state(self) -> tuple[Binding, bool, str] | None:
        """What the command palette's key shows (None: not shown)."""
        app = self.app
        if not (self.show_command_palette and app.ENABLE_COMMAND_PALETTE):
            return None
        active = self.screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
        if active is None:
            return None
        binding = active.binding
        return (binding, active.enabled, app.get_key_display(binding))

    def _palette(self) -> ComposeResult:
        """The command palette's key, as Textual's footer has it (docked at the right)."""
        if self._palette_shown is None:
            return
        binding, enabled, display = self._palette_shown
        yield FooterKey(
            binding.key,
            display,
            binding.description,
            binding.action,
            classes="-command-palette",
            disabled=not enabled,
            tooltip=binding.tooltip or binding.description,
        )

    async def recompose(self) -> None:
        if not self.is_attached:  # a rebuild asked for just before the screen closed
            return
        line = self._line
        if line is None or self._palette_state() != self._palette_shown:
            await super().recompose()
            return
        keys = self._shown()
        if keys != line.keys:
            line.show(keys)  # (no widget made, styled or laid out anew)
