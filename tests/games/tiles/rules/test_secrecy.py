"""The tile games on a real `net.Host` (127.0.0.1): whole games between two players'
clients, watched by a spectator from the start and by one who comes in mid-game with the
app's own session (`TileSeat`, as `join --spectate` and `ssh watch@HOST` run it),
every byte each of them receives recorded by a proxy.

No tile of another player's rack, and nothing of the bag, reaches a client before
the game is over; each client's state, folded from what it received, is the host's
state as the rules' view redacts it for that seat; a seat that comes back gets its own
rack in the catch-up.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import msgpack
import pytest

from net import Client, ClientConfig, Host, HostConfig, Refused
from net.framing import decode_body, pack_body
from tests.games.tiles.rules.test_movegen import WORDS
from tests.games.tiles.rules.test_view import assert_counts_only
from tests.net.helpers import FAST, Proxy, wait_until
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.codec import decode_event, decode_snapshot, encode
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import build_dawg
from wordsy_tui.games.tiles.rules.evolve import replay
from wordsy_tui.games.tiles.rules.movegen import generate
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase, TileGameState
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.seam import TileRules
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.table.seam import HostedRules

DAWG = build_dawg(WORDS)
PLAYERS = ("ann", "bob")
SPECTATOR = None


class Recorder(Proxy):
    """Wordsy's recording proxy, marking where each connection's bytes begin, so that
    every connection's stream decodes on its own even if a cut left a frame half sent."""

    def __init__(self, target_port: int) -> None:
        super().__init__(target_port)
        self.starts: list[int] = []

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.starts.append(len(self.recorded))
        await super()._accept(reader, writer)

    def streams(self) -> list[bytes]:
        data = bytes(self.recorded)
        ends = [*self.starts[1:], len(data)]
        return [data[start:end] for start, end in zip(self.starts, ends, strict=True)]


def frames(stream: bytes) -> list[dict[str, Any]]:
    """Every whole frame of one connection's stream, in order."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(stream)
    return list(unpacker)


def received(recorder: Recorder) -> list[ev.Event | TileGameState]:
    """Every event and snapshot the host sent through `recorder`, decoded."""
    out: list[ev.Event | TileGameState] = []
    for stream in recorder.streams():
        for frame in frames(stream):
            if frame["t"] == "ev":
                out.append(decode_event(decode_body(frame["body"])))
            elif frame["t"] == "snapshot":
                out.append(decode_snapshot(decode_body(frame["body"])))
    return out


def seen(client: Client) -> TileGameState:
    """The client's state: its snapshot (if any) and the events it received, folded."""
    start = TileGameState() if client.snapshot is None else decode_snapshot(client.snapshot)
    return replay((decode_event(e.body) for e in client.events), start)


class Table:
    """A host of the tile games' rules on loopback, and the clients around it, each behind
    a recorder."""

    def __init__(self, game: GameName, path: Path) -> None:
        self.tiles = HostedRules(TileRules(frozenset(WORDS)), random.Random(sum(map(ord, game))))
        self.host = Host(self.tiles, path / f"{game}.log", HostConfig(**FAST))
        self.clients: dict[str | None, Client] = {}
        self.recorders: dict[str | None, list[Recorder]] = {}
        self.late: tuple[TileSeat, Recorder] | None = None
        """The spectator who came in mid-game, through the app's session."""
        self._all: list[Client] = []
        self._proxies: list[Proxy] = []

    async def connect(self, name: str | None, **kwargs: Any) -> Client:
        """Seat `name` (None: the spectator) through a new recorder, and wait for its view."""
        recorder = Recorder(self.host.address[1])
        self._proxies.append(recorder)
        port = await recorder.start()
        role = "player" if name is not None else "spectator"
        client = Client(
            "127.0.0.1",
            port,
            name or "watcher",
            role=role,
            config=ClientConfig(timeout=2.0, backoff_min=0.05, backoff_max=0.5),
            **kwargs,
        )
        self._all.append(client)
        await client.start()
        self.clients[name] = client
        self.recorders.setdefault(name, []).append(recorder)
        await self.caught_up()
        return client

    async def watch_late(self, game: GameName) -> None:
        """A spectator's session (the app's) comes in now, behind a recorder of its own."""
        recorder = Recorder(self.host.address[1])
        self._proxies.append(recorder)
        port = await recorder.start()
        session = TileSeat.join("127.0.0.1", port, "watch", game, "any", spectate=True)
        self.late = (session, recorder)
        await session.start()

    async def caught_up(self) -> None:
        await wait_until(
            lambda: all(c.connected and c.seq == self.host.seq for c in self.clients.values())
        )

    async def do(self, name: str, command: cmd.Command, **wire: Any) -> None:
        result = await self.clients[name].command({**encode(command), **wire})
        assert result.accepted, result.message
        await self.caught_up()

    async def refused(self, name: str, wire: dict[str, Any]) -> str:
        before = self.host.seq
        result = await self.clients[name].command(wire)
        assert not result.accepted
        assert self.host.seq == before
        return result.code

    def check_views(self) -> None:
        """Every client's fold is the host's state as the rules redact it for that seat."""
        state = self.tiles.state
        for name, client in self.clients.items():
            assert seen(client) == state_for_seat(state, name), name

    async def close(self) -> None:
        if self.late is not None:
            await self.late[0].stop()
        for client in self._all:
            await client.close()
        await self.host.stop()
        for proxy in self._proxies:
            await proxy.stop()


