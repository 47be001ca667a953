"""Play again from the results: the host's app starts a rematch with the same table; a
guest's app asks whether to stay, and shows the new game without a restart (or, on leave,
goes back to the launcher); a solo game plays again with the same options."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from net import SeatKeys
from tests.app.fixtures import FixedAdvisor
from tests.app.test_solo import board_word, play_to_the_results, solo_app, until
from tests.session.test_lan import DICTIONARY
from tests.session.test_lan import server as lan_server
from tests.session.test_rematch import BOT, finish
from wordsy_tui.app.screens.confirm import RematchScreen
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.screens.lobby import LobbyScreen
from wordsy_tui.games.wordsy.app.screens.results import ResultsScreen
from wordsy_tui.games.wordsy.rules.config import Difficulty
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.saved import replay_of

NETWORK = 30.0  # seconds: a guard against a hang, not a timing assertion


def guest(name: str, port: int, tmp_path: Path) -> WordsySeat:
    keys = SeatKeys(tmp_path / name / "seats.json")
    return WordsySeat.join("127.0.0.1", port, name, DICTIONARY, keys=keys)


async def test_the_host_plays_again_one_guest_stays_and_one_leaves(tmp_path: Path) -> None:
    server = lan_server(tmp_path, captain="Ann")
    ann = WordsyApp(
        WordsySeat.host("Ann", server, bots=("easy",)), advisor=FixedAdvisor(), bell=False
    )
    async with ann.run_test(size=(80, 24)) as host:
        await until(host, lambda: len(server.state.players) == 2, timeout=NETWORK)
        bob = WordsyApp(guest("Bob", server.port, tmp_path), advisor=FixedAdvisor(), bell=False)
        cat = WordsyApp(  # from the launcher
            guest("Cat", server.port, tmp_path), advisor=FixedAdvisor(), bell=False
        )
        cat.launched = True
        async with bob.run_test(size=(80, 24)) as joiner, cat.run_test(size=(80, 24)) as leaver:
            await until(host, lambda: len(server.state.players) == 4, timeout=NETWORK)
            await host.press("enter")  # Ann starts from her lobby
            await until(host, lambda: server.state.phase is Phase.WRITING, timeout=NETWORK)
            await finish(server)
            for app, pilot in ((ann, host), (bob, joiner), (cat, leaver)):
                await until(pilot, lambda a=app: isinstance(a.screen, ResultsScreen), NETWORK)
            assert not bob.check_action("rematch", ()), "a guest does not decide"
            note = str(bob.screen.query_one("#log-note", Static).render())
            assert "it may offer a rematch: stay on this screen to be asked" in note
            first_log, first = server.log_path, server.state

            await host.press("r")  # play again

            await until(joiner, lambda: isinstance(bob.screen, RematchScreen), NETWORK)
            await until(leaver, lambda: isinstance(cat.screen, RematchScreen), NETWORK)
            question = str(bob.screen.query_one("#question", Static).render())
            assert question == "Ann wants a rematch: stay (y) or leave (n)?"
            await joiner.press("y")
            await leaver.press("n")
            await until(leaver, lambda: not cat.is_running, NETWORK)  # back to the launcher
            await until(host, lambda: "Cat" not in server.state.players, timeout=NETWORK)

            assert isinstance(bob.screen, LobbyScreen), "Bob sees the new game's lobby"
            assert isinstance(ann.screen, LobbyScreen)
            assert server.state.players == ("Ann", BOT, "Bob")
            assert server.state.config == first.config
            await until(joiner, lambda: bob.state.players == ("Ann", BOT, "Bob"), NETWORK)
            assert server.log_path != first_log
            assert server.log_path.is_file()
            _, old = replay_of(first_log)  # the last game: kept, and it replays
            assert old.door.frames[-1].state.phase is Phase.OVER
            assert old.door.frames[-1].state.sheets == first.sheets

            await host.press("enter")  # the rematch begins
            await until(joiner, lambda: isinstance(bob.screen, GameScreen), NETWORK)
            await until(joiner, lambda: bob.state.round == 1, NETWORK)
            assert bob.state.board == server.state.board
            assert bob.is_running, "Bob's program went on into the new game"
    await server.stop()


async def test_a_solo_game_plays_again_with_the_same_options() -> None:
    app = solo_app(Difficulty.BRUTAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_results(app, pilot)
        first = app.state
        palette = [command.title for command in app.get_system_commands(app.screen)]
        assert "Play again" in palette

        await pilot.press("r")

        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        assert isinstance(app.screen, GameScreen)
        assert app.state.round == 1
        assert app.state.config == first.config
        assert all(not sheet.rows for sheet in app.state.sheets.values())
        await pilot.press(*board_word(app, 3).lower(), "enter")
        await until(pilot, lambda: app.state.phase is Phase.CHALLENGES)
        assert app.state.draft("Ann").word == board_word(app, 3)
