"""A tile game (Scrabble, Words with Friends, Wordfeud) across the LAN.

The host runs the rules as `scrabble.hosted.TileGame` on a `net.Host`: it alone
holds the bag and the racks, and each peer receives its own seat's view. A
player's `TileNetSession` folds the (redacted) events it receives into that
view and sends its verbs as commands; it is the same table as the offline
`TileSession` for the board screen. The host's own computer players are
ordinary clients of it (`TileBot`): each sees what its seat sees, no more.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections.abc import AsyncIterator, Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Final

from net import (
    Client,
    ClientConfig,
    HostConfig,
    Refused,
    SeatKeys,
    default_log_dir,
    new_game_id,
)
from net import client as net_client
from net.protocol import REQUIREMENTS_MISMATCH
from wordsy_tui.bots.levels import Level
from wordsy_tui.game.names import name_problem
from wordsy_tui.scrabble import commands as cmd
from wordsy_tui.scrabble import events as ev
from wordsy_tui.scrabble.bots import TILE_STYLES, Hint, decide_turn, respond, vocabulary_dawg
from wordsy_tui.scrabble.codec import SEAT, encode
from wordsy_tui.scrabble.config import TileGameConfig
from wordsy_tui.scrabble.dawg import Dawg
from wordsy_tui.scrabble.hosted import TileGame, tile_rules
from wordsy_tui.scrabble.legal import allowed
from wordsy_tui.scrabble.rulesets import GameName
from wordsy_tui.scrabble.state import Phase, TileGameState
from wordsy_tui.scrabble.waits import waiting
from wordsy_tui.scrabble.words import Words
from wordsy_tui.session.base import LinkChanged, NextGame, PresenceChanged, Rejected
from wordsy_tui.session.clock import AlarmClock, Deadline
from wordsy_tui.session.discovery import Announcer
from wordsy_tui.session.lan import (
    APP_NAME,
    DEFAULT_PORT,
    LEAVING_SECONDS,
    MAX_CLOSING_WORDS,
    HostLink,
    SeatBook,
    ServedTable,
    closing_words,
    reachable_addresses,
    requirements,
    start_serving,
)
from wordsy_tui.session.seam import Stream
from wordsy_tui.session.tiles import (
    BOT_PAUSE_SECONDS,
    LastTurn,
    TableUpdate,
    TilesChanged,
    TileVerbs,
    asked_to_judge,
    best_of,
    bot_name,
)

TileClock = AlarmClock[TileGameState, cmd.Command]

PROBE_SECONDS: Final = 5.0
"""How long `game_at` waits for each answer before it leaves the host to Wordsy's join."""
JUDGE_SECONDS: Final = 20.0
"""How long a computer player whose turn is next leaves the people to challenge the last
play (its own move lets the play stand); multiplied by its pace."""
ABSENT_GRACE_SECONDS: Final = 30.0
"""How long a wait on players who have all gone (their programs closed or cut off) still
runs, while someone else is at the table: a restarted program takes its seat back in time,
and a player who left costs the others this, not a whole turn limit."""
TURNS: Final = (cmd.Play, cmd.Exchange, cmd.Pass)
"""The commands after which "what was the best move?" looks at the position before them."""


