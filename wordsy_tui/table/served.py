"""The table every game shares across the LAN, written against `engine.Rules`.

`ServedTable` is a game's host process, whatever the game (its `net.Host` over the game's
`HostedRules`, the clock over the rules' alarms, the host's own players and computer
players, seating, absence, the lobby's grace, taking seats away and handing them over,
chat's mute list, a rematch, the fronts). A game does not subclass it: it gives it its
`TablePart`, the few things its host does in the game's own words. A seat at the table
is `table.joined`'s.
"""

from __future__ import annotations

import asyncio
import dataclasses
import errno
import random
import secrets
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Generic

from net import (
    Host,
    HostConfig,
    default_log_dir,
    new_game_id,
)
from net.discovery import lan_addresses
from wordsy_tui.engine.errors import RuleError, SeatingError
from wordsy_tui.engine.levels import Level
from wordsy_tui.engine.names import name_problem, same_name
from wordsy_tui.kit import kit_for
from wordsy_tui.table.away import Attendance
from wordsy_tui.table.basics import APP_NAME, DEFAULT_PORT, requirements
from wordsy_tui.table.clock import AlarmClock
from wordsy_tui.table.part import (
    BotSeat,
    C,
    Capped,
    E,
    Fronts,
    OwnSeat,
    S,
    TablePart,
    bot_name,
    kept_level,
    named_level,
)
from wordsy_tui.table.ratings import (
    FILE_NAME,
    Change,
    RatingsDamaged,
    RatingsFile,
    standing,
)
from wordsy_tui.table.seam import SEATING_PHASES, HostedRules, Seating
from wordsy_tui.table.seatbook import SeatBook

if TYPE_CHECKING:
    # (Names for annotations only: a host that does not advertise never imports the LAN's
    # announcing; the computer players' thread is made when one first thinks.)
    from wordsy_tui.table.bots import ComputerPlayer
    from wordsy_tui.table.discovery import Announcer

REQUIREMENT_NAMES: Final = {"game": "game", "dictionary": "word list"}


async def start_serving(host: Host) -> None:
    """Start `host`; on the default port, a port already taken falls back to a free one."""
    try:
        await host.start()
    except OSError as error:
        if host.config.port != DEFAULT_PORT or error.errno != errno.EADDRINUSE:
            raise
        await host.stop()
        host.config = dataclasses.replace(host.config, port=0)
        await host.start()


def reachable_addresses(bind: str) -> list[str]:
    """Where players on the LAN reach a host bound to `bind` (shown for `join --connect`)."""
    everywhere = bind in ("", "0.0.0.0", "::")
    return (lan_addresses() or ["127.0.0.1"]) if everywhere else [bind]


def closing_words(
    state: Seating, by: str | None, resume: str = "wordsy-tui host --resume"
) -> tuple[str, bool]:
    """What the players are told when the host stops the game (`by` its hosting player, or
    None for a headless host), and whether it can be resumed (with the command `resume`)."""
    who = by or "The host"
    if state.phase == "over":  # every game's phases name the end so
        return f"The game is over: {by or 'the host'} has closed it.", False
    return (
        f"{who} ended the game. It is saved: the host can resume it with "
        f"`{resume}`; then run your join command again to take your seat back "
        "(or to watch again).",
        True,
    )


