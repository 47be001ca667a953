"""Every worked example of the rulebook, played through the rules."""

from __future__ import annotations

import pytest

from tests.games.wordnerds.tables import Cards, Table, action_card, spelt
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.components import VALUES, Effect, word_value
from wordsy_tui.games.wordnerds.rules.errors import ChallengeError, WordError
from wordsy_tui.games.wordnerds.rules.state import Phase, Standing


def test_the_deck_values_paths_and_wreck_as_the_rulebook_does():
    assert sum(VALUES[c] for c in "paths") == 7
    assert sum(VALUES[c] for c in "wreck") == 10


def _paths_and_wreck() -> tuple[Table, dict[str, int]]:
    deck = Cards()
    plus = action_card(Effect.PLUS_TWO)
    minus = action_card(Effect.MINUS_THREE)
    table = Table(
        ["Andy", "Beth", "Carl"],
        letters={"Andy": deck.letters("paths"), "Beth": deck.letters("wreck")},
        actions={"Andy": (plus,), "Carl": (minus,)},
        scores={"Beth": 89},
    )
    return table, {"plus": plus, "minus": minus}


def test_paths_is_nine_and_eleven_with_plus_two():
    table, cards = _paths_and_wreck()
    table.do("Andy", cmd.Declare("paths", spelt(table.state.hand("Andy"), "paths")))
    assert table.state.words[0].value == 9
    table.do("Andy", cmd.PlayAction(cards["plus"], word=0))
    assert table.state.words[0].value == 11


def test_wreck_trumps_paths_then_minus_three_makes_it_nine_and_andy_wins_eleven_to_nine():
    table, cards = _paths_and_wreck()
    table.do("Andy", cmd.Declare("paths", spelt(table.state.hand("Andy"), "paths")))
    table.do("Andy", cmd.PlayAction(cards["plus"], word=0))
    table.do("Beth", cmd.Trump("wreck", spelt(table.state.hand("Beth"), "wreck")))
    assert table.state.words[1].value == 12
    assert table.state.trump == 1
    table.do("Carl", cmd.PlayAction(cards["minus"], word=1))
    assert table.state.words[1].value == 9

    decided = table.all_pass()
    assert ev.BattleDecided(winner=0, loser=1) in decided
    assert table.state.words[1].standing is Standing.LOST
    ended = table.all_pass()  # nobody trumps PATHS again
    assert any(isinstance(e, ev.DeclarationEnded) for e in ended)
    assert table.state.scores == {"Andy": 11, "Beth": 89 + 4, "Carl": 0}


def test_a_trump_must_be_worth_more_than_the_scoring_word():
    deck = Cards()
    first = action_card(Effect.PLUS_TWO)
    second = action_card(Effect.PLUS_TWO, {first})
    table = Table(
        ["Andy", "Beth"],
        letters={"Andy": deck.letters("paths"), "Beth": deck.letters("wreck")},
        actions={"Andy": (first, second)},
    )
    table.do("Andy", cmd.Declare("paths", spelt(table.state.hand("Andy"), "paths")))
    table.do("Andy", cmd.PlayAction(first, word=0))
    table.do("Andy", cmd.PlayAction(second, word=0))
    # PATHS is now 13: WRECK's 12 cannot trump it.
    with pytest.raises(WordError, match="worth more than PATHS's 13"):
        table.do("Beth", cmd.Trump("wreck", spelt(table.state.hand("Beth"), "wreck")))


