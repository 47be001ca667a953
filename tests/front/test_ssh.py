"""`host --ssh` with a real SSH client (asyncssh's) over loopback: each session is a
`join` client of the host on a pty of its own."""

from __future__ import annotations

import asyncio
import sys

import asyncssh
import pytest

from tests.front.fronts import SshPlayer, both_lock_in_and_the_reveal_shows
from wordsy_tui.front.ssh import SshFront, SshLimits, load_host_key


async def test_a_player_over_ssh_plays_a_word_that_is_revealed_and_a_resize_redraws(host):
    await host.start("--bots", "1")
    ann = await SshPlayer.connect(host.ssh_port, "Ann", size=(80, 24))
    try:
        # The key the host serves is the one whose fingerprint it printed.
        assert ann.conn.get_server_host_key().get_fingerprint("sha256") == host.fingerprint
        lobby = await ann.wait_for("Seats: 2 of 6")
        assert "Ann (you)" in lobby
        assert "Enter starts the game" in lobby

        mark = len(ann.output)
        ann.process.change_terminal_size(100, 30)
        # Redrawn for the new size: the child draws on row 30, which 24 rows do not have.
        async with asyncio.timeout(60):
            while b"\x1b[30;" not in ann.output[mark:]:
                await asyncio.sleep(0.1)

        ann.type("\r")
        await ann.wait_for("type your word")
        ann.type("BREATHTAKINGLY")
        await asyncio.sleep(0.5)  # the draft goes out a moment after the keys (debounce)
        ann.type("\r")
        mark = len(ann.output)
        revealed = await ann.wait_for("· reveal", since=mark)
        revealed = await ann.wait_for("BREATHTAKINGLY", since=mark)
        assert "Ann (you)" in revealed
    finally:
        await ann.close()


async def test_a_dropped_session_takes_its_seat_back_and_only_with_its_key(host):
    await host.start()
    key = asyncssh.generate_private_key("ssh-ed25519")
    ann = await SshPlayer.connect(host.ssh_port, "Ann", key=key)
    await ann.wait_for("Ann (you)")
    ann.drop()

    back = await SshPlayer.connect(host.ssh_port, "Ann", key=key)
    try:
        lobby = await back.wait_for("Ann (you)")
        await back.wait_for("Seats: 1 of 6")  # the same seat, not a second one
        assert "refused" not in lobby.lower()
    finally:
        await back.close()

    stranger = await SshPlayer.connect(
        host.ssh_port, "Ann", key=asyncssh.generate_private_key("ssh-ed25519")
    )
    assert "taken with another SSH key" in await stranger.wait_for("SSH key")
    assert await stranger.ended() == 1
    keyless = await SshPlayer.connect(host.ssh_port, "Ann")
    assert "taken with another SSH key" in await keyless.wait_for("SSH key")


async def test_a_session_without_a_terminal_is_refused_with_a_reason(host):
    await host.start()
    async with asyncssh.connect(
        "127.0.0.1",
        host.ssh_port,
        username="Ann",
        known_hosts=None,
        client_keys=[],
        password="",
        kbdint_auth=True,
    ) as conn:
        result = await conn.run(encoding="utf-8")
    assert result.exit_status == 1
    assert "needs a terminal" in str(result.stdout)


async def test_a_name_the_table_would_refuse_is_refused_before_a_child_starts(host):
    await host.start()
    player = await SshPlayer.connect(host.ssh_port, "Bot 1 (easy)")
    said = await player.wait_for("cannot be your name")
    assert await player.ended() == 1
    assert "Lobby" not in said


async def test_a_newcomer_to_a_started_game_is_told_how_to_watch_it_over_ssh(host):
    await host.start("--bots", "1")
    ann = await SshPlayer.connect(host.ssh_port, "Ann")
    try:
        await ann.wait_for("Enter starts the game")
        ann.type("\r")
        await ann.wait_for("type your word")
        bob = await SshPlayer.connect(host.ssh_port, "Bob")
        said = await bob.wait_for("watch@127.0.0.1")
        assert "The game has already started" in said
        assert f"To watch instead: ssh -p {host.ssh_port} watch@127.0.0.1" in said
        assert await bob.ended() == 1
    finally:
        await ann.close()