class TileNetSession(TileVerbs):
    """A player's seat at a tile game across the network, or a spectator's place beside
    it: `TileTable` over a `net.Client`."""

    def __init__(self, client: Client, dawg: Callable[[int], Dawg] | None = None) -> None:
        self.client = client
        self.me: str | None = None if client.role == "spectator" else client.name
        """Our seat; None for a spectator, who sees every rack as a count."""
        self.state = TileGameState()
        """Our own view: the fold of the events the host sent this seat (or spectators)."""
        self.last_turn: LastTurn | None = None
        self.presence: dict[str, bool] = {}
        self.leave_question = "Leave the table? Your seat is kept: join again to take it back."
        self._dawg = dawg or vocabulary_dawg
        self._updates: asyncio.Queue[TableUpdate] = asyncio.Queue()
        self._link = HostLink(client)
        self._stream = Stream(tile_rules())
        self.clock = TileClock(self._stream.rules.alarm)
        """The host's countdown of the wait running now, as this seat shows it."""

    @property
    def seq(self) -> int:
        """The host's sequence number of the last event folded into `state`."""
        return self._stream.seq

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
        client = Client(
            address,
            port,
            name,
            role="spectator" if spectate else "player",
            pin=pin,
            token=token,
            requirements=requirements(dictionary, game.value),
            keys=keys,
            reclaim=reclaim,
        )
        return cls(client)

    async def start(self) -> None:
        """Connect; raises `net.Refused` with a reason for people when turned away, and
        ConnectionError when the host does not answer in time."""
        await self._link.open(self.client, self._read())

    async def stop(self) -> None:
        self.clock.cancel()
        await self._link.close()

    @property
    def deadline(self) -> Deadline | None:
        return self.clock.deadline

    async def updates(self) -> AsyncIterator[TableUpdate]:
        while True:
            yield await self.changed()

    async def changed(self) -> TableUpdate:
        """The next update (cancelling the wait loses none)."""
        return await self._updates.get()

    def publish(self, update: TableUpdate) -> None:
        self._updates.put_nowait(update)

    async def _read(self) -> None:
        async for update in self.client.updates():
            match update:
                case net_client.Event() | net_client.Reset():
                    folded = self._stream.fold(self.state, update)
                    if folded is not None:
                        self.state, events = folded
                        self.clock.observe(self.state)
                        self.publish(TilesChanged(self.state, events))
                case net_client.Presence(seats=seats):
                    self.presence = dict(seats)
                    self.publish(PresenceChanged(dict(seats)))
                case net_client.Said() | net_client.SayRefused():
                    self.publish(self._link.heard(update))
                case net_client.Next(message=message):
                    # A rematch: the new game's view follows (a reset, then its events).
                    self.state, self._stream.seq, self.last_turn = TileGameState(), 0, None
                    self.clock.observe(self.state)
                    self.publish(NextGame(message[:MAX_CLOSING_WORDS]))
                case net_client.Link() as link:
                    if link.connected and not link.final:
                        # The catch-up comes next: its wait counts from the host's time.
                        self.clock.told(self.client.note)
                    self.publish(self._link.news(link))

    # -- the player's actions ----------------------------------------------------

    async def send(self, command: cmd.Command) -> str | None:
        """Ask the host; the rule's message when it is refused, else None."""
        before = self.state
        problem, tell = await self._link.ask(encode(command))
        if problem is not None:
            if tell:
                self.publish(Rejected(problem[:MAX_CLOSING_WORDS]))
            return problem
        if isinstance(command, TURNS) and self.me is not None:
            self.last_turn = LastTurn(before, before.rack(self.me))
        return None

    @property
    def asked_to_judge(self) -> bool:
        return self.me is not None and asked_to_judge(self.state, self.me)

    @property
    def can_chat(self) -> bool:
        return True

    async def say(self, text: str) -> str | None:
        return self._link.say(text)

    def best_of_last_turn(self) -> Hint | None:
        return best_of(self.last_turn, self._dawg)

    async def leave_table(self) -> None:
        """Give the seat up before going: in the lobby (a rematch's) it is freed at once."""
        if allowed(self.state, self.me, cmd.LeaveGame()):
            # The host frees the seat as it leaves, and may hang up before its answer.
            with contextlib.suppress(Exception):
                async with asyncio.timeout(LEAVING_SECONDS):
                    await self.send(cmd.LeaveGame())


