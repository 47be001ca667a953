"""The post-game review on screen (F9 after a solo game and in a finished game's replay),
and a solo tile game saved at its end where a host saves its games: listed, replayed and
exported as a hosted game is."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.app.test_fit import on_screen
from tests.app.tile_fixtures import ME, TILE_SEED, my_turn, play_best, solo_table, until
from tests.cli.test_export import saved
from tests.cli.test_score import run
from tests.games.tiles.rules.test_gcg import scripted_game
from tests.session.test_tile_replay import unfinished
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.app.app import ReplayBoardScreen, TileApp
from wordsy_tui.games.tiles.app.dialogs import GameOverScreen
from wordsy_tui.games.tiles.app.review import REVIEWING, ReviewScreen
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.gcg import NotFinished
from wordsy_tui.games.tiles.rules.review import Review
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.table.saved import replay_of, saved_game_list

BAG = 6
"""The tiles left in the bag after the deal: the game is over in a few turns."""


class ShortTileSeat(TileSeat):
    """The seeded solo game against an easy bot, with only `BAG` tiles to draw."""

    async def start(self) -> None:
        table = solo_table(self)
        for actor, command in table.opening:
            await table.apply(actor, command)
        host = table.host
        bag = (host.bag or ())[:BAG]
        table.host = replace(host, bag=bag, bag_count=len(bag))
        await table.settle()


def short_session(keep_in: Path | None) -> TileSeat:
    config = TileGameConfig(GameName.SCRABBLE)
    return ShortTileSeat.solo(
        ME,
        config,
        (Level.EASY,),
        seed=TILE_SEED,
        bot_pause=0,
        keep_in=None if keep_in is None else lambda: keep_in,
    )


async def play_to_the_end(session: TileSeat, pilot: Pilot[None] | None = None) -> None:
    """The player's best everyday plays until the game ends (on the app's `pilot`: each
    once the computer player has moved)."""
    for _ in range(60):
        if pilot is not None:
            await until(pilot, lambda: my_turn(session))
        if session.state.phase is Phase.OVER:
            return
        await play_best(session)
    raise AssertionError("the short game did not end")


def key_bar(pilot: Pilot[None]) -> str:
    return on_screen(pilot).splitlines()[-1]


@pytest.fixture
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder a host saves its games in, for this test."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "wordsy-tui" / "games"


async def test_a_solo_game_is_saved_at_its_end_and_f9_reviews_it(games: Path) -> None:
    session = short_session(games)
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: session.state.phase is Phase.PLAYING)
        assert not session.reviewable
        await play_to_the_end(session, pilot)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        (log,) = games.glob("*.log")
        assert session.saved_as == log.stem
        await until(pilot, lambda: "F9 Review" in key_bar(pilot))
        assert f"Saved: wordsy-tui replay {log.stem}" in on_screen(pilot)
        await pilot.press("f9")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await until(pilot, lambda: screen.review is not None, tries=6000)
        await pilot.pause()
        text = on_screen(pilot)
        assert "Review: your moves" in text
        assert "Best by equity" in text
        assert "Best by score" in text
        review = screen.review
        assert review is not None
        mine = review.of(ME)
        assert mine
        assert mine[0].played.text in text
        assert "Biggest swings" in text
        await pilot.press("tab")  # the bot's moves
        await pilot.pause()
        assert "Review: Bot 1 (easy)'s moves" in on_screen(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
    # The saved game is a hosted game's equal: listed, replayed, exported.
    (listed,) = saved_game_list(games)
    assert (listed.game, listed.finished, listed.players) == (
        "scrabble",
        True,
        session.state.players,
    )
    game, replay = replay_of(log)
    assert game == "scrabble"
    assert replay.door.finished
    assert replay.door.frames[-1].state.scores == session.state.scores


def test_a_saved_solo_game_exports_with_and_without_its_review(
    capsys: pytest.CaptureFixture[str], games: Path
) -> None:
    import asyncio

    session = short_session(games)

    async def play() -> None:
        await session.start()
        await play_to_the_end(session)
        await session.stop()

    asyncio.run(play())
    assert session.saved_as is not None
    code, record, err = run(capsys, "export", session.saved_as, "--gcg")
    assert (code, err) == (0, "")
    assert f">{ME}:" in record
    assert "#note review" not in record
    code, reviewed, err = run(capsys, "export", session.saved_as, "--gcg", "--review")
    assert (code, err) == (0, "")
    notes = [line for line in reviewed.splitlines() if line.startswith("#note review:")]
    moves = [  # not the end's lines: `(TILES)` after the nickname
        line
        for line in reviewed.splitlines()
        if line.startswith(">") and not any(t.startswith("(") for t in line.split()[1:])
    ]
    assert notes
    assert len(notes) == len(moves)
    assert [line for line in reviewed.splitlines() if not line.startswith("#note review")] == (
        record.splitlines()
    )


async def test_a_solo_game_left_before_its_end_is_not_kept(tmp_path: Path) -> None:
    session = short_session(tmp_path)
    await session.start()
    await play_best(session)
    await session.stop()
    assert session.state.phase is Phase.PLAYING
    assert not list(tmp_path.glob("*"))
    assert session.saved_as is None


async def test_f9_in_a_finished_games_replay_reviews_each_player(tmp_path: Path) -> None:
    _, session = replay_of(saved(tmp_path / "g.log", scripted_game().log))
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayBoardScreen))
        await pilot.pause()
        assert "F9 Review" in key_bar(pilot)
        await pilot.press("f9")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert REVIEWING in on_screen(pilot) or screen.review is not None
        await until(pilot, lambda: screen.review is not None, tries=6000)
        await pilot.pause()
        text = on_screen(pilot)
        assert "Review: ann's moves" in text  # nobody's seat: the first player's
        assert "8H HORN" in text
        assert "8H ANOtHER 76" in text
        assert re.search(r"9J MTAX +off ", text)  # withdrawn: no score
        await pilot.press("tab")
        await pilot.pause()
        assert "J6 FARM" in on_screen(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ReplayBoardScreen))


async def test_an_unfinished_games_replay_has_no_review(tmp_path: Path) -> None:
    _, session = replay_of(saved(tmp_path / "g.log", unfinished()))
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayBoardScreen))
        await pilot.pause()
        assert "Review" not in key_bar(pilot)
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, ReplayBoardScreen)
        assert session.record() is None


async def test_a_game_the_review_cannot_read_says_why(tmp_path: Path) -> None:
    """A log that folds into a replay but not into a review (a hand-made one) is a line on
    the review's screen, not a crash."""
    _, session = replay_of(saved(tmp_path / "g.log", scripted_game().log))
    app = TileApp(session)

    def cannot() -> Review:
        raise NotFinished("the log hides a rack: only the host's own log can be reviewed")

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayBoardScreen))
        app.push_screen(ReviewScreen(cannot, None))
        await until(pilot, lambda: "cannot be reviewed" in on_screen(pilot))
        assert "the log hides a rack" in on_screen(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ReplayBoardScreen))
