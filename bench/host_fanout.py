"""Fan-out on the real host: a command from a player until every player has applied the
events it caused, with the real `wordsy-tui host --headless` (its real rules, word list,
log with fsync, clock and seat book) in its own process, driven by raw clients of the wire
protocol (docs/PROTOCOL.md) in this one, for Wordsy and for Scrabble.

- Wordsy: 6 players in round 1's writing, each in turn rewriting its word (`WriteWord`
  with a fresh commitment: one `WordWritten` to everyone), 500 commands a run.
- Scrabble: 4 players playing whole games (the rematch on the host's stdin starts the
  next), each seat choosing what the product's expert computer player would (plays,
  exchanges, letting plays stand), at least 300 commands a run; a command that caused
  several events (a play let stand draws tiles and starts the next turn) is timed until
  every player has the last of them.

Baseline, in the same run, command by command alternating with the real host: the durable
relay (`net_server.py echo --fsync`: a bare asyncio + msgpack relay that appends the same
event bodies, fsyncs once, then sends each to every connection). The relay-game host
(`net_server.py net --fsync`: `net.Host` with a game whose rules only copy the same
bodies) runs in the same alternation as a second line that explains: host / relay game is
the rules' and session's share, relay game / relay the transport's. Each client decodes
every body it gets, on every side; the Scrabble seats fold their views to choose the next
command after the timing, never during it.

A command's time runs from its write on the sender's socket until the last player has
decoded the last event it caused (its `seq` is the one the sender's `ack` names).
Goals: p50 and p99 at most 1.5x the durable relay's, medians of 5 paired runs (each run a
fresh host, relay game and relay).

    uv run python bench/host_fanout.py [--game wordsy|scrabble] [--memory-disk] [runs]

--memory-disk puts the three sides' logs on /dev/shm, where an fsync costs nothing: on a
machine whose disk is busy with others' work the fsync's wait (milliseconds, and very
uneven) drowns the rest, and this shows what is left, the processes' own work. It is for
explanation only; it never makes the verdict (the figures' names say so).

Loopback only; the host does not advertise (`--no-advertise`), with a throwaway data folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import random
import re
import secrets
import statistics
import sys
import tempfile
from collections import deque
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import msgpack
from net_common import percentile, server_process
from paired import RUNS, cpu_seconds, figure

from net.framing import FrameReader, encode

WORDSY_COMMANDS = 500
SCRABBLE_COMMANDS = 300  # at the least: whole games until a run has this many
PLAYERS = {"wordsy": 6, "scrabble": 4}
CONSOLE = Path(sys.executable).with_name("wordsy-tui")
# Each game's own flag for its longest wait, at its most: no clock ends a turn mid-run.
LONGEST_WAIT = {"wordsy": ("--wait-limit", "3600"), "scrabble": ("--turn-limit", "3600")}
JOIN_LINE = re.compile(r"--connect 127\.0\.0\.1:(\d+)")


class Peer:
    """A raw client of the protocol: hello, catch-up, then frames as they come.

    It records when it decoded each event (`when[seq]`) and keeps the bodies for its
    owner to fold later (a fold during a timed command would be client work the relay's
    side does not have)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.seq = 0
        self.when: dict[int, float] = {}
        self.bodies: list[tuple[int, dict[str, Any]]] = []
        self.snapshot: dict[str, Any] | None = None
        self.answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.reached: Callable[[], None] = lambda: None
        self.welcomed: asyncio.Future[dict[str, Any]] | None = None
        self.resets = 0  # a `reset` or `snapshot` starts the view again (a rematch)
        self.writer: asyncio.StreamWriter | None = None
        self.task: asyncio.Task[None] | None = None

    async def connect(self, port: int, requirements: dict[str, str]) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.welcomed = asyncio.get_running_loop().create_future()
        hello = {"t": "hello", "version": 1, "name": self.name, "role": "player"}
        hello |= {"token": None, "game": None, "last_seq": 0, "requirements": requirements}
        self.writer.write(encode(hello))
        self.task = asyncio.create_task(self._read(reader))
        welcome = await self.welcomed
        if welcome["t"] != "welcome":
            raise RuntimeError(f"{self.name} refused: {welcome}")

    async def _read(self, reader: asyncio.StreamReader) -> None:
        loop = asyncio.get_running_loop()
        frames = FrameReader(reader)
        while (frame := await frames.read()) is not None:
            kind = frame["t"]
            if kind == "ev":
                body = msgpack.unpackb(frame["body"])
                self.seq = frame["seq"]
                self.when[self.seq] = loop.time()
                self.bodies.append((self.seq, body))
                self.reached()
            elif kind in ("ack", "error") and frame.get("id") in self.answers:
                self.answers.pop(frame["id"]).set_result(frame)
            elif kind == "ping":
                self.send({"t": "pong", "n": frame.get("n")})
            elif kind == "reset":
                self.bodies.clear()
                self.snapshot = None
                self.resets += 1
            elif kind == "snapshot":
                self.seq = frame["seq"]
                self.snapshot = msgpack.unpackb(frame["body"])
                self.bodies.clear()
                self.resets += 1
            elif kind in ("welcome", "refused") and self.welcomed and not self.welcomed.done():
                self.welcomed.set_result(frame)

    def send(self, frame: dict[str, Any]) -> None:
        assert self.writer is not None
        self.writer.write(encode(frame))

    def command(self, body: dict[str, Any]) -> asyncio.Future[dict[str, Any]]:
        """Send `body`; the future is its `ack` or `error` frame."""
        ident = secrets.token_hex(6)
        answer = asyncio.get_running_loop().create_future()
        self.answers[ident] = answer
        self.send({"t": "cmd", "id": ident, "body": body})
        return answer

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await self.task


