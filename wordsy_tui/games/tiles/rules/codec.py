"""The tile games' commands, events and per-seat snapshots as msgpack-ready maps, and back.

The generic part (a map with a `kind`, fields checked against the dataclasses'
type hints) is Wordsy's codec; this module gives it the tile games' unions and
adds what their types cannot say: a tile is one character, and a play or an
exchange holds at most a board line of tiles.

A command on the wire may name the seat it acts for in a `seat` field (see
docs/PROTOCOL.md, "Tile game payloads"): the host seats people that way, and
from a peer the field must be its own seat.
"""

from __future__ import annotations

import typing
from typing import Any, Final

from wordsy_tui.engine import Request
from wordsy_tui.engine.codec import KIND, CodecError, bounded, decode_kind, encode, registry
from wordsy_tui.engine.names import NAME_BOUND
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.rulesets import SIZE
from wordsy_tui.games.tiles.rules.state import TileGameState

__all__ = [
    "SEAT",
    "CodecError",
    "decode_command",
    "decode_event",
    "decode_request",
    "decode_snapshot",
    "encode",
]

SEAT: Final = "seat"
"""The optional field of a wire command naming the seat it acts for."""
MAX_TILES: Final = SIZE
"""No play or exchange can hold more tiles than a line of the board."""

COMMANDS: Final = registry(cmd.Command)
EVENTS: Final = registry(ev.Event)
SNAPSHOTS: Final[dict[str, type]] = {TileGameState.__name__: TileGameState}


def decode_request(data: Any) -> Request[cmd.Command]:
    """A wire command, and the seat its `seat` field says it acts for (if any)."""
    if not isinstance(data, dict):
        raise CodecError("expected a map with a 'kind'")
    seat = data.get(SEAT)
    if seat is not None:
        if not isinstance(seat, str):
            raise CodecError(f"{SEAT}: expected str")
        bounded(seat, NAME_BOUND)
    command = decode_command({k: v for k, v in data.items() if k != SEAT})
    return Request(command, seat)


def decode_command(data: Any) -> cmd.Command:
    command = typing.cast(cmd.Command, decode_kind(data, COMMANDS))
    match command:
        case cmd.Play(placement):
            _tiles([letter for _, letter in placement], "Play.placement")
        case cmd.Exchange(tiles):
            _tiles(list(tiles), "Exchange.tiles")
    return command


def _tiles(tiles: list[str], where: str) -> None:
    if len(tiles) > MAX_TILES:
        raise CodecError(f"{where}: at most {MAX_TILES} tiles")
    if any(len(tile) != 1 for tile in tiles):
        raise CodecError(f"{where}: a tile is one character")


def decode_event(data: Any) -> ev.Event:
    return typing.cast(ev.Event, decode_kind(data, EVENTS))


def decode_snapshot(data: Any) -> TileGameState:
    """A seat's view of the state, as the host's `snapshot` sent it."""
    if isinstance(data, dict) and data.get(KIND) != TileGameState.__name__:
        raise CodecError("expected a TileGameState")
    return typing.cast(TileGameState, decode_kind(data, SNAPSHOTS))
