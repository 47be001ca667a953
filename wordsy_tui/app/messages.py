"""A session's news as every game's app hears it: one typed message per kind of update,
whatever the game (its state and events ride in `GameUpdated`). The shell (`TableApp`)
posts them (`news`); each game's app handles them (`on_game_updated`, ...)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, assert_never

from textual.message import Message

from wordsy_tui.table.chat import ChatHeard, ChatRefused
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.seat import (
    LinkChanged,
    NextGame,
    PresenceChanged,
    Rejected,
    StateChanged,
    Update,
)


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


def news(update: Update[Any, Any]) -> Message:
    """The message that tells the app of `update`."""
    match update:
        case StateChanged(state, events, deadline):
            return GameUpdated(state, events, deadline)
        case PresenceChanged(connected):
            return PresenceUpdated(connected)
        case LinkChanged(up, message, final):
            return LinkUpdated(up, message, final)
        case Rejected(message):
            return ActionRefused(message)
        case NextGame(message):
            return RematchOffered(message)
        case ChatHeard():
            return ChatArrived(update)
        case ChatRefused(code, message):
            return ChatDeclined(code, message)
        case _:
            assert_never(update)