class Table:
    """Peers of one host, and the time a command's events take to reach all of them."""

    def __init__(self, peers: list[Peer]) -> None:
        self.peers = peers

    async def timed(self, sender: Peer, body: dict[str, Any]) -> tuple[float, int] | None:
        """Seconds from sending `body` until every peer decoded its last event, and how
        many events it caused; None when it caused none. A refusal raises `Refused`."""
        loop = asyncio.get_running_loop()
        for peer in self.peers:
            peer.when.clear()
        start = loop.time()
        answer = await sender.command(body)
        if answer["t"] == "error":
            raise Refused(answer)
        last, count = answer["seq"], answer["n"]
        if count == 0:
            return None
        if any(peer.seq < last for peer in self.peers):
            everyone: asyncio.Future[None] = loop.create_future()

            def check() -> None:
                if not everyone.done() and all(peer.seq >= last for peer in self.peers):
                    everyone.set_result(None)

            for peer in self.peers:
                peer.reached = check
            check()
            await everyone
            for peer in self.peers:
                peer.reached = lambda: None
        return max(peer.when[last] for peer in self.peers) - start, count

    async def close(self) -> None:
        for peer in self.peers:
            await peer.close()


class Refused(Exception):
    """The host refused a command the bench chose: the bench's mistake, never a sample."""


class Relay:
    """Bare connections to the durable relay; a round sends the bodies through it."""

    def __init__(self, connections: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]):
        self.connections = connections
        self.expected = 0  # frames a round sends each connection
        self.short = 0  # connections that have not had them all yet
        self.counts = [0] * len(connections)
        self.done: asyncio.Future[float] | None = None
        self.tasks = [
            asyncio.create_task(self._read(i, r)) for i, (r, _) in enumerate(connections)
        ]

    async def _read(self, index: int, reader: asyncio.StreamReader) -> None:
        loop = asyncio.get_running_loop()
        frames = FrameReader(reader)
        while (frame := await frames.read()) is not None:
            msgpack.unpackb(frame["body"])
            self.counts[index] += 1
            if self.counts[index] == self.expected:
                self.short -= 1
                if self.short == 0 and self.done is not None:
                    self.done.set_result(loop.time())

    async def timed(self, bodies: list[dict[str, Any]]) -> float:
        loop = asyncio.get_running_loop()
        self.counts = [0] * len(self.connections)
        self.short, self.expected = len(self.connections), len(bodies)
        self.done = loop.create_future()
        start = loop.time()
        frame = {"t": "cmd", "id": secrets.token_hex(6), "body": {"events": bodies}}
        self.connections[0][1].write(encode(frame))
        return await self.done - start

    async def close(self) -> None:
        for _, writer in self.connections:
            writer.close()
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await task


