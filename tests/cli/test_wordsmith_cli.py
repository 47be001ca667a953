"""Wordsmith on the command line as a person uses it: `solo --game wordsmith`, its
calculator (`score --game wordsmith --sheet`), `check --extends`, a headless host killed
mid-round and resumed, and `join --bot` at its host."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from net import SeatKeys
from tests.cli.test_host import free_port, interrupt
from tests.cli.test_host_tiles import start_tile_host
from tests.cli.test_score import run
from tests.games.wordsmith.test_sheetfile import EXAMPLE
from tests.net.helpers import wait_until
from wordsy_tui.cli import build_parser
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordsmith.mind import shared_vocabulary
from wordsy_tui.games.wordsmith.rules.bots import choose_turn
from wordsy_tui.games.wordsmith.rules.legal import may_choose
from wordsy_tui.games.wordsmith.rules.scoring import LINES
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.words.digest import dictionary_hash


def test_solo_seats_the_computer_players_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    from wordsy_tui.games.wordsmith.app import app as smith_app

    started: list[WordsmithSeat] = []
    monkeypatch.setattr(
        smith_app.WordsmithApp, "run_to_end", lambda self: started.append(self.session) or 0
    )
    argv = ["--game", "wordsmith", "--opponents", "5", "--opponent-level", "easy"]
    args = build_parser().parse_args(["solo", *argv, "--name", "Ann"])
    assert args.run(args, args.parser) == 0
    (seat,) = started
    assert seat.me == "Ann"
    assert list(seat.door.company.names) == [f"Bot {n} (easy)" for n in range(1, 6)]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "wordsmith", "--opponents", "10"], "--opponents must be from 1 to 9"),
        (["--game", "wordsmith", "--bots", "2"], "--bots is for Scrabble"),
        (["--game", "wordsmith", "--difficulty", "hard"], "--difficulty is for Wordsy"),
        (["--game", "scrabble", "--opponents", "2"], "--opponents is for Wordsmith"),
    ],
)
def test_solo_says_which_options_are_whose(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "solo", *argv)
    assert code == 2
    assert message in err


def test_the_calculator_prints_every_scoring_line_and_its_json_one_field_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "sheet.txt"
    sheet.write_text(EXAMPLE)
    code, out, _ = run(capsys, "score", "--game", "wordsmith", "--sheet", str(sheet))
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(LINES) + 1
    code, out, _ = run(capsys, "score", "--game", "wordsmith", "--sheet", str(sheet), "--json")
    fields = json.loads(out)
    assert code == 0
    assert set(fields) == {*LINES, "total"}
    assert lines[-1].split() == ["Total", str(fields["total"])]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "wordsmith"], "--game wordsmith needs --sheet FILE"),
        (["--game", "wordsmith", "--sheet", "missing.txt"], "cannot read the sheet file"),
        (["--game", "wordsmith", "--sheet", "-", "CANDLES"], "not WORDs"),
        (["--sheet", "sheet.txt", "QUIBBLES"], "--sheet is for Wordsmith, not Wordsy"),
    ],
)
def test_the_calculator_refuses_what_it_cannot_score(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "score", *argv)
    assert code == 2
    assert message in err


def test_check_extends_allows_a_new_word_and_refuses_a_plural(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "check", "later", "--game", "wordsmith", "--extends", "late")
    assert (code, out.strip()) == (0, "LATER: allowed")
    code, out, _ = run(capsys, "check", "papers", "--game", "wordsmith", "--extends", "paper")
    assert code == 1
    assert "plural or a conjugation of PAPER" in out
    code, _, err = run(capsys, "check", "papers", "--extends", "paper")
    assert code == 2
    assert "--extends is for Wordsmith, not Wordsy" in err


async def seal_a_turn(seat: WordsmithSeat) -> None:
    """A person's turn, chosen from their own view and sealed."""
    me = seat.me
    assert me is not None
    await wait_until(lambda: may_choose(seat.state, me), timeout=60)
    rng = random.Random(seat.state.round)
    turn = choose_turn(seat.state, me, Level.EASY, shared_vocabulary(), seat.rules.words, rng)
    assert await seat.seal(turn) is None


