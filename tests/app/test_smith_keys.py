"""Wordsmith's sheet at the keys: a turn typed key by key or in one burst (a paste, an SSH
link) is the turn sealed, exactly as the screen showed it; what the rules refuse is said and
loses nothing; a bonus about to be lost is asked about first."""

from __future__ import annotations

import threading

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.app.keys import keys_at_once
from tests.app.smith_fixtures import (
    FROZEN_NOW,
    ME,
    app_of,
    my_turn,
    play_rounds,
    smith_session,
    solo_table,
    type_turn,
    waiting_session,
    word_list_reads,
)
from tests.app.tile_fixtures import until
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.games.wordsmith.app import app as smith_app
from wordsy_tui.games.wordsmith.app.app import SheetScreen, WordsmithApp
from wordsy_tui.games.wordsmith.app.draft import Draft
from wordsy_tui.games.wordsmith.rules import commands as cmd
from wordsy_tui.games.wordsmith.rules import events as ev
from wordsy_tui.games.wordsmith.rules.components import SIZE
from wordsy_tui.games.wordsmith.rules.grid import name
from wordsy_tui.games.wordsmith.rules.state import Phase
from wordsy_tui.games.wordsmith.rules.turn import GobletLetter, SwordCircle, Turn


async def played(pilot: Pilot[None], app: WordsmithApp, round_number: int) -> Turn:
    """Our turn of `round_number`, once played and the screen done sealing it."""
    await until(
        pilot,
        lambda: (
            played_turn(app, round_number) is not None
            and not any(w.group == "dialog" and not w.is_finished for w in app.workers)
        ),
    )
    turn = played_turn(app, round_number)
    assert turn is not None
    return turn


async def choosing(pilot: Pilot[None]) -> SheetScreen:
    app = app_of(pilot)
    screen = app.table_screen
    await until(pilot, lambda: screen.is_mounted and screen.choosing)
    return screen


def played_turn(app: WordsmithApp, round_number: int) -> Turn | None:
    """The turn the rules wrote on our sheet in `round_number` (None: none yet)."""
    played = (
        event.turn
        for event in solo_table(app.session).log
        if isinstance(event, ev.TurnPlayed) and event.player == ME and event.round == round_number
    )
    return next(played, None)


def burst_keys(screen: SheetScreen, turn: Turn) -> list[str]:
    """The keys that lay `turn` from where the cursor is, all decided up front, as a paste
    or a fast typist sends them (a copy of the draft follows the cursor as it will move)."""
    state, me = screen.state, screen.me
    assert me is not None
    shadow = Draft(cursor=screen.draft.cursor, across=screen.draft.across)
    keys: list[str] = []

    def to(square: int) -> None:
        rows = square // SIZE - shadow.cursor // SIZE
        cols = square % SIZE - shadow.cursor % SIZE
        steps = ["down" if rows > 0 else "up"] * abs(rows)
        steps += ["right" if cols > 0 else "left"] * abs(cols)
        keys.extend(steps)
        shadow.cursor = square

    for pick in turn.picks:
        to(pick.square)
        keys.append(pick.letter.lower() if pick.face is None else str(pick.face + 1))
        shadow.picks.append(pick)
        shadow.advance(state, me)
    for bonus in turn.bonuses:
        to(bonus.square)
        keys.append(bonus.letter.lower() if isinstance(bonus, GobletLetter) else "*")
    return keys


async def test_a_turn_typed_key_by_key_shows_its_words_then_is_the_turn_played() -> None:
    app = WordsmithApp(smith_session())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await choosing(pilot)
        turn = my_turn(screen.state, app.session.rules.words)
        await type_turn(pilot, screen, turn)
        await pilot.pause()
        assert screen.draft.turn == turn
        forged = screen.draft.work_out(screen.state, ME, app.session.rules.words)
        preview = str(screen.query_one("#preview", Static).render())
        assert all(found.text in preview for found in forged.words)
        await pilot.press("enter")
        assert await played(pilot, app, 1) == turn
        # The reveal passed in a moment: round 2's first line tells round 1 again.
        await until(pilot, lambda: "Round 2" in message(screen))
        said = message(screen)
        assert said.startswith("Round 1: you made ")
        assert all(found.text in said for found in forged.words)


