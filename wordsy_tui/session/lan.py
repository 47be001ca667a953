"""Wordsy across the LAN: the host's server, the sessions of players who join it.

`net` carries the event log; this module knows it is Wordsy: it runs the rules
engine on the host, its clock, the computer players, and it folds the events
each client receives into that client's own copy of the state.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import errno
import functools
import json
import logging
import os
import random
import secrets
from collections.abc import Awaitable, Callable, Collection, Coroutine, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

from net import (
    Client,
    Host,
    HostConfig,
    HostedGame,
    Refused,
    SeatKeys,
    default_keys_path,
    default_log_dir,
    new_game_id,
)
from net import client as net_client
from net.discovery import lan_addresses
from net.host import MAX_NAME
from net.protocol import NAME_TAKEN
from wordsy_tui.game import commands as cmd
from wordsy_tui.game import events as ev
from wordsy_tui.game.config import GAME, GameConfig
from wordsy_tui.game.errors import SeatingError
from wordsy_tui.game.legal import allowed, refusal, waiting_for
from wordsy_tui.game.names import name_key, name_problem
from wordsy_tui.game.referee import Referee
from wordsy_tui.game.state import GameState, Phase
from wordsy_tui.session.base import (
    LinkChanged,
    NextGame,
    PresenceChanged,
    Rejected,
    Session,
    Written,
)
from wordsy_tui.session.chat import MAX_CHAT_CHARS, ChatHeard, ChatRefused, chat_problem
from wordsy_tui.session.clock import Clock
from wordsy_tui.session.codec import encode
from wordsy_tui.session.discovery import Announcer
from wordsy_tui.session.hosted import WordsyGame
from wordsy_tui.session.rules import wordsy_rules
from wordsy_tui.session.seam import Seating, Stream

APP_NAME: Final = "wordsy-tui"
DEFAULT_PORT: Final = 47474
# How long joining keeps knocking before it tells the player the host is not there
# (once in, a lost link is retried for as long as the player stays).
FIRST_CONTACT_SECONDS: Final = 15.0
# Beside a joiner's seat tokens: its words of the current round, one file per game.
DRAFTS_FOLDER: Final = "drafts"
KEPT_DRAFTS: Final = 16
# Long enough for a player's program to restart and take its seat back.
ABSENT_GRACE_SECONDS: Final = 10.0
# Before the game starts, a seat whose connection stays gone this long is freed.
LOBBY_GRACE_SECONDS: Final = 60.0
# The longest closing sentence from a host that a player's screen shows.
MAX_CLOSING_WORDS: Final = 400
# How long a player who leaves the lobby waits for the host to take the seat back.
LEAVING_SECONDS: Final = 3.0
REQUIREMENT_NAMES: Final = {"game": "game", "dictionary": "word list"}
# Events that change what the LAN's game list shows (players, phase).
ANNOUNCED: Final = (
    ev.PlayerJoined,
    ev.PlayerLeft,
    ev.PlayerRemoved,
    ev.RoundStarted,
    ev.GameEnded,
)

_log = logging.getLogger("wordsy_tui.lan")


def requirements(dictionary: str, game: str = GAME) -> dict[str, str]:
    """What host and client must share: the game, and the exact word list."""
    return {"game": game, "dictionary": dictionary}


async def first_contact(client: Client) -> None:
    """Start `client`: raises `net.Refused` with a reason for people when turned away, and
    ConnectionError when the host does not answer in time (the caller stops the client)."""
    try:
        async with asyncio.timeout(FIRST_CONTACT_SECONDS):
            await client.start()
    except TimeoutError:
        problem = client.last_problem or "it did not answer"
        raise ConnectionError(f"No answer from the host: {problem}.") from None
    except Refused as refused:
        if refused.reason != NAME_TAKEN or client.reclaim or client.role != "player":
            raise
        hint = "If that seat is yours from another machine, add --reclaim: the host is asked."
        raise Refused(refused.reason, f"{refused.message} {hint}") from None


class HostLink:
    """A session's line to its host: a client and the task that reads its updates. What
    every game's network session does the same way: connect, hang up, tell the player
    what became of the link, and ask the host."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self._pump: asyncio.Task[None] | None = None

    async def open(self, client: Client, read: Coroutine[Any, Any, None]) -> None:
        """Read `client`'s updates with `read`, then wait for the host's first answer;
        raises as `first_contact` does, the line closed again. (The client is given here:
        a hosting player's is made only once its host has a port.)"""
        self.client = client
        self._pump = asyncio.get_running_loop().create_task(read)
        try:
            await first_contact(self.client)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump
        await self.client.close()

    def news(self, link: net_client.Link) -> LinkChanged | Rejected:
        """What the player is told of a change of the link."""
        if link.final and self.client.closed:
            # The host's own sentence: it says who ended the game and what comes next.
            return LinkChanged(False, link.detail[:MAX_CLOSING_WORDS], final=True)
        if link.final:
            return Rejected(link.detail[:MAX_CLOSING_WORDS])  # e.g. the host removed our seat
        message = (
            "connected" if link.connected else f"connection lost: {link.detail or 'no answer'}"
        )
        return LinkChanged(link.connected, message[:MAX_CLOSING_WORDS])

    def say(self, text: str) -> str | None:
        """Say a line of chat to everyone at the table; why not, or None once it is sent."""
        problem = chat_problem(text)
        if problem is not None:
            return problem
        if not self.client.say(text.strip()):
            return "Not connected to the host: the line was not sent."
        return None

    @staticmethod
    def heard(update: net_client.Said | net_client.SayRefused) -> ChatHeard | ChatRefused:
        """A chat frame as the player is told of it; a hostile host is still kept to the
        limits (the host checked the line already)."""
        if isinstance(update, net_client.SayRefused):
            return ChatRefused(update.code, update.message[:MAX_CLOSING_WORDS])
        watching = update.role == "spectator"
        return ChatHeard(update.name[:MAX_NAME], update.text[:MAX_CHAT_CHARS], watching)

    async def ask(self, wire: dict[str, Any]) -> tuple[str | None, bool]:
        """Send a command: None when the host applied it, else the reason; and whether
        the player still has to be told (not when the game was ended: the banner said so)."""
        try:
            result = await self.client.command(wire)
        except net_client.Closed as closed:
            return closed.message, False
        return (None, False) if result.accepted else (result.message, True)


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
    if state.phase == Phase.OVER:  # every game's phases name the end so
        return f"The game is over: {by or 'the host'} has closed it.", False
    return (
        f"{who} ended the game. It is saved: the host can resume it with "
        f"`{resume}`; then run your join command again to take your seat back "
        "(or to watch again).",
        True,
    )


