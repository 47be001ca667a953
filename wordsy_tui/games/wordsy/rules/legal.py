"""What a player may do now: asked of the rules, never re-derived.

Screens (which keys to offer), computer players (what to do next) and the
host (`decide`) must agree on what is allowed, so there is one answer:
a command is legal exactly when `decide` accepts it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Final

from wordsy_tui.engine.sealed import COMMITMENT_BYTES
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.decide import decide, lock_window, offer_window
from wordsy_tui.games.wordsy.rules.errors import RuleError
from wordsy_tui.games.wordsy.rules.state import GameState, Phase

# Legality never depends on which card a deal draws: any generator will do.
_ANY_DRAW: Final = random.Random(0)
# Stands in for the commitment of a word still in the player's input.
_SOME_COMMITMENT: Final = bytes(COMMITMENT_BYTES)


def refusal(state: GameState, command: cmd.Command) -> str | None:
    """Why the rules refuse `command` now, in words for the player; None when it is legal."""
    try:
        decide(state, command, rng=_ANY_DRAW)
    except RuleError as error:
        return str(error)
    return None


def allowed(state: GameState, command: cmd.Command) -> bool:
    return refusal(state, command) is None


def may_offer_meant_word(state: GameState, player: str) -> bool:
    """Whether `player` may offer the word they meant now (relaxed play), whatever the word:
    the word itself is judged when it is offered."""
    try:
        offer_window(state, player)
    except RuleError:
        return False
    return True


def may_lock_in(state: GameState, player: str) -> bool:
    """`allowed(state, cmd.LockIn(player))`, without deciding the lock and its fold."""
    try:
        lock_window(state, player)
    except RuleError:
        return False
    return True


def legal_commands(state: GameState, player: str) -> list[cmd.Command]:
    """Every command `player` may send now (votes and challenges, one per choice)."""
    candidates: list[cmd.Command] = [
        cmd.WriteWord(player, _SOME_COMMITMENT),
        cmd.LockIn(player),
        cmd.FlipTimer(player),
        cmd.Appeal(player),
        cmd.Vote(player, True),
        cmd.Vote(player, False),
        cmd.Ready(player),
        cmd.LeaveGame(player),
        *(cmd.Challenge(player, target) for target in state.players),
    ]
    return [command for command in candidates if allowed(state, command)]


def with_word_written(state: GameState, player: str) -> GameState:
    """`state` as it is once the word in `player`'s input reaches the host.

    A key such as flip sends the word and then acts on it: ask the rules about
    that, not about the commitment the host happens to hold this instant.
    """
    draft = state.draft(player)
    if draft.locked or not allowed(state, cmd.WriteWord(player, _SOME_COMMITMENT)):
        return state
    written = replace(draft, commitment=draft.commitment or _SOME_COMMITMENT)
    return replace(state, drafts={**state.drafts, player: written})


def waiting_for(state: GameState) -> frozenset[str]:
    """Whom the table waits for before this phase can end by itself."""
    players = state.players
    if state.phase is Phase.WRITING:
        return frozenset(p for p in players if may_lock_in(state, p))
    if state.phase is Phase.REVEAL:
        return frozenset(
            p for p in players if state.draft(p).commitment and not state.draft(p).revealed
        )
    if state.phase is Phase.CHALLENGES and state.challenge is not None:
        return frozenset(p for p in players if allowed(state, cmd.Vote(p, True)))
    if state.phase is Phase.CHALLENGES:
        return frozenset(p for p in players if allowed(state, cmd.Ready(p)))
    return frozenset()
