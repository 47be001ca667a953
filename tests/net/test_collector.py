"""The cyclic garbage collector never runs on a command's path, only after its frames."""

from __future__ import annotations

import gc
from typing import Any

from tests.net.helpers import wait_until


async def test_the_collector_waits_until_a_commands_frames_are_out(make_host, make_client):
    host = await make_host()
    player = await make_client(host.address[1], "p0")
    game = host._sequencer.game
    decide = game.decide
    seen: list[bool] = []

    def watched(seat: str | None, command: dict[str, Any]) -> list[dict[str, Any]]:
        seen.append(gc.isenabled())
        return decide(seat, command)

    game.decide = watched
    assert gc.isenabled()
    assert (await player.command({"op": "add", "n": 1})).accepted
    assert seen == [False], "the collector was paused while the command was decided"
    assert gc.isenabled(), "and is running again once the frames are out"
    await wait_until(lambda: player.seq == host.seq)


async def test_a_program_that_turned_the_collector_off_keeps_it_off(make_host, make_client):
    host = await make_host()
    player = await make_client(host.address[1], "p0")
    gc.disable()
    try:
        assert (await player.command({"op": "add", "n": 1})).accepted
        assert not gc.isenabled()
    finally:
        gc.enable()
