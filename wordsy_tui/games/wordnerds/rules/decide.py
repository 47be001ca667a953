"""decide(state, seat, command) -> events, or a RuleError the player can read.

`seat` is who sent the command, as the host knows it (None: the host itself, or
its clock). `rng` is the host's secret generator: every card leaves a deck
through it, when a hand or the table needs it, so a deck never has an order that
could leak. `words` is the agreed word list (a container of lower-case words),
read only when a challenge is decided.
"""

from __future__ import annotations

import random
from typing import Final

from wordsy_tui.engine import Outcome
from wordsy_tui.engine.sealed import SALT_BYTES, commit
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import errors
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.alarms import waiting
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.checks import bid_problem, join_problem, limit_problem
from wordsy_tui.games.wordnerds.rules.components import (
    MIN_WORD,
    NEW_HAND,
    START_ACTIONS,
    START_LETTERS,
    TARGET,
    Effect,
    Family,
    When,
    action,
    letter,
)
from wordsy_tui.games.wordnerds.rules.config import MIN_PLAYERS, NerdsConfig
from wordsy_tui.games.wordnerds.rules.evolve import evolve
from wordsy_tui.games.wordnerds.rules.state import (
    LaidWord,
    NerdsState,
    OpenedBid,
    Phase,
    Standing,
)
from wordsy_tui.games.wordnerds.rules.words import Words

_Outcome = Outcome[NerdsState, ev.Event]
COMMITMENT_BYTES: Final = 32
"""A sealed bid's commitment: a SHA-256 digest (`engine.sealed.commit`)."""
MAX_SALT_BYTES: Final = 4 * SALT_BYTES
AUCTION: frozenset[Phase] = frozenset({Phase.BIDDING, Phase.REVEALING, Phase.PICKING})
DECLARATION: frozenset[Phase] = frozenset({Phase.DECLARING, Phase.REFRESHING})


def decide(
    state: NerdsState,
    seat: str | None,
    command: cmd.Command,
    *,
    rng: random.Random,
    words: Words,
) -> list[ev.Event]:
    out = _Outcome(state, evolve)
    match command:
        case cmd.CreateGame(config):
            _create(out, seat, config)
        case cmd.JoinGame(bot):
            _join(out, seat, bot)
        case cmd.StartGame():
            _start(out, seat, rng)
        case cmd.LeaveGame():
            out.add(ev.PlayerLeft(_in_lobby(state, seat)))
        case cmd.RemovePlayer(player):
            _host(seat, "Only the host takes a seat away.")
            out.add(ev.PlayerLeft(_in_lobby(state, player)))
        case cmd.TimeUp(wait, clock):
            _host(seat, "Only the host's clock says when time is up.")
            _time_up(out, wait, clock, rng, words)
        case _:
            player = _player(state, seat)
            _limit_kept(state, player, command)
            _play(out, player, command, rng, words)
    return out.events


def _play(
    out: _Outcome,
    player: str,
    command: cmd.Command,
    rng: random.Random,
    words: Words,
) -> None:
    match command:
        case cmd.SealBid(commitment):
            _seal(out, player, commitment)
        case cmd.RevealBid(token, cards, salt):
            _reveal_bid(out, player, Bid(token, cards), salt)
        case cmd.Pick(card):
            _pick(out, player, card, rng)
        case cmd.Declare(word, cards):
            _declare(out, player, word, cards, trump=False)
        case cmd.Trump(word, cards):
            _declare(out, player, word, cards, trump=True)
        case cmd.Challenge(word):
            _challenge(out.state, player, word)
            out.add(ev.ChallengeMade(player, word))
        case cmd.Vote(uphold):
            _vote(out, player, uphold)
        case cmd.PlayAction():
            _action(out, player, command, rng)
        case cmd.Pass():
            _pass(out, player, rng, words)
        case cmd.KeepHand():
            _refresh(out, player, rng, new=False)
        case cmd.NewHand():
            _refresh(out, player, rng, new=True)
        case cmd.Replace(cards, tokens):
            _replace(out, player, cards, tokens, rng)
        case cmd.BuyAction(token):
            _buy(out, player, token, rng)
        case cmd.Discard(cards):
            _discard(out, player, cards)
        case _:
            raise TypeError(f"not a command: {command!r}")


