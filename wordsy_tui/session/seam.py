"""What every hosted game does the same way at the host's door, whatever its rules.

A game's `HostedGame` (Wordsy's `WordsyGame`, the tile games' `TileGame`) turns
wire commands into typed ones with its own codec; these helpers are the checks
around that which do not depend on the game: the host's own commands, a seat
acting only for itself, text with control characters, rule errors and names
turned into the wire's refusals, and the one admission rule for newcomers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import Any, Final, Protocol

from net import CommandRejected, Refusal
from net import protocol as p
from wordsy_tui.game.errors import ControlCharacters, NameTaken, RuleError
from wordsy_tui.game.names import name_problem
from wordsy_tui.session.codec import CodecError
from wordsy_tui.text import shown, unsafe_characters

NOT_YOUR_SEAT = "not-your-seat"
HOST_ONLY = "host-only"
MALFORMED = "malformed-command"


def malformed(error: CodecError) -> CommandRejected:
    return CommandRejected(MALFORMED, f"That command is malformed: {error}.")


def refused_by_rules(error: RuleError) -> CommandRejected:
    """A rule error as the refusal its player reads (its code and sentence)."""
    return CommandRejected(error.code, str(error))


def refuse_host_only(seat: str | None, command: object, host_only: tuple[type, ...]) -> None:
    """The host's own set-up and clock: no seat may send these."""
    if seat is not None and isinstance(command, host_only):
        raise CommandRejected(HOST_ONLY, "Only the host can do that.")


def refuse_bot_join(seat: str | None, bot: bool, bots: set[str]) -> None:
    """Only the seats the host gave its own computer players join as bots."""
    if seat is not None and bot and seat not in bots:
        raise CommandRejected(HOST_ONLY, "Only the host seats computer players.")


def refuse_acting_for_others(seat: str | None, actors: Iterable[object]) -> None:
    """A seat may only act for itself: every name a command gives as its actor is the
    sender's seat (the host, seat None, may act for anyone)."""
    if seat is not None and any(actor != seat for actor in actors):
        raise CommandRejected(NOT_YOUR_SEAT, "You can only act for yourself.")


def refuse_unsafe_text(command: object) -> None:
    """Every string a peer sends, however deep in the command (typed, or still a wire map),
    is checked before the rules see it (or the log keeps it)."""
    for value in _strings(command):
        if unsafe := unsafe_characters(value):
            raise CommandRejected(
                ControlCharacters.code,
                f"Text cannot hold control or format characters ({shown(unsafe)}).",
            )


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _strings(getattr(value, f.name))
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)


def name_refusal(problem: RuleError) -> Refusal:
    if isinstance(problem, NameTaken):
        return Refusal(p.NAME_TAKEN, str(problem))
    if isinstance(problem, ControlCharacters):
        return Refusal(p.CONTROL_CHARACTERS, str(problem))
    return Refusal(p.BAD_NAME, str(problem))


class _Capped(Protocol):
    @property
    def max_players(self) -> int: ...


class Seating(Protocol):
    """What the door needs of a game's state (Wordsy's and the tile games' alike)."""

    @property
    def phase(self) -> str: ...

    @property
    def players(self) -> Sequence[str]: ...

    @property
    def config(self) -> _Capped: ...


SEATING_PHASES: Final = ("new", "lobby")
"""The phases in which a game still seats players (every game names them so)."""


def admission(
    name: str, role: p.Role, seats: Sequence[str], state: Seating, bots: Collection[str]
) -> Refusal | None:
    """The one rule for a newcomer, before net hands out a seat: a spectator needs only a
    name; a player also a game still seating, a free seat, and a name nobody at the table
    has (`seats` welcomed so far, the state's players seated in the game). `bots`: the
    names the host gave its own computer players."""
    if role == "spectator":
        problem = name_problem(name)  # shown nowhere, but still a name
        return None if problem is None else name_refusal(problem)
    if state.phase not in SEATING_PHASES:
        return Refusal.of(p.GAME_STARTED)
    if len(seats) >= state.config.max_players:
        return Refusal.of(p.GAME_FULL)
    problem = name_problem(name, [*seats, *state.players], bot=name in bots)
    return None if problem is None else name_refusal(problem)
