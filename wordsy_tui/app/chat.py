"""The table's chat as every game's app keeps it: the lines heard, the line being typed,
whether the host muted us, and saying a line.

The session decides who hears us (`can_chat`) and sends the line; the app only keeps
what the chat screen and the chat log show, and tells the player of a refused line.
"""

from __future__ import annotations

from typing import ClassVar, Final, Protocol, cast

from textual.app import App
from textual.dom import DOMNode
from textual.reactive import var

from wordsy_tui.app.messages import ChatArrived, ChatDeclined
from wordsy_tui.table.chat import MUTED, TOO_FAST, ChatHeard
from wordsy_tui.text import shown

KEPT_CHAT_LINES: Final = 50


class Talker(Protocol):
    """What chat needs of a game's session."""

    @property
    def can_chat(self) -> bool:
        """Whether anyone else hears our chat (nobody does in a solo game or a replay)."""
        ...

    async def say(self, text: str) -> str | None:
        """Say a line to everyone at the table; why not, or None once it is on its way."""
        ...


class ChattingApp(App[None]):
    """An app at a table where people chat: it keeps the lines for the chat log and the
    chat screen, whatever the game."""

    chat: var[tuple[ChatHeard, ...]] = var(tuple)
    """The last lines of chat at this table, oldest first."""
    CHAT_KEY_IN_BROWSER: ClassVar[str] = "f7"
    """Chat's other key, where a browser keeps Ctrl+T for itself (clear of the game's keys)."""

    @property
    def talk_key(self) -> str:
        """The key that opens chat, as the player presses it: a browser keeps Ctrl+T (a new
        tab) for itself, and the web front's page gets the other key."""
        return self.CHAT_KEY_IN_BROWSER.upper() if self.is_web else "Ctrl+T"

    @property
    def leave_key(self) -> str:
        """The key that leaves the table: Firefox on Linux keeps Ctrl+Q (it quits the
        browser), and Ctrl+C, bound with it, reaches every browser's page."""
        return "Ctrl+C" if self.is_web else "Ctrl+Q"

    def __init__(self) -> None:
        super().__init__()
        self.chat_draft = ""
        """What the chat line holds while closed: nothing typed there is lost."""
        self.chat_muted = False
        """The host told us it muted us (until a line of ours gets through again)."""
        self._last_said = ""

    @property
    def me(self) -> str | None:
        """Our seat at the table; None while watching (our own lines are shown in bold)."""
        raise NotImplementedError

    @property
    def talker(self) -> Talker | None:
        """The session our lines go through; None with no game."""
        raise NotImplementedError

    @property
    def can_chat(self) -> bool:
        talker = self.talker
        return talker is not None and talker.can_chat

    def forget_chat(self) -> None:
        """Another table: its chat starts afresh."""
        self.chat = ()
        self.chat_muted = False

    def on_chat_arrived(self, message: ChatArrived) -> None:
        line = message.line
        self.chat = (*self.chat, line)[-KEPT_CHAT_LINES:]
        if line.name == self.me and not line.watching:
            self.chat_muted = False

    def on_chat_declined(self, message: ChatDeclined) -> None:
        told = shown(message.message)
        if message.code == MUTED:
            self.chat_muted = True
        elif message.code == TOO_FAST and not self.chat_draft:
            self.chat_draft = self._last_said  # nothing typed is lost: it waits in the line
            told += f" Your line is kept: {self.talk_key} to send it again."
        self.notify(told, severity="warning", markup=False)

    def say_line(self, line: str | None) -> None:
        """Say `line` (from the chat screen; None: it was closed) at the table."""
        talker = self.talker
        if line is None or talker is None:
            return
        self._last_said = line

        async def say() -> None:
            problem = await talker.say(line)
            if problem is not None:
                self.chat_draft = self.chat_draft or line
                self.notify(shown(problem), severity="warning", markup=False)

        self.run_worker(say(), group="chat", exit_on_error=False)


def chatting_app(node: DOMNode) -> ChattingApp:
    return cast(ChattingApp, node.app)
