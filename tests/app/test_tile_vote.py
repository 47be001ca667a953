"""The table's vote on a Scrabble challenge, at the board: the dialog, its keys, the count."""

from __future__ import annotations

from textual.widgets import Static

from tests.app.tile_fixtures import (
    FROZEN_NOW,
    ME,
    PHONY,
    VoteTileSeat,
    VoteTileSession,
    board_screen,
    solo_table,
    until,
)
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp
from wordsy_tui.games.tiles.app.dialogs import TileVoteScreen
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.table.clock import Deadline


def vote_dialog_up(app: TileApp) -> bool:
    """The vote's dialog is on top and mounted (on top from its push, before its widgets)."""
    return isinstance(app.screen, TileVoteScreen) and app.screen.is_mounted


async def test_a_voter_is_asked_and_y_votes_that_the_play_stands() -> None:
    session = VoteTileSession()
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: vote_dialog_up(app))
        question = app.screen.query_one("#tile-vote-question", Static)
        text = str(question.render())
        assert PHONY in text
        assert "it lacks SLORP" in text
        title = str(board_screen(app).query_one("#title-bar", Static).render())
        assert "0 of 2 voted" in title
        await pilot.press("y")
        # Bot 3 votes as the word list advises: 1 to 1, a tie, follows the list.
        await until(pilot, lambda: session.state.vote is None)
        decided = [e for e in solo_table(session).log if isinstance(e, ev.ChallengeDecided)]
        assert decided[-1].votes == ((ME, False), ("Bot 3 (easy)", True))
        assert decided[-1].upheld
        assert not isinstance(app.screen, TileVoteScreen)


async def test_later_closes_the_dialog_and_v_opens_it_again() -> None:
    session = VoteTileSession()
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TileVoteScreen))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, TileVoteScreen))
        assert session.state.vote is not None
        assert not board_screen(app).draft.placed
        # While the table votes nobody moves: the key bar offers no move, only the vote.
        screen = board_screen(app)
        for move in ("play", "exchange", "pass_turn", "challenge"):
            assert not screen.check_action(move, ())
        assert screen.check_action("vote", ())
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, TileVoteScreen))
        await pilot.press("n")
        await until(pilot, lambda: session.state.vote is None)
        assert solo_table(session).host.turns[-1].kind == "withdrawn"


def test_the_board_tells_the_tables_verdict() -> None:
    screen = BoardScreen(VoteTileSession())
    screen.tell((ev.ChallengeDecided("Bob", False, ("SLORP",), (("Ann", False), ("Cat", False))),))
    assert str(screen.message) == (
        "The table voted 2 that it stands, 0 that it goes: the play stands; "
        "Bob loses the next turn."
    )


class ClockedVoteSession(VoteTileSeat):
    """The vote, with the host's limit on it running: a long status and a countdown."""

    @property
    def deadline(self) -> Deadline | None:
        return Deadline("vote", FROZEN_NOW + 90, 120)


async def test_at_80_columns_the_status_gives_way_to_the_countdown() -> None:
    app = TileApp(VoteTileSession(ClockedVoteSession), now=lambda: FROZEN_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TileVoteScreen))
        title = str(board_screen(app).query_one("#title-bar", Static).render())
        # The whole line would be 90 columns: it was cut at the countdown.
        assert title.endswith("… · vote 1:30"), title
        assert len(title) <= 80


async def test_news_before_the_vote_dialog_is_up_waits_for_it() -> None:
    """A session's news reaches the app as messages: the next one may come while the vote's
    dialog is pushed but not yet mounted; it shows the latest once it is up."""
    session = VoteTileSession()
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: vote_dialog_up(app))
        app.pop_screen()
        dialog = TileVoteScreen(session.state, ME)
        dialog.follow(session.state)  # not mounted yet: nothing to show it on
        app.push_screen(dialog)
        await until(pilot, lambda: dialog.is_mounted)
        assert PHONY in str(dialog.query_one("#tile-vote-question", Static).render())
