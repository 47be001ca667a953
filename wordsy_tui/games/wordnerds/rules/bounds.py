"""What a number or a name from the host may be, beyond its type: the client's checks of what
it folds into its view (`codec`, and `seam.NerdsRules.evolve` for what needs the view).

Every card, token, seat and word a host sends is used as an index or shown: a card number
outside its deck, a negative or huge token, a player who is not at the table or a word
that was never laid would end the player's program with an IndexError (or draw a garbled
screen). Each is refused here as a `CodecError`, the client's "the host sent something I
cannot read", so the view skips it (and the view hash brings the host's view back).
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import Final

from wordsy_tui.engine.codec import CodecError, bounded
from wordsy_tui.engine.names import NAME_BOUND
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.bids import MAX_BID_CARDS
from wordsy_tui.games.wordnerds.rules.components import (
    ACTIONS,
    HIDDEN,
    KINDS,
    LETTERS,
    TARGET,
    Effect,
    action,
    tokens_for,
)
from wordsy_tui.games.wordnerds.rules.config import MAX_PLAYERS
from wordsy_tui.games.wordnerds.rules.decide import COMMITMENT_BYTES
from wordsy_tui.games.wordnerds.rules.state import LaidWord, NerdsState, Phase

MAX_WORD: Final = 32
"""Longer than any word a hand of ten and the pool can spell in a game, far short of a
flood."""
MAX_TOKEN: Final = max(tokens_for(MAX_PLAYERS))
MAX_COUNTED_BID: Final = MAX_TOKEN + MAX_BID_CARDS * KINDS[Effect.BID_BOOST].amount
"""A bid as it counts: the token and every +BID card with it."""
MAX_SCORE: Final = 10 * TARGET
"""No game gets near it: it ends at TARGET, and no turn scores hundreds."""
MAX_AUCTION: Final = MAX_PLAYERS + 1
PURCHASES: Final = frozenset({"letters", "action", "nothing"})


def _refuse(problem: str) -> CodecError:
    return CodecError(problem)


def _count(items: Collection[object], most: int, what: str) -> None:
    if len(items) > most:
        raise _refuse(f"{what}: more than {most}")


def _letters(cards: Iterable[int], what: str, *, hidden: bool = False) -> None:
    """Letter cards (HIDDEN too where the view may not know them)."""
    for card in cards:
        if not (0 <= card < len(LETTERS) or (hidden and card == HIDDEN)):
            raise _refuse(f"{what}: no letter card {card}")


def _actions(cards: Iterable[int], what: str, *, hidden: bool = False) -> None:
    for card in cards:
        if not (0 <= card < len(ACTIONS) or (hidden and card == HIDDEN)):
            raise _refuse(f"{what}: no action card {card}")


def _tokens(tokens: Iterable[int], what: str, *, hidden: bool = False) -> None:
    for token in tokens:
        if not (0 <= token <= MAX_TOKEN or (hidden and token == HIDDEN)):
            raise _refuse(f"{what}: no token {token}")


def _within(value: int, most: int, what: str) -> None:
    if not 0 <= value <= most:
        raise _refuse(f"{what}: {value} is not 0 to {most}")


def _word(word: str, cards: tuple[int, ...], what: str) -> None:
    """A word as laid: lower-case letters, one letter card for each."""
    if not 0 < len(word) <= MAX_WORD or not set(word) <= set(string.ascii_lowercase):
        raise _refuse(f"{what}: not a word of up to {MAX_WORD} letters")
    if len(cards) != len(word):
        raise _refuse(f"{what}: {len(cards)} cards for {len(word)} letters")
    _letters(cards, what)


def _names(event: object) -> Iterator[str]:
    """Every name an event holds (its other strings are a word and a purchase)."""
    match event:
        case ev.WordLaid(player):
            yield player
        case ev.Purchased(player):
            yield player
        case _:
            yield from _strings(event)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _strings(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _strings(getattr(value, field.name))


def check_event(event: ev.Event) -> None:
    """Refuse an event whose numbers no host of this game sends (whatever the view)."""
    for name in _names(event):
        bounded(name, NAME_BOUND)
    where = type(event).__name__
    match event:
        case ev.GameCreated(config):
            problem = config.problem()
            if problem is not None:
                raise _refuse(f"{where}: {problem}")
        case ev.LettersDrawn(_, cards) | ev.LettersDiscarded(_, cards):
            _count(cards, len(LETTERS), where)
            _letters(cards, where, hidden=True)
        case ev.ActionsDrawn(_, cards):
            _count(cards, len(ACTIONS), where)
            _actions(cards, where, hidden=True)
        case ev.AuctionOpened(_, cards):
            _count(cards, MAX_AUCTION, where)
            _letters(cards, where)
        case ev.BidSealed(_, commitment) if len(commitment) != COMMITMENT_BYTES:
            raise _refuse(f"{where}: a commitment is {COMMITMENT_BYTES} bytes")
        case ev.BidsClosed(players):
            _count(players, MAX_PLAYERS, where)
        case ev.BidRevealed(_, token, cards):
            _tokens((token,), where, hidden=True)
            _count(cards, MAX_BID_CARDS, where)
            _actions(cards, where)
        case ev.BidsRevealed(bids, order, void):
            for part in (bids, order, void):
                _count(part, MAX_PLAYERS, where)
            for _, token, cards in bids:
                _tokens((token,), where)
                _count(cards, MAX_BID_CARDS, where)
                _actions(cards, where)
            for _, counted in order:
                _within(counted, MAX_COUNTED_BID, where)
        case ev.CardPicked(_, card, kept) | ev.CommunityCardTaken(_, card, kept):
            _letters((card,), where)
            if kept not in (card, HIDDEN):
                raise _refuse(f"{where}: kept {kept}, not the card taken")
        case ev.CommunityCardAdded(card) | ev.CommunityCardDiscarded(card):
            _letters((card,), where)
        case ev.WordLaid(_, word, cards):
            _word(word, cards, where)
        case ev.ActionPlayed(_, card, _, _, target):
            _actions((card,), where)
            _action_target(card, target, where)
        case ev.LetterTaken(_, _, taken, kept):
            _letters((taken, kept), where, hidden=True)
        case ev.TokensRetrieved(_, tokens) | ev.TokensSpent(_, tokens):
            _count(tokens, MAX_TOKEN + 1, where)
            _tokens(tokens, where)
        case ev.ChallengeDecided(_, _, challengers, votes):
            _count(challengers, MAX_PLAYERS, where)
            _count(votes, MAX_PLAYERS, where)
        case ev.DeclarationEnded(points, retrieved, letters, actions):
            _count(points, MAX_PLAYERS, where)
            _count(retrieved, MAX_PLAYERS, where)
            for _, scored in points:
                _within(scored, MAX_SCORE, where)
            for _, tokens in retrieved:
                _count(tokens, MAX_TOKEN + 1, where)
                _tokens(tokens, where)
            _count(letters, len(LETTERS), where)
            _letters(letters, where)
            _count(actions, len(ACTIONS), where)
            _actions(actions, where)
        case ev.Purchased(_, what) if what not in PURCHASES:
            raise _refuse(f"{where}: no purchase {what!r}")
        case ev.GameEnded(players) | ev.VoteOpened(_, players):
            _count(players, MAX_PLAYERS, where)


def _action_target(card: int, target: int | None, where: str) -> None:
    """The card an action card names: a WORD VALUE card it cancels, or a community card."""
    if target is None:
        return
    match action(card).effect:
        case Effect.NOT_SO_FAST:
            _actions((target,), where)
        case Effect.TAKE_COMMUNITY | Effect.DISCARD_COMMUNITY:
            _letters((target,), where)
        case _:
            raise _refuse(f"{where}: {action(card).title} names no card")


def check_fits(state: NerdsState, event: ev.Event) -> None:
    """Refuse an event that cannot follow this view: a player not at the table, a word not
    laid this phase, a game's event before the game."""
    where = type(event).__name__
    lobby = state.phase in (Phase.NEW, Phase.LOBBY)
    match event:
        case ev.GameCreated() | ev.PlayerLeft():
            return
        case ev.PlayerJoined(player):
            if player in state.players or len(state.players) >= MAX_PLAYERS:
                raise _refuse(f"{where}: no seat for {player!r}")
            return
        case ev.GameStarted() if state.phase is not Phase.LOBBY:
            raise _refuse(f"{where}: the game is not in its lobby")
        case ev.GameStarted():
            pass
        case _ if lobby:
            raise _refuse(f"{where}: the game has not started")
    for name in _names(event):
        if name not in state.players:
            raise _refuse(f"{where}: {name!r} is not at the table")
    for word in _words(event):
        if not 0 <= word < len(state.words):
            raise _refuse(f"{where}: no word {word} this phase")


