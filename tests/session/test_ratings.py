"""The table's ratings (`table/ratings.py`): a win raises, a loss lowers, computer players
stay where they are, each game and ruleset apart, each game counted once, a damaged file
left as it is."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from wordsy_tui.engine.levels import Level
from wordsy_tui.kit import Outcome
from wordsy_tui.table.ratings import (
    BOT_RATINGS,
    NEWCOMER,
    RatingsDamaged,
    RatingsFile,
    rating_text,
    read_shown,
)

BOT = "Bot 1 (easy)"


def won(*places: str, ruleset: str = "double challenge") -> Outcome:
    return Outcome(tuple((p,) for p in places), ruleset)


def store(tmp_path: Path) -> RatingsFile:
    return RatingsFile(tmp_path / "ratings.json")


def test_a_win_raises_a_rating_and_a_loss_lowers_it(tmp_path: Path) -> None:
    ratings = store(tmp_path)
    changes = ratings.record("g1", "scrabble", won("Ann", "Bob"), {})
    assert changes["Ann"][0] == changes["Bob"][0] == NEWCOMER
    assert changes["Ann"][-1] > NEWCOMER > changes["Bob"][-1]
    kept = ratings.read()
    ann = kept.rating("scrabble", "double challenge", "Ann")
    assert (ann.shown, ann.games) == (changes["Ann"][-1], 1)
    assert ann.sigma < 500  # one game told the model something
    again = ratings.record("g2", "scrabble", won("Bob", "Ann"), {})
    assert again["Bob"][-1] > again["Bob"][0]
    assert again["Ann"][-1] < again["Ann"][0]


def test_a_shared_place_moves_two_equals_nowhere(tmp_path: Path) -> None:
    changes = store(tmp_path).record("g", "wordsy", Outcome((("Ann", "Bob"),), "classic"), {})
    assert changes == {"Ann": (NEWCOMER, NEWCOMER), "Bob": (NEWCOMER, NEWCOMER)}


def test_computer_players_keep_their_fixed_rating_and_only_people_are_kept(
    tmp_path: Path,
) -> None:
    ratings = store(tmp_path)
    beaten = ratings.record("g1", "wwf", won("Ann", BOT, ruleset="standard"), {BOT: Level.EASY})
    assert beaten[BOT] == (BOT_RATINGS[Level.EASY],)
    assert beaten["Ann"][-1] > NEWCOMER
    lost = ratings.record("g2", "wwf", won(BOT, "Ann", ruleset="standard"), {BOT: Level.EASY})
    assert lost[BOT] == (BOT_RATINGS[Level.EASY],)
    assert lost["Ann"][-1] < lost["Ann"][0]
    (kept,) = [r.name for _, _, r in ratings.read().rows()]
    assert kept == "Ann"
    # Losing to the easy bot costs more than losing to the expert.
    to_expert = store(tmp_path / "x").record("g", "wwf", won(BOT, "Ann"), {BOT: Level.EXPERT})
    to_easy = store(tmp_path / "y").record("g", "wwf", won(BOT, "Ann"), {BOT: Level.EASY})
    assert to_easy["Ann"][-1] < to_expert["Ann"][-1] < NEWCOMER


def test_each_game_and_ruleset_has_its_own_ratings(tmp_path: Path) -> None:
    ratings = store(tmp_path)
    ratings.record("g1", "scrabble", won("Ann", "Bob"), {})
    kept = ratings.read()
    assert kept.rating("scrabble", "double challenge", "Ann").shown > NEWCOMER
    assert kept.rating("scrabble", "void challenge", "Ann").shown == NEWCOMER
    assert kept.rating("wwf", "double challenge", "Ann").shown == NEWCOMER
    assert {game for game, _, _ in kept.rows()} == {"scrabble"}
    assert list(kept.rows("wwf")) == []


def test_names_the_table_takes_for_one_another_share_a_rating(tmp_path: Path) -> None:
    ratings = store(tmp_path)
    ratings.record("g1", "scrabble", won("Ann", "Bob"), {})
    assert ratings.read().rating("scrabble", "double challenge", "ANN").shown > NEWCOMER


def test_a_game_is_counted_once_by_its_id(tmp_path: Path) -> None:
    ratings = store(tmp_path)
    first = ratings.record("g1", "scrabble", won("Ann", "Bob"), {})
    written = ratings.path.read_bytes()
    assert ratings.record("g1", "scrabble", won("Ann", "Bob"), {}) == first
    assert ratings.path.read_bytes() == written
    assert ratings.read().rating("scrabble", "double challenge", "Ann").games == 1


def test_a_game_of_one_rates_nobody(tmp_path: Path) -> None:
    assert store(tmp_path).record("g", "scrabble", won("Ann"), {}) == {}


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[]",
        '{"format": 99}',
        '{"format": 1, "games": {"scrabble": {"x": {"ann": {"name": "Ann", "mu": NaN, '
        '"sigma": 1, "games": 1}}}}}',
        '{"format": 1, "games": {"scrabble": {"x": {"ann": {"name": "Ann", "mu": 1500, '
        '"sigma": -1, "games": 1}}}}}',
        '{"format": 1, "games": {"scrabble": {"x": {"ann": {"name": 3}}}}}',
        '{"format": 1, "counted": []}',
    ],
)
def test_a_damaged_file_is_refused_with_a_clear_message_and_never_written_over(
    tmp_path: Path, text: str
) -> None:
    ratings = store(tmp_path)
    ratings.path.write_text(text)
    with pytest.raises(RatingsDamaged, match=r"cannot be read .* left as it is"):
        ratings.read()
    with pytest.raises(RatingsDamaged):
        ratings.record("g1", "scrabble", won("Ann", "Bob"), {})
    assert ratings.path.read_text() == text


def test_a_file_that_is_not_text_is_refused(tmp_path: Path) -> None:
    ratings = store(tmp_path)
    ratings.path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RatingsDamaged):
        ratings.read()


def test_a_hostile_name_is_kept_as_text_and_read_back(tmp_path: Path) -> None:
    ratings = store(tmp_path)
    ratings.record("g1", "scrabble", won("\x1b[2JAnn", "Bob"), {})
    assert "\x1b" not in ratings.path.read_text()  # JSON escapes it
    assert json.loads(ratings.path.read_text())["format"] == 1
    names = {r.name for _, _, r in ratings.read().rows()}
    assert names == {"\x1b[2JAnn", "Bob"}


def test_a_hosts_note_is_read_as_hostile() -> None:
    assert read_shown({"ratings": {"Ann": [1500, 1612], "Bob": [1400]}}) == {
        "Ann": (1500, 1612),
        "Bob": (1400,),
    }
    assert read_shown({"ratings": {"Ann": [1, 2, 3], "Bob": ["x"], "Cat": [True]}}) == {}
    assert read_shown({"ratings": {"Ann": [10**9]}}) == {}
    assert read_shown({"ratings": {f"p{i}": [1] for i in range(65)}}) == {}
    assert read_shown({"ratings": [1]}) == {}
    assert read_shown(None) == {} == read_shown({"alarm": ["x"], "left": 3})


def test_a_rating_reads_as_people_expect() -> None:
    assert rating_text((1500,)) == "1500"
    assert rating_text((1500, 1612)) == "1500 → 1612 (+112)"
    assert rating_text((1500, 1400)) == "1500 → 1400 (-100)"
    assert rating_text(None) == ""


def test_a_game_is_rated_only_while_no_other_host_holds_the_file(tmp_path: Path) -> None:
    """Two hosts on one machine ending games at once each read the file, rate and write
    it whole: the second waits for the first, so neither game is written over."""
    first, second = store(tmp_path), store(tmp_path)
    with first.locked():
        rating = threading.Thread(
            target=second.record, args=("g2", "scrabble", won("Cy", "Di"), {})
        )
        rating.start()
        rating.join(0.3)
        assert rating.is_alive()  # waiting for the file
        assert not first.path.exists()
    rating.join(10)
    assert not rating.is_alive()
    assert "g2" in first.read().counted