def player_keys() -> SeatKeys:
    """This user's seat tokens, kept between runs: a restarted `join` takes its seat back."""
    return SeatKeys(default_keys_path(APP_NAME))


class NetSession(Session):
    """A player's (or spectator's) session with a host across the network."""

    def __init__(self, client: Client) -> None:
        super().__init__(None if client.role == "spectator" else client.name)
        self.client = client
        self._link = HostLink(client)
        self._stream = Stream(wordsy_rules())

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
        client = Client(
            address,
            port,
            name,
            role="spectator" if spectate else "player",
            pin=pin,
            token=token,
            requirements=requirements(dictionary),
            keys=keys,
            reclaim=reclaim,
        )
        return cls(client)

    async def start(self) -> None:
        """Connect; raises `net.Refused` with a reason for people when turned away,
        and ConnectionError when the host does not answer in time."""
        try:
            await self._link.open(self.client, self._read())
        except BaseException:
            self.clock.cancel()
            raise
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

    async def stop(self) -> None:
        self.clock.cancel()
        await self._link.close()

    async def _read(self) -> None:
        async for update in self.client.updates():
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
                case net_client.Presence(seats=seats):
                    self.presence = dict(seats)
                    self.publish(PresenceChanged(dict(seats)))
                case net_client.Said() | net_client.SayRefused():
                    self.publish(self._link.heard(update))
                case net_client.Link() as link:
                    if link.connected and not link.final:
                        # The catch-up comes next: its alarm counts from the host's time.
                        self.clock.told(self.client.note)
                    self.publish(self._link.news(link))

    async def leave_table(self) -> None:
        # The host frees the seat as it leaves, and may hang up before its answer arrives.
        with contextlib.suppress(Exception):
            async with asyncio.timeout(LEAVING_SECONDS):
                await super().leave_table()

    @property
    def can_chat(self) -> bool:
        return True

    async def say(self, text: str) -> str | None:
        return self._link.say(text)

    async def send(self, command: cmd.Command) -> str | None:
        problem, tell = await self._link.ask(encode(command))
        if tell and problem is not None:
            self.publish(Rejected(problem[:MAX_CLOSING_WORDS]))
        return problem