async def game_at(address: str, port: int, dictionary: str) -> GameName | None:
    """Which tile game the host at `address:port` plays; None when it plays none of them
    (Wordsy), or does not answer.

    Asked at the door without sitting down: a hello with each tile game's requirements
    and a seat token nobody holds. The host checks the requirements first; its refusal
    says either that they differ (another game) or that the token is unknown (this game).
    """
    for game in GameName:
        probe = Client(
            address,
            port,
            "probe",
            token=secrets.token_hex(16),
            requirements=requirements(dictionary, game.value),
            config=ClientConfig(connect_timeout=PROBE_SECONDS),
        )
        try:
            async with asyncio.timeout(PROBE_SECONDS):
                await probe.start()
        except Refused as refused:
            if refused.reason != REQUIREMENTS_MISMATCH:
                return game
            continue
        except (TimeoutError, OSError):
            return None
        finally:
            await probe.close()
        return game  # welcomed with a token nobody holds: still, it plays this game
    return None


class TileBot:
    """A computer player of the host's: an ordinary client that sees only its own seat."""

    def __init__(
        self,
        session: TileNetSession,
        level: Level,
        words: Callable[[], Words],
        *,
        pace: float = 1.0,
        dawg: Callable[[int], Dawg] | None = None,
    ) -> None:
        self.session = session
        self.level = level
        self.words = words
        """The agreed word list, for judging a play (it is public)."""
        self.pace = pace
        """Multiplies the pause before each move: tests play fast bots."""
        self._dawg = dawg or vocabulary_dawg
        self.rng = random.Random()
        self._task: asyncio.Task[None] | None = None
        self._judging: tuple[object, float] | None = None
        """The play waiting for the people's judgement, and until when the bot waits."""

    @property
    def name(self) -> str:
        return self.session.client.name

    async def start(self) -> None:
        await self.session.start()
        self._task = asyncio.get_running_loop().create_task(self._play())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.session.stop()

    async def _play(self) -> None:
        refused_in: TileGameState | None = None
        """The view in which the host refused the bot's move: there it passes instead."""
        wait: float | None = None
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await self.session.changed()
            view = self.session.state
            command, wait = await self._next(view)
            if command is None:
                continue
            if view is refused_in:
                command = cmd.Pass()
            if self.pace:
                await asyncio.sleep(BOT_PAUSE_SECONDS * self.pace)
            if await self.session.send(command) is not None:
                refused_in = view

    async def _next(self, view: TileGameState) -> tuple[cmd.Command | None, float | None]:
        """What the bot does from this view of its seat (judge a play, or take its turn),
        or how long it waits for the people to judge the play before its turn settles it."""
        if view.phase is not Phase.PLAYING:
            return None, None
        me = self.name
        judged = respond(view, me, self.words())
        if judged is not None:
            return judged, None
        pending = view.pending
        if pending is not None and any(
            p not in view.bots and p != pending.player and p not in pending.accepted_by
            for p in view.players
        ):
            # Playing now would let the play stand before a person could challenge it.
            loop = asyncio.get_running_loop()
            key = (pending.player, pending.placement)
            if self._judging is None or self._judging[0] != key:
                self._judging = (key, loop.time() + JUDGE_SECONDS * self.pace)
            left = self._judging[1] - loop.time()
            if left > 0:
                return None, left
        style = TILE_STYLES[self.level]
        turn = await asyncio.to_thread(decide_turn, view, me, style, self.rng, self._dawg)
        return turn, None


