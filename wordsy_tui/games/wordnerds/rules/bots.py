"""Computer players for Word Nerds: pure decisions from what one seat sees.

A bot is given its own view (`view.state_for`: its hand, counts of everyone
else's), its level's word finder (built from the words it knows) and asks
`legal` before it answers. `next_move` is what it does now, or None when it
waits (the table's countdown then moves the game on). Levels differ in the
words they know, the least word they declare, how often they challenge a word
they do not know, how boldly they bid and how readily they play action cards.

A bot's chance decisions are drawn from the situation itself (game, seat, turn,
word), so asking it again about the same moment gives the same answer.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.components import (
    HAND_LIMIT,
    HIDDEN,
    KINDS,
    TARGET,
    Effect,
    Family,
    action,
    letter,
)
from wordsy_tui.games.wordnerds.rules.finder import Found, WordFinder
from wordsy_tui.games.wordnerds.rules.legal import allowed, bid_refusal
from wordsy_tui.games.wordnerds.rules.state import LaidWord, Modifier, NerdsState, Phase


@dataclass(frozen=True, slots=True)
class NerdStyle:
    vocabulary: int
    """Highest SCOWL level of the words it knows (its finder is built from them)."""
    declare_at: int
    """The least value of a word it declares (unless the word wins the game)."""
    challenge_rate: float
    """Chance it challenges a word it does not know."""
    boldness: float
    """How much of its best token it is ready to bid for a card it wants."""
    card_rate: float
    """Chance it plays an action card where one helps."""


STYLES: Final[dict[Level, NerdStyle]] = {
    Level.EASY: NerdStyle(35, 4, 0.05, 0.5, 0.4),
    Level.MEDIUM: NerdStyle(50, 6, 0.1, 0.7, 0.65),
    Level.HARD: NerdStyle(60, 7, 0.15, 0.85, 0.85),
    Level.EXPERT: NerdStyle(80, 8, 0.25, 1.0, 1.0),
}
KEEP: Final = "etaoinsrlduc"
"""Letters a bot keeps when it must let some go: the ones most words use."""


@dataclass(frozen=True, slots=True)
class Bot:
    seat: str
    style: NerdStyle
    finder: WordFinder
    game: int = 0
    """Varies the bot's draws from one game to the next (the table: any number it keeps)."""

    def chance(self, view: NerdsState, *about: object) -> float:
        """A draw in [0, 1) fixed by the game and the moment it is about."""
        return random.Random(repr((self.game, self.seat, view.turn, *about))).random()


# --- what a bot holds ------------------------------------------------------------------


def _known(cards: Sequence[int]) -> list[int]:
    return [c for c in cards if c != HIDDEN]


def _spelling(cards: Sequence[int]) -> tuple[str, int]:
    """The letters of `cards` and how many WILDs they hold."""
    faces = [letter(c) for c in cards]
    return "".join(f.letter for f in faces if not f.wild), sum(f.wild for f in faces)


def best_word(
    bot: Bot, view: NerdsState, extra: Sequence[int] = (), beat: int = -1
) -> Found | None:
    """The best word the bot's hand and the community pool spell (with `extra` cards)."""
    letters, wilds = _spelling([*_known(view.hand(bot.seat)), *view.community, *extra])
    return bot.finder.best(letters, wilds, beat)


def lay(view: NerdsState, seat: str, word: str) -> tuple[int, ...] | None:
    """Cards that spell `word`: community cards first (the hand keeps its own), then the
    hand's, then WILDs; at least one from the hand, as the rules ask."""
    hand = _known(view.hand(seat))
    pools = [list(view.community), hand]
    chosen: list[int] = []
    for wanted in word:
        card = next(
            (c for pool in pools for c in pool if c not in chosen and letter(c).letter == wanted),
            None,
        )
        if card is None:
            card = next(
                (c for pool in pools for c in pool if c not in chosen and letter(c).wild), None
            )
        if card is None:
            return None
        chosen.append(card)
    if not any(c in hand for c in chosen):
        # Swap one community card for a hand card of the same letter (or a WILD).
        for i, card in enumerate(chosen):
            swap = next(
                (
                    c
                    for c in hand
                    if c not in chosen
                    and (letter(c).letter == letter(card).letter or letter(c).wild)
                ),
                None,
            )
            if swap is not None:
                chosen[i] = swap
                break
        else:
            return None
    return tuple(chosen)


