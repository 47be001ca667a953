"""Setup, the auction, the Purchase Phase, the hand limit, the end, and the host's clock."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.games.wordnerds.tables import Cards, Table, action_card, spelt
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.alarms import alarm, waiting
from wordsy_tui.games.wordnerds.rules.bids import Bid, parse_bid
from wordsy_tui.games.wordnerds.rules.components import (
    ACTION_MARKS,
    COPIES,
    HAND_LIMIT,
    LETTERS,
    Effect,
    letter,
    tokens_for,
)
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig
from wordsy_tui.games.wordnerds.rules.decide import decide
from wordsy_tui.games.wordnerds.rules.errors import (
    BidError,
    ClockError,
    HandLimit,
    NotYourTurn,
    SeatingError,
    TokenError,
    WrongPhase,
)
from wordsy_tui.games.wordnerds.rules.evolve import replay
from wordsy_tui.games.wordnerds.rules.legal import bid_refusal
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase

WORDS = frozenset({"stone"})


def _started(players: int, seed: int = 3) -> tuple[NerdsState, random.Random]:
    rng = random.Random(seed)
    names = tuple(f"P{i}" for i in range(players))
    state = NerdsState()
    for sender, command in cmd.opening(NerdsConfig(), names):
        state = replay(decide(state, sender, command, rng=rng, words=WORDS), state)
    return state, rng


def _do(
    state: NerdsState, seat: str | None, command: cmd.Command, rng: random.Random
) -> NerdsState:
    return replay(decide(state, seat, command, rng=rng, words=WORDS), state)


SALT = b"salt of the earth"


def test_the_letter_deck_is_98_letters_and_two_wilds_with_marked_cards():
    assert len(LETTERS) == 100
    assert sum(COPIES.values()) == 100
    assert sum(c.wild for c in LETTERS) == 2
    assert all(c.value == 0 for c in LETTERS if c.wild)
    assert sum(c.action for c in LETTERS) == sum(ACTION_MARKS.values())


@pytest.mark.parametrize(("players", "top"), [(2, 5), (3, 5), (4, 6), (5, 6), (6, 7)])
def test_setup_tokens_first_player_by_lot_and_starting_hands(players, top):
    state, _ = _started(players)
    assert tokens_for(players) == tuple(range(top + 1))
    assert state.first in state.players
    for player in state.players:
        assert len(state.hand(player)) == 2
        assert len(state.actions[player]) == 1
        assert state.unspent[player] == tuple(range(top + 1))
    assert state.phase is Phase.BIDDING
    assert len(state.auction) == players + 1
    assert state.letter_deck_count == 100 - 3 * players - 1
    assert state.action_deck_count == 54 - players


def test_the_lobby_seats_players_in_order_and_the_captain_or_the_host_starts():
    rng = random.Random(1)
    state = _do(NerdsState(), None, cmd.CreateGame(NerdsConfig(max_players=3)), rng)
    assert state.phase is Phase.LOBBY
    with pytest.raises(SeatingError, match="Only the host"):
        _do(state, "Ann", cmd.CreateGame(), rng)
    state = _do(state, "Bot 1 (easy)", cmd.JoinGame(bot=True), rng)
    state = _do(state, "Ann", cmd.JoinGame(), rng)
    assert state.captain == "Ann"  # the first person, not the computer player
    with pytest.raises(SeatingError, match="name"):
        _do(state, "ann", cmd.JoinGame(), rng)
    state = _do(state, "Bob", cmd.JoinGame(), rng)
    with pytest.raises(SeatingError, match="full"):
        _do(state, "Cy", cmd.JoinGame(), rng)
    with pytest.raises(SeatingError, match="Ann starts"):
        _do(state, "Bob", cmd.StartGame(), rng)
    state = _do(state, "Bob", cmd.LeaveGame(), rng)
    assert state.players == ("Bot 1 (easy)", "Ann")
    started = _do(state, "Ann", cmd.StartGame(), rng)
    assert started.phase is Phase.BIDDING
    assert _do(state, None, cmd.StartGame(), rng).phase is Phase.BIDDING
    with pytest.raises(SeatingError, match="Seats are kept"):
        _do(started, "Ann", cmd.LeaveGame(), rng)
    with pytest.raises(SeatingError, match="Seats are kept"):
        _do(started, None, cmd.RemovePlayer("Ann"), rng)


def test_a_game_needs_two_players_and_options_that_make_sense():
    rng = random.Random(1)
    with pytest.raises(SeatingError, match="2 to 6"):
        _do(NerdsState(), None, cmd.CreateGame(NerdsConfig(max_players=7)), rng)
    with pytest.raises(SeatingError, match="window limit"):
        _do(NerdsState(), None, cmd.CreateGame(NerdsConfig(window_seconds=1)), rng)
    state = _do(NerdsState(), None, cmd.CreateGame(), rng)
    state = _do(state, "Ann", cmd.JoinGame(), rng)
    with pytest.raises(SeatingError, match="At least 2"):
        _do(state, None, cmd.StartGame(), rng)


def _bid_all(state: NerdsState, rng: random.Random, bids: dict[str, Bid]) -> NerdsState:
    """Everyone named seals their bid, then opens it."""
    for player, bid in bids.items():
        state = _do(state, player, cmd.seal_bid(bid, SALT), rng)
    for player, bid in bids.items():
        state = _do(state, player, cmd.reveal_bid(bid, SALT), rng)
    return state


def test_bids_are_revealed_at_once_ordered_high_to_low_ties_to_the_lower_score_then_the_left():
    state, rng = _started(4)
    order = state.from_first()
    state = replace(state, scores={**state.scores, order[3]: 5})
    bid = {order[0]: Bid(2), order[1]: Bid(2), order[2]: Bid(6), order[3]: Bid(2)}
    first_three = state
    for player in order[:3]:
        first_three = _do(first_three, player, cmd.seal_bid(bid[player], SALT), rng)
    assert first_three.phase is Phase.BIDDING  # three sealed: nothing is opened yet
    with pytest.raises(WrongPhase):
        _do(first_three, order[0], cmd.reveal_bid(bid[order[0]], SALT), rng)
    state = _bid_all(state, rng, bid)
    assert state.phase is Phase.PICKING
    # The 6 first; then the 2s: the lower score (0) before 5, the First Player before the left.
    assert state.picking == (order[2], order[0], order[1], order[3])
    assert state.spent[order[2]] == (6,)


def test_the_zero_token_is_never_spent_and_a_free_bid_keeps_its_token():
    state, rng = _started(2)
    a, b = state.from_first()
    free = action_card(Effect.FREE_BID)
    state = replace(state, actions={a: (free,), b: ()})
    state = _bid_all(state, rng, {a: Bid(5, (free,)), b: Bid(0)})
    assert state.spent == {a: (), b: ()}
    assert state.unspent[a] == tuple(range(6))
    assert free not in state.actions[a]


def test_plus_three_bid_counts_with_the_bid():
    state, rng = _started(2)
    a, b = state.from_first()
    boost = action_card(Effect.BID_BOOST)
    state = replace(state, actions={a: (), b: (boost,)})
    state = _bid_all(state, rng, {a: Bid(4), b: Bid(2, (boost,))})
    assert state.revealed == ((b, 5), (a, 4))


def test_a_bid_is_sealed_once_and_opened_only_as_sealed():
    state, rng = _started(2)
    a, b = state.from_first()
    assert bid_refusal(state, a, Bid(9)) == "Bid one of your unspent tokens; 9 is not one of them."
    state = _do(state, a, cmd.seal_bid(Bid(1), SALT), rng)
    assert bid_refusal(state, a, Bid(2)) == "This is not the time to bid."
    with pytest.raises(BidError, match="already bid"):
        _do(state, a, cmd.seal_bid(Bid(2), SALT), rng)
    with pytest.raises(WrongPhase, match="every player has bid"):
        _do(state, a, cmd.reveal_bid(Bid(1), SALT), rng)
    with pytest.raises(BidError, match="commitment"):
        _do(state, b, cmd.SealBid(b"short"), rng)
    state = _do(state, b, cmd.seal_bid(Bid(9), SALT), rng)  # a bid its program never checked
    assert state.phase is Phase.REVEALING
    with pytest.raises(BidError, match="not the bid you sealed"):
        _do(state, a, cmd.reveal_bid(Bid(5), SALT), rng)
    with pytest.raises(BidError, match="unspent tokens"):
        _do(state, b, cmd.reveal_bid(Bid(9), SALT), rng)
    state = _do(state, a, cmd.reveal_bid(Bid(1), SALT), rng)
    with pytest.raises(BidError, match="open already"):
        _do(state, a, cmd.reveal_bid(Bid(1), SALT), rng)
    timer = alarm(state)
    assert timer is not None
    assert (timer.command.wait, timer.seconds) == ("reveal", 20)
    events = decide(state, None, timer.command, rng=rng, words=WORDS)
    (revealed,) = [e for e in events if isinstance(e, ev.BidsRevealed)]
    assert revealed.void == (b,)  # its bid counts as the 0
    assert replay(events, state).revealed == ((a, 1), (b, 0))


def test_picks_in_order_a_marked_card_brings_an_action_card_and_the_last_joins_the_pool():
    state, rng = _started(2)
    a, b = state.from_first()
    deck = Cards()
    marked = deck.marked("e")
    plain = deck.letters("st")
    state = replace(state, auction=(marked, *plain))
    state = _bid_all(state, rng, {a: Bid(3), b: Bid(1)})
    with pytest.raises(NotYourTurn):
        decide(state, b, cmd.Pick(plain[0]), rng=rng, words=WORDS)
    state = replay(decide(state, a, cmd.Pick(marked), rng=rng, words=WORDS), state)
    assert marked in state.hand(a)
    assert len(state.actions[a]) == 2
    state = replay(decide(state, b, cmd.Pick(plain[0]), rng=rng, words=WORDS), state)
    assert len(state.actions[b]) == 1
    assert state.community == (plain[1],)
    assert state.phase is Phase.DECLARING


def _purchase_table() -> Table:
    deck = Cards()
    table = Table(
        ["Andy", "Beth", "Carl"],
        letters={"Andy": deck.letters("qat"), "Beth": deck.letters("ton")},
    )
    table.all_pass()
    return table


def test_the_purchase_phase_goes_round_from_the_first_player_and_the_card_passes_left():
    table = _purchase_table()
    assert table.state.purchasing == ("Andy", "Beth", "Carl")
    q = next(c for c in table.state.hand("Andy") if letter(c).letter == "q")
    with pytest.raises(TokenError, match="0 token only bids"):
        table.do("Andy", cmd.Replace((q,), (0,)))
    with pytest.raises(NotYourTurn, match="Andy purchases before you"):
        table.do("Beth", cmd.BuyAction(1))
    table.do("Andy", cmd.Replace((q,), (1,)))
    assert q not in table.state.hand("Andy")
    assert len(table.state.hand("Andy")) == 3
    assert table.state.spent["Andy"] == (1,)
    table.do("Beth", cmd.BuyAction(2))
    assert len(table.state.actions["Beth"]) == 1
    events = table.do("Carl", cmd.Pass())
    assert isinstance(events[-1], ev.AuctionOpened)
    assert table.state.first == "Beth"
    assert table.state.turn == 2


def test_a_hand_over_ten_letters_is_brought_down_before_anything_else():
    deck = Cards()
    draw = action_card(Effect.DRAW_LETTERS)
    table = Table(
        ["Andy", "Beth"],
        letters={"Andy": deck.letters("abcdefghi")},
        actions={"Andy": (draw,)},
    )
    table.all_pass()
    table.do("Andy", cmd.PlayAction(draw))
    assert table.state.over_limit() == {"Andy": 1}
    with pytest.raises(HandLimit, match="Andy must first discard"):
        table.do("Beth", cmd.Pass())
    with pytest.raises(HandLimit, match="exactly 1"):
        table.do("Andy", cmd.Discard(table.state.hand("Andy")[:2]))
    wait = waiting(table.state)
    assert wait is not None
    assert wait.wait == "discard"
    assert wait.players == frozenset({"Andy"})
    table.do("Andy", cmd.Discard(table.state.hand("Andy")[:1]))
    assert len(table.state.hand("Andy")) == HAND_LIMIT


def test_when_the_discard_time_is_up_the_lowest_letters_go():
    deck = Cards()
    draw = action_card(Effect.DRAW_LETTERS)
    table = Table(
        ["Andy", "Beth"],
        letters={"Andy": deck.letters("zqxjvwkyfe")},
        actions={"Andy": (draw,)},
    )
    table.all_pass()
    table.do("Andy", cmd.PlayAction(draw))
    lowest = min(table.state.hand("Andy"), key=lambda c: (letter(c).value, c))
    timer = alarm(table.state)
    assert timer is not None
    table.do(None, timer.command)
    assert lowest not in table.state.hand("Andy")
    assert len(table.state.hand("Andy")) == HAND_LIMIT


def test_the_game_ends_at_100_and_the_highest_score_wins_a_tie_shares():
    deck = Cards()
    table = Table(
        ["Andy", "Beth", "Carl"],
        letters={"Andy": deck.letters("stone")},
        scores={"Andy": 95, "Beth": 102, "Carl": 60},
    )
    stone_cards = spelt(table.state.hand("Andy"), "stone")
    table.do("Andy", cmd.Declare("stone", stone_cards))
    table.all_pass()
    assert table.state.scores["Andy"] == 95 + 7  # STONE: 5 for the letters, 2 for five
    assert table.state.phase is Phase.OVER
    assert table.state.winners == ("Andy", "Beth")


def test_the_deck_reshuffles_its_discard_pile_when_it_runs_out():
    state, rng = _started(2)
    # Everything but one card is in the discard pile.
    left = state.letter_deck or ()
    pile = left[1:]
    state = replace(
        state,
        letter_deck=left[:1],
        letter_deck_count=1,
        letter_discard=pile,
        letter_discard_count=len(pile),
    )
    a, b = state.from_first()
    draw = action_card(Effect.DRAW_LETTERS)
    state = replace(state, actions={a: (draw,), b: ()})
    state = _bid_all(state, rng, {a: Bid(0), b: Bid(0)})
    state = replay(decide(state, a, cmd.Pick(state.auction[0]), rng=rng, words=WORDS), state)
    state = replay(decide(state, b, cmd.Pick(state.auction[0]), rng=rng, words=WORDS), state)
    events = decide(state, a, cmd.Pass(), rng=rng, words=WORDS)
    state = replay(events, state)
    state = replay(decide(state, b, cmd.Pass(), rng=rng, words=WORDS), state)
    assert state.phase is Phase.PURCHASING
    events = decide(state, a, cmd.PlayAction(draw), rng=rng, words=WORDS)
    assert ev.DeckRenewed(actions=False) in events
    state = replay(events, state)
    assert state.letter_discard_count == 0
    assert len(state.hand(a)) == 5


@pytest.mark.parametrize(
    ("wait", "seconds"),
    [("bid", 60), ("declare", 60), ("window", 20), ("refresh", 30), ("purchase", 45)],
)
def test_each_wait_has_its_limit_and_a_stale_time_up_is_refused(wait, seconds):
    deck = Cards()
    table = Table(["Andy", "Beth"], letters={"Andy": deck.letters("stone")})
    if wait != "declare":
        table.do("Andy", cmd.Declare("stone", spelt(table.state.hand("Andy"), "stone")))
    if wait in ("refresh", "purchase", "bid"):
        table.all_pass()
    if wait in ("purchase", "bid"):
        table.do("Andy", cmd.KeepHand())
    if wait == "bid":
        table.do("Andy", cmd.Pass())
        table.do("Beth", cmd.Pass())
    timer = alarm(table.state)
    assert timer is not None
    assert (timer.command.wait, timer.seconds) == (wait, seconds)
    with pytest.raises(ClockError):
        table.do("Andy", timer.command)
    with pytest.raises(ClockError, match="over"):
        table.do(None, cmd.TimeUp(wait, timer.command.clock - 1))
    table.do(None, timer.command)
    assert alarm(table.state) != timer


def test_bids_time_up_the_missing_bid_the_zero():
    state, rng = _started(3)
    a, b, c = state.players
    state = _do(state, a, cmd.seal_bid(Bid(4), SALT), rng)
    timer = alarm(state)
    assert timer is not None
    state = _do(state, None, timer.command, rng)
    assert state.phase is Phase.REVEALING
    assert state.unsealed == {b, c}
    state = _do(state, a, cmd.reveal_bid(Bid(4), SALT), rng)
    assert state.phase is Phase.PICKING
    assert state.revealed[0] == (a, 4)
    assert {bid.token for p, bid in state.bids.items() if p != a} == {0}


def test_when_nobody_bids_in_time_every_bid_is_the_zero():
    state, rng = _started(2)
    timer = alarm(state)
    assert timer is not None
    state = _do(state, None, timer.command, rng)
    assert state.phase is Phase.PICKING
    assert {token for _, token in state.revealed} == {0}


def test_the_table_vote_decides_a_challenge_by_majority():
    deck = Cards()
    table = Table(
        ["Andy", "Beth", "Carl", "Dora"],
        letters={"Andy": deck.letters("stone")},
        config=NerdsConfig(table_vote=True),
        words=frozenset(),
    )
    table.do("Andy", cmd.Declare("stone", spelt(table.state.hand("Andy"), "stone")))
    table.do("Beth", cmd.Challenge(0))
    table.all_pass()
    assert table.state.vote is not None
    assert table.state.vote.voters == ("Carl", "Dora")
    assert table.state.vote.valid is False  # the list's advice: not a word
    table.do("Carl", cmd.Vote(uphold=False))
    events = table.do("Dora", cmd.Vote(uphold=False))
    (decided,) = [e for e in events if isinstance(e, ev.ChallengeDecided)]
    assert decided.valid is True  # the table overruled the list
    assert table.state.scores["Beth"] == 0
    assert table.state.scoring == 0


def test_config_keeps_its_defaults():
    assert NerdsConfig().window_seconds == 20


def test_a_bid_seals_as_one_text_whatever_the_order_of_its_cards():
    assert Bid(3, (17, 4)).text == Bid(3, (4, 17)).text == "3,4,17"
    assert Bid(0).text == "0"
    assert parse_bid("3,4,17") == Bid(3, (4, 17))
    for damaged in ("", "3,,4", "3,17,4", "-1", "x", "3, 4"):
        with pytest.raises(ValueError, match="not a bid"):
            parse_bid(damaged)
    assert cmd.host_only(cmd.CreateGame())
    assert cmd.host_only(cmd.TimeUp("bid", 1))
    assert not cmd.host_only(cmd.StartGame())
