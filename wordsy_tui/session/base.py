"""What the app sees of a game, whether it runs in this process or across the LAN.

`Seat` is any game's session, over the game's state, commands and events: it holds
the latest state (the player's own view), who is connected, and a queue of updates
for the app, which reads `updates()` in a worker and acts through the session's verbs;
it never touches the network. Each game's session adds its verbs to it: Wordsy's
`Session` here (with commit-reveal and the player's draft), the tile games'
`session.tiles.TileVerbs`.
"""

from __future__ import annotations

import asyncio
import secrets
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from wordsy_tui.game import commands as cmd
from wordsy_tui.game import events as ev
from wordsy_tui.game.commitment import SALT_BYTES, commit
from wordsy_tui.game.evolve import evolve
from wordsy_tui.game.state import GameState, Phase
from wordsy_tui.session.chat import ChatHeard, ChatRefused
from wordsy_tui.session.clock import Clock, Deadline

S = TypeVar("S")
"""A game's state."""
C = TypeVar("C")
"""A game's command."""
E = TypeVar("E")
"""A game's event."""


@dataclass(frozen=True, slots=True)
class StateChanged(Generic[S, E]):
    """The game moved on: the player's view now, and the events (as the player may see
    them) that moved it."""

    state: S
    events: tuple[E, ...]
    deadline: Deadline | None = None
    """When the host's clock ends the wait running now; None: no limit runs."""


@dataclass(frozen=True, slots=True)
class PresenceChanged:
    connected: Mapping[str, bool]


@dataclass(frozen=True, slots=True)
class LinkChanged:
    up: bool
    message: str
    final: bool = False
    """The host ended the game (the message says how it goes on): no reconnecting."""


@dataclass(frozen=True, slots=True)
class Rejected:
    """A command of ours the rules refused; the message is for the player."""

    message: str


@dataclass(frozen=True, slots=True)
class NextGame:
    """The host started a rematch and took us along: the state starts again from nothing,
    and the new game's events follow. `message` is the host's sentence (untrusted text)."""

    message: str


Update = (
    StateChanged[S, E]
    | PresenceChanged
    | LinkChanged
    | Rejected
    | ChatHeard
    | ChatRefused
    | NextGame
)
"""What any game's session tells its app (`StateChanged` carries the game's own)."""

Written = Mapping[bytes, tuple[str, bytes]]
"""The words written in one round, with their salts, by commitment."""


class Seat(ABC, Generic[S, C, E]):
    """A player's seat at one game's table (or a spectator's place beside it), whatever
    the game: offline, across the LAN, or a replay. The table's verbs here refuse what
    only a host, or a table with other people at it, can do; the sessions that can
    (`session.table.NetTable`, `Hosting`) override them."""

    def __init__(self, me: str | None, state: S) -> None:
        self.me = me
        """Our seat; None for a spectator."""
        self.state = state
        """The player's own view: the fold of the events this seat may see."""
        self.presence: dict[str, bool] = {}
        """Who is connected to the host, by seat."""
        self.keep: Callable[[Mapping[str, Any] | None], None] | None = None
        """Where what only this program knows of the game in progress goes (`in_progress`),
        each time it changes: a file kept for the seat (`session.kept`), set by the table
        the seat sits at; None: nowhere (a solo game, a spectator)."""
        self._updates: asyncio.Queue[Update[S, E]] = asyncio.Queue()

    @abstractmethod
    async def start(self) -> None: ...

    @abstractmethod
    async def stop(self) -> None: ...

    @abstractmethod
    async def send(self, command: C) -> str | None:
        """Send a command; the rule's message when it is refused, else None."""

    # -- what the app hears -----------------------------------------------------------

    async def updates(self) -> AsyncIterator[Update[S, E]]:
        while True:
            yield await self.changed()

    async def changed(self) -> Update[S, E]:
        """The next update (cancelling the wait loses none)."""
        return await self._updates.get()

    def publish(self, update: Update[S, E]) -> None:
        self._updates.put_nowait(update)

    def state_changed(self, events: Sequence[E]) -> None:
        """Tell the app the state it holds now, and the events that made it."""
        self.publish(StateChanged(self.state, tuple(events), self.deadline))

    @property
    def deadline(self) -> Deadline | None:
        """When the host's clock ends the wait running now; None: no limit runs."""
        return None

    # -- what only this program knows of the game in progress -------------------------

    def in_progress(self) -> dict[str, Any] | None:
        """What only this seat's program knows of the game in progress and must get back
        after a restart (a written word's salt, tiles laid but not played, a sealed bid),
        as JSON's types; None: nothing. Each game says what it is."""
        return None

    def take_back(self, kept: Mapping[str, Any]) -> None:
        """Take back what `in_progress` gave before this program stopped. It was read from
        a file: each game checks it, and drops what does not make sense."""

    def _kept_changed(self) -> None:
        """The game's in-progress state changed: keep it now, before anything of it leaves."""
        if self.keep is not None:
            self.keep(self.in_progress())

    # -- the table's verbs, every game's ----------------------------------------------

    @property
    def hosting(self) -> bool:
        """This program is the game's host, which can end a waiting phase now."""
        return False

    async def end_phase(self) -> str | None:
        return "Only the host can end a phase."

    async def rematch(self) -> str | None:
        """Play again with the same table and options; why not, or None when it began."""
        return "Only the host can start a rematch."

    def _farewell(self) -> C | None:
        """The command that gives our seat up before we go, where the rules free it now
        (the lobby); None: nothing to give up."""
        return None

    async def leave_table(self) -> None:
        """Give our seat up before going, where the rules free it at once (the lobby)."""
        farewell = self._farewell()
        if farewell is not None:
            await self.send(farewell)

    @property
    def can_chat(self) -> bool:
        """Whether anyone else hears our chat (nobody does in a solo game or a replay)."""
        return False

    async def say(self, text: str) -> str | None:
        """Say a line to everyone at the table; why not, or None once it is on its way."""
        return "There is nobody here to chat with."

    def still_here(self) -> None:
        """The player did something (a key, a click): the host knows they are at the table
        (`session.away`), and nothing of what they did. No table waits for anyone offline."""


