"""Generic LAN sync for turn-free party games: one authoritative host, many clients.

It knows nothing about any particular game. A game plugs in on the host side with an
object satisfying `HostedGame`:

    decide(seat, command) -> [event, ...]   # seat None = the host itself (its clock);
                                            # raise CommandRejected(code, message) on a rule error
    evolve(event) -> None                   # apply to the host's full state (also on replay)
    view(event, recipient) -> dict | None   # per-recipient redaction, pure; recipient None =
                                            # spectator; None = that recipient sees nothing
    snapshot(recipient) -> dict | None      # a view-state for catch-up when shorter, or None
    admit(name, role, seats) -> Refusal | None   # e.g. Refusal.of(GAME_FULL)

    host = Host(game, log_path, HostConfig(bind="0.0.0.0", pin="1234",
                requirements={"dictionary": h}, requirement_names={"dictionary": "word list"}),
                on_presence=callback,     # callback(mapping seat -> connected)
                on_reclaim=ask,           # async ask(name) -> bool: hand a seat to a newcomer?
                welcome_note=note,        # note() -> the game's word beside each view
                on_here=seen,             # seen(seat): its person did something
                after_sent=settle)        # settle(): each command's frames are written
    await host.start()                    # replays log_path if it exists, then listens
    await host.submit({...})              # a command from the host's clock
    host.broadcast_hash()                 # desync check, e.g. at each round's end
    host.send_note()                      # note() changed (e.g. the game's clock): tell all
    await host.remove_seat("Bob")         # revoke a seat (its tokens, also after a restart)
    await host.next_game(game2, log2, ["Ada", "Bob"], "Ada wants a rematch")
                                          # another game on the same connections (a rematch)
    host.mute("Bob"); host.unmute("Bob")  # chat: drop (or no longer drop) Bob's lines
    await host.stop()

Players, bots and spectators are all `Client`s (bots in the host's process connect over
loopback like anyone else):

    client = Client(host, port, "Ada", role="player", pin=..., requirements=...,
                    token=saved_token,    # token: take a seat back after a restart
                    keys=SeatKeys(path))  # or let the client keep its tokens on disk itself
    await client.start()                  # raises Refused(reason, message), or Unreachable
    result = await client.command({...})  # CommandResult(accepted, seq, count, code, message)
    client.say("gg")                      # chat: a side message, never in the log
    client.here()                         # a sign of life from the person at this seat
    async for update in client.updates(): # Event, Reset, Presence, Link, Said, SayRefused,
                                          # Next, Note
        ...                               # (or pass on_update=callback to Client instead)
    client.events, client.snapshot        # the view so far: fold these for the state
    await client.close()

The client reconnects by itself (exponential backoff), resumes from its last sequence
number, keeps commands issued meanwhile in an outbox and sends each exactly once, and
resyncs by itself when the host's view hash disagrees with its own.

The log lives in `default_log_dir(app_name) / f"{new_game_id()}.log"` unless the caller
picks another directory; `saved_games(directory)` lists logs to resume, newest first, and
`host.damage` says whether a resumed log had a torn tail (and how it was repaired). A log
damaged before its end makes `host.start()` raise `LogDamaged` and changes nothing;
`salvage_log(path)` cuts it back to its intact prefix when a person asks (the damaged file
is kept aside), after which the host starts from what is left.

Discovery (`net.discovery`: Advertiser, Browser) and the network doctor (`net.doctor`:
run_checks, format_report) are separate modules, optional for a `--connect` game.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from net.chat import SayPolicy
    from net.client import (
        Client,
        ClientConfig,
        Event,
        Link,
        Next,
        Note,
        Presence,
        Refused,
        Reset,
        Said,
        SayRefused,
        Unreachable,
        Update,
    )
    from net.config import HostConfig
    from net.host import Host, HostedGame
    from net.keys import SeatKeys, default_keys_path
    from net.log import Damage, LogDamaged, default_log_dir, new_game_id, salvage_log, saved_games
    from net.protocol import PROTOCOL_VERSION, CommandRejected, CommandResult, Refusal

# Each name is imported from its module when first asked for: a player who joins imports
# the client without the host, and neither loads what it does not use before its first frame.
_HOMES: dict[str, str] = {
    "SayPolicy": "net.chat",
    "Client": "net.client",
    "ClientConfig": "net.client",
    "Event": "net.client",
    "Link": "net.client",
    "Next": "net.client",
    "Note": "net.client",
    "Presence": "net.client",
    "Refused": "net.client",
    "Reset": "net.client",
    "Said": "net.client",
    "SayRefused": "net.client",
    "Unreachable": "net.client",
    "Update": "net.client",
    "HostConfig": "net.config",
    "Host": "net.host",
    "HostedGame": "net.host",
    "SeatKeys": "net.keys",
    "default_keys_path": "net.keys",
    "Damage": "net.log",
    "LogDamaged": "net.log",
    "default_log_dir": "net.log",
    "new_game_id": "net.log",
    "salvage_log": "net.log",
    "saved_games": "net.log",
    "PROTOCOL_VERSION": "net.protocol",
    "CommandRejected": "net.protocol",
    "CommandResult": "net.protocol",
    "Refusal": "net.protocol",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'net' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "PROTOCOL_VERSION",
    "Client",
    "ClientConfig",
    "CommandRejected",
    "CommandResult",
    "Damage",
    "Event",
    "Host",
    "HostConfig",
    "HostedGame",
    "Link",
    "LogDamaged",
    "Next",
    "Note",
    "Presence",
    "Refusal",
    "Refused",
    "Reset",
    "Said",
    "SayPolicy",
    "SayRefused",
    "SeatKeys",
    "Unreachable",
    "Update",
    "default_keys_path",
    "default_log_dir",
    "new_game_id",
    "salvage_log",
    "saved_games",
]
