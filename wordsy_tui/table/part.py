"""What a game gives the table its host serves (`TablePart`), and the shapes the served
table reads of the rest: a game's state (`Table`) and options (`Capped`), the fronts
(`Fronts`), a host's options whatever the game (`TableOptions`), the seats that live in
the host's process (`BotSeat`, `OwnSeat`). Apart from `served.py` so that a game's part
can be read, and written, without the host around it."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypedDict, TypeVar

from wordsy_tui.engine import Request, Rules
from wordsy_tui.engine.levels import Level
from wordsy_tui.table.bots import ComputerPlayer, SeatSession
from wordsy_tui.table.sealed import Keeper
from wordsy_tui.table.seam import HouseRule, Seating

if TYPE_CHECKING:
    # mDNS: not for a player who joins (only a host advertises).
    from wordsy_tui.table.discovery import Announcer
    from wordsy_tui.table.served import ServedTable


class Table(Seating, Protocol):
    """What the shared table reads of any game's state: its phase (every game names
    "new", "lobby" and "over" so), its seats, and which of them are computer players."""

    @property
    def bots(self) -> Collection[str]: ...


class Capped(Protocol):
    """What the table reads of a game's options: how many may sit down."""

    @property
    def max_players(self) -> int: ...


S = TypeVar("S", bound=Table)
"""A game's state."""
C = TypeVar("C")
"""A game's command."""
E = TypeVar("E")
"""A game's event."""


class _Door(Protocol):
    @property
    def token(self) -> str | None: ...


class BotSeat(SeatSession, Protocol):
    """A computer player's seat at the host (each game's seat over a `Joined` door): the
    runner's `SeatSession`, whose token the seat book keeps."""

    @property
    def door(self) -> _Door: ...


class OwnSeat(Protocol):
    """A player who lives in the host's process (its hosting player, a computer player),
    whose state of the game in progress the seat book keeps (`ServedTable.keep_own`)."""

    @property
    def me(self) -> str | None: ...

    keeper: Keeper | None

    def keep_with(self, keeper: Keeper) -> None: ...


def bot_name(number: int, level: str) -> str:
    """The name a host gives its `number`th computer player of `level`."""
    return f"Bot {number} ({level})"


def named_level(name: str) -> str | None:
    """The level in a computer player's name as `bot_name` makes it (None: not such a
    name, which no person may take)."""
    found = re.fullmatch(r"Bot \d+ \((\w+)\)", name)
    return None if found is None else kept_level(found[1])


def kept_level(kept: object) -> str | None:
    """The level the seat book kept for a computer player (None: none it knows)."""
    return kept if isinstance(kept, str) and kept in {level.value for level in Level} else None


class TablePart(Protocol[S, C, E]):
    """What a game gives the table its host serves (`ServedTable`): its rules, and what its
    host does in the game's own words. Each game's `host.py` has one, and a function that
    makes its host (`ServedTable` with its part)."""

    @property
    def game(self) -> str:
        """The game's name: what host and client must share, with the word list."""
        ...

    @property
    def config(self) -> Capped:
        """The game's options, as the host was set up with them."""
        ...

    @config.setter
    def config(self, config: Any) -> None: ...

    @property
    def rules(self) -> Rules[S, C, E]:
        """The game's rules (the same for each game of a rematch)."""
        ...

    @property
    def announced(self) -> tuple[type, ...]:
        """Events that change what the LAN's game list shows (players, phase)."""
        ...

    @property
    def rehashed(self) -> tuple[type, ...]:
        """Events after which every peer is sent its view hash (a check of its view)."""
        ...

    @property
    def not_over(self) -> str:
        """Why there is no rematch yet: the game is not over."""
        ...

    @property
    def resume_command(self) -> str:
        """What resumes the game after its host stops."""
        ...

    @property
    def seat_field(self) -> str | None:
        """The wire field in which the host names the seat a command of its own acts for;
        None: the game's commands name the seat they act for themselves."""
        ...

    @property
    def start_command(self) -> C:
        """The command that starts the game with whoever is seated."""
        ...

    @property
    def house_rule(self) -> HouseRule[S, C, E] | None:
        """The game's own check of a seat's command at the door (None: none)."""
        ...

    def create_game(self, like: S | None) -> C:
        """The command that creates the table's game (with `like`'s options: a rematch)."""
        ...

    def sit(self, seat: str, bot: bool) -> Request[C]:
        """The command that seats `seat` (a person net admitted, or a computer player) in
        the game's lobby, and the seat it acts for (None: the command names it)."""
        ...

    def waited_on(self, state: S) -> Collection[str]:
        """The seats whose absence lets the host hurry the wait `state` runs."""
        ...

    def leaver(self, state: S, event: E) -> str | None:
        """Who gave their seat up in the lobby with `event` (the table frees the seat and
        the name); None: nobody."""
        ...

    def removal(self, state: S, name: str) -> C | None:
        """The command that takes `name`'s seat in the game away (from now on they score
        nothing); None: `name` holds none to take. Raises `SeatingError` where the game
        has no command for it."""
        ...

    def bot_refusal(self, state: S, name: str) -> str | None:
        """Why a computer player called `name` may not sit down now (None: it may)."""
        ...

    def rematch_seats(self, table: ServedTable[S, C, E], old: S) -> list[str]:
        """The players of the finished game `old` who sit at the rematch, in their order."""
        ...

    def computer_player(
        self, table: ServedTable[S, C, E], name: str, level: str, token: str | None
    ) -> ComputerPlayer[BotSeat]:
        """A computer player of `level` for seat `name` (its token: `token`), a client of
        `table` (not started): the runner with the game's mind."""
        ...


class Fronts(Protocol):
    """Other ways in to a table's game beside its port (`front.host.Fronts`: SSH and the
    web), started once the table serves and stopped before it stops."""

    @property
    def ssh_port(self) -> int | None:
        """Where the SSH front listens, once started (the advertisement carries it)."""
        ...

    @property
    def ssh_fingerprint(self) -> str | None:
        """The SSH front's host key, for players to check when `ssh` first asks (None:
        no SSH front)."""
        ...

    @property
    def sessions(self) -> int:
        """The people in through the fronts now (SSH sessions, browser tabs)."""
        ...

    async def start(self, table: ServedTable[Any, Any, Any]) -> None: ...

    async def stop(self) -> None: ...

    def lines(self, addresses: Sequence[str]) -> list[str]:
        """How to join through the fronts at `addresses`, a line for each way."""
        ...

    def hint(self, addresses: Sequence[str], port: int) -> str:
        """How to join, in one line: the fronts first, then the game's `port`."""
        ...


class TableOptions(TypedDict, total=False):
    """How a host serves its table, whatever the game (`ServedTable`'s arguments beside
    its part and word list): what each game's host function passes on."""

    captain: str | None
    bind: str
    port: int
    pin: str | None
    log_path: Path | None
    on_event: Callable[[Any, Any], None] | None
    announce: Announcer | None
    bot_pace: float
    bot_level: str
    max_spectators: int
    absent_grace: float
    lobby_grace: float | None
    hands_over_seats: bool
    fronts: Fronts | None
