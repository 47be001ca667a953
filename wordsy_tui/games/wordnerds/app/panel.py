"""What the screens show of a game of Word Nerds, as plain functions of the state: the
cards up for auction and the bids, the words in play worked out letter by letter, the
word being spelt with its live value, the hand, the action cards, the tokens, the score
track to 100, the countdown and the end. Tested alone.

Readable without colour: a card's mark is text ("E1+" brings an action card, "?0" is a
WILD), the score track is a bar of characters, and whose turn it is is a word. Names
come from the network: every one is shown through `text.shown`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

from rich.text import Text

from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules.alarms import LABELS
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.bots import lay
from wordsy_tui.games.wordnerds.rules.components import (
    HAND_LIMIT,
    HIDDEN,
    MIN_WORD,
    TARGET,
    action,
    letter,
)
from wordsy_tui.games.wordnerds.rules.state import LaidWord, NerdsState, Phase, Standing
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.ratings import Change, rating_text
from wordsy_tui.text import shown

NAME_WIDTH: Final = 14
TRACK_CELLS: Final = 10
"""The score track's bar: a cell for every tenth of the way to 100."""
STILL_HERE: Final = "any key: still here"
"""How a player the table is about to move on without makes it wait on."""
HURRY_SECONDS: Final = 10
LEGEND: Final = "E1+ brings an action card · ?0 is a WILD"


def short(player: str, width: int = NAME_WIDTH) -> str:
    """A name for a column, shown safely and cut to `width`."""
    name = shown(player)
    return name if len(name) <= width else name[: width - 1] + "…"


def first_name(player: str, width: int = NAME_WIDTH) -> str:
    """A name in a sentence about several: "Bot 1 (medium)" is "Bot 1"."""
    return short(player.split(" (", 1)[0], width)


def word_text(word: str) -> str:
    """A word laid at the table, as the screens print it: in capitals, shown safely."""
    return shown(word.upper())


def card_text(card: int) -> str:
    """A letter card as printed, in short ("?" for one this view does not know)."""
    return "?" if card == HIDDEN else letter(card).short


def cards_text(
    cards: Sequence[int], *, numbered: bool = False, chosen: frozenset[int] = frozenset()
) -> Text:
    """Letter cards in a row; `numbered`: each with the key that chooses it (1-9, then 0);
    `chosen`: those marked [ ] for a replacement or a discard."""
    text = Text()
    for at, card in enumerate(cards):
        if at:
            text.append(" ")
        face = card_text(card)
        if numbered:
            text.append(f"{(at + 1) % 10}:", "dim")
        if card in chosen:
            text.append(f"[{face}]", "bold reverse")
        else:
            text.append(face, "bold")
    return text


def hand_text(state: NerdsState, me: str, chosen: frozenset[int] = frozenset()) -> Text:
    hand = state.hand(me)
    numbered = state.phase is Phase.PURCHASING or me in state.over_limit()
    text = Text(f"Hand {len(hand)}/{HAND_LIMIT}: ", "dim")
    return text + (cards_text(hand, numbered=numbered, chosen=chosen) or Text("none", "dim"))


def actions_text(state: NerdsState, me: str) -> Text:
    """The action cards in our hand, by title (F4 shows what each does)."""
    held = state.actions.get(me, ())
    text = Text("Action cards: ", "dim")
    if not held:
        return text + Text("none", "dim")
    return text + Text(", ".join(action(card).title for card in held))


def tokens_text(state: NerdsState, me: str) -> Text:
    unspent = " ".join(map(str, state.unspent.get(me, ())))
    spent = " ".join(map(str, state.spent.get(me, ()))) or "none"
    return Text("Tokens: ", "dim") + Text(unspent, "bold") + Text(f" · spent {spent}", "dim")


def pool_text(state: NerdsState) -> Text:
    return Text("Community pool: ", "dim") + (cards_text(state.community) or Text("empty", "dim"))