# --- the turn's steps ------------------------------------------------------------------


Choice = cmd.Command | Bid
"""What a bot does: a command, or the bid it seals (its program seals and opens it)."""


def next_move(view: NerdsState, bot: Bot) -> Choice | None:
    """What the bot does now, or None: it waits for the others (or the countdown), or its
    program opens the bid it sealed."""
    seat = bot.seat
    if view.phase in (Phase.NEW, Phase.LOBBY, Phase.OVER) or seat not in view.players:
        return None
    for move in _moves(view, bot):
        if isinstance(move, Bid):
            if bid_refusal(view, seat, move) is None:
                return move
        elif move is not None and allowed(view, seat, move):
            return move
    return None


def _moves(view: NerdsState, bot: Bot) -> Iterator[Choice | None]:
    seat = bot.seat
    over = view.over_limit()
    if over:
        if seat in over:
            yield cmd.Discard(_worst(view.hand(seat), over[seat]))
        return
    match view.phase:
        case Phase.BIDDING if seat not in view.sealed:
            yield from _timeless_cards(view, bot)
            yield _bid(view, bot)
        case Phase.PICKING if view.picking[:1] == (seat,):
            yield _pick(view, bot)
        case Phase.DECLARING:
            yield from _declaring(view, bot)
        case Phase.REFRESHING if seat in view.refreshing:
            yield _refresh(view, bot)
        case Phase.PURCHASING if view.purchasing[:1] == (seat,):
            yield from _timeless_cards(view, bot)
            yield from _table_cards(view, bot)
            yield _purchase(view, bot)


def _worst(hand: Sequence[int], count: int) -> tuple[int, ...]:
    """The letters a bot lets go first: rare ones, then the most repeated."""
    seen: Counter[str] = Counter()

    def keep(card: int) -> tuple[int, int, int]:
        face = letter(card)
        seen[face.letter] += 1
        common = KEEP.find(face.letter)
        rank = 100 if face.wild else (len(KEEP) - common if common >= 0 else 0)
        return (rank - 3 * seen[face.letter], -face.value, card)

    return tuple(sorted(hand, key=keep)[:count])


def _gain(view: NerdsState, bot: Bot, card: int) -> float:
    """What taking `card` is worth to the bot: how much better its best word gets, its
    points as a letter for later, and an action card if it brings one."""
    now = best_word(bot, view)
    then = best_word(bot, view, (card,))
    base = now.value if now else 0
    better = (then.value if then else 0) - base
    face = letter(card)
    return better + 0.3 * face.value + (3.0 if face.wild else 0.0) + (2.0 if face.action else 0.0)


def _bid(view: NerdsState, bot: Bot) -> Bid:
    seat = bot.seat
    tokens = sorted(view.unspent[seat])
    gains = sorted((_gain(view, bot, c) for c in view.auction), reverse=True)
    # Going first matters by how much the best card beats the one left for a later pick.
    edge = gains[0] - (gains[1] if len(gains) > 1 else 0) if gains else 0.0
    want = min(1.0, (0.6 * (gains[0] if gains else 0) + edge) / 10) * bot.style.boldness
    want += (bot.chance(view, "bid") - 0.5) * 0.3
    token = tokens[max(0, min(len(tokens) - 1, round(want * (len(tokens) - 1))))]
    cards: list[int] = []
    for card in dict.fromkeys(_known(view.actions[seat])):
        effect = action(card).effect
        if (effect is Effect.BID_BOOST and want > 0.6 and not cards) or (
            effect is Effect.FREE_BID and token >= 3 and not cards
        ):
            cards.append(card)
    return Bid(token, tuple(cards))


def _pick(view: NerdsState, bot: Bot) -> cmd.Command:
    best = max(view.auction, key=lambda c: (_gain(view, bot, c), letter(c).value, -c))
    return cmd.Pick(best)


def _refresh(view: NerdsState, bot: Bot) -> cmd.Command:
    hand = _known(view.hand(bot.seat))
    junk = all(letter(c).value >= 3 for c in hand)
    return cmd.NewHand() if len(hand) <= 1 or (len(hand) <= 3 and junk) else cmd.KeepHand()


