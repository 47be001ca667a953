"""An input that edits in the order the keys came, even when they come in one burst."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class KeyedInput(Input):
    """Textual runs a focused input's own bindings (Backspace, Delete, arrows...) only once
    the key has bubbled up to the app, behind the letters queued after it: a burst such as
    a paste, a fast typist or an SSH packet ("ab<Backspace>c") would lose the "c" and keep
    the "b". Here every key is handled by the input itself, in the order it came."""

    async def _on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return
        await super()._on_key(event)
