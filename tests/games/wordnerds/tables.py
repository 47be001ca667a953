"""Made-up tables for Word Nerds' tests: chosen hands, pools and scores, and a host that
applies commands to them."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import cache

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.alarms import alarm
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.bots import STYLES, Bot, Choice, next_move
from wordsy_tui.games.wordnerds.rules.components import ACTIONS, HIDDEN, LETTERS, Effect, letter
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig
from wordsy_tui.games.wordnerds.rules.decide import decide
from wordsy_tui.games.wordnerds.rules.evolve import evolve, replay
from wordsy_tui.games.wordnerds.rules.finder import WordFinder
from wordsy_tui.games.wordnerds.rules.legal import legal_bids, legal_commands
from wordsy_tui.games.wordnerds.rules.sealing import BidBook
from wordsy_tui.games.wordnerds.rules.state import NerdsState, OpenedBid, Phase
from wordsy_tui.games.wordnerds.rules.view import state_for
from wordsy_tui.words.lexicon import load_lexicon

WORDS = frozenset(
    {"paths", "wreck", "abasia", "master", "stone", "notes", "tones", "rate", "tear", "wrecks"}
)


@cache
def everyday_finder() -> WordFinder:
    """Everyday words only: enough for bots to declare, trump and challenge, built fast."""
    lexicon = load_lexicon()
    return WordFinder(w for w, lv in zip(lexicon.words, lexicon.levels, strict=True) if lv <= 20)


class Cards:
    """Hands out distinct cards by letter or effect, so a table never holds one card twice."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def letters(self, word: str) -> tuple[int, ...]:
        cards = []
        for wanted in word:
            card = next(
                i
                for i, c in enumerate(LETTERS)
                if c.letter == wanted and i not in self.used and not c.action
            )
            self.used.add(card)
            cards.append(card)
        return tuple(cards)

    def marked(self, wanted: str) -> int:
        """A copy of `wanted` that carries '+ ACTION CARD'."""
        card = next(
            i
            for i, c in enumerate(LETTERS)
            if c.letter == wanted and c.action and i not in self.used
        )
        self.used.add(card)
        return card


def spelt(cards: Iterable[int], word: str) -> tuple[int, ...]:
    """Cards from `cards` in the order that spells `word` (WILDs where a letter is missing)."""
    left = list(cards)
    ordered = []
    for wanted in word:
        card = next(
            (c for c in left if letter(c).letter == wanted),
            next((c for c in left if letter(c).wild), None),
        )
        assert card is not None, f"no card for {wanted}"
        left.remove(card)
        ordered.append(card)
    return tuple(ordered)


def action_card(effect: Effect, taken: Iterable[int] = ()) -> int:
    return next(i for i, kind in enumerate(ACTIONS) if kind.effect is effect and i not in taken)


class Table:
    """A game in its Word Declaration Phase (or wherever the commands take it), with the
    host's generator and word list."""

    def __init__(
        self,
        players: Sequence[str],
        letters: Mapping[str, tuple[int, ...]] = {},
        actions: Mapping[str, tuple[int, ...]] = {},
        community: tuple[int, ...] = (),
        scores: Mapping[str, int] = {},
        spent: Mapping[str, tuple[int, ...]] = {},
        config: NerdsConfig | None = None,
        seed: int = 0,
        words: frozenset[str] = WORDS,
    ) -> None:
        self.rng = random.Random(seed)
        self.words = words
        players = tuple(players)
        self.log: list[ev.Event] = [
            ev.GameCreated(config or NerdsConfig()),
            *(ev.PlayerJoined(player) for player in players),
            ev.GameStarted(players[0]),
        ]
        for player in players:
            if letters.get(player):
                self.log.append(ev.LettersDrawn(player, letters[player]))
            if actions.get(player):
                self.log.append(ev.ActionsDrawn(player, actions[player]))
        self.log.append(ev.AuctionOpened(players[0], ()))
        self.log += [ev.CommunityCardAdded(c, drawn=True) for c in community]
        self.log.append(ev.DeclarationOpened())
        state = replay(self.log)
        for player, tokens in spent.items():
            state = evolve(state, ev.TokensSpent(player, tokens))
        self.state = replace(state, scores={**state.scores, **scores})

    def do(self, seat: str | None, command: cmd.Command) -> list[ev.Event]:
        events = decide(self.state, seat, command, rng=self.rng, words=self.words)
        for event in events:
            self.state = evolve(self.state, event)
        self.log += events
        return events

    def all_pass(self, *, but: Iterable[str] = ()) -> list[ev.Event]:
        """Everyone still to say "nothing more" says it (the window then closes)."""
        events: list[ev.Event] = []
        for player in self.state.players:
            if player not in self.state.passed and player not in but:
                events += self.do(player, cmd.Pass())
        return events


