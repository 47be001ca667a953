"""A seat at Twenty-One, however it is reached: the game's verbs over the table's `Seat`,
made with its door (`solo`: the whole table here, against computer players; `join`: a
host across the LAN; `host`: the hosting player's; or over a replay, `replay`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Unpack

from tests.games.madeup import rules as r
from tests.games.madeup.mind import SoloCompany
from tests.games.madeup.seam import madeup_rules
from wordsy_tui.engine.levels import Level
from wordsy_tui.table.local import Local, secret_generator
from wordsy_tui.table.seat import Seat

if TYPE_CHECKING:
    from tests.games.madeup.host import MadeUpHost
    from wordsy_tui.table.joined import Knock


class MadeUpSeat(Seat[r.State, r.Command, r.Event]):
    """A player's seat at Twenty-One, or a spectator's place beside it."""

    @classmethod
    def solo(
        cls,
        me: str,
        bots: Sequence[Level] = (Level.MEDIUM,),
        *,
        config: r.Config | None = None,
        seed: int | None = None,
    ) -> MadeUpSeat:
        """One person against computer players (of `bots`' levels), offline: no clock."""
        rng = secret_generator(seed)
        names = {f"Bot {n} ({level})": level for n, level in enumerate(bots, start=1)}
        company = SoloCompany(names, random.Random(rng.getrandbits(64)))
        opening: list[tuple[str | None, r.Command]] = [
            (None, r.CreateGame(config or r.Config())),
            (me, r.JoinGame()),
            *((name, r.JoinGame(bot=True)) for name in names),
            (me, r.StartGame()),
        ]
        return cls(Local(madeup_rules(), me, opening, rng=rng, timed=False, company=company))

    @classmethod
    def join(
        cls, address: str, port: int, name: str, dictionary: str, **knock: Unpack[Knock]
    ) -> MadeUpSeat:
        """A seat (or a place to watch from) at a host of Twenty-One across the network."""
        from wordsy_tui.table.basics import requirements
        from wordsy_tui.table.joined import Joined

        requires = requirements(dictionary, r.GAME)
        return cls(Joined.at(address, port, name, requires, madeup_rules(), **knock))

    @classmethod
    def host(cls, me: str, server: MadeUpHost, bots: Sequence[str] = ()) -> MadeUpSeat:
        """The hosting player's seat: the host in this process, and a client of it."""
        from wordsy_tui.table.joined import Hosting

        server.captain = me
        return cls(Hosting(me, server, bots))

    # -- the game's verbs ------------------------------------------------------------------

    async def add(self, amount: int) -> str | None:
        return await self.send(r.Add(amount))

    async def start_game(self) -> str | None:
        return await self.send(r.StartGame())

    def _farewell(self) -> r.Command | None:
        # In the lobby the seat is freed at once.
        return r.LeaveGame() if self.me in self.state.players and self.in_lobby else None

    @property
    def in_lobby(self) -> bool:
        return self.state.phase is r.Phase.LOBBY