@pytest.fixture
async def open_table(tmp_path: Path) -> AsyncIterator[Callable[[GameName], Awaitable[Table]]]:
    tables: list[Table] = []

    async def make(game: GameName) -> Table:
        table = Table(game, tmp_path)
        tables.append(table)
        await table.host.start()
        await table.host.submit(encode(cmd.CreateGame(TileGameConfig(game))))
        return table

    yield make
    for table in tables:
        await table.close()


async def seat_everyone(table: Table) -> None:
    ann = await table.connect("ann")
    await table.connect("bob")
    await table.connect(SPECTATOR)
    await table.do("ann", cmd.JoinGame())
    result = await table.host.submit({**encode(cmd.JoinGame()), "seat": "bob"})
    assert result.accepted
    await table.caught_up()
    assert ann.seat == "ann"
    await table.do("ann", cmd.StartGame())


async def play_a_turn(table: Table, challenged: set[str], exchanged: set[str]) -> None:
    """One step of the game, chosen from the acting player's own view only: a play that
    waits for challenges is challenged once by each player, else let stand; otherwise the
    player to move plays their best move, or exchanges their rack once, or passes."""
    state = table.tiles.state
    if state.pending is not None:
        other = next(p for p in PLAYERS if p != state.pending.player)
        if other not in challenged:
            challenged.add(other)
            await table.do(other, cmd.Challenge())
        else:
            await table.do(other, cmd.Accept())
        return
    turn = state.turn
    assert turn is not None
    mine = seen(table.clients[turn])
    assert HIDDEN not in mine.rack(turn)
    moves = generate(mine.board, mine.rack(turn), mine.rules, DAWG, mine.premiums)
    if moves:
        best = max(moves, key=lambda m: (m.score, m.placement))
        await table.do(turn, cmd.Play(best.placement))
    elif turn not in exchanged and mine.bag_count >= 7:
        exchanged.add(turn)
        await table.do(turn, cmd.Exchange(mine.rack(turn)))
    else:
        await table.do(turn, cmd.Pass())


async def come_late(table: Table, turns: int, game: GameName) -> None:
    """Mid-game, with every rack dealt and some tiles played: a spectator comes in."""
    if turns == 4:
        await table.watch_late(game)


async def come_back(table: Table, turns: int) -> None:
    """Mid-game: bob's program ends and a new one comes back with his seat token; the
    spectator's link is cut and it resumes by itself."""
    if turns != 6:
        return
    bob = table.clients["bob"]
    token = bob.token
    await bob.close()
    back = await table.connect("bob", token=token)
    assert back.seat == "bob"
    rack = table.tiles.state.rack("bob")
    assert seen(back).rack("bob") == rack
    assert HIDDEN not in rack
    # The rack came in the catch-up itself: a snapshot holding it, or bob's own draws.
    catch_up = received(table.recorders["bob"][-1])
    assert any(
        (isinstance(item, TileGameState) and item.rack("bob") == rack)
        or (isinstance(item, ev.TilesDrawn) and item.player == "bob" and item.tiles)
        for item in catch_up
    )
    spectator = table.recorders[SPECTATOR][0]
    spectator.cut()
    await wait_until(lambda: len(spectator.starts) == 2)
    await table.caught_up()


