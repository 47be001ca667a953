"""The headless host's narration of challenges: who, the votes, and what it costs."""

from __future__ import annotations

import pytest

from wordsy_tui.games.wordsy.narrate import challenge_outcome, narrate
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoresheet import Scoresheet, SheetRow
from wordsy_tui.games.wordsy.rules.state import ChallengeResult, GameState, Phase


def test_the_issues_own_example_reads_as_written():
    result = ChallengeResult("Cat", "Ann", "GLIMMERINGS", 2, 0, 2, upheld=False)
    told = (
        "Cat challenged Ann's GLIMMERINGS: 2 of 2 voted it stands; "
        "Cat takes a \N{MINUS SIGN}2 penalty"
    )
    assert challenge_outcome(result) == told
    assert narrate(GameState(challenges=(result,)), ev.ChallengeResolved(False)) == (
        challenge_outcome(result)
    )


AGAINST = "2 of 2 voted it breaks the rules"
TIE = "1 of 3 voted it stands, 1 of 3 voted it breaks the rules, a tie the referee decided"
ZEROED = "Ann's word scores 0"


@pytest.mark.parametrize(
    ("who", "votes", "upheld", "counted", "then"),
    [
        ("Cat", (0, 2, 2), True, AGAINST, ZEROED),
        ("Cat", (1, 1, 3), False, TIE, "Cat takes a \N{MINUS SIGN}2 penalty"),
        ("Cat", (0, 0, 0), True, "nobody else could vote, so the referee decided", ZEROED),
        (None, (2, 0, 2), False, "2 of 2 voted it stands", "the word is restored and scores"),
        (None, (0, 0, 2), True, "no votes came in time, so the referee decided", "refusal stands"),
    ],
)
def test_a_challenge_is_told_with_its_votes_and_its_consequence(who, votes, upheld, counted, then):
    result = ChallengeResult(who, "Ann", "GLIMMERINGS", *votes, upheld=upheld)
    told = challenge_outcome(result)
    asked = "Cat challenged Ann's" if who else "Ann appealed the referee's refusal of"
    assert told.startswith(f"{asked} GLIMMERINGS: {counted}; ")
    assert then in told


def test_the_narrated_outcome_escapes_a_hostile_name():
    result = ChallengeResult("Cat\x1b[2J", "Ann", "WORD", 1, 0, 1, upheld=False)
    line = narrate(GameState(challenges=(result,)), ev.ChallengeResolved(False))
    assert line is not None
    assert "\x1b" not in line
    assert "\\x1b" in line


def test_the_game_over_line_shares_a_second_edition_tie():
    sheets = {
        "Ann": Scoresheet((SheetRow("A", 24), SheetRow("B", 16))),
        "Bob": Scoresheet((SheetRow("C", 20), SheetRow("D", 20))),
    }
    state = GameState(
        config=GameConfig(ruleset=Ruleset.SECOND_EDITION), phase=Phase.OVER, sheets=sheets
    )
    assert narrate(state, ev.GameEnded()) == "Game over: 1. Ann 40, 1. Bob 40"
    classic = GameState(phase=Phase.OVER, sheets=sheets)
    assert narrate(classic, ev.GameEnded()) == "Game over: 1. Ann 40, 2. Bob 40"


@pytest.mark.parametrize(
    ("votes", "upheld", "told"),
    [
        (
            (2, 0, 2),
            False,
            "Ann offered GLIMMERINGS, the word they meant by GLIMERINGS: 2 of 2 accepted it; "
            "GLIMMERINGS replaces GLIMERINGS and scores",
        ),
        (
            (1, 1, 3),
            True,
            "Ann offered GLIMMERINGS, the word they meant by GLIMERINGS: 1 of 3 accepted it, "
            "1 of 3 refused it, a tie: not clear, so it stays fallen; "
            "GLIMERINGS stays fallen and scores 0",
        ),
        (
            (0, 0, 2),
            True,
            "Ann offered GLIMMERINGS, the word they meant by GLIMERINGS: no votes came in "
            "time, so the word stays fallen; GLIMERINGS stays fallen and scores 0",
        ),
    ],
)
def test_an_offer_of_the_meant_word_is_told_with_its_votes(votes, upheld, told):
    result = ChallengeResult(None, "Ann", "GLIMERINGS", *votes, upheld=upheld, meant="GLIMMERINGS")
    assert challenge_outcome(result) == told
    state = GameState(challenges=(result,))
    assert narrate(state, ev.MeantWordDecided(not upheld)) == told


def test_the_offer_itself_is_told():
    from tests.games.wordsy.rules.test_meant_words import fallen_word
    from wordsy_tui.games.wordsy.rules import commands as cmd

    table = fallen_word()
    (offered,) = table.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))
    assert narrate(table.state, offered) == (
        "Dan offers SPLINTERED, the word they meant by SPLINTERRED: the others vote"
    )