# -- the auction -------------------------------------------------------------------------


class Lot:
    """The cards up for auction, numbered as they were turned up: a card keeps its number
    (the key that takes it) while the others are taken, so a key pressed as another player
    picks takes the card it was pressed for, or none."""

    def __init__(self) -> None:
        self.turn: int | None = None
        self.cards: tuple[int, ...] = ()

    def follow(self, state: NerdsState) -> None:
        """Number a new auction's cards, and any card added to this one after them."""
        if state.turn != self.turn:
            self.turn, self.cards = state.turn, state.auction
        else:
            self.cards += tuple(card for card in state.auction if card not in self.cards)

    def numbered(self, state: NerdsState) -> list[tuple[int, int]]:
        """(number, card) for each card still up, in the order they were turned up."""
        self.follow(state)
        up = set(state.auction)
        return [(at, card) for at, card in enumerate(self.cards, start=1) if card in up]

    def card(self, state: NerdsState, number: int) -> int | None:
        """The card up under `number` (None: none, or taken since)."""
        return dict(self.numbered(state)).get(number)


def auction_text(
    state: NerdsState, me: str | None, bid: Bid | None, sealed: bool, lot: Lot | None = None
) -> Text:
    """The cards up (numbered: the key that takes each), then the bids: ours as we are
    making it or sealed, the others' as sealed or not, all of them once open."""
    text = Text("Up for auction: ", "bold")
    for at, card in (lot or Lot()).numbered(state):
        face = letter(card)
        text.append(f" {at}:", "dim")
        text.append("?" if face.wild else face.letter.upper(), "bold")
        text.append(str(face.value))
        if face.action:
            text.append(" +ACTION", "bold")
        if face.wild:
            text.append(" WILD", "bold")
    text.append("\n")
    if state.phase is Phase.PICKING or state.revealed:
        text.append("Bids: ")
        text.append(
            ", ".join(f"{first_name(p)} {counted}" for p, counted in state.revealed), "bold"
        )
        text.append("\n")
        for player, _token, cards in _bid_cards(state):
            titles = " and ".join(action(card).title for card in cards)
            who = "You" if player == me else first_name(player)
            text.append(f"{who} played {titles}\n", "dim")
        if state.picking:
            whose = "you" if state.picking[0] == me else first_name(state.picking[0])
            text.append(f"Taking a card: {whose}", "bold")
            rest = [first_name(p) for p in state.picking[1:]]
            if rest:
                text.append(f", then {', '.join(rest)}")
        return text
    for player in state.players:
        mark = "sealed" if player in state.sealed or (player == me and sealed) else "bidding…"
        who = "you" if player == me else first_name(player)
        text.append(f"{who}: {mark}  ", "dim")
    if me is not None and me in state.players:
        text.append("\nYour bid: ")
        opened = state.bids.get(me)
        if state.phase is Phase.REVEALING and opened is not None:
            text.append(str(opened.token), "bold")
            for card in opened.cards:
                text.append(f" with {action(card).title}", "bold")
            text.append(" (opened: the others see it once every bid is)", "dim")
        elif state.phase is Phase.REVEALING:
            text.append("sealed, being opened" if me in state.sealed else "none (the 0)", "dim")
        elif bid is None:
            tokens = " ".join(map(str, state.unspent.get(me, ())))
            text.append(f"type a token ({tokens})", "dim")
        else:
            text.append(str(bid.token), "bold")
            for card in bid.cards:
                text.append(f" with {action(card).title}", "bold")
            text.append(" (sealed)" if sealed else " · Enter seals it", "dim")
    return text


def _bid_cards(state: NerdsState) -> list[tuple[str, int, tuple[int, ...]]]:
    return [(p, b.token, b.cards) for p, b in state.bids.items() if b.cards]


# -- words -------------------------------------------------------------------------------