def _purchase(view: NerdsState, bot: Bot) -> cmd.Command:
    seat = bot.seat
    paying = sorted(t for t in view.unspent[seat] if t)
    hand = _known(view.hand(seat))
    clunkers = [c for c in hand if letter(c).value >= 4]
    if clunkers and len(paying) >= 2:
        count = min(len(clunkers), len(paying) - 1)
        return cmd.Replace(tuple(clunkers[:count]), tuple(paying[:count]))
    held = len(view.actions[seat])
    if paying and held < 2 and (len(paying) >= 3 or bot.chance(view, "buy") < 0.3):
        return cmd.BuyAction(paying[0])
    return cmd.Pass()


# --- the Word Declaration Phase --------------------------------------------------------


def _declaring(view: NerdsState, bot: Bot) -> Iterator[cmd.Command | None]:
    seat = bot.seat
    vote = view.vote
    if vote is not None:
        if seat in vote.voters and seat not in vote.votes:
            yield cmd.Vote(uphold=not bot.finder.knows(view.words[vote.word].word))
        return
    yield from _challenges(view, bot)
    yield from _word_cards(view, bot)
    scoring = None if view.scoring is None else view.words[view.scoring]
    if scoring is None:
        found = best_word(bot, view)
        if found is not None:
            wins = view.scores[seat] + found.value >= TARGET
            if found.value >= bot.style.declare_at or wins:
                yield _laid(view, seat, found, trump=False)
        elif len(view.hand(seat)) <= HAND_LIMIT - 2:
            yield from _cards_of(view, bot, Effect.DRAW_LETTERS)
    elif view.trump is None and scoring.player != seat:
        found = best_word(bot, view, beat=scoring.value)
        if found is not None:
            yield _laid(view, seat, found, trump=True)
    if seat not in view.passed:
        yield cmd.Pass()


def _laid(view: NerdsState, seat: str, found: Found, *, trump: bool) -> cmd.Command | None:
    cards = lay(view, seat, found.word)
    if cards is None:
        return None
    return cmd.Trump(found.word, cards) if trump else cmd.Declare(found.word, cards)


def _challenges(view: NerdsState, bot: Bot) -> Iterator[cmd.Command]:
    for index in view.in_play():
        laid = view.words[index]
        if laid.player == bot.seat or bot.seat in laid.challengers:
            continue
        if bot.finder.knows(laid.word):
            continue
        if bot.chance(view, "challenge", laid.word) < bot.style.challenge_rate:
            yield cmd.Challenge(index)


def _with(laid: LaidWord, seat: str, card: int) -> LaidWord:
    return LaidWord(
        laid.player, laid.word, laid.cards, modifiers=(*laid.modifiers, Modifier(card, seat))
    )


def _word_cards(view: NerdsState, bot: Bot) -> Iterator[cmd.Command]:
    """WORD VALUE cards where they swing a battle, deny a win, or add to the bot's own
    scoring word when nobody is contesting it."""
    seat = bot.seat
    held = [
        c for c in dict.fromkeys(_known(view.actions[seat])) if action(c).family is Family.WORD
    ]
    if not held or bot.chance(view, "cards", len(view.words), view.clock) >= bot.style.card_rate:
        return
    scoring = None if view.scoring is None else view.words[view.scoring]
    if scoring is None:
        return
    trump = None if view.trump is None else view.words[view.trump]
    if trump is not None:
        yield from _battle_cards(view, bot, held, scoring, trump)
        return
    if scoring.player == seat:
        plus = [c for c in held if action(c).effect in (Effect.PLUS_TWO, Effect.DOUBLE_BONUS)]
        wins = view.scores[seat] + scoring.value < TARGET <= view.scores[seat] + scoring.value + 2
        if plus and (len(held) >= 2 or wins):
            yield cmd.PlayAction(plus[0], word=view.scoring)
        return
    if view.scores[scoring.player] + scoring.value >= TARGET:
        minus = [c for c in held if action(c).effect is Effect.MINUS_THREE]
        if minus:
            yield cmd.PlayAction(minus[0], word=view.scoring)


def _battle_cards(
    view: NerdsState, bot: Bot, held: list[int], scoring: LaidWord, trump: LaidWord
) -> Iterator[cmd.Command]:
    seat = bot.seat
    assert view.scoring is not None
    assert view.trump is not None
    mine = next(
        (i for i, w in ((view.scoring, scoring), (view.trump, trump)) if w.player == seat), None
    )
    if mine is None:
        # A third party steps in only to stop a word that would win the game.
        for index, laid in ((view.scoring, scoring), (view.trump, trump)):
            winning = index == (view.trump if trump.value > scoring.value else view.scoring)
            if winning and view.scores[laid.player] + laid.value >= TARGET:
                yield from _swing(view, bot, held, against=index)
        return
    yield from _swing(view, bot, held, towards=mine)