class TileLanHost(ServedTable):
    """The authoritative host of one tile game: rules, log, seats, bots, advertisement."""

    def __init__(
        self,
        config: TileGameConfig,
        *,
        dictionary: str,
        bind: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        pin: str | None = None,
        log_path: Path | None = None,
        words: Words | None = None,
        on_event: Callable[[TileGameState, ev.Event], None] | None = None,
        announce: Announcer | None = None,
        bot_pace: float = 1.0,
        dawg: Callable[[int], Dawg] | None = None,
        max_spectators: int = HostConfig.max_spectators,
        absent_grace: float = ABSENT_GRACE_SECONDS,
    ) -> None:
        self.config = config
        self.absent_grace = absent_grace
        self.dictionary = dictionary
        self.pin = pin
        self.log_path = log_path or default_log_dir(APP_NAME) / f"{new_game_id()}.log"
        self.on_event = on_event
        self.announce = announce
        self.bot_pace = bot_pace
        self._dawg = dawg
        self.game = self._fresh_game(words)
        self.host = self._net_host(
            self.game,
            game_kind=config.game.value,
            bind=bind,
            port=port,
            pin=pin,
            max_spectators=max_spectators,
            welcome_note=lambda: self.clock.note() if self.clock is not None else None,
        )
        self.on_notice: Callable[[str], None] | None = None
        """Shows the host's warnings (e.g. wrong PINs) on its screen or log."""
        self.clock: TileClock | None = None
        """Ends each wait when its limit has passed (made once the loop runs: `start`)."""
        self.addresses = reachable_addresses(bind)
        """Where players on the LAN reach this host (shown for `join --connect`)."""
        self.seat_book = SeatBook.beside(self.log_path)
        self.bots: dict[str, TileBot] = {}
        self.captain: str | None = None
        """The hosting player's seat (its session sets it); None for a headless host."""
        self._tasks: set[asyncio.Task[object]] = set()
        self._leaving: set[str] = set()
        self._seating = False

    def _fresh_game(self, words: Words | None) -> TileGame:
        # Each game deals from its own secret generator: only this process holds the bag.
        return TileGame(words, random.Random(secrets.randbits(128)), self._on_event)

    @property
    def state(self) -> TileGameState:
        return self.game.state

    async def start(self) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        await start_serving(self.host)
        self.clock = TileClock(self.game.rules.alarm, submit=self.submit)
        if self.state.phase is Phase.NEW:
            await self.submit(cmd.CreateGame(self.config))
        # A resumed game's wait starts again in full: the log records no clock.
        self.clock.observe(self.state)
        for name, seat in self.seat_book.read().items():
            if name in self.state.bots and seat.get("bot") in [level.value for level in Level]:
                await self._seat_bot(name, Level(seat["bot"]), self.seat_book.token(name))
        if self.announce is not None:
            await self.announce.start(self.state, self.port)

    async def stop(self, by: str | None = None) -> None:
        """End the game here; every player is told who ended it (`by`: the hosting
        player; None: the host)."""
        if self.announce is not None:
            await self.announce.stop()
        for bot in list(self.bots.values()):
            await bot.stop()
        if self.clock is not None:
            self.clock.cancel()
        for task in list(self._tasks):
            task.cancel()
        resume = f"wordsy-tui host --game {self.config.game.value} --resume"
        await self.host.stop(*closing_words(self.state, by, resume))

    async def submit(self, command: cmd.Command, seat: str | None = None) -> str | None:
        """A command from the host itself (for `seat`, when given); the refusal, if any."""
        body = encode(command)
        if seat is not None:
            body[SEAT] = seat
        result = await self.host.submit(body)
        return None if result.accepted else result.message

    async def start_game(self) -> str | None:
        """Start the game now, with whoever is seated (the host may, like the captain)."""
        return await self.submit(cmd.StartGame())

    async def add_bot(self, level: Level) -> str:
        """Seat one of the host's computer players, a client of its own like anyone's."""
        number = len(self.bots) + 1
        while (name := bot_name(number, level)) in self.state.players:
            number += 1
        await self._seat_bot(name, level)
        return name

    async def _seat_bot(self, name: str, level: Level, token: str | None = None) -> None:
        """Sit a computer player down (`token`: its seat's, to take it back on resuming)."""
        self.game.bots.add(name)
        session = TileNetSession.join(
            "127.0.0.1",
            self.port,
            name,
            self.config.game,
            self.dictionary,
            pin=self.pin,
            token=token,
        )
        bot = TileBot(session, level, lambda: self.game.words, pace=self.bot_pace, dawg=self._dawg)
        try:
            await bot.start()
        except BaseException:
            self.game.bots.discard(name)
            raise
        self.bots[name] = bot
        self.seat_book.keep(name, session.client.token, bot=level.value)

    async def rematch(self, by: str | None = None) -> str | None:
        """Play again, from the end of the game, with the same table: a new game (a new id
        and log; the last one stays saved) with the same options, its players seated again
        in their order, its computer players too. The guests' connections stay open; their
        programs ask them whether they stay. Why not, or None when it began."""
        old = self.state
        if old.phase is not Phase.OVER:
            return "The game is not over yet: a rematch starts from its end."
        # In the last game's order of play; the hosting player first, who starts it.
        seats = [p for p in old.players if p not in old.bots or p in self.bots]
        seats.sort(key=lambda p: p != self.seat_book.host_seat())
        game = self._fresh_game(self.game.words)
        game.bots = {b for b in self.game.bots if b in seats}
        self.game = game

        async def seat() -> None:
            await self.submit(cmd.CreateGame(old.config))
            for name in seats:
                await self.submit(cmd.JoinGame(bot=name in game.bots), seat=name)

        await self._next_game(game, seats, by, seat)
        return None

    def _own_people(self) -> tuple[str | None, Collection[str]]:
        return self.captain, self.bots

    def _on_event(self, state: TileGameState, event: ev.Event) -> None:
        if self.clock is not None:
            self.clock.observe(state)
            self._mind_the_absent()
        if isinstance(event, ev.PlayerLeft):
            self._left_lobby(event.player)
        if self.announce is not None and isinstance(
            event, ev.PlayerJoined | ev.PlayerLeft | ev.GameStarted | ev.GameEnded
        ):
            self._spawn(self.announce.update(state))
        if self.on_event is not None:
            self.on_event(state, event)

    def _mind_the_absent(self) -> None:
        """A wait whose people have all gone ends after a short grace, while someone else
        is at the table (one back in time finds the wait's own limit running again)."""
        clock, state = self.clock, self.state
        wait = waiting(state)
        if clock is None or wait is None:
            return
        presence = self.host.presence
        people = [p for p in wait.waits_for(state) if p not in state.bots]
        someone_here = any(presence.get(p) for p in state.players if p not in state.bots)
        if people and someone_here and not any(presence.get(p) for p in people):
            clock.hurry(self.absent_grace)
        elif clock.hurried:
            clock.relax()

    def _on_presence(self, seats: Mapping[str, bool]) -> None:
        self._mind_the_absent()
        # A newly seated player sits down in the game's lobby; net has admitted them.
        if self.state.phase is not Phase.LOBBY or self._seating:
            return
        for seat in seats:
            bot = seat in self.game.bots
            if (
                seat not in self.state.players
                and seat not in self._leaving
                and name_problem(seat, bot=bot) is None
            ):
                self._spawn(self.submit(cmd.JoinGame(bot=bot), seat=seat))


