"""Chat at the table: what a line may hold, and the one-key reactions.

Chat is a side channel of `net` (docs/PROTOCOL.md, "Chat"): never part of the game's
log or its view hash. Every player and spectator sees every line, so a word typed
there is public. The host checks each line again; this check only spares a player a
round trip and keeps a refused line in its input.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from wordsy_tui.text import shown, unsafe_characters

# net's figures and codes (`net.SayPolicy`, `net.protocol`), spelled out: a solo game
# never loads the network.
MAX_CHAT_CHARS: Final = 200
TOO_FAST: Final = "say_too_fast"
"""The code of a line the host refused as one too many for now."""
MUTED: Final = "say_muted"
"""The code of a line the host refused because it muted us."""
REACTIONS: Final = ("nice!", "hurry up", "gg")
"""What `/1`, `/2` and `/3` say."""


@dataclass(frozen=True, slots=True)
class ChatHeard:
    """A line of chat, as the host stamped it: `name` said `text` (`watching`: a spectator)."""

    name: str
    text: str
    watching: bool = False


@dataclass(frozen=True, slots=True)
class ChatRefused:
    """The host refused a line of ours (`code`, e.g. say_too_fast); the message is for people."""

    code: str
    message: str


def chat_problem(text: str) -> str | None:
    """Why `text` cannot be said (a sentence for the player), or None."""
    line = text.strip()
    unsafe = unsafe_characters(line)
    if unsafe:
        return f"A chat line cannot hold control or format characters ({shown(unsafe)})."
    if not line:
        return "Type something to say first."
    if len(line) > MAX_CHAT_CHARS:
        return f"A chat line holds at most {MAX_CHAT_CHARS} characters (this one has {len(line)})."
    return None


def reaction(text: str) -> str | None:
    """The reaction a typed shortcut stands for (`/1` is "nice!"), or None."""
    shortcuts = {f"/{n}": said for n, said in enumerate(REACTIONS, start=1)}
    return shortcuts.get(text.strip())
