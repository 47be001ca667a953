"""Word Nerds across the LAN (127.0.0.1), played at its table screen: the hosting player's
app, a guest's app and one of the host's computer players, a whole game to 100. Each
person presses keys on their own screen for what they would do from what it shows them
(their own hand only): a bid typed and sealed, a card taken, a word typed, a card played
from the cards dialog, a challenge, "done", a hand kept or renewed, a purchase. At the end
both screens show the host's final scores.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from tests.app.tile_fixtures import until
from tests.session.test_nerds_lan import ME, choice_for, join, nerds_host
from wordsy_tui.games.wordnerds.app.app import NerdsApp
from wordsy_tui.games.wordnerds.app.dialogs import ResultsScreen
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.bots import Choice
from wordsy_tui.games.wordnerds.rules.components import When, action
from wordsy_tui.games.wordnerds.rules.legal import legal_commands
from wordsy_tui.games.wordnerds.rules.state import Phase
from wordsy_tui.games.wordnerds.seat import NerdsSeat


def keys_for(app: NerdsApp, choice: Choice) -> list[str]:
    """The keys a person presses on the table screen for `choice`."""
    state, me = app.session.state, app.session.me
    assert me is not None
    hand = state.hand(me)
    match choice:
        case Bid(token, cards):
            held = [c for c in dict.fromkeys(state.actions[me]) if action(c).when is When.WITH_BID]
            turns = held.index(cards[0]) + 1 if cards else 0
            return ["escape", str(token), *["c"] * turns, "enter"]
        case cmd.Pick(card):  # the number the screen shows beside it
            return [str({c: n for n, c in app.table_screen.lot.numbered(state)}[card])]
        case cmd.Declare(word) | cmd.Trump(word):
            return ["escape", *word.lower(), "enter"]
        case cmd.Challenge(word):
            challenges = [c for c in legal_commands(state, me) if isinstance(c, cmd.Challenge)]
            chosen = ["down"] * challenges.index(choice) + ["enter"]
            return ["f2", *(chosen if len(challenges) > 1 else [])]
        case cmd.PlayAction():
            plays = [c for c in legal_commands(state, me) if isinstance(c, cmd.PlayAction)]
            return ["f4", *["down"] * plays.index(choice), "enter"]
        case cmd.Pass():
            return ["f3"]
        case cmd.KeepHand():
            return ["k"]
        case cmd.NewHand():
            return ["n"]
        case cmd.Replace(cards) | cmd.Discard(cards):
            return ["escape", *(str((hand.index(c) + 1) % 10) for c in cards), "enter"]
        case cmd.BuyAction():
            return ["a"]
    raise AssertionError(f"no keys for {choice}")


async def move(pilot: Pilot[None], app: NerdsApp) -> bool:
    """The person does with the keys what they would do now; whether they did anything."""
    choice = choice_for(app.session)
    if choice is None:
        return False
    if isinstance(choice, cmd.Replace):
        # The screen pays with the lowest tokens, as the computer players do.
        assert choice.tokens == tuple(sorted(choice.tokens))
    before = app.session.state
    await pilot.press(*keys_for(app, choice))
    await until(pilot, lambda: app.session.state is not before, tries=3000)
    return True


async def test_two_apps_and_a_computer_player_play_a_whole_game(tmp_path: Path) -> None:
    server = nerds_host(tmp_path, captain=ME)
    ann = NerdsApp(NerdsSeat.host(ME, server, bots=("easy",)))
    async with ann.run_test(size=(80, 24)) as host:
        await until(host, lambda: len(ann.session.state.players) == 2)
        bob = NerdsApp(join(server, "Bob"))
        async with bob.run_test(size=(80, 24)) as guest:
            await until(host, lambda: "Bob" in ann.session.state.players)
            await host.press("f6")  # Ann, seated first, starts the game
            await until(guest, lambda: bob.session.state.phase is not Phase.LOBBY)
            players = {ann: host, bob: guest}
            for _step in range(3000):
                if server.state.phase is Phase.OVER:
                    break
                moved = False
                for app, pilot in players.items():
                    await until(pilot, lambda a=app: a.session.door.seq == server.host.seq)
                    if app.session.state.phase is not Phase.OVER:
                        moved = await move(pilot, app) or moved
                if not moved:
                    seq = server.host.seq
                    await until(host, lambda s=seq: server.host.seq > s, tries=3000)
            assert server.state.phase is Phase.OVER
            kinds = {body["kind"] for body in server.host.events}
            assert {"WordLaid", "BidsRevealed", "DeclarationEnded", "GameEnded"} <= kinds
            for app, pilot in players.items():
                await until(pilot, lambda a=app: isinstance(a.screen, ResultsScreen))
                result = str(app.screen.query_one("#results-table").render())
                for player, score in server.state.scores.items():
                    assert player[:10] in result
                    assert str(score) in result
                # The host rated the game: each seat's results say before and after.
                await until(
                    pilot, lambda a=app: "→" in str(a.screen.query_one("#ratings").render())
                )