class ServedTable(Generic[S, C, E]):
    """A game's host process, whatever the game: its `net.Host` over the game's rules
    (`HostedRules`, with the game's house rule), the clock over the rules' alarms, the
    hosting player's seat, the host's own computer players (of the level it was set up
    with), seating people as they come, hurrying a wait on people who have gone, freeing
    a lobby seat whose player vanished, taking a seat away, the host's consent before
    someone takes a seat whose token is lost, the sealed choices of the players who live
    in this process, the host's warnings for its screen or log, the mute list, a
    rematch, and the fronts (SSH, the web) beside it. What is the game's own, its
    `part` says."""

    def __init__(
        self,
        part: TablePart[S, C, E],
        *,
        dictionary: str,
        captain: str | None = None,
        bind: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        pin: str | None = None,
        log_path: Path | None = None,
        on_event: Callable[[S, E], None] | None = None,
        announce: Announcer | None = None,
        bot_pace: float = 1.0,
        bot_level: str = Level.MEDIUM.value,
        max_spectators: int = HostConfig.max_spectators,
        absent_grace: float,
        lobby_grace: float | None = None,
        hands_over_seats: bool = True,
        fronts: Fronts | None = None,
    ) -> None:
        self.part = part
        self.dictionary = dictionary
        self.requirements = requirements(dictionary, part.game)
        """What host and client must share: the game and the word list."""
        self.pin = pin
        self.bind = bind
        self.log_path = log_path or default_log_dir(APP_NAME) / f"{new_game_id()}.log"
        self.on_event = on_event
        self.announce = announce
        """Advertises the game over mDNS while it runs; None keeps it unlisted."""
        self.bot_pace = bot_pace
        """Multiplies the computer players' pauses: tests and demos play fast bots."""
        self.bot_level = bot_level
        """The level the host chose for its computer players: the lobby adds more of it."""
        self.attendance = Attendance(absent_grace)
        """Who showed a sign of life when: whom a wait on people moves on without (after
        `absent_grace` seconds once everyone it waits for has gone)."""
        self.lobby_grace = lobby_grace
        """Seconds a seat may stay disconnected in the lobby before it is freed (None: it
        stays)."""
        self.fronts = fronts
        """The SSH server and web page beside the game's port; None: none."""
        self.game = self._hosted(captain)
        self.host = Host(
            self.game,
            self.log_path,
            HostConfig(
                bind=bind,
                port=port,
                pin=pin,
                requirements=self.requirements,
                requirement_names=REQUIREMENT_NAMES,
                max_spectators=max_spectators,
            ),
            on_presence=self._on_presence,
            on_notice=self._notice,
            # Without it, the host refuses outright to hand a seat over.
            on_reclaim=self._ask_reclaim if hands_over_seats else None,
            welcome_note=self._note,
            on_here=self._seen,
            after_sent=self._settle,
        )
        self.on_notice: Callable[[str], None] | None = None
        """Shows the host's warnings (e.g. wrong PINs) on its screen or log."""
        self.on_reclaim: Callable[[str], Awaitable[bool]] | None = None
        """Asks the host's people whether someone may take `name`'s seat (its token lost)."""
        self.clock: AlarmClock[S, C] | None = None
        """Ends each wait when its limit has passed (made once the loop runs: `start`)."""
        self.addresses = reachable_addresses(bind)
        """Where players on the LAN reach this host (shown for `join --connect`)."""
        self.seat_book = SeatBook.beside(self.log_path)
        self.bots: dict[str, ComputerPlayer[BotSeat]] = {}
        """The host's own computer players, by seat."""
        self._own: dict[str, OwnSeat] = {}
        """The players who live in this process whose sealed choices the book keeps."""
        self._absent: dict[str, asyncio.TimerHandle] = {}
        """The lobby's seats whose connection is gone, until their grace runs out."""
        self._tasks: set[asyncio.Task[object]] = set()
        self._leaving: set[str] = set()
        """Seats whose players left the lobby, until net has forgotten them too."""
        self._seating = False
        """A rematch is seating its players in their order: nobody else is seated now."""
        self._look_again: asyncio.TimerHandle | None = None
        """When someone the wait runs on becomes idle, unless they do something first."""
        self._note_due = False
        """The clock's note changed: it goes to everyone once this turn's events have."""
        self._stopped = False
        """`stop` has begun: nothing more is opened."""
        self._first: str | None = None
        """The hosting player, until they have sat down: nobody else sits down before."""
        self._unsettled: list[tuple[S, E]] = []
        """The events applied since the last command's frames went out, each with the state
        it made: the host's bookkeeping of them (`_settle`) waits until then."""
        self.ratings = RatingsFile(self.log_path.parent / FILE_NAME)
        """Each name's rating across games, beside the saved games (`table.ratings`)."""
        self._rated: tuple[tuple[str, ...], bool] | None = None
        """The players and whether the game was over when the ratings were last looked up."""
        self.shown_ratings: dict[str, Change] = {}
        """The players' ratings as the note shows them: now, or before and after the game."""
        self._ratings_trouble: str | None = None
        """What was last told of a ratings file that cannot be read or written."""

    def _hosted(self, captain: str | None) -> HostedRules[S, C, E]:
        """A game of this table's, dealing from its own secret generator."""
        return HostedRules(
            self.part.rules,
            random.Random(secrets.randbits(128)),
            self._on_event,
            captain=captain,
            house_rule=self.part.house_rule,
        )

    @property
    def state(self) -> S:
        return self.game.state

    @property
    def port(self) -> int:
        return self.host.address[1]

    @property
    def config(self) -> Capped:
        """The game's options, as the host was set up with them (its part's)."""
        return self.part.config

    @config.setter
    def config(self, config: Any) -> None:
        self.part.config = config

    @property
    def resume_command(self) -> str:
        """What resumes the game after its host stops."""
        return self.part.resume_command

    @property
    def captain(self) -> str | None:
        """The hosting player's seat (None for a headless host): never removed nor freed
        for being away, and never on the list of whom to mute."""
        return self.game.captain

    @captain.setter
    def captain(self, name: str | None) -> None:
        self.game.captain = name

    async def start(self) -> None:
        """Replay the log if it exists (a resumed game), then serve; then the fronts, and
        the advertisement (which carries the SSH front's port).

        On the default port, a port already taken falls back to a free one.
        """
        await self.serve()
        await self.open_doors()

    async def serve(self, first: str | None = None) -> None:
        """`start` up to the fronts and the advertisement: a hosting player (`first`) sits
        down between the two, so that the LAN list, SSH and the browser never seat anyone
        before the game's own host (its captain; in a tile game, who plays first), and
        whoever gets in before them waits for them."""
        self._first = first
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        await start_serving(self.host)
        self._settle()  # the log's events, replayed
        self.clock = AlarmClock(self.game.rules.alarm, submit=self.submit)
        if self.state.phase == "new":
            await self.submit(self.part.create_game(None))
        # A resumed game's wait starts again in full: the log records no clock.
        self.clock.observe(self.state)
        for name, seat in self.seat_book.read().items():
            level = kept_level(seat.get("bot"))
            if level is not None and name in self.state.bots:
                await self._seat_bot(name, level, self.seat_book.token(name))
        self._watch_absence(self.host.presence)  # a resumed lobby's seats nobody took back yet

    async def open_doors(self, announced_after: float = 0.0) -> None:
        """The SSH and web fronts, then, `announced_after` seconds later, the advertisement
        (which carries the SSH port)."""
        try:
            if self.fronts is not None:
                await self.fronts.start(self)
            if self.announce is not None:
                if self.fronts is not None:
                    self.announce.ssh_port = self.fronts.ssh_port
                await asyncio.sleep(announced_after)
                if not self._stopped:  # (stopped meanwhile: the LAN never hears of it)
                    await self.announce.start(self.state, self.port)
        except BaseException:
            await self.stop()
            raise

    async def stop(self, by: str | None = None) -> None:
        """End the game here; every player is told who ended it (`by`: the hosting
        player; None: the host) and whether it can be resumed."""
        self._stopped = True
        if self.fronts is not None:
            await self.fronts.stop()
        if self.announce is not None:
            await self.announce.stop()
        for bot in list(self.bots.values()):
            await bot.stop()
        if self.clock is not None:
            self.clock.cancel()
        for timer in self._absent.values():
            timer.cancel()
        if self._look_again is not None:
            self._look_again.cancel()
        for task in list(self._tasks):
            task.cancel()
        await self.host.stop(*closing_words(self.state, by, self.resume_command))

    async def submit(self, command: C, seat: str | None = None) -> str | None:
        """A command from the host itself (for `seat`, when given: where the game's
        commands do not name it themselves); the rule's message if refused."""
        body = self.game.rules.encode(command)
        if seat is not None:
            field = self.part.seat_field
            if field is None:
                raise ValueError(f"{self.part.game}'s commands name the seat they act for")
            body[field] = seat
        result = await self.host.submit(body)
        return None if result.accepted else result.message

    async def start_game(self) -> str | None:
        """Start the game now, with whoever is seated (the host may, like the captain)."""
        return await self.submit(self.part.start_command)

    async def end_phase(self) -> str | None:
        """End what the table is waiting for now, as its clock would when time is up."""
        alarm = self.game.rules.alarm(self.state)
        if alarm is None:
            return "Nothing is waiting to be ended."
        return await self.submit(alarm.command)

    def _on_event(self, state: S, event: E) -> None:
        # Nobody's frame waits for the host's bookkeeping: it follows once they are out.
        self._unsettled.append((state, event))

    def _settle(self) -> None:
        """The host's bookkeeping of each event applied since the last time, with the state
        it made, in order: the clock, the lobby, the advertisement, `on_event`; then, once,
        for where they led, the watch on the absent and the ratings."""
        unsettled, self._unsettled = self._unsettled, []
        for state, event in unsettled:
            self._after(state, event)
        if not unsettled:
            return
        # Who is waited on, or seated, in between is nobody's business (each event's alarm
        # is observed, and the last one's is the one kept); and a resumed log's thousands
        # of events read the ratings file once, not at every seat taken.
        last = unsettled[-1][0]
        if self.clock is not None:
            self._mind_the_absent(last)
        self._rate(last)

    def _after(self, state: S, event: E) -> None:
        if self._first is not None and self._first in state.players:
            self._first = None
        if self.clock is not None:
            self.clock.observe(state)
        if isinstance(event, self.part.rehashed):
            # After the fan-out of this batch, so every view hash covers the same events.
            asyncio.get_running_loop().call_soon(self.host.broadcast_hash)
        leaver = self.part.leaver(state, event)
        if leaver is not None:
            self._left_lobby(leaver)
        if self.announce is not None and isinstance(event, self.part.announced):
            self._spawn(self.announce.update(state))
        if self.on_event is not None:
            self.on_event(state, event)

    def _rate(self, state: S) -> None:
        """Look the players' ratings up when the seats change (the lobby), and rate the
        game once it is over (once per game id: a resumed host replays its log); tell
        everyone when what they show changed."""
        over = state.phase == "over"
        seen = (tuple(state.players), over)
        if seen == self._rated:
            return
        self._rated = seen
        try:
            kit = kit_for(self.part.game)
        except KeyError:  # a game no kit plays (a made-up host's in a test): nothing to rate
            return
        outcome = kit.outcome(state)
        bots = {n: Level(level) for n in state.bots if (level := named_level(n)) is not None}
        try:
            if over:
                shown = self.ratings.record(self.log_path.stem, self.part.game, outcome, bots)
            else:
                ratings = self.ratings.read()
                shown = standing(ratings, self.part.game, outcome.ruleset, [*state.players], bots)
        except (RatingsDamaged, OSError) as error:
            trouble = (
                str(error)
                if isinstance(error, RatingsDamaged)
                else f"The ratings file {self.ratings.path} cannot be written: {error}."
            )
            # Once, not at every seat taken; and not before the host's screen or log listens.
            if trouble != self._ratings_trouble and self.on_notice is not None:
                self._ratings_trouble = trouble
                self._notice(trouble)
            shown = {}
        if shown != self.shown_ratings:
            self.shown_ratings = shown
            self._tell_note()

    def _note(self) -> dict[str, object] | None:
        """The game's word beside the view (the welcome's, and each `note` frame's): the
        clock's, and the players' ratings."""
        note = self.clock.note() if self.clock is not None else None
        if not self.shown_ratings:
            return note
        return {**(note or {}), "ratings": {n: list(c) for n, c in self.shown_ratings.items()}}

    def _tell_note(self) -> None:
        """Send everyone the note once this turn's events have gone out (once however
        often it changed)."""
        if not self._note_due:
            self._note_due = True
            asyncio.get_running_loop().call_soon(self._send_note)

    def _mind_the_absent(self, state: S | None = None) -> None:
        """A wait on people moves on without those who have gone or gone idle, while
        someone else is at the table (`table.away`): a missing player never holds the
        table. One back in time (a key pressed, a program restarted) finds the wait's own
        limit running again; everyone's screen shows the countdown and whom it is for.
        `state`: the one an event made (its bookkeeping follows later); None: now's."""
        clock = self.clock
        state = self.state if state is None else state
        if clock is None:
            return
        loop = asyncio.get_running_loop()
        if self._look_again is not None:
            self._look_again.cancel()
            self._look_again = None
        alarm = clock.alarm(state)
        waiting = set(self.part.waited_on(state))
        verdict = self.attendance.judge(
            [p for p in state.players if p in waiting],
            [p for p in state.players if p not in state.bots],
            self.host.presence,
            alarm is not None and alarm.minds_idle,
            loop.time(),
        )
        if verdict.look_again is not None:
            self._look_again = loop.call_at(verdict.look_again, self._mind_the_absent)
        if clock.move_on_without(verdict.away):
            # After the fan-out of this turn's events: the note names the alarm they lead to.
            self._tell_note()

    def _send_note(self) -> None:
        self._note_due = False
        self.host.send_note()

    def _seen(self, seat: str) -> None:
        """`seat`'s person did something: they are not idle (any countdown for them ends)."""
        self.attendance.seen(seat, asyncio.get_running_loop().time())
        deadline = self.clock.deadline if self.clock is not None else None
        if deadline is not None and seat in deadline.away:
            self._mind_the_absent()

    def _on_presence(self, seats: Mapping[str, bool]) -> None:
        now = asyncio.get_running_loop().time()
        for seat in (seat for seat, connected in seats.items() if connected):
            self.attendance.met(seat, now)
        self.game.presence = dict(seats)
        self._watch_absence(seats)
        self._mind_the_absent()
        # A newly seated player sits down in the game's lobby; net has admitted them.
        if self.state.phase != "lobby" or self._seating:
            return
        first = self._first
        if first is not None:
            # The hosting player connects over loopback like anyone: a `join --connect`
            # quick enough to get in first waits for them, who sit down first (the captain;
            # in a tile game, who plays first).
            if not seats.get(first):
                return
            seats = {first: True, **seats}
        for seat in seats:
            bot = seat in self.game.bots
            if (
                seat not in self.state.players
                and seat not in self._leaving
                and name_problem(seat, self.state.players, bot=bot) is None
            ):
                self._spawn(self._sit(seat, bot))

    async def _sit(self, seat: str, bot: bool) -> str | None:
        """Seat `seat` (a person net admitted, or a computer player) in the game's lobby."""
        request = self.part.sit(seat, bot)
        return await self.submit(request.command, request.seat)

    async def add_bot(self, level: str) -> str:
        """Seat one of the host's computer players, a client of its own like anyone's."""
        number = len(self.bots) + 1
        while (name := bot_name(number, level)) in self.state.players:
            number += 1
        problem = self.part.bot_refusal(self.state, name)
        if problem is not None:
            raise SeatingError(problem)
        await self._seat_bot(name, level)
        return name

    async def _seat_bot(self, name: str, level: str, token: str | None = None) -> None:
        """Sit a computer player down (`token`: its seat's, to take it back on resuming)."""
        self.game.bots.add(name)
        bot = self.part.computer_player(self, name, level, token)
        try:
            await bot.start()
        except BaseException:
            self.game.bots.discard(name)
            raise
        self.bots[name] = bot
        self.seat_book.keep(name, bot.session.door.token, bot=str(level))

    def keep_own(self, seat: OwnSeat) -> None:
        """Give a player who lives in this process (the hosting player, a computer player)
        back what it kept of the game in progress before a crash, and keep it from now on
        in the seat book, beside the log: it can always reveal its sealed choices."""
        name = seat.me
        assert name is not None
        seat.keep_with(self.seat_book.keeper(name))
        self._own[name] = seat

    # -- seats given up, freed, taken away, handed over --------------------------------

    def _left_lobby(self, player: str) -> None:
        """Leaving the lobby frees the seat: the name too, and nobody re-seats it."""
        self._leaving.add(player)
        self._spawn(self._free_seat(player))

    async def _free_seat(self, name: str) -> None:
        try:
            await self.host.remove_seat(name)
        finally:
            self._leaving.discard(name)

    def _watch_absence(self, seats: Mapping[str, bool]) -> None:
        """Before the game starts, free a seat whose connection stays gone for the lobby's
        grace: a vanished joiner must not keep the table full."""
        lobby = self.state.phase in SEATING_PHASES
        for seat in [s for s in self._absent if seats.get(s) is not False or not lobby]:
            self._absent.pop(seat).cancel()
        if not lobby or self.lobby_grace is None:
            return
        loop = asyncio.get_running_loop()
        for seat, connected in seats.items():
            if not connected and seat not in self._absent and seat != self.captain:
                self._absent[seat] = loop.call_later(self.lobby_grace, self._free_absent, seat)

    def _free_absent(self, seat: str) -> None:
        self._absent.pop(seat, None)
        if self.state.phase == "lobby" and self.host.presence.get(seat) is False:
            self._spawn(self.remove_player(seat))

    async def remove_player(self, name: str) -> str | None:
        """Take `name`'s seat away (a squatter, an absent player): the old token opens nothing
        any more, and during the game the player scores nothing from now on.

        Returns why not, or None when done.
        """
        if self.state.phase == "over":
            return "The game is over."
        if name == self.captain:
            return "The hosting player cannot be removed: quit the game instead."
        try:
            removal = self.part.removal(self.state, name)
        except RuleError as error:
            return str(error)
        if name not in self.host.presence and removal is None:
            return f"Nobody called {name} is at the table."
        bot = self.bots.pop(name, None)
        if bot is not None:
            await bot.stop()
            self.seat_book.forget(name)
        await self.host.remove_seat(name)
        return None if removal is None else await self.submit(removal)

    async def _ask_reclaim(self, name: str) -> bool:
        ask = self.on_reclaim
        return ask is not None and await ask(name)

    # -- a rematch -----------------------------------------------------------------------

    async def rematch(self, by: str | None = None) -> str | None:
        """Play again, from the end of the game, with the same table: a new game (a new id
        and log; the last one stays saved and replayable) with the same options, its
        players seated again in their order, its computer players too. The guests'
        connections stay open; their programs ask them whether they stay. Why not, or
        None when it began."""
        old = self.state
        if old.phase != "over":
            return self.part.not_over
        seats = self.part.rematch_seats(self, old)
        # A hosting player who left the last game running starts nothing in this one.
        game = self._hosted(self.captain if self.captain in seats else None)
        game.presence = dict(self.game.presence)
        game.bots = {b for b in self.game.bots if b in seats}
        self.game = game

        async def seat() -> None:
            # The players of this process who stay keep the game in progress in the new book.
            self._own = {name: s for name, s in self._own.items() if name in seats}
            for name, own in self._own.items():
                own.keeper = self.seat_book.keeper(name)
            await self.submit(self.part.create_game(old))
            for name in seats:
                await self._sit(name, name in game.bots)

        await self._next_game(game, seats, by, seat)
        return None

    async def _next_game(
        self,
        game: HostedRules[S, C, E],
        seats: list[str],
        by: str | None,
        seat: Callable[[], Awaitable[object]],
    ) -> None:
        """Start `game` (the host's game from now on) as a rematch: a new log beside the
        last (which stays as it was), the `seats` carried over in their order with their
        keys, the computer players who are not among them stopped; `seat` then seats them
        in the new game, before anyone else may sit down."""
        log_path = self.log_path.parent / f"{new_game_id()}.log"
        book = SeatBook.beside(log_path)
        for name, kept in self.seat_book.read().items():
            if name in seats:
                book.keep(name, kept.get("token"), kept.get("bot"), kept.get("host") is True)
        for name in [b for b in self.bots if b not in seats]:
            await self.bots.pop(name).stop()
        self.log_path, self.seat_book = log_path, book
        self._seating = True
        try:
            await self.host.next_game(game, log_path, seats, f"{by or 'The host'} wants a rematch")
            await seat()
        finally:
            self._seating = False
        self._on_presence(self.host.presence)  # whoever came meanwhile, and the absent

    def _spawn(self, coro: Coroutine[object, object, object]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _notice(self, line: str) -> None:
        if self.on_notice is not None:
            self.on_notice(line)

    # -- chat: the host mutes someone's lines, a player's or a spectator's -----------------

    def mute(self, name: str) -> str:
        """Drop `name`'s chat lines at the host from now on (a player's or a spectator's,
        matched as the table matches names); what to tell the host."""
        captain = self.captain
        if captain is not None and same_name(name, captain):
            return "You cannot mute yourself."
        name, here = self._talker(name)
        if not self.host.mute(name):
            return f"{name} is muted already."
        told = "their chat lines reach nobody now" if here else "nobody of that name is here now"
        return f"{name} is muted: {told}."

    def unmute(self, name: str) -> str:
        name, _ = self._talker(name, [*self.host.muted])
        return f"{name} may chat again." if self.host.unmute(name) else f"{name} is not muted."

    @property
    def muted(self) -> frozenset[str]:
        return self.host.muted

    @property
    def talkers(self) -> list[tuple[str, bool]]:
        """The people connected, who may chat: (name, watching), without the host's own
        player and computer players, each name once."""
        mine = {self.captain, *self.game.bots}
        found = {(n, role == "spectator") for n, role in self.host.talkers if n not in mine}
        return sorted(found, key=lambda talker: (talker[1], talker[0]))

    def _talker(self, name: str, among: list[str] | None = None) -> tuple[str, bool]:
        """The name of who is meant by `name` as typed (its lookalikes too), and whether
        someone of that name is connected."""
        names = among if among is not None else [n for n, _ in self.talkers]
        exact = [n for n in names if n == name] or [n for n in names if same_name(n, name)]
        return (exact[0], True) if exact else (name, False)

    # -- the fronts: other ways in, beside the game's port ---------------------------------

    @property
    def front_lines(self) -> list[str]:
        """How to join through the fronts, for the lobby and the headless log (none
        without fronts)."""
        return [] if self.fronts is None else self.fronts.lines(self.addresses)

    @property
    def front_sessions(self) -> int:
        """SSH sessions and browser tabs open now."""
        return 0 if self.fronts is None else self.fronts.sessions

    @property
    def front_hint(self) -> str | None:
        """How to join, in the one line a board screen has for it, the fronts first (None
        without fronts)."""
        return None if self.fronts is None else self.fronts.hint(self.addresses, self.port)
