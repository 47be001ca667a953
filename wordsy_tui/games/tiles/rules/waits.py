"""What the table waits for now, and how long it may: the tile games' clock, as data.

A tile game waits on people in three places: a player's turn, (Scrabble) the
window in which a play may still be challenged, and the table's vote on a
challenge. Each has a limit in the game's config; the host's clock (session/)
counts it down and, when it passes, sends the wait's `TimeUp`, which `decide`
turns into events like any other command: the host passes for the player, the
play stands, or the votes cast decide. With a game clock, the wait's limit is never
later than the moment the running clock's overtime runs out (its `flag`). Nothing here
reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.clocks import flag_seconds
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState


@dataclass(frozen=True, slots=True)
class Wait:
    player: str
    """Whose turn it is; for the challenge window, whose play waits."""
    turns: int
    """The move list's length when the wait began: each wait is a new one."""
    challenges: bool
    seconds: float
    """Its limit."""
    vote: bool = False
    """The table's vote on a challenge of `player`'s play (`challenges` is then False)."""
    flag: bool = False
    """The limit is the game clock's: the running clock's overtime runs out first."""

    def waits_for(self, state: TileGameState) -> frozenset[str]:
        """Whose move ends this wait before its limit: the turn's player; for the window,
        everyone but the play's player who has not let it stand yet; for a vote, the voters
        who have not voted."""
        if self.vote and state.vote is not None:
            return frozenset(p for p in state.vote.voters if p not in state.vote.votes)
        if not self.challenges or state.pending is None:
            return frozenset({self.player})
        judged = state.pending.accepted_by | {self.player}
        return frozenset(p for p in state.players if p not in judged)

    @property
    def key(self) -> tuple[str, int, bool, bool]:
        """Which wait this is, whatever its limit: a new key is a new wait."""
        return (self.player, self.turns, self.challenges, self.vote)

    @property
    def minds_idle(self) -> bool:
        """The window and the vote wait on several people at once: once the others are
        done, one who shows no sign of life does not hold them. A turn is one player's
        thinking over a rack, which takes no key (it has its own limit)."""
        return self.challenges or self.vote

    @property
    def command(self) -> cmd.TimeUp:
        """What the host's clock sends when the limit has passed."""
        return cmd.TimeUp(self.player, self.turns, self.challenges, self.vote, self.flag)


def waiting(state: TileGameState) -> Wait | None:
    """The wait running now; None when the table waits on nobody (no game yet, or over).

    While a play may be challenged the window is the wait: the next player may already
    move (that lets the play stand), and once it stands their turn gets its own limit.
    """
    wait = _wait(state)
    flag = flag_seconds(state)
    if wait is None or flag is None or flag > wait.seconds:
        return wait
    return replace(wait, seconds=flag, flag=True)


def _wait(state: TileGameState) -> Wait | None:
    if state.phase is not Phase.PLAYING:
        return None
    turns, config = len(state.turns), state.config
    if state.pending is not None and state.vote is not None:
        return Wait(state.pending.player, turns, False, config.vote_seconds, vote=True)
    if state.pending is not None:
        return Wait(state.pending.player, turns, True, config.challenge_seconds)
    if state.turn is None:
        return None
    return Wait(state.turn, turns, False, config.turn_seconds)