class SeatBook:
    """What the players who live in the host's process (its own player, the bots) need to
    get back after a crash or a restart: their seat tokens, which seat is the hosting
    player's own, and the words (with salts) behind their current commitments.

    It sits beside the log, readable by its owner only, and never goes on the wire: the
    log and every client see only commitments until each player reveals its own word.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def beside(cls, log_path: Path) -> SeatBook:
        return cls(log_path.with_suffix(".seats.json"))

    def read(self) -> dict[str, dict[str, Any]]:
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {name: seat for name, seat in data.items() if isinstance(seat, dict)}

    def token(self, name: str) -> str | None:
        token = self.read().get(name, {}).get("token")
        return token if isinstance(token, str) else None

    def host_seat(self) -> str | None:
        """The hosting player's own seat (a book from before it was marked: its one person)."""
        seats = self.read()
        marked = [name for name, seat in seats.items() if seat.get("host") is True]
        people = [name for name, seat in seats.items() if not seat.get("bot")]
        found = marked or (people if len(people) == 1 else [])
        return found[0] if found else None

    def keep(
        self, name: str, token: str | None, bot: str | None = None, host: bool = False
    ) -> None:
        if token is None:
            return
        seats = self.read()
        if host:
            for seat in seats.values():
                seat.pop("host", None)
        seat = seats.get(name, {})
        seat.update(
            token=token, **({"bot": bot} if bot else {}), **({"host": True} if host else {})
        )
        seats[name] = seat
        self._write(seats)

    def forget(self, name: str) -> None:
        seats = self.read()
        if seats.pop(name, None) is not None:
            self._write(seats)

    def written(self, name: str) -> tuple[int, dict[bytes, tuple[str, bytes]]]:
        """The round and the words `name` wrote in it, as last kept (nothing if unreadable)."""
        kept = self.read().get(name, {}).get("written")
        words: dict[bytes, tuple[str, bytes]] = {}
        if not isinstance(kept, dict) or not isinstance(kept.get("round"), int):
            return 0, words
        for entry in kept.get("words", []):
            try:
                commitment, word, salt = entry
                words[bytes.fromhex(commitment)] = (str(word), bytes.fromhex(salt))
            except (TypeError, ValueError):
                continue  # a damaged entry: that word cannot be revealed, the others can
        return kept["round"], words

    def keep_written(self, name: str, round_no: int, words: Written) -> None:
        """Keep `name`'s words of this round, on disk before its commitment is sent."""
        seats = self.read()
        seat = seats.setdefault(name, {})
        entries = [[c.hex(), word, salt.hex()] for c, (word, salt) in words.items()]
        seat["written"] = {"round": round_no, "words": entries}
        self._write(seats)

    def _write(self, seats: dict[str, dict[str, Any]]) -> None:
        # Written aside, flushed and renamed, so a crash never leaves half a file; created
        # owner-only from the start, for the tokens are keys to seats and the words secret.
        spare = self.path.with_suffix(".tmp")
        spare.unlink(missing_ok=True)
        fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            json.dump(seats, out)
            out.flush()
            os.fsync(out.fileno())
        spare.replace(self.path)


