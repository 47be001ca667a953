"""The key bar at the bottom of every screen, rebuilt only when its keys change."""

from __future__ import annotations

from textual import widgets
from textual.app import ComposeResult
from textual.widgets._footer import FooterKey


class Footer(widgets.Footer):
    """Textual's footer, minus the rebuilds that would show the very same keys.

    Textual rebuilds every key of the footer each time the screen's bindings
    may have changed: a focus move, a pane switch, a new game state. Those
    come several to a refresh while a screen opens, and each rebuild mounts
    and styles every key again, which was a good part of solo's start-up.
    """

    def __init__(self) -> None:
        super().__init__()
        self._keys_shown: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        # The keys are in the screen's first frame: Textual's footer composes empty until
        # the screen says its bindings changed, then draws its keys in a frame of their own
        # (the last part of every first screen to reach the terminal).
        self._bindings_ready = True
        self._keys_shown = self._keys()
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                # Born as compact as the footer, which it is bound to: made compact by
                # default, each key restyled itself twice as it mounted (compact, then
                # not), on every screen's first frame and at every change of keys. (The
                # palette's key is not bound: it stays compact.)
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    async def recompose(self) -> None:
        if not self.is_attached:  # a rebuild asked for just before the screen closed
            return
        keys = self._keys()
        if keys == self._keys_shown:
            return
        self._keys_shown = keys
        await super().recompose()

    def _keys(self) -> tuple[object, ...]:
        """Everything `compose` reads from the screen's bindings: the keys it shows and the
        command palette's (a focus move that adds hidden keys, an input's, changes none)."""
        app = self.app
        return tuple(
            (active.binding, active.enabled, active.tooltip, app.get_key_display(active.binding))
            for key, active in self.screen.active_bindings.items()
            if active.binding.show or key == app.COMMAND_PALETTE_BINDING
        )