# --- who, when -------------------------------------------------------------------------


def _host(seat: str | None, message: str) -> None:
    if seat is not None:
        raise errors.ClockError(message)


def _player(state: NerdsState, seat: str | None) -> str:
    if seat is None or seat not in state.players:
        raise errors.UnknownPlayer("Only a player in this game can do that.")
    if state.phase in (Phase.NEW, Phase.LOBBY):
        raise errors.WrongPhase("The game has not started.")
    if state.phase is Phase.OVER:
        raise errors.WrongPhase("The game is over.")
    return seat


def _in_lobby(state: NerdsState, player: str | None) -> str:
    """A lobby seat that may be given up: once the game has started, a seat is kept."""
    if state.phase is not Phase.LOBBY:
        raise errors.SeatingError(
            "Seats are kept once the game has started: the clock plays for a player who is gone."
        )
    if player is None or player not in state.players:
        raise errors.UnknownPlayer("Only a seated player can leave the lobby.")
    return player


def _phase(state: NerdsState, message: str, *phases: Phase) -> None:
    if state.phase not in phases:
        raise errors.WrongPhase(message)


def _limit_kept(state: NerdsState, player: str, command: cmd.Command) -> None:
    """A hand over ten letter cards is brought down before anything else happens; opening a
    sealed bid is not a new act (the bid was made before), so the limit does not hold it."""
    if isinstance(command, cmd.RevealBid):
        return
    problem = limit_problem(state, player, discarding=isinstance(command, cmd.Discard))
    if problem is not None:
        raise problem


def _no_vote(state: NerdsState) -> None:
    if state.vote is not None:
        challenged = state.words[state.vote.word]
        raise errors.ChallengeError(
            f"The table is voting on {challenged.word.upper()}: wait for its verdict."
        )


# --- decks -----------------------------------------------------------------------------


def _draw(out: _Outcome, rng: random.Random, count: int, *, actions: bool) -> tuple[int, ...]:
    """Up to `count` cards off a deck, renewing it from its discard pile when it runs out.
    Records only the renewal: the caller records the cards where they go."""
    state = out.state
    deck = state.action_deck if actions else state.letter_deck
    if deck is None:
        raise ValueError("only the host, who holds the decks, draws cards")
    drawn = tuple(rng.sample(deck, min(count, len(deck))))
    pile = out.state.action_discard_count if actions else out.state.letter_discard_count
    if len(drawn) < count and pile:
        out.add(ev.DeckRenewed(actions))
        renewed = out.state.action_deck if actions else out.state.letter_deck
        rest = [card for card in renewed or () if card not in drawn]
        drawn += tuple(rng.sample(rest, min(count - len(drawn), len(rest))))
    return drawn


def _cards_left(state: NerdsState, *, actions: bool) -> int:
    if actions:
        return state.action_deck_count + state.action_discard_count
    return state.letter_deck_count + state.letter_discard_count


def _draw_letters(out: _Outcome, player: str, count: int, rng: random.Random) -> None:
    drawn = _draw(out, rng, count, actions=False)
    if drawn:
        out.add(ev.LettersDrawn(player, drawn))


def _draw_actions(out: _Outcome, player: str, count: int, rng: random.Random) -> None:
    drawn = _draw(out, rng, count, actions=True)
    if drawn:
        out.add(ev.ActionsDrawn(player, drawn))


# --- setup and the auction -------------------------------------------------------------


def _create(out: _Outcome, seat: str | None, config: object) -> None:
    if seat is not None:
        raise errors.SeatingError("Only the host sets the table up.")
    if out.state.phase is not Phase.NEW:
        raise errors.WrongPhase("The game already exists.")
    if not isinstance(config, NerdsConfig):
        raise errors.SeatingError("Those are not Word Nerds' options.")
    problem = config.problem()
    if problem is not None:
        raise errors.SeatingError(problem)
    out.add(ev.GameCreated(config))


def _join(out: _Outcome, seat: str | None, bot: bool) -> None:
    if seat is None:
        raise errors.UnknownPlayer("Only a seat can sit down.")
    problem = join_problem(out.state, seat, bot)
    if problem is not None:
        raise problem
    out.add(ev.PlayerJoined(seat, bot))


