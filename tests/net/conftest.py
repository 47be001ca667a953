from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from net import Client, ClientConfig, Host, HostConfig
from tests.net.counter_game import CounterGame
from tests.net.helpers import FAST, Proxy
from tests.net.host_process import HostProcess

MakeHost = Callable[..., Awaitable[Host]]
MakeClient = Callable[..., Awaitable[Client]]


@pytest.fixture
def log_path(tmp_path: Path) -> Path:
    return tmp_path / "games" / "counter.log"


@pytest.fixture
async def make_host(log_path: Path) -> AsyncIterator[MakeHost]:
    hosts: list[Host] = []

    async def make(
        game: Any = None,
        clock: Any = None,
        on_notice: Any = None,
        welcome_note: Any = None,
        on_here: Any = None,
        after_sent: Any = None,
        **config: Any,
    ) -> Host:
        hooks = {
            "clock": clock,
            "on_notice": on_notice,
            "welcome_note": welcome_note,
            "on_here": on_here,
            "after_sent": after_sent,
        }
        host = Host(
            game or CounterGame(),
            log_path,
            HostConfig(**{**FAST, **config}),
            **{name: hook for name, hook in hooks.items() if hook is not None},
        )
        await host.start()
        hosts.append(host)
        return host

    yield make
    for host in hosts:
        await host.stop()


@pytest.fixture
async def make_client() -> AsyncIterator[MakeClient]:
    clients: list[Client] = []

    async def make(
        port: int, name: str, start: bool = True, config_source: str | None = None, **kwargs: Any
    ) -> Client:
        config = ClientConfig(timeout=2.0, backoff_min=0.05, backoff_max=0.5, source=config_source)
        client = Client("127.0.0.1", port, name, config=config, **kwargs)
        clients.append(client)
        if start:
            await client.start()
        return client

    yield make
    for client in clients:
        await client.close()


@pytest.fixture
async def make_proxy() -> AsyncIterator[Callable[[int], Awaitable[tuple[Proxy, int]]]]:
    proxies: list[Proxy] = []

    async def make(port: int) -> tuple[Proxy, int]:
        proxy = Proxy(port)
        proxies.append(proxy)
        return proxy, await proxy.start()

    yield make
    for proxy in proxies:
        await proxy.stop()


@pytest.fixture
async def host_process(log_path: Path) -> AsyncIterator[HostProcess]:
    process = HostProcess(log_path)
    yield process
    await process.stop()
