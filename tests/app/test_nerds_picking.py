"""Taking a card from Word Nerds' auction by its number: each card keeps the number it was
turned up with while the others are taken, so the key pressed as another player picks
takes the card it was pressed for (the numbers once moved under the players' fingers)."""

from __future__ import annotations

from tests.app.nerds_fixtures import ME, Still, played, still_app
from tests.app.test_fit import on_screen
from tests.app.tile_fixtures import until
from wordsy_tui.games.wordnerds.app.panel import Lot
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase


def second_to_pick(state: NerdsState) -> bool:
    return state.phase is Phase.PICKING and state.picking[1:2] == (ME,) and len(state.auction) >= 3


async def test_a_card_keeps_its_number_while_another_player_takes_one() -> None:
    state, _log = played(second_to_pick)
    first = state.picking[0]
    taken, wanted = state.auction[0], state.auction[2]  # cards 1 and 3 on screen
    app = still_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        door = app.session.door
        assert isinstance(door, Still)
        await until(
            pilot, lambda: app.table_screen.is_mounted and "Up for auction" in on_screen(pilot)
        )
        # The player before Ann takes card 1.
        events = door.rules.decide(door.host, first, cmd.Pick(taken), door.rng)
        for event in events:
            door.host = door.rules.evolve(door.host, event)
        await door.seat.moved(door.fresh(), [door.rules.event_for(e, ME) for e in events])
        await until(pilot, lambda: app.session.state.picking[:1] == (ME,))
        await pilot.press("1")  # gone: nothing taken, and said so
        await until(pilot, lambda: "No card 1 is up now." in on_screen(pilot))
        assert app.session.state.picking[:1] == (ME,)
        await pilot.press("3")  # still card 3, though now second of those up
        await until(pilot, lambda: wanted in app.session.state.hand(ME))


def test_a_new_auction_is_numbered_afresh_and_added_cards_after() -> None:
    lot = Lot()
    state = NerdsState(turn=2, auction=(40, 41, 42))
    assert lot.numbered(state) == [(1, 40), (2, 41), (3, 42)]
    state = NerdsState(turn=2, auction=(41, 42, 77))  # 40 taken, 77 added
    assert lot.numbered(state) == [(2, 41), (3, 42), (4, 77)]
    assert lot.card(state, 1) is None
    state = NerdsState(turn=3, auction=(9, 8))
    assert lot.numbered(state) == [(1, 9), (2, 8)]
