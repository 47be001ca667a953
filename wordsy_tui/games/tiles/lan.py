"""A tile game (Scrabble, Words with Friends, Wordfeud) across the LAN.

The host runs the rules as `scrabble.hosted.TileGame` on a `net.Host`: it alone
holds the bag and the racks, and each peer receives its own seat's view. A
player's `TileNetSession` folds the (redacted) events it receives into that
view and sends its verbs as commands; it is the same table as the offline
`TileSession` for the board screen. The host's own computer players are
ordinary clients of it (`TileBot`): each sees what its seat sees, no more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from net import Client, SeatKeys
from net import client as net_client
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.mind import TileMind
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.dawg import Dawg
from wordsy_tui.games.tiles.rules.legal import allowed
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import TileGameState
from wordsy_tui.games.tiles.rules.words import Words
from wordsy_tui.games.tiles.seam import tile_rules
from wordsy_tui.games.tiles.session import (
    BOT_PAUSE_SECONDS,
    TileVerbs,
)
from wordsy_tui.table.bots import ComputerPlayer
from wordsy_tui.table.clock import AlarmClock
from wordsy_tui.table.joined import MAX_CLOSING_WORDS, Hosting, NetTable
from wordsy_tui.table.seat import LinkChanged, NextGame
from wordsy_tui.table.served import LOOPBACK, requirements

if TYPE_CHECKING:
    from wordsy_tui.games.tiles.host import TileLanHost

TileClock = AlarmClock[TileGameState, cmd.Command]


class TileNetSession(NetTable[TileGameState, cmd.Command, ev.Event], TileVerbs):
    """A player's seat at a tile game across the network, or a spectator's place beside
    it: the tile games' verbs over a `net.Client`."""

    def __init__(self, client: Client, dawg: Callable[[int], Dawg] | None = None) -> None:
        # A spectator (no seat) sees every rack as a count.
        super().__init__(None if client.role == "spectator" else client.name, dawg)
        self._link_to(client, tile_rules())
        self.leave_question = "Leave the table? Your seat is kept: join again to take it back."
        self.clock = TileClock(self._stream.rules.alarm)

    @classmethod
    def join(
        cls,
        address: str,
        port: int,
        name: str,
        game: GameName,
        dictionary: str,
        *,
        pin: str | None = None,
        token: str | None = None,
        keys: SeatKeys | None = None,
        reclaim: bool = False,
        spectate: bool = False,
    ) -> TileNetSession:
        """`keys`: where the seat's token outlives this program (a restart takes the seat
        back, as Wordsy's joiners do); `token`: a seat's token known already; `spectate`:
        watch the game instead (no seat, no rack)."""
        return cls(
            cls.seat_client(
                address,
                port,
                name,
                requirements(dictionary, game.value),
                pin=pin,
                spectate=spectate,
                token=token,
                keys=keys,
                reclaim=reclaim,
            )
        )

    async def _game_news(
        self, update: net_client.Event | net_client.Reset | net_client.Next
    ) -> None:
        match update:
            case net_client.Event() | net_client.Reset():
                folded = self._stream.fold(self.state, update)
                if folded is not None:
                    self.state, events = folded
                    self.clock.observe(self.state)
                    self.state_changed(events)
            case net_client.Next(message=message):
                # A rematch: the new game's view follows (a reset, then its events).
                self.state, self._stream.seq, self.last_turn = TileGameState(), 0, None
                self.clock.observe(self.state)
                self.publish(NextGame(message[:MAX_CLOSING_WORDS]))

    # -- the player's actions ----------------------------------------------------

    async def send(self, command: cmd.Command) -> str | None:
        """Ask the host; the rule's message when it is refused, else None."""
        before = self.state
        problem = await super().send(command)
        if problem is None:
            self._took_turn(before, command)
        return problem

    def _farewell(self) -> cmd.Command | None:
        # In the lobby (a rematch's) the seat is freed at once.
        return cmd.LeaveGame() if allowed(self.state, self.me, cmd.LeaveGame()) else None


class TileBot(ComputerPlayer[TileNetSession]):
    """A computer player of the host's: the runner with a tile game's mind, over its
    seat's session (an ordinary client that sees only its own seat). `words`: the agreed
    word list, for judging a play (it is public)."""

    def __init__(
        self,
        session: TileNetSession,
        level: Level,
        words: Callable[[], Words],
        *,
        pace: float = 1.0,
        dawg: Callable[[int], Dawg] | None = None,
    ) -> None:
        mind = TileMind(session, level, words, pause=BOT_PAUSE_SECONDS, dawg=dawg)
        super().__init__(session, mind, pace=pace)


class TileHostSession(Hosting[TileGameState, cmd.Command, ev.Event], TileNetSession):
    """The hosting player's seat: a `TileLanHost`, and a client of it over loopback."""

    server: TileLanHost

    def __init__(self, me: str, server: TileLanHost, bots: Sequence[Level] = ()) -> None:
        super().__init__(Client(LOOPBACK, 0, me))
        self._hosted_by(server, bots)
        server.captain = me
        self.leave_question = "Leave? The game ends for everyone at the table."

    async def start(self) -> None:
        await super().start()
        where = ", ".join(f"{a}:{self.server.port}" for a in self.server.addresses)
        hint = getattr(self.server, "front_hint", None)  # a host with SSH or web fronts
        self.publish(
            LinkChanged(True, hint or f"Players join with: wordsy-tui join --connect {where}")
        )
