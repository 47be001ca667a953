"""Hostile text against a real host on 127.0.0.1: names, words, command ids, mDNS records.

Each hostile string must be refused with a typed error before anything is logged, and
none may reach another player's stream or the headless host's stdout.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from net import PROTOCOL_VERSION
from net import protocol as p
from net.discovery import Service
from net.framing import FrameReader, encode
from tests.hostile import PAYLOADS, raw_in, wrapped
from tests.net.helpers import Proxy, wait_until
from tests.session.test_lan import DICTIONARY, server
from wordsy_tui.cli.hosting import HostOptions
from wordsy_tui.cli.serve import serve_headless
from wordsy_tui.engine.codec import encode as encode_command
from wordsy_tui.games.wordsy.host import WordsyHost, captain_starts
from wordsy_tui.games.wordsy.narrate import narrate
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.errors import ControlCharacters
from wordsy_tui.games.wordsy.rules.events import GameCreated, PlayerJoined, WordRevealed
from wordsy_tui.games.wordsy.rules.referee import Reason, Verdict
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.games.wordsy.seam import wordsy_rules
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.basics import requirements
from wordsy_tui.table.discovery import found_game, game_name_problem
from wordsy_tui.table.seam import HostedRules


def hello_frame(name: str, dictionary: str = DICTIONARY, **extra: Any) -> bytes:
    return encode(
        {
            "t": "hello",
            "version": PROTOCOL_VERSION,
            "name": name,
            "role": "player",
            "last_seq": 0,
            "requirements": requirements(dictionary, "wordsy"),
            **extra,
        }
    )


async def hello(port: int, name: str, dictionary: str = DICTIONARY, **extra: Any) -> dict:
    """One raw handshake, as a client written from docs/PROTOCOL.md would make it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(hello_frame(name, dictionary, **extra))
        reply = await FrameReader(reader).read()
        assert reply is not None
        return reply
    finally:
        writer.close()


