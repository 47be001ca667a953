"""The key bar at the bottom of every screen, rebuilt only when its keys change."""

from __future__ import annotations

from textual import widgets


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

    async def recompose(self) -> None:
        if not self.is_attached:  # a rebuild asked for just before the screen closed
            return
        keys = self._keys()
        if keys == self._keys_shown:
            return
        self._keys_shown = keys
        await super().recompose()

    def _keys(self) -> tuple[object, ...]:
        """Everything `compose` reads from the screen's bindings."""
        app = self.app
        return tuple(
            (active.binding, active.enabled, active.tooltip, app.get_key_display(active.binding))
            for active in self.screen.active_bindings.values()
        )
