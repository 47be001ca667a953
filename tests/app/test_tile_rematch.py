"""The tile game's end at the board screen, across the LAN: the hosting player's `r`
plays again with the same table; a guest is asked whether they stay, and may leave."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen

from tests.app.tile_fixtures import until
from tests.session.test_tile_lan import DICTIONARY, act, tile_host
from wordsy_tui.app.screens.confirm import RematchScreen
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.app.app import TileApp
from wordsy_tui.games.tiles.app.dialogs import GameOverScreen
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.games.tiles.seat import TileSeat


def scores_text(app: TileApp) -> str:
    return str(app.board_screen.query_one("#scores").render())


def keys_shown(screen: Screen[object]) -> list[str]:
    return [b.binding.description for b in screen.active_bindings.values() if b.enabled]


async def test_the_host_plays_again_from_the_end_and_a_guest_leaves(tmp_path: Path) -> None:
    server = tile_host(tmp_path, GameName.WWF)
    ann = TileApp(TileSeat.host("Ann", server, bots=(Level.EASY,)))
    async with ann.run_test(size=(80, 24)) as host:
        await until(host, lambda: len(ann.session.state.players) == 2)
        session = TileSeat.join("127.0.0.1", server.port, "Bob", GameName.WWF, DICTIONARY)
        bob = TileApp(session)
        async with bob.run_test(size=(80, 24)) as guest:
            await until(host, lambda: "Bob" in ann.session.state.players)
            # The host's ratings beside each name in the lobby, a newcomer's and the bot's.
            await until(guest, lambda: "Bob rated 1500" in " ".join(scores_text(bob).split()))
            await until(guest, lambda: "rated 1100" in scores_text(bob))
            await host.press("f6")
            await until(guest, lambda: bob.session.state.phase is Phase.PLAYING)
            exchanged: set[str] = set()
            while server.state.phase is not Phase.OVER:  # the moves, straight from the seats
                for app in (ann, bob):
                    await act(app.session, server, exchanged)  # type: ignore[arg-type]
                await host.pause()
            await until(host, lambda: isinstance(ann.screen, GameOverScreen))
            await until(guest, lambda: isinstance(bob.screen, GameOverScreen))
            # The game rated, the guest's table shows before and after.
            await until(guest, lambda: "→" in str(bob.screen.query_one("#ratings").render()))
            assert "Play again" in keys_shown(ann.screen)
            assert "Play again" not in keys_shown(bob.screen)  # only the host starts one
            # The hosting player holds the whole log, every rack in it: the review is
            # theirs; a guest only ever saw their own rack. (Asked of each app: with two
            # apps in one process, a screen's "app." keys may be looked up in the other.)
            assert ann.check_action("review", ())
            assert not bob.check_action("review", ())
            record = ann.session.record()
            assert record is not None
            assert len(record) == len(server.host.events)
            assert bob.session.record() is None
            # The hosting player's box names the game's id to replay and export it by.
            assert ann.session.saved_as == server.log_path.stem
            saved = str(ann.screen.query_one("#saved").render())
            assert f"wordsy-tui replay {server.log_path.stem}" in saved
            assert bob.session.saved_as is None
            await guest.press("r")
            assert server.state.phase is Phase.OVER
            last_log = server.log_path

            await host.press("r")
            await until(host, lambda: server.state.phase is Phase.LOBBY)
            await until(host, lambda: not isinstance(ann.screen, GameOverScreen))
            assert server.log_path != last_log
            await until(guest, lambda: isinstance(bob.screen, RematchScreen))
            question = str(bob.screen.query_one("#question").render())
            assert "Ann wants a rematch: stay (y) or leave (n)?" in question
            await until(host, lambda: len(ann.session.state.players) == 3)
            assert ann.session.state.turns == ()
            title = str(ann.board_screen.query_one("#title-bar").render())
            assert "F6 starts the game" in title

            await guest.press("n")
            await until(host, lambda: "Bob" not in ann.session.state.players)
            assert "Bob" not in server.host.presence
            assert len(server.state.players) == 2  # Ann and her computer player