class TileHostSession(TileNetSession):
    """The hosting player's seat: a `TileLanHost`, and a client of it over loopback."""

    def __init__(self, me: str, server: TileLanHost, bots: Sequence[Level] = ()) -> None:
        super().__init__(Client("127.0.0.1", 0, me))
        self.server = server
        server.captain = me
        self.bots_to_seat = tuple(bots)
        self.leave_question = "Leave? The game ends for everyone at the table."

    async def start(self) -> None:
        await self.server.start()
        me = self.client.name
        self.client = Client(
            "127.0.0.1",
            self.server.port,
            me,
            pin=self.server.pin,
            token=self.server.seat_book.token(me),
            requirements=requirements(self.server.dictionary, self.server.config.game.value),
        )
        resumed = me in self.server.state.players
        await super().start()
        self.server.seat_book.keep(me, self.client.token, host=True)
        for level in () if resumed else self.bots_to_seat:
            await self.server.add_bot(level)
        where = ", ".join(f"{a}:{self.server.port}" for a in self.server.addresses)
        hint = getattr(self.server, "front_hint", None)  # a host with SSH or web fronts
        self.publish(
            LinkChanged(True, hint or f"Players join with: wordsy-tui join --connect {where}")
        )

    async def stop(self) -> None:
        await super().stop()
        await self.server.stop(by=self.me)

    @property
    def hosting(self) -> bool:
        return True

    async def rematch(self) -> str | None:
        return await self.server.rematch(by=self.me)
