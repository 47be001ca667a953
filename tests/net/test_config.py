"""A config set after the host was made (as a game's own host does before it starts) counts
in every part of the host, as it did when the host read its config at each use."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from net import Host, HostConfig, Refused
from net import protocol as p
from tests.net.counter_game import CounterGame
from tests.net.helpers import FAST


async def test_a_config_set_after_the_host_was_made_counts(log_path: Path, make_client) -> None:
    host = Host(CounterGame(), log_path, HostConfig(**FAST))
    host.config = dataclasses.replace(host.config, pin="2468", max_spectators=0)
    await host.start()
    try:
        port = host.address[1]
        with pytest.raises(Refused) as wrong:
            await make_client(port, "Ada")
        assert wrong.value.reason == p.WRONG_PIN
        with pytest.raises(Refused) as full:
            await make_client(port, "Fan", role="spectator", pin="2468")
        assert full.value.reason == p.TOO_MANY_SPECTATORS
        ada = await make_client(port, "Ada", pin="2468")
        assert ada.seat == "Ada"
    finally:
        await host.stop()
