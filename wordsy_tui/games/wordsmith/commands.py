"""Commands: what a seat (or the host, seat None) asks the game to do.

They carry no player: `decide` is told which seat sent one, so a peer can only ever act for
its own seat. `StartGame` and `TimeUp` are the host's own; `Seal` is the sealed choice,
`Reveal` opens it once every player has chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wordsy_tui.games.wordsmith.config import WordsmithConfig
from wordsy_tui.games.wordsmith.turn import Turn


@dataclass(frozen=True, slots=True)
class StartGame:
    """The host starts the game with the players the lobby seated, in seat order."""

    players: tuple[str, ...]
    bots: frozenset[str] = frozenset()
    config: WordsmithConfig = field(default_factory=WordsmithConfig)


@dataclass(frozen=True, slots=True)
class Seal:
    """This round's turn, sealed: `turn.commit(turn, salt)`. It is final."""

    commitment: bytes


@dataclass(frozen=True, slots=True)
class Reveal:
    """The turn sealed this round, and its salt, once every player has chosen."""

    turn: Turn
    salt: bytes


@dataclass(frozen=True, slots=True)
class LeaveGame:
    """The player stops playing: their sheet stays as it is and is scored at the end, and
    no round waits for them."""


@dataclass(frozen=True, slots=True)
class TimeUp:
    """The host's clock (or the table, when everyone it waits on has gone): the wait it
    names is over. It names its round and phase so that a late alarm never ends the next."""

    round: int
    reveal: bool
    """False: choosing ends, whoever has not sealed a turn plays none this round; True: the
    reveal ends, whoever has not revealed plays none."""


Command = StartGame | Seal | Reveal | LeaveGame | TimeUp


def host_only(command: Command) -> bool:
    """The host's own set-up and clock: no seat may send it."""
    return isinstance(command, StartGame | TimeUp)
