"""The host's ratings on a tile game's screens: beside each name in the lobby's panel, and
before and after under the "Game over" table (every results screen's `RatingsBlock`),
which shows them once the host's note comes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual.app import App

from tests.app.tile_fixtures import until
from tests.games.tiles.rules.table import Table
from tests.session.test_tile_lan import tile_host
from wordsy_tui.app.widgets.ratings import RatingsBlock, ratings_text
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.app.app import TileApp
from wordsy_tui.games.tiles.app.dialogs import GameOverScreen
from wordsy_tui.games.tiles.app.panel import scores_text
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.games.tiles.seat import TileSeat

LOBBY_RATINGS = {"ann": (1612,), "bob": (1500,)}
RATED = {"ann": (1500, 1612), "bob": (1500, 1388)}


def over_state():  # type: ignore[no-untyped-def]
    state = Table().state
    return replace(state, phase=Phase.OVER, scores={"ann": 40, "bob": 12}, winners=("ann",))


def test_the_lobby_panel_shows_each_players_rating_in_place_of_the_score() -> None:
    lobby = Table(start=False).state
    assert lobby.phase is Phase.LOBBY
    lines = scores_text(lobby, "ann", ratings=LOBBY_RATINGS).plain.splitlines()
    assert lines[0].split() == ["*ann", "rated", "1612"]
    assert lines[1].split() == ["bob", "rated", "1500"]
    # Without ratings (a solo game, a host that rates nothing) the lobby is as it was.
    assert "rated" not in scores_text(lobby, "ann").plain
    # Once the game runs, the score is what the panel shows.
    playing = Table().state
    assert "rated" not in scores_text(playing, "ann", ratings=LOBBY_RATINGS).plain


def test_the_ratings_under_a_final_table_show_before_and_after() -> None:
    players, bots = ("ann", "bob", "Bot 1 (easy)"), {"Bot 1 (easy)"}
    ratings = {**RATED, "Bot 1 (easy)": (1100,)}
    lines = ratings_text(players, bots, ratings).plain.splitlines()
    assert lines == [
        "Rating",
        "ann             1500 → 1612 (+112)",
        "bob             1500 → 1388 (-112)",
        "Bot 1 (easy)    1100 (computer player: fixed)",
    ]
    assert ratings_text(players, bots, {}).plain == ""  # a host that rates nothing


async def test_the_game_over_screen_shows_the_ratings_when_they_come() -> None:
    screen = GameOverScreen(over_state(), "ann")

    class Over(App[None]):
        def on_mount(self) -> None:
            self.push_screen(screen)

    app = Over()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen is screen)
        block = screen.query_one(RatingsBlock)
        assert not block.display  # nothing until the host's note
        block.rated(RATED)  # (the app does, as each of the host's notes comes)
        assert block.display
        content = block.content
        assert isinstance(content, Text)
        assert "1500 → 1612 (+112)" in content.plain


async def test_the_hosting_player_is_told_once_of_a_ratings_file_the_host_cannot_read(
    tmp_path: Path,
) -> None:
    damaged = tmp_path / "ratings.json"
    damaged.write_text('{"format": 1, "games": {"\\u001b[2J": 5}}')
    server = tile_host(tmp_path, GameName.WWF)
    app = TileApp(TileSeat.host("Ann", server, bots=(Level.EASY,)))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(app.session.state.players) == 2)
        told = [n.message for n in app._notifications if "ratings.json" in n.message]
        assert len(told) == 1
        assert "cannot be read" in told[0]
        assert "\\x1b[2J" in told[0]  # the file's text, escaped
        assert "rated" not in str(app.board_screen.query_one("#scores").render())
    assert damaged.read_text() == '{"format": 1, "games": {"\\u001b[2J": 5}}'