def _swing(
    view: NerdsState,
    bot: Bot,
    held: list[int],
    *,
    towards: int | None = None,
    against: int | None = None,
) -> Iterator[cmd.Command]:
    """A card that turns the battle `towards` a word (or `against` one), if one does."""
    assert view.scoring is not None
    assert view.trump is not None
    pair = (view.scoring, view.trump)
    ours = towards if towards is not None else next(i for i in pair if i != against)
    theirs = next(i for i in pair if i != ours)

    def ahead(words: dict[int, LaidWord]) -> bool:
        # The trump needs to be worth more; the word it trumped holds on a tie.
        if ours == view.trump:
            return words[ours].value > words[theirs].value
        return words[ours].value >= words[theirs].value

    words = {i: view.words[i] for i in pair}
    if ahead(words):
        return
    for card in held:
        effect = action(card).effect
        if effect is Effect.NOT_SO_FAST:
            for target in view.words[theirs].modifiers:
                if KINDS[target.effect].amount > 0 or target.effect is Effect.DOUBLE_BONUS:
                    yield cmd.PlayAction(card, target=target.card)
            for target in view.words[ours].modifiers:
                if target.effect is Effect.MINUS_THREE:
                    yield cmd.PlayAction(card, target=target.card)
            continue
        on = theirs if effect is Effect.MINUS_THREE else ours
        changed = dict(words)
        changed[on] = _with(words[on], bot.seat, card)
        if ahead(changed) or len(held) > 1:
            yield cmd.PlayAction(card, word=on)


# --- the other action cards ------------------------------------------------------------


def _cards_of(view: NerdsState, bot: Bot, effect: Effect) -> Iterator[cmd.Command]:
    for card in dict.fromkeys(_known(view.actions[bot.seat])):
        if action(card).effect is effect:
            yield cmd.PlayAction(card)
            return


def _timeless_cards(view: NerdsState, bot: Bot) -> Iterator[cmd.Command]:
    """Cards that help whenever they are played: tokens back, more cards."""
    seat = bot.seat
    if bot.chance(view, "timeless", view.clock) >= bot.style.card_rate:
        return
    if len(view.spent[seat]) >= 3:
        yield from _cards_of(view, bot, Effect.RETRIEVE)
    yield from _cards_of(view, bot, Effect.DRAW_ACTIONS)
    if len(view.hand(seat)) <= HAND_LIMIT - 4:
        yield from _cards_of(view, bot, Effect.DRAW_LETTERS)


def _leader(view: NerdsState, seat: str) -> str:
    others = [p for p in view.players if p != seat]
    return max(others, key=lambda p: (view.scores[p], len(view.hand(p))))


def _table_cards(view: NerdsState, bot: Bot) -> Iterator[cmd.Command]:
    """Cards aimed at the community pool or another player, played on the bot's purchase."""
    seat = bot.seat
    if bot.chance(view, "table", view.clock) >= bot.style.card_rate:
        return
    leader = _leader(view, seat)
    for card in dict.fromkeys(_known(view.actions[seat])):
        match action(card).effect:
            case Effect.TAKE_COMMUNITY if view.community:
                best = max(view.community, key=lambda c: _gain(view, bot, c))
                if _gain(view, bot, best) > 2:
                    yield cmd.PlayAction(card, target=best)
            case Effect.DISCARD_COMMUNITY if view.community:
                rare = max(view.community, key=lambda c: letter(c).value)
                if letter(rare).value >= 3:
                    yield cmd.PlayAction(card, target=rare)
            case Effect.EXTRA_COMMUNITY:
                yield cmd.PlayAction(card)
            case Effect.TAKE_LETTER if len(view.hand(seat)) < HAND_LIMIT:
                source = max(
                    (p for p in view.players if p != seat), key=lambda p: len(view.hand(p))
                )
                yield cmd.PlayAction(card, player=source)
            case Effect.TOKEN_TAX:
                yield cmd.PlayAction(card, player=leader)
            case _:
                pass
