"""A client that records every byte it receives never sees another player's secret before
the reveal: not on joining, live, on reconnecting, on resyncing, nor from a resumed host."""

from __future__ import annotations

import secrets

from tests.net.helpers import state, wait_until


def secret_of(name: str) -> str:
    return f"SECRET-{name}-{secrets.token_hex(8)}"


async def test_no_secret_reaches_another_player_before_the_reveal(
    host_process, make_client, make_proxy
):
    port = await host_process.start()
    proxy, proxy_port = await make_proxy(port)
    a = await make_client(port, "a")
    b = await make_client(port, "b")
    others = [secret_of("a"), secret_of("b"), secret_of("a"), secret_of("b")]
    own = secret_of("spy")
    await a.command({"op": "secret", "value": others[0]})  # before the spy joins
    spy = await make_client(proxy_port, "spy")
    await spy.command({"op": "secret", "value": own})
    await b.command({"op": "secret", "value": others[1]})  # live, while the spy watches
    await a.command({"op": "add", "n": 1})
    await wait_until(lambda: spy.seq == 4)

    proxy.cut()  # reconnect
    await wait_until(lambda: spy.connected and spy.seq == 4)
    spy.hash = bytes(32)  # resync
    spy.check()
    await wait_until(lambda: spy.resyncs == 1 and spy.seq == 4)

    await host_process.kill()  # a resumed host
    await host_process.start()
    await a.command({"op": "secret", "value": others[2]})
    await b.command({"op": "secret", "value": others[3]})
    await wait_until(lambda: spy.connected and spy.seq == 6)

    recorded = bytes(proxy.recorded)
    assert own.encode() in recorded, "the recorder does see what reaches the spy"
    for secret in others:
        assert secret.encode() not in recorded
    assert state(spy)["mine"] == own

    await host_process.reveal()
    await wait_until(lambda: state(spy)["revealed"] is not None)
    recorded = bytes(proxy.recorded)
    assert others[2].encode() in recorded, "after the reveal the secrets are public"
    assert others[3].encode() in recorded
