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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

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
from wordsy_tui.scrabble.rulesets import SIZE
from wordsy_tui.scrabble.state import Phase, TileGameState
from wordsy_tui.scrabble.view import for_seat, state_for_seat
from wordsy_tui.scrabble.words import Words, shipped_words
from wordsy_tui.session.base import Rejected, Seat, StateChanged, Update

BOT_PAUSE_SECONDS = 0.8
"""Between two computer players' moves, so a person sees each one land."""

TilesChanged = StateChanged
"""A tile game's state changed: the player's own view, and the events as they may see
them (the generic update, by the tile games' name)."""
TableUpdate = Update[TileGameState, ev.Event]
"""What a tile game's session tells the app: a LAN session also says when its link changes,
when the host starts a rematch with its seat in it, who is connected, and what is said
at the table."""
TURNS: Final = (cmd.Play, cmd.Exchange, cmd.Pass)
"""The commands after which "what was the best move?" looks at the position before them."""
Placement = tuple[tuple[int, str], ...]
"""Tiles on squares: (square, letter), lower case for a blank."""


@dataclass(frozen=True, slots=True)
class LastTurn:
    """The position the player last had to play from, for "what was the best move?"."""

    state: TileGameState
    rack: tuple[str, ...]


class TileVerbs(Seat[TileGameState, cmd.Command, ev.Event]):
    """A seat at a tile game, as the board screen (`TileApp`) uses it: the table's verbs,
    the tile games' own (play, exchange, pass, challenge, accept, vote) as their commands
    through the session's `send`, and the player's last turn for "best move". Offline
    (`TileSession`), across the LAN (`session.tilelan.TileNetSession`) or a replay."""

    leave_question: str
    """What leaving asks the player (what becomes of the game and their seat); empty:
    nothing to ask (a replay)."""

    def __init__(self, me: str | None, dawg: Callable[[int], Dawg] | None = None) -> None:
        super().__init__(me, TileGameState())
        self.last_turn: LastTurn | None = None
        self.dawg = dawg or vocabulary_dawg
        """The word list's graph for each vocabulary tier (the move generator's)."""
        self.tentative: Placement = ()
        """The tiles the player has laid on the board and not played yet, as laid: only
        this program knows them, and a restarted one lays them again."""
        self.laid_again: Placement = ()
        """The tentative play taken back after a restart, for the board to lay once."""

    def hold(self, placed: Sequence[tuple[int, str]]) -> None:
        """The board's tentative play now (kept when it changed)."""
        placed = tuple(placed)
        if placed != self.tentative:
            self.tentative = placed
            self._kept_changed()

    def in_progress(self) -> dict[str, Any] | None:
        return {"placed": [list(tile) for tile in self.tentative]} if self.tentative else None

    def take_back(self, kept: Mapping[str, Any]) -> None:
        placed = kept.get("placed")
        laid: list[tuple[int, str]] = []
        for tile in placed if isinstance(placed, list) else []:
            if not (isinstance(tile, list) and len(tile) == 2):
                continue
            square, letter = tile
            # A letter on a square of the board: the board checks that it is still free and
            # the tile still on the rack.
            on_board = isinstance(square, int) and 0 <= square < SIZE * SIZE
            a_letter = isinstance(letter, str) and len(letter) == 1 and letter.isascii()
            if on_board and a_letter and letter.isalpha():
                laid.append((square, letter))
        self.tentative = self.laid_again = tuple(laid)

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
    def asked_to_judge(self) -> bool:
        """Someone else's play waits for us to challenge it or let it stand (Scrabble;
        offline, before the next computer player moves: our own turn lets it stand)."""
        return self.me is not None and allowed(self.state, self.me, cmd.Challenge())

    def _took_turn(self, before: TileGameState, command: cmd.Command) -> None:
        """`command` went through from the view `before`: a turn of ours keeps its position
        for "what was the best move?"."""
        if isinstance(command, TURNS) and self.me is not None:
            self.last_turn = LastTurn(before, before.rack(self.me))

    def best_of_last_turn(self) -> Hint | None:
        """The highest-scoring play the player had on their last turn (None: none)."""
        last = self.last_turn
        if last is None:
            return None
        hints = best_moves(last.state, last.rack, self.dawg(TILE_STYLES[Level.EXPERT].vocabulary))
        return hints[0] if hints else None


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
        super().__init__(me, dawg)
        self.config = config
        self.bots = {bot_name(n, level): level for n, level in enumerate(bots, start=1)}
        self.rng = random.Random(seed if seed is not None else secrets.randbits(64))
        # Each bot's own generator: its choices never touch the host's draws.
        self._bot_rng = random.Random(self.rng.getrandbits(64))
        self._words = words
        self.bot_pause = bot_pause
        self.host = TileGameState()
        """The whole game, racks and bag included: only this object holds it."""
        self.log: list[ev.Event] = []
        """The host's full log (for the record of the game once it is over)."""
        self._bots_busy = asyncio.Lock()
        self.leave_question = "Leave this game? It is not kept."

    @property
    def words(self) -> Words:
        if self._words is None:
            self._words = shipped_words()
        return self._words

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
        self._took_turn(before, command)
        await self.bots_act()
        return None

    @property
    def bots_busy(self) -> bool:
        """The computer players are moving (the player's keys wait for them)."""
        return self._bots_busy.locked()

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
                decide_turn, view, name, style, self._bot_rng, self.dawg
            )
            if command is not None:
                return name, command
        return None

    # -- the host's side ---------------------------------------------------------

    def _apply(self, seat: str | None, command: cmd.Command) -> None:
        events = decide(self.host, seat, command, rng=self.rng, words=self.words)
        for event in events:
            self.host = evolve(self.host, event)
        self.log.extend(events)
        self.state = state_for_seat(self.host, self.me)
        self.state_changed([for_seat(e, self.me) for e in events])
