"""Twenty-One across the LAN: `host --game madeup --headless` (the real command line, with
the game registered in its program), a person who joins as `join --connect` does (the
host's door names the game, the kit builds the seat), a second seat joined over the LAN as
`join --bot` does, the host's own computer player; then the host's log, replayed. And the
hosting player's own screen."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import pytest

from net import SeatKeys
from tests.app.test_pin import answer, asked
from tests.app.tile_fixtures import until
from tests.cli.test_host_tiles import headless_host
from tests.games.madeup import rules as r
from tests.games.madeup.app import MadeUpApp
from tests.games.madeup.host import MadeUpTable, madeup_host
from tests.games.madeup.seat import MadeUpSeat
from tests.net.helpers import wait_until
from tests.peers.play import (
    perfect_winner,
    play_to_the_end,
    press_to_the_end,
    shown_on,
)
from wordsy_tui.app.table import SeatAgain
from wordsy_tui.cli.join import play_bot
from wordsy_tui.kit import kit_for
from wordsy_tui.table.basics import LOOPBACK
from wordsy_tui.table.joined import game_at
from wordsy_tui.table.replay import Replaying
from wordsy_tui.table.saved import replay_of, saved_game
from wordsy_tui.table.served import ServedTable
from wordsy_tui.words.digest import dictionary_hash

PROGRAM = "tests.games.madeup.program"
GUARD_SECONDS = 120.0  # against a hang only, never a timing assertion


async def lines_until(process: asyncio.subprocess.Process, wanted: str) -> list[str]:
    """The host's lines up to the first with `wanted` in it."""
    assert process.stdout is not None
    lines: list[str] = []
    async with asyncio.timeout(GUARD_SECONDS):
        while not lines or wanted not in lines[-1]:
            line = (await process.stdout.readline()).decode()
            assert line, f"the host ended early: {lines}"
            lines.append(line.rstrip())
    return lines


async def test_a_headless_host_plays_a_game_joined_over_the_lan_and_its_log_replays(
    made_up: Path,
) -> None:
    host = await headless_host(
        made_up, "--game", "madeup", "--bind", LOOPBACK, "--port", "0",
        "--bots", "1", "--bot-level", "expert", program=PROGRAM,
    )  # fmt: skip
    said = await lines_until(host, "saved to")
    port = int(re.findall(r"--connect [\d.]+:(\d+)", "\n".join(said))[0])
    log = Path(said[-1].split("saved to ")[1])
    address = (LOOPBACK, port)

    # `join --connect`: the host's door names its game; its kit makes the seat.
    game = await game_at(*address, dictionary_hash())
    assert game == "madeup"
    ann = kit_for(game).seat(game, address, "Ann", None, keys=SeatKeys(made_up / "keys.json"))
    assert isinstance(ann, MadeUpSeat)
    await ann.start()
    # `join --bot`: a second seat over the LAN, the kit's computer player in it.
    bob = asyncio.create_task(play_bot(address, "Bob", "expert", None))
    try:
        await wait_until(lambda: len(ann.state.players) == 3, timeout=GUARD_SECONDS)
        assert ann.state.bots == {"Bot 1 (expert)"}  # the host's own; Bob is a client's
        assert host.stdin is not None
        host.stdin.write(b"start\n")  # the host's keyboard (its game's desk)
        host.stdin.close()
        await play_to_the_end(ann)
        assert await bob == 0
    finally:
        bob.cancel()
        await ann.stop()
    async with asyncio.timeout(GUARD_SECONDS):
        await host.wait()  # the game over and nobody at its keyboard: the host stops
    assert host.returncode == 0
    told = "\n".join(await host_lines(host))

    state = ann.state
    assert state.phase is r.Phase.OVER
    assert state.count == state.config.target
    assert sorted(state.players) == ["Ann", "Bob", "Bot 1 (expert)"]
    assert f"{state.winner} reached 21 and wins" in told
    assert "The count starts" in told
    # The host's log replays to the very end every seat saw.
    replayed, replay = replay_of(log)
    assert replayed == "madeup"
    assert isinstance(replay, MadeUpSeat)
    assert isinstance(replay.door, Replaying)
    assert replay.door.frames[-1].state == state
    listed = saved_game(log)
    assert listed is not None
    assert (listed.title, listed.finished, listed.rounds) == ("Twenty-One", True, state.turns)
    assert listed.length == f"{state.turns} turns"


