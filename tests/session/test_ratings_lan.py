"""A host's ratings at its table: every seat sees them in the lobby and, once the game is
over, before and after; the host counts a game once, even resumed on its log; a damaged
file is told to the host and loses nothing."""

from __future__ import annotations

from pathlib import Path

from tests.net.helpers import wait_until
from tests.session.test_tile_lan import join, play_to_the_end, tile_host
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.table.ratings import BOT_RATINGS, NEWCOMER, RatingsFile


async def test_the_table_shows_ratings_in_the_lobby_and_rates_the_game_once(
    tmp_path: Path,
) -> None:
    server = tile_host(tmp_path, GameName.WWF)
    await server.start()
    ann, bob = join(server, "ann"), join(server, "bob")
    try:
        await ann.start()
        await wait_until(lambda: "ann" in server.state.players)
        await bob.start()
        bot = await server.add_bot(Level.EASY)
        # The lobby: a newcomer's rating, the bot's fixed one, on every seat.
        lobby = {"ann": (NEWCOMER,), "bob": (NEWCOMER,), bot: (BOT_RATINGS[Level.EASY],)}
        await wait_until(lambda: ann.ratings == lobby and bob.ratings == lobby)
        assert await ann.start_game() is None
        await play_to_the_end(server, [ann, bob])
        final = server.state
        await wait_until(lambda: all(len(c) == 2 for n, c in bob.ratings.items() if n != bot))
        shown = dict(bob.ratings)
        assert shown == ann.ratings
        assert shown[bot] == (BOT_RATINGS[Level.EASY],)
        winner = final.winners[0]
        if winner != bot:
            assert shown[winner][1] > shown[winner][0]
        kept = RatingsFile(tmp_path / "ratings.json").read()
        assert {r.name for _, _, r in kept.rows("wwf")} == {"ann", "bob"}
        assert all(r.games == 1 for _, _, r in kept.rows())
        await bob.stop()
        await ann.stop()
    finally:
        await server.stop()

    # The host resumed on the finished game's log replays it: the game is not counted again.
    written = (tmp_path / "ratings.json").read_bytes()
    again = tile_host(tmp_path, GameName.WWF)
    await again.start()
    try:
        assert again.state.phase == "over"
        assert again.shown_ratings == shown
        cat = join(again, "cat", spectate=True)
        await cat.start()
        await wait_until(lambda: cat.ratings == shown)  # a late watcher's welcome says them
        await cat.stop()
    finally:
        await again.stop()
    assert (tmp_path / "ratings.json").read_bytes() == written


async def test_a_damaged_ratings_file_is_told_to_the_host_and_left_as_it_is(
    tmp_path: Path,
) -> None:
    damaged = tmp_path / "ratings.json"
    damaged.write_text("{ half a file")
    server = tile_host(tmp_path, GameName.WWF)
    told: list[str] = []
    server.on_notice = told.append
    await server.start()
    ann = join(server, "ann")
    try:
        await ann.start()
        await wait_until(lambda: "ann" in server.state.players)
        await wait_until(lambda: any("ratings.json cannot be read" in line for line in told))
        await server.add_bot(Level.EASY)
        await wait_until(lambda: len(server.state.players) == 2)
        assert ann.ratings == {}
        assert len([line for line in told if "ratings" in line]) == 1  # once, not per seat
        await ann.stop()
    finally:
        await server.stop()
    assert damaged.read_text() == "{ half a file"
