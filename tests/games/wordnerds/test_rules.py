"""Setup, the auction, the Purchase Phase, the hand limit, the end, and the host's clock."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.games.wordnerds.tables import Cards, Table, action_card, spelt
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.alarms import alarm, waiting
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
)
from wordsy_tui.games.wordnerds.rules.evolve import replay
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase

WORDS = frozenset({"stone"})


def _started(players: int, seed: int = 3) -> tuple[NerdsState, random.Random]:
    rng = random.Random(seed)
    names = tuple(f"P{i}" for i in range(players))
    events = decide(NerdsState(), None, cmd.StartGame(names), rng=rng, words=WORDS)
    return replay(events), rng


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


def test_only_the_host_starts_a_game_of_two_to_six():
    with pytest.raises(ClockError):
        decide(NerdsState(), "P0", cmd.StartGame(("P0", "P1")), rng=random.Random(), words=WORDS)
    with pytest.raises(SeatingError, match="2 to 6"):
        decide(NerdsState(), None, cmd.StartGame(("P0",)), rng=random.Random(), words=WORDS)


def _bid_all(state: NerdsState, rng: random.Random, bids: dict[str, cmd.Bid]) -> NerdsState:
    for player, bid in bids.items():
        state = replay(decide(state, player, bid, rng=rng, words=WORDS), state)
    return state


def test_bids_are_revealed_at_once_ordered_high_to_low_ties_to_the_lower_score_then_the_left():
    state, rng = _started(4)
    order = state.from_first()
    state = replace(state, scores={**state.scores, order[3]: 5})
    bid = {order[0]: cmd.Bid(2), order[1]: cmd.Bid(2), order[2]: cmd.Bid(6), order[3]: cmd.Bid(2)}
    first_three = _bid_all(state, rng, dict(list(bid.items())[:3]))
    assert first_three.phase is Phase.BIDDING
    assert first_three.revealed == ()
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
    state = _bid_all(state, rng, {a: cmd.Bid(5, (free,)), b: cmd.Bid(0)})
    assert state.spent == {a: (), b: ()}
    assert state.unspent[a] == tuple(range(6))
    assert free not in state.actions[a]


def test_plus_three_bid_counts_with_the_bid():
    state, rng = _started(2)
    a, b = state.from_first()
    boost = action_card(Effect.BID_BOOST)
    state = replace(state, actions={a: (), b: (boost,)})
    state = _bid_all(state, rng, {a: cmd.Bid(4), b: cmd.Bid(2, (boost,))})
    assert state.revealed == ((b, 5), (a, 4))


def test_a_bid_is_one_unspent_token_once():
    state, rng = _started(2)
    a, _ = state.from_first()
    with pytest.raises(BidError, match="unspent tokens"):
        decide(state, a, cmd.Bid(9), rng=rng, words=WORDS)
    state = replay(decide(state, a, cmd.Bid(1), rng=rng, words=WORDS), state)
    with pytest.raises(BidError, match="already bid"):
        decide(state, a, cmd.Bid(2), rng=rng, words=WORDS)


def test_picks_in_order_a_marked_card_brings_an_action_card_and_the_last_joins_the_pool():
    state, rng = _started(2)
    a, b = state.from_first()
    deck = Cards()
    marked = deck.marked("e")
    plain = deck.letters("st")
    state = replace(state, auction=(marked, *plain))
    state = _bid_all(state, rng, {a: cmd.Bid(3), b: cmd.Bid(1)})
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
    state = _bid_all(state, rng, {a: cmd.Bid(0), b: cmd.Bid(0)})
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
    a = state.players[0]
    state = replay(decide(state, a, cmd.Bid(4), rng=rng, words=WORDS), state)
    timer = alarm(state)
    assert timer is not None
    state = replay(decide(state, None, timer.command, rng=rng, words=WORDS), state)
    assert state.phase is Phase.PICKING
    assert state.revealed[0] == (a, 4)
    assert {b.token for p, b in state.bids.items() if p != a} == {0}


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
    assert cmd.Bid(3, (17, 4)).sealed == cmd.Bid(3, (4, 17)).sealed == "3,4,17"
    assert cmd.Bid(0).sealed == "0"
    assert cmd.Bid in cmd.SEALED
    assert cmd.StartGame in cmd.HOST_ONLY
    assert cmd.TimeUp in cmd.HOST_ONLY
