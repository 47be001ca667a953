"""A seat at a game of Wordsmith, however it is reached: Wordsmith's verbs over the table's
`Seat`.

A turn leaves this program only as a commitment until every player has chosen: the seat's
sealed choices (`table.sealed`) keep its text and salt, on disk through the seat's keeper
before the commitment leaves, and the seat reveals it by itself once choosing closes, even
after its program was restarted. The seat is made with its door: `WordsmithSeat.solo`
(against computer players, offline), `.join` (a host across the LAN), `.host` (the hosting
player's), or over a replay (`games.wordsmith.replay`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Unpack

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordsmith.rules import commands as cmd
from wordsy_tui.games.wordsmith.rules import events as ev
from wordsy_tui.games.wordsmith.rules.config import GAME, WordsmithConfig
from wordsy_tui.games.wordsmith.rules.legal import may_leave, may_start, refusal
from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.rules.turn import Turn, parse_turn, turn_text
from wordsy_tui.games.wordsmith.rules.words import Words
from wordsy_tui.games.wordsmith.seam import WordsmithRules
from wordsy_tui.table.local import Local, secret_generator
from wordsy_tui.table.seat import Door, Rejected, Seat

if TYPE_CHECKING:
    # (Their shapes only: a solo game loads nothing of the network.)
    from wordsy_tui.games.wordsmith.host import WordsmithHost
    from wordsy_tui.table.joined import Knock

SmithDoor = Door[WordsmithState, cmd.Command, ev.Event]


class WordsmithSeat(Seat[WordsmithState, cmd.Command, ev.Event]):
    """A seat at a game of Wordsmith (or a spectator's place beside it): its turn sealed
    and revealed, and Wordsmith's verbs. `words`: the agreed word list, for checking a turn
    before it is sealed (the rules' own check)."""

    def __init__(self, door: SmithDoor, words: Words | None = None) -> None:
        super().__init__(door)
        self.rules = WordsmithRules(words)
        """The rules, for what the screen asks of them (`legal.preview`, `legal.refusal`)."""

    @classmethod
    def solo(
        cls,
        me: str,
        config: WordsmithConfig,
        bots: Sequence[Level],
        *,
        seed: int | None = None,
        words: Words | None = None,
        timed: bool = False,
        pace: float = 1.0,
    ) -> WordsmithSeat:
        """One person against computer players (of `bots`' levels), offline; `timed`: the
        round's clock runs (off by default: nobody else waits for the person); `pace`
        multiplies the computer players' wait before their first look."""
        from wordsy_tui.games.wordsmith.solo import SoloBots, bot_name

        rules = WordsmithRules(words)
        rng = secret_generator(seed)
        names = {bot_name(n, level): level for n, level in enumerate(bots, start=1)}
        # Drawn first: the seed's deal stays its own whatever the bots choose.
        company = SoloBots(names, lambda: rules.words, seed=rng.getrandbits(64), pace=pace)
        opening = cmd.opening(config, (me,), tuple(names))
        door = Local(rules, me, opening, rng=rng, timed=timed, company=company)
        return cls(door, words)

    @classmethod
    def join(
        cls,
        address: str,
        port: int,
        name: str,
        dictionary: str,
        **knock: Unpack[Knock],
    ) -> WordsmithSeat:
        """A player's (or spectator's) seat at a host across the network (`dictionary`: the
        word list's, which host and player must share)."""
        from wordsy_tui.table.basics import requirements
        from wordsy_tui.table.joined import Joined

        requires = requirements(dictionary, GAME)
        door = Joined.at(address, port, name, requires, WordsmithRules(), **knock)
        return cls(door)

    @classmethod
    def host(
        cls,
        me: str,
        server: WordsmithHost,
        bots: Sequence[str] = (),
        words: Words | None = None,
    ) -> WordsmithSeat:
        """The hosting player's seat: Wordsmith's host (`host.wordsmith_host`) in this
        process, and a client of it over loopback; the host keeps its sealed turn beside
        the log."""
        from wordsy_tui.table.joined import Hosting

        seat = cls(Hosting(me, server, bots), words)
        server.keep_own(seat)
        return seat

    # -- what the screens ask --------------------------------------------------------

    @property
    def sealed_turn(self) -> Turn | None:
        """Our turn sealed this round, where this program knows it (also after a restart:
        the seat's keeper gave it back)."""
        latest = self.sealed.latest
        if latest is None or self.sealed.period != self.state.round:
            return None
        try:
            return parse_turn(latest)
        except ValueError:
            return None

    @property
    def may_start(self) -> bool:
        return may_start(self.state, self.me) if self.me is not None else False

    # -- Wordsmith's verbs -------------------------------------------------------------

    async def seal(self, turn: Turn) -> str | None:
        """Seal our turn for this round: checked first by the rules (a turn they would
        refuse is never sealed), then only its commitment leaves this program."""
        me = self.me
        if me is None:
            return "Spectators watch; they do not play."
        problem = refusal(self.state, me, turn, self.rules.words)
        if problem is not None:
            self.publish(Rejected(problem))
            return problem
        self.sealed.begin(self.state.round)
        return await self.send(cmd.Seal(self.sealed.seal(turn_text(turn))))

    async def start_game(self) -> str | None:
        return await self.send(cmd.StartGame())

    async def leave_game(self) -> str | None:
        """Stop playing for good: our sheet stays and is scored at the end."""
        return await self.send(cmd.LeaveGame())

    # -- what the table tells the seat -------------------------------------------------

    async def _moved(self, events: Sequence[ev.Event]) -> None:
        # A new round: what was sealed before is revealed or void.
        self.sealed.begin(self.state.round)
        await self._reveal_if_due()

    async def _welcomed(self) -> None:
        await self._reveal_if_due()

    async def _reveal_if_due(self) -> None:
        """Choosing has closed and our turn is sealed: reveal it (once; a reveal lost in a
        crash is sent again by the program that comes back)."""
        me, state = self.me, self.state
        if me is None or state.phase is not Phase.REVEAL or me in state.played:
            return
        commitment = state.sealed.get(me)
        opened = None if commitment is None else self.sealed.open(commitment)
        if opened is None:
            return
        text, salt = opened
        try:
            turn = parse_turn(text)
        except ValueError:
            return  # a kept file damaged since: nothing to reveal, the round goes on
        await self.send(cmd.Reveal(turn, salt))

    def _farewell(self) -> cmd.Command | None:
        # In the lobby the seat is freed at once; in the game it is kept for its player.
        if self.state.phase is Phase.LOBBY and may_leave(self.state, self.me):
            return cmd.LeaveGame()
        return None
