"""`wordsy-tui ratings [--game GAME] [--json]`: the ratings this user's hosts keep."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_score import run
from wordsy_tui.engine.levels import Level
from wordsy_tui.kit import Outcome
from wordsy_tui.table.ratings import RatingsFile


@pytest.fixture
def ratings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RatingsFile:
    """The ratings file beside this test's saved games."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    found = RatingsFile.default()
    assert found.path == tmp_path / "wordsy-tui" / "games" / "ratings.json"
    return found


def two_games(ratings: RatingsFile) -> None:
    bot = "Bot 1 (hard)"
    ratings.record("g1", "scrabble", Outcome((("Ann",), ("\x1b[2JBob",)), "double challenge"), {})
    ratings.record("g2", "wwf", Outcome(((bot,), ("Ann",)), "standard"), {bot: Level.HARD})


def test_no_ratings_yet_says_how_they_come(capsys, ratings: RatingsFile) -> None:
    code, out, err = run(capsys, "ratings")
    assert (code, err) == (0, "")
    assert out.startswith("No ratings yet: a host rates each game its table finishes")
    assert str(ratings.path) in out
    code, out, _ = run(capsys, "ratings", "--game", "wordsy")
    assert out.startswith("No ratings yet for Wordsy:")
    assert run(capsys, "ratings", "--json")[1] == "[]\n"


def test_the_ratings_are_listed_per_game_and_ruleset(capsys, ratings: RatingsFile) -> None:
    two_games(ratings)
    code, out, err = run(capsys, "ratings")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    scrabble = lines.index("Scrabble, double challenge:")
    wwf = lines.index("Words with Friends, standard:")
    assert "Ann" in lines[scrabble + 1]
    assert "1 game " in lines[scrabble + 1]
    assert lines[scrabble + 2].endswith("\\x1b[2JBob")  # a name's escape is shown, not run
    assert "Ann" in lines[wwf + 1]
    assert "Bot" not in out.split("Computer players")[0]  # only people are rated
    assert "hard 1700" in out
    code, out, _ = run(capsys, "ratings", "--game", "wwf")
    assert "Scrabble" not in out
    assert "Words with Friends, standard:" in out


def test_the_ratings_as_json(capsys, ratings: RatingsFile) -> None:
    two_games(ratings)
    code, out, _ = run(capsys, "ratings", "--json", "--game", "scrabble")
    assert code == 0
    assert "\x1b" not in out
    found = json.loads(out)
    assert [(r["game"], r["ruleset"], r["name"], r["games"]) for r in found] == [
        ("scrabble", "double challenge", "Ann", 1),
        ("scrabble", "double challenge", "\x1b[2JBob", 1),
    ]
    assert found[0]["rating"] > 1500 > found[1]["rating"]


def test_a_damaged_file_is_one_clear_line_and_status_2(capsys, ratings: RatingsFile) -> None:
    ratings.path.parent.mkdir(parents=True)
    ratings.path.write_text('{"format": 1, "games": []}')
    code, out, err = run(capsys, "ratings")
    assert (code, out) == (2, "")
    assert err.startswith(f"wordsy-tui ratings: error: The ratings file {ratings.path}")
    assert ratings.path.read_text() == '{"format": 1, "games": []}'


def test_a_game_this_version_does_not_know_is_listed_by_its_name(
    capsys, ratings: RatingsFile
) -> None:
    ratings.record("g1", "chess\x1b[2J", Outcome((("Ann",), ("Bob",)), "blitz"), {})
    code, out, _ = run(capsys, "ratings")
    assert code == 0
    assert "chess\\x1b[2J, blitz:" in out.splitlines()
