"""The first edition's relaxed-play tip: a player whose word fell offers the word they meant."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.games.wordsy.rules.table import Table
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import errors
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.legal import may_offer_meant_word, waiting_for
from wordsy_tui.games.wordsy.rules.meant import advice_falls, clarity, slips
from wordsy_tui.games.wordsy.rules.referee import (
    ALLOWED,
    ExactRepeatReferee,
    PlayedWord,
    Reason,
    Verdict,
)
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoresheet import Box

BOARD = "S T R N L D C P"  # S5 T5 R4 N4 L3 D3 C2 P2
RELAXED = GameConfig(meant_words=True)


class ListReferee:
    """Knows only the words it is given (and refuses exact repeats, as the default does)."""

    def __init__(self, *words: str) -> None:
        self.words = set(words)

    def judge(self, word: str, earlier: Sequence[PlayedWord], ruleset: Ruleset) -> Verdict:
        repeat = ExactRepeatReferee().judge(word, earlier, ruleset)
        if not repeat.ok:
            return repeat
        if word not in self.words:
            return Verdict(False, Reason.NOT_A_WORD, f"{word} is not in the word list")
        return ALLOWED


WORDS = ListReferee("STRAND", "SALT", "CRISP", "SPLINTERED", "SPLINTER", "TRAINS", "CREAM")


def table(config: GameConfig = RELAXED, players: Sequence[str] = ("Ann", "Bob", "Cat", "Dan")):
    t = Table(players=players, config=config, referee=WORDS)
    t.start()
    t.set_board(BOARD)
    return t


def fallen_word() -> Table:
    """Dan's SPLINTERED, misspelt SPLINTERRED: the referee refused it at the reveal."""
    t = table()
    words = {"Ann": "STRAND", "Bob": "SALT", "Cat": "CRISP", "Dan": "SPLINTERRED"}
    t.play_round(words, flipper="Ann", challenges=True)
    assert t.state.draft("Dan").voided
    return t


@pytest.fixture
def fallen() -> Table:
    return fallen_word()


def test_a_meant_word_the_table_accepts_scores_as_if_written(fallen):
    fallen.do(cmd.OfferMeantWord("Dan", "splintered"))
    assert fallen.state.challenge.meant.word == "SPLINTERED"
    assert fallen.state.challenge.voters == {"Ann", "Bob", "Cat"}
    fallen.do(cmd.Vote("Ann", False))
    fallen.do(cmd.Vote("Bob", False))
    fallen.do(cmd.Vote("Cat", True))
    draft = fallen.state.draft("Dan")
    assert (draft.word, draft.voided, draft.score) == ("SPLINTERED", False, 26)
    (result,) = fallen.state.challenges
    assert (result.word, result.meant, result.stands, result.against) == (
        "SPLINTERRED",
        "SPLINTERED",
        2,
        1,
    )
    assert not result.upheld
    assert not result.penalty
    fallen.all_ready()
    row = fallen.state.sheets["Dan"].rows[0]
    # Its bonus box too: 26 beats the fastest player's 21.
    assert (row.word, row.score, row.voided, row.box) == ("SPLINTERED", 26, False, Box.FIRST)
    assert fallen.state.played[-1] == PlayedWord("SPLINTERED", 1, "Dan")


def test_after_an_upheld_challenge_the_challenger_keeps_no_penalty_when_the_meant_word_wins():
    t = table()
    words = {"Ann": "STRAND", "Bob": "SALT", "Cat": "CRISP", "Dan": "SPLINTER"}
    t.play_round(words, flipper="Ann", challenges=True)
    t.do(cmd.Challenge("Bob", "Dan"))  # the word list has it, but the table upholds
    t.do(cmd.Vote("Ann", True))
    t.do(cmd.Vote("Cat", True))
    assert t.state.draft("Dan").voided
    t.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))
    # The challenger votes on the meant word too: only its writer does not.
    assert t.state.challenge.voters == {"Ann", "Bob", "Cat"}
    for voter in ("Ann", "Bob", "Cat"):
        t.do(cmd.Vote(voter, False))
    challenge, offer = t.state.challenges
    assert challenge.upheld
    assert offer.meant == "SPLINTERED"
    assert not offer.upheld
    t.all_ready()
    assert t.state.sheets["Bob"].penalties == 0
    assert t.state.sheets["Dan"].rows[0].score == 26


