"""A seat at a game of Wordsy, however it is reached: Wordsy's verbs over the table's `Seat`.

Only a word's commitment leaves before the reveal (the table's sealed choices keep the
word and its salt); the reveal sends the word itself once the round is at its reveal. The
seat is made with its door: `WordsySeat.local` (the whole table here: solo), `.join` (a
host across the LAN), `.host` (the hosting player's), or over a replay
(`games.wordsy.replay`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Unpack

from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.config import GAME, GameConfig
from wordsy_tui.games.wordsy.rules.legal import allowed
from wordsy_tui.games.wordsy.rules.referee import Referee
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.games.wordsy.seam import wordsy_rules
from wordsy_tui.table.local import Local, secret_generator
from wordsy_tui.table.seat import Door, Seat

if TYPE_CHECKING:
    # (Their shapes only: a solo game loads nothing of the network.)
    from wordsy_tui.games.wordsy.host import WordsyHost
    from wordsy_tui.table.joined import Knock
    from wordsy_tui.table.served import ServedTable


class WordsySeat(Seat[GameState, cmd.Command, ev.Event]):
    """A seat at a game of Wordsy (or a spectator's place beside it): commit-reveal, the
    player's draft, and Wordsy's verbs."""

    def __init__(
        self, door: Door[GameState, cmd.Command, ev.Event], config: GameConfig | None = None
    ) -> None:
        super().__init__(door)
        self.config = config
        """The game's options where this program sets the game up (`local`); None where a
        host does, or in a replay."""
        self.word = ""
        """Our current draft, as typed (only this program knows it)."""

    @classmethod
    def local(
        cls,
        me: str,
        config: GameConfig,
        referee: Referee | None = None,
        seed: int | None = None,
    ) -> WordsySeat:
        """The host and the player in one: commands are decided right here."""
        opening: list[tuple[str | None, cmd.Command]] = [
            (None, cmd.CreateGame(config)),
            (me, cmd.JoinGame(me)),
        ]
        if config.solo is not None:
            # Nobody else to wait for: dealt before the first frame, which then shows the
            # first round rather than a table being dealt.
            opening.append((me, cmd.StartGame()))
        door = Local(wordsy_rules(referee), me, opening, rng=secret_generator(seed))
        return cls(door, config)

    @classmethod
    def join(
        cls,
        address: str,
        port: int,
        name: str,
        dictionary: str,
        **knock: Unpack[Knock],
    ) -> WordsySeat:
        """A player's (or spectator's) seat at a host across the network (`dictionary`: the
        word list's, which host and player must share)."""
        from wordsy_tui.table.basics import requirements
        from wordsy_tui.table.joined import Joined

        requires = requirements(dictionary, GAME)
        door = Joined.at(address, port, name, requires, wordsy_rules(), **knock)
        return cls(door)

    @classmethod
    def host(cls, me: str, server: WordsyHost, bots: Sequence[str] = ()) -> WordsySeat:
        """The host's own player: Wordsy's host (`host.wordsy_host`) in this process, and a
        client of it over loopback; the host keeps the words it writes (beside the log)."""
        from wordsy_tui.table.joined import Hosting

        seat = cls(Hosting(me, server, bots))
        server.keep_own(seat)
        return seat

    # -- what the table tells the seat ----------------------------------------------

    async def _moved(self, events: Sequence[ev.Event]) -> None:
        new_round = any(isinstance(event, ev.RoundStarted) for event in events)
        if new_round and self.sealed.begin(self.state.round):
            self.word = ""
        await self._reveal_if_due()

    async def _welcomed(self) -> None:
        latest = self.sealed.latest
        if latest is not None:
            self.word = latest  # the draft on screen: the last word written
        await self._reveal_if_due()

    def _began_again(self) -> None:
        self.word = ""

    async def _reveal_if_due(self) -> None:
        me = self.me
        if me is None or self.state.phase is not Phase.REVEAL:
            return
        draft = self.state.draft(me)
        if draft.commitment is None or draft.revealed:
            return
        opened = self.sealed.open(draft.commitment)
        if opened is not None:
            word, salt = opened
            await self.send(cmd.RevealWord(me, word, salt))

    def _farewell(self) -> cmd.Command | None:
        # In the lobby the seat is freed at once.
        me = self.me
        return cmd.LeaveGame(me) if me is not None and self.state.phase is Phase.LOBBY else None

    # -- Wordsy's verbs ------------------------------------------------------------------

    def _seat(self) -> str:
        if self.me is None:
            raise PermissionError("spectators watch; they do not play")
        return self.me

    async def write(self, word: str) -> str | None:
        """Write (or rewrite) our word: only its commitment leaves this program."""
        seat = self._seat()
        word = word.strip().upper()
        self.word = word
        return await self.send(cmd.WriteWord(seat, self.sealed.seal(word)))

    async def lock_in(self) -> str | None:
        return await self.send(cmd.LockIn(self._seat()))

    async def flip(self) -> str | None:
        return await self.send(cmd.FlipTimer(self._seat()))

    async def challenge(self, target: str) -> str | None:
        return await self.send(cmd.Challenge(self._seat(), target))

    async def appeal(self) -> str | None:
        return await self.send(cmd.Appeal(self._seat()))

    async def offer_meant_word(self, word: str) -> str | None:
        """Relaxed play: offer the word we meant for our word that fell."""
        return await self.send(cmd.OfferMeantWord(self._seat(), word.strip().upper()))

    async def vote(self, uphold: bool) -> str | None:
        return await self.send(cmd.Vote(self._seat(), uphold))

    async def ready(self) -> str | None:
        return await self.send(cmd.Ready(self._seat()))

    async def start_game(self) -> str | None:
        return await self.send(cmd.StartGame())

    async def leave_running(self) -> ServedTable[GameState, cmd.Command, ev.Event]:
        """The hosting player leaves the table, and the game goes on without them: the
        server keeps running (the caller serves it on, headless) and stops only later."""
        from wordsy_tui.table.joined import Hosting

        door = self.door
        if not isinstance(door, Hosting):
            raise TypeError("only the host's own seat can keep its game running")
        me = self.me
        goodbye = None if me is None else cmd.LeaveGame(me)
        if goodbye is not None and not allowed(self.state, goodbye):
            goodbye = None  # the seat stays, absent: none waits for it
        return await door.leave_running(goodbye)
