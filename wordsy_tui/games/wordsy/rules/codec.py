"""Wordsy's commands and events on the wire: the engine's generic codec over its unions."""

from __future__ import annotations

import typing
from typing import Any, Final

from wordsy_tui.engine.codec import decode_kind, registry
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev

COMMANDS: Final = registry(cmd.Command)
EVENTS: Final = registry(ev.Event)


def decode_command(data: Any) -> cmd.Command:
    return typing.cast(cmd.Command, decode_kind(data, COMMANDS))


def decode_event(data: Any) -> ev.Event:
    return typing.cast(ev.Event, decode_kind(data, EVENTS))
