"""Chat: a side channel the host checks, stamps and fans out, never part of the game."""

from __future__ import annotations

from typing import Any

from net import Said, SayRefused
from net import protocol as p
from tests.net.helpers import wait_until


class Ear:
    """Everything a client heard, in order (its on_update callback)."""

    def __init__(self) -> None:
        self.updates: list[Any] = []

    def __call__(self, update: Any) -> None:
        self.updates.append(update)

    @property
    def said(self) -> list[tuple[str, str, str]]:
        return [(u.name, u.role, u.text) for u in self.updates if isinstance(u, Said)]

    @property
    def refused(self) -> list[SayRefused]:
        return [u for u in self.updates if isinstance(u, SayRefused)]


async def table(make_host, make_client, **config: Any):
    """A host with two players and a spectator, each with an ear."""
    host = await make_host(**config)
    port = host.address[1]
    ears = [Ear(), Ear(), Ear()]
    ann = await make_client(port, "Ann", on_update=ears[0])
    bob = await make_client(port, "Bob", on_update=ears[1])
    wes = await make_client(port, "Wes", role="spectator", on_update=ears[2])
    return host, (ann, bob, wes), ears


async def test_a_line_reaches_every_player_and_spectator_stamped_by_the_host(
    make_host, make_client
):
    host, (ann, _bob, wes), ears = await table(make_host, make_client)
    assert ann.say("  nice!  ")
    await wait_until(lambda: all(ear.said for ear in ears))
    assert [ear.said for ear in ears] == [[("Ann", "player", "nice!")]] * 3
    # A spectator may chat too, and is stamped as one: nobody can pass for a player.
    assert wes.say("gg")
    await wait_until(lambda: all(len(ear.said) == 2 for ear in ears))
    assert ears[0].said[-1] == ("Wes", "spectator", "gg")
    assert ("Wes", "spectator") in host.talkers


async def test_chat_is_neither_in_the_log_nor_in_any_view_hash(make_host, make_client, log_path):
    host, (ann, bob, wes), ears = await table(make_host, make_client)
    await ann.command({"op": "add", "n": 2})
    seq = host.seq
    bob.say("a-line-only-people-read")
    wes.say("a-spectators-line")
    await wait_until(lambda: len(ears[0].said) == 2)
    assert host.seq == seq
    log = log_path.read_bytes()
    assert b"a-line-only-people-read" not in log
    assert b"a-spectators-line" not in log
    # The hashes still agree: each client checks its own against the host's.
    await ann.command({"op": "add", "n": 1})
    for client in (ann, bob, wes):
        client.check()
    await wait_until(lambda: all(c.seq == host.seq for c in (ann, bob, wes)))
    await wait_until(lambda: ann.hash == host._seating.seats["Ann"].chain)
    assert wes.hash == host._seating.spectators.chain
    assert [c.resyncs for c in (ann, bob, wes)] == [0, 0, 0]


async def test_too_fast_is_refused_with_when_to_try_again_and_the_line_after_goes(
    make_host, make_client
):
    now = [0.0]
    _host, (ann, _bob, _wes), ears = await table(make_host, make_client, clock=lambda: now[0])
    for n in range(6):
        ann.say(f"line {n}")
    await wait_until(lambda: len(ears[0].refused) == 1 and len(ears[1].said) == 5)
    refused = ears[0].refused[0]
    assert (refused.code, refused.retry_after) == (p.SAY_TOO_FAST, 1.0)
    assert "Slow down" in refused.message
    assert "line 5" not in [text for _, _, text in ears[1].said]
    now[0] += 1.0  # a line a second after the burst
    ann.say("line 6")
    await wait_until(lambda: len(ears[1].said) == 6)
    assert ears[1].said[-1][2] == "line 6"


async def test_long_empty_and_control_lines_are_refused_with_typed_errors(make_host, make_client):
    _host, (ann, _bob, _wes), ears = await table(make_host, make_client)
    ann.say("x" * 201)
    ann.say("   ")
    ann.say("\x1b[2Jred")
    ann.say("right\u202eto left")
    ann._send({"t": p.SAY, "text": 42})
    await wait_until(lambda: len(ears[0].refused) == 5)
    assert [r.code for r in ears[0].refused] == [
        p.SAY_TOO_LONG,
        p.SAY_TOO_LONG,
        p.CONTROL_CHARACTERS,
        p.CONTROL_CHARACTERS,
        p.BAD_MESSAGE,
    ]
    assert "1 to 200 characters" in ears[0].refused[0].message
    # The connection stays open, and a line at the limit goes through to the others.
    ann.say("y" * 200)
    await wait_until(lambda: len(ears[1].said) == 1)
    assert ears[1].said == [("Ann", "player", "y" * 200)]
    assert ann.connected
    assert ears[1].refused == []


async def test_a_muted_peer_is_told_once_and_its_lines_reach_nobody_until_unmuted(
    make_host, make_client
):
    host, (ann, bob, wes), ears = await table(make_host, make_client)
    assert host.mute("Bob")
    assert host.mute("Wes")
    assert not host.mute("Bob")  # muted already
    for _ in range(3):
        bob.say("spam")
        wes.say("spam")
    ann.say("after the spam")  # once everyone hears this, the spam had its chance
    await wait_until(lambda: all(ear.said for ear in ears))
    assert [ear.said for ear in ears] == [[("Ann", "player", "after the spam")]] * 3
    assert [r.code for r in ears[1].refused] == [p.SAY_MUTED]
    assert [r.code for r in ears[2].refused] == [p.SAY_MUTED]
    assert "muted" in ears[1].refused[0].message
    assert host.muted == {"Bob", "Wes"}
    assert host.unmute("Bob")
    assert not host.unmute("Bob")
    bob.say("sorry")
    await wait_until(lambda: len(ears[0].said) == 2)
    assert ears[0].said[-1] == ("Bob", "player", "sorry")
    host.mute("Bob")  # muted again: told again
    bob.say("again")
    await wait_until(lambda: len(ears[1].refused) == 2)


async def test_a_client_not_connected_says_nothing(make_host, make_client):
    host = await make_host()
    client = await make_client(host.address[1], "Ann", start=False)
    assert client.say("hello?") is False
