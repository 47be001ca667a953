"""Another player's screen, fed hostile names and words (by a tampered log or a hostile
host: a real host refuses them) and hostile mDNS records: nothing reaches the terminal raw."""

from __future__ import annotations

import dataclasses

import pytest

from tests.app.fixtures import (
    NOW,
    FakeLan,
    FixedAdvisor,
    ScriptedSession,
    Table,
    finish_round,
    new_table,
    settle,
)
from tests.hostile import PAYLOADS, raw_in
from wordsy_tui.app.launcher import Launcher
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.evolve import evolve
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.discovery import FoundGame
from wordsy_tui.table.seat import Rejected

# Every payload appears in a name and in a word, in each picture.
FIRST, SECOND = list(PAYLOADS.values())[:3], list(PAYLOADS.values())[3:]
NAMES = {"Beth": "B" + "".join(FIRST), "Carl": "C" + "".join(SECOND)}
WORDS = {"Beth": "W" + "".join(SECOND), "Carl": "X" + "".join(FIRST)}


def tampered(table: Table) -> GameState:
    """The table's log with Beth's and Carl's names and words swapped for hostile text."""
    state = GameState()
    for event in table.log:
        changes = {
            f.name: NAMES[value]
            for f in dataclasses.fields(event)
            if isinstance(value := getattr(event, f.name), str) and value in NAMES
        }
        if isinstance(event, ev.WordRevealed) and event.player in WORDS:
            changes["word"] = WORDS[event.player]
        state = evolve(state, dataclasses.replace(event, **changes))
    return state


def played(rounds: int, challenge: bool = False) -> Table:
    table = new_table().do(cmd.StartGame())
    for number in range(rounds):
        table.play_round(("Beth", "Carl")[number % 2])
        if number < rounds - 1 or not challenge:
            finish_round(table)
    if challenge:
        table.do(cmd.Challenge("Beth", "Carl"))
    return table


SCENES = {
    "lobby": lambda: tampered(new_table()),
    "board": lambda: tampered(played(2).write("Beth", "GRAND").do(cmd.FlipTimer("Beth"))),
    "reveal": lambda: tampered(played(2)),
    "vote": lambda: tampered(played(2, challenge=True)),
    "results": lambda: tampered(played(7)),
}


def assert_no_raw(app: WordsyApp) -> None:
    picture = app.export_screenshot()
    assert raw_in(picture) == []
    assert "\\x1b" in picture or "\\x9b" in picture, "the text is there, escaped"


@pytest.mark.parametrize("scene", SCENES)
async def test_hostile_names_and_words_are_shown_escaped_on_every_screen(scene):
    state = SCENES[scene]()
    session = ScriptedSession("Ann", state, Deadline("timer", NOW + 20))
    app = WordsyApp(session, advisor=FixedAdvisor(), now=lambda: NOW, bell=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert_no_raw(app)
        if scene == "results":
            await settle(pilot, ("s",))  # the scoresheets, with names as border titles
            assert_no_raw(app)


async def test_a_hostile_refusal_message_is_shown_escaped():
    session = ScriptedSession("Ann", tampered(new_table()))
    app = WordsyApp(session, advisor=FixedAdvisor(), now=lambda: NOW, bell=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        session.publish(Rejected("[bold]no[/bold] " + "".join(PAYLOADS.values())))
        await settle(pilot)
        # What the toast is made of (the headless test screen draws no toasts).
        (notice,) = list(app._notifications)
        assert raw_in(notice.message) == []
        assert notice.message.startswith("[bold]no[/bold] \\x1b]0;title")
        assert not notice.markup, "shown as it came, never read as markup"


async def test_hostile_games_on_the_lan_are_shown_escaped():
    hostile = "".join(PAYLOADS.values())
    games = [
        FoundGame(
            f"G{hostile}",
            f"H{hostile}",
            "192.0.2.7",
            1,
            1,
            6,
            f"P{hostile}",
            True,
            "x",
            True,
            game="wordsy",
        )
    ]
    app = Launcher(FakeLan(games), name="Ann")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, ("j",))
        assert_no_raw(app)
        await settle(pilot, ("enter",))  # the PIN question names the game
        assert_no_raw(app)
