"""A tile game across the LAN (127.0.0.1), played at the board screen: the hosting
player's app, a guest's app and one of the host's computer players, a whole game per
ruleset. Each person presses keys on their own screen from what it shows them (their own
rack only); at the end both screens show the same scores as the host's state.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.app.tile_fixtures import keys_for, until
from tests.session.test_tile_lan import DAWG, DICTIONARY, join, tile_host
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.app.app import TileApp
from wordsy_tui.games.tiles.app.dialogs import GameOverScreen
from wordsy_tui.games.tiles.rules.legal import may_play
from wordsy_tui.games.tiles.rules.movegen import generate
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase
from wordsy_tui.games.tiles.seat import TileSeat

BOT = Level.EASY


def waiting_on(app: TileApp) -> bool:
    """This person's screen asks them for something now."""
    session = app.session
    return (
        session.state.phase is Phase.OVER
        or session.asked_to_judge
        or may_play(session.state, session.me)
    )


async def move(
    pilot: Pilot[None], app: TileApp, laid: list[tuple[str, frozenset[int]]] | None = None
) -> None:
    """Let a play waiting on us stand (Enter), else lay our best play with the keys and
    press Enter (noting its squares in `laid`), else pass (F3)."""
    session = app.session
    view, me = session.state, session.me
    if session.asked_to_judge and view.turn != me:
        await pilot.press("enter")
        return
    rack = view.rack(me)
    assert HIDDEN not in rack  # our own tiles, never hidden from us
    moves = generate(view.board, rack, view.rules, DAWG, view.premiums)
    if not moves:
        await pilot.press("f3")
        return
    best = max(moves, key=lambda m: (m.score, m.placement))
    if laid is not None and me is not None:
        laid.append((me, frozenset(square for square, _ in best.placement)))
    await pilot.press(*keys_for(app.board_screen, best), "enter")


@pytest.mark.parametrize("game", list(GameName))
async def test_two_apps_and_a_bot_play_a_whole_game(game: GameName, tmp_path: Path) -> None:
    server = tile_host(tmp_path, game)
    ann = TileApp(TileSeat.host("Ann", server, bots=(BOT,)))
    async with ann.run_test(size=(80, 24)) as host:
        await until(host, lambda: len(ann.session.state.players) == 2)
        bob = TileApp(TileSeat.join("127.0.0.1", server.port, "Bob", game, DICTIONARY))
        async with bob.run_test(size=(80, 24)) as guest:
            await until(host, lambda: "Bob" in ann.session.state.players)
            await host.press("f6")  # Ann, seated first, starts the game
            await until(guest, lambda: bob.session.state.phase is not Phase.LOBBY)
            players = {ann: host, bob: guest}
            laid: list[tuple[str, frozenset[int]]] = []
            for _step in range(400):
                if server.state.phase is Phase.OVER:
                    break
                for app, pilot in players.items():
                    await until(pilot, lambda: waiting_on(ann) or waiting_on(bob), tries=6000)
                    if app.session.state.phase is not Phase.OVER and waiting_on(app):
                        seq = app.session.door.seq
                        await move(pilot, app, laid)
                        await until(pilot, lambda a=app, s=seq: a.session.door.seq > s)
            assert server.state.phase is Phase.OVER
            for app, pilot in players.items():
                await until(pilot, lambda a=app: isinstance(a.screen, GameOverScreen))
                result = str(app.screen.query_one("#result").render())
                for player, score in server.state.scores.items():
                    assert player in result
                    assert str(score) in result
            final = server.state
            # Every play a person laid with the keys went through as their play. (Whether
            # both get to play depends on the deal: with the tests' 34 words a rack often
            # has none, and the scoreless turns may end the game first.)
            played = {
                (t.player, frozenset(square for square, _ in t.placement))
                for t in final.turns
                if t.kind == "play"
            }
            assert laid
            assert set(laid) <= played
            assert len(final.players) == 3


def scores_line(app: TileApp, player: str) -> str:
    """The player's line in the board's list of scores, as the screen shows it."""
    scores = str(app.board_screen.query_one("#scores").render())
    return next(line for line in scores.splitlines() if player in line)


async def test_both_boards_say_who_is_offline_until_they_are_back(tmp_path: Path) -> None:
    server = tile_host(tmp_path)
    ann = TileApp(TileSeat.host("Ann", server))
    async with ann.run_test(size=(80, 24)) as host:
        bob = TileApp(join(server, "Bob"))
        async with bob.run_test(size=(80, 24)) as guest:
            cat = join(server, "Cat")
            await cat.start()
            await until(host, lambda: len(server.state.players) == 3)
            await host.press("f6")
            await until(guest, lambda: bob.session.state.phase is Phase.PLAYING)
            await until(guest, lambda: "tiles" in scores_line(bob, "Cat"))
            assert "offline" not in scores_line(ann, "Cat")
            token = cat.door.client.token
            await cat.stop()  # Cat's program closes: the seat stays hers
            for app, pilot in ((ann, host), (bob, guest)):
                await until(pilot, lambda a=app: "offline" in scores_line(a, "Cat"))
                assert "offline" not in scores_line(app, "Bob")
                assert "offline" not in scores_line(app, "Ann")
            back = join(server, "Cat", token=token)
            await back.start()
            for app, pilot in ((ann, host), (bob, guest)):
                await until(pilot, lambda a=app: "offline" not in scores_line(a, "Cat"))
            await back.stop()
