"""Size of the log file of a full six-player game: 6 seats, 7 rounds of ~60 events of
realistic shape and size (cards dealt, commitments, reveals, scores, challenges, votes).

Baseline: the same events packed back to back with plain msgpack (no framing, no CRC, no
sequence numbers). Goal: at most 200 KB. Run: uv run python bench/net_logsize.py
"""

from __future__ import annotations

import asyncio
import secrets
import tempfile
from pathlib import Path
from typing import Any

import msgpack
from net_server import RelayGame
from paired import figure

from net import Client, Host, HostConfig

PLAYERS = ["Ada", "Bea", "Cyd", "Dov", "Eli", "Fay"]


def round_events(r: int) -> list[dict[str, Any]]:
    cards = [
        {"letter": secrets.choice("ABCDEFGHIJKLMNOPRSTUVWYZ"), "points": 2 + i % 5, "column": c}
        for i, c in enumerate([5, 5, 4, 4, 3, 3, 2, 2])
    ]
    events: list[dict[str, Any]] = [{"type": "round_started", "round": r, "cards": cards}]
    for p in PLAYERS:
        events += [
            {"type": "player_progress", "player": p, "round": r, "letters": n} for n in (2, 4, 6)
        ]
        events.append({"type": "word_committed", "player": p, "round": r,
                       "commitment": secrets.token_hex(32)})  # fmt: skip
        events.append({"type": "player_locked", "player": p, "round": r})
    events.append({"type": "timer_flipped", "player": PLAYERS[r % 6], "round": r})
    for p in PLAYERS:
        events.append({"type": "word_revealed", "player": p, "round": r, "word": "QUARTZES",
                       "salt": secrets.token_hex(16)})  # fmt: skip
    events.append({"type": "challenge_opened", "by": PLAYERS[0], "word_of": PLAYERS[1]})
    events += [{"type": "vote_cast", "player": p, "accept": True} for p in PLAYERS[2:]]
    events.append({"type": "challenge_resolved", "word_of": PLAYERS[1], "upheld": False})
    for p in PLAYERS:
        events.append({"type": "score_marked", "player": p, "round": r, "score": 17,
                       "bonus": r % 2 == 0, "penalty": 0})  # fmt: skip
    events.append({"type": "round_ended", "round": r})
    return events


class ScriptedGame(RelayGame):
    """Turns a command carrying ready-made events into those events."""

    def decide(self, seat: str | None, command: dict[str, Any]) -> list[dict[str, Any]]:
        return command["events"]


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        log_path = Path(tmp) / "game.log"
        host = Host(ScriptedGame(), log_path, HostConfig(durable=False))
        await host.start()
        clients = [Client("127.0.0.1", host.address[1], name) for name in PLAYERS]
        for c in clients:
            await c.start()
        raw = 0
        for r in range(1, 8):
            events = round_events(r)
            raw += sum(len(msgpack.packb(e)) for e in events)
            # One command per small batch, as players and the clock would produce them.
            for i in range(0, len(events), 3):
                await host.submit({"events": events[i : i + 3]})
        for c in clients:
            await c.close()
        await host.stop()
        size = log_path.stat().st_size
    print(f"log of a six-player, 7-round game: {host.seq} events, {size / 1024:.1f} KB")
    print(f"  baseline (the same events as bare msgpack): {raw / 1024:.1f} KB")
    # One run: the size does not vary from run to run (bar the random hashes' packing).
    figure("net log of a 7-round game", "<= 200 KB", [size / 1024], " KB", size <= 200 * 1024)
    figure("the same / bare msgpack events", "-", [size / raw], "x")


if __name__ == "__main__":
    asyncio.run(main())
