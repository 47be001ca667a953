import pytest

from tests.games.wordsy.rules.table import Table
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import errors
from wordsy_tui.games.wordsy.rules.config import Difficulty, GameConfig
from wordsy_tui.games.wordsy.rules.scoresheet import Box
from wordsy_tui.games.wordsy.rules.solo import SoloSpot, next_spot, solo_box
from wordsy_tui.games.wordsy.rules.state import Phase

BOARD = "S T R N L D C P"  # S5 T5 R4 N4 L3 D3 C2 P2
TWENTY_SIX = "SPLINTERED"
SIXTEEN = "STAND"  # S5 T5 N4 D3 = 17
TEN = "TRIP"  # T5 R4 P2 = 11


def solo(difficulty: Difficulty = Difficulty.NORMAL) -> Table:
    t = Table(players=("Sol",), config=GameConfig(solo=difficulty))
    t.start()
    t.set_board(BOARD)
    return t


def play(t: Table, word: str, paused: bool) -> None:
    t.words = {"Sol": word}
    t.write("Sol", word)
    if paused:
        t.do(cmd.FlipTimer("Sol"))
    else:
        t.do(cmd.ExpireTimer())
        t.do(cmd.LockIn("Sol"))
    t.reveal_all()
    t.all_ready()


def test_the_solo_timer_runs_from_the_deal():
    t = solo()
    assert t.state.timer_running


def test_a_paused_timer_and_15_points_on_the_top_spot_check_the_larger_box():
    t = solo()
    play(t, SIXTEEN, paused=True)
    assert t.state.sheets["Sol"].rows[0].box is Box.SECOND


def test_off_the_top_spot_the_smaller_box():
    assert solo_box(SoloSpot.MIDDLE, True, 15) is Box.FIRST
    assert solo_box(SoloSpot.BOTTOM, True, 14) is Box.NONE
    assert solo_box(SoloSpot.TOP, False, 30) is Box.NONE


def test_after_the_timer_runs_out_there_is_all_the_time_but_no_bonus():
    t = solo()
    t.do(cmd.ExpireTimer())
    assert t.state.phase is Phase.WRITING
    t.write("Sol", TWENTY_SIX)
    with pytest.raises(errors.TimerError, match="run out"):
        t.do(cmd.FlipTimer("Sol"))
    t.words = {"Sol": TWENTY_SIX}
    t.do(cmd.LockIn("Sol"))
    t.reveal_all()
    t.all_ready()
    assert t.state.sheets["Sol"].rows[0].box is Box.NONE
    assert t.state.solo_spot is SoloSpot.TOP  # 20+ without the bonus: stay


@pytest.mark.parametrize(
    ("spot", "score", "bonus", "difficulty", "expected"),
    [
        (SoloSpot.MIDDLE, 20, True, Difficulty.NORMAL, (SoloSpot.TOP, False)),
        (SoloSpot.MIDDLE, 25, False, Difficulty.NORMAL, (SoloSpot.MIDDLE, False)),
        (SoloSpot.TOP, 19, True, Difficulty.NORMAL, (SoloSpot.MIDDLE, False)),
        (SoloSpot.MIDDLE, 10, False, Difficulty.NORMAL, (SoloSpot.BOTTOM, False)),
        (SoloSpot.BOTTOM, 10, False, Difficulty.NORMAL, (SoloSpot.MIDDLE, True)),
        (SoloSpot.TOP, 10, False, Difficulty.BRUTAL, (SoloSpot.BOTTOM, False)),
        (SoloSpot.BOTTOM, 10, False, Difficulty.BRUTAL, (SoloSpot.BOTTOM, True)),
        (SoloSpot.BOTTOM, 22, True, Difficulty.BRUTAL, (SoloSpot.TOP, False)),
    ],
)
def test_moving_the_timer_on_the_solo_card(spot, score, bonus, difficulty, expected):
    assert next_spot(spot, score, bonus, difficulty) == expected


def test_falling_off_the_bottom_marks_a_penalty_through_the_engine():
    t = solo()
    for _ in range(3):  # top -> middle -> bottom -> penalty, back to middle
        t.set_board(BOARD)
        play(t, TEN, paused=True)
    assert t.state.solo_spot is SoloSpot.MIDDLE
    assert t.state.sheets["Sol"].penalties == 1


def test_win_thresholds():
    targets = {d: d.target for d in Difficulty}
    assert targets == {
        Difficulty.NORMAL: 100,
        Difficulty.MEDIUM: 110,
        Difficulty.HARD: 120,
        Difficulty.BRUTAL: 120,
    }


def test_solo_has_no_challenges_and_one_seat():
    t = solo()
    with pytest.raises(errors.SeatingError):
        Table(players=("Sol", "Two"), config=GameConfig(solo=Difficulty.NORMAL))
    play(t, TEN, paused=True)
    assert t.state.round == 2
