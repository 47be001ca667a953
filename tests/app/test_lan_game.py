"""A host's app and a guest's app, one test, over loopback: a whole game, with a bot,
a challenge vote and a dropped connection that comes back."""

from __future__ import annotations

from textual.widgets import OptionList

from tests.app.fixtures import WORDS, FixedAdvisor
from tests.app.test_solo import until
from tests.net.helpers import Proxy
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.lobby import LobbyScreen
from wordsy_tui.games.wordsy.app.screens.results import ResultsScreen
from wordsy_tui.games.wordsy.app.screens.vote import VoteScreen
from wordsy_tui.games.wordsy.host import wordsy_host
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.referee import ExactRepeatReferee
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat

FAST = GameConfig(timer_seconds=5, reveal_seconds=10, vote_seconds=20, challenge_seconds=None)
DICTIONARY = "test-word-list"
BOT = "Bot 1 (easy)"


async def test_host_and_guest_apps_play_seven_rounds(tmp_path) -> None:
    server = wordsy_host(
        FAST,
        dictionary=DICTIONARY,
        captain="Ann",
        bind="127.0.0.1",
        port=0,
        log_path=tmp_path / "game.log",
        referee=ExactRepeatReferee(),
        bot_pace=0.01,
    )
    ann = WordsyApp(
        WordsySeat.host("Ann", server, bots=("easy",)), advisor=FixedAdvisor(), bell=False
    )
    async with ann.run_test(size=(80, 24)) as host:
        await until(host, lambda: len(ann.state.players) == 2, timeout=30)
        proxy = Proxy(server.port)
        bob_session = WordsySeat.join("127.0.0.1", await proxy.start(), "Bob", DICTIONARY)
        bob = WordsyApp(bob_session, advisor=FixedAdvisor(), bell=False)
        async with bob.run_test(size=(80, 24)) as guest:
            await until(guest, lambda: isinstance(bob.screen, LobbyScreen))
            await until(host, lambda: "Bob" in ann.state.players)
            await host.press("enter")  # Ann starts the game from her lobby
            for round_no in range(1, 8):
                await until(host, lambda r=round_no: ann.state.round == r, timeout=30)
                await until(guest, lambda r=round_no: bob.state.round == r, timeout=30)
                await host.press(*WORDS["Ann"][round_no - 1].lower())
                await guest.press(*WORDS["Beth"][round_no - 1].lower())
                if round_no == 3:
                    proxy.cut()  # Bob's laptop sleeps with his word written
                    await until(guest, lambda: bob.link_problem is not None, timeout=30)
                    await until(guest, lambda: bob.link_problem is None, timeout=30)
                await until(host, lambda: ann.state.draft("Bob").commitment is not None)
                await host.press("enter")
                await guest.press("enter")
                await until(host, lambda: ann.state.phase is Phase.CHALLENGES, timeout=30)
                await until(guest, lambda: bob.state.phase is Phase.CHALLENGES, timeout=30)
                if round_no == 1:
                    # Bob challenges the bot's word; Ann, the one other person, votes.
                    words = bob.screen.query_one("#words", OptionList)
                    while (
                        words.highlighted is None
                        or words.get_option_at_index(words.highlighted).id != BOT
                    ):
                        await guest.press("down")
                    await guest.press("c", "y")  # yes, challenge it
                    await until(host, lambda: isinstance(ann.screen, VoteScreen), timeout=30)
                    await host.press("n")  # n: the word breaks the rules
                    await until(host, lambda: ann.state.challenge is None, timeout=30)
                    assert ann.state.draft(BOT).voided
                await host.press("enter")
                await guest.press("enter")
            await until(host, lambda: ann.state.phase is Phase.OVER, timeout=30)
            await until(guest, lambda: bob.state.phase is Phase.OVER, timeout=30)
            assert isinstance(ann.screen, ResultsScreen)
            assert isinstance(bob.screen, ResultsScreen)
            assert bob.state == ann.state == server.state
        await proxy.stop()
    sheets = server.state.sheets
    assert [row.word for row in sheets["Bob"].rows] == list(WORDS["Beth"])
    assert [row.word for row in sheets["Ann"].rows] == list(WORDS["Ann"])
    assert sheets[BOT].rows[0].voided
    assert sheets["Bob"].penalties == 0