def _start(out: _Outcome, seat: str | None, rng: random.Random) -> None:
    state = out.state
    if state.phase is not Phase.LOBBY:
        raise errors.WrongPhase(
            "The table is not set up yet." if state.phase is Phase.NEW else "The game has started."
        )
    if seat is not None and seat != state.captain:
        raise errors.SeatingError(f"{state.captain or 'The host'} starts the game.")
    if len(state.players) < MIN_PLAYERS:
        raise errors.SeatingError(f"At least {MIN_PLAYERS} players are needed to start.")
    out.add(ev.GameStarted(rng.choice(state.players)))
    for player in out.state.from_first():
        _draw_letters(out, player, START_LETTERS, rng)
        _draw_actions(out, player, START_ACTIONS, rng)
    _open_auction(out, out.state.first, rng)


def _open_auction(out: _Outcome, first: str, rng: random.Random) -> None:
    cards = _draw(out, rng, len(out.state.players) + 1, actions=False)
    out.add(ev.AuctionOpened(first, cards))


def _seal(out: _Outcome, player: str, commitment: bytes) -> None:
    state = out.state
    _phase(state, "Bids are sealed only while the auction's cards are up.", Phase.BIDDING)
    if player in state.sealed:
        raise errors.BidError("You have already bid this turn.")
    if len(commitment) != COMMITMENT_BYTES:
        raise errors.BidError(f"A sealed bid travels as a {COMMITMENT_BYTES}-byte commitment.")
    out.add(ev.BidSealed(player, commitment))
    if len(out.state.sealed) == len(state.players):
        out.add(ev.BidsClosed())


def _reveal_bid(out: _Outcome, player: str, bid: Bid, salt: bytes) -> None:
    state = out.state
    _phase(state, "Bids are opened once every player has bid.", Phase.REVEALING)
    sealed = state.sealed.get(player)
    if sealed is None or player in state.unsealed:
        raise errors.BidError("You sealed no bid this turn.")
    if player in state.bids:
        raise errors.BidError("Your bid is open already.")
    if len(salt) > MAX_SALT_BYTES or commit(bid.text, salt) != sealed:
        raise errors.BidError("That is not the bid you sealed.")
    problem = bid_problem(state, player, bid)
    if problem is not None:
        raise problem
    out.add(ev.BidRevealed(player, bid.token, bid.cards))
    if len(out.state.bids) == len(state.players):
        _reveal(out)


def _reveal(out: _Outcome, void: tuple[str, ...] = ()) -> None:
    """All bids at once; from the highest down, ties to the lower score, then to the player
    closest to the left of the First Player (the First Player closest of all). `void`: bids
    not opened in time, which count as the 0."""
    state = out.state
    seats = state.from_first()
    opened = {p: OpenedBid(0) if p in void else state.bids[p] for p in state.players}
    bids = tuple((p, opened[p].token, opened[p].cards) for p in state.players)
    counted = {player: token + _boost(cards) for player, token, cards in bids}
    order = sorted(state.players, key=lambda p: (-counted[p], state.scores[p], seats.index(p)))
    out.add(ev.BidsRevealed(bids, tuple((p, counted[p]) for p in order), void))
    _picked(out)


def _boost(cards: tuple[int, ...]) -> int:
    return sum(action(c).amount for c in cards if action(c).effect is Effect.BID_BOOST)


def _pick(out: _Outcome, player: str, card: int, rng: random.Random) -> None:
    state = out.state
    _phase(state, "Cards are taken once the bids are revealed.", Phase.PICKING)
    if state.picking[:1] != (player,):
        if player in state.picking:
            raise errors.NotYourTurn(f"{state.picking[0]} takes a card before you.")
        raise errors.NotYourTurn("You have taken your card this turn.")
    if card not in state.auction:
        raise errors.CardError("Take one of the cards up for auction.")
    out.add(ev.CardPicked(player, card, card))
    if letter(card).action:
        _draw_actions(out, player, 1, rng)
    _picked(out)


