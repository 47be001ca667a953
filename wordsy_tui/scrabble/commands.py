"""Commands: what a seat (or the host's clock, seat None) asks the tile game to do.

Unlike Wordsy's, these carry no player: `decide` is told which seat sent one,
so a peer can only ever act for its own seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordsy_tui.scrabble.config import TileGameConfig


@dataclass(frozen=True, slots=True)
class CreateGame:
    config: TileGameConfig


@dataclass(frozen=True, slots=True)
class JoinGame:
    bot: bool = False


@dataclass(frozen=True, slots=True)
class StartGame:
    pass


@dataclass(frozen=True, slots=True)
class Play:
    placement: tuple[tuple[int, str], ...]
    """New tiles: (square index, letter); a lower-case letter is a blank played as it."""


@dataclass(frozen=True, slots=True)
class Exchange:
    tiles: tuple[str, ...]
    """Rack tiles to put back (`?` for a blank); new ones are drawn first."""


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Challenge:
    """Scrabble: challenge every word of the play just made."""


@dataclass(frozen=True, slots=True)
class Accept:
    """Scrabble: this seat will not challenge the play just made."""


@dataclass(frozen=True, slots=True)
class CloseChallenges:
    """The host's clock: the time to challenge the last play is up."""


Command = (
    CreateGame
    | JoinGame
    | StartGame
    | Play
    | Exchange
    | Pass
    | Challenge
    | Accept
    | CloseChallenges
)
