from collections import Counter

from wordsy_tui.games.wordsy.rules.cards import (
    CARDS_BY_ID,
    DECK_SIZE,
    FULL_DECK,
    LETTER_TABLE,
    rare_bonus,
)


def test_the_deck_has_60_cards_44_common_12_plus_one_4_plus_two():
    bonuses = Counter(card.bonus for card in FULL_DECK)
    assert len(FULL_DECK) == DECK_SIZE == 60
    assert bonuses == {0: 44, 1: 12, 2: 4}


def test_rarities_named_by_the_rulebooks():
    assert rare_bonus("H") == rare_bonus("Y") == rare_bonus("F") == 1
    assert rare_bonus("Q") == 2
    assert rare_bonus("S") == 0


def test_at_least_four_p_cards_for_the_first_editions_example():
    assert LETTER_TABLE["P"][0] >= 4


def test_card_ids_are_unique_and_index_the_deck():
    assert sorted(CARDS_BY_ID) == list(range(60))
    assert all(CARDS_BY_ID[c.id] is c for c in FULL_DECK)


def test_labels_mark_rare_cards_by_text():
    labels = {c.letter: c.label() for c in FULL_DECK}
    assert labels["Q"] == "Q+2"
    assert labels["H"] == "H+1"
    assert labels["S"] == "S"