def _picked(out: _Outcome) -> None:
    """Once everyone has a card (or none is left), the last card joins the community pool
    and the Word Declaration Phase begins."""
    state = out.state
    if state.picking and state.auction:
        return
    for left in state.auction:
        out.add(ev.CommunityCardAdded(left))
    out.add(ev.DeclarationOpened())


# --- the Word Declaration Phase --------------------------------------------------------


def _spelt(state: NerdsState, player: str, word: str, cards: tuple[int, ...]) -> str:
    """The word, lower case, once its cards are checked; the word list is not asked (that is
    for challenges)."""
    if not (word.isascii() and word.isalpha()):
        raise errors.WordError("A word is letters A to Z only.")
    word = word.lower()
    if len(word) < MIN_WORD:
        raise errors.WordError(f"A word needs at least {MIN_WORD} letters.")
    if len(cards) != len(word):
        raise errors.WordError("Lay down one letter card for each letter of the word.")
    if len(set(cards)) != len(cards):
        raise errors.WordError("Each letter needs a card of its own.")
    hand = state.hand(player)
    for card, wanted in zip(cards, word, strict=True):
        if card not in hand and card not in state.community:
            raise errors.CardError("Use cards from your hand and the community pool only.")
        face = letter(card)
        if not face.wild and face.letter != wanted:
            raise errors.WordError(f"That card is {face.letter.upper()}, not {wanted.upper()}.")
    if not any(card in hand for card in cards):
        raise errors.WordError("Use at least one letter card from your hand.")
    return word


def _declare(
    out: _Outcome, player: str, word: str, cards: tuple[int, ...], *, trump: bool
) -> None:
    state = out.state
    _phase(state, "Words are laid down in the Word Declaration Phase.", Phase.DECLARING)
    _no_vote(state)
    scoring = None if state.scoring is None else state.words[state.scoring]
    if not trump and scoring is not None:
        raise errors.WordError(
            f"{scoring.player} declared first: {scoring.word.upper()} ({scoring.value})."
            " Trump it with a word worth more."
        )
    if trump:
        if scoring is None:
            raise errors.WordError("There is no word to trump: declare yours.")
        if state.trump is not None:
            raise errors.WordError("Wait until the trump battle is decided.")
        if scoring.player == player:
            raise errors.WordError("You cannot trump your own word.")
        if scoring.challengers:
            raise errors.WordError(f"Wait: {scoring.word.upper()} is being challenged.")
    word = _spelt(state, player, word, cards)
    value = LaidWord(player, word, cards).value
    if scoring is not None and value <= scoring.value:
        raise errors.WordError(
            f"{word.upper()} is worth {value}: a trump must be worth more than"
            f" {scoring.word.upper()}'s {scoring.value}."
        )
    out.add(ev.WordLaid(player, word, cards, trump))


def _challenge(state: NerdsState, player: str, word: int) -> None:
    _phase(state, "Words are challenged in the Word Declaration Phase.", Phase.DECLARING)
    _no_vote(state)
    if word not in state.in_play():
        raise errors.ChallengeError("Challenge the scoring word or a trump in play.")
    laid = state.words[word]
    if laid.player == player:
        raise errors.ChallengeError("You cannot challenge your own word.")
    if player in laid.challengers:
        raise errors.ChallengeError(f"You have already challenged {laid.word.upper()}.")
    if laid.upheld_as_word:
        raise errors.ChallengeError(f"{laid.word.upper()} has been challenged and stands.")


def _vote(out: _Outcome, player: str, uphold: bool) -> None:
    vote = out.state.vote
    if vote is None:
        raise errors.ChallengeError("No vote is open.")
    if player not in vote.voters:
        raise errors.ChallengeError("You are part of this challenge: the others vote.")
    if player in vote.votes:
        raise errors.ChallengeError("You have already voted.")
    out.add(ev.VoteCast(player, uphold))
    vote = out.state.vote
    if vote is not None and len(vote.votes) == len(vote.voters):
        _close_vote(out)


def _close_vote(out: _Outcome) -> None:
    vote = out.state.vote
    assert vote is not None
    challengers = out.state.words[vote.word].challengers
    valid = not vote.upheld()
    out.add(ev.ChallengeDecided(vote.word, valid, challengers, tuple(vote.votes.items())))


