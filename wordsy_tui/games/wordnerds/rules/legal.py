"""What a seat may do now: asked of the rules, never re-derived.

A command is legal exactly when `decide` accepts it, so screens, computer players
and the host cannot disagree. `state` may be a seat's view (no deck contents,
other hands HIDDEN): stand-in cards fill the decks, since whether a command is
allowed never depends on which card a draw brings.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Final

from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.checks import bid_problem, join_problem, limit_problem
from wordsy_tui.games.wordnerds.rules.components import (
    ACTIONS,
    HAND_LIMIT,
    LETTERS,
    Target,
    When,
    action,
    letter,
)
from wordsy_tui.games.wordnerds.rules.config import MIN_PLAYERS
from wordsy_tui.games.wordnerds.rules.decide import decide
from wordsy_tui.games.wordnerds.rules.errors import RuleError
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase

_ANY_DRAW: Final = random.Random(0)


class _AnyWord:
    """Stands in for the word list: legality never asks it (a challenge's verdict does)."""

    def __contains__(self, word: str, /) -> bool:
        return True


def _as_host(state: NerdsState) -> NerdsState:
    """A view with stand-in decks and discard piles of the right sizes."""
    if state.letter_deck is not None:
        return state
    return replace(
        state,
        letter_deck=tuple(range(state.letter_deck_count)),
        letter_discard=tuple(range(state.letter_discard_count)),
        action_deck=tuple(range(state.action_deck_count)),
        action_discard=tuple(range(state.action_discard_count)),
    )


def refusal(state: NerdsState, seat: str | None, command: cmd.Command) -> str | None:
    """Why the rules refuse `command` from `seat` now; None when it is legal."""
    try:
        decide(_as_host(state), seat, command, rng=_ANY_DRAW, words=_AnyWord())
    except RuleError as error:
        return str(error)
    return None


def allowed(state: NerdsState, seat: str | None, command: cmd.Command) -> bool:
    return refusal(state, seat, command) is None


def _action_commands(state: NerdsState, seat: str) -> list[cmd.Command]:
    """Each action card in `seat`'s hand, on each thing it could be aimed at."""
    others = [p for p in state.players if p != seat]
    modifiers = [m.card for i in state.in_play() for m in state.words[i].modifiers]
    found: list[cmd.Command] = []
    for card in dict.fromkeys(state.actions.get(seat, ())):
        if not 0 <= card < len(ACTIONS):
            continue
        match action(card).target:
            case Target.WORD:
                found.extend(cmd.PlayAction(card, word=i) for i in state.in_play())
            case Target.MODIFIER:
                found.extend(cmd.PlayAction(card, target=m) for m in modifiers)
            case Target.PLAYER:
                found.extend(cmd.PlayAction(card, player=p) for p in others)
            case Target.COMMUNITY:
                found.extend(cmd.PlayAction(card, target=c) for c in state.community)
            case Target.NONE if action(card).when is not When.WITH_BID:
                found.append(cmd.PlayAction(card))
    return found


def may_bid(state: NerdsState, seat: str) -> bool:
    """Whether `seat` has a bid to seal now."""
    return state.phase is Phase.BIDDING and seat in state.players and seat not in state.sealed


def may_reveal(state: NerdsState, seat: str) -> bool:
    """Whether `seat` sealed a bid this auction that it has still to open."""
    return (
        state.phase is Phase.REVEALING
        and seat in state.sealed
        and seat not in state.unsealed
        and seat not in state.bids
    )


def bid_refusal(state: NerdsState, seat: str, bid: Bid) -> str | None:
    """Why `seat` may not seal `bid` now; None when it may. A sealed bid is checked only
    when it is opened, so a player's program asks this before sealing."""
    if not may_bid(state, seat):
        return "This is not the time to bid."
    problem = limit_problem(state, seat) or bid_problem(state, seat, bid)
    return None if problem is None else str(problem)


def legal_bids(state: NerdsState, seat: str) -> list[Bid]:
    """Every bid `seat` may seal now with at most one bid action card."""
    if not may_bid(state, seat):
        return []
    unspent = state.unspent.get(seat, ())
    bid_cards = [
        c
        for c in dict.fromkeys(state.actions.get(seat, ()))
        if 0 <= c < len(ACTIONS) and action(c).when is When.WITH_BID
    ]
    bids = [Bid(t) for t in unspent] + [Bid(t, (c,)) for t in unspent for c in bid_cards]
    return [bid for bid in bids if bid_refusal(state, seat, bid) is None]


def join_refusal(state: NerdsState, name: str, bot: bool = False) -> str | None:
    """`checks.join_problem` in words, for the host's screen."""
    problem = join_problem(state, name, bot)
    return None if problem is None else str(problem)


def may_start(state: NerdsState, seat: str | None) -> bool:
    """Whether `seat` (None: the host) may start the game now: the lobby's captain, with
    enough players seated."""
    return (
        state.phase is Phase.LOBBY
        and (seat is None or seat == state.captain)
        and len(state.players) >= MIN_PLAYERS
    )


def may_leave(state: NerdsState, seat: str | None) -> bool:
    """Whether `seat` holds a lobby seat it may give up now."""
    return state.phase is Phase.LOBBY and seat is not None and seat in state.players


def legal_commands(state: NerdsState, seat: str) -> list[cmd.Command]:
    """Every command `seat` may send now, but bids (sealed: `legal_bids`), words (the word
    finder's) and replacements of more than one card."""
    if state.phase is Phase.LOBBY:
        lobby: list[cmd.Command] = []
        if may_start(state, seat):
            lobby.append(cmd.StartGame())
        if may_leave(state, seat):
            lobby.append(cmd.LeaveGame())
        return lobby
    if state.phase in (Phase.NEW, Phase.OVER) or seat not in state.players:
        return []
    unspent = state.unspent.get(seat, ())
    paying = [t for t in unspent if t]
    hand = [c for c in state.hand(seat) if 0 <= c < len(LETTERS)]
    candidates: list[cmd.Command] = [cmd.Pick(c) for c in state.auction]
    candidates += [cmd.Challenge(i) for i in state.in_play()]
    candidates += [cmd.Vote(uphold=True), cmd.Vote(uphold=False)]
    candidates += [cmd.Pass(), cmd.KeepHand(), cmd.NewHand()]
    if paying:
        candidates.append(cmd.BuyAction(paying[0]))
        candidates += [cmd.Replace((c,), (paying[0],)) for c in hand]
    excess = len(hand) - HAND_LIMIT
    if excess > 0:
        lowest = sorted(hand, key=lambda c: (letter(c).value, c))[:excess]
        candidates.append(cmd.Discard(tuple(lowest)))
    candidates += _action_commands(state, seat)
    return [command for command in candidates if allowed(state, seat, command)]