def worth_text(laid: LaidWord) -> Text:
    """A word's value worked out: each letter's points (a WILD as ? and the letter it
    stands for), the WORD VALUE cards on it, the length bonus."""
    worth = laid.worth
    letters = " ".join(
        f"{'?' if letter(card).wild else ''}{word_text(ch)}{points}"
        for ch, card, points in zip(laid.word, laid.cards, worth.letters, strict=True)
    )
    text = Text(f"{letters} = {sum(worth.letters)}")
    for modifier in laid.modifiers:
        text.append(f" · {action(modifier.card).title}", "italic")
    text.append(f" · bonus +{worth.bonus} = ")
    text.append(str(worth.value), "bold")
    return text


def purchases_text(state: NerdsState, me: str | None) -> Text:
    """The Purchase Phase: whose purchase it is, who is still to come, what each costs."""
    text = Text("Purchases, one each from the First Player:\n", "bold")
    for at, player in enumerate(state.purchasing):
        who = "you" if player == me else first_name(player)
        text.append(f"  {who}{' now' if at == 0 else ''}\n", "bold" if at == 0 else "")
    text.append(
        "Replace letters from your hand (a token each but the 0), or buy the top action "
        "card (a token), or nothing.",
        "dim",
    )
    return text


STANDINGS: Final[Mapping[Standing, str]] = {
    Standing.BEATEN: "trumped: scores half",
    Standing.LOST: "lost its battle: scores half",
    Standing.WITHDRAWN: "withdrawn: scores nothing",
}


def words_text(state: NerdsState, me: str | None) -> Text:
    """The words of this Word Declaration Phase: the scoring word and a trump in play
    worked out in full, the others with what became of them."""
    if not state.words:
        if me is None or me not in state.players or state.phase is not Phase.DECLARING:
            return Text("No word laid down this turn.", "dim")
        return Text("No word yet: spell one from your hand and the pool.", "dim")
    text = Text()
    for index, laid in enumerate(state.words):
        who = "you" if laid.player == me else first_name(laid.player)
        if index == state.scoring:
            role = "scoring word"
        elif index == state.trump:
            role = "trumps it"
        elif laid.standing is Standing.IN_PLAY:
            role = "scored"  # the phase is over: the word that stood
        else:
            role = STANDINGS[laid.standing]
        text.append(word_text(laid.word), "bold")
        text.append(f" ({who}, {role})")
        if laid.challengers:
            text.append(f" challenged by {', '.join(map(first_name, laid.challengers))}", "bold")
        if laid.upheld_as_word:
            text.append(" · stands", "dim")
        text.append("\n  ")
        if index in state.in_play():
            text.append_text(worth_text(laid))
        else:
            text.append(f"worth {laid.value}", "dim")
        text.append("\n")
    if state.vote is not None:
        voted = len(state.vote.votes)
        text.append(f"The table votes on {word_text(state.words[state.vote.word].word)}: ", "bold")
        text.append(f"{voted} of {len(state.vote.voters)} voted")
    return text


def spelling(state: NerdsState, me: str, typed: str) -> tuple[LaidWord | None, str]:
    """The word being typed, laid from our hand and the pool as the rules would take it
    (the pool's cards first, WILDs last, one card of ours at least), or why it cannot be."""
    word = typed.lower()
    if not word:
        return None, ""
    cards = lay(state, me, word)
    if cards is None:
        return None, f"{typed.upper()}: not spelt by your hand and the pool"
    laid = LaidWord(me, word, cards)
    if len(word) < MIN_WORD:
        return laid, f"{typed.upper()}: a word needs {MIN_WORD} letters"
    return laid, ""


def spelling_text(state: NerdsState, me: str, typed: str) -> Text:
    """The word being typed and its live value, or what is wrong with it."""
    laid, problem = spelling(state, me, typed)
    if not typed:
        return Text("Type a word from your hand and the pool · ⏎ lays it · F3 done", "dim")
    text = Text(f"{typed.upper()}: ", "bold")
    if laid is None:
        return Text(problem, "bold")
    text.append_text(worth_text(laid))
    if problem:
        text.append(f"  ({problem.split(': ', 1)[1]})", "dim")
    return text


