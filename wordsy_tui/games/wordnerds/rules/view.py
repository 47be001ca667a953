"""What each seat may see: its own hand and bid; of everyone else's, counts.

The host keeps the full log; every seat (and a spectator, seat None) receives
`event_for(event, seat)` of each event, and `state_for(state, seat)` is the fold of
those: cards in other hands are HIDDEN, and the decks and discard piles are only
counts. A bid travels as a commitment until every bid is sealed; each player's
program then opens its own, which the others see only when the last one is open.
Nothing else is secret: the cards up for auction, the community pool, words laid
down, action cards played, tokens and scores are on the table for all to see.
"""

from __future__ import annotations

from dataclasses import replace

from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.components import HIDDEN
from wordsy_tui.games.wordnerds.rules.state import NerdsState, OpenedBid, Phase


def _hidden(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(cards)


def event_for(event: ev.Event, seat: str | None) -> ev.Event:
    """`event` as `seat` may receive it (None: a spectator); the very same object when the
    seat may see it whole."""
    match event:
        case ev.GameStarted(decks=True):
            return replace(event, decks=False)
        case ev.LettersDrawn(player, cards) if player != seat:
            return ev.LettersDrawn(player, _hidden(cards))
        case ev.ActionsDrawn(player, cards) if player != seat:
            return ev.ActionsDrawn(player, _hidden(cards))
        case ev.LettersDiscarded(player, cards) if player != seat:
            return ev.LettersDiscarded(player, _hidden(cards))
        case ev.BidRevealed(player) if player != seat:
            return ev.BidRevealed(player, HIDDEN)
        case ev.CardPicked(player, card) if player != seat:
            return ev.CardPicked(player, card, HIDDEN)
        case ev.CommunityCardTaken(player, card) if player != seat:
            return ev.CommunityCardTaken(player, card, HIDDEN)
        case ev.LetterTaken(player, source, taken) if seat != player:
            return ev.LetterTaken(player, source, taken if seat == source else HIDDEN, HIDDEN)
    return event


def state_for(state: NerdsState, seat: str | None) -> NerdsState:
    """The host's state as `seat` may know it: the fold of `event_for` over the log."""
    if state.phase in (Phase.NEW, Phase.LOBBY):
        return state
    letters = {p: h if p == seat else _hidden(h) for p, h in state.letters.items()}
    actions = {p: h if p == seat else _hidden(h) for p, h in state.actions.items()}
    bids = state.bids
    if state.phase in (Phase.BIDDING, Phase.REVEALING):
        bids = {
            p: b if p == seat or p in state.unsealed else OpenedBid(HIDDEN)
            for p, b in bids.items()
        }
    return replace(
        state,
        letters=letters,
        actions=actions,
        bids=bids,
        letter_deck=None,
        letter_discard=None,
        action_deck=None,
        action_discard=None,
    )
