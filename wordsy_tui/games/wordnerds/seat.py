"""A seat at a game of Word Nerds, however it is reached: Word Nerds' verbs over the table's
`Seat`.

A bid leaves this program only as a commitment until every player has bid: the seat's
sealed choices (`table.sealed`) keep its text and salt, on disk through the seat's keeper
before the commitment leaves, and the seat opens it by itself once the bids are closed,
even after its program was restarted. Every other command is the rules' own, sent as it
is (`act`). The seat is made with its door: `NerdsSeat.solo` (against computer players,
offline), `.join` (a host across the LAN), `.host` (the hosting player's), or over a replay
(`games.wordnerds.replay`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Unpack

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.bids import Bid, parse_bid
from wordsy_tui.games.wordnerds.rules.config import GAME, NerdsConfig
from wordsy_tui.games.wordnerds.rules.legal import bid_refusal, may_leave, may_reveal, may_start
from wordsy_tui.games.wordnerds.rules.state import NerdsState
from wordsy_tui.games.wordnerds.rules.words import Words
from wordsy_tui.games.wordnerds.seam import NerdsRules
from wordsy_tui.table.local import Local, secret_generator
from wordsy_tui.table.seat import Door, Rejected, Seat

if TYPE_CHECKING:
    # (Their shapes only: a solo game loads nothing of the network.)
    from wordsy_tui.games.wordnerds.host import NerdsHost
    from wordsy_tui.table.joined import Knock

NerdsDoor = Door[NerdsState, cmd.Command, ev.Event]


class NerdsSeat(Seat[NerdsState, cmd.Command, ev.Event]):
    """A seat at a game of Word Nerds (or a spectator's place beside it): its bid sealed
    and opened, and the game's commands."""

    def __init__(self, door: NerdsDoor, words: Words | None = None) -> None:
        super().__init__(door)
        self.rules = NerdsRules(words)

    @classmethod
    def solo(
        cls,
        me: str,
        config: NerdsConfig,
        bots: Sequence[Level],
        *,
        seed: int | None = None,
        words: Words | None = None,
        pace: float = 1.0,
    ) -> NerdsSeat:
        """One person against computer players (of `bots`' levels), offline; the clock
        runs as a host's would (the windows are countdowns); `pace` multiplies the
        computer players' pauses."""
        from wordsy_tui.games.wordnerds.solo import SoloBots, bot_name

        rules = NerdsRules(words)
        rng = secret_generator(seed)
        names = {bot_name(n, level): level for n, level in enumerate(bots, start=1)}
        # Drawn first: the seed's deal stays its own whatever the bots choose.
        company = SoloBots(names, seed=rng.getrandbits(64), pace=pace)
        opening = cmd.opening(config, (me,), tuple(names))
        door = Local(rules, me, opening, rng=rng, company=company)
        return cls(door, words)

    @classmethod
    def join(
        cls,
        address: str,
        port: int,
        name: str,
        dictionary: str,
        **knock: Unpack[Knock],
    ) -> NerdsSeat:
        """A player's (or spectator's) seat at a host across the network (`dictionary`: the
        word list's, which host and player must share)."""
        from wordsy_tui.table.basics import requirements
        from wordsy_tui.table.joined import Joined

        requires = requirements(dictionary, GAME)
        door = Joined.at(address, port, name, requires, NerdsRules(), **knock)
        return cls(door)

    @classmethod
    def host(cls, me: str, server: NerdsHost, bots: Sequence[str] = ()) -> NerdsSeat:
        """The hosting player's seat: Word Nerds' host (`host.wordnerds_host`) in this
        process, and a client of it over loopback; the host keeps its sealed bid beside
        the log."""
        from wordsy_tui.table.joined import Hosting

        seat = cls(Hosting(me, server, bots))
        server.keep_own(seat)
        return seat

    # -- what the screens ask --------------------------------------------------------

    @property
    def sealed_bid(self) -> Bid | None:
        """Our bid sealed this auction, where this program knows it (also after a restart:
        the seat's keeper gave it back)."""
        latest = self.sealed.latest
        if latest is None or self.sealed.period != self.state.turn:
            return None
        try:
            return parse_bid(latest)
        except ValueError:
            return None

    @property
    def may_start(self) -> bool:
        return self.me is not None and may_start(self.state, self.me)

    # -- Word Nerds' verbs -------------------------------------------------------------

    async def seal_bid(self, bid: Bid) -> str | None:
        """Seal our bid for this auction: checked first by the rules (a bid they would
        refuse is never sealed), then only its commitment leaves this program."""
        me = self.me
        if me is None:
            return "Spectators watch; they do not bid."
        problem = bid_refusal(self.state, me, bid)
        if problem is not None:
            self.publish(Rejected(problem))
            return problem
        self.sealed.begin(self.state.turn)
        return await self.send(cmd.SealBid(self.sealed.seal(bid.text)))

    async def act(self, command: cmd.Command) -> str | None:
        """Any other command of the game (a pick, a word, a card, a purchase...): the
        rules decide it."""
        if self.me is None:
            return "Spectators watch; they do not play."
        return await self.send(command)

    async def start_game(self) -> str | None:
        return await self.send(cmd.StartGame())

    # -- what the table tells the seat -------------------------------------------------

    async def _moved(self, events: Sequence[ev.Event]) -> None:
        # A new auction: what was sealed before is opened or void.
        self.sealed.begin(self.state.turn)
        await self._reveal_if_due()

    async def _welcomed(self) -> None:
        await self._reveal_if_due()

    async def _reveal_if_due(self) -> None:
        """The bids are closed and ours is sealed: open it (once; an opening lost in a crash
        is sent again by the program that comes back)."""
        me, state = self.me, self.state
        if me is None or not may_reveal(state, me):
            return
        opened = self.sealed.open(state.sealed[me])
        if opened is None:
            return
        text, salt = opened
        try:
            bid = parse_bid(text)
        except ValueError:
            return  # a kept file damaged since: nothing to open, the bid counts as the 0
        await self.send(cmd.reveal_bid(bid, salt))

    def _farewell(self) -> cmd.Command | None:
        # In the lobby the seat is freed at once; in the game it is kept for its player.
        return cmd.LeaveGame() if may_leave(self.state, self.me) else None