@pytest.mark.parametrize(
    ("votes", "accepted"),
    [
        ({"Ann": False, "Bob": False, "Cat": False}, True),
        ({"Ann": False, "Bob": True, "Cat": True}, False),
        ({"Ann": True, "Bob": True, "Cat": True}, False),
    ],
)
def test_a_majority_decides(fallen, votes, accepted):
    fallen.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))
    for voter, refuse in votes.items():
        fallen.do(cmd.Vote(voter, refuse))
    assert fallen.state.challenge is None
    assert fallen.state.draft("Dan").voided is not accepted
    assert fallen.log[-1] == ev.MeantWordDecided(accepted)


def test_a_tie_or_no_votes_in_time_leaves_the_word_fallen(fallen):
    fallen.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))
    fallen.do(cmd.Vote("Ann", False))
    fallen.do(cmd.Vote("Bob", True))
    fallen.do(cmd.CloseVote())  # Cat's vote never comes: 1 to 1, not clear
    assert fallen.state.draft("Dan").voided
    assert fallen.state.draft("Dan").word == "SPLINTERRED"
    (result,) = fallen.state.challenges
    assert (result.stands, result.against, result.voters, result.upheld) == (1, 1, 3, True)


def test_no_votes_at_all_leave_it_fallen(fallen):
    fallen.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))
    fallen.do(cmd.CloseVote())
    assert fallen.state.draft("Dan").voided


def test_the_round_ending_during_the_vote_decides_it_with_the_votes_cast(fallen):
    fallen.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))
    fallen.do(cmd.Vote("Ann", False))
    fallen.do(cmd.EndRound())
    assert fallen.state.round == 2
    assert fallen.state.sheets["Dan"].rows[0].score == 26


def test_only_with_the_hosts_option():
    t = table(GameConfig())
    t.play_round({"Ann": "STRAND", "Dan": "SPLINTERRED"}, flipper="Ann", challenges=True)
    assert not may_offer_meant_word(t.state, "Dan")
    with pytest.raises(errors.MeantWordError, match="strict rules"):
        t.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))


def test_only_the_writer_of_a_fallen_word_offers(fallen):
    assert may_offer_meant_word(fallen.state, "Dan")
    assert not may_offer_meant_word(fallen.state, "Ann")
    with pytest.raises(errors.MeantWordError, match="Only a word that fell"):
        fallen.do(cmd.OfferMeantWord("Ann", "STRANDS"))


def test_only_once(fallen):
    fallen.do(cmd.OfferMeantWord("Dan", "SPLINTER"))
    fallen.do(cmd.CloseVote())
    assert not may_offer_meant_word(fallen.state, "Dan")
    with pytest.raises(errors.MeantWordError, match="already"):
        fallen.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))


@pytest.mark.parametrize(
    ("word", "why"),
    [
        ("SPLINTERS", "referee refuses SPLINTERS"),
        ("STRAND", None),  # another player's word this round is fine
        ("ICE CREAM", "choose which one"),
        ("ICE-CREAM", "choose which one"),
        ("  ", "Type the word"),
        ("splinterred", "the word that fell"),
    ],
)
def test_the_meant_word_is_judged_by_the_referee(fallen, word, why):
    before = fallen.state
    if why is None:
        fallen.do(cmd.OfferMeantWord("Dan", word))
        assert fallen.state.challenge.meant.word == word
        return
    with pytest.raises(errors.MeantWordError, match=why):
        fallen.do(cmd.OfferMeantWord("Dan", word))
    assert fallen.state == before
    assert may_offer_meant_word(fallen.state, "Dan")  # a refused offer is not the one offer


def test_the_meant_word_follows_no_cheapies():
    t = table()
    t.play_round({"Ann": "TRAINS", "Bob": "SALT"}, flipper="Ann")
    t.play_round({"Bob": "TRAYNS", "Cat": "CRISP"}, flipper="Bob", challenges=True)
    with pytest.raises(errors.MeantWordError, match="round 1"):
        t.do(cmd.OfferMeantWord("Bob", "TRAINS"))