@contextlib.asynccontextmanager
async def real_host(
    game: str, folder: Path
) -> AsyncIterator[tuple[asyncio.subprocess.Process, int]]:
    """`wordsy-tui host --headless` on loopback; its stdin takes the host's commands.

    Its narration goes to a file, not to a pipe this process reads: every line it says
    after a command would wake this process while its clients are decoding that command's
    events, work the relay's side never has (a real host's terminal is a process of its
    own)."""
    env = {**os.environ, "XDG_DATA_HOME": str(folder), "XDG_CONFIG_HOME": str(folder)}
    said = folder / "host-says.txt"
    with said.open("wb") as out:
        process = await asyncio.create_subprocess_exec(
            *(str(CONSOLE), "host", "--headless", "--game", game, "--no-advertise"),
            *("--bind", "127.0.0.1", "--port", "0", *LONGEST_WAIT[game]),
            stdin=asyncio.subprocess.PIPE,
            stdout=out,
            stderr=asyncio.subprocess.STDOUT,
            env=env,
        )
    try:
        port = 0
        while not port:
            if process.returncode is not None:
                raise RuntimeError(f"the host ended before it said its port: {said.read_text()}")
            if found := JOIN_LINE.search(said.read_text(errors="replace")):
                port = int(found.group(1))
            await asyncio.sleep(0.01)
        yield process, port
    finally:
        process.kill()
        await process.wait()


def dictionary() -> str:
    from wordsy_tui.words.digest import dictionary_hash

    return dictionary_hash()


async def seated(port: int, names: list[str], requirements: dict[str, str]) -> list[Peer]:
    peers = [Peer(name) for name in names]
    for peer in peers:
        await peer.connect(port, requirements)
    return peers


async def until(found: Callable[[], bool]) -> None:
    """Wait (a minute at most) for what the peers have read to make `found` true."""
    async with asyncio.timeout(60):
        while not found():
            await asyncio.sleep(0.005)


class Sides:
    """The real host, the relay-game host and the durable relay of one run, each command
    going to the three; the samples of each, in seconds, and each server's CPU time per
    command once the first `warm_up` commands are done.

    Which side goes first turns with each command. The first side after the seats have
    chosen (the expert's move generation in this process: tens of milliseconds, for
    Scrabble) runs on a processor whose caches hold the bench's work, not its own; the
    side that always went first, the real host, paid for it (Scrabble's p50 ratio 1.67,
    1.72x first against 1.49, 1.55x in turn, two pairs). The relay sides copy a command's
    events once the real host has made them, so they may run one command behind it: the
    `behind` queues; the i-th sample of each side is the same command."""

    def __init__(
        self, real: Table, relay_game: Table, relay: Relay, pids: list[int], warm_up: int
    ) -> None:
        self.real, self.relay_game, self.relay = real, relay_game, relay
        self.samples: tuple[list[float], list[float], list[float]] = ([], [], [])
        self.pids, self.warm_up = pids, warm_up
        self.cpu = [0.0, 0.0, 0.0]
        self.kinds: list[str] = []  # each sample's command
        # Commands the real host has run, their sender and events, each relay side's to copy.
        self.behind: tuple[deque[tuple[int, list[Any]]], deque[tuple[int, list[Any]]]] = (
            deque(),
            deque(),
        )
        self.turns = 0

    def end(self) -> None:
        """Drop the warm-up's samples; turn the CPU count into seconds per command."""
        assert not any(self.behind), "every command copied by both relay sides"
        counted = len(self.samples[0]) - self.warm_up
        for samples in (*self.samples, self.kinds):
            del samples[: self.warm_up]
        self.cpu = [
            (cpu_seconds(pid) - start) / counted
            for pid, start in zip(self.pids, self.cpu, strict=True)
        ]

    async def round(self, sender: int, body: dict[str, Any]) -> bool:
        """One command on the real host, and the next command due on each relay side, in
        this turn's order; False when the command caused no event (nothing to fan out)."""
        steps = [lambda: self._real(sender, body), self._relay_game, self._relay]
        first = self.turns % len(steps)
        self.turns += 1
        caused = True
        for step in steps[first:] + steps[:first]:
            caused = await step() and caused
        return caused

    async def catch_up(self) -> None:
        """The relay sides copy the commands they are still behind on."""
        while any(self.behind):
            await self._relay_game()
            await self._relay()

    async def _real(self, sender: int, body: dict[str, Any]) -> bool:
        timed = await self.real.timed(self.real.peers[sender], body)
        if timed is None:
            return False
        seconds, count = timed
        bodies = [b for _, b in self.real.peers[sender].bodies[-count:]]
        self.samples[0].append(seconds)
        self.kinds.append(body["kind"])
        for queue in self.behind:
            queue.append((sender, bodies))
        if len(self.samples[0]) == self.warm_up:
            self.cpu = [cpu_seconds(pid) for pid in self.pids]
        return True

    async def _relay_game(self) -> bool:
        if self.behind[0]:
            sender, bodies = self.behind[0].popleft()
            peer = self.relay_game.peers[sender]
            copied = await self.relay_game.timed(peer, {"events": bodies})
            assert copied is not None
            self.samples[1].append(copied[0])
        return True

    async def _relay(self) -> bool:
        if self.behind[1]:
            self.samples[2].append(await self.relay.timed(self.behind[1].popleft()[1]))
        return True


