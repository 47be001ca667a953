import pytest

from tests.games.wordsy.rules.table import SALT, Table
from wordsy_tui.engine.sealed import commit
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import errors, legal
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.state import Phase


@pytest.fixture
def table() -> Table:
    t = Table()
    t.start()
    return t


def test_a_game_starts_in_round_one_with_eight_cards(table):
    assert table.state.phase is Phase.WRITING
    assert table.state.round == 1
    assert len(table.state.board.cards) == 8


def test_players_may_rewrite_until_they_lock_in(table):
    table.write("Ann", "FIRST")
    table.write("Ann", "SECOND")
    assert table.state.draft("Ann").commitment == commit("SECOND", SALT)
    table.do(cmd.LockIn("Ann"))
    with pytest.raises(errors.WordLockedError):
        table.write("Ann", "THIRD")


def test_only_a_player_with_a_word_may_flip(table):
    with pytest.raises(errors.NoWordWritten):
        table.do(cmd.FlipTimer("Ann"))


def test_the_flipper_is_the_fastest_player_and_their_word_is_locked(table):
    table.write("Ann", "WORD")
    table.do(cmd.FlipTimer("Ann"))
    assert table.state.fastest == "Ann"
    assert table.state.timer_running
    with pytest.raises(errors.WordLockedError):
        table.write("Ann", "OTHER")


def test_the_timer_flips_once(table):
    table.write("Ann", "WORD")
    table.write("Bob", "WORD")
    table.do(cmd.FlipTimer("Ann"))
    with pytest.raises(errors.TimerError, match="Ann has already flipped"):
        table.do(cmd.FlipTimer("Bob"))


def test_others_write_until_the_timer_runs_out_then_everything_is_revealed(table):
    table.write("Ann", "WORD")
    table.do(cmd.FlipTimer("Ann"))
    table.write("Bob", "LATE")
    table.do(cmd.ExpireTimer())
    assert table.state.phase is Phase.REVEAL
    with pytest.raises(errors.WrongPhase):
        table.write("Cat", "TOOLATE")


def test_the_round_ends_early_when_everyone_is_locked(table):
    table.write("Ann", "WORD")
    table.do(cmd.FlipTimer("Ann"))
    table.do(cmd.LockIn("Bob"))
    table.do(cmd.LockIn("Cat"))
    assert table.state.phase is Phase.REVEAL


def test_a_player_without_a_word_scores_zero(table):
    table.play_round({"Ann": "SOMETHING"}, flipper="Ann")
    assert table.state.sheets["Bob"].rows[0].score == 0
    assert table.state.sheets["Bob"].rows[0].word is None


def test_a_revealed_word_must_match_its_commitment(table):
    table.write("Ann", "WORD")
    table.do(cmd.FlipTimer("Ann"))
    table.do(cmd.ExpireTimer())
    with pytest.raises(errors.RevealError, match="not the word you wrote"):
        table.do(cmd.RevealWord("Ann", "SWORD", SALT))
    with pytest.raises(errors.RevealError):
        table.do(cmd.RevealWord("Ann", "WORD", b"other salt"))


def test_unrevealed_words_count_as_no_word_when_the_reveal_closes(table):
    table.write("Ann", "WORD")
    table.write("Bob", "BIRD")
    table.do(cmd.FlipTimer("Ann"))
    table.do(cmd.ExpireTimer())
    table.do(cmd.RevealWord("Ann", "WORD", SALT))
    table.do(cmd.CloseReveal())
    assert table.state.phase is Phase.CHALLENGES
    assert table.state.draft("Bob").word is None


def test_the_no_flip_card_goes_to_the_fastest_player(table):
    table.play_round({"Ann": "WORD", "Bob": "WORDS"}, flipper="Ann")
    assert table.state.no_flip == "Ann"
    table.write("Ann", "AGAIN")
    with pytest.raises(errors.NoFlipHolder, match="No-Flip card"):
        table.do(cmd.FlipTimer("Ann"))


def test_two_players_use_no_no_flip_card():
    table = Table(players=("Ann", "Bob"))
    table.start()
    table.play_round({"Ann": "WORD", "Bob": "WORDS"}, flipper="Ann")
    assert table.state.no_flip is None
    table.write("Ann", "AGAIN")
    table.do(cmd.FlipTimer("Ann"))
    assert table.state.fastest == "Ann"


def test_names_must_be_unique_and_seats_limited():
    table = Table(players=("Ann",), config=GameConfig(max_players=2))
    with pytest.raises(errors.SeatingError, match="taken"):
        table.do(cmd.JoinGame("ann"))
    table.do(cmd.JoinGame("Bob"))
    with pytest.raises(errors.SeatingError, match="full"):
        table.do(cmd.JoinGame("Cat"))


def test_a_game_needs_two_players():
    table = Table(players=("Ann",))
    with pytest.raises(errors.SeatingError, match="At least 2"):
        table.start()


def test_unknown_players_are_refused(table):
    with pytest.raises(errors.UnknownPlayer):
        table.write("Zed", "WORD")


def test_a_rejected_command_changes_nothing(table):
    before = table.state
    with pytest.raises(errors.RuleError):
        table.do(cmd.FlipTimer("Ann"))
    assert table.state == before


def test_the_captain_is_the_first_person_seated_not_a_bot():
    table = Table(players=())
    table.do(cmd.JoinGame("Bot 1", bot=True))
    table.do(cmd.JoinGame("Cat"))
    assert table.state.bots == {"Bot 1"}
    assert table.state.captain == "Cat"


def test_a_word_wiped_before_the_lock_in_is_a_pass_not_a_scored_blank(table):
    players = table.state.players
    table.write("Ann", "CARDS")
    table.write("Ann", "")  # the player cleared the input, then locked in
    for player in players:
        table.do(cmd.LockIn(player))
    table.do(cmd.RevealWord("Ann", "", SALT))
    draft = table.state.draft("Ann")
    assert (draft.word, draft.score, draft.voided, draft.revealed) == (None, 0, False, False)
    assert table.state.phase is Phase.CHALLENGES
    table.do(cmd.EndRound())
    row = table.state.sheets["Ann"].rows[0]
    assert (row.word, row.score) == (None, 0)
    assert all(played.word for played in table.state.played)


def test_whom_writing_waits_for_is_asked_without_deciding_a_lock(monkeypatch):
    # The host asks it after every event: a decided lock (and its fold) per player was
    # most of the rules' time on a command.
    t = Table(("Ann", "Bob", "Cat"))
    t.start()
    t.do(cmd.LockIn("Bob"))
    decided: list[object] = []
    monkeypatch.setattr(legal, "decide", lambda *args, **kw: decided.append(args))
    assert legal.waiting_for(t.state) == {"Ann", "Cat"}
    assert decided == []