async def host_lines(host: asyncio.subprocess.Process) -> list[str]:
    assert host.stdout is not None
    return (await host.stdout.read()).decode().splitlines()


async def test_the_hosting_player_plays_at_their_own_screen(made_up: Path) -> None:
    server = madeup_host(
        r.Config(), dictionary=dictionary_hash(), bind=LOOPBACK, port=0,
        log_path=made_up / "hosted.log", bot_pace=0.0,
    )  # fmt: skip
    seat = MadeUpSeat.host("Ann", server, bots=["expert"])
    app = MadeUpApp(seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(seat.state.players) == 2)
        await until(pilot, lambda: "s starts the count" in shown_on(app))
        await pilot.press("s")
        await press_to_the_end(pilot, seat)
        assert seat.state.winner == perfect_winner(seat.state)
        assert server.state == seat.state  # nothing is secret: the host's is the seat's
        await until(pilot, lambda: "win" in shown_on(app))
        await pilot.press("r")  # the hosting player's rematch
        await until(pilot, lambda: seat.state.phase is r.Phase.LOBBY)
        await until(pilot, lambda: len(seat.state.players) == 2)
        assert sorted(seat.state.players) == ["Ann", "Bot 1 (expert)"]


class NewerTable(MadeUpTable):
    """A host of a game that this program does not know (a newer version's), whose name is
    also hostile text."""

    game = "madeup\x1b[2J"  # type: ignore[misc]  # (the part's name, as another's)


async def test_joining_a_host_of_a_game_this_program_does_not_play_says_so(
    tmp_path: Path,
) -> None:
    # Twenty-One is not registered here: to this program it is a newer version's game.
    server = ServedTable(
        NewerTable(r.Config()), dictionary=dictionary_hash(), bind=LOOPBACK, port=0,
        log_path=tmp_path / "newer.log", absent_grace=10.0,
    )  # fmt: skip
    await server.start()
    try:
        with pytest.raises(ConnectionError) as refused:
            await game_at(LOOPBACK, server.port, dictionary_hash())
        # `join --connect` says so in one line, and ends (no traceback, no escape sequence).
        join = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "wordsy_tui", "join"),
            *("--connect", f"{LOOPBACK}:{server.port}"),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")},
        )
        async with asyncio.timeout(GUARD_SECONDS):
            _, error = await join.communicate()
    finally:
        await server.stop()
    said = "plays madeup\\x1b[2J, a game this version of wordsy-tui does not know"
    assert said in str(refused.value)
    assert join.returncode == 1
    assert error.decode().strip() == f"wordsy-tui join: {refused.value}"


async def test_a_guest_is_asked_for_the_hosts_pin_by_the_shell(made_up: Path) -> None:
    """The PIN question is the table's shell's: a game's app gets it by taking `again`
    and sitting down again with the answer (`sit_again`), as `join --connect` runs it."""
    server = madeup_host(
        r.Config(), dictionary=dictionary_hash(), bind=LOOPBACK, port=0, pin="2468",
        log_path=made_up / "pin.log",
    )  # fmt: skip
    await server.start()
    try:
        address = (LOOPBACK, server.port)

        def seat(pin: str | None) -> MadeUpSeat:
            made = kit_for("madeup").seat("madeup", address, "Ann", pin)
            assert isinstance(made, MadeUpSeat)
            return made

        app = MadeUpApp(seat(None), SeatAgain(seat, None))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: asked(app, "This game has a PIN."))
            await answer(pilot, "2468")
            await until(pilot, lambda: "Ann" in server.state.players)
            assert app.session.me == "Ann"
            assert app.screen is app.count_screen
    finally:
        await server.stop()
