"""Checks `decide` and `legal` share where no command can be tried first: whether a name may
sit down, whether a hand over the limit holds the table, and whether a bid may be sealed
(the host learns a bid only when it is opened, so a player's program asks before it seals
one)."""

from __future__ import annotations

from wordsy_tui.engine.names import name_problem
from wordsy_tui.games.wordnerds.rules import errors
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.components import ACTIONS, HAND_LIMIT, When, action
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase


def join_problem(state: NerdsState, name: str, bot: bool = False) -> errors.RuleError | None:
    """Why `name` may not sit down now (a computer player's with `bot`); None: they may."""
    if state.phase is not Phase.LOBBY:
        message = (
            "The table is not set up yet." if state.phase is Phase.NEW else "The game has started."
        )
        return errors.WrongPhase(message)
    problem = name_problem(name, state.players, bot=bot)
    if problem is not None:
        return problem
    if len(state.players) >= state.config.max_players:
        return errors.SeatingError(f"The game is full ({state.config.max_players} players).")
    return None


def limit_problem(
    state: NerdsState, player: str, *, discarding: bool = False
) -> errors.RuleError | None:
    """A hand over ten letter cards is brought down before anything else happens: why
    `player` may not act now (`discarding`: their command is a discard); None: they may."""
    over = state.over_limit()
    if not over:
        if discarding:
            return errors.HandLimit("Your hand is within the limit of 10 letter cards.")
        return None
    if player in over:
        if discarding:
            return None
        return errors.HandLimit(
            f"Discard {over[player]} letter card(s) first: a hand holds at most {HAND_LIMIT}."
        )
    names = ", ".join(sorted(over))
    return errors.HandLimit(f"Wait: {names} must first discard down to {HAND_LIMIT} letter cards.")


def bid_problem(state: NerdsState, player: str, bid: Bid) -> errors.RuleError | None:
    """Why `player` may not bid `bid`: it must be one of their unspent tokens, and bid
    action cards they hold, each once."""
    if bid.token not in state.unspent.get(player, ()):
        return errors.BidError(f"Bid one of your unspent tokens; {bid.token} is not one of them.")
    held = state.actions.get(player, ())
    if len(set(bid.cards)) != len(bid.cards) or not set(bid.cards) <= set(held):
        return errors.CardError("Bid only with action cards you hold.")
    for card in bid.cards:
        if not 0 <= card < len(ACTIONS):
            return errors.CardError("Bid only with action cards you hold.")
        if action(card).when is not When.WITH_BID:
            return errors.ActionError(f"{action(card).title} is not played with a bid.")
    return None
