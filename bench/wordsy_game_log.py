"""The log of a real six-player Wordsy game: six computer players, seven rounds.

Baseline: the same events as bare msgpack, measured in the same run. Goal: the log file
stays under 200 KB. Bots play at 1/500 of a person's pace so the game takes seconds.
"""

from __future__ import annotations

import asyncio
import dataclasses
import tempfile
import time
from pathlib import Path

import msgpack
from paired import figure

from wordsy_tui.games.wordsy.host import WordsyHost, wordsy_host
from wordsy_tui.games.wordsy.referee import WordReferee
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.words.digest import dictionary_hash

GOAL_BYTES = 200 * 1024
FAST = GameConfig(timer_seconds=5, reveal_seconds=5, vote_seconds=2, challenge_seconds=1)


async def play(log_path: Path, durable: bool = False) -> WordsyHost:
    server = wordsy_host(
        FAST,
        dictionary=dictionary_hash(),
        bind="127.0.0.1",
        port=0,
        log_path=log_path,
        referee=WordReferee(),
        bot_pace=0.002,
    )
    # The disk's fsync says nothing about the log's size (bench/host_memory.py keeps it).
    server.host.config = dataclasses.replace(server.host.config, durable=durable)
    await server.start()
    for level in ("easy", "medium", "hard", "expert", "hard", "medium"):
        await server.add_bot(level)
    while len(server.state.players) < 6:
        await asyncio.sleep(0.05)
    await server.submit(cmd.StartGame())
    while server.state.phase is not Phase.OVER:
        await asyncio.sleep(0.1)
    await server.stop()
    return server


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        started = time.perf_counter()
        server = asyncio.run(play(Path(directory) / "game.log"))
        seconds = time.perf_counter() - started
        size = server.log_path.stat().st_size
        bare = sum(len(msgpack.packb(event)) for event in server.host.events)
    print(f"six-player game: {len(server.host.events)} events, played in {seconds:.1f} s")
    print(f"log file      : {size / 1024:7.1f} KB")
    print(f"bare msgpack  : {bare / 1024:7.1f} KB (baseline)")
    print(
        f"ratio         : {size / bare:7.2f}x baseline; {size / GOAL_BYTES:.2f}x the 200 KB goal"
    )
    # One run: a log's size barely varies from game to game.
    figure("Wordsy log of a six-bot game", "<= 200 KB", [size / 1024], " KB", size <= GOAL_BYTES)


if __name__ == "__main__":
    main()
