"""`--lexicon FILE` on the command line: a bad file is one line and nothing starts; the
list reaches the host's rules and computer players, the log, and `--resume` finds the same
list or says why not. And `wordsy-tui import GAME.gcg` saves a game to replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_resume_tiles import games_of, write_log
from tests.cli.test_score import run
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.codec import encode
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.wordfile import read_word_file

CLUB = Path(__file__).parents[1] / "games" / "tiles" / "rules" / "club_game.gcg"


def word_list(tmp_path: Path, text: str = "ZA\nQI\nHORN\n", name: str = "club.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def one_error_line(err: str, command: str) -> str:
    lines = [line for line in err.splitlines() if not line.startswith(("usage:", " "))]
    assert len(lines) == 1, err
    assert lines[0].startswith(f"wordsy-tui {command}: error: ")
    return lines[0]


@pytest.mark.parametrize("command", ["host", "solo"])
def test_a_bad_list_is_one_line_and_nothing_starts(capsys, tmp_path, command):
    bad = word_list(tmp_path, "ZA\nAA a rough lava\n")
    extra = ["--headless"] if command == "host" else []
    code, out, err = run(capsys, command, "--game", "scrabble", *extra, "--lexicon", str(bad))
    assert code == 2
    assert out == ""
    assert "line 2: 'AA a rough lava' holds a space" in one_error_line(err, command)


def test_check_judges_a_word_by_the_list(capsys, tmp_path):
    listed = str(word_list(tmp_path, "AA\nOK\n"))
    assert run(capsys, "check", "--game", "scrabble", "AA")[0] == 1  # not in the shipped list
    assert run(capsys, "check", "--game", "scrabble", "AA", "--lexicon", listed)[:2] == (
        0,
        "AA: allowed\n",
    )
    code, out, _ = run(capsys, "check", "--game", "scrabble", "QI", "--lexicon", listed)
    assert code == 1
    assert "not in the word list club.txt" in out


def test_the_list_reaches_the_hosts_rules_its_bots_and_its_log(tmp_path):
    from wordsy_tui.cli import build_parser
    from wordsy_tui.cli.host import game_config
    from wordsy_tui.cli.hosting import HostOptions
    from wordsy_tui.cli.serve import make_server

    path = word_list(tmp_path)
    args = build_parser().parse_args(["host", "--game", "scrabble", "--lexicon", str(path)])
    config = game_config(args)
    listed = read_word_file(path)
    assert (config.lexicon_name, config.lexicon_hash) == ("club.txt", listed.digest)
    server = make_server(HostOptions(config, None, advertise=False, port=0))
    assert "horn" in server.part.rules.words
    assert "horns" not in server.part.rules.words
    dawg = server.part.dawg
    assert dawg is not None
    assert "za" in dawg(80)
    # The game's creation, as the log keeps it, names the list.
    created = server.part.create_game(None)
    assert created.config.lexicon_hash == listed.digest


def saved_with(tmp_path: Path, config: TileGameConfig) -> None:
    log = games_of(tmp_path) / "g1.log"
    log.unlink(missing_ok=True)
    write_log(log, encode(ev.GameCreated(config)), 10)


def resume_config(tmp_path: Path, *more: str) -> TileGameConfig:
    from wordsy_tui.cli import build_parser
    from wordsy_tui.cli.host import game_config

    argv = ["host", "--game", "scrabble", "--resume", "g1", *more]
    config: TileGameConfig = game_config(build_parser().parse_args(argv))
    return config


def test_resume_finds_the_same_list_or_says_why_not(tmp_path, monkeypatch):
    from wordsy_tui.kit import UsageError

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = word_list(tmp_path)
    listed = read_word_file(path)
    saved_with(tmp_path, TileGameConfig(lexicon_name=listed.name, lexicon_hash=listed.digest))
    with pytest.raises(UsageError, match="resume it with --lexicon FILE"):
        resume_config(tmp_path)
    assert resume_config(tmp_path, "--lexicon", str(path)).lexicon_hash == listed.digest
    path.write_text("ZA\nQI\nHORN\nHORNS\n", encoding="utf-8")  # the file changed since
    with pytest.raises(UsageError, match="not the word list this game was played with"):
        resume_config(tmp_path, "--lexicon", str(path))
    saved_with(tmp_path, TileGameConfig())
    with pytest.raises(UsageError, match="resume it without --lexicon"):
        resume_config(tmp_path, "--lexicon", str(path))


def test_resume_says_so_in_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    listed = read_word_file(word_list(tmp_path))
    saved_with(tmp_path, TileGameConfig(lexicon_name=listed.name, lexicon_hash=listed.digest))
    code, _, err = run(capsys, "host", "--game", "scrabble", "--headless", "--resume", "g1")
    assert code == 2
    assert "played with the word list club.txt" in one_error_line(err, "host")


def test_import_saves_a_game_to_replay_and_export(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, err = run(capsys, "import", str(CLUB))
    assert (code, err) == (0, "")
    game_id = out.split(" as game ")[1].split(".\n")[0]
    assert f"wordsy-tui replay {game_id}" in out
    assert (games_of(tmp_path) / f"{game_id}.log").is_file()
    code, record, _ = run(capsys, "export", game_id, "--gcg")
    assert code == 0
    assert ">cara: ADEGNOR 8D GROANED +72 72" in record.splitlines()
    assert "#lexicon NWL20" in record.splitlines()


def test_import_refuses_a_bad_record_in_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    bad = tmp_path / "bad.gcg"
    bad.write_text("#player1 a a\n#player2 b b\n>a: ABC 8H \x1b[2JX +3 3\n", encoding="utf-8")
    code, out, err = run(capsys, "import", str(bad))
    assert (code, out) == (2, "")
    assert one_error_line(err, "import") == (
        "wordsy-tui import: error: bad.gcg: line 3: a control character "
        "(>a: ABC 8H \\x1b[2JX +3 3)"
    )
    assert not games_of(tmp_path).exists()


def test_export_reviews_a_game_in_the_list_it_was_played_with(capsys, tmp_path, monkeypatch):
    """`export --review --lexicon FILE` finds the best plays in the game's own list, as
    `host` and `solo` take it; without it, or with another list, one line says why."""
    from dataclasses import replace

    from tests.cli.test_export import saved
    from tests.games.tiles.rules.test_gcg import scripted_game

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = word_list(tmp_path, "ZA\nQI\nHORN\nHORNS\nFARM\n")
    listed = read_word_file(path)
    log = scripted_game().log
    config = replace(log[0].config, lexicon_name=listed.name, lexicon_hash=listed.digest)
    saved(games_of(tmp_path) / "g1.log", [ev.GameCreated(config), *log[1:]])
    code, _, err = run(capsys, "export", "g1", "--gcg", "--review")
    assert code == 2
    assert "club.txt" in one_error_line(err, "export")
    assert "review it with --lexicon FILE" in err
    other = word_list(tmp_path, "ZA\nQI\n", name="other.txt")
    code, _, err = run(capsys, "export", "g1", "--gcg", "--review", "--lexicon", str(other))
    assert code == 2
    assert "not the word list this game was played with" in one_error_line(err, "export")
    code, record, err = run(capsys, "export", "g1", "--gcg", "--review", "--lexicon", str(path))
    assert (code, err) == (0, "")
    best = [
        line.split("best by equity ")[1].split(" (equity")[0]
        for line in record.splitlines()
        if line.startswith("#note review:")
    ]
    assert best
    # Every best play is a word of the list (the shipped list has thousands more).
    words = {play.split()[1].upper() for play in best if not play.startswith("exchange")}
    assert words
    assert words <= {"ZA", "QI", "HORN", "HORNS", "FARM"}
    code, _, err = run(capsys, "export", "g1", "--gcg", "--lexicon", str(path))
    assert code == 2
    assert "give --review too" in err
