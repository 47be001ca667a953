"""What the session worker posts to the app: one typed message per kind of update,
whatever the game (its state and events ride in `GameUpdated`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.message import Message

from wordsy_tui.table.chat import ChatHeard
from wordsy_tui.table.clock import Deadline


class GameUpdated(Message):
    """The game moved on: the player's view now, the events that moved it, and when the
    host's clock ends the wait running now."""

    def __init__(self, state: Any, events: tuple[Any, ...], deadline: Deadline | None) -> None:
        super().__init__()
        self.state = state
        self.events = events
        self.deadline = deadline


class PresenceUpdated(Message):
    def __init__(self, connected: Mapping[str, bool]) -> None:
        super().__init__()
        self.connected = dict(connected)


class LinkUpdated(Message):
    def __init__(self, up: bool, message: str, final: bool = False) -> None:
        super().__init__()
        self.up = up
        self.message = message
        self.final = final  # the host ended the game: the link will not come back


class ActionRefused(Message):
    """The rules (or the host) refused one of our actions."""

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message


class ChatArrived(Message):
    """A line of chat the host passed on (ours included)."""

    def __init__(self, line: ChatHeard) -> None:
        super().__init__()
        self.line = line


class ChatDeclined(Message):
    """The host refused a line of ours: `code` says why (e.g. say_too_fast)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__()
        self.code = code
        self.message = message


class RematchOffered(Message):
    """The host started a rematch with our seat in it (its sentence: untrusted text)."""

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message
