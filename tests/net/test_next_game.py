"""A rematch: the host starts another game on the same connections, with the seats it
carries over (same tokens, a new game id and log) and its spectators; the others are told
`closing`."""

from __future__ import annotations

import json
from pathlib import Path

from net import Client, Host, HostConfig, Next, Reset, SeatKeys
from net.client import Update
from net.log import read_log
from tests.net.counter_game import CounterGame
from tests.net.helpers import FAST, state, wait_until

REMATCH = "a wants a rematch"


def nexts(updates: list[Update]) -> list[Next]:
    return [update for update in updates if isinstance(update, Next)]


async def test_the_carried_seats_and_spectators_follow_into_the_next_game(
    make_host, make_client, log_path: Path, tmp_path: Path
):
    host: Host = await make_host()
    port = host.address[1]
    heard: dict[str, list[Update]] = {"a": [], "b": [], "w": []}
    keys = SeatKeys(tmp_path / "seats.json")
    a = await make_client(port, "a", on_update=heard["a"].append, keys=keys)
    b = await make_client(port, "b", on_update=heard["b"].append)
    c = await make_client(port, "c")
    w = await make_client(port, "w", role="spectator", on_update=heard["w"].append)
    assert (await a.command({"op": "add", "n": 7})).accepted
    await wait_until(lambda: state(w)["total"] == 7)
    old_game, old_token, old_log = host.game_id, a.token, log_path.read_bytes()

    next_log = log_path.with_name("rematch.log")
    await host.next_game(CounterGame(), next_log, ["a", "b"], REMATCH)

    assert host.game_id == "rematch" != old_game
    for client in (a, b, w):
        await wait_until(lambda c=client: c.game == "rematch")
        assert state(client)["total"] == 0, "the new game's view starts empty"
    for name in ("a", "b", "w"):
        assert nexts(heard[name]) == [Next("rematch", REMATCH)]
        assert isinstance(heard[name][-1], Reset), "the new game's view follows the next"
    await wait_until(lambda: c.closed is not None)
    assert c.closed is not None
    assert (c.closed.message, c.closed.resumable) == (REMATCH, False)

    assert (await b.command({"op": "add", "n": 2})).accepted
    await wait_until(lambda: state(a)["total"] == state(w)["total"] == 2)
    assert a.token == old_token
    assert a.connected
    assert a.resyncs == 0
    kept = {(e["game"], e["token"]) for e in json.loads(keys.path.read_text())["seats"]}
    assert kept == {(old_game, old_token), ("rematch", old_token)}, "kept for both games"
    assert host.presence == {"a": True, "b": True}

    assert log_path.read_bytes() == old_log, "the last game's log is kept as it was"
    records, _damage = read_log(next_log)
    assert {r["seat"] for r in records if r["k"] == "seat"} == {"a", "b"}
    assert [r["body"]["total"] for r in records if r["k"] == "event"] == [2]


async def test_a_seat_away_during_the_switch_comes_back_into_the_next_game(
    make_host, make_client, make_proxy, log_path: Path
):
    host: Host = await make_host()
    proxy, port = await make_proxy(host.address[1])
    heard: list[Update] = []
    a = await make_client(port, "a", on_update=heard.append)
    assert (await a.command({"op": "add", "n": 5})).accepted
    proxy.pause()
    await host.next_game(CounterGame(), log_path.with_name("rematch.log"), ["a"], REMATCH)
    proxy.cut()
    proxy.resume()

    await wait_until(lambda: a.game == "rematch" and a.connected)
    await wait_until(lambda: any(isinstance(u, Next) for u in heard))
    assert nexts(heard) == [Next("rematch", "")]
    assert (await a.command({"op": "add", "n": 1})).accepted
    assert state(a)["total"] == 1


async def test_a_restarted_host_of_the_next_game_knows_its_carried_seats(
    make_host, make_client, log_path: Path
):
    host: Host = await make_host()
    a = await make_client(host.address[1], "a")
    token = a.token
    next_log = log_path.with_name("rematch.log")
    await host.next_game(CounterGame(), next_log, ["a"], REMATCH)
    await a.close()
    await host.stop()

    again = Host(CounterGame(), next_log, HostConfig(**FAST))  # type: ignore[arg-type]
    await again.start()
    try:
        back = Client("127.0.0.1", again.address[1], "a", token=token)
        await back.start()
        assert (back.seat, back.game) == ("a", "rematch")
        await back.close()
    finally:
        await again.stop()
