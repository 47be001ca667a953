"""Wordsmith's commands, events and per-seat snapshots as msgpack-ready maps, and back.

The generic part (a map with a `kind`, each field checked against the dataclasses' type
hints: the 64-bit mask of circled squares, a commitment's bytes, the frozensets) is the
engine's codec; this module gives it Wordsmith's unions and bounds what their types cannot
say: a turn holds two picks and a few bonuses, a letter is one character.

A command on the wire may name the seat it acts for in a `seat` field (docs/PROTOCOL.md,
"Wordsmith"): the host seats people that way, and from a peer it must be its own seat.
"""

from __future__ import annotations

import typing
from typing import Any, Final

from wordsy_tui.engine import Request
from wordsy_tui.engine.codec import KIND, CodecError, decode_kind, encode, registry
from wordsy_tui.games.wordsmith.rules import commands as cmd
from wordsy_tui.games.wordsmith.rules import events as ev
from wordsy_tui.games.wordsmith.rules.components import LETTERS_PER_TURN
from wordsy_tui.games.wordsmith.rules.state import WordsmithState
from wordsy_tui.games.wordsmith.rules.turn import GobletLetter, Turn

__all__ = [
    "SEAT",
    "CodecError",
    "decode_event",
    "decode_request",
    "decode_snapshot",
    "encode",
]

SEAT: Final = "seat"
"""The optional field of a wire command naming the seat it acts for."""
MAX_BONUSES: Final = 8
"""More than a turn can earn (three goblets and two swords), fewer than a flood."""

COMMANDS: Final = registry(cmd.Command)
EVENTS: Final = registry(ev.Event)
SNAPSHOTS: Final[dict[str, type]] = {WordsmithState.__name__: WordsmithState}


def decode_request(data: Any) -> Request[cmd.Command]:
    """A wire command, and the seat its `seat` field says it acts for (if any)."""
    if not isinstance(data, dict):
        raise CodecError("expected a map with a 'kind'")
    seat = data.get(SEAT)
    if seat is not None and not isinstance(seat, str):
        raise CodecError(f"{SEAT}: expected str")
    return Request(decode_command({k: v for k, v in data.items() if k != SEAT}), seat)


def decode_command(data: Any) -> cmd.Command:
    command = typing.cast(cmd.Command, decode_kind(data, COMMANDS))
    if isinstance(command, cmd.Reveal):
        _bounded(command.turn)
    return command


def _bounded(turn: Turn) -> None:
    if len(turn.picks) > LETTERS_PER_TURN:
        raise CodecError(f"Reveal.turn: at most {LETTERS_PER_TURN} picks")
    if len(turn.bonuses) > MAX_BONUSES:
        raise CodecError(f"Reveal.turn: at most {MAX_BONUSES} bonuses")
    letters = [pick.letter for pick in turn.picks] + [
        bonus.letter for bonus in turn.bonuses if isinstance(bonus, GobletLetter)
    ]
    if any(len(letter) != 1 for letter in letters):
        raise CodecError("Reveal.turn: a letter is one character")


def decode_event(data: Any) -> ev.Event:
    return typing.cast(ev.Event, decode_kind(data, EVENTS))


def decode_snapshot(data: Any) -> WordsmithState:
    """A seat's view of the state, as the host's `snapshot` sent it."""
    if isinstance(data, dict) and data.get(KIND) != WordsmithState.__name__:
        raise CodecError("expected a WordsmithState")
    return typing.cast(WordsmithState, decode_kind(data, SNAPSHOTS))
