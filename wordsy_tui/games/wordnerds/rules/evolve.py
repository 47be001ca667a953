"""evolve(state, event) -> state: total, deterministic, no side effects; never draws.

The same fold serves the host (who knows every card) and each seat's view (where
cards in other hands are HIDDEN and the decks are counts): a card this view does
not know is taken out of a hand as one of its HIDDEN cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import reduce
from typing import TypeVar

from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.components import (
    ACTIONS,
    CHALLENGE_POINTS,
    HIDDEN,
    LETTERS,
    Effect,
    Family,
    action,
    tokens_for,
)
from wordsy_tui.games.wordnerds.rules.state import (
    LaidWord,
    Modifier,
    NerdsState,
    OpenedBid,
    Phase,
    Standing,
    Vote,
)

V = TypeVar("V")


def replay(events: Iterable[ev.Event], state: NerdsState | None = None) -> NerdsState:
    return reduce(evolve, events, state or NerdsState())


def less(cards: tuple[int, ...], taken: Iterable[int]) -> tuple[int, ...]:
    """`cards` less `taken`; a card this view does not know leaves as a HIDDEN one."""
    left = list(cards)
    for card in taken:
        if card in left:
            left.remove(card)
        elif HIDDEN in left:
            left.remove(HIDDEN)
    return tuple(sorted(left))


def _plus(cards: tuple[int, ...], added: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted((*cards, *added)))


def _pile(pile: tuple[int, ...] | None, added: Iterable[int]) -> tuple[int, ...] | None:
    return None if pile is None else _plus(pile, added)


def _deck(deck: tuple[int, ...] | None, taken: Iterable[int]) -> tuple[int, ...] | None:
    return None if deck is None else less(deck, taken)


def _put(mapping: Mapping[str, V], key: str, value: V) -> dict[str, V]:
    return {**mapping, key: value}


def _letters_to(state: NerdsState, player: str, cards: Iterable[int]) -> NerdsState:
    return replace(state, letters=_put(state.letters, player, _plus(state.hand(player), cards)))


def _letters_from(state: NerdsState, player: str, cards: Iterable[int]) -> NerdsState:
    return replace(state, letters=_put(state.letters, player, less(state.hand(player), cards)))


def _word(state: NerdsState, index: int, **changes: object) -> tuple[LaidWord, ...]:
    words = list(state.words)
    words[index] = replace(words[index], **changes)  # type: ignore[arg-type]  # fields by name
    return tuple(words)


def _draw_letters(state: NerdsState, cards: tuple[int, ...]) -> NerdsState:
    return replace(
        state,
        letter_deck=_deck(state.letter_deck, cards),
        letter_deck_count=state.letter_deck_count - len(cards),
    )


def _score(state: NerdsState, player: str, points: int) -> dict[str, int]:
    """Scores never go below 0."""
    return _put(state.scores, player, max(0, state.scores.get(player, 0) + points))


def evolve(state: NerdsState, event: ev.Event) -> NerdsState:
    match event:
        case ev.GameCreated(config):
            return replace(state, config=config, phase=Phase.LOBBY)
        case ev.PlayerJoined(player, bot):
            bots = state.bots | {player} if bot else state.bots
            return replace(state, players=(*state.players, player), bots=bots)
        case ev.PlayerLeft(player):
            players = tuple(p for p in state.players if p != player)
            return replace(state, players=players, bots=state.bots - {player})
        case ev.GameStarted(first, decks):
            players = state.players
            tokens = tokens_for(len(players))
            return replace(
                state,
                phase=Phase.BIDDING,
                first=first,
                scores=dict.fromkeys(players, 0),
                letters=dict.fromkeys(players, ()),
                actions=dict.fromkeys(players, ()),
                unspent=dict.fromkeys(players, tokens),
                spent=dict.fromkeys(players, ()),
                letter_deck=tuple(range(len(LETTERS))) if decks else None,
                letter_deck_count=len(LETTERS),
                letter_discard=() if decks else None,
                action_deck=tuple(range(len(ACTIONS))) if decks else None,
                action_deck_count=len(ACTIONS),
                action_discard=() if decks else None,
                clock=state.clock + 1,
            )
        case ev.LettersDrawn(player, cards):
            return _letters_to(_draw_letters(state, cards), player, cards)
        case ev.ActionsDrawn(player, cards):
            return replace(
                state,
                actions=_put(state.actions, player, _plus(state.actions[player], cards)),
                action_deck=_deck(state.action_deck, cards),
                action_deck_count=state.action_deck_count - len(cards),
            )
        case ev.DeckRenewed(actions=True):
            deck, pile = state.action_deck, state.action_discard
            return replace(
                state,
                action_deck=None if deck is None or pile is None else _plus(deck, pile),
                action_deck_count=state.action_deck_count + state.action_discard_count,
                action_discard=None if pile is None else (),
                action_discard_count=0,
            )
        case ev.DeckRenewed(actions=False):
            deck, pile = state.letter_deck, state.letter_discard
            return replace(
                state,
                letter_deck=None if deck is None or pile is None else _plus(deck, pile),
                letter_deck_count=state.letter_deck_count + state.letter_discard_count,
                letter_discard=None if pile is None else (),
                letter_discard_count=0,
            )
        case ev.AuctionOpened(first, cards):
            return replace(
                _draw_letters(state, cards),
                phase=Phase.BIDDING,
                first=first,
                turn=state.turn + 1,
                auction=cards,
                sealed={},
                unsealed=frozenset(),
                bids={},
                revealed=(),
                picking=(),
                words=(),
                scoring=None,
                trump=None,
                passed=frozenset(),
                vote=None,
                refreshing=frozenset(),
                purchasing=(),
                clock=state.clock + 1,
            )
        case ev.BidSealed(player, commitment):
            return replace(state, sealed=_put(state.sealed, player, commitment))
        case ev.BidsClosed(missed):
            bids = {**state.bids, **{player: OpenedBid(0) for player in missed}}
            return replace(
                state,
                phase=Phase.REVEALING,
                unsealed=frozenset(missed),
                bids=bids,
                clock=state.clock + 1,
            )
        case ev.BidRevealed(player, token, cards):
            return replace(state, bids=_put(state.bids, player, OpenedBid(token, cards)))
        case ev.BidsRevealed(bids, order, _void):
            return _revealed(state, bids, order)
        case ev.CardPicked(player, card, kept):
            state = _letters_to(state, player, (kept,))
            return replace(
                state,
                auction=tuple(c for c in state.auction if c != card),
                picking=state.picking[1:],
                clock=state.clock + 1,
            )
        case ev.CommunityCardAdded(card, drawn):
            if drawn:
                state = _draw_letters(state, (card,))
            return replace(
                state,
                community=(*state.community, card),
                auction=tuple(c for c in state.auction if c != card),
            )
        case ev.DeclarationOpened():
            return replace(
                state, phase=Phase.DECLARING, words=(), passed=frozenset(), clock=state.clock + 1
            )
        case ev.WordLaid(player, word, cards, trump):
            return _laid(state, player, word, cards, trump=trump)
        case ev.ActionPlayed(player, card, word, _target_player, target):
            return _action_played(state, player, card, word, target)
        case ev.LetterTaken(player, source, taken, kept):
            return _letters_to(_letters_from(state, source, (taken,)), player, (kept,))
        case ev.CommunityCardTaken(player, card, kept):
            state = _letters_to(state, player, (kept,))
            return replace(state, community=tuple(c for c in state.community if c != card))
        case ev.CommunityCardDiscarded(card):
            return replace(
                state,
                community=tuple(c for c in state.community if c != card),
                letter_discard=_pile(state.letter_discard, (card,)),
                letter_discard_count=state.letter_discard_count + 1,
            )
        case ev.TokensRetrieved(player, tokens):
            return _tokens(state, player, back=tokens)
        case ev.TokensSpent(player, tokens):
            return _tokens(state, player, spent=tokens)
        case ev.Passed(player):
            return replace(state, passed=state.passed | {player})
        case ev.ChallengeMade(player, word):
            challengers = (*state.words[word].challengers, player)
            return replace(
                state,
                words=_word(state, word, challengers=challengers),
                passed=frozenset(),
                clock=state.clock + 1,
            )
        case ev.VoteOpened(word, voters, valid):
            return replace(state, vote=Vote(word, voters, valid), clock=state.clock + 1)
        case ev.VoteCast(voter, uphold):
            vote = state.vote
            if vote is None:
                return state
            return replace(state, vote=replace(vote, votes=_put(vote.votes, voter, uphold)))
        case ev.ChallengeDecided(word, valid, challengers, _votes):
            return _challenge_decided(state, word, valid, challengers)
        case ev.BattleDecided(winner, loser):
            return _battle_decided(state, winner, loser)
        case ev.DeclarationEnded(points, retrieved, letters, actions):
            return _declaration_ended(state, points, retrieved, letters, actions)
        case ev.HandChosen(player):
            return replace(state, refreshing=state.refreshing - {player})
        case ev.LettersDiscarded(player, cards):
            state = _letters_from(state, player, cards)
            return replace(
                state,
                letter_discard=_pile(state.letter_discard, cards),
                letter_discard_count=state.letter_discard_count + len(cards),
                clock=state.clock + 1,
            )
        case ev.PurchaseOpened():
            return replace(
                state,
                phase=Phase.PURCHASING,
                purchasing=state.from_first(),
                clock=state.clock + 1,
            )
        case ev.Purchased(player):
            purchasing = tuple(p for p in state.purchasing if p != player)
            return replace(state, purchasing=purchasing, clock=state.clock + 1)
        case ev.GameEnded(winners):
            return replace(state, phase=Phase.OVER, winners=winners, clock=state.clock + 1)
    raise TypeError(f"not an event: {event!r}")


def _tokens(
    state: NerdsState, player: str, *, back: tuple[int, ...] = (), spent: tuple[int, ...] = ()
) -> NerdsState:
    unspent = _plus(less(state.unspent[player], spent), back)
    gone = _plus(less(state.spent[player], back), spent)
    return replace(
        state,
        unspent=_put(state.unspent, player, unspent),
        spent=_put(state.spent, player, gone),
    )


def _revealed(
    state: NerdsState,
    bids: tuple[tuple[str, int, tuple[int, ...]], ...],
    order: tuple[tuple[str, int], ...],
) -> NerdsState:
    played: list[int] = []
    for player, token, cards in bids:
        free = any(action(c).effect is Effect.FREE_BID for c in cards)
        if token and not free:
            state = _tokens(state, player, spent=(token,))
        state = replace(
            state, actions=_put(state.actions, player, less(state.actions[player], cards))
        )
        played.extend(cards)
    return replace(
        state,
        bids={player: OpenedBid(token, cards) for player, token, cards in bids},
        revealed=order,
        picking=tuple(player for player, _ in order),
        phase=Phase.PICKING,
        action_discard=_pile(state.action_discard, played),
        action_discard_count=state.action_discard_count + len(played),
        clock=state.clock + 1,
    )


def _laid(
    state: NerdsState, player: str, word: str, cards: tuple[int, ...], *, trump: bool
) -> NerdsState:
    from_hand = [c for c in cards if c not in state.community]
    state = _letters_from(state, player, from_hand)
    laid = LaidWord(player, word, cards, trumps=state.scoring if trump else None)
    index = len(state.words)
    return replace(
        state,
        words=(*state.words, laid),
        scoring=state.scoring if trump else index,
        trump=index if trump else state.trump,
        passed=frozenset(),
        clock=state.clock + 1,
    )


def _action_played(
    state: NerdsState, player: str, card: int, word: int | None, target: int | None
) -> NerdsState:
    state = replace(
        state, actions=_put(state.actions, player, less(state.actions[player], (card,)))
    )
    kind = action(card)
    discarded: tuple[int, ...] = (card,)
    if kind.family is Family.WORD and word is not None:
        laid = state.words[word]
        if kind.effect is Effect.NOT_SO_FAST:
            kept = tuple(m for m in laid.modifiers if m.card != target)
            state = replace(state, words=_word(state, word, modifiers=kept))
            discarded = (card,) if target is None else (card, target)
        else:
            modifiers = (*laid.modifiers, Modifier(card, player))
            state = replace(state, words=_word(state, word, modifiers=modifiers))
            discarded = ()
    return replace(
        state,
        action_discard=_pile(state.action_discard, discarded),
        action_discard_count=state.action_discard_count + len(discarded),
        passed=frozenset() if state.phase is Phase.DECLARING else state.passed,
        clock=state.clock + 1,
    )


def _challenge_decided(
    state: NerdsState, word: int, valid: bool, challengers: tuple[str, ...]
) -> NerdsState:
    points = -CHALLENGE_POINTS if valid else CHALLENGE_POINTS
    for challenger in challengers:
        state = replace(state, scores=_score(state, challenger, points))
    state = replace(
        state, words=_word(state, word, challengers=(), upheld_as_word=valid), vote=None
    )
    if not valid:
        state = replace(state, words=_word(state, word, standing=Standing.WITHDRAWN))
        if state.trump == word:
            state = replace(state, trump=None)
        elif state.scoring == word:
            # A successfully challenged trump gives the floor back to the word it beat.
            restored = state.words[word].trumps
            if restored is not None and state.words[restored].standing is Standing.BEATEN:
                words = _word(state, restored, standing=Standing.IN_PLAY)
                state = replace(state, words=words, scoring=restored)
            else:
                state = replace(state, scoring=None)
    return replace(state, passed=frozenset(), clock=state.clock + 1)


def _battle_decided(state: NerdsState, winner: int, loser: int | None) -> NerdsState:
    if winner == state.trump:
        words = _word(state, winner, trumps=loser)
        state = replace(state, words=words, scoring=winner)
        if loser is not None:
            state = replace(state, words=_word(state, loser, standing=Standing.BEATEN))
    elif loser is not None:
        state = replace(state, words=_word(state, loser, standing=Standing.LOST))
    return replace(state, trump=None, passed=frozenset(), clock=state.clock + 1)


def _declaration_ended(
    state: NerdsState,
    points: tuple[tuple[str, int], ...],
    retrieved: tuple[tuple[str, tuple[int, ...]], ...],
    letters: tuple[int, ...],
    actions: tuple[int, ...],
) -> NerdsState:
    for player, scored in points:
        state = replace(state, scores=_score(state, player, scored))
    for player, tokens in retrieved:
        state = _tokens(state, player, back=tokens)
    return replace(
        state,
        community=tuple(c for c in state.community if c not in letters),
        letter_discard=_pile(state.letter_discard, letters),
        letter_discard_count=state.letter_discard_count + len(letters),
        action_discard=_pile(state.action_discard, actions),
        action_discard_count=state.action_discard_count + len(actions),
        phase=Phase.REFRESHING,
        refreshing=state.word_players(),
        scoring=None,
        trump=None,
        vote=None,
        passed=frozenset(),
        clock=state.clock + 1,
    )
