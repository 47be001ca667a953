"""The list of scores beside the board, as a plain function of the state (panel.py), and
the moves under it on the board screen."""

from __future__ import annotations

from textual.widgets import Static

from tests.app.tile_fixtures import board_screen, my_turn, take_turn, tile_session, until
from tests.games.tiles.rules.table import FixedDraw, Table
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.app.app import TileApp
from wordsy_tui.games.tiles.app.panel import move_lines, scores_text, unseen_text
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.rulesets import RULES, GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.games.tiles.rules.view import state_for_seat


def line_of(state, player: str, me: str | None = None) -> str:
    text = scores_text(state, me).plain
    return next(line for line in text.splitlines() if player in line)


def test_a_play_that_may_be_challenged_leaves_its_players_rack_short_until_it_stands():
    """Scrabble draws once the play stands (docs/RULES.md, "Challenges"): meanwhile the
    count beside the score is the rack as it is, the bag has not moved, and rack, bag and
    board still add up to the whole set."""
    table = Table(rng=FixedDraw(["A", "B"], list("?AEHNOR"), list("AEFMRST"), list("EITX")))
    table.play("ann", "8H HORN")
    view = state_for_seat(table.state, "bob")
    assert view.pending is not None
    assert "3 tiles" in line_of(view, "ann")  # ?AE left; HORN is on the board
    assert view.bag_count == 100 - 14
    on_racks = sum(len(view.rack(p)) for p in view.players)
    on_board = sum(c != "." for c in view.board)
    assert view.bag_count + on_racks + on_board == len(RULES[GameName.SCRABBLE].full_bag())
    assert unseen_text(view, "bob", 30).plain.startswith(f"Unseen {view.bag_count + 3}:")
    table.do("bob", cmd.Accept())  # the play stands: now ann draws
    view = state_for_seat(table.state, "bob")
    assert "7 tiles" in line_of(view, "ann")
    assert view.bag_count == 100 - 14 - 4


def test_an_offline_player_is_said_so_and_a_replay_may_show_the_racks():
    table = Table(rng=FixedDraw(["A", "B"], list("?AEHNOR"), list("AEFMRST")))
    state = table.state
    offline = scores_text(state, "ann", {"ann": True, "bob": False}).plain.splitlines()
    assert [line.split()[-1] for line in offline] == ["tiles", "offline"]
    shown = scores_text(state, None, racks=True).plain
    assert "?AEHNOR" in shown
    assert "AEFMRST" in shown
    assert "tiles" not in shown


async def test_at_80x24_the_move_list_ends_with_the_newest_move() -> None:
    session = tile_session(bots=(Level.EASY, Level.EASY))
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: session.state.phase is Phase.PLAYING)
        while len(move_lines(session.state)) < 14 and session.state.phase is Phase.PLAYING:
            await take_turn(pilot, app)  # more moves than the panel has rows for at 80x24
        await until(pilot, lambda: my_turn(session))
        moves = board_screen(app).query_one("#moves", Static)
        shown = str(moves.render()).rstrip("\n").split("\n")
        newest = move_lines(session.state)[-1]
        assert len(move_lines(session.state)) > moves.size.height, "the test needs a long list"
        # The heading and as many moves as there is room for, the newest last.
        assert len(shown) <= moves.size.height
        assert newest.what[:8] in shown[-1], shown


def test_before_the_first_move_the_panel_says_what_the_table_plays_with() -> None:
    from wordsy_tui.games.tiles.app.panel import MoveLine, moves_text
    from wordsy_tui.games.tiles.rules.config import TileGameConfig
    from wordsy_tui.games.tiles.rules.rulesets import ChallengeRule

    club = TileGameConfig(challenge=ChallengeRule.TEN, tournament_exchange=True)
    assert moves_text([], 30, 10, club.options()).plain == (
        "No moves yet.\n\nPlayed with:\n10-point challenge\nexchange with 7+ in the bag"
    )
    assert moves_text([], 30, 10, TileGameConfig().options()).plain.endswith(
        "Played with:\ndouble challenge"
    )
    assert moves_text([], 30, 10, TileGameConfig(GameName.WWF).options()).plain == (
        "No moves yet."
    )
    played = moves_text([MoveLine("Ann", "8H HORN", 14)], 30, 10, club.options()).plain
    assert "Played with" not in played


def test_the_move_list_credits_a_failed_challenges_points_to_the_play_that_stood() -> None:
    from wordsy_tui.games.tiles.rules.config import TileGameConfig
    from wordsy_tui.games.tiles.rules.rulesets import ChallengeRule

    table = Table(config=TileGameConfig(challenge=ChallengeRule.TEN), rng=FixedDraw("AB"))
    table.give("ann", "HORNXYZ")
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Challenge())
    table.do("bob", cmd.Pass())  # the play stood before: it is on the list
    lines = [(line.player, line.what, line.score) for line in move_lines(table.state)]
    assert lines[:3] == [
        ("ann", "8H HORN", 14),
        ("bob", "challenge failed", 0),
        ("ann", "challenge bonus", 10),
    ]
    assert table.state.scores["ann"] == sum(score for p, _, score in lines if p == "ann")