def _words(event: ev.Event) -> tuple[int, ...]:
    """The words laid this phase that an event names, by their index."""
    match event:
        case ev.ActionPlayed(word=int(word)) | ev.ChallengeMade(word=word):
            return (word,)
        case ev.VoteOpened(word) | ev.ChallengeDecided(word):
            return (word,)
        case ev.BattleDecided(winner, loser):
            return (winner,) if loser is None else (winner, loser)
    return ()


def check_state(state: NerdsState) -> None:
    """Refuse a snapshot whose numbers no host sends or that does not hold together: every
    map of players names players at the table, every index a word laid."""
    problem = state.config.problem()
    if problem is not None:
        raise _refuse(f"NerdsState.config: {problem}")
    players = state.players
    _count(players, MAX_PLAYERS, "NerdsState.players")
    if len(set(players)) != len(players):
        raise _refuse("NerdsState.players: a name twice")
    for name in players:
        bounded(name, NAME_BOUND)
    started = state.phase not in (Phase.NEW, Phase.LOBBY)
    if state.first not in (*players, "") or (started and not state.first):
        raise _refuse("NerdsState.first: not at the table")
    seated: dict[str, Iterable[str]] = {
        "bots": state.bots,
        "sealed": state.sealed,
        "unsealed": state.unsealed,
        "bids": state.bids,
        "revealed": (p for p, _ in state.revealed),
        "picking": state.picking,
        "passed": state.passed,
        "refreshing": state.refreshing,
        "purchasing": state.purchasing,
        "winners": state.winners,
    }
    hands: dict[str, Mapping[str, object]] = {
        "scores": state.scores,
        "letters": state.letters,
        "actions": state.actions,
        "unspent": state.unspent,
        "spent": state.spent,
    }
    for what, names in (*seated.items(), *hands.items()):
        if not set(names) <= set(players):
            raise _refuse(f"NerdsState.{what}: someone not at the table")
    for what, hand in hands.items():
        if started and set(hand) != set(players):
            raise _refuse(f"NerdsState.{what}: not one for each player")
    for value in (state.turn, state.clock):
        _within(value, 2**31, "NerdsState")
    for score in state.scores.values():
        _within(score, MAX_SCORE, "NerdsState.scores")
    for cards in state.letters.values():
        _count(cards, len(LETTERS), "NerdsState.letters")
        _letters(cards, "NerdsState.letters", hidden=True)
    for cards in state.actions.values():
        _count(cards, len(ACTIONS), "NerdsState.actions")
        _actions(cards, "NerdsState.actions", hidden=True)
    for tokens in (*state.unspent.values(), *state.spent.values()):
        _count(tokens, MAX_TOKEN + 1, "NerdsState tokens")
        _tokens(tokens, "NerdsState tokens")
    _decks(state)
    _count(state.community, len(LETTERS), "NerdsState.community")
    _letters(state.community, "NerdsState.community")
    _count(state.auction, MAX_AUCTION, "NerdsState.auction")
    _letters(state.auction, "NerdsState.auction")
    if any(len(c) != COMMITMENT_BYTES for c in state.sealed.values()):
        raise _refuse(f"NerdsState.sealed: a commitment is {COMMITMENT_BYTES} bytes")
    for bid in state.bids.values():
        _tokens((bid.token,), "NerdsState.bids", hidden=True)
        _count(bid.cards, MAX_BID_CARDS, "NerdsState.bids")
        _actions(bid.cards, "NerdsState.bids")
    for _, counted in state.revealed:
        _within(counted, MAX_COUNTED_BID, "NerdsState.revealed")
    _laid(state)


