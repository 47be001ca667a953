"""The rules engine as a `net.HostedGame`: what the host runs for each command."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from net import CommandRejected, Refusal
from net import protocol as p
from wordsy_tui.game import commands as cmd
from wordsy_tui.game import events as ev
from wordsy_tui.game.decide import decide
from wordsy_tui.game.errors import RuleError
from wordsy_tui.game.evolve import evolve
from wordsy_tui.game.referee import Referee
from wordsy_tui.game.state import GameState
from wordsy_tui.session import seam
from wordsy_tui.session.codec import CodecError, decode_command, decode_event, encode

# Fields that name who is acting: a seat may only act for itself.
ACTOR_FIELDS: Final = ("player", "challenger", "voter")
# The host's own clock and set-up; no seat may send these.
HOST_ONLY: Final = (
    cmd.CreateGame,
    cmd.RemovePlayer,
    cmd.ExpireTimer,
    cmd.CloseWriting,
    cmd.CloseReveal,
    cmd.CloseVote,
    cmd.EndRound,
)


class WordsyGame:
    """Holds the full state on the host and turns wire commands into wire events.

    Every Wordsy event is public: a word travels only as a commitment until
    its own player reveals it, so the host never holds a secret to redact.
    What stays on the host is the random generator that deals the cards.
    """

    def __init__(
        self,
        captain: str | None,
        referee: Referee | None = None,
        rng: random.Random | None = None,
        on_event: Callable[[GameState, ev.Event], None] | None = None,
    ) -> None:
        self.captain = captain
        """Who may start the game; None: the state's captain, the first person seated."""
        self.bots: set[str] = set()
        """Seats this host gave its own computer players: only they join as bots."""
        self.presence: dict[str, bool] = {}
        """Who is connected now: a captain who went away hands over to the next person."""
        self.referee = referee
        self.rng = rng or random.Random()
        self.on_event = on_event
        self.state = GameState()

    def decide(self, seat: str | None, command: dict[str, Any]) -> list[dict[str, Any]]:
        try:
            decoded = decode_command(command)
        except CodecError as error:
            raise seam.malformed(error) from None
        seam.refuse_unsafe_text(decoded)
        self._authorize(seat, decoded)
        try:
            events = decide(self.state, decoded, rng=self.rng, referee=self.referee)
        except RuleError as error:
            raise seam.refused_by_rules(error) from None
        return [encode(event) for event in events]

    def _authorize(self, seat: str | None, command: cmd.Command) -> None:
        if seat is None:
            return
        seam.refuse_host_only(seat, command, HOST_ONLY)
        if isinstance(command, cmd.JoinGame):
            seam.refuse_bot_join(seat, command.bot, self.bots)
        if isinstance(command, cmd.StartGame):
            captain = self.captain or self.state.captain_among(self.presence)
            if seat != captain:
                raise CommandRejected(seam.HOST_ONLY, f"{captain} starts the game.")
        seam.refuse_acting_for_others(seat, (getattr(command, f, seat) for f in ACTOR_FIELDS))

    def evolve(self, event: dict[str, Any]) -> None:
        decoded = decode_event(event)
        self.state = evolve(self.state, decoded)
        if self.on_event is not None:
            self.on_event(self.state, decoded)

    def view(self, event: dict[str, Any], recipient: str | None) -> dict[str, Any] | None:
        return event

    def snapshot(self, recipient: str | None) -> dict[str, Any] | None:
        # A whole game is a few hundred small events: catching up by events is cheap.
        return None

    def admit(self, name: str, role: p.Role, seats: Sequence[str]) -> Refusal | None:
        """The game's own name rule, before net hands out a seat.

        Whoever is welcomed as a player is then seated by `LanHost` with a JoinGame
        that this same rule lets through: a welcome always means a real seat.
        """
        return seam.admission(name, role, seats, self.state, self.bots)
