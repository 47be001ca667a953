"""A tile game (Scrabble, Words with Friends, Wordfeud) played in this process.

The host and the table in one, like `LocalSession` for Wordsy: commands are
decided right here, with the host's secret generator, and the computer
players take their turns in between. The app sees only the player's own view
of the game (`view.state_for_seat`); each bot is given its own, so a bot knows
its rack and nothing of anyone else's.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from wordsy_tui.bots.levels import Level
from wordsy_tui.scrabble import commands as cmd
from wordsy_tui.scrabble import events as ev
from wordsy_tui.scrabble.bots import (
    TILE_STYLES,
    Hint,
    best_moves,
    decide_turn,
    respond,
    vocabulary_dawg,
)
from wordsy_tui.scrabble.config import TileGameConfig
from wordsy_tui.scrabble.dawg import Dawg
from wordsy_tui.scrabble.decide import decide
from wordsy_tui.scrabble.errors import RuleError
from wordsy_tui.scrabble.evolve import evolve
from wordsy_tui.scrabble.legal import allowed
from wordsy_tui.scrabble.state import Phase, TileGameState
from wordsy_tui.scrabble.view import for_seat, state_for_seat
from wordsy_tui.scrabble.words import Words, shipped_words
from wordsy_tui.session.base import LinkChanged, NextGame, PresenceChanged, Rejected
from wordsy_tui.session.chat import ChatHeard, ChatRefused
from wordsy_tui.session.clock import Deadline

BOT_PAUSE_SECONDS = 0.8
"""Between two computer players' moves, so a person sees each one land."""


@dataclass(frozen=True, slots=True)
class TilesChanged:
    state: TileGameState
    """The player's own view."""
    events: tuple[ev.Event, ...]
    """As the player may see them."""


TileUpdate = TilesChanged | Rejected
TableUpdate = (
    TilesChanged | Rejected | LinkChanged | NextGame | PresenceChanged | ChatHeard | ChatRefused
)
"""What a table's session tells the app: a LAN session also says when its link changes,
when the host starts a rematch with its seat in it, who is connected, and what is said
at the table."""


@dataclass(frozen=True, slots=True)
class LastTurn:
    """The position the player last had to play from, for "what was the best move?"."""

    state: TileGameState
    rack: tuple[str, ...]


class TileTable(Protocol):
    """What the board screen (`TileApp`) uses of a tile game's session: offline
    (`TileSession`) or across the LAN (`session.tilelan.TileNetSession`)."""

    state: TileGameState
    """The player's own view (a spectator's: every rack a count)."""
    last_turn: LastTurn | None
    leave_question: str
    """What leaving asks the player (what becomes of the game and their seat); empty:
    nothing to ask (a replay)."""

    @property
    def me(self) -> str | None:
        """The player's seat; None for a spectator, who only watches (and chats)."""
        ...

    async def start(self) -> None: ...
    async def stop(self) -> None: ...
    def updates(self) -> AsyncIterator[TableUpdate]: ...
    async def start_game(self) -> str | None: ...
    async def play(self, placement: Sequence[tuple[int, str]]) -> str | None: ...
    async def exchange(self, tiles: Sequence[str]) -> str | None: ...
    async def pass_turn(self) -> str | None: ...
    async def challenge(self) -> str | None: ...
    async def accept(self) -> str | None: ...
    async def vote(self, uphold: bool) -> str | None: ...
    async def rematch(self) -> str | None: ...
    async def leave_table(self) -> None: ...

    @property
    def hosting(self) -> bool: ...

    @property
    def asked_to_judge(self) -> bool: ...

    @property
    def deadline(self) -> Deadline | None:
        """When the host's clock ends the wait running now; None: no limit runs."""
        ...

    def best_of_last_turn(self) -> Hint | None: ...

    @property
    def can_chat(self) -> bool:
        """Whether anyone else hears our chat (nobody does in a solo game)."""
        ...

    async def say(self, text: str) -> str | None:
        """Say a line to everyone at the table; why not, or None once it is on its way."""
        ...


def best_of(last: LastTurn | None, dawg: Callable[[int], Dawg]) -> Hint | None:
    """The highest-scoring play the player had on their last turn (None: none)."""
    if last is None:
        return None
    hints = best_moves(last.state, last.rack, dawg(TILE_STYLES[Level.EXPERT].vocabulary))
    return hints[0] if hints else None


def asked_to_judge(state: TileGameState, me: str) -> bool:
    """Someone else's play waits for `me` to challenge it or let it stand (Scrabble)."""
    return allowed(state, me, cmd.Challenge())


class TileVerbs:
    """A player's verbs as the tile game's commands, through the session's own `send`."""

    async def send(self, command: cmd.Command) -> str | None:
        raise NotImplementedError

    async def start_game(self) -> str | None:
        return await self.send(cmd.StartGame())  # solo games start by themselves

    async def play(self, placement: Sequence[tuple[int, str]]) -> str | None:
        return await self.send(cmd.Play(tuple(placement)))

    async def exchange(self, tiles: Sequence[str]) -> str | None:
        return await self.send(cmd.Exchange(tuple(tiles)))

    async def pass_turn(self) -> str | None:
        return await self.send(cmd.Pass())

    async def challenge(self) -> str | None:
        return await self.send(cmd.Challenge())

    async def accept(self) -> str | None:
        return await self.send(cmd.Accept())

    async def vote(self, uphold: bool) -> str | None:
        return await self.send(cmd.Vote(uphold))

    @property
    def can_chat(self) -> bool:
        return False

    async def say(self, text: str) -> str | None:
        return "There is nobody here to chat with."

    @property
    def hosting(self) -> bool:
        """This program hosts the game (and may start a rematch)."""
        return False

    async def rematch(self) -> str | None:
        """Play again with the same table and options; why not, or None when it began."""
        return "Only the host can start a rematch."

    async def leave_table(self) -> None:
        """Give the seat up before going, where the rules free it (a LAN game's lobby)."""


