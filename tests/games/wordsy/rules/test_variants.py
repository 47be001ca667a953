import pytest

from tests.games.wordsy.rules.table import Table
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import errors
from wordsy_tui.games.wordsy.rules.bonuses import next_main_player
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.referee import ALLOWED
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoresheet import Box, Scoresheet, SheetRow

BOARD = "S T R N L D C P"  # S5 T5 R4 N4 L3 D3 C2 P2
UNTIMED = GameConfig(timer_seconds=None)


def sheets_with(boxes: dict[str, list[Box]]) -> dict[str, Scoresheet]:
    return {p: Scoresheet(tuple(SheetRow("W", 10, b) for b in bs)) for p, bs in boxes.items()}


def test_no_time_limit_draws_a_main_player_who_stands_in_for_the_fastest():
    t = Table(players=("Ann", "Bob", "Cat"), config=UNTIMED)
    t.start()
    main = t.state.main_player
    assert main in t.state.players
    assert t.state.fastest == main
    t.write("Ann", "WORD")
    with pytest.raises(errors.TimerError, match="no timer"):
        t.do(cmd.FlipTimer("Ann"))


def test_no_time_limit_reveals_when_everyone_is_done_and_bonuses_use_the_main_player():
    t = Table(players=("Ann", "Bob", "Cat"), config=UNTIMED, seed=1)
    t.start()
    t.set_board(BOARD)
    main = t.state.main_player
    others = [p for p in t.state.players if p != main]
    t.play_round({main: "SALT", others[0]: "STRAND", others[1]: "TRIP"})
    rows = {p: t.state.sheets[p].rows[0] for p in t.state.players}
    assert rows[others[0]].box is Box.FIRST  # 21 beats the Main Player's 13
    assert rows[main].box is Box.NONE
    assert t.state.no_flip is None


def test_classic_next_main_player_has_fewest_second_then_first_boxes():
    players = ("A", "B", "C", "D")
    sheets = sheets_with(
        {
            "A": [Box.SECOND],
            "B": [Box.FIRST],
            "C": [Box.FIRST, Box.FIRST],
            "D": [Box.SECOND, Box.NONE],
        }
    )
    assert next_main_player(players, "A", sheets, Ruleset.CLASSIC) == "B"


def test_classic_ties_go_clockwise_from_the_last_main_player():
    players = ("A", "B", "C", "D")
    sheets = sheets_with({p: [Box.NONE] for p in players})
    assert next_main_player(players, "B", sheets, Ruleset.CLASSIC) == "C"
    assert next_main_player(players, "D", sheets, Ruleset.CLASSIC) == "A"


def test_second_edition_counts_bonuses_of_any_kind():
    players = ("A", "B", "C")
    sheets = sheets_with({"A": [Box.SECOND], "B": [Box.FIRST, Box.FIRST], "C": [Box.SECOND]})
    # Classic: fewest second boxes -> B, the only one with none.
    assert next_main_player(players, "A", sheets, Ruleset.CLASSIC) == "B"
    # Second edition: fewest marks -> A and C have one each; clockwise from A, C comes first.
    assert next_main_player(players, "A", sheets, Ruleset.SECOND_EDITION) == "C"


def test_a_handicapped_player_scores_four_cards_in_full():
    t = Table(players=("Ann", "Bob"), config=GameConfig(handicapped=frozenset({"Ann"})))
    t.start()
    t.set_board(BOARD)
    t.play_round({"Ann": "SPLINTERED", "Bob": "SPLINTERED"}, flipper="Ann")
    # S5 T5 R4 N4 full; L3 D3 P2 score 1 each for Ann.
    assert t.state.sheets["Ann"].rows[0].score == 18 + 3
    assert t.state.sheets["Bob"].rows[0].score == 26


class RecordingReferee:
    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[str, ...], Ruleset]] = []

    def judge(self, word, earlier, ruleset):
        self.calls.append((word, tuple(p.word for p in earlier), ruleset))
        return ALLOWED


def test_the_ruleset_and_earlier_words_reach_the_referee():
    referee = RecordingReferee()
    config = GameConfig(ruleset=Ruleset.SECOND_EDITION)
    t = Table(players=("Ann", "Bob"), config=config, referee=referee)
    t.start()
    t.play_round({"Ann": "FISH", "Bob": "CAT"}, flipper="Ann")
    t.play_round({"Ann": "FISHY", "Bob": "DOG"}, flipper="Bob")
    assert ("FISHY", ("FISH", "CAT"), Ruleset.SECOND_EDITION) in referee.calls