def test_one_vote_at_a_time(fallen):
    fallen.do(cmd.Challenge("Bob", "Cat"))
    assert not may_offer_meant_word(fallen.state, "Dan")
    with pytest.raises(errors.ChallengeError, match="one challenge at a time"):
        fallen.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))


def test_an_accepted_meant_word_faces_no_challenge_and_a_refused_one_may_still_be_appealed(
    fallen,
):
    fallen.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))
    fallen.do(cmd.CloseVote())
    fallen.do(cmd.Appeal("Dan"))  # the referee's refusal of SPLINTERRED, still open to appeal
    assert fallen.state.challenge.meant is None
    fallen.do(cmd.CloseVote())
    t = table()
    t.play_round({"Ann": "STRAND", "Dan": "SPLINTERRED"}, flipper="Ann", challenges=True)
    t.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))
    for voter in ("Ann", "Bob", "Cat"):
        t.do(cmd.Vote(voter, False))
    with pytest.raises(errors.ChallengeError, match="already been challenged"):
        t.do(cmd.Challenge("Bob", "Dan"))


def test_the_table_waits_for_the_voters_and_the_writer_does_not_vote(fallen):
    fallen.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))
    assert waiting_for(fallen.state) == {"Ann", "Bob", "Cat"}
    with pytest.raises(errors.ChallengeError, match="the others vote"):
        fallen.do(cmd.Vote("Dan", False))


def test_a_writer_who_leaves_takes_the_offer_with_them(fallen):
    fallen.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))
    fallen.do(cmd.LeaveGame("Dan"))
    assert fallen.state.challenge is None


def test_nobody_left_to_vote():
    t = table(players=("Ann", "Bob"))
    t.play_round({"Ann": "STRAND", "Bob": "SPLINTERRED"}, flipper="Ann", challenges=True)
    t.do(cmd.LeaveGame("Ann"))
    with pytest.raises(errors.MeantWordError, match="Nobody is left"):
        t.do(cmd.OfferMeantWord("Bob", "SPLINTERED"))


def test_two_players_the_other_decides():
    t = table(players=("Ann", "Bob"))
    t.play_round({"Ann": "STRAND", "Bob": "SPLINTERRED"}, flipper="Ann", challenges=True)
    t.do(cmd.OfferMeantWord("Bob", "SPLINTERED"))
    t.do(cmd.Vote("Ann", False))
    assert not t.state.draft("Bob").voided


@pytest.mark.parametrize(
    ("written", "meant", "clear"),
    [
        ("GLIMERINGS", "GLIMMERINGS", True),
        ("SPLINTERRED", "SPLINTERED", True),
        ("TEH", "THE", True),  # two letters swapped: one slip
        ("ICE-CREAM", "CREAM", True),
        ("ICECREAM", "CREAM", True),
        ("ICECREAM", "ICE", True),
        ("CAT", "DOG", False),
        ("GLIMERINGS", "MANGO", False),
        ("FIZZ", "FUZZY", False),  # two slips in a short word
    ],
)
def test_the_advice_says_whether_the_word_is_plainly_meant(written, meant, clear):
    assert clarity(written, meant).clear is clear
    assert meant in clarity(written, meant).message


def test_slips_count_letters_added_dropped_changed_or_swapped():
    assert slips("GLIMERINGS", "GLIMMERINGS") == 1
    assert slips("TEH", "THE") == 1
    assert slips("KITTEN", "SITTING") == 3
    assert slips("", "ABC") == 3


def test_the_advice_on_the_open_vote(fallen):
    assert not advice_falls(fallen.state)  # no vote open
    fallen.do(cmd.OfferMeantWord("Dan", "SPLINTERED"))
    assert not advice_falls(fallen.state)
    fallen.do(cmd.CloseVote())
    fallen.do(cmd.Appeal("Dan"))
    assert advice_falls(fallen.state)  # the referee refused SPLINTERRED
