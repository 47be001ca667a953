"""A player's program closed mid-round and started again: the seat, and the word on screen."""

from __future__ import annotations

from textual.widgets import Input

from net import SeatKeys
from tests.app import fixtures as fx
from tests.app.fixtures import FixedAdvisor
from tests.app.test_solo import until
from tests.net.helpers import wait_until
from tests.session.test_lan import DICTIONARY
from tests.session.test_table_waits import ann_and_bob_writing
from wordsy_tui.app.messages import GameUpdated
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat


async def test_a_restarted_player_sees_and_keeps_the_word_they_wrote(tmp_path) -> None:
    keys = SeatKeys(tmp_path / "bob" / "seats.json")
    host, ann, bob = await ann_and_bob_writing(tmp_path, keys)
    await bob.write("PLANET")
    await bob.stop()  # the terminal closes
    again = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY, keys=keys)
    app = WordsyApp(again, advisor=FixedAdvisor(), bell=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.state.phase is Phase.WRITING)
            await until(pilot, lambda: app.screen.query_one("#word", Input).value == "PLANET")
            await pilot.pause(0.6)  # past the draft's debounce: nothing is rewritten
            assert again.word == "PLANET"
            await ann.lock_in()
            await pilot.press("enter")
            await wait_until(lambda: host.state.phase is Phase.CHALLENGES, timeout=10)
            assert host.state.draft("Bob").word == "PLANET"
    finally:
        await ann.stop()


async def test_a_word_given_back_before_the_input_takes_the_focus_is_typed_on() -> None:
    """The race behind 'PROVIDEN, then ces gave CES': catching up after a restart, the new
    round enables the input and asks for the focus (Textual sends it later, on its own
    turn), and the word kept for this round comes back before that focus arrives. The two
    updates are posted in one go here, so the focus always comes second."""
    table = fx.new_table().do(cmd.StartGame())
    table.play_round("Beth")
    revealed = table.state
    fx.finish_round(table)
    new_round = table.state
    given_back = table.write("Ann", "PROVIDEN").state
    session = fx.ScriptedSession("Ann", revealed, chat=())
    app = fx.make_app(fx.Scene("come back", lambda: session))
    async with app.run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        session.word = "PROVIDEN"  # what the seat's file gave back
        app.post_message(GameUpdated(new_round, (), None))
        app.post_message(GameUpdated(given_back, (), None))
        word = app.screen.query_one("#word", Input)
        await until(pilot, lambda: app.screen.focused is word and word.value == "PROVIDEN")
        await pilot.pause()
        await pilot.press(*"ces")
        assert word.value == "PROVIDENCES"


async def test_a_word_given_back_after_the_input_held_another_is_typed_on_at_its_end() -> None:
    """Found playing: after a restart, Bob's CRANB came back with the cursor at its start and
    ERRY went in front of it (ERRYCRANB). Textual puts the cursor at the end of an input's
    first value only; a word given back may be its second (here the player had typed and
    rubbed out a letter first)."""
    table = fx.new_table().do(cmd.StartGame())
    table.play_round("Beth")
    revealed = table.state
    fx.finish_round(table)
    new_round = table.state
    given_back = table.write("Ann", "CRANB").state
    session = fx.ScriptedSession("Ann", revealed, chat=())
    app = fx.make_app(fx.Scene("come back", lambda: session))
    async with app.run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        app.post_message(GameUpdated(new_round, (), None))
        word = app.screen.query_one("#word", Input)
        await until(pilot, lambda: app.screen.focused is word)
        await pilot.press("x", "backspace")
        await until(pilot, lambda: word.value == "")
        session.word = "CRANB"  # what the seat's file gave back
        app.post_message(GameUpdated(given_back, (), None))
        await until(pilot, lambda: word.value == "CRANB")
        await pilot.press(*"erry")
        assert word.value == "CRANBERRY"
