"""Commands: what a seat (or the host's clock, seat None) asks the tile game to do.

Unlike Wordsy's, these carry no player: `decide` is told which seat sent one,
so a peer can only ever act for its own seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from wordsy_tui.engine import Longest
from wordsy_tui.engine.names import Name
from wordsy_tui.games.tiles.rules.config import TileGameConfig

Tile = Annotated[str, Longest(1, "a tile")]
"""A letter (a blank as the lower-case letter it plays) or, in an exchange, `?`."""


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
class LeaveGame:
    """Give the seat up before the game starts (e.g. a guest who does not stay for a
    rematch); once it has started, a seat is kept for its player."""


@dataclass(frozen=True, slots=True)
class Play:
    placement: tuple[tuple[int, Tile], ...]
    """New tiles: (square index, letter); a lower-case letter is a blank played as it."""


@dataclass(frozen=True, slots=True)
class Exchange:
    tiles: tuple[Tile, ...]
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
class Vote:
    """Scrabble with the table's vote: this seat's answer to the challenge being voted on."""

    uphold: bool
    """True: the challenge is right, the play goes (a word breaks the rules); False: the
    play stands (the same sides as Wordsy's `Vote.uphold`)."""


@dataclass(frozen=True, slots=True)
class TimeUp:
    """The host's clock: the wait it names has lasted its limit (see `scrabble.waits`).

    It names the wait, not just "now", so an alarm that rings as the player moves can
    never end the next wait: the rules refuse it as over.
    """

    player: Name
    """Whose turn it is (for the challenge window: who made the play)."""
    turns: int
    """How many turns the move list held when the wait began."""
    challenges: bool = False
    """True: the challenge window of `player`'s play; False: `player`'s turn."""
    vote: bool = False
    """True: the table's vote on a challenge of `player`'s play (`challenges` is False)."""
    flag: bool = False
    """True: the game clock's overtime runs out before the wait's own limit, so the
    player whose clock runs loses on time (docs/RULES.md, "Game clocks")."""


Command = (
    CreateGame
    | JoinGame
    | LeaveGame
    | StartGame
    | Play
    | Exchange
    | Pass
    | Challenge
    | Accept
    | Vote
    | TimeUp
)
