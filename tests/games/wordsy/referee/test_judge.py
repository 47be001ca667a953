from __future__ import annotations

import pytest

from wordsy_tui.games.wordsy.referee import WordReferee, check_word
from wordsy_tui.games.wordsy.rules.referee import PlayedWord, Reason, Referee
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset


@pytest.fixture(scope="module")
def referee() -> WordReferee:
    return WordReferee()


def test_is_the_engine_referee(referee):
    engine_referee: Referee = referee
    assert engine_referee.judge("flinch", [], Ruleset.CLASSIC).ok


@pytest.mark.parametrize(
    ("word", "reason", "message"),
    [
        ("don't", Reason.CONTRACTION, "DON'T is a contraction: no apostrophes allowed"),
        (
            "rock\u2019n",
            Reason.CONTRACTION,
            "ROCK\u2019N is a contraction: no apostrophes allowed",
        ),
        ("well-known", Reason.HYPHENATED, "WELL-KNOWN is hyphenated: write one word"),
        ("abc1", Reason.NOT_LETTERS, "ABC1 has characters other than the letters A-Z"),
        ("ice cream", Reason.NOT_LETTERS, "ICE CREAM is more than one word: write one word"),
        ("café", Reason.NOT_LETTERS, "CAFÉ has characters other than the letters A-Z"),
        ("   ", Reason.NOT_LETTERS, "write a word first"),
        ("London", Reason.PROPER_NOUN, "LONDON is a proper noun"),
        ("NASA", Reason.ABBREVIATION, "NASA is an abbreviation"),
        ("etc", Reason.ABBREVIATION, "ETC is an abbreviation"),
        (
            "somnambulentz",
            Reason.NOT_A_WORD,
            "SOMNAMBULENTZ is not in the word list; the table may still allow it by vote",
        ),
    ],
)
def test_standard_restrictions_say_why(referee, word, reason, message):
    verdict = referee.judge(word, [], Ruleset.CLASSIC)
    assert (verdict.ok, verdict.reason, verdict.message) == (False, reason, message)


@pytest.mark.parametrize("word", ["Flinch", "  ASTRONOMICAL ", "somnambulent", "quibbles"])
def test_words_are_allowed_in_any_case(referee, word):
    assert referee.judge(word, [], Ruleset.SECOND_EDITION).ok


def test_repeat_names_the_player_and_round(referee):
    beth = PlayedWord("FLINCH", 2, "Beth")
    verdict = referee.judge("flinch", [beth], Ruleset.CLASSIC)
    assert verdict.reason == Reason.REPEAT
    assert verdict.message == "FLINCH was played by Beth in round 2"
    assert verdict.related == beth


@pytest.mark.parametrize(
    ("word", "earlier", "message"),
    [
        ("flinched", "flinch", "FLINCHED is a tense of FLINCH, played by Beth in round 2"),
        ("flinch", "flinched", "FLINCHED, played by Beth in round 2, is a tense of FLINCH"),
        ("cats", "cat", "CATS is a plural of CAT, played by Beth in round 2"),
        ("flinching", "flinch", "FLINCHING is the gerund of FLINCH, played by Beth in round 2"),
        ("quickly", "quick", "QUICKLY is an adverb of QUICK, played by Beth in round 2"),
        (
            "flinches",
            "flinching",
            "FLINCHES and FLINCHING, played by Beth in round 2, are both forms of FLINCH",
        ),
        ("flinchingly", "flinch", "FLINCHINGLY is a form of FLINCH, played by Beth in round 2"),
    ],
)
def test_no_cheapies_says_why(referee, word, earlier, message):
    played = PlayedWord(earlier.upper(), 2, "Beth")
    verdict = referee.judge(word, [PlayedWord("ZEBRA", 1, "Ann"), played], Ruleset.CLASSIC)
    assert (verdict.ok, verdict.reason, verdict.message) == (False, Reason.SAME_WORD, message)
    assert verdict.related == played


def test_second_edition_names_class_and_gender_changes(referee):
    fish = [PlayedWord("fish", 1, "Ann")]
    assert referee.judge("fishy", fish, Ruleset.SECOND_EDITION).message == (
        "FISHY is an adjective of FISH, played by Ann in round 1"
    )
    assert referee.judge("fishy", fish, Ruleset.CLASSIC).ok
    lion = [PlayedWord("lion", 3, "Ann")]
    assert referee.judge("lioness", lion, Ruleset.SECOND_EDITION).message == (
        "LIONESS is a gendered form of LION, played by Ann in round 3"
    )


def test_british_spelling_is_allowed_once(referee):
    assert referee.judge("COLOUR", [], Ruleset.CLASSIC).ok
    verdict = referee.judge("colour", [PlayedWord("color", 1, "Ann")], Ruleset.CLASSIC)
    assert verdict.message == "COLOUR is a spelling of COLOR, played by Ann in round 1"


def test_a_word_allowed_by_vote_still_cannot_be_played_again(referee):
    voted_in = [PlayedWord("zorble", 1, "Ann")]
    assert referee.judge("zorble", voted_in, Ruleset.CLASSIC).reason == Reason.REPEAT


def test_check_word_numbers_rounds_from_one():
    verdict = check_word("went", ["walk", "go"], Ruleset.SECOND_EDITION)
    assert verdict.reason == Reason.SAME_WORD
    assert verdict.message == "WENT is a tense of GO, played in round 2"
    assert check_word("went", ["go"]).ok


def test_same_round_is_not_the_referees_business(referee):
    # Only earlier rounds are passed in; two players may write FISH in one round.
    assert referee.judge("fish", [], Ruleset.SECOND_EDITION).ok
