"""`wordsy-tui host --game scrabble --headless` as a person runs it, and `join --connect`
opening the tile game's board screen."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from net import SeatKeys
from tests.cli.test_host import JOIN_LINE, _hear_ctrl_c, free_port, interrupt
from tests.net.helpers import wait_until
from wordsy_tui.games.tiles.rules.rulesets import ChallengeRule, GameName
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.words.digest import dictionary_hash


async def headless_host(
    data_home: Path, *args: str, program: str = "wordsy_tui"
) -> asyncio.subprocess.Process:
    """`wordsy-tui host --headless --no-advertise ARGS` (`program`'s), its keyboard a pipe
    of ours."""
    return await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", program, "host", "--headless", "--no-advertise", *args),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "XDG_DATA_HOME": str(data_home)},
        preexec_fn=_hear_ctrl_c,  # the tests' Ctrl-C must reach it
    )


async def start_tile_host(
    data_home: Path, *args: str
) -> tuple[asyncio.subprocess.Process, int, list[bytes]]:
    process = await headless_host(data_home, "--bind", "127.0.0.1", "--port", "0", *args)
    assert process.stdout is not None
    lines: list[bytes] = []
    async with asyncio.timeout(60):  # a guard against a hang, not a timing assertion
        while True:
            line = await process.stdout.readline()
            assert line, b"".join(lines).decode()
            lines.append(line)
            match = JOIN_LINE.search(line)
            if match:
                return process, int(match[1]), lines
    raise AssertionError("unreachable")


async def test_a_headless_scrabble_host_seats_a_player_and_its_bot_starts_on_command(
    tmp_path: Path,
) -> None:
    process, port, _ = await start_tile_host(
        tmp_path, "--game", "scrabble", "--bots", "1", "--bot-level", "easy"
    )
    ann = TileSeat.join("127.0.0.1", port, "Ann", GameName.SCRABBLE, dictionary_hash())
    try:
        await ann.start()
        await wait_until(lambda: len(ann.state.players) == 2, timeout=60)
        assert ann.state.captain == "Ann"
        assert ann.state.phase is Phase.LOBBY
        assert process.stdin is not None
        process.stdin.write(b"start\n")
        await process.stdin.drain()
        await wait_until(lambda: ann.state.phase is Phase.PLAYING, timeout=60)
        await wait_until(lambda: len(ann.state.rack("Ann")) == 7)
        bot = next(p for p in ann.state.players if p != "Ann")
        assert ann.state.config.game is GameName.SCRABBLE
        assert set(ann.state.rack(bot)) == {HIDDEN}  # the bot's rack stays on the host
    finally:
        await ann.stop()
    code, output = await interrupt(process)
    assert code == 130
    assert b"Ann sat down" in output
    assert b"The game starts" in output
    assert b"Host stopped. The game's log is kept at" in output
    logs = list((tmp_path / "wordsy-tui" / "games").glob("*.log"))
    assert len(logs) == 1
    assert logs[0].stat().st_size > 0


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (("--game", "wwf", "--resume"), b"no saved Words with Friends game 'latest'"),
        (("--game", "wordfeud", "--bots", "4"), b"--bots"),
        (("--game", "scrabble", "--turn-limit", "5"), b"--turn-limit must be from 10 to 86400"),
        (("--game", "wwf", "--turn-limit", "2m"), b"--turn-limit must be a whole number"),
        (("--turn-limit", "60"), b"--turn-limit is for Scrabble, Words with Friends, Wordfeud"),
        (("--game", "wwf", "--table-vote"), b"Words with Friends refuses a word not in"),
        (("--game", "wordfeud", "--table-vote"), b"Wordfeud refuses a word not in"),
        (("--table-vote",), b"--table-vote is for Scrabble, Words with Friends, Wordfeud"),
        (("--game", "wwf", "--challenge", "single"), b"--challenge is for --game scrabble"),
        (("--game", "wordfeud", "--tournament-out"), b"--tournament-out is for --game scrabble"),
        (
            ("--game", "wwf", "--tournament-exchange"),
            b"--tournament-exchange is for --game scrabble: Words with Friends refuses",
        ),
        (("--game", "scrabble", "--challenge", "3"), b"argument --challenge: invalid choice"),
        (
            ("--game", "scrabble", "--challenge", "void", "--table-vote"),
            b"--table-vote and --challenge void do not go together",
        ),
        (("--challenge", "5"), b"--challenge is for Scrabble, Words with Friends, Wordfeud"),
    ],
)
async def test_what_a_tile_host_cannot_do_yet_is_said(
    tmp_path: Path, args: tuple[str, ...], problem: bytes
) -> None:
    process = await headless_host(tmp_path, *args)
    async with asyncio.timeout(60):
        output, _ = await process.communicate()
    assert process.returncode == 2
    assert problem in output


def test_the_turn_limit_reaches_the_game_and_has_a_default() -> None:
    from wordsy_tui.cli import build_parser
    from wordsy_tui.cli.host import game_config
    from wordsy_tui.games.tiles.rules.config import DEFAULT_TURN_SECONDS

    parser = build_parser()
    limited = game_config(parser.parse_args(["host", "--game", "wwf", "--turn-limit", "45"]))
    assert limited.game is GameName.WWF
    assert limited.turn_seconds == 45
    assert limited.challenge_seconds == 45
    default = game_config(parser.parse_args(["host", "--game", "scrabble"]))
    assert default.turn_seconds == DEFAULT_TURN_SECONDS


def test_the_table_vote_reaches_scrabbles_config_and_is_off_by_default() -> None:
    from wordsy_tui.cli import build_parser
    from wordsy_tui.cli.host import game_config

    parser = build_parser()
    assert game_config(
        parser.parse_args(["host", "--game", "scrabble", "--table-vote"])
    ).table_vote
    assert not game_config(parser.parse_args(["host", "--game", "scrabble"])).table_vote


def test_the_hosts_log_tells_the_table_vote() -> None:
    from wordsy_tui.games.tiles.narrate import tile_line
    from wordsy_tui.games.tiles.rules import events as ev
    from wordsy_tui.games.tiles.rules.state import TileGameState

    state = TileGameState()
    assert tile_line(state, ev.VoteOpened("Bob", ("Cat", "Dan"), ("HORX",))) == (
        "Bob challenged: Cat, Dan vote (the word list lacks HORX)"
    )
    assert tile_line(state, ev.VoteCast("Cat", uphold=False)) == "Cat voted: the play stands"
    decided = ev.ChallengeDecided("Bob", False, ("HORX",), (("Cat", False), ("Dan", False)))
    assert tile_line(state, decided) == (
        "The table voted: 2 that the play stands, 0 that it goes; "
        "the play stands, Bob loses the next turn"
    )


def test_the_hosts_log_says_what_ended_a_turn_it_passed() -> None:
    from wordsy_tui.games.tiles.narrate import tile_line
    from wordsy_tui.games.tiles.rules import events as ev
    from wordsy_tui.games.tiles.rules.state import TileGameState

    state = TileGameState()
    assert tile_line(state, ev.Passed("Bob")) == "Bob passed"
    assert tile_line(state, ev.Passed("Bob", timed_out=True)) == (
        "The turn limit ended Bob's turn: the host passed"
    )
    assert tile_line(state, ev.Passed("Bob", timed_out=True, early=True)) == (
        "The table moved on without Bob: the host passed"
    )
    assert tile_line(state, ev.PlayAccepted(timed_out=True)) == (
        "Time for challenges ran out: the play stands"
    )
    assert tile_line(state, ev.PlayAccepted()) is None


async def test_join_connect_opens_the_tile_games_board_in_its_lobby(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.widgets import Static

    from wordsy_tui.cli import build_parser
    from wordsy_tui.engine.levels import Level
    from wordsy_tui.games.tiles.app import app as tile_app
    from wordsy_tui.games.tiles.host import tile_game_host
    from wordsy_tui.games.tiles.rules.config import TileGameConfig

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    server = tile_game_host(
        TileGameConfig(GameName.WWF),
        dictionary=dictionary_hash(),
        bind="127.0.0.1",
        port=0,
        log_path=tmp_path / "wwf.log",
        bot_pace=0,
    )
    await server.start()
    opened: list[tile_app.TileApp] = []

    def run_to_end(self: tile_app.TileApp) -> int:
        opened.append(self)
        return 0

    monkeypatch.setattr(tile_app.TileApp, "run_to_end", run_to_end)
    parser = build_parser()
    args = parser.parse_args(["join", "--connect", f"127.0.0.1:{server.port}", "--name", "Ann"])
    try:
        assert await asyncio.to_thread(args.run, args, args.parser) == 0
        (app,) = opened
        assert app.session.state.phase is Phase.NEW  # not connected before the app runs
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(lambda: "Ann" in server.state.players)
            await server.add_bot(Level.EASY)
            await wait_until(lambda: len(app.session.state.players) == 2)
            await pilot.pause()
            title = str(app.screen.query_one("#title-bar", Static).render())
            assert "Words with Friends" in title
            assert "F6 starts the game" in title
            await pilot.press("f6")
            await wait_until(lambda: app.session.state.phase is Phase.PLAYING)
            await wait_until(lambda: len(app.session.state.rack("Ann")) == 7)
            await pilot.press("ctrl+q")
            await pilot.press("y")
    finally:
        await server.stop()


async def let_the_bot_move(ann: TileSeat) -> None:
    """Ann passes whenever it is her turn, until the computer player has played a word."""
    while not any(turn.kind == "play" for turn in ann.state.turns):
        if ann.state.turn == "Ann":
            assert await ann.pass_turn() is None
        await wait_until(lambda: ann.state.turn != "Ann" or bool(ann.state.board.strip(".")))
        await asyncio.sleep(0.05)


async def test_a_killed_tile_host_resumes_and_its_players_take_their_seats_back(
    tmp_path: Path,
) -> None:
    port = str(free_port())
    keys = SeatKeys(tmp_path / "ann-keys.json")
    process, _, _ = await start_tile_host(
        tmp_path, "--game", "wwf", "--bots", "1", "--bot-level", "easy", "--port", port
    )
    games = tmp_path / "wordsy-tui" / "games"

    def ann_joins() -> TileSeat:
        return TileSeat.join(
            "127.0.0.1", int(port), "Ann", GameName.WWF, dictionary_hash(), keys=keys
        )

    ann = ann_joins()
    try:
        await ann.start()
        await wait_until(lambda: len(ann.state.players) == 2, timeout=60)
        bot = next(p for p in ann.state.players if p != "Ann")
        assert await ann.start_game() is None
        await wait_until(lambda: ann.state.phase is Phase.PLAYING, timeout=60)
        async with asyncio.timeout(120):
            await let_the_bot_move(ann)
        before = ann.state
        process.kill()  # kill -9, mid-game
        await process.wait()
    finally:
        await ann.stop()
    (log,) = games.glob("*.log")
    assert log.stat().st_mode & 0o777 == 0o600  # the bag and every rack are in it
    (book,) = games.glob("*.seats.json")
    assert book.stat().st_mode & 0o777 == 0o600

    process, _, lines = await start_tile_host(
        tmp_path, "--game", "wwf", "--resume", "--port", port
    )
    ann = ann_joins()  # the same join again: its kept token takes the seat back
    try:
        await ann.start()
        await wait_until(lambda: ann.state.phase is Phase.PLAYING, timeout=60)
        assert ann.state.board == before.board
        assert ann.state.rack("Ann") == before.rack("Ann")
        assert ann.state.scores == before.scores
        assert ann.state.turn == before.turn
        assert ann.state.bag_count == before.bag_count
        played = len(before.turns)
        # The game goes on: the computer player is back in its seat and plays its turns.
        if ann.state.turn == "Ann":
            assert await ann.pass_turn() is None
        await wait_until(lambda: any(t.player == bot for t in ann.state.turns[played:]), 120)
    finally:
        await ann.stop()
    code, output = await interrupt(process)
    assert code == 130
    output = b"".join(lines) + output
    assert b"resumed from" in output
    assert f"{bot} (computer) sat down".encode() in output  # told again, from the log
    assert b"wordsy-tui host --game wwf --resume" in output
    assert list(games.glob("*.log")) == [log]
    assert log.stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize(
    ("flags", "rule", "out", "exchange"),
    [
        ((), ChallengeRule.DOUBLE, False, False),
        (("--challenge", "single"), ChallengeRule.SINGLE, False, False),
        (("--challenge", "void"), ChallengeRule.VOID, False, False),
        (("--challenge", "5", "--tournament-out"), ChallengeRule.FIVE, True, False),
        (("--challenge", "10", "--tournament-exchange"), ChallengeRule.TEN, False, True),
    ],
)
def test_scrabbles_club_options_reach_its_config_the_rulebooks_way_by_default(
    flags: tuple[str, ...], rule: ChallengeRule, out: bool, exchange: bool
) -> None:
    from wordsy_tui.cli import build_parser
    from wordsy_tui.cli.host import game_config

    args = build_parser().parse_args(["host", "--game", "scrabble", *flags])
    config = game_config(args)
    assert (config.challenge, config.tournament_out, config.tournament_exchange) == (
        rule,
        out,
        exchange,
    )


def test_host_help_says_each_challenge_rule() -> None:
    import subprocess

    shown = subprocess.run(
        [sys.executable, "-m", "wordsy_tui", "host", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": "200"},
    ).stdout
    for words in (
        "--challenge RULE",
        "double: the challenger's next turn (the rulebook's, the default); single: nothing; "
        "5 or 10: the challenged player scores 5 or 10 points; void: no challenges",
        "--tournament-out",
        "--tournament-exchange",
    ):
        assert words in " ".join(shown.split())
