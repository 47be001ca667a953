"""Each action card does what its text says, when its text says."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.wordnerds.tables import Cards, Table, action_card, spelt
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.components import (
    ACTION_KINDS,
    ACTIONS,
    HIDDEN,
    Effect,
    Family,
    length_bonus,
    word_value,
)
from wordsy_tui.games.wordnerds.rules.errors import ActionError
from wordsy_tui.games.wordnerds.rules.state import Phase
from wordsy_tui.games.wordnerds.rules.view import event_for


def test_the_deck_holds_54_action_cards_of_every_family_the_rulebook_names():
    assert len(ACTIONS) == 54
    assert {kind.family for kind in ACTION_KINDS} == set(Family)
    titles = {kind.title for kind in ACTION_KINDS}
    assert {"+2 WORD VALUE", "-3 WORD VALUE"} <= titles


def _declared(holder: str, effect: Effect) -> tuple[Table, int]:
    """Andy has declared STONE; `holder` holds an `effect` card."""
    deck = Cards()
    card = action_card(effect)
    table = Table(
        ["Andy", "Beth"],
        letters={"Andy": deck.letters("stone"), "Beth": deck.letters("wreck")},
        actions={holder: (card,)},
    )
    table.do("Andy", cmd.Declare("stone", spelt(table.state.hand("Andy"), "stone")))
    return table, card


@pytest.mark.parametrize(
    ("effect", "change"),
    [(Effect.PLUS_TWO, 2), (Effect.MINUS_THREE, -3), (Effect.DOUBLE_BONUS, length_bonus(5))],
)
def test_word_value_cards_change_the_word_they_are_played_on(effect, change):
    table, card = _declared("Beth", effect)
    before = table.state.words[0].value
    table.do("Beth", cmd.PlayAction(card, word=0))
    assert table.state.words[0].value == before + change
    assert card not in table.state.actions["Beth"]


def test_a_word_never_drops_below_zero():
    assert word_value((), modifiers=-3) == 0


def test_not_so_fast_cancels_a_word_value_card():
    deck = Cards()
    minus = action_card(Effect.MINUS_THREE)
    cancel = action_card(Effect.NOT_SO_FAST)
    again = action_card(Effect.NOT_SO_FAST, {cancel})
    table = Table(
        ["Andy", "Beth"],
        letters={"Andy": deck.letters("stone")},
        actions={"Andy": (cancel, again), "Beth": (minus,)},
    )
    table.do("Andy", cmd.Declare("stone", spelt(table.state.hand("Andy"), "stone")))
    value = table.state.words[0].value
    table.do("Beth", cmd.PlayAction(minus, word=0))
    assert table.state.words[0].value == value - 3
    table.do("Andy", cmd.PlayAction(cancel, target=minus))
    assert table.state.words[0].value == value
    assert table.state.words[0].modifiers == ()
    with pytest.raises(ActionError, match="cancels a WORD VALUE card"):
        table.do("Andy", cmd.PlayAction(again, target=minus))


def test_word_value_cards_are_played_only_on_a_word_in_play():
    table, card = _declared("Beth", Effect.PLUS_TWO)
    with pytest.raises(ActionError, match="on a word in play"):
        table.do("Beth", cmd.PlayAction(card, word=5))
    table.all_pass()  # STONE scores; the phase moves on
    with pytest.raises(ActionError, match="played on a word being declared"):
        table.do("Beth", cmd.PlayAction(card, word=0))


def test_an_action_card_restarts_the_window():
    table, card = _declared("Beth", Effect.PLUS_TWO)
    table.do("Andy", cmd.Pass())
    clock = table.state.clock
    table.do("Beth", cmd.PlayAction(card, word=0))
    assert table.state.passed == frozenset()
    assert table.state.clock > clock


def _purchasing(effect: Effect, **extra: object) -> tuple[Table, int]:
    """A table in the Purchase Phase where Andy holds an `effect` card."""
    deck = Cards()
    card = action_card(effect)
    table = Table(
        ["Andy", "Beth"],
        letters={"Andy": deck.letters("rat"), "Beth": deck.letters("won")},
        actions={"Andy": (card,)},
        community=deck.letters("xe"),
        **extra,  # type: ignore[arg-type]
    )
    table.all_pass()  # no word: straight to the Purchase Phase
    assert table.state.phase is Phase.PURCHASING
    return table, card


def test_draw_two_letters():
    table, card = _purchasing(Effect.DRAW_LETTERS)
    table.do("Andy", cmd.PlayAction(card))
    assert len(table.state.hand("Andy")) == 5


def test_draw_two_action_cards():
    table, card = _purchasing(Effect.DRAW_ACTIONS)
    table.do("Andy", cmd.PlayAction(card))
    assert len(table.state.actions["Andy"]) == 2
    assert card not in table.state.actions["Andy"]


def test_take_a_letter_at_random_and_only_the_two_players_see_which():
    table, card = _purchasing(Effect.TAKE_LETTER)
    beth = table.state.hand("Beth")
    with pytest.raises(ActionError, match="another player"):
        table.do("Andy", cmd.PlayAction(card, player="Andy"))
    events = table.do("Andy", cmd.PlayAction(card, player="Beth"))
    (taken,) = [e for e in events if isinstance(e, ev.LetterTaken)]
    assert taken.taken in beth
    assert taken.taken in table.state.hand("Andy")
    assert len(table.state.hand("Beth")) == 2
    assert event_for(taken, "Beth").kept == HIDDEN
    assert event_for(taken, "Beth").taken == taken.taken
    assert event_for(taken, None) == ev.LetterTaken("Andy", "Beth", HIDDEN, HIDDEN)


def test_extra_community_card():
    table, card = _purchasing(Effect.EXTRA_COMMUNITY)
    table.do("Andy", cmd.PlayAction(card))
    assert len(table.state.community) == 3


def test_take_a_community_card():
    table, card = _purchasing(Effect.TAKE_COMMUNITY)
    x = table.state.community[0]
    table.do("Andy", cmd.PlayAction(card, target=x))
    assert x in table.state.hand("Andy")
    assert x not in table.state.community


def test_discard_a_community_card():
    table, card = _purchasing(Effect.DISCARD_COMMUNITY)
    x = table.state.community[0]
    table.do("Andy", cmd.PlayAction(card, target=x))
    assert x not in table.state.community
    assert table.state.letter_discard == (x,)


def test_community_cards_are_never_played_in_the_word_declaration_phase():
    deck = Cards()
    card = action_card(Effect.EXTRA_COMMUNITY)
    table = Table(
        ["Andy", "Beth"], letters={"Andy": deck.letters("rat")}, actions={"Andy": (card,)}
    )
    with pytest.raises(ActionError, match="not played in the Word Declaration Phase"):
        table.do("Andy", cmd.PlayAction(card))


def test_retrieve_tokens_takes_back_every_spent_token():
    table, card = _purchasing(Effect.RETRIEVE, spent={"Andy": (1, 4, 5)})
    table.do("Andy", cmd.PlayAction(card))
    assert table.state.spent["Andy"] == ()
    assert table.state.unspent["Andy"] == (0, 1, 2, 3, 4, 5)


def test_token_tax_spends_the_highest_unspent_token_but_never_the_zero():
    table, card = _purchasing(Effect.TOKEN_TAX, spent={"Beth": (1, 2, 3, 4)})
    table.do("Andy", cmd.PlayAction(card, player="Beth"))
    assert table.state.unspent["Beth"] == (0,)
    assert table.state.spent["Beth"] == (1, 2, 3, 4, 5)


def test_token_tax_is_not_played_in_the_auction():
    deck = Cards()
    card = action_card(Effect.TOKEN_TAX)
    table = Table(
        ["Andy", "Beth"], letters={"Andy": deck.letters("rat")}, actions={"Andy": (card,)}
    )
    table.state = replace(table.state, phase=Phase.BIDDING)
    with pytest.raises(ActionError, match="not played in the Card Auction Phase"):
        table.do("Andy", cmd.PlayAction(card, player="Beth"))


def test_bid_cards_are_played_only_with_a_bid():
    table, card = _purchasing(Effect.BID_BOOST)
    with pytest.raises(ActionError, match="face down with your bid"):
        table.do("Andy", cmd.PlayAction(card))