async def test_the_pin_is_asked_on_screen_and_a_wrong_one_is_refused(host):
    await host.start("--pin", "4711")
    wrong = await SshPlayer.connect(host.ssh_port, "Ann")
    await wrong.wait_for("PIN:")
    wrong.type("0000\r")
    await wrong.wait_for("Wrong PIN")
    assert await wrong.ended() == 1

    right = await SshPlayer.connect(host.ssh_port, "Ann")
    try:
        await right.wait_for("PIN:")
        right.type("4711\r")
        await right.wait_for("Ann (you)")
    finally:
        await right.close()
    # A watcher needs the PIN too: the game's watchers are the PIN's business as well.
    watcher = await SshPlayer.connect(host.ssh_port, "watch")
    await watcher.wait_for("PIN:")
    await watcher.close()


async def test_twenty_sessions_at_once_all_reach_the_lobby(host):
    await host.start()
    names = [f"P{i}" for i in range(6)] + ["watch"] * 14
    players = await asyncio.gather(*(SshPlayer.connect(host.ssh_port, n) for n in names))
    try:
        screens = await asyncio.gather(*(p.wait_for("Lobby") for p in players))
        assert len(screens) == 20
        await asyncio.gather(*(p.wait_for("Seats: 6 of 6") for p in players))
        # One more is over the limit (six seats and twenty watchers in all): refused.
    finally:
        await asyncio.gather(*(p.close() for p in players))


async def test_connections_beyond_the_limits_are_refused_and_cost_no_child(tmp_path):
    front = SshFront(
        game_address=("127.0.0.1", 9),
        seats_folder=tmp_path / "seats",
        pin=None,
        limits=SshLimits(max_sessions=2, per_address=3, exempt=()),
        bind="127.0.0.1",
        port=0,
        host_key=tmp_path / "key",
        # A stand-in for the join client: these limits come before any child.
        child=[sys.executable, "-c", "import sys, time; print('child', sys.argv); time.sleep(60)"],
    )
    await front.start()
    players: list[SshPlayer] = []
    try:
        players += [await SshPlayer.connect(front.port, name) for name in ("Ann", "Bob")]
        await asyncio.gather(*(p.wait_for("child") for p in players))
        third = await SshPlayer.connect(front.port, "Cat")
        assert "The table is full" in await third.wait_for("full")
        assert await third.ended() == 1
        players.append(third)  # its connection stays open: the third from this address
        with pytest.raises((asyncssh.Error, OSError)):
            await SshPlayer.connect(front.port, "Dan")  # a fourth from one address
    finally:
        for player in players:
            await player.close()
        await front.stop()
    assert not front.sessions
    # The same key file next time: friends' known_hosts stays valid.
    assert load_host_key(tmp_path / "key").get_fingerprint("sha256") == front.fingerprint


async def test_one_session_per_connection_and_a_pin_prompt_left_open_ends(tmp_path):
    front = SshFront(
        game_address=("127.0.0.1", 9),
        seats_folder=tmp_path / "seats",
        pin="4711",
        limits=SshLimits(max_sessions=4, login_seconds=0.2),
        bind="127.0.0.1",
        port=0,
        host_key=tmp_path / "key",
        child=[sys.executable, "-c", "import time; time.sleep(60)"],
    )
    await front.start()
    try:
        player = await SshPlayer.connect(front.port, "Ann")
        await player.wait_for("PIN:")
        with pytest.raises(asyncssh.ChannelOpenError):
            await player.conn.create_process(term_type="xterm", term_size=(80, 24))
        assert "No PIN given" in await player.wait_for("No PIN given")
        assert await player.ended() == 1
        await player.close()
    finally:
        await front.stop()
    assert not front.sessions


