"""Twenty-One through the SSH front: a host of the game (in this process, its fronts a part
it holds) whose SSH sessions each run a child of the program that knows the game (`join
--connect` on a pty), played with keys by an SSH client (asyncssh's) to the end."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.front.fronts import SshPlayer
from tests.games.madeup import rules as r
from tests.games.madeup.host import madeup_host
from tests.net.helpers import wait_until
from tests.peers.play import due, moved_on, perfect_winner
from tests.terminal import ROOT
from wordsy_tui.front.host import FrontOptions, Fronts
from wordsy_tui.table.basics import LOOPBACK
from wordsy_tui.table.replay import Replaying
from wordsy_tui.table.saved import replay_of
from wordsy_tui.words.digest import dictionary_hash

CHILD = (sys.executable, "-m", "tests.games.madeup.program")
"""The program each SSH session runs: `wordsy-tui` with the game registered."""
GUARD_SECONDS = 120.0  # against a hang only, never a timing assertion


async def test_a_player_over_ssh_plays_the_game_to_its_end(
    made_up: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # where the children find the tests' program
    server = madeup_host(
        r.Config(), dictionary=dictionary_hash(), bind=LOOPBACK, port=0,
        log_path=made_up / "games" / "ssh.log", bot_pace=0.0,
        fronts=Fronts(FrontOptions(ssh_port=0, ssh_child=CHILD)),
    )  # fmt: skip
    await server.start()
    try:
        assert server.fronts is not None
        assert server.fronts.ssh_port is not None
        ann = await SshPlayer.connect(server.fronts.ssh_port, "Ann", size=(80, 24))
        try:
            await ann.wait_for("Ann (you)")
            await server.add_bot("expert")
            await ann.wait_for("s starts the count")
            mark = len(ann.output)
            ann.type("s")
            while True:
                await wait_until(due(server, "Ann"), timeout=GUARD_SECONDS)
                if server.state.phase is r.Phase.OVER:
                    break
                # Our key counts once our screen shows the count our turn starts from.
                count, turns = server.state.count, server.state.turns
                await ann.wait_for(f"Count: {count} ", since=mark)
                mark = len(ann.output)
                ann.type(str(r.best(server.state, "Ann")))
                await wait_until(moved_on(server, turns), timeout=GUARD_SECONDS)
            state = server.state
            assert state.winner == perfect_winner(state)
            await ann.wait_for("You win!" if state.winner == "Ann" else "Bot 1 (expert) wins!")
            ann.type("\x11")  # Ctrl+Q: the game is over, nothing to ask
            assert await ann.ended() == 0
        finally:
            await ann.close()
    finally:
        await server.stop()
    replayed, replay = replay_of(server.log_path)
    assert replayed == "madeup"
    assert isinstance(replay.door, Replaying)
    assert replay.door.frames[-1].state == state
