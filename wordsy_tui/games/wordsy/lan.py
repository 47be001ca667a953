"""Wordsy across the LAN: the host's server, the sessions of players who join it.

The shared table (`session.table`) runs any game's rules; this module says what is
Wordsy's own: the captain and the lobby's grace for a vanished joiner, a seat's
request for its lost seat, the host's computer players (`Bot`), and the words each
player of the host's process wrote (kept beside the log, for commit-reveal).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from net import Client, SeatKeys
from net import client as net_client
from wordsy_tui.games.wordsy.bots.mind import WordsyMind
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.config import GAME
from wordsy_tui.games.wordsy.rules.legal import allowed
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.games.wordsy.seam import wordsy_rules
from wordsy_tui.table.bots import ComputerPlayer
from wordsy_tui.table.clock import Clock
from wordsy_tui.table.joined import MAX_CLOSING_WORDS, Hosting, NetTable
from wordsy_tui.table.seat import NextGame, Session
from wordsy_tui.table.seatbook import SeatBook

# The shared table's pieces that other modules still import from here.
from wordsy_tui.table.served import APP_NAME as APP_NAME
from wordsy_tui.table.served import DEFAULT_PORT as DEFAULT_PORT
from wordsy_tui.table.served import LOOPBACK
from wordsy_tui.table.served import ServedTable as ServedTable
from wordsy_tui.table.served import requirements as requirements

if TYPE_CHECKING:
    from wordsy_tui.games.wordsy.host import LanHost

# Beside a joiner's seat tokens: its words of the current round, one file per game.
DRAFTS_FOLDER: Final = "drafts"
KEPT_DRAFTS: Final = 16


class NetSession(NetTable[GameState, cmd.Command, ev.Event], Session):
    """A player's (or spectator's) session with a host across the network."""

    clock: Clock

    def __init__(self, client: Client) -> None:
        super().__init__(None if client.role == "spectator" else client.name)
        self._link_to(client, wordsy_rules())

    @classmethod
    def join(
        cls,
        address: str,
        port: int,
        name: str,
        dictionary: str,
        *,
        pin: str | None = None,
        spectate: bool = False,
        token: str | None = None,
        keys: SeatKeys | None = None,
        reclaim: bool = False,
    ) -> NetSession:
        """`keys`: where the seat's token outlives this program; `reclaim`: ask the host for
        the seat of our name when we hold no token for it (another machine's, lost)."""
        return cls(
            cls.seat_client(
                address,
                port,
                name,
                requirements(dictionary, GAME),
                pin=pin,
                spectate=spectate,
                token=token,
                keys=keys,
                reclaim=reclaim,
            )
        )

    async def _seated(self) -> None:
        await self._keep_words_beside_the_token()

    async def _keep_words_beside_the_token(self) -> None:
        """A program that keeps its seat's token on disk keeps its words of the round there
        too, so a closed terminal or a crash mid-round costs neither seat nor word."""
        keys, game = self.client.keys, self.client.game
        if keys is None or game is None or self.me is None:
            return
        folder = keys.path.parent / DRAFTS_FOLDER
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        for old in sorted(folder.glob("*.json"), key=lambda f: f.stat().st_mtime)[:-KEPT_DRAFTS]:
            old.unlink(missing_ok=True)  # games long over: their words are no secret to keep
        book = SeatBook(folder / f"{game}.json")
        self.restore_written(*book.written(self.me))
        self.keep_written = functools.partial(book.keep_written, self.me)
        await self._reveal_if_due()

    async def _game_news(
        self, update: net_client.Event | net_client.Reset | net_client.Next
    ) -> None:
        match update:
            case net_client.Event():
                event = self._stream.event(update)
                if event is not None:
                    await self.receive([event])  # (and reveals our word when it is due)
            case net_client.Next(message=message):
                self.begin_again()
                await self._keep_words_beside_the_token()  # the new game's own file
                self.publish(NextGame(message[:MAX_CLOSING_WORDS]))
            case net_client.Reset():
                # Wordsy's host sends no snapshot: the catch-up's events tell the app.
                fresh = self._stream.reset(update)
                if fresh is not None:
                    self.state = fresh


class Bot(ComputerPlayer[NetSession]):
    """A Wordsy computer player: the runner with Wordsy's mind, over its seat's session (an
    ordinary client that sees only its own view)."""

    def __init__(self, session: NetSession, level: str, pace: float = 1.0) -> None:
        super().__init__(session, WordsyMind(session, level), pace=pace)


class HostSession(Hosting[GameState, cmd.Command, ev.Event], NetSession):
    """The host's own player: a `LanHost`, and a client of it over loopback."""

    server: LanHost

    def __init__(self, me: str, server: LanHost, bots: tuple[str, ...] = ()) -> None:
        super().__init__(Client(LOOPBACK, 0, me))
        self._hosted_by(server, bots)

    def _own_player(self) -> None:
        self.server.keep_words(self)

    async def leave_running(self) -> LanHost:
        """The hosting player leaves the table, and the game goes on without them: the
        server keeps running (the caller serves it on, headless) and stops only later."""
        self.left_running = True
        me = self.me
        if me is not None and allowed(self.state, cmd.LeaveGame(me)):
            await self.send(cmd.LeaveGame(me))  # else the seat stays, absent: none waits for it
        await NetSession.stop(self)
        return self.server