async def test_a_client_that_never_reads_costs_the_host_a_bounded_buffer(tmp_path):
    # The child talks without end; the client never reads: SSH's window fills, the front
    # stops reading the child's terminal, and what waits stays small and bounded.
    front = SshFront(
        game_address=("127.0.0.1", 9),
        seats_folder=tmp_path / "seats",
        pin=None,
        limits=SshLimits(max_sessions=2, exempt=()),
        bind="127.0.0.1",
        port=0,
        host_key=tmp_path / "key",
        child=[sys.executable, "-c", "import sys\nwhile True: sys.stdout.write('x' * 4096)"],
    )
    await front.start()
    conn = await asyncssh.connect(
        *("127.0.0.1", front.port),
        username="Ann",
        known_hosts=None,
        client_keys=[],
        agent_path=None,
        kbdint_auth=True,
        password="",
    )
    try:
        chan, _session = await conn.create_session(
            asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24), encoding=None
        )
        chan.pause_reading()  # a client that never reads
        async with asyncio.timeout(60):  # a guard against a hang, not a timing assertion
            while not any(session.paused_output for session in front.sessions):
                await asyncio.sleep(0.05)
        (session,) = front.sessions
        waiting = session.chan.get_write_buffer_size()
        for _ in range(20):  # the child keeps writing; the front keeps not reading it
            await asyncio.sleep(0.05)
            assert session.paused_output
            assert session.chan.get_write_buffer_size() <= max(waiting, 1024 * 1024)
        assert session.process is not None
        assert session.process.returncode is None
    finally:
        conn.close()
        await front.stop()
    assert not front.sessions


async def test_a_player_whose_link_drops_mid_round_comes_back_to_the_word_they_wrote(host):
    await host.start()
    dan = await SshPlayer.connect(host.ssh_port, "Dan")
    await dan.wait_for("Dan (you)")
    eve = await SshPlayer.connect(host.ssh_port, "Eve")
    try:
        await dan.wait_for("Seats: 2 of 6")
        dan.type("\r")  # the first to sit down starts the game
        await dan.wait_for("type your word")
        dan.type("SAMPLING")
        await eve.wait_for("written")  # Dan's commitment reached the host
        dan.drop()
        mark = len(eve.output)
        await eve.wait_for("offline", since=mark)

        dan = await SshPlayer.connect(host.ssh_port, "Dan")
        await dan.wait_for("SAMPLING")  # the word is back on Dan's screen
        # Dan plays on: Enter locks the word in.
        await both_lock_in_and_the_reveal_shows(eve, "SAMPLING", lambda: dan.type("\r"))
    finally:
        await dan.close()
        await eve.close()


async def test_new_seats_over_ssh_are_paced_per_player_address_not_once_for_the_loopback(host):
    await host.start()
    sessions: list[SshPlayer] = []
    try:
        # One machine (127.0.0.2) opens session after session under new names: the host
        # paces its new seats as it paces any address's, three at once, then one a while.
        for name in ("Ann", "Bob", "Cat"):
            sessions.append(await SshPlayer.connect(host.ssh_port, name, source="127.0.0.2"))
            await sessions[-1].wait_for(f"{name} (you)")
        fourth = await SshPlayer.connect(host.ssh_port, "Dan", source="127.0.0.2")
        sessions.append(fourth)
        assert "Too many new players from your address" in await fourth.wait_for("Too many")
        assert await fourth.ended() == 1
        # Another machine is not held back by the first one's seats.
        sessions.append(await SshPlayer.connect(host.ssh_port, "Eve", source="127.0.0.3"))
        lobby = await sessions[-1].wait_for("Seats: 4 of 6")
        assert "Eve (you)" in lobby
        # A seat taken back with its token is no new seat: Ann comes back.
        sessions[0].drop()
        back = await SshPlayer.connect(host.ssh_port, "Ann", source="127.0.0.2")
        sessions.append(back)
        await back.wait_for("Ann (you)")
    finally:
        for session in sessions:
            await session.close()


async def test_wrong_pins_over_ssh_are_paced_per_player_address(host):
    await host.start("--pin", "4711")
    for _ in range(12):  # three typos are free; then the address waits, longer each time
        guesser = await SshPlayer.connect(host.ssh_port, "Mal", source="127.0.0.2")
        await guesser.wait_for("PIN:")
        guesser.type("0000\r")
        assert await guesser.ended() == 1
        await guesser.close()
        if "Too many wrong PINs from your address" in guesser.text():
            break
    assert "Too many wrong PINs from your address" in guesser.text()
    # Another machine is asked and let in at once: the front paces the player's address, not
    # the loopback that every front's child and the host's bots share.
    other = await SshPlayer.connect(host.ssh_port, "Ann", source="127.0.0.3")
    await other.wait_for("PIN:")
    other.type("4711\r")
    await other.wait_for("Ann (you)")
    await other.close()