async def test_a_round_that_closed_before_we_chose_says_so_as_the_next_begins() -> None:
    app = WordsmithApp(smith_session())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await choosing(pilot)
        await until(pilot, lambda: set(screen.state.waiting_on()) == {ME})
        table = solo_table(app.session)
        await table.apply(None, cmd.TimeUp(1, reveal=False))  # as the clock would
        await table.settle()  # the computer players reveal
        await until(pilot, lambda: "Round 2" in message(screen))
        assert message(screen) == (
            "Round 1: time was up: you chose nothing. Round 2: choose your 2 letters."
        )


def message(screen: SheetScreen) -> str:
    return str(screen.query_one("#message", Static).render())


async def test_a_turn_in_one_burst_with_keys_after_enter_is_the_turn_on_screen() -> None:
    """Enter seals what the screen shows when Enter is handled: keys behind it in the
    same burst change nothing sealed (they land on a sheet no longer choosing)."""
    app = WordsmithApp(smith_session())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await choosing(pilot)
        turn = my_turn(screen.state, app.session.rules.words)
        keys = burst_keys(screen, turn)
        keys_at_once(pilot, [*keys, "enter", "backspace", "left", "z", "q"])
        assert await played(pilot, app, 1) == turn


async def test_a_letter_the_rules_refuse_is_said_and_the_turn_so_far_is_kept() -> None:
    app = WordsmithApp(smith_session())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await choosing(pilot)
        sheet = screen.state.sheet(ME)
        start = next(sq for sq in range(SIZE * SIZE) if not sheet.vacant(sq))
        vacant = next(sq for sq in range(SIZE * SIZE) if sheet.vacant(sq))
        screen.draft.cursor = vacant
        await pilot.press("1")  # the strip's first letter, free
        kept = screen.draft.turn
        assert len(kept.picks) == 1
        screen.draft.cursor = start
        await pilot.press("2")
        message = str(screen.query_one("#message", Static).render())
        assert name(start) in message.lower() or "vacant" in message.lower(), message
        assert screen.draft.turn == kept
        await pilot.press("backspace")
        assert screen.draft.empty
        await pilot.press("1", "escape")
        assert screen.draft.empty
        assert app.session.state.phase is Phase.CHOOSING


@pytest.mark.parametrize(("round_number", "bonus"), [(3, SwordCircle), (7, GobletLetter)])
async def test_a_bonus_not_taken_is_asked_about_before_the_turn_is_sealed(
    round_number: int, bonus: type
) -> None:
    """The seeded game's turn that forges a sword (round 3) or a goblet (round 7), laid
    without its bonus: Enter asks first, and no keeps the turn open to take it (a circle
    with *, a goblet's letter typed as a letter)."""
    app = WordsmithApp(smith_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await play_rounds(app.session, round_number - 1)
        screen = await choosing(pilot)
        turn = my_turn(screen.state, app.session.rules.words)
        assert [type(b) for b in turn.bonuses] == [bonus]
        await type_turn(pilot, screen, Turn(turn.picks))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await until(pilot, lambda: app.screen is screen)
        assert screen.choosing
        assert screen.draft.turn == Turn(turn.picks)
        await type_turn(pilot, screen, Turn((), turn.bonuses))
        assert screen.draft.turn == turn
        await pilot.press("enter")
        assert await played(pilot, app, round_number) == turn


async def test_a_players_table_reads_the_word_list_on_a_thread_before_the_first_letter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A LAN seat's first letter read it in the key: 126 ms to the screen, the next 20 ms.
    read_on = word_list_reads(monkeypatch)
    monkeypatch.setattr(smith_app, "WORDS_READ_AFTER_SECONDS", 0.01)
    app = WordsmithApp(waiting_session(73), now=lambda: FROZEN_NOW)  # no computer player here
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(read_on))
    assert threading.main_thread().name not in read_on
