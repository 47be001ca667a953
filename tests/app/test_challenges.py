"""Challenges people understand: a confirmed challenge, one meaning for y and n, the
outcome told to everyone, penalties where they happen, and what the word means."""

from __future__ import annotations

from textual.widgets import Static

from tests.app import fixtures as fx
from tests.app.test_solo import until
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.screens.vote import VoteScreen
from wordsy_tui.games.wordsy.app.widgets.reveal import best_lines
from wordsy_tui.games.wordsy.referee.advice import BestWord
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.table.clock import Deadline


def app_for(session: fx.ScriptedSession) -> WordsyApp:
    return WordsyApp(session, advisor=fx.FixedAdvisor(), now=lambda: fx.NOW, bell=False)


def text_of(app: WordsyApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def appeal_state() -> GameState:
    """Round 2: Carl wrote Ann's round-1 word again; the referee refused it and Carl appeals."""
    table = fx.new_table().do(cmd.StartGame())
    fx.finish_round(table.play_round("Beth"))
    for player, word in (("Ann", "MIDST"), ("Beth", "SCRIPT"), ("Carl", "PLANTS")):
        table.write(player, word)
    table.do(cmd.FlipTimer("Carl"), cmd.LockIn("Ann"), cmd.LockIn("Beth"))
    for player, word in (("Ann", "MIDST"), ("Beth", "SCRIPT"), ("Carl", "PLANTS")):
        table.reveal(player, word)
    return table.do(cmd.Appeal("Carl")).state


def decided(table_state: GameState, *commands: cmd.Command) -> GameState:
    table = fx.Table(state=table_state)
    return table.do(*commands).state


async def test_a_challenge_asks_first_and_can_be_called_off() -> None:
    session = fx.ScriptedSession("Ann", fx.reveal_state(), Deadline("challenges", fx.NOW + 40))
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        await pilot.press("down", "c")
        assert isinstance(pilot.app.screen, ConfirmScreen)
        question = text_of(pilot.app, "#question")
        assert "Challenge Beth's word GRAND?" in question
        assert "penalty" in question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert not any(isinstance(c, cmd.Challenge) for c in session.sent)
        await pilot.press("c", "escape")
        await pilot.pause()
        assert not any(isinstance(c, cmd.Challenge) for c in session.sent)
        await pilot.press("c", "y")
        await until(pilot, lambda: cmd.Challenge("Ann", "Beth") in session.sent)


async def test_y_means_the_word_stands_in_a_challenge_and_in_an_appeal() -> None:
    for state in (fx.vote_state(), appeal_state()):
        session = fx.ScriptedSession("Ann", state, Deadline("vote", fx.NOW + 25))
        async with app_for(session).run_test(size=(80, 24)) as pilot:
            await fx.settle(pilot)
            assert isinstance(pilot.app.screen, VoteScreen)
            question = text_of(pilot.app, "#vote-question")
            assert "y  it stands" in question
            assert "n  it breaks the rules" in question
            assert "(n)" not in question
            assert "(y)" not in question
            await pilot.press("y")
            await until(pilot, lambda s=session: cmd.Vote("Ann", False) in s.sent)
        session = fx.ScriptedSession("Ann", state, Deadline("vote", fx.NOW + 25))
        async with app_for(session).run_test(size=(80, 24)) as pilot:
            await fx.settle(pilot)
            await pilot.press("n")
            await until(pilot, lambda s=session: cmd.Vote("Ann", True) in s.sent)


async def test_the_vote_shows_what_the_word_means() -> None:
    session = fx.ScriptedSession("Ann", fx.vote_state(), Deadline("vote", fx.NOW + 25))
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        question = text_of(pilot.app, "#vote-question")
        assert "\nDRIFT: a word the fixed referee knows" in question
        assert "Carl scores it, and Beth takes a" in question


async def test_everyone_is_told_the_outcome_and_the_penalty_shows_on_the_challengers_line() -> (
    None
):
    before = fx.vote_state()  # Beth challenges Carl's DRIFT; Ann votes
    session = fx.ScriptedSession("Beth", before, Deadline("vote", fx.NOW + 25))
    async with app_for(session).run_test(size=(100, 40)) as pilot:
        await fx.settle(pilot)
        session.show(decided(before, cmd.Vote("Ann", False)), Deadline("challenges", fx.NOW + 30))
        await fx.settle(pilot)
        told = [n.message for n in pilot.app._notifications]
        outcome = (
            "Beth challenged Carl's DRIFT: 1 of 1 voted it stands; "
            "Beth takes a \N{MINUS SIGN}2 penalty"
        )
        assert outcome in told
        assert outcome in text_of(pilot.app, "#reveal-status")
        words = pilot.app.screen.query_one("#words")
        lines = [str(words.get_option(p).prompt) for p in ("Beth", "Carl")]
        assert "\N{MINUS SIGN}2 penalty: challenged Carl's DRIFT, which stands" in lines[0]
        assert "✓ stands: Beth challenged; 1 of 1 voted for it" in lines[1]


def test_the_best_word_people_know_comes_first() -> None:
    common, rare = BestWord("BLACKSMITH", 22), BestWord("SCHMALTZY", 27)
    assert best_lines(common, rare) == (
        "Best word people know: BLACKSMITH (22 pts)\n"
        "Best in the word list: SCHMALTZY (27 pts, rare)"
    )
    assert best_lines(rare, rare) == "Best possible word on this board: SCHMALTZY (27 pts)"
    assert best_lines(None, rare) == "Best possible word on this board: SCHMALTZY (27 pts)"


async def test_the_reveal_shows_what_the_highlighted_word_means() -> None:
    session = fx.ScriptedSession("Ann", fx.reveal_state(), Deadline("challenges", fx.NOW + 40))
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        assert text_of(pilot.app, "#meaning") == "CRYPT: a word the fixed referee knows"
        await pilot.press("down")
        await fx.settle(pilot)
        assert text_of(pilot.app, "#meaning") == "GRAND: a word the fixed referee knows"
        assert "Best word people know: BLACKSMITH" in text_of(pilot.app, "#best")


async def test_a_replay_says_who_challenged() -> None:
    from wordsy_tui.games.wordsy.replay import ROUNDS
    from wordsy_tui.games.wordsy.seat import WordsySeat
    from wordsy_tui.table.replay import Replaying

    table = fx.new_table().do(cmd.StartGame())
    table.play_round("Beth").do(cmd.Challenge("Ann", "Carl"), cmd.Vote("Beth", True))
    fx.finish_round(table)
    session = WordsySeat(Replaying.of_log(ROUNDS, table.log))
    app = WordsyApp(session, advisor=fx.FixedAdvisor())
    async with app.run_test(size=(100, 40)) as pilot:
        await fx.settle(pilot)
        words = app.screen.query_one("#words")
        carl = str(words.get_option("Carl").prompt)
        assert "✗ void: Ann challenged; 0 of 1 voted for it" in carl
        status = text_of(app, "#reveal-status")
        assert "Ann challenged Carl's TRUST: 1 of 1 voted it breaks the rules" in status


async def test_a_vote_closed_during_a_catch_up_leaves_the_game_screen_in_place() -> None:
    # A player who comes back catches up event by event: the vote dialog opens for a vote
    # that closed long ago, then more states arrive at once. Each must not close one more
    # screen: the second used to take the game screen with it (a blank window, found in
    # tmux by killing and restarting a player who had voted earlier in the game).
    before = fx.vote_state()
    session = fx.ScriptedSession("Ann", before, Deadline("vote", fx.NOW + 25))
    after = decided(before, cmd.Vote("Ann", False))
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        assert isinstance(pilot.app.screen, VoteScreen)
        # Two states in one go, before the closed dialog has left the screen stack.
        pilot.app.state = after
        pilot.app.state = decided(after, cmd.EndRound())
        await fx.settle(pilot)
        assert isinstance(pilot.app.screen, GameScreen)


async def test_the_vote_dialog_closes_once_our_vote_is_in_though_the_vote_goes_on() -> None:
    # A catch-up passes the moment before this seat voted: the dialog it opens then must
    # close at the state that holds the vote, while the others still vote (found in tmux).
    table = fx.new_table(("Ann", "Beth", "Carl", "Dora")).do(cmd.StartGame())
    words = {"Ann": "MIDST", "Beth": "SCRIPT", "Carl": "PLANTS", "Dora": "DRIFT"}
    for player, word in words.items():
        table.write(player, word)
    table.do(cmd.FlipTimer("Carl"), *(cmd.LockIn(p) for p in ("Ann", "Beth", "Dora")))
    for player, word in words.items():
        table.reveal(player, word)
    before = table.do(cmd.Challenge("Beth", "Carl")).state
    session = fx.ScriptedSession("Ann", before, Deadline("vote", fx.NOW + 25))
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        assert isinstance(pilot.app.screen, VoteScreen)
        voted = decided(before, cmd.Vote("Ann", False))
        assert voted.challenge is not None  # Dora has yet to vote
        session.show(voted, Deadline("vote", fx.NOW + 20))
        await fx.settle(pilot)
        assert isinstance(pilot.app.screen, GameScreen)
