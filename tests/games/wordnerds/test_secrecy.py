"""Word Nerds on a real `net.Host` (127.0.0.1): a whole game to 100 between three players'
clients and a spectator, every byte each receives recorded by a proxy, one player's
program ended mid-auction and coming back with its token.

Each player acts from its own client's fold only (the computer players' decisions), and
seals its bid as a commitment that it opens once the bids close. No card of another
player's hand, no deck and no other player's bid before every bid is open reaches a
client; no bid reaches even the host before every bid is sealed; each client's fold is
the host's state as the rules' view redacts it for that seat.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from net import Client, ClientConfig, Host, HostConfig
from net.framing import decode_body, pack_body
from tests.games.tiles.rules.test_secrecy import Recorder, frames
from tests.games.wordnerds.tables import everyday_finder, secrets_kept, view_keeps_secrets
from tests.net.helpers import FAST, wait_until
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.bots import STYLES, Bot, next_move
from wordsy_tui.games.wordnerds.rules.codec import decode_event, decode_snapshot, encode
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig
from wordsy_tui.games.wordnerds.rules.evolve import replay
from wordsy_tui.games.wordnerds.rules.legal import may_reveal
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase
from wordsy_tui.games.wordnerds.rules.view import state_for
from wordsy_tui.games.wordnerds.seam import NerdsRules
from wordsy_tui.table.seam import HostedRules
from wordsy_tui.words.lexicon import load_lexicon

PLAYERS = ("ann", "bob", "cy")
SPECTATOR = None


def received(recorder: Recorder) -> list[ev.Event | NerdsState]:
    """Every event and snapshot the host sent through `recorder`, decoded."""
    out: list[ev.Event | NerdsState] = []
    for stream in recorder.streams():
        for frame in frames(stream):
            if frame["t"] == "ev":
                out.append(decode_event(decode_body(frame["body"])))
            elif frame["t"] == "snapshot":
                out.append(decode_snapshot(decode_body(frame["body"])))
    return out


_folds: dict[int, tuple[list[Any], int, NerdsState]] = {}
"""Each client's fold so far (by the client's id): the list of events it read (a reset
starts a new one), how many of them, and the state they made."""


def seen(client: Client) -> NerdsState:
    """The client's state: its snapshot (if any) and the events it received, folded (from
    where the last look left off: a whole game is thousands of events)."""
    events, count, state = _folds.get(id(client), (None, 0, NerdsState()))
    if events is not client.events:
        count = 0
        state = NerdsState() if client.snapshot is None else decode_snapshot(client.snapshot)
    new = client.events[count:]
    state = replay((decode_event(e.body) for e in new), state)
    _folds[id(client)] = (client.events, count + len(new), state)
    return state


class Table:
    """A host of Word Nerds' rules on loopback, and the clients around it, each behind a
    recorder; the players' sealed bids kept by their own programs (here)."""

    def __init__(self, path: Path) -> None:
        self.nerds = HostedRules(NerdsRules(load_lexicon()), random.Random(23))
        self.host = Host(self.nerds, path / "wordnerds.log", HostConfig(**FAST))
        self.clients: dict[str | None, Client] = {}
        self.recorders: dict[str | None, list[Recorder]] = {}
        self.sealed: dict[str, tuple[Bid, bytes]] = {}
        self.rng = random.Random(5)
        self._all: list[Client] = []
        self._proxies: list[Recorder] = []

    async def connect(self, name: str | None, **kwargs: Any) -> Client:
        recorder = Recorder(self.host.address[1])
        self._proxies.append(recorder)
        port = await recorder.start()
        client = Client(
            "127.0.0.1",
            port,
            name or "watcher",
            role="player" if name is not None else "spectator",
            config=ClientConfig(timeout=2.0, backoff_min=0.05, backoff_max=0.5),
            **kwargs,
        )
        self._all.append(client)
        await client.start()
        self.clients[name] = client
        self.recorders.setdefault(name, []).append(recorder)
        await self.caught_up()
        return client

    async def caught_up(self) -> None:
        await wait_until(
            lambda: all(c.connected and c.seq == self.host.seq for c in self.clients.values())
        )

    async def do(self, name: str, command: cmd.Command) -> None:
        result = await self.clients[name].command(encode(command))
        assert result.accepted, (name, command, result.message)
        await self.caught_up()

    async def host_does(self, command: cmd.Command, **wire: Any) -> None:
        result = await self.host.submit({**encode(command), **wire})
        assert result.accepted, (command, result.message)
        await self.caught_up()

    async def step(self, bots: dict[str, Bot]) -> None:
        """One move: a player's, chosen from its own client's fold; else the host's clock."""
        for name in self.rng.sample(PLAYERS, len(PLAYERS)):
            view = seen(self.clients[name])
            if may_reveal(view, name):
                await self.do(name, cmd.reveal_bid(*self.sealed.pop(name)))
                return
            move = next_move(view, bots[name])
            if isinstance(move, Bid):
                salt = self.rng.randbytes(16)
                self.sealed[name] = (move, salt)
                move = cmd.seal_bid(move, salt)
            if move is not None:
                await self.do(name, move)
                return
        alarm = self.nerds.rules.alarm(self.nerds.state)
        assert alarm is not None
        await self.host_does(alarm.command)

    def check_views(self) -> None:
        state = self.nerds.state
        for name, client in self.clients.items():
            assert seen(client) == state_for(state, name), name

    async def close(self) -> None:
        for client in self._all:
            await client.close()
        await self.host.stop()
        for proxy in self._proxies:
            await proxy.stop()


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    table = Table(tmp_path)
    await table.host.start()
    await table.host.submit(encode(cmd.CreateGame(NerdsConfig(max_players=3))))
    yield table
    await table.close()