class ServedTable:
    """What a game's host process does the same way whatever the game: its port, its
    background tasks, the host's warnings for its screen or log, a player leaving the
    lobby, and a rematch."""

    host: Host
    on_notice: Callable[[str], None] | None
    dictionary: str
    log_path: Path
    seat_book: SeatBook
    bots: dict[str, Any]
    """The host's own computer players by seat (each game's kind), each with `stop()`."""
    _tasks: set[asyncio.Task[object]]
    _leaving: set[str]
    """Seats whose players left the lobby, until net has forgotten them too."""
    _seating: bool
    """A rematch is seating its players in their order: nobody else is seated now."""

    def _on_presence(self, seats: Mapping[str, bool]) -> None:
        raise NotImplementedError

    def _net_host(
        self,
        game: HostedGame,
        *,
        game_kind: str,
        bind: str,
        port: int,
        pin: str | None,
        max_spectators: int,
        welcome_note: Callable[[], dict[str, Any] | None],
        on_reclaim: Callable[[str], Awaitable[bool]] | None = None,
    ) -> Host:
        """The `net.Host` that serves `game` from this table's log: the same for every game
        but the requirements its kind adds."""
        return Host(
            game,
            self.log_path,
            HostConfig(
                bind=bind,
                port=port,
                pin=pin,
                requirements=requirements(self.dictionary, game_kind),
                requirement_names=REQUIREMENT_NAMES,
                max_spectators=max_spectators,
            ),
            on_presence=self._on_presence,
            on_notice=self._notice,
            on_reclaim=on_reclaim,
            welcome_note=welcome_note,
        )

    def _left_lobby(self, player: str) -> None:
        """Leaving the lobby frees the seat: the name too, and nobody re-seats it."""
        self._leaving.add(player)
        self._spawn(self._free_seat(player))

    async def _free_seat(self, name: str) -> None:
        try:
            await self.host.remove_seat(name)
        finally:
            self._leaving.discard(name)

    async def _next_game(
        self,
        game: HostedGame,
        seats: list[str],
        by: str | None,
        seat: Callable[[], Awaitable[object]],
    ) -> None:
        """Start `game` (made by the caller, the host's game from now on) as a rematch:
        a new log beside the last (which stays as it was), the `seats` carried over in
        their order with their keys, the computer players who are not among them stopped;
        `seat` then seats them in the new game, before anyone else may sit down."""
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

    @property
    def port(self) -> int:
        return self.host.address[1]

    def _spawn(self, coro: Coroutine[object, object, object]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _notice(self, line: str) -> None:
        if self.on_notice is not None:
            self.on_notice(line)

    # -- chat: the host mutes someone's lines, a player's or a spectator's -----------------

    def _own_people(self) -> tuple[str | None, Collection[str]]:
        """The hosting player (None when headless) and the host's computer players: the
        people of this process, whom the host's list of whom to mute leaves out."""
        raise NotImplementedError

    def mute(self, name: str) -> str:
        """Drop `name`'s chat lines at the host from now on (a player's or a spectator's,
        matched as the table matches names); what to tell the host."""
        captain, _bots = self._own_people()
        if captain is not None and name_key(name) == name_key(captain):
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
        captain, bots = self._own_people()
        mine = {captain, *bots}
        found = {(n, role == "spectator") for n, role in self.host.talkers if n not in mine}
        return sorted(found, key=lambda talker: (talker[1], talker[0]))

    def _talker(self, name: str, among: list[str] | None = None) -> tuple[str, bool]:
        """The name of who is meant by `name` as typed (its lookalikes too), and whether
        someone of that name is connected."""
        names = among if among is not None else [n for n, _ in self.talkers]
        key = name_key(name)
        exact = [n for n in names if n == name] or [n for n in names if name_key(n) == key]
        return (exact[0], True) if exact else (name, False)


class LanHost(ServedTable):
    """The authoritative host of one game: rules, log, clock, bots, advertisement."""

    def __init__(
        self,
        config: GameConfig,
        *,
        dictionary: str,
        captain: str | None = None,
        bind: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        pin: str | None = None,
        log_path: Path | None = None,
        referee: Referee | None = None,
        on_event: Callable[[GameState, ev.Event], None] | None = None,
        bot_pace: float = 1.0,
        announce: Announcer | None = None,
        bot_level: str = "medium",
        absent_grace: float = ABSENT_GRACE_SECONDS,
        max_spectators: int = HostConfig.max_spectators,
        lobby_grace: float = LOBBY_GRACE_SECONDS,
    ) -> None:
        self.config = config
        self.bot_pace = bot_pace
        self.dictionary = dictionary
        self.pin = pin
        self.log_path = log_path or default_log_dir(APP_NAME) / f"{new_game_id()}.log"
        self.on_event = on_event
        self.game = self._fresh_game(captain, referee)
        self.host = self._net_host(
            self.game,
            game_kind=GAME,
            bind=bind,
            port=port,
            pin=pin,
            max_spectators=max_spectators,
            welcome_note=lambda: self.clock.note() if self.clock is not None else None,
            on_reclaim=self._ask_reclaim,
        )
        self.on_notice: Callable[[str], None] | None = None
        """Shows the host's warnings (e.g. wrong PINs) on its screen or log."""
        self.lobby_grace = lobby_grace
        """Seconds a seat may stay disconnected in the lobby before it is freed."""
        self.on_reclaim: Callable[[str], Awaitable[bool]] | None = None
        """Asks the host's people whether someone may take `name`'s seat (its token lost)."""
        self._absent: dict[str, asyncio.TimerHandle] = {}
        self.announce = announce
        """Advertises the game over mDNS while it runs; None keeps it unlisted."""
        self.bot_level = bot_level
        """The level the host chose for its computer players: the lobby adds more of it."""
        self.clock: Clock | None = None
        self.absent_grace = absent_grace
        """Seconds a phase still waits once everyone it waits for has gone."""
        self.bots: dict[str, Bot] = {}
        self.seat_book = SeatBook.beside(self.log_path)
        self._own: dict[str, Session] = {}
        """The players who live in this process (its hosting player, the bots), by seat."""
        self._seating = False
        """A rematch is seating its players in their order: nobody else is seated now."""
        self._leaving: set[str] = set()
        """Seats whose players left the lobby, until net has forgotten them too."""
        self.addresses = reachable_addresses(bind)
        """Where players on the LAN reach this host (shown for `join --connect`)."""
        self._tasks: set[asyncio.Task[object]] = set()

    def _fresh_game(self, captain: str | None, referee: Referee | None) -> WordsyGame:
        # Each game deals from its own secret generator.
        game = WordsyGame(captain, referee, random.Random(secrets.randbits(128)))
        game.on_event = self._on_event
        return game

    @property
    def state(self) -> GameState:
        return self.game.state

    async def start(self) -> None:
        """Replay the log if it exists (a resumed game), then serve.

        On the default port, a port already taken falls back to a free one.
        """
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        await start_serving(self.host)
        self.clock = Clock(submit=self.submit)
        if self.state.phase is Phase.NEW:
            await self.submit(cmd.CreateGame(self.config))
        self.clock.observe(self.state)
        for name, seat in self.seat_book.read().items():
            if isinstance(seat.get("bot"), str) and name in self.state.players:
                await self._seat_bot(name, seat["bot"], self.seat_book.token(name))
        self._watch_absence(self.host.presence)  # a resumed lobby's seats nobody took back yet
        if self.announce is not None:
            await self.announce.start(self.state, self.port)

    async def stop(self, by: str | None = None) -> None:
        """End the game here; every player is told who ended it (`by`: the hosting
        player; None: the host) and whether it can be resumed."""
        if self.announce is not None:
            await self.announce.stop()
        for bot in list(self.bots.values()):
            await bot.stop()
        if self.clock is not None:
            self.clock.cancel()
        for timer in self._absent.values():
            timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        await self.host.stop(*closing_words(self.state, by))

    async def submit(self, command: cmd.Command) -> str | None:
        """A command from the host itself; the rule's message if refused."""
        result = await self.host.submit(encode(command))
        return None if result.accepted else result.message

    async def end_phase(self) -> str | None:
        """End what the table is waiting for now, as its clock would when time is up."""
        alarm = self.game.rules.alarm(self.state)
        if alarm is None:
            return "Nothing is waiting to be ended."
        return await self.submit(alarm.command)

    def _on_event(self, state: GameState, event: ev.Event) -> None:
        if self.clock is not None:
            self.clock.observe(state)
            self._mind_the_absent()
        if isinstance(event, ev.RoundStarted):
            # After the fan-out of this batch, so every view hash covers the same events.
            asyncio.get_running_loop().call_soon(self.host.broadcast_hash)
        if isinstance(event, ev.PlayerLeft) and state.phase is Phase.LOBBY:
            self._left_lobby(event.player)
        if self.announce is not None and isinstance(event, ANNOUNCED):
            self._spawn(self.announce.update(state))
        if self.on_event is not None:
            self.on_event(state, event)

    def _mind_the_absent(self) -> None:
        """A phase that waits only for people who are gone ends after a short grace:
        a missing player never holds the table (one back in time keeps their turn)."""
        clock, state = self.clock, self.state
        if clock is None:
            return
        presence = self.host.presence
        waiting = waiting_for(state)
        someone_here = any(presence.get(p) for p in state.players if p not in state.bots)
        if waiting and someone_here and not any(presence.get(p) for p in waiting):
            clock.hurry(self.absent_grace)
        elif clock.hurried:
            clock.relax()

    def _on_presence(self, seats: Mapping[str, bool]) -> None:
        self.game.presence = dict(seats)
        self._watch_absence(seats)
        self._mind_the_absent()
        # A newly seated player joins the game's lobby; net has admitted them already.
        if self.state.phase is not Phase.LOBBY or self._seating:
            return
        for seat in seats:
            bot = seat in self.game.bots
            if (
                seat not in self.state.players
                and seat not in self._leaving
                and name_problem(seat, self.state.players, bot=bot) is None
            ):
                self._spawn(self.submit(cmd.JoinGame(seat, bot=bot)))

    def _watch_absence(self, seats: Mapping[str, bool]) -> None:
        """Before the game starts, free a seat whose connection stays gone for the grace
        period: a vanished joiner must not keep the table full."""
        lobby = self.state.phase in (Phase.NEW, Phase.LOBBY)
        for seat in [s for s in self._absent if seats.get(s) is not False or not lobby]:
            self._absent.pop(seat).cancel()
        if not lobby:
            return
        loop = asyncio.get_running_loop()
        for seat, connected in seats.items():
            if not connected and seat not in self._absent and seat != self.game.captain:
                self._absent[seat] = loop.call_later(self.lobby_grace, self._free_absent, seat)

    def _free_absent(self, seat: str) -> None:
        self._absent.pop(seat, None)
        if self.state.phase is Phase.LOBBY and self.host.presence.get(seat) is False:
            self._spawn(self.remove_player(seat))

    async def remove_player(self, name: str) -> str | None:
        """Take `name`'s seat away (a squatter, an absent player): the old token opens nothing
        any more, and during the game the player scores nothing from now on.

        Returns why not, or None when done.
        """
        if self.state.phase is Phase.OVER:
            return "The game is over."
        if name == self.game.captain:
            return "The hosting player cannot be removed: quit the game instead."
        playing = name in self.state.players and name not in self.state.gone
        if name not in self.host.presence and not playing:
            return f"Nobody called {name} is at the table."
        bot = self.bots.pop(name, None)
        if bot is not None:
            await bot.stop()
            self.seat_book.forget(name)
        await self.host.remove_seat(name)
        return await self.submit(cmd.RemovePlayer(name)) if playing else None

    def _own_people(self) -> tuple[str | None, Collection[str]]:
        return self.game.captain, self.game.bots

    async def _ask_reclaim(self, name: str) -> bool:
        ask = self.on_reclaim
        return ask is not None and await ask(name)

    async def add_bot(self, level: str) -> str:
        number = len(self.bots) + 1
        name = f"Bot {number} ({level})"
        while name in self.state.players:
            number += 1
            name = f"Bot {number} ({level})"
        problem = refusal(self.state, cmd.JoinGame(name, bot=True))
        if problem is not None:
            raise SeatingError(problem)
        await self._seat_bot(name, level)
        return name

    async def _seat_bot(self, name: str, level: str, token: str | None = None) -> None:
        self.game.bots.add(name)
        session = NetSession.join(
            "127.0.0.1", self.port, name, self.dictionary, pin=self.pin, token=token
        )
        self.keep_words(session)
        bot = Bot(session, level, pace=self.bot_pace)
        try:
            await bot.start()
        except BaseException:
            self.game.bots.discard(name)
            raise
        self.bots[name] = bot
        self.seat_book.keep(name, session.client.token, bot=level)

    def keep_words(self, session: Session) -> None:
        """Give one of our own players back the words it wrote before a crash, and keep
        the words it writes from now on beside the log, so that it can always reveal."""
        name = session.me
        assert name is not None
        session.restore_written(*self.seat_book.written(name))
        session.keep_written = functools.partial(self.seat_book.keep_written, name)
        self._own[name] = session

    async def rematch(self, by: str | None = None) -> str | None:
        """Play again, from the results, with the same table: a new game (a new id and log;
        the last one stays saved and replayable) with the same options, and the players who
        were still in the game seated again in their order. The guests' connections stay
        open; their programs ask them whether they stay. Why not, or None when it began."""
        old = self.state
        if old.phase is not Phase.OVER:
            return "The game is not over yet: a rematch starts from the results."
        seats = [p for p in old.active if p not in self.game.bots or p in self.bots]
        # A hosting player who left the last game running starts nothing in this one.
        captain = self.game.captain if self.game.captain in seats else None
        game = self._fresh_game(captain, self.game.referee)
        game.bots = {b for b in self.game.bots if b in seats}
        game.presence = dict(self.game.presence)
        self.game = game

        async def seat() -> None:
            self._own = {name: s for name, s in self._own.items() if name in seats}
            for name, session in self._own.items():
                session.keep_written = functools.partial(self.seat_book.keep_written, name)
            await self.submit(cmd.CreateGame(old.config))
            for name in seats:
                await self.submit(cmd.JoinGame(name, bot=name in game.bots))

        await self._next_game(game, seats, by, seat)
        return None


@functools.cache
def _thinking_thread() -> ThreadPoolExecutor:
    """The one thread on which every computer player of the process plans its rounds.

    Planning holds the GIL most of the time, so more threads would not plan sooner on
    a few cores; and each thread that allocates gets a heap (malloc arena) of its own
    that keeps the search's freed arrays: a thread per bot cost a host 3 MB.
    """
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="wordsy-bot")