async def test_a_killed_headless_host_resumes_and_the_sealed_turns_are_played(
    tmp_path: Path,
) -> None:
    """Ann seals her turn at a headless host with two computer players; the host is killed
    (kill -9) before the round closes. Resumed, its computer players and Ann come back to
    their seats and the round is played with the turn she sealed."""
    port = str(free_port())
    keys = SeatKeys(tmp_path / "ann-keys.json")
    first = ("--game", "wordsmith", "--bots", "2", "--bot-level", "easy", "--port", port)
    process, _, lines = await start_tile_host(tmp_path, *first)
    games = tmp_path / "wordsy-tui" / "games"

    def ann_joins() -> WordsmithSeat:
        return WordsmithSeat.join("127.0.0.1", int(port), "Ann", dictionary_hash(), keys=keys)

    ann = ann_joins()
    try:
        await ann.start()
        await wait_until(lambda: len(ann.state.players) == 3, timeout=60)
        assert ann.state.captain == "Ann"
        assert await ann.start_game() is None
        await seal_a_turn(ann)
        await seal_a_turn(ann)  # round 2: the bots are quick, but the kill comes first
        sealed = ann.sealed_turn
        assert sealed is not None
        process.kill()
        await process.wait()
    finally:
        await ann.stop()
    (log,) = games.glob("*.log")

    process, _, resumed = await start_tile_host(
        tmp_path, "--game", "wordsmith", "--resume", "--port", port
    )
    ann = ann_joins()  # the same join again: its keys take the seat and the turn back
    try:
        await ann.start()
        await wait_until(lambda: ann.state.round == 3, timeout=120)
        sheet = ann.state.sheet("Ann")
        assert all(sheet.letter(pick.square) == pick.letter for pick in sealed.picks)
        await seal_a_turn(ann)
        await wait_until(lambda: ann.state.round == 4, timeout=120)
    finally:
        await ann.stop()
    code, output = await interrupt(process)
    assert code == 130
    said = (b"".join(lines) + b"".join(resumed) + output).decode()
    assert "Round 1 of 12" in said
    assert "resumed from" in said
    assert "wordsy-tui host --game wordsmith --resume" in said
    assert list(games.glob("*.log")) == [log]


async def test_a_joined_computer_player_plays_its_rounds_at_a_wordsmith_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from wordsy_tui.games.wordsmith.host import wordsmith_host
    from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    server = wordsmith_host(
        WordsmithConfig(),
        dictionary=dictionary_hash(),
        bind="127.0.0.1",
        port=0,
        log_path=tmp_path / "wordsmith.log",
        bot_pace=0,
    )
    await server.start()
    port = server.port
    args = build_parser().parse_args(
        ["join", "--bot", "easy", "--connect", f"127.0.0.1:{port}", "--name", "Cy"]
    )
    # The command runs its own event loop, as it does from a shell.
    joining = asyncio.ensure_future(asyncio.to_thread(args.run, args, args.parser))
    try:
        await wait_until(lambda: "Cy" in server.state.players, timeout=60)
        await server.add_bot(Level.EASY)
        assert await server.start_game() is None
        await wait_until(lambda: server.state.round == 3, timeout=120)
        assert "Cy" not in server.state.bots  # the joiner's own seat
        played = [
            body["round"]
            for body in server.host.events
            if body["kind"] == "TurnPlayed" and body["player"] == "Cy"
        ]
        assert played == [1, 2]
    finally:
        await server.stop()
    assert await joining == 0
    said = capsys.readouterr().out
    assert f"Cy (easy) sat down at Wordsmith at 127.0.0.1:{port}" in said
    assert "The game ended:" in said  # the host stopped it


def test_replay_of_a_wordsmith_log_opens_its_sheet_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.app.smith_fixtures import played
    from tests.app.test_replay_and_menu import saved_log
    from wordsy_tui.games.wordsmith.app import app as smith_app
    from wordsy_tui.table.replay import Replaying

    opened: list[WordsmithSeat] = []
    monkeypatch.setattr(
        smith_app.WordsmithApp, "run_to_end", lambda self: opened.append(self.session) or 0
    )
    _state, log = played(12)
    path = tmp_path / "wordsmith.log"
    saved_log(path, log)
    code, _out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    (seat,) = opened
    assert isinstance(seat.door, Replaying)
    assert seat.door.finished
    assert seat.me is None
