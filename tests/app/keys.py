"""Keys as a paste, a fast typist or an SSH link deliver them: in one burst, no pause."""

from __future__ import annotations

from textual import events
from textual.pilot import Pilot

SPECIAL = {"\r": "enter", " ": "space", "\x7f": "backspace"}


def burst(pilot: Pilot[None], text: str) -> None:
    """Queue every key of `text` at once, as a terminal does with `tmux send-keys -l`."""
    keys_at_once(pilot, [SPECIAL.get(char, char) for char in text])


def keys_at_once(pilot: Pilot[None], keys: list[str]) -> None:
    """Queue every key named in `keys` (a character, or Textual's name: "down", "enter")
    at once, as an SSH link delivers what a fast typist sent."""
    driver = pilot.app._driver
    assert driver is not None
    characters = {name: char for char, name in SPECIAL.items()}
    for key in keys:
        char = key if len(key) == 1 else characters.get(key)
        event = events.Key(key, char)
        event.set_sender(pilot.app)
        driver.send_message(event)


def paste(pilot: Pilot[None], text: str) -> None:
    """A bracketed paste, as terminals send a clipboard."""
    driver = pilot.app._driver
    assert driver is not None
    event = events.Paste(text)
    event.set_sender(pilot.app)
    driver.send_message(event)
