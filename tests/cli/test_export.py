"""`wordsy-tui export GAME --gcg`: a saved tile game's record, and one clear line when not."""

from __future__ import annotations

from pathlib import Path

import pytest

from net.log import encode_record
from tests.cli.test_score import run
from tests.games.tiles.rules.test_gcg import SCRIPTED, play_back, read_gcg, renamed, scripted_game
from tests.games.wordsy.rules.table import Table as WordsyTable
from tests.net.helpers import wait_until
from tests.session.test_tile_lan import tile_host
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.codec import encode
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase

GAME = "g1"


def saved(path: Path, events: list[ev.Event], encoder=encode) -> Path:
    """`events` written as a host logs them."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(
        b"".join(
            encode_record({"k": "event", "seq": n, "body": encoder(e)})
            for n, e in enumerate(events, 1)
        )
    )
    return path


@pytest.fixture
def games(tmp_path, monkeypatch) -> Path:
    """The folder a host saves its games in, for this test."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "wordsy-tui" / "games"


def refusal(capsys, *argv: str) -> str:
    """The one line an export that must fail writes (and nothing on standard output)."""
    code, out, err = run(capsys, "export", *argv)
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("wordsy-tui export: error: ")
    return lines[0]


def test_a_saved_game_by_its_id_prints_its_record(capsys, games):
    saved(games / f"{GAME}.log", scripted_game().log)
    code, out, err = run(capsys, "export", GAME, "--gcg")
    assert (code, err) == (0, "")
    assert out == SCRIPTED


def test_a_log_by_its_path_to_a_file(capsys, tmp_path):
    log = saved(tmp_path / "kept" / f"{GAME}.log", scripted_game().log)
    target = tmp_path / "game.gcg"
    code, out, _ = run(capsys, "export", str(log), "--gcg", "-o", str(target))
    assert code == 0
    assert str(target) in out
    assert target.read_text(encoding="utf-8") == SCRIPTED


def test_the_help_lists_the_command(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "export" in out


def test_the_format_is_named(capsys, tmp_path):
    log = saved(tmp_path / f"{GAME}.log", scripted_game().log)
    code, _, err = run(capsys, "export", str(log))
    assert code == 2
    assert "--gcg" in err


def test_an_unknown_game(capsys, games):
    line = refusal(capsys, "20990101-000000-abcdef", "--gcg")
    assert "no saved game 20990101-000000-abcdef" in line
    assert str(games) in line


def test_a_missing_file(capsys, tmp_path):
    line = refusal(capsys, str(tmp_path / "nowhere.log"), "--gcg")
    assert "no such file" in line


def test_a_running_game_shows_no_rack(capsys, tmp_path):
    log = scripted_game().log
    ended = next(i for i, e in enumerate(log) if isinstance(e, ev.GameEnded))
    line = refusal(capsys, str(saved(tmp_path / f"{GAME}.log", log[:ended])), "--gcg")
    assert "g1 is not finished" in line
    assert "secret" in line


def test_a_damaged_log(capsys, tmp_path):
    path = saved(tmp_path / f"{GAME}.log", scripted_game().log)
    data = bytearray(path.read_bytes())
    data[40] ^= 0xFF  # inside the first records: the ones after it still check out
    path.write_bytes(bytes(data))
    line = refusal(capsys, str(path), "--gcg")
    assert "is damaged at record" in line
    assert path.read_bytes() == bytes(data)  # only read


def test_a_file_that_is_no_log(capsys, tmp_path):
    path = tmp_path / "notes.log"
    path.write_bytes(b"not a log at all")
    assert "holds no game" in refusal(capsys, str(path), "--gcg")


def test_a_log_of_something_else(capsys, tmp_path):
    path = tmp_path / "other.log"
    path.write_bytes(encode_record({"k": "event", "seq": 1, "body": {"kind": "Nonsense"}}))
    assert "not a game log this version can read" in refusal(capsys, str(path), "--gcg")


def test_a_wordsy_game_is_not_for_gcg(capsys, tmp_path):
    from wordsy_tui.engine.codec import encode as wordsy_encode

    table = WordsyTable(("Ann", "Bob"))
    table.start()
    path = saved(tmp_path / "wordsy.log", table.log, wordsy_encode)
    line = refusal(capsys, str(path), "--gcg")
    assert "is a Wordsy game" in line
    assert "Scrabble" in line


def test_hostile_names_reach_the_terminal_escaped(capsys, tmp_path):
    log = renamed(scripted_game().log, {"ann": "\x1b]0;pwned\x07ann"})
    path = saved(tmp_path / f"{GAME}.log", log)
    code, out, _ = run(capsys, "export", str(path), "--gcg")
    assert code == 0
    assert "\x1b" not in out
    assert "\x07" not in out
    assert "#player1 \\x1b]0;pwned\\x07ann \\x1b]0;pwned\\x07ann" in out.splitlines()


def test_a_hostile_game_name_in_a_refusal_is_escaped(capsys, games):
    line = refusal(capsys, "\x1b[2Jgame", "--gcg")
    assert "\x1b" not in line
    assert "\\x1b[2Jgame" in line


async def test_a_game_the_host_played_to_its_end_exports_from_its_log(capsys, tmp_path):
    """A real host's log on disk: two of its computer players play a whole game."""
    server = tile_host(tmp_path, GameName.SCRABBLE)
    await server.start()
    try:
        for _ in range(2):
            await server.add_bot(Level.EASY)
        await wait_until(lambda: len(server.state.players) == 2)
        assert await server.start_game() is None
        await wait_until(lambda: server.state.phase is Phase.OVER, timeout=120)
    finally:
        await server.stop()
    code, out, _ = run(capsys, "export", str(server.log_path), "--gcg")
    assert code == 0
    board, totals = play_back(out, GameName.SCRABBLE, server.state.premiums)
    assert board == server.state.board
    assert totals == dict(server.state.scores)
    players = read_gcg(out).players
    assert list(players.values()) == list(server.state.players)
    assert set(players) == {"Bot_1_(easy)", "Bot_2_(easy)"}
