"""Sequencing and the log: each command decided once and in order, its events on disk before
anyone sees them, and what each recipient may see of them (its view and its hash chain)."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from net import protocol as p
from net.config import HostConfig
from net.framing import FrameError, encode, pack_body
from net.log import Damage, GameLog

# The host's parts log as the host: whoever reads its log knows it by that name.
_log = logging.getLogger("net.host")

Packed = dict[int, tuple[object, bytes]]
"""Views packed during one event's fan-out, by the id of the view (held, so the id holds)."""


class HostedGame(Protocol):
    """What a game gives the host. All methods run on the host's event loop, one at a time."""

    def decide(self, seat: str | None, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Events for a command from `seat` (None: the host itself, e.g. its clock).

        Raise net.CommandRejected(code, message) when the command breaks a rule.
        """
        ...

    def evolve(self, event: dict[str, Any]) -> None:
        """Apply one event to the host's full state (also used to replay the log)."""
        ...

    def view(self, event: dict[str, Any], recipient: str | None) -> dict[str, Any] | None:
        """What `recipient` (a seat; None: a spectator) may see of an event; None hides it.

        Must depend only on its arguments, never on the current state: the host recomputes
        views of past events for catch-up and hashing.
        """
        ...

    def snapshot(self, recipient: str | None) -> dict[str, Any] | None:
        """The recipient's view of the current state, or None if the game has no snapshots."""
        ...

    def admit(self, name: str, role: p.Role, seats: Sequence[str]) -> p.Refusal | None:
        """Whether a newcomer may take a seat (or watch), given the seats so far.

        Return e.g. Refusal.of(GAME_FULL) or Refusal.of(GAME_STARTED) to turn them away.
        """
        ...


class Sequencer:
    """One game's events in order and the log that keeps them. `on_event(seq, event, body)`
    hears each new event once it is on disk and applied to the game (the fan-out), with the
    event packed as a body (what its view packs to where the view is the event itself)."""

    def __init__(
        self,
        game: HostedGame,
        config: HostConfig,
        on_event: Callable[[int, dict[str, Any], bytes], None],
    ) -> None:
        self.game = game
        self.events: list[dict[str, Any]] = []
        self.log: GameLog | None = None
        self.config = config
        self._on_event = on_event
        # Each seat's latest results by command id, so that a re-sent command applies once.
        self._results: dict[str, OrderedDict[str, p.CommandResult]] = {}

    @property
    def seq(self) -> int:
        return len(self.events)

    def open(self, path: Path) -> tuple[list[dict[str, Any]], Damage | None]:
        """Open the game's log and replay its events into the game. Returns every record
        (the seats' among them) and the damage repaired at the log's end, if any."""
        self.log, records, damage = GameLog.open(path, durable=self.config.durable)
        for record in records:
            if record.get("k") != "event":
                continue
            self.events.append(record["body"])
            self.game.evolve(record["body"])
            if record.get("cmd") is not None:
                last = record["seq"] + record["n"] - 1
                self._remember(
                    record["by"], p.CommandResult(record["cmd"], True, last, record["n"])
                )
        return records, damage

    def begin(self, game: HostedGame, path: Path) -> None:
        """Go on with another game in a new log at `path`, which must hold no game yet; the
        old log is closed as it is."""
        log, records, _damage = GameLog.open(path, durable=self.config.durable)
        if records:
            log.close()
            raise FileExistsError(f"{path} already holds a game")
        self.close()
        self.log, self.game, self.events, self._results = log, game, [], {}

    def close(self) -> None:
        if self.log is not None:
            self.log.close()

    def append(self, records: list[dict[str, Any]]) -> None:
        assert self.log is not None, "open() the log first"
        # On the loop, not in a thread: commands wait for each other's fsync anyway (one
        # lock), and handing each fsync to a thread and back costs a command more than the
        # fsync itself whenever the loop is busy (a crowd's writes hold the GIL).
        self.log.append(records)

    def run(self, seat: str | None, command_id: str, body: dict[str, Any]) -> p.CommandResult:
        """Decide a command (seat None: the host's own), or give the result it had when
        `seat` sent the same id before."""
        remembered = self._results.get(seat or "")
        result = None if remembered is None else remembered.get(command_id)
        if result is None:
            result = self._decide_and_append(seat, command_id, body)
            self._remember(seat, result)
        return result

    def forget(self, seat: str) -> None:
        """Forget what `seat` sent (its seat was taken away: the name may sit down anew)."""
        self._results.pop(seat, None)

    def _remember(self, seat: str | None, result: p.CommandResult) -> None:
        if seat is None:
            return
        results = self._results.setdefault(seat, OrderedDict())
        results[result.id] = result
        while len(results) > self.config.remembered_commands:
            results.popitem(last=False)

    def _decide_and_append(
        self, seat: str | None, command_id: str, body: dict[str, Any]
    ) -> p.CommandResult:
        try:
            events = self.game.decide(seat, body)
            records, bodies = self._event_records(seat, command_id, events)
        except p.CommandRejected as exc:
            return p.CommandResult(command_id, False, code=exc.code, message=exc.message)
        except FrameError as exc:
            return p.CommandResult(command_id, False, code=p.EVENT_TOO_LARGE, message=str(exc))
        except Exception:
            _log.exception("the game failed on a command from %r", seat)
            return p.CommandResult(
                command_id, False, code=p.INTERNAL_ERROR, message="The host hit an internal error."
            )
        if records:
            # Durable before visible: nothing a client has seen can be lost by a crash.
            self.append(records)
            for event, packed in zip(events, bodies, strict=True):
                self.events.append(event)
                self.game.evolve(event)
                self._on_event(self.seq, event, packed)
        return p.CommandResult(command_id, True, self.seq, len(events))

    def _event_records(
        self, seat: str | None, command_id: str, events: list[dict[str, Any]]
    ) -> tuple[list[dict[str, Any]], list[bytes]]:
        """The log's records of a command's events, and each event packed as a body."""
        records, bodies = [], []
        for i, event in enumerate(events):
            if not isinstance(event, dict):
                raise TypeError(f"decide() returned a {type(event).__name__}, not a dict")
            # Room for the event frame's envelope. Packed once: the fan-out reuses it.
            bodies.append(encode(event, self.config.max_frame - 64))
            record: dict[str, Any] = {"k": "event", "seq": self.seq + 1 + i, "body": event}
            if i == 0:
                record.update(by=seat, cmd=command_id, n=len(events))
            records.append(record)
        return records, bodies

    # -- what each recipient sees ----------------------------------------------------------

    def view_body(
        self, key: str | None, event: dict[str, Any], packed: Packed | None = None
    ) -> bytes | None:
        """Recipient `key`'s view of `event` as body bytes (None: it sees nothing of it)."""
        view = self.game.view(event, key)
        if view is None:
            return None
        if packed is None:
            return pack_body(view)
        # Most recipients get the very same object (the public event): pack it once.
        hit = packed.get(id(view))
        if hit is None:
            hit = packed[id(view)] = (view, pack_body(view))  # holding `view` pins its id
        return hit[1]

    def chain(self, key: str | None) -> bytes:
        """Recipient `key`'s view hash over every event so far."""
        chain = p.HASH_SEED
        for seq, event in enumerate(self.events, start=1):
            body = self.view_body(key, event)
            if body is not None:
                chain = p.chain(chain, seq, body)
        return chain

    def view_frames(self, key: str | None, since: int) -> list[tuple[int, bytes]]:
        """Recipient `key`'s `ev` frames after `since`, each with its seq."""
        frames = []
        for seq in range(since + 1, self.seq + 1):
            body = self.view_body(key, self.events[seq - 1])
            if body is not None:
                frames.append((seq, self.event_frame(seq, body)))
        return frames

    def event_frame(self, seq: int, body: bytes) -> bytes:
        return encode({"t": p.EVENT, "seq": seq, "body": body}, self.config.max_frame)
