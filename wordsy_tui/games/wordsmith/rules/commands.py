"""Commands: what a seat (or the host, seat None) asks the game to do.

They carry no player: `decide` is told which seat sent one, so a peer can only ever act for
its own seat (the host seats people by naming the seat a `JoinGame` acts for).
`CreateGame`, `RemovePlayer` and `TimeUp` are the host's own; `Seal` is the sealed choice,
`Reveal` opens it once every player has chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.rules.turn import Turn


@dataclass(frozen=True, slots=True)
class CreateGame:
    """The host sets the table up with its options: the lobby opens."""

    config: WordsmithConfig = field(default_factory=WordsmithConfig)


@dataclass(frozen=True, slots=True)
class JoinGame:
    """Sit down in the lobby (the host's own computer players with `bot`)."""

    bot: bool = False


@dataclass(frozen=True, slots=True)
class StartGame:
    """Start the game with the players the lobby seated, in seat order: the host, or the
    first person who sat down (the captain)."""


@dataclass(frozen=True, slots=True)
class Seal:
    """This round's turn, sealed: `engine.sealed.commit(turn_text(turn), salt)`. It is
    final."""

    commitment: bytes


@dataclass(frozen=True, slots=True)
class Reveal:
    """The turn sealed this round, and its salt, once every player has chosen."""

    turn: Turn
    salt: bytes


@dataclass(frozen=True, slots=True)
class LeaveGame:
    """In the lobby, the seat is given up; once the game has started, the player stops
    playing: their sheet stays as it is and is scored at the end, and no round waits for
    them."""


@dataclass(frozen=True, slots=True)
class RemovePlayer:
    """The host takes `player`'s seat away: in the lobby it is freed, in the game the
    player leaves it (as with `LeaveGame`)."""

    player: str


@dataclass(frozen=True, slots=True)
class TimeUp:
    """The host's clock (or the table, when everyone it waits on has gone): the wait it
    names is over. It names its round and phase so that a late alarm never ends the next."""

    round: int
    reveal: bool
    """False: choosing ends, whoever has not sealed a turn plays none this round; True: the
    reveal ends, whoever has not revealed plays none."""


Command = CreateGame | JoinGame | StartGame | Seal | Reveal | LeaveGame | RemovePlayer | TimeUp


def host_only(command: Command) -> bool:
    """The host's own set-up, removals and clock: no seat may send it."""
    return isinstance(command, CreateGame | RemovePlayer | TimeUp)


def opening(
    config: WordsmithConfig, people: tuple[str, ...], bots: tuple[str, ...] = ()
) -> list[tuple[str | None, Command]]:
    """The commands that set a table up and start its game, each with who sends it (None:
    the host): the table created, `people` then `bots` seated, the game started."""
    return [
        (None, CreateGame(config)),
        *((person, JoinGame()) for person in people),
        *((bot, JoinGame(bot=True)) for bot in bots),
        (None, StartGame()),
    ]
