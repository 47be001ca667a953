"""Keys in one burst (a paste, a fast typist, an SSH link): the word on screen is the word
that counts, for lock-in, flip and pause alike."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from tests.app.fixtures import FixedAdvisor, ScriptedSession, writing_state
from tests.app.keys import burst, paste
from tests.app.test_solo import board_word, solo_app, until
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.referee import ExactRepeatReferee
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seam import wordsy_rules
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.local import Local, secret_generator


def table_session() -> WordsySeat:
    """Ann and Bob at one table in this process; Bob never types."""
    opening = [
        (None, cmd.CreateGame(GameConfig())),
        ("Ann", cmd.JoinGame("Ann")),
        (None, cmd.JoinGame("Bob")),
        (None, cmd.StartGame()),
    ]
    rules = wordsy_rules(ExactRepeatReferee())
    return WordsySeat(Local(rules, "Ann", opening, rng=secret_generator(5)))


def table_app() -> WordsyApp:
    session = table_session()
    return WordsyApp(session, advisor=FixedAdvisor(), bell=False)


def revealed(app: WordsyApp) -> str | None:
    return app.state.draft("Ann").word


def paste_then_enter(pilot: Pilot[None], word: str) -> None:
    paste(pilot, word)
    burst(pilot, "\r")


SOLO_BURSTS = {
    "word-and-enter": (lambda pilot, word: burst(pilot, word + "\r"), False),
    "word-and-space-pauses": (lambda pilot, word: burst(pilot, word + " "), True),
    "paste-then-enter": (paste_then_enter, False),
    "keys-after-the-lock-in-ignored": (lambda pilot, word: burst(pilot, word + "\rzzz"), False),
}


@pytest.mark.parametrize("case", list(SOLO_BURSTS))
async def test_a_solo_word_sent_in_one_burst_is_the_word_revealed(case: str) -> None:
    send, pauses = SOLO_BURSTS[case]
    app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        word = board_word(app, 5)
        send(pilot, word.lower())
        await until(pilot, lambda: app.state.phase is not Phase.WRITING)
        await pilot.pause(0.5)  # past the rewrite's debounce: nothing came after
        assert revealed(app) == word
        assert (app.state.flipped_by == "Ann") is pauses


async def flipped_and_revealed(app: WordsyApp, pilot: Pilot[None]) -> str | None:
    """Ann's word, once her flip has landed and the sand has run out."""
    await until(pilot, lambda: app.state.flipped_by is not None)
    assert app.state.flipped_by == "Ann"
    assert app.session is not None
    await app.session.send(cmd.ExpireTimer())
    await until(pilot, lambda: app.state.phase is not Phase.WRITING)
    return revealed(app)


async def test_a_burst_flip_at_a_table_flips_with_the_word_typed() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        word = board_word(app, 5)
        burst(pilot, word.lower() + " ")
        assert await flipped_and_revealed(app, pilot) == word


async def test_a_rewrite_then_an_immediate_flip_reveals_the_rewrite() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        first, second = board_word(app, 2), board_word(app, 6)
        await pilot.press(*first.lower())
        # The first word reaches the host (after the debounce) ...
        await until(pilot, lambda: app.session.word == first)  # type: ignore[union-attr]
        # ... then the player wipes it and flips with a new one, in one burst.
        app.screen.query_one("#word", Input).focus()
        for _ in first:
            burst(pilot, "\x7f")
        burst(pilot, second.lower() + " ")
        assert await flipped_and_revealed(app, pilot) == second


async def test_a_locked_in_word_may_still_take_the_timer() -> None:
    """The rulebook: grab the timer once your word is written; a lock-in has written it."""
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        await pilot.press(*board_word(app, 3).lower(), "enter")
        await until(pilot, lambda: app.state.draft("Ann").locked)
        assert app.state.phase is Phase.WRITING  # Bob is still writing
        await pilot.press("space")
        await until(pilot, lambda: app.state.flipped_by == "Ann")


async def test_flip_with_nothing_written_says_why() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        await pilot.press("space")
        await until(pilot, lambda: bool(app._notifications))
        messages = [n.message for n in app._notifications]
        assert any("Write a word before you flip" in m for m in messages)
        assert app.state.flipped_by is None


async def test_space_from_the_no_flip_holder_says_why_it_did_nothing() -> None:
    state = writing_state(rounds_before=2)
    state = replace(state, flipped_by=None)
    assert state.no_flip == "Carl"
    app = WordsyApp(ScriptedSession("Carl", state), advisor=FixedAdvisor())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "a", "t", "space")
        note = str(app.screen.query_one("#ignored", Static).render())
        assert "No-Flip card" in note
        assert app.screen.query_one("#word", Input).value == "CAT"


async def test_backspaces_in_a_burst_edit_in_the_order_the_keys_came() -> None:
    app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.state.phase is Phase.WRITING)
        burst(pilot, "abcd\x7fx\x7f\x7fyz")
        word = app.screen.query_one("#word", Input)
        await until(pilot, lambda: word.value == "ABYZ")
        await pilot.pause(0.2)
        assert word.value == "ABYZ"