def secrets_kept(event: ev.Event, seat: str | None) -> None:
    """Another seat's cards and bid never reach `seat`."""
    match event:
        case ev.LettersDrawn(player, cards) | ev.ActionsDrawn(player, cards) if player != seat:
            assert set(cards) <= {HIDDEN}
        case ev.LettersDiscarded(player, cards) if player != seat:
            assert set(cards) <= {HIDDEN}
        case ev.BidRevealed(player, token, cards) if player != seat:
            assert (token, cards) == (HIDDEN, ())
        case ev.CardPicked(player, _card, kept) | ev.CommunityCardTaken(player, _card, kept) if (
            player != seat
        ):
            assert kept == HIDDEN
        case ev.LetterTaken(player, source, taken, kept) if seat != player:
            assert kept == HIDDEN
            assert taken == HIDDEN or seat == source
        case ev.GameStarted(decks=decks):
            assert not decks
        case _:
            pass


def view_keeps_secrets(view: NerdsState, seat: str | None) -> None:
    """A seat's view holds no other seat's cards, no bid of another before every bid is
    open, and no deck."""
    if view.phase in (Phase.NEW, Phase.LOBBY):
        return
    assert view.letter_deck is None
    assert view.action_deck is None
    for other in view.players:
        if other != seat:
            assert set(view.hand(other)) <= {HIDDEN}
            assert set(view.actions[other]) <= {HIDDEN}
            if view.phase is Phase.REVEALING and other not in view.unsealed:
                assert view.bids.get(other, OpenedBid(HIDDEN)).token == HIDDEN


def drive(
    names: Sequence[str],
    *,
    seed: int,
    until: Callable[[NerdsState], bool] = lambda state: False,
    chaos: float = 0.0,
    steps: int = 20_000,
) -> tuple[list[ev.Event], NerdsState]:
    """A game between computer players of levels drawn at random (everyday words), played
    by the rules alone until `until` holds, the game ends or `steps` have passed: the
    host's log and state. With chance `chaos` a seat sends any command or bid `legal`
    offers it instead (what its view allows, the host accepts)."""
    pick = random.Random(seed)
    host = random.Random(seed + 1)
    words = load_lexicon()
    bots = {n: Bot(n, STYLES[pick.choice(list(Level))], everyday_finder(), seed) for n in names}
    log: list[ev.Event] = []
    state = NerdsState()

    def apply(seat: str | None, command: cmd.Command) -> None:
        nonlocal state
        for event in decide(state, seat, command, rng=host, words=words):
            state = evolve(state, event)
            log.append(event)

    people = tuple(n for n in names if not n.startswith("Bot "))
    computers = tuple(n for n in names if n.startswith("Bot "))
    for sender, command in cmd.opening(NerdsConfig(), people, computers):
        apply(sender, command)
    book = BidBook()
    for _ in range(steps):
        if state.phase is Phase.OVER or until(state):
            break
        seat = pick.choice(names)
        view = state_for(state, seat)
        move: Choice | None = book.reveal(view, seat)
        if move is None and pick.random() < chaos:
            offered: list[Choice] = [*legal_commands(view, seat), *legal_bids(view, seat)]
            move = pick.choice(offered) if offered else None
        elif move is None:
            move = next_move(view, bots[seat])
        if isinstance(move, Bid):
            move = book.seal(seat, move, pick.randbytes(16))
        if move is not None:
            apply(seat, move)
            continue
        timer = alarm(state)
        assert timer is not None
        apply(None, timer.command)
    return log, state