def _pass(out: _Outcome, player: str, rng: random.Random, words: Words) -> None:
    state = out.state
    if state.phase is Phase.PURCHASING:
        _purchaser(state, player)
        out.add(ev.Purchased(player, "nothing"))
        _next_purchase(out, rng)
        return
    _phase(state, "There is nothing to pass now.", Phase.DECLARING)
    _no_vote(state)
    if player in state.passed:
        raise errors.WrongPhase("You have said nothing more; wait for the others.")
    out.add(ev.Passed(player))
    if out.state.passed >= set(state.players):
        _close(out, rng, words)


def _close(out: _Outcome, rng: random.Random, words: Words) -> None:
    """The window closes: a challenge is decided, else a trump battle; either opens a new
    window (the table may answer what changed: trump the word that stood, challenge the
    word restored). With nothing left to decide, the phase ends."""
    state = out.state
    challenged = next((i for i in state.in_play() if state.words[i].challengers), None)
    if challenged is not None:
        laid = state.words[challenged]
        valid = laid.word in words
        voters = tuple(p for p in state.players if p != laid.player and p not in laid.challengers)
        if state.config.table_vote and voters:
            out.add(ev.VoteOpened(challenged, voters, valid))
        else:
            out.add(ev.ChallengeDecided(challenged, valid, laid.challengers))
        return
    if state.trump is not None:
        trump, scoring = state.trump, state.scoring
        if scoring is None:
            out.add(ev.BattleDecided(trump, None))
        elif state.words[trump].value > state.words[scoring].value:
            out.add(ev.BattleDecided(trump, scoring))
        else:
            out.add(ev.BattleDecided(scoring, trump))
        return
    _end_declaration(out, rng)


def _end_declaration(out: _Outcome, rng: random.Random) -> None:
    state = out.state
    points: dict[str, int] = {}
    for index, laid in enumerate(state.words):
        if laid.standing is Standing.WITHDRAWN:
            scored = 0
        elif index == state.scoring:
            scored = laid.value
        else:
            scored = laid.value // 2
        points[laid.player] = points.get(laid.player, 0) + scored
    retrieved: list[tuple[str, tuple[int, ...]]] = []
    if state.scoring is not None:
        word = state.words[state.scoring]
        for player in state.players:
            spent = sorted(state.spent[player], reverse=True)
            back = spent[: word.extra_letters] if player == word.player else spent
            if back:
                retrieved.append((player, tuple(back)))
    played = tuple(dict.fromkeys(card for laid in state.words for card in laid.cards))
    modifiers = tuple(m.card for laid in state.words for m in laid.modifiers)
    out.add(ev.DeclarationEnded(tuple(points.items()), tuple(retrieved), played, modifiers))
    scores = out.state.scores
    best = max(scores.values())
    if best >= TARGET:
        out.add(ev.GameEnded(tuple(p for p in state.players if scores[p] == best)))
    elif not out.state.refreshing:
        out.add(ev.PurchaseOpened())


def _refresh(out: _Outcome, player: str, rng: random.Random, *, new: bool) -> None:
    state = out.state
    _phase(state, "Hands are kept or renewed after the words are scored.", Phase.REFRESHING)
    if player not in state.refreshing:
        raise errors.WrongPhase("Only players who laid a word down choose now, once.")
    out.add(ev.HandChosen(player, new))
    if new:
        if state.hand(player):
            out.add(ev.LettersDiscarded(player, state.hand(player)))
        _draw_letters(out, player, NEW_HAND, rng)
    if not out.state.refreshing:
        out.add(ev.PurchaseOpened())


# --- the Purchase Phase ----------------------------------------------------------------


def _purchaser(state: NerdsState, player: str) -> None:
    _phase(state, "Purchases are made in the Purchase Phase.", Phase.PURCHASING)
    if state.purchasing[:1] != (player,):
        if player in state.purchasing:
            raise errors.NotYourTurn(f"{state.purchasing[0]} purchases before you.")
        raise errors.NotYourTurn("You have had your purchase this turn.")


def _payment(state: NerdsState, player: str, tokens: tuple[int, ...]) -> None:
    if 0 in tokens:
        raise errors.TokenError("The 0 token only bids: pay with others.")
    if len(set(tokens)) != len(tokens) or not set(tokens) <= set(state.unspent[player]):
        raise errors.TokenError("Pay with your unspent tokens, each once.")


