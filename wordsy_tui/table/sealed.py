"""What a seat alone knows of the game in progress, and commit-reveal, whatever the game.

Some of a game in progress lives only in its player's program: the text and salt behind a
sealed choice's commitment (Wordsy's words; Word Nerds' bids and Wordsmith's letters), a
tile game's tiles laid on the board but not played yet. A restarted program must get it
back with its seat, whichever door it came through: each game's seat says what it is
(`Seat.in_progress`, `Seat.take_back`, as JSON's types), and a `Keeper` keeps it, on disk
before anything that depends on it leaves the program. Which keeper depends on where the
seat lives, not on the game: a file per seat token beside a terminal's seat keys or a
front's seat file (`table.kept`), the host's seat book for the players who live in the
host's process (`table.seatbook`).

`Sealed` is commit-reveal at a seat: a choice travels as its commitment (`engine.sealed`)
until the reveal; the seat keeps each one's text and salt, by commitment, for the current
period (a round). The game's seat says when a period begins, when to reveal, and with which
command; nothing here sends anything.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from wordsy_tui.engine.sealed import SALT_BYTES, commit

Sealings = Mapping[bytes, tuple[str, bytes]]
"""Sealed choices: each one's text and salt, by its commitment."""
Kept = Mapping[str, Any]
"""What a seat keeps of the game in progress, as JSON's types (each game says what)."""


class Keeper(Protocol):
    """Where what a seat alone knows of the game in progress outlives its program."""

    def kept(self) -> Kept | None:
        """What the seat kept before its program stopped (None: nothing, or another game's)."""
        ...

    def keep(self, kept: Kept | None) -> None:
        """Keep the seat's state of the game in progress now (None: nothing left to keep),
        on disk before anything that depends on it leaves this program."""
        ...


class Sealed:
    """A seat's sealed choices of the current period, by commitment: the reveal sends the
    one the host last accepted, even when a later one was refused. `changed` is told each
    time they change (the seat keeps them then, before a commitment leaves)."""

    def __init__(self, changed: Callable[[], None] | None = None) -> None:
        self.period = 0
        """The period (a round) the choices were made in."""
        self.choices: dict[bytes, tuple[str, bytes]] = {}
        self._changed = changed

    def seal(self, text: str) -> bytes:
        """Seal `text` with a fresh salt, kept before its commitment (returned) leaves."""
        salt = secrets.token_bytes(SALT_BYTES)
        commitment = commit(text, salt)
        self.choices[commitment] = (text, salt)
        self._tell()
        return commitment

    def open(self, commitment: bytes) -> tuple[str, bytes] | None:
        """The text and salt behind `commitment`, to reveal once (None: not sealed here).

        What is kept still holds it until the next period: a reveal lost in a crash is sent
        again by the program that comes back.
        """
        return self.choices.pop(commitment, None)

    def begin(self, period: int) -> bool:
        """A new period began: what was sealed before is revealed or void, and forgotten.

        Only a later period forgets (whether it did is returned): a seat that got its
        choices back catches up through the periods before, and the start of its own.
        """
        if period <= self.period:
            return False
        self.period = period
        had = bool(self.choices)
        self.choices.clear()
        if had:
            self._tell()
        return True

    def forget(self) -> None:
        """A new game at the same table (a rematch): its periods count from the start."""
        self.period = 0
        self.choices.clear()

    @property
    def latest(self) -> str | None:
        """The text sealed last in this period (None: none)."""
        return next(reversed(self.choices.values()))[0] if self.choices else None

    def as_kept(self) -> dict[str, Any] | None:
        """The choices as a seat keeps them (None: none sealed)."""
        if not self.choices:
            return None
        entries = [[c.hex(), text, salt.hex()] for c, (text, salt) in self.choices.items()]
        return {"period": self.period, "choices": entries}

    def take_back(self, kept: Kept) -> None:
        """The choices a seat kept before its program stopped. They were read from a file:
        what does not make sense is dropped. (A file from before the choices were every
        game's names Wordsy's round and words.)"""
        period = kept.get("period", kept.get("round"))
        if not isinstance(period, int) or isinstance(period, bool):
            return
        entries = kept.get("choices", kept.get("words"))
        choices: dict[bytes, tuple[str, bytes]] = {}
        for entry in entries if isinstance(entries, list) else []:
            try:
                commitment, text, salt = entry
                choices[bytes.fromhex(commitment)] = (str(text), bytes.fromhex(salt))
            except (TypeError, ValueError):
                continue  # a damaged entry: that choice cannot be revealed, the others can
        self.period, self.choices = period, choices

    def _tell(self) -> None:
        if self._changed is not None:
            self._changed()