def bot_name(number: int, level: Level) -> str:
    """The same names the LAN host gives its computer players."""
    return f"Bot {number} ({level.value})"


class TileSession(TileVerbs):
    """One person against computer players, offline."""

    def __init__(
        self,
        me: str,
        config: TileGameConfig,
        bots: Sequence[Level],
        *,
        seed: int | None = None,
        words: Words | None = None,
        dawg: Callable[[int], Dawg] | None = None,
        bot_pause: float = BOT_PAUSE_SECONDS,
    ) -> None:
        self.me = me
        self.config = config
        self.bots = {bot_name(n, level): level for n, level in enumerate(bots, start=1)}
        self.rng = random.Random(seed if seed is not None else secrets.randbits(64))
        # Each bot's own generator: its choices never touch the host's draws.
        self._bot_rng = random.Random(self.rng.getrandbits(64))
        self._words = words
        self._dawg = dawg
        self.bot_pause = bot_pause
        self.host = TileGameState()
        """The whole game, racks and bag included: only this object holds it."""
        self.log: list[ev.Event] = []
        """The host's full log (for the record of the game once it is over)."""
        self.state = TileGameState()
        """What the player may see."""
        self.last_turn: LastTurn | None = None
        self._updates: asyncio.Queue[TileUpdate] = asyncio.Queue()
        self._bots_busy = asyncio.Lock()
        self.leave_question = "Leave this game? It is not kept."

    @property
    def words(self) -> Words:
        if self._words is None:
            self._words = shipped_words()
        return self._words

    async def updates(self) -> AsyncIterator[TileUpdate]:
        while True:
            yield await self._updates.get()

    def publish(self, update: TileUpdate) -> None:
        self._updates.put_nowait(update)

    async def start(self) -> None:
        self._apply(None, cmd.CreateGame(self.config))
        self._apply(self.me, cmd.JoinGame())
        for name in self.bots:
            self._apply(name, cmd.JoinGame(bot=True))
        self._apply(self.me, cmd.StartGame())
        await self.bots_act()

    async def stop(self) -> None:
        return None

    # -- the player's actions ----------------------------------------------

    async def send(self, command: cmd.Command) -> str | None:
        """Decide the player's command; the rule's message when it is refused, else None."""
        before = self.state
        try:
            self._apply(self.me, command)
        except RuleError as error:
            self.publish(Rejected(str(error)))
            return str(error)
        if isinstance(command, cmd.Play | cmd.Exchange | cmd.Pass):
            self.last_turn = LastTurn(before, before.rack(self.me))
        await self.bots_act()
        return None

    @property
    def bots_busy(self) -> bool:
        """The computer players are moving (the player's keys wait for them)."""
        return self._bots_busy.locked()

    @property
    def asked_to_judge(self) -> bool:
        """A computer player's play waits for us to challenge it or let it stand before
        the next computer player moves (our own turn would let it stand anyway)."""
        return asked_to_judge(self.state, self.me)

    def best_of_last_turn(self) -> Hint | None:
        return best_of(self.last_turn, self._dawg_for)

    @property
    def deadline(self) -> Deadline | None:
        return None  # alone with computer players: nobody else waits on the player

    # -- the computer players ------------------------------------------------

    async def bots_act(self) -> None:
        """Let the computer players move until it is the player's turn (or the end)."""
        if self._bots_busy.locked():
            return  # the loop already running sees the new state on its next look
        async with self._bots_busy:
            while (step := await self._bot_step()) is not None:
                name, command = step
                if self.bot_pause:
                    await asyncio.sleep(self.bot_pause)
                try:
                    self._apply(name, command)
                except RuleError:  # a bot is only ever offered legal moves; never loop on one
                    self._apply(name, cmd.Pass())

    async def _bot_step(self) -> tuple[str, cmd.Command] | None:
        host = self.host
        if host.phase is not Phase.PLAYING:
            return None
        pending = host.pending
        for name in self.bots:
            command = respond(state_for_seat(host, name), name, self.words)
            if command is not None:
                return name, command
        judged = pending is None or pending.player == self.me or self.me in pending.accepted_by
        nobody_asks_us = judged or not self.config.rules.challenges
        if host.turn in self.bots and nobody_asks_us:
            name = host.turn
            style = TILE_STYLES[self.bots[name]]
            view = state_for_seat(host, name)
            command = await asyncio.to_thread(
                decide_turn, view, name, style, self._bot_rng, self._dawg_for
            )
            if command is not None:
                return name, command
        return None

    def _dawg_for(self, vocabulary: int) -> Dawg:
        return (self._dawg or vocabulary_dawg)(vocabulary)

    # -- the host's side ---------------------------------------------------------

    def _apply(self, seat: str | None, command: cmd.Command) -> None:
        events = decide(self.host, seat, command, rng=self.rng, words=self.words)
        for event in events:
            self.host = evolve(self.host, event)
        self.log.extend(events)
        self.state = state_for_seat(self.host, self.me)
        self.publish(TilesChanged(self.state, tuple(for_seat(e, self.me) for e in events)))