def test_cacoon_two_successful_challengers_and_no_scoring_word():
    deck = Cards()
    table = Table(
        ["Donna", "Ed", "Faith", "Greg"],
        letters={"Donna": deck.letters("cacoon")},
        spent={"Donna": (3,), "Ed": (4,)},
        scores={"Ed": 20, "Faith": 5},
    )
    table.do("Donna", cmd.Declare("cacoon", spelt(table.state.hand("Donna"), "cacoon")))
    table.do("Ed", cmd.Challenge(0))
    table.do("Faith", cmd.Challenge(0))
    with pytest.raises(ChallengeError, match="your own word"):
        table.do("Donna", cmd.Challenge(0))
    decided = table.all_pass()  # Greg is not sure: he does not challenge
    assert ev.ChallengeDecided(0, valid=False, challengers=("Ed", "Faith")) in decided
    assert table.state.scoring is None
    assert table.state.words[0].standing is Standing.WITHDRAWN
    ended = table.all_pass()
    (end,) = [e for e in ended if isinstance(e, ev.DeclarationEnded)]
    assert end.points == (("Donna", 0),)
    assert end.retrieved == ()  # no scoring word: nobody retrieves
    assert table.state.scores == {"Donna": 0, "Ed": 30, "Faith": 15, "Greg": 0}
    assert table.state.spent["Ed"] == (4,)


def test_abasia_a_failed_challenge_costs_ten_and_the_word_stays():
    deck = Cards()
    table = Table(
        ["Donna", "Ed", "Greg"],
        letters={"Greg": deck.letters("abasia")},
        scores={"Donna": 25, "Ed": 4},
    )
    table.do("Greg", cmd.Declare("abasia", spelt(table.state.hand("Greg"), "abasia")))
    table.do("Donna", cmd.Challenge(0))
    table.do("Ed", cmd.Challenge(0))
    decided = table.all_pass()
    assert ev.ChallengeDecided(0, valid=True, challengers=("Donna", "Ed")) in decided
    assert table.state.scoring == 0
    assert table.state.scores["Donna"] == 15
    assert table.state.scores["Ed"] == 0  # never below 0
    assert table.state.phase is Phase.DECLARING  # ABASIA may still be trumped
    with pytest.raises(ChallengeError, match="ABASIA has been challenged and stands"):
        table.do("Ed", cmd.Challenge(0))
    table.all_pass()
    assert table.state.scores["Greg"] == word_value(table.state.words[0].cards)


def test_master_retrieves_two_tokens_and_everyone_else_all():
    deck = Cards()
    table = Table(
        ["Donna", "Ed", "Faith"],
        letters={"Donna": deck.letters("master")},
        spent={"Donna": (1, 3, 5), "Ed": (2, 4)},
    )
    table.do("Donna", cmd.Declare("master", spelt(table.state.hand("Donna"), "master")))
    ended = table.all_pass()
    (end,) = [e for e in ended if isinstance(e, ev.DeclarationEnded)]
    assert dict(end.retrieved) == {"Donna": (5, 3), "Ed": (4, 2)}
    assert table.state.spent["Donna"] == (1,)
    assert table.state.unspent["Donna"] == (0, 2, 3, 4, 5)
    assert table.state.spent["Ed"] == ()


def test_a_trumped_word_can_be_trumped_again_and_a_challenged_trump_restores_it():
    deck = Cards()
    table = Table(
        ["Andy", "Beth", "Carl"],
        letters={
            "Andy": deck.letters("rate"),
            "Beth": deck.letters("stone"),
            "Carl": deck.letters("wrecks"),
        },
        words=frozenset({"rate", "stone"}),
    )
    table.do("Andy", cmd.Declare("rate", spelt(table.state.hand("Andy"), "rate")))
    table.do("Beth", cmd.Trump("stone", spelt(table.state.hand("Beth"), "stone")))
    table.all_pass()
    assert table.state.scoring == 1
    assert table.state.words[0].standing is Standing.BEATEN
    # WRECKS is not in this table's word list.
    table.do("Carl", cmd.Trump("wrecks", spelt(table.state.hand("Carl"), "wrecks")))
    table.all_pass()
    assert table.state.scoring == 2
    table.do("Andy", cmd.Challenge(2))
    table.all_pass()
    assert table.state.scoring == 1  # STONE scores again
    assert table.state.words[1].standing is Standing.IN_PLAY
    assert table.state.words[2].standing is Standing.WITHDRAWN
    table.all_pass()
    stone = word_value(table.state.words[1].cards)
    rate = word_value(table.state.words[0].cards)
    assert table.state.scores == {"Andy": rate // 2 + 10, "Beth": stone, "Carl": 0}
    assert table.state.phase is Phase.REFRESHING
