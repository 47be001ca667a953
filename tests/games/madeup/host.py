"""Twenty-One at the table its host serves: its part (`MadeUpTable`) and its host
(`madeup_host`: the shared `table.served.ServedTable` with this part)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, Unpack

from tests.games.madeup import rules as r
from tests.games.madeup.mind import MadeUpMind
from tests.games.madeup.seam import madeup_rules
from tests.games.madeup.seat import MadeUpSeat
from wordsy_tui.engine import Request
from wordsy_tui.engine.levels import Level
from wordsy_tui.table.basics import LOOPBACK
from wordsy_tui.table.bots import ComputerPlayer
from wordsy_tui.table.part import TableOptions
from wordsy_tui.table.served import ServedTable

MadeUpHost = ServedTable[r.State, r.Command, r.Event]
"""The host of one game of Twenty-One."""

ABSENT_GRACE_SECONDS: Final = 10.0


class MadeUpTable:
    """What Twenty-One's host does in the game's own words, for the shared table."""

    game: Final = r.GAME
    announced: Final = (r.PlayerJoined, r.PlayerLeft, r.GameStarted, r.GameEnded)
    rehashed: Final = (r.GameStarted,)
    not_over: Final = "The count has not reached its target yet."
    resume_command: Final = f"wordsy-tui host --game {r.GAME} --resume"
    seat_field: Final = r.SEAT
    start_command: Final = r.StartGame()
    house_rule: Final = None

    def __init__(self, config: r.Config) -> None:
        self.config = config
        self.rules = madeup_rules()

    def create_game(self, like: r.State | None) -> r.Command:
        return r.CreateGame(self.config if like is None else like.config)

    def sit(self, seat: str, bot: bool) -> Request[r.Command]:
        return Request(r.JoinGame(bot), seat)

    def waited_on(self, state: r.State) -> Collection[str]:
        return [] if state.turn is None or state.turn in state.bots else [state.turn]

    def leaver(self, state: r.State, event: r.Event) -> str | None:
        return event.player if isinstance(event, r.PlayerLeft) else None

    def removal(self, state: r.State, name: str) -> r.Command | None:
        return None  # a seat taken away in play goes on being played by the host's clock

    def bot_refusal(self, state: r.State, name: str) -> str | None:
        if state.phase is not r.Phase.LOBBY:
            return "Computer players sit down in the lobby."
        return None

    def rematch_seats(self, table: MadeUpHost, old: r.State) -> list[str]:
        return [p for p in old.players if p not in old.bots or p in table.bots]

    def computer_player(
        self, table: MadeUpHost, name: str, level: str, token: str | None
    ) -> ComputerPlayer[MadeUpSeat]:
        seat = MadeUpSeat.join(
            LOOPBACK, table.port, name, table.dictionary, pin=table.pin, token=token
        )
        return computer_player(seat, level, pace=table.bot_pace)


def computer_player(seat: MadeUpSeat, level: str, pace: float = 1.0) -> ComputerPlayer[MadeUpSeat]:
    """A computer player of `level` in `seat` (not started): the runner with the mind."""
    return ComputerPlayer(seat, MadeUpMind(seat, Level(level)), pace=pace)


def madeup_host(
    config: r.Config, *, dictionary: str, **options: Unpack[TableOptions]
) -> MadeUpHost:
    """The authoritative host of one game of Twenty-One (not started)."""
    options.setdefault("absent_grace", ABSENT_GRACE_SECONDS)
    return ServedTable(MadeUpTable(config), dictionary=dictionary, **options)
