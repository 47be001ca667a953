"""Word Nerds' commands, events and per-seat snapshots as msgpack-ready maps, and back.

The generic part (a map with a `kind`, each field checked against the dataclasses' type
hints: a commitment's bytes, the frozensets, the maps of hands and tokens) is the engine's
codec; this module gives it Word Nerds' unions and bounds what their types cannot say: a
word and its cards are a few dozen at most, a bid holds a few cards; and of what a host
sends, every card, token and score is one the game has (`bounds`).

A command on the wire may name the seat it acts for in a `seat` field (docs/PROTOCOL.md,
"Word Nerds"): the host seats people that way, and from a peer it must be its own seat.
"""

from __future__ import annotations

import typing
from typing import Any, Final

from wordsy_tui.engine import Request
from wordsy_tui.engine.codec import KIND, CodecError, decode_kind, encode, registry
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.bids import MAX_BID_CARDS
from wordsy_tui.games.wordnerds.rules.bounds import MAX_WORD, check_event, check_state
from wordsy_tui.games.wordnerds.rules.components import HAND_LIMIT, LETTERS
from wordsy_tui.games.wordnerds.rules.state import NerdsState

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

COMMANDS: Final = registry(cmd.Command)
EVENTS: Final = registry(ev.Event)
SNAPSHOTS: Final[dict[str, type]] = {NerdsState.__name__: NerdsState}


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
    match command:
        case cmd.Declare(word, cards) | cmd.Trump(word, cards):
            if len(word) > MAX_WORD or len(cards) > MAX_WORD:
                raise CodecError(f"{type(command).__name__}: at most {MAX_WORD} letters")
        case cmd.RevealBid(_token, cards, _salt) if len(cards) > MAX_BID_CARDS:
            raise CodecError(f"RevealBid.cards: at most {MAX_BID_CARDS}")
        case cmd.Replace(cards, tokens) if max(len(cards), len(tokens)) > HAND_LIMIT:
            raise CodecError(f"Replace: at most {HAND_LIMIT} cards")
        case cmd.Discard(cards) if len(cards) > len(LETTERS):
            raise CodecError(f"Discard: at most {len(LETTERS)} cards")
    return command


def decode_event(data: Any) -> ev.Event:
    event = typing.cast(ev.Event, decode_kind(data, EVENTS))
    check_event(event)
    return event


def decode_snapshot(data: Any) -> NerdsState:
    """A seat's view of the state, as the host's `snapshot` sent it."""
    if isinstance(data, dict) and data.get(KIND) != NerdsState.__name__:
        raise CodecError("expected a NerdsState")
    state = typing.cast(NerdsState, decode_kind(data, SNAPSHOTS))
    check_state(state)
    return state
