"""The headless host's keyboard, as most games have it: 'start', 'remove NAME', 'end' (the
wait now, as the clock would), 'mute NAME' and 'unmute NAME' beside every game's ('rematch',
'players', 'help'); chat on the log; the log's first and last lines. A game's desk
(`kit.GameDesk`) is this with its title, its help and its own words for a removal."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, ClassVar

from wordsy_tui.table.served import ServedTable


class TableDesk:
    """A game's commands on the headless host's keyboard (see the module)."""

    title: ClassVar[str]
    """The game's, on the log's first line."""
    help: ClassVar[str]
    removed: ClassVar[str] = "{name}'s seat is freed"
    """What 'remove NAME' did, told to the host."""

    def __init__(self, server: ServedTable[Any, Any, Any], say: Callable[[str], None]) -> None:
        self.server = server
        self.say = say
        server.host.on_said = self.heard

    def heard(self, name: str, role: str, text: str) -> None:
        """A line of chat on the log: whoever mutes must see what was said."""
        self.say(f"Chat · {name}{' (watching)' if role == 'spectator' else ''}: {text}")

    async def obey(self, verb: str, name: str) -> str | None:
        """Carry out one of the desk's commands; what to tell the host (None: not one)."""
        if verb in ("remove", "mute", "unmute") and not name:
            return f"Whose? Type '{verb} NAME'."
        match verb:
            case "start":
                return await self.server.start_game() or "Started."
            case "remove":
                return await self.server.remove_player(name) or self.removed.format(name=name)
            case "end":
                return await self.server.end_phase() or "Ended now, as the clock would have."
            case "mute":
                return self.server.mute(name)
            case "unmute":
                return self.server.unmute(name)
        return None

    def left(self) -> Collection[str]:
        """The seats whose players left for good (by default none: seats are kept)."""
        return ()

    def opening(self, resumed: bool) -> tuple[list[str], list[str]]:
        """The log's first lines, before and after the host seats its computer players."""
        log = self.server.log_path
        if resumed:  # its computer players are back already; its people join again
            return [
                f"{self.title}, resumed from {log}: its players join again to take their seats"
            ], []
        return [f"{self.title}: the game's log is saved to {log}"], [
            "Type 'start' once the players are seated ('help' lists the commands)."
        ]

    def closing(self) -> str:
        """The log's last line, once the host has stopped."""
        over = self.server.state.phase == "over"  # every game's phases name the end so
        saved = "" if over else f" ({self.server.resume_command})"
        return f"Host stopped. The game's log is kept at {self.server.log_path}{saved}"