@contextlib.asynccontextmanager
async def sides(players: int, real: Table, host_pid: int, warm_up: int) -> AsyncIterator[Sides]:
    async with (
        server_process("net", "--fsync") as (game_pid, game_port),
        server_process("echo", "--fsync") as (relay_pid, relay_port),
    ):
        copies = Table(await seated(game_port, [p.name for p in real.peers], {}))
        connections = [
            await asyncio.open_connection("127.0.0.1", relay_port) for _ in range(players)
        ]
        relay = Relay(connections)
        await asyncio.sleep(0.2)  # let the relay register every connection
        try:
            yield Sides(real, copies, relay, [host_pid, game_pid, relay_pid], warm_up)
        finally:
            await copies.close()
            await relay.close()


def commitment() -> bytes:
    salt, word = secrets.token_bytes(16), b"STRAND"
    return hashlib.sha256(len(salt).to_bytes(2, "big") + salt + word).digest()


async def wordsy_run(folder: Path, commands: int) -> Sides:
    names = [f"P{i}" for i in range(PLAYERS["wordsy"])]
    async with real_host("wordsy", folder) as (host, port):
        table = Table(await seated(port, names, {"game": "wordsy", "dictionary": dictionary()}))
        try:
            captain = table.peers[0]
            # The host seats each welcomed player itself; the first one seated starts.
            await until(lambda: kinds(captain).count("PlayerJoined") == len(names))
            await captain.command({"kind": "StartGame"})
            await until(lambda: "RoundStarted" in kinds(captain))
            async with sides(len(names), table, host.pid, commands // 10) as both:
                for i in range(commands // 10 + commands):  # a tenth to warm up
                    sender = i % len(names)
                    body = {"kind": "WriteWord", "player": names[sender]}
                    await both.round(sender, body | {"commitment": commitment()})
                await both.catch_up()
                both.end()
                return both
        finally:
            await table.close()


def kinds(peer: Peer) -> list[str]:
    return [body.get("kind", "") for _, body in peer.bodies]


class Seat:
    """A Scrabble seat's view, folded with the product's own rules between commands, and
    what the product's expert computer player would do in it."""

    def __init__(self, peer: Peer, rules: Any) -> None:
        self.peer = peer
        self.rules = rules
        self.state = self.rules.fresh()
        self.folded = 0  # how many of the peer's bodies are in `state`
        self.resets = 0

    def fold(self) -> Any:
        peer = self.peer
        if self.resets != peer.resets:  # the next game
            self.state, self.folded, self.resets = self.rules.fresh(), 0, peer.resets
        if peer.snapshot is not None:
            self.state = self.rules.decode_snapshot(peer.snapshot)
            peer.snapshot = None
        for _, body in peer.bodies[self.folded :]:
            self.state = self.rules.evolve(self.state, self.rules.decode_event(body))
        self.folded = len(peer.bodies)
        return self.state

    def next_command(self, rng: random.Random) -> dict[str, Any] | None:
        from wordsy_tui.engine.levels import Level
        from wordsy_tui.games.tiles.rules.bots import TILE_STYLES, decide_turn, respond

        state, name = self.fold(), self.peer.name
        command = respond(state, name, self.rules.words) or decide_turn(
            state, name, TILE_STYLES[Level.EXPERT], rng
        )
        return None if command is None else self.rules.encode(command)


async def scrabble_run(folder: Path, commands: int) -> Sides:
    from wordsy_tui.games.tiles.rules.state import Phase
    from wordsy_tui.games.tiles.seam import TileRules

    names = [f"P{i}" for i in range(PLAYERS["scrabble"])]
    rng = random.Random(7)
    requirements = {"game": "scrabble", "dictionary": dictionary()}
    async with real_host("scrabble", folder) as (host, port):
        table = Table(await seated(port, names, requirements))
        rules = TileRules()
        seats = [Seat(peer, rules) for peer in table.peers]
        try:
            warm_up, games = commands // 10, 0
            async with sides(len(names), table, host.pid, warm_up) as both:
                while len(both.samples[0]) < warm_up + commands:
                    # The host seats each welcomed player (and the last game's players at a
                    # rematch) itself; its captain starts.
                    await until(lambda: len(seats[0].fold().players) == 4)
                    captain = names.index(seats[0].state.captain)
                    await table.peers[captain].command({"kind": "StartGame"})
                    await until(lambda: seats[0].fold().turn is not None)
                    while seats[0].fold().phase is not Phase.OVER:
                        chosen = [(i, s.next_command(rng)) for i, s in enumerate(seats)]
                        moves = [(i, body) for i, body in chosen if body is not None]
                        if not moves:
                            await asyncio.sleep(0.005)  # an event still on its way
                            continue
                        index, body = moves[0]
                        await both.round(index, body)
                    games += 1
                    assert host.stdin is not None
                    host.stdin.write(b"rematch\n")
                    await until(lambda: seats[0].fold().phase is not Phase.OVER)
                await both.catch_up()
                both.end()
                print(f"    ({games} games, {len(both.samples[0])} commands timed)", flush=True)
                return both
        finally:
            await table.close()


def print_kinds(both: Sides) -> None:
    """Each kind of command's median on the real host and the relay: where the time goes."""
    for kind in sorted(set(both.kinds)):
        mine = [s for s, k in zip(both.samples[0], both.kinds, strict=True) if k == kind]
        relay = [s for s, k in zip(both.samples[2], both.kinds, strict=True) if k == kind]
        host, floor = statistics.median(mine) * 1e3, statistics.median(relay) * 1e3
        print(f"    {kind}: {len(mine)} commands, median {host:.2f} ms / relay {floor:.2f} ms")


async def main(game: str, runs: int, tag: str) -> None:
    players = PLAYERS[game]
    what = "rewriting a word" if game == "wordsy" else "whole games"
    commands = WORDSY_COMMANDS if game == "wordsy" else SCRABBLE_COMMANDS
    print(
        f"{game} on the real host (fsync on{tag}): a command to {players} players applied, {what}"
    )
    results: list[dict[str, float]] = []
    for run in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            play = wordsy_run if game == "wordsy" else scrabble_run
            both = await play(Path(folder), commands)
        figures: dict[str, float] = {}
        for q in (50, 99):
            for side, samples in zip(("host", "game", "relay"), both.samples, strict=True):
                figures[f"{side}{q}"] = percentile(samples, q) * 1e3
        for side, cpu in zip(("host", "game", "relay"), both.cpu, strict=True):
            figures[f"{side}cpu"] = cpu * 1e3
        results.append(figures)
        if game != "wordsy":
            print_kinds(both)
        print(
            f"  run {run + 1}: p50 host {figures['host50']:.2f} / relay game "
            f"{figures['game50']:.2f} / relay {figures['relay50']:.2f} ms;"
            f" p99 {figures['host99']:.2f} / {figures['game99']:.2f}"
            f" / {figures['relay99']:.2f} ms; CPU a command {figures['hostcpu']:.3f}"
            f" / {figures['gamecpu']:.3f} / {figures['relaycpu']:.3f} ms",
            flush=True,
        )
    label = f"{game}, {players} players{tag}"
    for q in (50, 99):
        host = [r[f"host{q}"] for r in results]
        relay_game = [r[f"game{q}"] for r in results]
        relay = [r[f"relay{q}"] for r in results]
        if not tag:  # with --memory-disk, the ratios only (each run's line has the rest)
            figure(f"real host fan-out, {label}, p{q}", "-", host, " ms")
            figure(f"durable relay fan-out, {label}, p{q}", "-", relay, " ms")
        ratios = [h / r for h, r in zip(host, relay, strict=True)]
        met = statistics.median(ratios) <= 1.5 if not tag else None
        goal = "<= 1.5x the durable relay" if not tag else "-"
        figure(f"real host / durable relay, {label}, p{q}", goal, ratios, "x", met)
        explained = [h / g for h, g in zip(host, relay_game, strict=True)]
        figure(f"the same, real host / relay-game host, {label}, p{q}", "-", explained, "x")
    for side, name in (("host", "real host"), ("game", "relay-game host"), ("relay", "relay")):
        if not tag:
            cpu = [r[f"{side}cpu"] for r in results]
            figure(f"{name} CPU per command, {label}", "-", cpu, " ms")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    game = sys.argv[sys.argv.index("--game") + 1] if "--game" in sys.argv else None
    if game is not None:
        args.remove(game)
    runs = int(args[0]) if args else RUNS
    tag = ""
    if "--memory-disk" in sys.argv:
        os.environ["TMPDIR"] = "/dev/shm"  # this process's and the servers' temporary folders
        tempfile.tempdir = None
        tag = ", logs in memory (explains)"
    for one in [game] if game else ["wordsy", "scrabble"]:
        asyncio.run(main(one, runs, tag))