def _decks(state: NerdsState) -> None:
    for cards, count, deck in (
        (state.letter_deck, state.letter_deck_count, LETTERS),
        (state.letter_discard, state.letter_discard_count, LETTERS),
        (state.action_deck, state.action_deck_count, ACTIONS),
        (state.action_discard, state.action_discard_count, ACTIONS),
    ):
        _within(count, len(deck), "NerdsState deck count")
        if cards is not None:
            _count(cards, len(deck), "NerdsState deck")
            if deck is LETTERS:
                _letters(cards, "NerdsState deck")
            else:
                _actions(cards, "NerdsState deck")


def _laid(state: NerdsState) -> None:
    """The words of this phase, and every index that names one."""
    words = state.words
    indexes = [state.scoring, state.trump, None if state.vote is None else state.vote.word]
    for laid in words:
        _laid_word(state, laid)
        indexes.append(laid.trumps)
    for index in indexes:
        if index is not None and not 0 <= index < len(words):
            raise _refuse(f"NerdsState.words: no word {index}")
    if state.vote is not None and not {*state.vote.voters, *state.vote.votes} <= set(
        state.players
    ):
        raise _refuse("NerdsState.vote: a voter not at the table")


def _laid_word(state: NerdsState, laid: LaidWord) -> None:
    _word(laid.word, laid.cards, "NerdsState.words")
    names = {laid.player, *laid.challengers, *(m.player for m in laid.modifiers)}
    if not names <= set(state.players):
        raise _refuse("NerdsState.words: someone not at the table")
    _actions((m.card for m in laid.modifiers), "NerdsState.words")
