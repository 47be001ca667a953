"""What a host is set up with: its address, PIN, requirements, and every limit it keeps."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from net.chat import SayPolicy
from net.framing import MAX_FRAME
from net.limits import PinPolicy, SeatPolicy


@dataclass(frozen=True)
class HostConfig:
    bind: str = "127.0.0.1"
    port: int = 0
    pin: str | None = None
    # Things both sides must agree on (ruleset, word list hash...), with names for people.
    requirements: Mapping[str, str] = field(default_factory=dict)
    requirement_names: Mapping[str, str] = field(default_factory=dict)
    max_frame: int = MAX_FRAME
    heartbeat: float = 5.0
    timeout: float = 15.0
    handshake_timeout: float = 10.0
    rate: float = 200.0  # frames per second a peer may send, sustained
    burst: float = 400.0
    # Bytes queued to one peer (beyond its catch-up) before it is dropped as stuck, and to
    # all peers together before the most backed-up ones are dropped.
    send_buffer: int = 256 * 1024
    send_buffer_total: int = 64 * 1024 * 1024
    max_spectators: int = 1000
    presence_tick: float = 0.2  # seconds: presence changes within one tick go out as one
    # Spectators written per turn of the event loop when the crowd's frames go out, so that
    # a player's command never waits for more than one such slice; and the least time
    # between two rounds of such writes while the table keeps them coming, for a crowd of
    # `spectator_crowd` (a smaller crowd's in proportion), so that a busy table costs one
    # write per spectator per tick rather than per event: a tenth of a core or so whatever
    # the crowd, and a hundred spectators wait a hundredth of a second, not a tenth.
    spectator_slice: int = 32
    spectator_tick: float = 0.1  # seconds
    spectator_crowd: int = 1000
    # New connections set up per turn of the event loop (they are accepted on a thread of
    # their own, `net.doorway`): a crowd arriving together is taken in a few at a time, so
    # a player's command never waits behind a whole bunch of them.
    accepts_per_turn: int = 4
    pin_policy: PinPolicy = field(default_factory=PinPolicy)
    seat_policy: SeatPolicy = field(default_factory=SeatPolicy)
    # The host's own player and computer players join over loopback: new seats from there
    # are not rate-limited (wrong PINs are, from everywhere).
    seat_limit_exempt: tuple[str, ...] = ("127.0.0.1", "::1")
    remembered_commands: int = 1024  # per seat, for applying a re-sent command only once
    durable: bool = True  # fsync every append; only benchmarks and tests may turn this off
    reclaim_timeout: float = 120.0  # how long a `reclaim` hello waits for the host's answer
    say: SayPolicy = field(default_factory=SayPolicy)  # chat: length and pace of lines