async def command_with_id(port: int, name: str, command_id: str) -> dict:
    """Sit down as `name` (a new seat), send one command under `command_id`: the error."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    frames = FrameReader(reader)
    try:
        writer.write(hello_frame(name))
        writer.write(encode({"t": "cmd", "id": command_id, "body": {"kind": "StartGame"}}))
        while (frame := await frames.read()) is not None:
            if frame["t"] in ("error", "ack", "refused"):
                return frame
        raise AssertionError("the host closed the connection without an answer")
    finally:
        writer.close()


@pytest.mark.parametrize("payload", PAYLOADS.values(), ids=PAYLOADS.keys())
async def test_a_name_with_control_characters_is_refused_at_the_handshake(tmp_path, payload):
    host = server(tmp_path, captain="Ann")
    await host.start()
    try:
        for extra in ({}, {"role": "spectator"}):
            reply = await hello(host.port, wrapped(payload, "Eve"), **extra)
            assert (reply["t"], reply["reason"]) == ("refused", p.CONTROL_CHARACTERS)
        reply = await hello(host.port, "Eve", pin=wrapped(payload))
        assert reply["reason"] == p.CONTROL_CHARACTERS, "every string in a hello is checked"
        assert host.host.presence == {}
        assert wrapped(payload).encode() not in host.log_path.read_bytes()
    finally:
        await host.stop()


@contextlib.asynccontextmanager
async def hosted_by_ann(tmp_path: Path) -> AsyncIterator[WordsyHost]:
    """A real host on 127.0.0.1 whose own player, Ann, is seated."""
    host = server(tmp_path, captain="Ann")
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    try:
        yield host
    finally:
        await ann.stop()


async def test_a_welcome_always_means_a_real_seat(tmp_path):
    async with hosted_by_ann(tmp_path) as host:
        lookalikes = [
            "Zoe",
            "ZOE",
            "Z0e",
            "\u0396oe",
            "Z\u043e\u0435",
        ]  # Latin, case, zero, Greek, Cyrillic
        refused = {
            "\uff3aoe": p.BAD_NAME,  # not NFKC: clients send names normalised
            "Bot 1 (easy)": p.BAD_NAME,  # the host's own computer players' names
            "Cat" * 8: p.BAD_NAME,  # over the one length limit
            "ann": p.NAME_TAKEN,
            "\u0410nn": p.NAME_TAKEN,  # Cyrillic A
        }
        names = [*lookalikes, *refused, "Ben"]
        replies = dict(
            zip(names, await asyncio.gather(*(hello(host.port, n) for n in names)), strict=True)
        )
        welcomed = [name for name, reply in replies.items() if reply["t"] == "welcome"]
        assert len([n for n in welcomed if n in lookalikes]) == 1, replies
        assert "Ben" in welcomed
        for name, reason in refused.items():
            assert (replies[name]["t"], replies[name]["reason"]) == ("refused", reason), name
            assert replies[name]["message"].isprintable()
        # Every seat net handed out is a seat in the game: no ghost in presence.
        await wait_until(lambda: set(host.host.presence) == set(host.state.players))
        assert set(host.state.players) == {"Ann", *welcomed}


async def test_a_taken_name_is_refused_with_a_reason_that_names_the_lookalike(tmp_path):
    async with hosted_by_ann(tmp_path) as host:
        reply = await hello(host.port, "\u0410NN")
        assert reply["reason"] == p.NAME_TAKEN
        assert "looks the same as Ann" in reply["message"]


@contextlib.asynccontextmanager
async def headless_host(port_holder: list[int], capsys) -> AsyncIterator[asyncio.Task[int]]:
    options = HostOptions(
        GameConfig(timer_seconds=30), None, port=0, bind="127.0.0.1", advertise=False
    )
    task = asyncio.create_task(serve_headless(options))
    printed: list[str] = []

    def port_said() -> bool:
        printed.append(capsys.readouterr().out)
        found = re.search(r"--connect \S+:(\d+)", "".join(printed))
        if found:
            port_holder.append(int(found.group(1)))
        return bool(found)

    try:
        await wait_until(port_said, timeout=60)
        yield task
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        capsys.readouterr()  # the caller has read what it needs
        print("".join(printed), end="")


async def test_hostile_names_words_and_ids_never_reach_another_player_or_the_hosts_stdout(
    tmp_path, monkeypatch, capsys
):
    from wordsy_tui.words.digest import dictionary_hash

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    ports: list[int] = []
    async with headless_host(ports, capsys):
        port = ports[0]
        dictionary = dictionary_hash()
        for payload in PAYLOADS.values():
            reply = await hello(port, wrapped(payload, "Eve"), dictionary)
            assert reply["reason"] == p.CONTROL_CHARACTERS
        proxy = Proxy(port)
        bob = WordsySeat.join("127.0.0.1", await proxy.start(), "Bob", dictionary)
        eve = WordsySeat.join("127.0.0.1", port, "Eve", dictionary)
        await eve.start()
        await bob.start()
        try:
            await wait_until(lambda: len(eve.state.players) == 2)
            assert await eve.start_game() is None
            await wait_until(lambda: eve.state.phase is Phase.WRITING)
            hostile_words = [wrapped(payload, "PLANT") for payload in PAYLOADS.values()]
            await eve.write(hostile_words[0])  # only a commitment travels: nothing to see yet
            await bob.write("STRAND")
            await bob.lock_in()
            await eve.lock_in()
            await wait_until(lambda: eve.state.phase is not Phase.WRITING)
            for word in hostile_words:
                for command in (
                    cmd.RevealWord("Eve", word, secrets.token_bytes(16)),
                    cmd.Challenge("Eve", word),
                ):
                    result = await eve.door.client.command(encode_command(command))
                    assert (result.accepted, result.code) == (False, ControlCharacters.code)
                    assert result.message.isprintable()
            await wait_until(lambda: bob.state.draft("Bob").revealed)
        finally:
            await eve.stop()
            await bob.stop()
            await proxy.stop()
        printed = capsys.readouterr().out
    logs = list((tmp_path / "wordsy-tui" / "games").glob("*.log"))
    assert len(logs) == 1
    logged = logs[0].read_bytes()
    for payload in PAYLOADS.values():
        for text in (wrapped(payload, "Eve"), wrapped(payload, "PLANT")):
            for marker in (text.encode(), text.upper().encode()):
                assert marker not in proxy.recorded, "another player received it"
                assert marker not in logged, "the log kept it"
    assert raw_in(printed) == []
    assert "Bob: STRAND" in printed, "the host did narrate the round"
    assert "Eve" in printed


@pytest.mark.parametrize("payload", PAYLOADS.values(), ids=PAYLOADS.keys())
async def test_a_command_id_with_control_characters_is_refused(tmp_path, payload):
    host = server(tmp_path)
    await host.start()
    try:
        reply = await command_with_id(host.port, "Ann", wrapped(payload))
        assert (reply["t"], reply["code"]) == ("error", p.CONTROL_CHARACTERS)
        assert wrapped(payload).encode() not in host.log_path.read_bytes()
        reply = await command_with_id(host.port, "Bob", "go")
        # A well-named command reaches the rules: only the first seated may start.
        assert (reply["t"], reply["code"]) == ("error", "host-only")
    finally:
        await host.stop()


def test_the_games_admit_hook_applies_the_name_rule_to_every_newcomer():
    game = HostedRules(wordsy_rules(), captain="Ann", house_rule=captain_starts)
    game.evolve(encode_command(GameCreated(GameConfig())))
    assert game.admit("Ann", "player", []) is None
    assert game.admit("ann", "player", ["Ann"]).reason == p.NAME_TAKEN
    game.evolve(encode_command(PlayerJoined("Ann")))
    assert game.admit("ANN", "player", []).reason == p.NAME_TAKEN, "the game's players count"
    game.bots.add("Bot 1 (easy)")
    assert game.admit("Bot 1 (easy)", "player", ["Ann"]) is None
    assert game.admit("Bot 2 (easy)", "player", ["Ann"]).reason == p.BAD_NAME
    assert game.admit("Eve\x1b", "spectator", []).reason == p.CONTROL_CHARACTERS


@pytest.mark.parametrize("payload", PAYLOADS.values(), ids=PAYLOADS.keys())
@pytest.mark.parametrize("where", ["name", "host", "phase", "rules", "key"])
def test_a_game_advertised_with_control_characters_is_not_listed(payload, where):
    props = {"v": str(PROTOCOL_VERSION), "players": "1", "seats": "6", "host": "Ann"}
    name = "Friday words"
    if where == "name":
        name = wrapped(payload)
    elif where == "key":
        props[wrapped(payload)] = "1"
    else:
        props[where] = wrapped(payload)
    assert found_game(Service(name, ("192.0.2.7",), 47474, props)) is None
    assert found_game(Service("Friday words", ("192.0.2.7",), 47474, {"players": "1"}))


@pytest.mark.parametrize("payload", PAYLOADS.values(), ids=PAYLOADS.keys())
def test_a_game_name_with_control_characters_is_refused(payload):
    assert "control" in (game_name_problem(wrapped(payload)) or "")
    assert game_name_problem("Friday words") is None
    assert game_name_problem("é" * 40) is not None, "an mDNS label is 63 bytes"


@pytest.mark.parametrize("payload", PAYLOADS.values(), ids=PAYLOADS.keys())
def test_the_hosts_lines_show_a_tampered_logs_text_escaped(payload):
    # A log from elsewhere (a replay, a resumed copy) is not checked by the rules.
    name, word = wrapped(payload, "Eve"), wrapped(payload, "WORD")
    state = GameState(players=(name,))
    lines = [
        narrate(state, PlayerJoined(name)),
        narrate(state, WordRevealed(name, word, Verdict(False, Reason.NOT_LETTERS, word))),
    ]
    for line in lines:
        assert line is not None
        assert raw_in(line) == []
        assert line.isprintable()
