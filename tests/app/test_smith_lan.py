"""A table of ten across the LAN (127.0.0.1), played at Wordsmith's sheet: the hosting
player's app, two guests' apps and seven of the host's computer players, a whole game.
Each person types their turn on their own screen, from what it shows them; one guest's
link drops with the turn sealed and comes back by itself; at the end every screen shows
the results and holds the host's state as the rules' view gives it to that seat.
"""

from __future__ import annotations

import random
from pathlib import Path

from textual.pilot import Pilot

from tests.app.smith_fixtures import type_turn
from tests.app.tile_fixtures import until
from tests.net.helpers import Proxy
from tests.session.test_smith_lan import DICTIONARY, smith_host
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordsmith.app.app import WordsmithApp
from wordsy_tui.games.wordsmith.app.dialogs import ResultsScreen
from wordsy_tui.games.wordsmith.mind import shared_vocabulary
from wordsy_tui.games.wordsmith.rules.bots import choose_turn
from wordsy_tui.games.wordsmith.rules.components import ROUNDS
from wordsy_tui.games.wordsmith.rules.state import Phase
from wordsy_tui.games.wordsmith.seat import WordsmithSeat

BOTS = ("easy",) * 7
CUT_IN_ROUND = 5


async def take_a_turn(pilot: Pilot[None], app: WordsmithApp) -> None:
    """Once this person may choose, lay the turn they choose from their own screen's view
    with the keys, and seal it (Enter)."""
    screen = app.table_screen
    await until(pilot, lambda: screen.choosing, tries=6000)
    seat = app.session
    me = seat.me
    assert me is not None
    rng = random.Random(f"{me} {seat.state.round}")
    turn = choose_turn(seat.state, me, Level.EASY, shared_vocabulary(), seat.rules.words, rng)
    await type_turn(pilot, screen, turn)
    assert screen.draft.turn == turn
    round_number = seat.state.round
    await pilot.press("enter")
    await until(
        pilot, lambda: me in seat.state.sealed or seat.state.round > round_number, tries=6000
    )


async def test_ten_at_a_table_three_people_at_their_screens_play_a_whole_game(
    tmp_path: Path,
) -> None:
    server = smith_host(tmp_path, captain="Ann")
    ann = WordsmithApp(WordsmithSeat.host("Ann", server, bots=BOTS))
    async with ann.run_test(size=(80, 24)) as host:
        await until(host, lambda: len(server.state.players) == 1 + len(BOTS), tries=6000)
        proxy = Proxy(server.port)
        bob_seat = WordsmithSeat.join("127.0.0.1", await proxy.start(), "Bob", DICTIONARY)
        bob = WordsmithApp(bob_seat)
        cat = WordsmithApp(WordsmithSeat.join("127.0.0.1", server.port, "Cat", DICTIONARY))
        async with bob.run_test(size=(80, 24)) as guest, cat.run_test(size=(80, 24)) as third:
            await until(host, lambda: len(server.state.players) == 10, tries=6000)
            await host.press("f6")  # Ann starts the game from her lobby
            for round_number in range(1, ROUNDS + 1):
                await until(host, lambda r=round_number: server.state.round == r, tries=6000)
                await take_a_turn(guest, bob)
                if round_number == CUT_IN_ROUND:
                    proxy.cut()  # Bob's laptop sleeps with his turn sealed
                    await until(guest, lambda: not bob_seat.door.client.connected, tries=6000)
                await take_a_turn(third, cat)
                await take_a_turn(host, ann)
                if round_number == CUT_IN_ROUND:
                    await until(guest, lambda: bob_seat.door.client.connected, tries=6000)
            for pilot, app in ((host, ann), (guest, bob), (third, cat)):
                await until(pilot, lambda a=app: isinstance(a.screen, ResultsScreen), tries=6000)
                # The host rated the game: each seat's results say before and after.
                await until(
                    pilot, lambda a=app: "→" in str(a.screen.query_one("#ratings").render())
                )
            rules = server.game.rules
            for app in (ann, bob, cat):
                assert app.session.state == rules.state_for(server.state, app.session.me)
        await proxy.stop()
    final = server.state
    assert final.phase is Phase.OVER
    assert set(final.scores) == set(final.players)
    # Every person's turn was played in every round, Bob's of the cut round too.
    played = [
        (body["player"], body["round"])
        for body in server.host.events
        if body["kind"] == "TurnPlayed" and body["player"] in ("Ann", "Bob", "Cat")
    ]
    assert sorted(played) == sorted(
        (person, r) for person in ("Ann", "Bob", "Cat") for r in range(1, ROUNDS + 1)
    )
