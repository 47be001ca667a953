"""The handshake's checks on their own, with a driven clock: a hello's version, shape and
requirements; the PIN and its back-off per source address; the spectator cap and the pace of
new seats; and a newcomer asking for a seated name's seat."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from net import protocol as p
from net.config import HostConfig
from net.framing import FrameReader, encode
from net.handshake import Gate, Reclaims
from net.limits import PinPolicy, SeatPolicy
from net.lock import TableLock
from net.peer import Cork, Outflow, Peer
from net.seats import Seating
from net.sequencer import Sequencer
from tests.net.counter_game import CounterGame
from tests.net.helpers import FakeWriter, wait_until

GUESSER, OTHER = "192.0.2.7", "192.0.2.8"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _hello(name: str = "Ada", **fields: Any) -> dict[str, Any]:
    return {"version": p.PROTOCOL_VERSION, "name": name, "role": "player", **fields}


def _gate(**config: Any) -> tuple[Gate, Clock, list[str]]:
    clock, notices = Clock(), []
    return Gate(HostConfig(**config), clock, notices.append), clock, notices


@pytest.mark.parametrize(
    ("fields", "reason", "words"),
    [
        ({"version": 0}, p.VERSION_MISMATCH, f"host: {p.PROTOCOL_VERSION}"),
        ({"role": "referee"}, p.BAD_HELLO, "role must be one of"),
        ({"name": " " * 3}, p.BAD_HELLO, "a name needs 1 to 32"),
        ({"name": "x" * 33}, p.BAD_HELLO, "a name needs 1 to 32"),
        ({"last_seq": -1}, p.BAD_HELLO, "last_seq"),
        ({"last_seq": True}, p.BAD_HELLO, "last_seq"),
        ({"pin": 1234}, p.BAD_HELLO, "pin must be a string"),
        ({"requirements": ["x"]}, p.BAD_HELLO, "requirements must be a map"),
        ({"name": "Ada\x1b[2J"}, p.CONTROL_CHARACTERS, "name"),
        ({"requirements": {"words": "\u202e"}}, p.CONTROL_CHARACTERS, "requirements"),
        ({"requirements": {"words": "other"}}, p.REQUIREMENTS_MISMATCH, "different word list"),
    ],
)
def test_a_hello_is_turned_away_with_its_reason(
    fields: dict[str, Any], reason: str, words: str
) -> None:
    gate, _, _ = _gate(requirements={"words": "abc"}, requirement_names={"words": "word list"})
    refusal = gate.check(GUESSER, _hello(**{"requirements": {"words": "abc"}, **fields}))
    assert refusal is not None
    assert refusal.reason == reason
    assert words in refusal.message


def test_a_requirements_refusal_says_what_the_host_uses() -> None:
    gate, _, _ = _gate(requirements={"words": "abc"})
    refusal = gate.check(GUESSER, _hello())
    assert refusal is not None
    assert refusal.requirements == {"words": "abc"}
    assert gate.check(GUESSER, _hello(requirements={"words": "abc"})) is None


def test_wrong_pins_back_off_per_source_and_the_right_one_clears_it() -> None:
    gate, clock, notices = _gate(pin="2468", pin_policy=PinPolicy(free=2, backoff=4.0))
    first = gate.check(GUESSER, _hello(pin="1111"))
    assert first is not None
    assert (first.reason, first.retry_after) == (p.WRONG_PIN, None), "typos happen"
    second = gate.check(GUESSER, _hello(pin="1111"))
    assert second is not None
    assert (second.reason, second.retry_after) == (p.WRONG_PIN, 4)
    # Until then nothing from that address is even checked, the right PIN neither.
    held = gate.check(GUESSER, _hello(pin="2468"))
    assert held is not None
    assert (held.reason, held.retry_after) == (p.PIN_BACKOFF, 4)
    assert gate.pins.failures == 2, "a PIN not checked is not counted"
    assert gate.check(OTHER, _hello(pin="2468")) is None, "another address walks in"
    clock.now += 4
    assert gate.check(GUESSER, _hello(pin="2468")) is None
    again = gate.check(GUESSER, _hello(pin="1111"))
    assert again is not None
    assert again.retry_after is None, "the right PIN cleared the address's count"
    assert notices == [
        f"Wrong PIN from {GUESSER} (1 wrong in all).",
        f"Wrong PIN from {GUESSER} (2 wrong in all); it must wait 4 s before its next try.",
        f"Wrong PIN from {GUESSER} (3 wrong in all).",
    ]


def test_no_pin_at_all_is_no_guess_and_a_token_needs_none() -> None:
    gate, _, notices = _gate(pin="2468")
    refusal = gate.check(GUESSER, _hello())
    assert refusal is not None
    assert refusal.reason == p.WRONG_PIN
    assert "ask the host" in refusal.message
    assert (gate.pins.failures, notices) == (0, [])
    assert gate.check(GUESSER, _hello(token="a-seat-token")) is None
    spectator = gate.check(GUESSER, _hello(role="spectator", token="a-seat-token"))
    assert spectator is not None, "a spectator's token opens nothing"


def test_the_spectator_cap_and_the_pace_of_new_seats() -> None:
    gate, clock, _ = _gate(max_spectators=2, seat_policy=SeatPolicy(burst=2, interval=10.0))
    fan = _hello("Fan", role="spectator")
    assert gate.crowd_refusal(GUESSER, fan, spectators=1) is None
    full = gate.crowd_refusal(GUESSER, fan, spectators=2)
    assert full is not None
    assert full.reason == p.TOO_MANY_SPECTATORS
    for name in ("Ada", "Bob"):
        assert gate.crowd_refusal(GUESSER, _hello(name), 0) is None
        gate.took_seat(GUESSER, _hello(name))
    gate.took_seat(GUESSER, _hello("Ada", token="back"))  # a seat taken back is free
    paced = gate.crowd_refusal(GUESSER, _hello("Cy"), 0)
    assert paced is not None
    assert (paced.reason, paced.retry_after) == (p.TOO_MANY_JOINS, 10)
    assert gate.crowd_refusal(GUESSER, _hello("Cy", token="back"), 0) is None
    assert gate.crowd_refusal(OTHER, _hello("Cy"), 0) is None
    clock.now += 10
    assert gate.crowd_refusal(GUESSER, _hello("Cy"), 0) is None


def test_the_hosts_own_players_are_not_paced() -> None:
    gate, _, _ = _gate(seat_policy=SeatPolicy(burst=1, interval=10.0))
    for name in ("Ada", "Bob", "Cy"):
        assert gate.crowd_refusal("127.0.0.1", _hello(name), 0) is None
        gate.took_seat("127.0.0.1", _hello(name))


# -- a seat handed over -------------------------------------------------------------------


class Asker:
    """A newcomer's connection while the host's people are asked: what it was sent, and a
    stream it can answer pings on or hang up."""

    def __init__(self) -> None:
        self.writer = FakeWriter(GUESSER)
        self.peer = Peer(self.writer, HostConfig(), 0.0, Cork(), Outflow(10**9))  # type: ignore[arg-type]
        self.stream = asyncio.StreamReader()
        self.frames = FrameReader(self.stream)

    def hang_up(self) -> None:
        self.stream.feed_eof()


def _reclaims(
    tmp_path: Path, ask: Callable[[str], Awaitable[bool]] | None, **config: Any
) -> tuple[Reclaims, Seating, str]:
    sequencer = Sequencer(CounterGame(), HostConfig(durable=False), lambda *_: None)
    sequencer.open(tmp_path / "g.log")
    seating = Seating(sequencer)
    taken = seating.seat_for("player", "Ada", None)
    assert not isinstance(taken, p.Refusal)
    assert taken[1] is not None
    reclaims = Reclaims(ask, seating, TableLock(), HostConfig(**config))
    return reclaims, seating, taken[1]


async def test_a_seat_handed_over_on_a_yes(tmp_path: Path) -> None:
    asked: list[str] = []

    async def yes(name: str) -> bool:
        asked.append(name)
        return True

    reclaims, seating, lost = _reclaims(tmp_path, yes)
    hello = _hello(" Ada ", reclaim=True)
    asker = Asker()
    assert await reclaims.reclaim(asker.peer, asker.frames, hello) is None
    assert asked == ["Ada"]
    taken = seating.seat_for("player", "Ada", hello["token"])
    assert not isinstance(taken, p.Refusal)
    assert taken[0] is seating.seats["Ada"]
    gone = seating.seat_for("player", "Ada", lost)
    assert isinstance(gone, p.Refusal)


async def test_no_seat_of_that_name_is_an_ordinary_join(tmp_path: Path) -> None:
    reclaims, _, _ = _reclaims(tmp_path, None)
    hello, asker = _hello("Bob", reclaim=True), Asker()
    assert await reclaims.reclaim(asker.peer, asker.frames, hello) is None
    assert "token" not in hello


async def test_a_seat_is_not_handed_over_on_a_no_or_by_a_host_that_cannot(tmp_path: Path) -> None:
    async def no(name: str) -> bool:
        return False

    for ask, words in ((no, "did not hand you"), (None, "cannot hand seats over")):
        reclaims, _, _ = _reclaims(tmp_path / str(bool(ask)), ask)
        asker = Asker()
        hello = _hello("Ada", reclaim=True)
        refusal = await reclaims.reclaim(asker.peer, asker.frames, hello)
        assert refusal is not None
        assert refusal.reason == p.RECLAIM_REFUSED
        assert words in refusal.message
        assert "token" not in hello


async def test_the_question_ends_when_its_asker_hangs_up(tmp_path: Path) -> None:
    question: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
    reclaims, _, _ = _reclaims(tmp_path, lambda name: question, heartbeat=0.05)
    first, second = Asker(), Asker()
    asking = asyncio.create_task(
        reclaims.reclaim(first.peer, first.frames, _hello("Ada", reclaim=True))
    )
    await wait_until(lambda: b"ping" in first.writer.transport.data)
    first.stream.feed_data(encode({"t": p.PONG}))  # still there, answering its pings
    other = await reclaims.reclaim(second.peer, second.frames, _hello("Ada", reclaim=True))
    assert other is not None
    assert "Someone else is asking" in other.message
    first.hang_up()
    refusal = await asking
    assert refusal is not None
    assert refusal.reason == p.RECLAIM_REFUSED
    assert question.cancelled(), "the host's people are no longer asked"


async def test_an_answer_that_takes_too_long_is_a_no(tmp_path: Path) -> None:
    question: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
    reclaims, _, _ = _reclaims(tmp_path, lambda name: question, reclaim_timeout=0.05)
    asker = Asker()
    refusal = await reclaims.reclaim(asker.peer, asker.frames, _hello("Ada", reclaim=True))
    assert refusal is not None
    assert refusal.reason == p.RECLAIM_REFUSED
    assert question.cancelled()
