import pytest

from tests.games.wordsy.rules.table import Table
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import errors
from wordsy_tui.games.wordsy.rules.referee import Reason
from wordsy_tui.games.wordsy.rules.scoresheet import Box
from wordsy_tui.games.wordsy.rules.state import Phase

BOARD = "S T R N L D C P"  # S5 T5 R4 N4 L3 D3 C2 P2


@pytest.fixture
def table() -> Table:
    t = Table(players=("Ann", "Bob", "Cat", "Dan"))
    t.start()
    t.set_board(BOARD)
    # Ann flips with STRAND (21); Bob SALT (13); Cat CRISP (13); Dan SPLINTERED (26)
    words = {"Ann": "STRAND", "Bob": "SALT", "Cat": "CRISP", "Dan": "SPLINTERED"}
    t.play_round(words, flipper="Ann", challenges=True)
    return t


def test_the_round_waits_at_its_challenges(table):
    assert table.state.phase is Phase.CHALLENGES
    assert table.state.round == 1


def test_a_successful_challenge_zeroes_the_word_and_its_bonus(table):
    table.do(cmd.Challenge("Bob", "Dan"))
    table.do(cmd.Vote("Ann", True))
    table.do(cmd.Vote("Cat", True))
    assert table.state.challenge is None
    table.all_ready()
    row = table.state.sheets["Dan"].rows[0]
    assert row.voided
    assert row.score == 0
    assert row.box is Box.NONE
    assert table.state.sheets["Bob"].penalties == 0


def test_a_failed_challenge_costs_the_challenger_a_penalty(table):
    table.do(cmd.Challenge("Bob", "Dan"))
    table.do(cmd.Vote("Ann", False))
    table.do(cmd.Vote("Cat", False))
    table.all_ready()
    assert table.state.sheets["Dan"].rows[0].score == 26
    assert table.state.sheets["Dan"].rows[0].box is Box.FIRST
    assert table.state.sheets["Bob"].penalties == 1
    assert table.state.sheets["Bob"].total == 13 - 2


def test_when_the_fastest_word_falls_others_beat_zero(table):
    table.do(cmd.Challenge("Bob", "Ann"))
    table.do(cmd.Vote("Cat", True))
    table.do(cmd.Vote("Dan", True))
    table.all_ready()
    sheets = table.state.sheets
    assert sheets["Ann"].rows[0].box is Box.NONE
    assert {p: sheets[p].rows[0].box for p in ("Bob", "Cat", "Dan")} == dict.fromkeys(
        ("Bob", "Cat", "Dan"), Box.FIRST
    )


def test_a_tied_vote_follows_the_referee(table):
    # DAN's word is a real word to the default referee, so a tie keeps it.
    table.do(cmd.Challenge("Bob", "Dan"))
    table.do(cmd.Vote("Ann", True))
    table.do(cmd.Vote("Cat", False))
    assert not table.state.draft("Dan").voided
    assert table.state.sheets["Bob"].penalties == 1


def test_closing_the_vote_counts_the_votes_cast(table):
    table.do(cmd.Challenge("Bob", "Dan"))
    table.do(cmd.Vote("Ann", True))
    table.do(cmd.CloseVote())
    assert table.state.draft("Dan").voided


def test_one_challenge_at_a_time_and_once_per_word(table):
    table.do(cmd.Challenge("Bob", "Dan"))
    with pytest.raises(errors.ChallengeError, match="one challenge at a time"):
        table.do(cmd.Challenge("Cat", "Ann"))
    table.do(cmd.CloseVote())
    with pytest.raises(errors.ChallengeError, match="already"):
        table.do(cmd.Challenge("Cat", "Dan"))


def test_players_in_the_challenge_do_not_vote(table):
    table.do(cmd.Challenge("Bob", "Dan"))
    with pytest.raises(errors.ChallengeError, match="the others vote"):
        table.do(cmd.Vote("Dan", False))


def test_challenges_wait_for_the_reveal():
    t = Table()
    t.start()
    with pytest.raises(errors.WrongPhase):
        t.do(cmd.Challenge("Ann", "Bob"))


def test_a_repeated_word_is_refused_by_the_referee_and_can_be_appealed():
    t = Table(players=("Ann", "Bob", "Cat"))
    t.start()
    t.play_round({"Ann": "TRAINS", "Bob": "SALT"}, flipper="Ann")
    t.play_round({"Bob": "TRAINS", "Cat": "CRISP"}, flipper="Bob", challenges=True)
    draft = t.state.draft("Bob")
    assert draft.voided
    assert draft.verdict.reason is Reason.REPEAT
    assert "round 1" in draft.verdict.message
    # Bob appeals; the table overrules the referee.
    t.do(cmd.Appeal("Bob"))
    t.do(cmd.Vote("Ann", False))
    t.do(cmd.Vote("Cat", False))
    assert not t.state.draft("Bob").voided
    t.all_ready()
    assert t.state.sheets["Bob"].rows[1].score > 0
    assert t.state.sheets["Ann"].penalties == t.state.sheets["Cat"].penalties == 0


def test_a_failed_appeal_keeps_the_word_void():
    t = Table(players=("Ann", "Bob"))
    t.start()
    t.play_round({"Ann": "TRAINS", "Bob": "SALT"}, flipper="Ann")
    t.play_round({"Bob": "TRAINS", "Ann": "CRISP"}, flipper="Bob", challenges=True)
    t.do(cmd.Appeal("Bob"))  # no one else votes in a two-player game: the referee stands
    assert t.state.draft("Bob").voided
    with pytest.raises(errors.ChallengeError):
        t.do(cmd.Appeal("Bob"))


def test_a_decided_challenge_is_recorded_with_its_votes_for_everyone_to_read(table):
    table.do(cmd.Challenge("Bob", "Dan"))
    table.do(cmd.Vote("Ann", False))
    table.do(cmd.Vote("Cat", False))
    (result,) = table.state.challenges
    assert (result.challenger, result.target, result.word) == ("Bob", "Dan", "SPLINTERED")
    assert (result.stands, result.against, result.voters) == (2, 0, 2)
    assert not result.upheld
    assert result.penalty


def test_an_upheld_challenge_costs_the_challenger_nothing_and_a_new_round_forgets_it(table):
    table.do(cmd.Challenge("Bob", "Dan"))
    table.do(cmd.Vote("Ann", True))
    table.do(cmd.CloseVote())
    (result,) = table.state.challenges
    assert (result.stands, result.against, result.voters, result.upheld) == (0, 1, 2, True)
    assert not result.penalty
    table.all_ready()
    assert table.state.round == 2
    assert table.state.challenges == ()


def test_an_appeal_is_recorded_without_a_challenger_or_a_penalty():
    t = Table(players=("Ann", "Bob"))
    t.start()
    t.play_round({"Ann": "TRAINS", "Bob": "SALT"}, flipper="Ann")
    t.play_round({"Bob": "TRAINS", "Ann": "CRISP"}, flipper="Bob", challenges=True)
    t.do(cmd.Appeal("Bob"))
    t.do(cmd.CloseVote())  # Ann, the only voter, lets the time run out
    (result,) = t.state.challenges
    assert result.challenger is None
    assert (result.stands, result.against, result.voters) == (0, 0, 1)
    assert (result.upheld, result.penalty) == (True, False)
