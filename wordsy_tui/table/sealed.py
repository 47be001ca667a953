"""Commit-reveal at a seat, whatever the game: its sealed choices of the current period.

A game whose players choose in secret and reveal together (Wordsy's words; Word Nerds'
bids and Wordsmith's letters to come) sends only a choice's commitment (`engine.sealed`)
until the reveal. The seat must then still hold the text and salt behind the commitment
the host last accepted, even after its program stopped: `Sealed` keeps them, by
commitment, for the current period (a round), and hands each one to a `Keeper` before its
commitment leaves. Which keeper depends on where the seat lives, not on the game: the
user's data folder beside the seat tokens for a terminal join (`table.joined`), the host's
seat book for the players who live in the host's process (`table.seatbook`).

The game's seat says when a period begins, when to reveal, and with which command; this
module never sends anything. A choice that is never revealed keeps the same way: a tile
game's tentative play would be sealed as its notation, with the turn number for period, so
that a restarted program lays the same tiles again (its commitment is only a key here).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Protocol

from wordsy_tui.engine.sealed import SALT_BYTES, commit

Sealings = Mapping[bytes, tuple[str, bytes]]
"""Sealed choices: each one's text and salt, by its commitment."""


class Keeper(Protocol):
    """Where a seat's sealed choices outlive its program: the user's data folder for a
    terminal join, the host's seat book for the players who live in the host's process."""

    def sealed(self) -> tuple[int, dict[bytes, tuple[str, bytes]]]:
        """The period and its sealed choices, as last kept (nothing kept: 0 and none)."""
        ...

    def keep_sealed(self, period: int, choices: Sealings) -> None:
        """Keep `period`'s choices (every one: a rewrite keeps the earlier too), on disk
        before the newest one's commitment leaves."""
        ...


class Sealed:
    """A seat's sealed choices of the current period, by commitment: the reveal sends the
    one the host last accepted, even when a later one was refused."""

    def __init__(self) -> None:
        self.period = 0
        """The period (a round) the choices were made in."""
        self.choices: dict[bytes, tuple[str, bytes]] = {}
        self.keeper: Keeper | None = None
        """Where the choices outlive the program; None: nowhere (solo, a spectator)."""
        self._kept = False
        """Whether the keeper holds choices that a new period must make it forget."""

    def seal(self, text: str) -> bytes:
        """Seal `text` with a fresh salt, kept before its commitment (returned) leaves."""
        salt = secrets.token_bytes(SALT_BYTES)
        commitment = commit(text, salt)
        self.choices[commitment] = (text, salt)
        self._keep()
        return commitment

    def open(self, commitment: bytes) -> tuple[str, bytes] | None:
        """The text and salt behind `commitment`, to reveal once (None: not sealed here).

        The keeper still holds it until the next period: a reveal lost in a crash is sent
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
        self.choices.clear()
        if self._kept:
            self._keep()
        return True

    def forget(self) -> None:
        """A new game at the same table (a rematch): its periods count from the start."""
        self.period = 0
        self.choices.clear()
        self._kept = False

    def keep_with(self, keeper: Keeper) -> None:
        """Keep the choices with `keeper` from now on, taking back what it kept (what this
        player sealed before its program stopped)."""
        self.keeper = keeper
        self.period, self.choices = keeper.sealed()
        self._kept = bool(self.choices)

    @property
    def latest(self) -> str | None:
        """The text sealed last in this period (None: none)."""
        return next(reversed(self.choices.values()))[0] if self.choices else None

    def _keep(self) -> None:
        if self.keeper is not None:
            self.keeper.keep_sealed(self.period, dict(self.choices))
            self._kept = bool(self.choices)
