"""Word Nerds solo (`solo --game wordnerds`): the person plays at the table screen with the
keys against computer players who live in the same process and move after a person's
pause (fast here), each from its own seat's view."""

from __future__ import annotations

import asyncio

import pytest

from tests.app.test_nerds_lan import move
from tests.app.tile_fixtures import until
from tests.session.test_nerds_lan import ME, SLOW
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds import solo
from wordsy_tui.games.wordnerds.app.app import NerdsApp
from wordsy_tui.games.wordnerds.rules.bots import Choice, NerdStyle
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase
from wordsy_tui.games.wordnerds.seat import NerdsSeat
from wordsy_tui.table.local import Local


async def test_a_person_plays_turns_against_two_computer_players() -> None:
    seat = NerdsSeat.solo(ME, SLOW, [Level.EASY, Level.HARD], seed=5, pace=0.01)
    app = NerdsApp(seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: seat.state.phase is Phase.BIDDING)
        door = seat.door
        assert isinstance(door, Local)
        while door.host.turn < 4 and door.host.phase is not Phase.OVER:
            if not await move(pilot, app):
                # The computer players move after their pauses: the table changes.
                before = seat.state
                await until(pilot, lambda b=before: seat.state is not b, tries=3000)
        bots = [p for p in door.host.players if p != ME]
        laid = [e for e in door.log if type(e).__name__ == "WordLaid"]
        assert {type(e).__name__ for e in door.log} >= {"BidsRevealed", "DeclarationEnded"}
        assert len(bots) == 2
        assert laid, "somebody laid a word down in three turns"
        # Nothing of a computer player's hand ever reached the person's view.
        for bot in bots:
            assert set(seat.state.hand(bot)) <= {-1}


async def test_the_computer_players_first_look_leaves_the_start_up_to_the_first_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Their first thought builds their words' finder (the word list read on their thread):
    # it comes after the start-up, not during it, where it raced the first frame.
    looked: list[str] = []

    def decide(view: NerdsState, seat: str, style: NerdStyle, game: int) -> Choice | None:
        looked.append(seat)
        return None

    monkeypatch.setattr(solo, "decide_for", decide)
    seat = NerdsSeat.solo(ME, SLOW, [Level.EASY], seed=5, pace=0.2)
    await seat.start()  # the deal: the table the first frame draws
    assert seat.state.phase is Phase.BIDDING
    assert looked == []
    async with asyncio.timeout(30):
        while not looked:
            await asyncio.sleep(0.01)
    assert looked == ["Bot 1 (easy)"]
    await seat.stop()