# -- the players and the score track ------------------------------------------------------


def track(score: int) -> str:
    """The score track to 100: a bar of ten cells."""
    filled = min(TRACK_CELLS, score * TRACK_CELLS // TARGET)
    return "#" * filled + "." * (TRACK_CELLS - filled)


def players_text(
    state: NerdsState,
    me: str | None,
    presence: Mapping[str, bool],
    width: int,
    ratings: Mapping[str, Change] | None = None,
) -> Text:
    """Each player on the score track (FP: the First Player), then what they hold and
    whether they are done or away; in the lobby, their rating at the host (`ratings`)."""
    text = Text(f"Score track to {TARGET}\n", "bold")
    room = max(8, width - 15)
    for player in state.players:
        score = state.scores.get(player, 0)
        name = "you" if player == me else first_name(player, room)
        if player == state.first and state.phase is not Phase.LOBBY:
            name = f"{name[: room - 3]} FP"
        text.append(f"{name:<{room}}", "bold" if player == me else "")
        text.append(f" {score:>3} {track(score)}\n")
        detail = _detail(state, player, presence)
        rating = (ratings or {}).get(player) if state.phase in (Phase.NEW, Phase.LOBBY) else None
        if rating is not None:
            detail += f" · rated {rating_text(rating)}"
        text.append(f"  {detail}"[:width] + "\n", "dim")
    return text


def _detail(state: NerdsState, player: str, presence: Mapping[str, bool]) -> str:
    if state.phase in (Phase.NEW, Phase.LOBBY):
        return "computer" if player in state.bots else "seated"
    hand, cards = len(state.hand(player)), len(state.actions.get(player, ()))
    parts = [f"{hand} let {cards} act {len(state.unspent.get(player, ()))} tok"]
    if player in state.passed:
        parts.append("done")
    if presence and not presence.get(player, player in state.bots):
        parts.append("away")
    return " ".join(parts)


# -- the countdown and the phase ------------------------------------------------------------


def seconds_left(deadline: Deadline | None, now: float) -> int | None:
    """Whole seconds until the host's clock ends the wait; None when no limit runs."""
    return None if deadline is None else max(0, math.ceil(deadline.at - now))


def clock_text(deadline: Deadline | None, now: float, me: str | None) -> Text:
    """The wait's countdown for the title bar ("" without one). When the table is about
    to move on without someone, it says whom (`me`: "you", loud)."""
    left = seconds_left(deadline, now)
    if deadline is None or left is None:
        return Text("")
    clock = f"{left // 60}:{left % 60:02d}"
    if deadline.away:
        if me in deadline.away:
            return Text(f"The table is waiting for you: {clock} · {STILL_HERE}", "bold reverse")
        names = ", ".join(first_name(seat) for seat in deadline.away)
        return Text(f"waiting for {names}: {clock}", "bold")
    label = shown(deadline.label)
    hurry = left <= HURRY_SECONDS
    return Text(f"{label} {clock}", "bold" if hurry else "")


def phase_text(state: NerdsState, me: str | None) -> str:
    """Where the game is, for the title bar."""
    match state.phase:
        case Phase.NEW | Phase.LOBBY:
            return "lobby"
        case Phase.OVER:
            return "game over"
        case Phase.BIDDING | Phase.REVEALING | Phase.PICKING:
            step = "auction"
        case Phase.DECLARING | Phase.REFRESHING:
            step = "words"
        case _:
            step = "purchases"
    return f"turn {state.turn} · {step}"


def doing_text(
    state: NerdsState, me: str | None, typed: str, sealed: bool, lot: Lot | None = None
) -> Text:
    """What the player does now, and with which keys (the line under the table)."""
    if me is not None and me not in state.players and state.phase is Phase.LOBBY:
        return Text("Sitting down…", "dim")  # welcomed with a seat, the host's word on its way
    if me is None or me not in state.players:
        return Text("You are watching.", "dim")
    over = state.over_limit()
    if over:
        if me in over:
            return Text(
                f"Discard {over[me]} letter card(s): keys 1-0 choose · Enter discards", "bold"
            )
        return Text(f"Waiting: {', '.join(map(first_name, over))} must discard first.", "dim")
    match state.phase:
        case Phase.LOBBY:
            if state.captain == me:
                return Text("F6 starts the game once everyone is seated.", "bold")
            return Text(f"{first_name(state.captain or 'The host')} starts the game.", "dim")
        case Phase.BIDDING:
            if sealed or me in state.sealed:
                return Text("Your bid is sealed: nobody sees it before every bid is in.", "dim")
            return Text("Bid: a token's number · c adds a bid card · Enter seals", "bold")
        case Phase.REVEALING:
            return Text("Every bid is sealed: they are being opened.", "dim")
        case Phase.PICKING:
            if state.picking[:1] == (me,):
                keys = " ".join(str(at) for at, _card in (lot or Lot()).numbered(state))
                return Text(f"Take a card: its number ({keys})", "bold")
            return Text("Waiting for the others to take their cards.", "dim")
        case Phase.DECLARING:
            if state.vote is not None:
                if me in state.vote.voters and me not in state.vote.votes:
                    return Text("Vote: y it is a word · n it is not", "bold")
                return Text("The table is voting.", "dim")
            return spelling_text(state, me, typed)
        case Phase.REFRESHING:
            if me in state.refreshing:
                return Text("k keeps the rest of your hand · n draws two new cards", "bold")
            return Text("Word players keep their hands or draw two.", "dim")
        case Phase.PURCHASING:
            if state.purchasing[:1] == (me,):
                return Text(
                    "Purchase: 1-0 choose letters, ⏎ replaces them · a: an action card", "bold"
                )
            whose = first_name(state.purchasing[0]) if state.purchasing else "nobody"
            return Text(f"Purchases: {whose}'s turn.", "dim")
    return Text("The game is over: ^q leaves.", "dim")


def label_of(wait: str) -> str:
    return LABELS.get(wait, wait)


# -- action cards --------------------------------------------------------------------------


def play_text(state: NerdsState, command: cmd.PlayAction) -> str:
    """An action card as the player would play it: the card and what it is aimed at."""
    title = action(command.card).title
    if command.word is not None and command.target is None:
        laid = state.words[command.word]
        return f"{title} on {word_text(laid.word)} ({first_name(laid.player)}, {laid.value})"
    if command.target is not None and command.word is None and state.phase is Phase.DECLARING:
        on = next(w for w in state.words for m in w.modifiers if m.card == command.target)
        return f"{title}: cancel {action(command.target).title} on {word_text(on.word)}"
    if command.target is not None:
        return f"{title}: {card_text(command.target)} from the pool"
    if command.player is not None:
        return f"{title}: {first_name(command.player)}"
    return title


# -- the end -------------------------------------------------------------------------------


def results_text(state: NerdsState, me: str | None) -> Text:
    """The final scores, best first, the winners marked."""
    order = sorted(state.players, key=lambda p: -state.scores.get(p, 0))
    text = Text()
    for player in order:
        won = "★ " if player in state.winners else "  "
        score = state.scores.get(player, 0)
        text.append(
            f"{won}{short(player):<{NAME_WIDTH}} {score:>4} [{track(score)}]\n",
            "bold" if player == me else "",
        )
    return text


def winners_text(state: NerdsState, me: str | None) -> str:
    winners = state.winners
    if not winners:
        return "Game over."
    if me in winners:
        return "You win!" if len(winners) == 1 else "You share the win!"
    names = ", ".join(shown(p) for p in winners)
    return f"{names} {'wins' if len(winners) == 1 else 'share the win'}."
