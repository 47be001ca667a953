"""The tile games' rules as a `net.HostedGame`: what the host runs for each command.

Unlike Wordsy, the tile games hold secrets on the host: the bag and every rack.
The host's generator draws each tile; `view` and `snapshot` hand each seat
only what `scrabble.view` says it may know (its own rack; counts of the others
and of the bag), so the redaction is one function for the rules, the host and
the tests alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from net import Refusal
from net import protocol as p
from wordsy_tui.game.errors import RuleError
from wordsy_tui.scrabble import commands as cmd
from wordsy_tui.scrabble import events as ev
from wordsy_tui.scrabble.codec import CodecError, decode_event, decode_request, encode
from wordsy_tui.scrabble.decide import decide
from wordsy_tui.scrabble.evolve import evolve
from wordsy_tui.scrabble.state import TileGameState
from wordsy_tui.scrabble.view import for_seat, state_for_seat
from wordsy_tui.scrabble.words import Words, shipped_words
from wordsy_tui.session import seam

# The host's own set-up and clock; no seat may send these.
HOST_ONLY: Final = (cmd.CreateGame, cmd.TimeUp)


class TileGame:
    """Holds the full state (bag and racks included) on the host; turns wire commands into
    wire events and events into each recipient's view of them."""

    def __init__(
        self,
        words: Words | None = None,
        rng: random.Random | None = None,
        on_event: Callable[[TileGameState, ev.Event], None] | None = None,
    ) -> None:
        self._words = words
        """The agreed word list; the shipped one is loaded when a word is first judged."""
        self.rng = rng or random.Random()
        """The host's secret generator: every tile leaves the bag through it."""
        self.on_event = on_event
        self.bots: set[str] = set()
        """Seats this host gave its own computer players: only they join as bots."""
        self.state = TileGameState()
        # The host asks for one event's view for every recipient in a row: decode it once.
        self._last: tuple[dict[str, Any], ev.Event] | None = None

    @property
    def words(self) -> Words:
        if self._words is None:
            self._words = shipped_words()
        return self._words

    def decide(self, seat: str | None, command: dict[str, Any]) -> list[dict[str, Any]]:
        # Before decoding: text that must never reach a terminal is refused as such, even
        # where it also breaks the command's shape (a "tile" of ESC [ 2 J).
        seam.refuse_unsafe_text(command)
        try:
            request = decode_request(command)
        except CodecError as error:
            raise seam.malformed(error) from None
        actor = self._authorize(seat, request.command, request.seat)
        try:
            events = decide(self.state, actor, request.command, rng=self.rng, words=self.words)
        except RuleError as error:
            raise seam.refused_by_rules(error) from None
        return [encode(event) for event in events]

    def _authorize(
        self, seat: str | None, command: cmd.Command, claimed: str | None
    ) -> str | None:
        """Who acts: the sender's seat; the host (seat None) may act for a named seat."""
        seam.refuse_host_only(seat, command, HOST_ONLY)
        if isinstance(command, cmd.JoinGame):
            seam.refuse_bot_join(seat, command.bot, self.bots)
        seam.refuse_acting_for_others(seat, [] if claimed is None else [claimed])
        return seat if seat is not None else claimed

    def evolve(self, event: dict[str, Any]) -> None:
        decoded = decode_event(event)
        self._last = (event, decoded)
        self.state = evolve(self.state, decoded)
        if self.on_event is not None:
            self.on_event(self.state, decoded)

    def view(self, event: dict[str, Any], recipient: str | None) -> dict[str, Any] | None:
        if self._last is not None and self._last[0] is event:
            decoded = self._last[1]
        else:
            decoded = decode_event(event)
            self._last = (event, decoded)
        seen = for_seat(decoded, recipient)
        # An event the recipient may see whole is the very same map: the host packs it once.
        return event if seen is decoded else encode(seen)

    def snapshot(self, recipient: str | None) -> dict[str, Any] | None:
        return encode(state_for_seat(self.state, recipient))

    def admit(self, name: str, role: p.Role, seats: Sequence[str]) -> Refusal | None:
        """The one name rule, before net hands out a seat; whoever is welcomed as a player
        then sits down with a JoinGame that the same rule lets through."""
        return seam.admission(name, role, seats, self.state, self.bots)