def _replace(
    out: _Outcome, player: str, cards: tuple[int, ...], tokens: tuple[int, ...], rng: random.Random
) -> None:
    state = out.state
    _purchaser(state, player)
    if not cards:
        raise errors.CardError("Choose the letter cards to replace (or pass).")
    if len(set(cards)) != len(cards) or not set(cards) <= set(state.hand(player)):
        raise errors.CardError("Replace letter cards from your hand, each once.")
    if len(tokens) != len(cards):
        raise errors.TokenError("Each card replaced costs one token.")
    _payment(state, player, tokens)
    if _cards_left(state, actions=False) < len(cards):
        raise errors.CardError(f"Only {_cards_left(state, actions=False)} letter cards are left.")
    out.add(ev.TokensSpent(player, tokens))
    # The new cards are drawn before the old ones are discarded, so none comes straight back.
    _draw_letters(out, player, len(cards), rng)
    out.add(ev.LettersDiscarded(player, cards))
    out.add(ev.Purchased(player, "letters"))
    _next_purchase(out, rng)


def _buy(out: _Outcome, player: str, token: int, rng: random.Random) -> None:
    state = out.state
    _purchaser(state, player)
    _payment(state, player, (token,))
    if not _cards_left(state, actions=True):
        raise errors.CardError("No action cards are left to buy.")
    out.add(ev.TokensSpent(player, (token,)))
    _draw_actions(out, player, 1, rng)
    out.add(ev.Purchased(player, "action"))
    _next_purchase(out, rng)


def _next_purchase(out: _Outcome, rng: random.Random) -> None:
    """After the last purchase the FIRST PLAYER card passes left and a new turn begins."""
    state = out.state
    if not state.purchasing:
        _open_auction(out, state.left_of(state.first), rng)


def _discard(out: _Outcome, player: str, cards: tuple[int, ...]) -> None:
    excess = out.state.over_limit()[player]
    if len(set(cards)) != len(cards) or not set(cards) <= set(out.state.hand(player)):
        raise errors.CardError("Discard letter cards from your hand, each once.")
    if len(cards) != excess:
        raise errors.HandLimit(f"Discard exactly {excess} letter card(s).")
    out.add(ev.LettersDiscarded(player, cards))


# --- action cards ----------------------------------------------------------------------


def _action(out: _Outcome, player: str, command: cmd.PlayAction, rng: random.Random) -> None:
    state = out.state
    card = command.card
    if card not in state.actions[player]:
        raise errors.CardError("You do not hold that action card.")
    kind = action(card)
    _no_vote(state)
    _timing(state, player, card)
    match kind.effect:
        case Effect.PLUS_TWO | Effect.MINUS_THREE | Effect.DOUBLE_BONUS:
            if command.word not in state.in_play():
                raise errors.ActionError(f"Play {kind.title} on a word in play.")
            out.add(ev.ActionPlayed(player, card, word=command.word))
        case Effect.NOT_SO_FAST:
            on = next((i for i in state.in_play() if command.target in _modifiers(state, i)), None)
            if on is None:
                raise errors.ActionError("NOT SO FAST cancels a WORD VALUE card on a word.")
            out.add(ev.ActionPlayed(player, card, word=on, target=command.target))
        case Effect.DRAW_LETTERS | Effect.DRAW_ACTIONS:
            actions = kind.effect is Effect.DRAW_ACTIONS
            if not _cards_left(state, actions=actions):
                raise errors.ActionError("That deck and its discard pile are empty.")
            out.add(ev.ActionPlayed(player, card))
            if actions:
                _draw_actions(out, player, kind.amount, rng)
            else:
                _draw_letters(out, player, kind.amount, rng)
        case Effect.TAKE_LETTER:
            source = _other(state, player, command.player)
            if not state.hand(source):
                raise errors.ActionError(f"{source} holds no letter cards.")
            out.add(ev.ActionPlayed(player, card, target_player=source))
            taken = rng.choice(state.hand(source))
            out.add(ev.LetterTaken(player, source, taken, taken))
        case Effect.EXTRA_COMMUNITY:
            if not _cards_left(state, actions=False):
                raise errors.ActionError("No letter cards are left to turn up.")
            out.add(ev.ActionPlayed(player, card))
            (drawn,) = _draw(out, rng, 1, actions=False)
            out.add(ev.CommunityCardAdded(drawn, drawn=True))
        case Effect.TAKE_COMMUNITY | Effect.DISCARD_COMMUNITY:
            if command.target is None or command.target not in state.community:
                raise errors.ActionError("Name a card in the community pool.")
            out.add(ev.ActionPlayed(player, card, target=command.target))
            if kind.effect is Effect.TAKE_COMMUNITY:
                out.add(ev.CommunityCardTaken(player, command.target, command.target))
            else:
                out.add(ev.CommunityCardDiscarded(command.target))
        case Effect.RETRIEVE:
            spent = sorted(state.spent[player], reverse=True)
            if not spent:
                raise errors.ActionError("You have no spent tokens to take back.")
            out.add(ev.ActionPlayed(player, card))
            out.add(ev.TokensRetrieved(player, tuple(spent)))
        case Effect.TOKEN_TAX:
            source = _other(state, player, command.player)
            tokens = [t for t in state.unspent[source] if t]
            if not tokens:
                raise errors.ActionError(f"{source} has no unspent token but the 0.")
            out.add(ev.ActionPlayed(player, card, target_player=source))
            out.add(ev.TokensSpent(source, (max(tokens),)))
        case Effect.BID_BOOST | Effect.FREE_BID:
            raise AssertionError("bid cards are refused by _timing")


