"""The tile games' part of the headless host (Scrabble, Words with Friends, Wordfeud): one
line per event worth telling (its log), and their own command on the host's keyboard."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Final

from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState

if TYPE_CHECKING:
    from wordsy_tui.games.tiles.host import TileHost

DESK_HELP: Final = (
    "Commands: 'start' starts the game with the players seated (at least two); "
    "'rematch' plays again after the game, with the same seats and options; "
    "'players' lists the seats; 'help' shows this. Ctrl-C ends the game for everyone."
)


def tile_line(state: TileGameState, event: ev.Event) -> str | None:
    """A line for the host's log about what happened; never a rack's tiles (the log is
    read on the host's screen, beside the players)."""
    match event:
        case ev.PlayerJoined(player, bot):
            return f"{player}{' (computer)' if bot else ''} sat down"
        case ev.GameStarted(order):
            return f"The game starts: {', '.join(order)}"
        case ev.TilesPlayed(player, _placement, words, score, bingo):
            formed = ", ".join(word for word, _ in words)
            return f"{player} played {formed} for {score}{' with a bingo' if bingo else ''}"
        case ev.TilesExchanged(player, _returned, _drawn, count):
            return f"{player} exchanged {count} tiles"
        case ev.Passed(player, timed_out=True, early=True):
            return f"The table moved on without {player}: the host passed"
        case ev.Passed(player, timed_out=True):
            return f"The turn limit ended {player}'s turn: the host passed"
        case ev.Passed(player):
            return f"{player} passed"
        case ev.PlayAccepted(timed_out=True):
            return "Time for challenges ran out: the play stands"
        case ev.VoteOpened(challenger, voters, refused):
            advice = f"lacks {', '.join(refused)}" if refused else "has every word"
            return f"{challenger} challenged: {', '.join(voters)} vote (the word list {advice})"
        case ev.VoteCast(voter, uphold):
            return f"{voter} voted: the play {'goes' if uphold else 'stands'}"
        case ev.ChallengeDecided(challenger, upheld, votes=votes) if votes:
            goes, stands = event.tally
            outcome = (
                "play withdrawn" if upheld else f"the play stands, {_cost(state, challenger)}"
            )
            return (
                f"The table voted: {stands} that the play stands, {goes} that it goes; {outcome}"
            )
        case ev.ChallengeDecided(challenger, upheld, refused):
            if upheld:
                return f"{challenger} challenged: {', '.join(refused)} refused, play withdrawn"
            return f"{challenger} challenged, but every word is good: {_cost(state, challenger)}"
        case ev.GameEnded(_out, _racks, adjustments, winners, penalties, out_of_time):
            changes = ", ".join(f"{p} {a:+d}" for p, a in adjustments)
            scores = ", ".join(f"{p} {s}" for p, s in state.scores.items())
            timed = f"{out_of_time} ran out of time. " if out_of_time else ""
            if penalties:
                timed += "Time penalties: " + ", ".join(f"{p} -{n}" for p, n in penalties) + ". "
            return (
                f"Game over. {timed}Adjustments: {changes}. Final: {scores}. "
                f"Won: {', '.join(winners)}"
            )
    return None


def _cost(state: TileGameState, challenger: str) -> str:
    """What `challenger`'s failed challenge of the play that stands costs (`state`: just
    after it, the play still on the board)."""
    player = "" if state.pending is None else state.pending.player
    return state.rules.challenge.cost(challenger, player)


class TileDesk:
    """The tile games' command on the headless host's keyboard ('start'), beside every
    game's ('rematch', 'players', 'help'); and what its log says at the start and the end."""

    help = DESK_HELP

    def __init__(self, server: TileHost, _say: Callable[[str], None]) -> None:
        # Every game's desk is made alike; this one says nothing on the log by itself.
        self.server = server

    async def obey(self, verb: str, name: str) -> str | None:
        """Carry out the tile games' command; what to tell the host (None: not theirs)."""
        if verb == "start":
            problem = await self.server.start_game()
            return problem or "Started."
        return None

    def left(self) -> Collection[str]:
        """Nobody leaves a tile game for good: a seat is here or away."""
        return ()

    def opening(self, resumed: bool) -> tuple[list[str], list[str]]:
        """The log's first lines, before and after the host seats its computer players."""
        title, log = self.server.state.rules.title, self.server.log_path
        if resumed:  # its computer players are back already; its people join again
            return [
                f"{title}, resumed from {log}: its players join again to take their seats back"
            ], []
        return [f"{title}: the game's log is saved to {log}"], [
            "Type 'start' once the players are seated ('help' lists the commands)."
        ]

    def closing(self) -> str:
        """The log's last line, once the host has stopped."""
        over = self.server.state.phase is Phase.OVER
        saved = "" if over else f" ({self.server.resume_command})"
        return f"Host stopped. The game's log is kept at {self.server.log_path}{saved}"