class Bot:
    """A computer player: an ordinary client that sees only its own view."""

    def __init__(self, session: NetSession, level: str, pace: float = 1.0) -> None:
        from wordsy_tui.bots import Level

        self.session = session
        self.pace = pace
        """Multiplies every pause: tests and demos play fast bots."""
        self.level = Level(level)
        self.rng = random.Random()
        self._task: asyncio.Task[None] | None = None
        self._turn: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.session.start()
        self._task = asyncio.get_running_loop().create_task(self._play())

    async def stop(self) -> None:
        for task in (self._turn, self._task):
            if task is not None:
                task.cancel()
        await self.session.stop()

    async def _play(self) -> None:
        async for _update in self.session.updates():
            state = self.session.state
            if self._turn is None or self._turn.done():
                turn = self._next_turn(state)
                if turn is not None:
                    self._turn = asyncio.get_running_loop().create_task(turn)

    def _next_turn(self, state: GameState) -> Coroutine[object, object, None] | None:
        from wordsy_tui.bots.turns import Step, next_step

        me = self.session.me
        assert me is not None
        match next_step(state, me):
            case Step.WRITE:
                return self._write(state.round)
            case Step.VOTE:
                return self._vote()
            case Step.READY:
                return self._ready(state.round)
        return None

    async def _write(self, round_no: int) -> None:
        from wordsy_tui.bots import plan_round
        from wordsy_tui.bots.turns import may_flip_after_writing

        state = self.session.state
        me = self.session.me
        assert me is not None
        try:
            plan = await asyncio.get_running_loop().run_in_executor(
                _thinking_thread(),
                functools.partial(
                    plan_round,
                    state.board,
                    state.played,
                    self.level,
                    self.rng,
                    no_flip=state.no_flip == me or not state.config.timed,
                    ruleset=state.config.ruleset,
                ),
            )
        except Exception:
            # A bot that cannot think must not hold up the table: it passes.
            _log.exception("%s could not plan round %d; passing", me, round_no)
            await self.session.lock_in()
            return
        await self._wait_to_write(plan.think_seconds * self.pace, round_no)
        if self.session.state.round != round_no or self.session.state.phase is not Phase.WRITING:
            return
        await self.session.write(plan.word)
        may_flip = plan.flips and may_flip_after_writing(self.session.state, me)
        if not (may_flip and await self.session.flip() is None):
            await self.session.lock_in()

    async def _wait_to_write(self, think: float, round_no: int) -> None:
        """Think, but write before the sand runs out once someone has flipped, and before
        the host's wait limit closes a round nobody flipped."""
        from wordsy_tui.bots.turns import people_done

        loop = asyncio.get_running_loop()
        until = loop.time() + think
        hurry = self.rng.uniform(1.5, 4.0) * self.pace
        while loop.time() < until:
            state = self.session.state
            if state.round != round_no:
                return
            deadline = self.session.clock.deadline
            if deadline is not None and deadline.label in ("timer", "writing"):
                until = min(until, deadline.at - hurry)
            if people_done(state):
                # Everyone else is waiting on the computer players: write within moments.
                until = min(until, loop.time() + hurry)
            await asyncio.sleep(min(0.5, max(0.0, until - loop.time())))

    async def _vote(self) -> None:
        from wordsy_tui.game.meant import advice_falls

        # A bot follows the referee's advice: what it refused falls, and a meant word is
        # accepted when it is plainly the word written.
        falls = advice_falls(self.session.state)
        await asyncio.sleep(self.rng.uniform(1.0, 4.0) * self.pace)
        await self.session.vote(falls)

    async def _ready(self, round_no: int) -> None:
        await asyncio.sleep(self.rng.uniform(2.0, 5.0) * self.pace)
        if self.session.state.round == round_no:
            await self.session.ready()


