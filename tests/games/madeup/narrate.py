"""Twenty-One's part of the headless host: a line of its log for each event worth telling,
and its own command on the host's keyboard ('start')."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Final

from tests.games.madeup import rules as r

if TYPE_CHECKING:
    from tests.games.madeup.host import MadeUpHost

DESK_HELP: Final = (
    "Commands: 'start' starts the game with the players seated (at least two); "
    "'rematch' plays again after the game; 'players' lists the seats; 'help' shows this."
)


def line(state: r.State, event: r.Event) -> str | None:
    match event:
        case r.PlayerJoined(player, bot):
            return f"{player}{' (computer)' if bot else ''} sat down"
        case r.GameStarted(order):
            return f"The count starts: {', '.join(order)}"
        case r.Added(player, amount, timed_out):
            late = " (time ran out)" if timed_out else ""
            return f"{player} added {amount}{late}: {state.count}"
        case r.GameEnded(winner):
            return f"{winner} reached {state.config.target} and wins"
    return None


class MadeUpDesk:
    """The host's keyboard's 'start', beside every game's commands; its log's first and
    last lines."""

    help = DESK_HELP

    def __init__(self, server: MadeUpHost, _say: Callable[[str], None]) -> None:
        self.server = server

    async def obey(self, verb: str, name: str) -> str | None:
        if verb == "start":
            return await self.server.start_game() or "Started."
        return None

    def left(self) -> Collection[str]:
        return ()

    def opening(self, resumed: bool) -> tuple[list[str], list[str]]:
        log = self.server.log_path
        if resumed:
            return [f"{r.TITLE}, resumed from {log}"], []
        return [f"{r.TITLE}: the game is saved to {log}"], ["Type 'start' once seated."]

    def closing(self) -> str:
        return f"Host stopped. The game's log is kept at {self.server.log_path}"
