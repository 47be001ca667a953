"""What a seat may do now: asked of the rules, never re-derived.

Screens, computer players and the host must agree on what is allowed, so a
command is legal exactly when `decide` accepts it. Plays are many; whether a
seat may play at all is asked with `may_play`, and the moves themselves come
from the move generator.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Final

from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.decide import decide
from wordsy_tui.games.tiles.rules.errors import RuleError
from wordsy_tui.games.tiles.rules.evolve import evolve
from wordsy_tui.games.tiles.rules.rulesets import BLANK
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase, TileGameState

# Legality never depends on which tiles a draw brings: any generator will do.
_ANY_DRAW: Final = random.Random(0)


class _AnyWord:
    """Stands in for the word list where only the turn's legality is asked."""

    def __contains__(self, word: object) -> bool:
        return True


def refusal(state: TileGameState, seat: str | None, command: cmd.Command) -> str | None:
    """Why the rules refuse `command` from `seat` now; None when it is legal.

    `state` may be a seat's view, which has neither the bag nor the other racks:
    blanks stand in for the tiles it does not know (a command's legality never
    depends on which tiles come out of the bag, or on other players' tiles).
    """
    try:
        decide(_with_every_tile(state), seat, command, rng=_ANY_DRAW, words=_AnyWord())
    except RuleError as error:
        return str(error)
    return None


def _with_every_tile(state: TileGameState) -> TileGameState:
    """A seat's view as the host's: blanks for the tiles it does not know."""
    if state.bag is not None:
        return state
    racks = {p: tuple(BLANK if t == HIDDEN else t for t in r) for p, r in state.racks.items()}
    return replace(state, bag=(BLANK,) * state.bag_count, racks=racks)


def allowed(state: TileGameState, seat: str | None, command: cmd.Command) -> bool:
    return refusal(state, seat, command) is None


def may_play(state: TileGameState, seat: str) -> bool:
    """Whether it is `seat`'s turn to play (or will be, once the last play stands)."""
    return allowed(state, seat, cmd.Pass())


def may_exchange(state: TileGameState, seat: str) -> bool:
    """Whether `seat` may exchange now: one tile of its rack, the least the bag must allow."""
    rack = state.rack(seat)
    return bool(rack) and allowed(state, seat, cmd.Exchange(rack[:1]))


def if_challenge_fails(state: TileGameState, seat: str) -> TileGameState | None:
    """The table as it would be if `seat` challenged the play now and it stood (every word
    in the word list, or the table's vote for it): what a failed challenge costs, e.g. the
    challenger's next turn (in `skip`), or nothing more once the play has ended the game.
    None when `seat` may not challenge now."""
    if not allowed(state, seat, cmd.Challenge()):
        return None
    judged_now = replace(state, config=replace(state.config, table_vote=False))
    after = _with_every_tile(judged_now)
    for event in decide(after, seat, cmd.Challenge(), rng=_ANY_DRAW, words=_AnyWord()):
        after = evolve(after, event)
    return after


def may_vote(state: TileGameState, seat: str) -> bool:
    """Whether `seat` is one of the table's voters on the open challenge, yet to vote."""
    return allowed(state, seat, cmd.Vote(uphold=True))


def legal_commands(state: TileGameState, seat: str) -> list[cmd.Command]:
    """Every command but plays that `seat` may send now (an exchange: of the whole rack)."""
    candidates: list[cmd.Command] = [
        cmd.Pass(),
        cmd.Challenge(),
        cmd.Accept(),
        cmd.Vote(uphold=True),
        cmd.Vote(uphold=False),
        cmd.StartGame(),
    ]
    if state.phase is Phase.PLAYING and state.rack(seat):
        candidates.append(cmd.Exchange(state.rack(seat)))
    return [command for command in candidates if allowed(state, seat, command)]