def _modifiers(state: NerdsState, word: int) -> tuple[int, ...]:
    return tuple(m.card for m in state.words[word].modifiers)


def _timing(state: NerdsState, player: str, card: int) -> None:
    kind = action(card)
    phase = state.phase
    match kind.when:
        case When.WITH_BID:
            raise errors.ActionError(f"Play {kind.title} face down with your bid.")
        case When.ON_A_WORD if phase is not Phase.DECLARING:
            raise errors.ActionError(f"{kind.title} is played on a word being declared.")
        case When.NOT_DECLARING if phase in DECLARATION:
            raise errors.ActionError(f"{kind.title} is not played in the Word Declaration Phase.")
        case When.NOT_AUCTION if phase in AUCTION:
            raise errors.ActionError(f"{kind.title} is not played in the Card Auction Phase.")
    if kind.family is Family.WORD and phase is Phase.DECLARING and not state.in_play():
        raise errors.ActionError("No word is in play.")


def _other(state: NerdsState, player: str, other: str | None) -> str:
    if other is None or other not in state.players or other == player:
        raise errors.ActionError("Name another player.")
    return other


# --- the host's clock ------------------------------------------------------------------


def _time_up(out: _Outcome, wait: str, clock: int, rng: random.Random, words: Words) -> None:
    state = out.state
    current = waiting(state)
    if current is None or (current.wait, state.clock) != (wait, clock):
        raise errors.ClockError("That wait is over: the table has moved on.")
    match wait:
        case "discard":
            for player, excess in state.over_limit().items():
                lowest = sorted(state.hand(player), key=lambda c: (letter(c).value, c))
                out.add(ev.LettersDiscarded(player, tuple(lowest[:excess])))
        case "bid":
            out.add(ev.BidsClosed(tuple(p for p in state.players if p not in state.sealed)))
            if len(out.state.bids) == len(state.players):
                _reveal(out)  # nobody sealed a bid: every bid is the 0
        case "reveal":
            _reveal(out, tuple(p for p in state.players if p not in state.bids))
        case "pick":
            best = max(state.auction, key=lambda c: (letter(c).value, letter(c).action, -c))
            _pick(out, state.picking[0], best, rng)
        case "vote":
            _close_vote(out)
        case "declare" | "window":
            _close(out, rng, words)
        case "refresh":
            for player in sorted(state.refreshing):
                out.add(ev.HandChosen(player, new=False))
            out.add(ev.PurchaseOpened())
        case _:
            out.add(ev.Purchased(state.purchasing[0], "nothing"))
            _next_purchase(out, rng)