@pytest.mark.parametrize("game", list(GameName))
async def test_a_whole_game_on_the_wire_keeps_every_rack_and_the_bag_secret(
    game: GameName, open_table: Callable[[GameName], Awaitable[Table]]
) -> None:
    table = await open_table(game)
    await seat_everyone(table)
    challenged: set[str] = set()
    exchanged: set[str] = set()
    turns = 0
    while table.tiles.state.phase is not Phase.OVER:
        assert turns < 300, "the game ends"
        await play_a_turn(table, challenged, exchanged)
        turns += 1
        table.check_views()
        await come_back(table, turns)
        await come_late(table, turns, game)
    table.check_views()
    assert table.late is not None
    late, late_recorder = table.late
    await wait_until(lambda: late.door.seq == table.host.seq)
    assert late.me is None
    assert late.state == state_for_seat(table.tiles.state, SPECTATOR)
    assert_nothing_secret_reached(SPECTATOR, [late_recorder], table.host.events)

    kinds = {body["kind"] for body in table.host.events}
    assert {"TilesPlayed", "TilesDrawn", "TilesExchanged", "GameEnded"} <= kinds
    if game is GameName.SCRABBLE:
        assert {"ChallengeDecided", "ChallengeWaived", "TurnLost"} <= kinds
    for name in (*PLAYERS, SPECTATOR):
        assert_nothing_secret_reached(name, table.recorders[name], table.host.events)


def assert_nothing_secret_reached(
    name: str | None, recorders: list[Recorder], log: list[dict[str, Any]]
) -> None:
    """Decode every frame `name` received: others' draws and exchanges are counts, and no
    snapshot holds another rack or the bag; and at the byte level, no private event of
    another player, and no array of another player's drawn tiles, was sent before the end."""
    items = [item for recorder in recorders for item in received(recorder)]
    assert any(isinstance(item, ev.GameEnded) for item in items)
    for item in items:
        if isinstance(item, TileGameState):
            assert item.bag is None
            if item.phase is not Phase.OVER:
                for player, rack in item.racks.items():
                    assert (player == name) or set(rack) <= {HIDDEN}
        else:
            assert_counts_only(item, name)
    own = [i for i in items if isinstance(i, ev.TilesDrawn) and i.player == name and i.tiles]
    assert own or name is None, "the recorder does see a seat's own tiles"

    streams = [stream for recorder in recorders for stream in recorder.streams()]
    before_end = [_before_game_end(stream) for stream in streams]
    private = [e for e in log if e["kind"] in ("TilesDrawn", "TilesExchanged")]
    # Arrays of tiles this recipient may receive: its own draws and its own rack.
    legitimate = {msgpack.packb(t) for e in private if e["player"] == name for t in _tiles(e)}
    legitimate |= {
        msgpack.packb(list(item.racks.get(name, ())))
        for item in items
        if isinstance(item, TileGameState)
    }
    for event in private:
        body = pack_body(event)
        if event["player"] == name:
            assert any(body in stream for stream in streams), "its own tiles do arrive"
            continue
        assert not any(body in stream for stream in streams)
        for tiles in _tiles(event):
            packed = msgpack.packb(tiles)
            if len(tiles) >= 3 and packed not in legitimate:
                assert not any(packed in stream for stream in before_end), (name, event)


def _tiles(event: dict[str, Any]) -> list[list[str]]:
    """The secret arrays of tiles in a host's draw or exchange event."""
    keys = ("tiles",) if event["kind"] == "TilesDrawn" else ("returned", "drawn")
    return [event[key] for key in keys]


def _before_game_end(stream: bytes) -> bytes:
    """The part of one connection's stream before the frame that ends the game (which shows
    every rack left to everyone)."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(stream)
    start = 0
    for frame in unpacker:
        if frame["t"] == "ev" and decode_body(frame["body"])["kind"] == "GameEnded":
            return stream[:start]
        start = unpacker.tell()
    return stream


async def test_refusals_reach_only_the_sender_and_change_nothing(
    open_table: Callable[[GameName], Awaitable[Table]],
) -> None:
    table = await open_table(GameName.WORDFEUD)
    await seat_everyone(table)
    turn = table.tiles.state.turn
    assert turn is not None
    other = next(p for p in PLAYERS if p != turn)
    assert await table.refused(other, encode(cmd.Pass())) == "not-your-turn"
    assert await table.refused(turn, {**encode(cmd.Pass()), "seat": other}) == "not-your-seat"
    assert await table.refused(turn, encode(cmd.Exchange(("\x1b[2J",)))) == "control-characters"
    assert await table.refused(turn, encode(cmd.TimeUp(turn, 0))) == "host-only"
    assert await table.refused(turn, {"kind": "Pass", "player": turn}) == "malformed-command"
    with pytest.raises(Refused) as late:
        await table.connect("cy")
    assert late.value.reason == "game_started"
    table.check_views()
