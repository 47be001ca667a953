"""The headless host's narration of challenges: who, the votes, and what it costs."""

from __future__ import annotations

import pytest

from wordsy_tui.game import events as ev
from wordsy_tui.game.config import GameConfig
from wordsy_tui.game.rulesets import Ruleset
from wordsy_tui.game.scoresheet import Scoresheet, SheetRow
from wordsy_tui.game.state import ChallengeResult, GameState, Phase
from wordsy_tui.session.narrate import challenge_outcome, narrate


@pytest.mark.parametrize(
    ("result", "told"),
    [
        (
            ChallengeResult("Cat", "Ann", "GLIMMERINGS", 2, 0, 2, upheld=False),
            "Cat challenged Ann's GLIMMERINGS: 2 of 2 voted it stands; "
            "Cat takes a \N{MINUS SIGN}2 penalty",
        ),
        (
            ChallengeResult("Cat", "Ann", "GLIMMERINGS", 0, 2, 2, upheld=True),
            "Cat challenged Ann's GLIMMERINGS: 2 of 2 voted it breaks the rules; "
            "Ann's word scores 0",
        ),
        (
            ChallengeResult("Cat", "Ann", "GLIMMERINGS", 1, 1, 3, upheld=False),
            "Cat challenged Ann's GLIMMERINGS: 1 of 3 voted it stands, 1 of 3 voted it breaks "
            "the rules, a tie the referee decided; Cat takes a \N{MINUS SIGN}2 penalty",
        ),
        (
            ChallengeResult("Cat", "Ann", "XQZ", 0, 0, 0, upheld=True),
            "Cat challenged Ann's XQZ: nobody else could vote, so the referee decided; "
            "Ann's word scores 0",
        ),
        (
            ChallengeResult(None, "Bob", "TRAINS", 2, 0, 2, upheld=False),
            "Bob appealed the referee's refusal of TRAINS: 2 of 2 voted it stands; "
            "the word is restored and scores",
        ),
        (
            ChallengeResult(None, "Bob", "TRAINS", 0, 0, 2, upheld=True),
            "Bob appealed the referee's refusal of TRAINS: no votes came in time, so the "
            "referee decided; the refusal stands: the word scores 0",
        ),
    ],
)
def test_a_challenge_is_told_with_its_votes_and_its_consequence(result, told):
    assert challenge_outcome(result) == told
    state = GameState(challenges=(result,))
    assert narrate(state, ev.ChallengeResolved(result.upheld)) == told


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