async def come_back_mid_auction(table: Table) -> None:
    """Bob has sealed his bid; his program ends, and a new one comes back with his token
    and the bid he kept (as a seat's keeper keeps it), and opens it when its time comes."""
    bob = table.clients["bob"]
    token = bob.token
    await bob.close()
    back = await table.connect("bob", token=token)
    assert back.seat == "bob"
    hand = table.nerds.state.hand("bob")
    assert seen(back).hand("bob") == hand
    assert any(
        isinstance(item, NerdsState) and item.hand("bob") == hand
        for item in received(table.recorders["bob"][-1])
    ), "the hand came back in the catch-up"


async def test_a_whole_game_on_the_wire_keeps_hands_decks_and_bids_secret(table: Table) -> None:
    for name in (*PLAYERS, SPECTATOR):
        await table.connect(name)
    for name in PLAYERS:
        await table.host_does(cmd.JoinGame(), seat=name)
    await table.do("ann", cmd.StartGame())
    bots = {
        name: Bot(name, STYLES[level], everyday_finder(), 1)
        for name, level in zip(PLAYERS, (Level.EASY, Level.HARD, Level.EXPERT), strict=True)
    }
    came_back = False
    steps = 0
    while table.nerds.state.phase is not Phase.OVER:
        assert steps < 5000, "the game ends"
        await table.step(bots)
        steps += 1
        table.check_views()
        state = table.nerds.state
        if not came_back and state.turn >= 3 and "bob" in state.sealed and "bob" not in state.bids:
            await come_back_mid_auction(table)
            came_back = True
            table.check_views()
    assert came_back
    kinds = {body["kind"] for body in table.host.events}
    assert {"BidSealed", "BidRevealed", "BidsRevealed", "WordLaid", "GameEnded"} <= kinds
    assert_no_bid_before_all_are_sealed(table.host.events)
    for name in (*PLAYERS, SPECTATOR):
        assert_nothing_secret_reached(name, table.recorders[name], table.host.events)


def assert_no_bid_before_all_are_sealed(log: list[dict[str, Any]]) -> None:
    """The host's own log: in each auction, no bid is opened before the bids close."""
    closed = True
    for body in log:
        match body["kind"]:
            case "AuctionOpened":
                closed = False
            case "BidsClosed":
                closed = True
            case "BidRevealed":
                assert closed, "a bid opened while others were still being sealed"


def assert_nothing_secret_reached(
    name: str | None, recorders: list[Recorder], log: list[dict[str, Any]]
) -> None:
    """Decode every frame `name` received: others' cards are HIDDEN, and no snapshot holds
    another hand, a deck or another bid before every bid is open; at the byte level, no
    private event of another player, whole, was sent."""
    items = [item for recorder in recorders for item in received(recorder)]
    assert any(isinstance(item, ev.GameEnded) for item in items)
    for item in items:
        if isinstance(item, NerdsState):
            view_keeps_secrets(item, name)
        else:
            secrets_kept(item, name)
    streams = [stream for recorder in recorders for stream in recorder.streams()]
    private = ("LettersDrawn", "ActionsDrawn", "LettersDiscarded", "BidRevealed", "CardPicked")
    for event in log:
        if event["kind"] not in private or not _secret(event):
            continue
        body = pack_body(event)
        if event["player"] == name:
            assert any(body in stream for stream in streams), "its own cards do arrive"
        else:
            assert not any(body in stream for stream in streams), (name, event)


def _secret(event: dict[str, Any]) -> bool:
    """Whether a private event holds something (an empty draw holds nothing to hide)."""
    if event["kind"] == "BidRevealed":
        return True
    if event["kind"] == "CardPicked":
        return True
    return bool(event["cards"])
