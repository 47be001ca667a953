"""A rematch at a tile host: after the game, the same table in a new game's lobby (a new
log, the last kept), its computer players kept; a guest may leave; the headless host's
'rematch'."""

from __future__ import annotations

from pathlib import Path

from tests.net.helpers import wait_until
from tests.session.test_tile_lan import join, play_to_the_end, tile_host
from tests.session.test_tile_resume import ann_hosts_bob
from wordsy_tui.cli.serve import desk_for
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.table.seat import NextGame


async def next_game_told(session: TileSeat) -> str:
    """The rematch's word that reached `session` (the updates before it skipped)."""
    while not isinstance(update := await session.changed(), NextGame):
        pass
    return update.message


async def test_a_rematch_seats_the_same_table_in_a_new_lobby_and_a_guest_may_leave(
    tmp_path: Path,
) -> None:
    server, ann, bob = await ann_hosts_bob(tmp_path)
    desk = desk_for(server)
    try:
        (bot,) = server.bots
        seated = server.state.players
        assert await ann.start_game() is None
        assert await desk.obey("rematch") == (
            "The game is not over yet: a rematch starts from its end."
        )
        await play_to_the_end(server, [ann, bob])
        last_log, last = server.log_path, server.log_path.read_bytes()

        assert await ann.rematch() is None
        assert await next_game_told(bob) == "ann wants a rematch"
        assert server.log_path != last_log
        assert last_log.read_bytes() == last  # the finished game stays as it was
        assert server.log_path.stat().st_mode & 0o777 == 0o600  # its racks will be in it
        assert server.state.phase is Phase.LOBBY
        assert server.state.players[0] == "ann"  # the hosting player, who starts it
        assert set(server.state.players) == set(seated)  # the same seats
        assert server.state.bots == {bot}
        await wait_until(lambda: bob.state.players == server.state.players)
        assert bob.state.turns == ()
        assert bob.state.captain == "ann"
        await wait_until(lambda: server.host.presence.get(bot) is True)

        await bob.leave_table()  # "leave" on the rematch's question
        await wait_until(lambda: "bob" not in server.host.presence)
        assert set(server.state.players) == {"ann", bot}
        assert await ann.start_game() is None  # the table without Bob
        await wait_until(lambda: ann.state.phase is Phase.PLAYING)
        assert set(server.state.players) == {"ann", bot}
    finally:
        await bob.stop()
        await ann.stop()


async def test_the_headless_hosts_rematch_keeps_the_players_who_stay(tmp_path: Path) -> None:
    server = tile_host(tmp_path, GameName.SCRABBLE)
    await server.start()
    ann, bob = join(server, "ann"), join(server, "bob")
    desk = desk_for(server)
    try:
        await ann.start()
        await wait_until(lambda: "ann" in server.state.players)
        await bob.start()
        await wait_until(lambda: len(server.state.players) == 2)
        assert await desk.obey("start") == "Started."
        await play_to_the_end(server, [ann, bob])
        order = server.state.players  # the order of play
        assert not desk.rematched.is_set()
        told = await desk.obey("rematch")
        assert told.startswith("Rematch: the same table is back in the lobby")
        assert str(server.log_path) in told
        assert desk.rematched.is_set()
        assert await next_game_told(ann) == "The host wants a rematch"
        await wait_until(lambda: bob.state.players == order)
        first = ann if order[0] == "ann" else bob
        assert await first.start_game() is None  # the first person seated starts
        await wait_until(lambda: bob.state.phase is Phase.PLAYING)
        assert "rematch" in await desk.obey("help")
    finally:
        await bob.stop()
        await ann.stop()
        await server.stop()
