"""`wordsy-tui host --headless` as a person runs it: a process, log lines, Ctrl-C."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
from pathlib import Path

import pytest

from tests.cli.test_score import run
from tests.net.helpers import wait_until
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.words.digest import dictionary_hash

JOIN_LINE = re.compile(rb"--connect [\d.]+:(\d+)")


async def start_host(
    data_home: Path, *args: str, program: str = "wordsy_tui"
) -> tuple[asyncio.subprocess.Process, int]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        program,
        "host",
        "--headless",
        "--no-advertise",
        "--bind",
        "127.0.0.1",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "XDG_DATA_HOME": str(data_home)},
        # A shell without job control starts background jobs with Ctrl-C ignored, and the
        # child would inherit that: the host must hear the Ctrl-C these tests send.
        preexec_fn=_hear_ctrl_c,
    )
    assert process.stdout is not None
    async with asyncio.timeout(60):  # a guard against a hang, not a timing assertion
        while True:
            line = await process.stdout.readline()
            assert line, "the host exited before it printed its address"
            match = JOIN_LINE.search(line)
            if match:
                return process, int(match[1])
    raise AssertionError("unreachable")


def _hear_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


async def interrupt(process: asyncio.subprocess.Process) -> tuple[int, bytes]:
    process.send_signal(signal.SIGINT)
    async with asyncio.timeout(60):
        output, _ = await process.communicate()
    return process.returncode or 0, output


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_a_killed_headless_host_resumes_and_the_round_goes_on(tmp_path):
    port = str(free_port())
    first = ("--port", port, "--bots", "1", "--bot-level", "easy", "--timer", "5")
    process, _ = await start_host(tmp_path, *first)
    cat = WordsySeat.join("127.0.0.1", int(port), "Cat", dictionary_hash())
    try:
        await cat.start()
        await wait_until(lambda: len(cat.state.players) == 2, timeout=60)
        assert await cat.start_game() is None
        await wait_until(lambda: cat.state.phase is Phase.WRITING)
        await cat.write("STRAND")
        await wait_until(lambda: cat.state.draft("Cat").commitment is not None)
        process.kill()  # kill -9, mid-round
        await process.wait()
        await wait_until(lambda: not cat.door.client.connected)

        process, _ = await start_host(tmp_path, "--port", port, "--resume")
        await wait_until(lambda: cat.door.client.connected, timeout=60)
        assert cat.state.draft("Cat").commitment is not None  # nothing lost
        assert await cat.flip() is None  # the bot must write within the 5 s that follow
        await wait_until(lambda: cat.state.phase is Phase.CHALLENGES, timeout=120)
        await cat.ready()
        await wait_until(lambda: cat.state.round == 2, timeout=120)
    finally:
        await cat.stop()
    assert cat.state.sheets["Cat"].rows[0].word == "STRAND"
    code, output = await interrupt(process)
    assert code == 130
    assert b"Host stopped." in output
    assert len(list((tmp_path / "wordsy-tui" / "games").glob("*.log"))) == 1


async def test_a_bots_locked_in_word_survives_kill_9_and_is_revealed_and_scored(tmp_path):
    port = str(free_port())
    # No timer: the round waits for Cat's lock-in, so the host dies with the bot's word
    # committed and locked in, before any reveal.
    first = ("--port", port, "--bots", "1", "--bot-level", "expert", "--no-timer")
    process, _ = await start_host(tmp_path, *first, program="tests.cli.fast_bots")
    games = tmp_path / "wordsy-tui" / "games"
    cat = WordsySeat.join("127.0.0.1", int(port), "Cat", dictionary_hash())
    try:
        await cat.start()
        await wait_until(lambda: len(cat.state.players) == 2, timeout=60)
        bot = next(name for name in cat.state.players if name != "Cat")
        assert await cat.start_game() is None
        await wait_until(lambda: cat.state.phase is Phase.WRITING)
        await cat.write("STRAND")
        await wait_until(lambda: cat.state.draft(bot).locked, timeout=60)
        process.kill()  # kill -9, mid-round: the bot's word lived in that process
        await process.wait()
        (log,) = games.glob("*.log")
        logged = log.read_bytes()
        (book,) = games.glob("*.seats.json")
        assert book.stat().st_mode & 0o777 == 0o600
        await wait_until(lambda: not cat.door.client.connected)

        process, _ = await start_host(
            tmp_path, "--port", port, "--resume", program="tests.cli.fast_bots"
        )
        await wait_until(lambda: cat.door.client.connected, timeout=60)
        assert await cat.lock_in() is None  # everyone is locked in: the reveal follows
        await wait_until(lambda: cat.state.phase is Phase.CHALLENGES, timeout=60)
        await cat.ready()
        await wait_until(lambda: cat.state.round == 2, timeout=60)
        row = cat.state.sheets[bot].rows[0]
        assert row.word is not None, "the bot's word was lost with the host"
        # The bot's program forgets the last round's words once it sees the new round.
        word = row.word
        await wait_until(lambda: word not in book.read_text(), timeout=60)
    finally:
        await cat.stop()
        if process.returncode is None:
            await interrupt(process)
    assert row.score > 0
    assert row.word.encode() not in logged, "the word reached the log before its reveal"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["host", "--seats", "9"], "Wordsy seats 2 to 6 players"),
        (["host", "--bots", "3", "--seats", "3"], "at least one seat"),
        (["host", "--timer", "2"], "from 5 to 600"),
        (["host", "--resume", "no-such-game"], "no saved Wordsy game"),
        (["host", "--name", " "], "1 to 20 characters"),
        (["host", "--salvage"], "--salvage goes with --resume"),
        (["join", "--connect", "no-port"], "HOST:PORT"),
        (["join", "--bot", "easy"], "--bot needs --connect"),
    ],
)
def test_bad_flags_exit_2_with_a_message(capsys, monkeypatch, tmp_path, argv, message):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err


async def save_a_game(data_home: Path) -> Path:
    """A real saved game: Ann hosts with a bot, two rounds played, then her host stops."""
    from tests.session.test_lan import playing, server
    from wordsy_tui.games.wordsy.seat import WordsySeat

    games = data_home / "wordsy-tui" / "games"
    host = server(games, captain="Ann")
    ann = WordsySeat.host("Ann", host, bots=("expert",))
    await ann.start()
    try:
        await wait_until(lambda: len(ann.state.players) == 2)
        async with playing(ann):
            assert await ann.start_game() is None
            await wait_until(lambda: ann.state.round == 3, timeout=60)
    finally:
        await ann.stop()
    return host.log_path


@pytest.fixture
def saved_game(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return asyncio.run(save_a_game(tmp_path))


def serve_without_screens(monkeypatch) -> list[object]:
    """Stand in for the app: sit down as the CLI says, look at the table, get up."""
    from wordsy_tui.cli import serve
    from wordsy_tui.kit import kit_for
    from wordsy_tui.table.joined import Joined

    seen: list[object] = []

    async def sit(options: serve.HostOptions) -> None:
        session = kit_for(options.game).hosted(options.game).app(options).session
        await session.start()  # refused ("already started") unless it is our own seat
        try:
            # Welcomed, and caught up with every event the resumed host replayed.
            door, server = session.door, session.server
            assert isinstance(door, Joined)
            assert server is not None
            await wait_until(lambda: door.client.connected and door.seq == server.host.seq)
            seen.append(session.state)
        finally:
            await session.stop()

    def play(options: serve.HostOptions) -> int:
        seen.append(options.name)
        asyncio.run(sit(options))
        return 0

    monkeypatch.setattr(serve, "serve_with_app", play)
    return seen


def test_resume_without_a_name_sits_the_host_in_its_own_seat(saved_game, capsys, monkeypatch):
    seen = serve_without_screens(monkeypatch)
    code, _, err = run(capsys, "host", "--resume", "--no-advertise", "--bind", "127.0.0.1")
    assert code == 0, err
    name, state = seen
    assert name == "Ann"
    assert state.round == 3
    assert "Ann" in state.players


def test_resume_under_another_name_says_whose_seat_it_is(saved_game, capsys, monkeypatch):
    seen = serve_without_screens(monkeypatch)
    code, _, err = run(capsys, "host", "--resume", "game", "--name", "Bob")
    assert code == 2
    assert "you host this saved game as 'Ann', not 'Bob'" in err
    assert "without --name" in err
    assert seen == []


def damage_the_middle(log: Path) -> tuple[int, int, int]:
    """Flip a bit in the payload of the log's middle record.

    The record's number, how many records there are, and how many events follow it.
    """
    from net.log import GameLog

    handle, records, _ = GameLog.open(log)
    handle.close()
    middle = len(records) // 2
    offset = 0
    data = bytearray(log.read_bytes())
    for _ in range(middle):
        offset += 8 + int.from_bytes(data[offset : offset + 4], "big")
    data[offset + 8 + 3] ^= 0x08
    log.write_bytes(bytes(data))
    following = sum(1 for r in records[middle + 1 :] if r.get("k") == "event")
    return middle + 1, len(records), following


def test_resume_stops_at_a_log_damaged_in_the_middle_and_changes_nothing(
    saved_game, capsys, monkeypatch
):
    from wordsy_tui.cli import serve

    damaged, total, following = damage_the_middle(saved_game)
    before = saved_game.read_bytes()
    files = sorted(saved_game.parent.iterdir())
    served: list[object] = []

    async def serve_nothing(options: serve.HostOptions) -> int:
        served.append(options)  # a host would cut the log back here
        return 0

    monkeypatch.setattr(serve, "serve_headless", serve_nothing)
    code, _, err = run(capsys, "host", "--resume", "--headless", "--no-advertise")
    assert code == 1
    assert served == []
    assert f"record {damaged} (at byte" in err
    assert f"{total - damaged} records ({following} events) follow it" in err
    assert "Nothing was changed" in err
    assert "wordsy-tui host --resume game --salvage" in err
    assert saved_game.read_bytes() == before
    assert sorted(saved_game.parent.iterdir()) == files


def test_salvage_resumes_from_the_intact_records_and_keeps_the_damaged_log(
    saved_game, capsys, monkeypatch
):
    from net.log import GameLog
    from wordsy_tui.cli import serve

    damaged, _, _ = damage_the_middle(saved_game)
    before = saved_game.read_bytes()
    resumed: list[int] = []

    async def serve_a_moment(options: serve.HostOptions) -> int:
        server = await serve.start_server(options)
        resumed.append(server.host.seq)
        await server.stop()
        return 0

    monkeypatch.setattr(serve, "serve_headless", serve_a_moment)
    argv = ("host", "--resume", "game", "--salvage", "--headless", "--no-advertise")
    code, out, err = run(capsys, *argv, "--bind", "127.0.0.1", "--port", "0")
    assert code == 0, err
    assert "salvaged" in out
    (kept,) = saved_game.parent.glob("game.log.damaged-*")
    assert kept.read_bytes() == before
    handle, records, damage = GameLog.open(saved_game)
    handle.close()
    assert damage is None
    assert len(records) >= damaged - 1  # the intact prefix, and what the host added to it
    assert resumed == [sum(1 for r in records[: damaged - 1] if r.get("k") == "event")]


def test_a_wordsy_hosts_referee_judges_by_the_word_list() -> None:
    # Its modules load at the first word judged (the lobby judges none): the same verdicts.
    from wordsy_tui.cli.hosting import HostOptions
    from wordsy_tui.games.wordsy.kit import wordsy_settings
    from wordsy_tui.games.wordsy.rules.config import GameConfig
    from wordsy_tui.games.wordsy.rules.referee import PlayedWord, Reason
    from wordsy_tui.games.wordsy.rules.rulesets import Ruleset

    referee = wordsy_settings(HostOptions(GameConfig(), "Hal"))["referee"]
    assert referee.judge("plants", [], Ruleset.CLASSIC).reason is Reason.OK
    assert referee.judge("plnats", [], Ruleset.CLASSIC).reason is Reason.NOT_A_WORD
    earlier = [PlayedWord("PLANT", 1, "Ann")]
    assert referee.judge("plants", earlier, Ruleset.CLASSIC).reason is Reason.SAME_WORD