class Session(Seat[GameState, cmd.Command, ev.Event]):
    """A seat at a game of Wordsy: commit-reveal (only a word's commitment leaves before
    the reveal, which sends the word itself) and Wordsy's verbs."""

    def __init__(self, me: str | None) -> None:
        super().__init__(me, GameState())
        self.clock = Clock()
        # Every word we committed this round, by commitment, so the reveal
        # sends the one the host last accepted even if a later rewrite failed.
        self._written: dict[bytes, tuple[str, bytes]] = {}
        self._written_round = 0
        """The round the words in `_written` were written in."""
        self._kept = False
        """Whether `keep` holds words that a new round must make it forget."""
        self.word = ""
        """Our current draft, as typed (only this program knows it)."""

    @property
    def deadline(self) -> Deadline | None:
        return self.clock.deadline

    async def receive(self, events: Sequence[ev.Event]) -> None:
        """Fold events that reached us into the state and tell the app."""
        for event in events:
            self.state = evolve(self.state, event)
            # Only a later round forgets: a resumed session replays the rounds before (and
            # the start of) the round whose words it was given back.
            if isinstance(event, ev.RoundStarted) and self.state.round > self._written_round:
                self.word = ""
                self._written_round = self.state.round
                self._written.clear()
                if self._kept:  # what was kept is revealed or void now: forget it
                    self._keep_written()
        self.clock.observe(self.state)
        self.state_changed(events)
        await self._reveal_if_due()

    async def _reveal_if_due(self) -> None:
        if self.me is None or self.state.phase is not Phase.REVEAL:
            return
        draft = self.state.draft(self.me)
        if draft.commitment is None or draft.revealed or draft.commitment not in self._written:
            return
        word, salt = self._written.pop(draft.commitment)
        await self.send(cmd.RevealWord(self.me, word, salt))

    def begin_again(self) -> None:
        """A new game follows this one at the same table (a rematch): forget the last
        game's state and the words written in it (its rounds count from 1 again)."""
        self.state = GameState()
        self.word = ""
        self._written.clear()
        self._written_round = 0
        self._kept = False
        self.clock.observe(self.state)

    def in_progress(self) -> dict[str, Any] | None:
        # Every word committed this round with its salt: the reveal needs the one the host
        # last accepted.
        if not self._written:
            return None
        words = [[c.hex(), word, salt.hex()] for c, (word, salt) in self._written.items()]
        return {"round": self._written_round, "words": words}

    def take_back(self, kept: Mapping[str, Any]) -> None:
        round_no = kept.get("round")
        if not isinstance(round_no, int) or isinstance(round_no, bool):
            return
        words: dict[bytes, tuple[str, bytes]] = {}
        entries = kept.get("words")
        for entry in entries if isinstance(entries, list) else []:
            try:
                commitment, word, salt = entry
                words[bytes.fromhex(commitment)] = (str(word), bytes.fromhex(salt))
            except (TypeError, ValueError):
                continue  # a damaged entry: that word cannot be revealed, the others can
        self.restore_written(round_no, words)

    def restore_written(self, round_no: int, written: Written) -> None:
        """Words this player wrote in `round_no` before its program stopped."""
        self._written_round = round_no
        self._written = dict(written)
        self._kept = bool(written)
        if written:
            self.word = list(written.values())[-1][0]  # the draft on screen: the last written

    def _keep_written(self) -> None:
        if self.keep is not None:
            self._kept_changed()
            self._kept = bool(self._written)

    def _seat(self) -> str:
        if self.me is None:
            raise PermissionError("spectators watch; they do not play")
        return self.me

    async def write(self, word: str) -> str | None:
        """Write (or rewrite) our word: only its commitment leaves this program."""
        seat = self._seat()
        word = word.strip().upper()
        self.word = word
        salt = secrets.token_bytes(SALT_BYTES)
        commitment = commit(word, salt)
        self._written[commitment] = (word, salt)
        self._keep_written()
        return await self.send(cmd.WriteWord(seat, commitment))

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

    def _farewell(self) -> cmd.Command | None:
        # In the lobby the seat is freed at once.
        me = self.me
        return cmd.LeaveGame(me) if me is not None and self.state.phase is Phase.LOBBY else None