class HostSession(NetSession):
    """The host's own player: a `LanHost`, and a client of it over loopback."""

    def __init__(self, me: str, server: LanHost, bots: tuple[str, ...] = ()) -> None:
        super().__init__(Client("127.0.0.1", 0, me))
        self.server = server
        self.bots_to_seat = bots
        """Levels of computer players to seat once we sit (not when resuming)."""
        self.left_running = False
        """The hosting player left and the game goes on: stopping keeps the server."""

    async def start(self) -> None:
        await self.server.start()
        me = self.client.name
        book = self.server.seat_book
        self.client = Client(
            "127.0.0.1",
            self.server.port,
            me,
            pin=self.server.pin,
            token=book.token(me),
            requirements=requirements(self.server.dictionary),
        )
        resumed = me in self.server.state.players
        self.server.keep_words(self)
        await super().start()
        book.keep(me, self.client.token, host=True)
        if not resumed:
            for level in self.bots_to_seat:
                await self.server.add_bot(level)

    async def stop(self) -> None:
        await super().stop()
        if not self.left_running:
            await self.server.stop(by=self.me)

    async def leave_running(self) -> LanHost:
        """The hosting player leaves the table, and the game goes on without them: the
        server keeps running (the caller serves it on, headless) and stops only later."""
        self.left_running = True
        me = self.me
        if me is not None and allowed(self.state, cmd.LeaveGame(me)):
            await self.send(cmd.LeaveGame(me))  # else the seat stays, absent: none waits for it
        await NetSession.stop(self)
        return self.server

    @property
    def hosting(self) -> bool:
        return True

    async def end_phase(self) -> str | None:
        return await self.server.end_phase()

    async def rematch(self) -> str | None:
        return await self.server.rematch(by=self.me)
