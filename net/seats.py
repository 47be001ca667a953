"""Seats and their tokens."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from net import protocol as p

if TYPE_CHECKING:
    from net.peer import Peer


@dataclass
class Recipient:
    """One view of the game: a seat, or all spectators (key None), and its hash chain."""

    key: str | None
    chain: bytes = p.HASH_SEED
    peers: set[Peer] = field(default_factory=set)
