"""Relaxed play on screen: the writer of a fallen word offers the word they meant, the others
vote on it, and the reveal tells what the table decided."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import replace

from textual.pilot import Pilot
from textual.widgets import Input, Static

from tests.app import fixtures as fx
from tests.app.test_challenges import app_for, text_of
from tests.app.test_solo import until
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.screens.meant import MeantWordScreen
from wordsy_tui.games.wordsy.app.screens.vote import MeantVoteScreen, VoteScreen
from wordsy_tui.games.wordsy.app.widgets.reveal import challenge_status, word_entry
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.scoresheet import Box
from wordsy_tui.table.clock import Deadline

WINDOW = Deadline("challenges", fx.NOW + 28, 60)
VOTE = Deadline("vote", fx.NOW + 25)


@contextlib.asynccontextmanager
async def seated(
    session: fx.ScriptedSession,
) -> AsyncIterator[tuple[fx.ScriptedSession, Pilot[None]]]:
    """The app at 80x24 following `session`, settled."""
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        yield session, pilot


class RefusingSession(fx.ScriptedSession):
    """The host refuses the first meant word offered, as its referee would."""

    async def send(self, command: cmd.Command) -> str | None:
        self.sent.append(command)
        if isinstance(command, cmd.OfferMeantWord) and len(self.sent) == 1:
            return f"The referee refuses {command.word} (not in the word list)."
        return None


async def test_the_writer_is_asked_for_the_word_they_meant_and_offers_it() -> None:
    async with seated(fx.ScriptedSession("Carl", fx.fallen_state(), WINDOW)) as (session, pilot):
        assert isinstance(pilot.app.screen, MeantWordScreen)
        question = text_of(pilot.app, "#meant-question")
        assert "Your word GLIMERINGS fell." in question
        assert "Escape to let it stand fallen" in question
        await pilot.press(*"glimmerings", "enter")
        await until(pilot, lambda: cmd.OfferMeantWord("Carl", "GLIMMERINGS") in session.sent)
        await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))


async def test_a_refused_meant_word_is_said_and_what_was_typed_stays() -> None:
    async with seated(RefusingSession("Carl", fx.fallen_state(), WINDOW)) as (session, pilot):
        await pilot.press(*"GLIMERRINGS", "enter")
        await until(pilot, lambda: "referee refuses" in text_of(pilot.app, "#meant-problem"))
        assert isinstance(pilot.app.screen, MeantWordScreen)
        assert pilot.app.screen.query_one(Input).value == "GLIMERRINGS"
        await pilot.press("enter")  # empty? no: the same text, offered again
        await until(pilot, lambda: len(session.sent) == 2)


async def test_escape_lets_it_stand_fallen_and_m_asks_again() -> None:
    async with seated(fx.ScriptedSession("Carl", fx.fallen_state(), WINDOW)) as (session, pilot):
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        session.show(session.state, WINDOW)  # the table moves on: not asked again unbidden
        await fx.settle(pilot)
        assert isinstance(pilot.app.screen, GameScreen)
        assert "m: the word you meant" in text_of(pilot.app, "#reveal-status")
        await pilot.press("m")
        await until(pilot, lambda: isinstance(pilot.app.screen, MeantWordScreen))
        assert session.sent == []


async def test_without_the_hosts_option_nobody_is_asked() -> None:
    state = fx.fallen_state()
    strict = replace(state, config=replace(state.config, meant_words=False))
    async with seated(fx.ScriptedSession("Carl", strict, WINDOW)) as (_session, pilot):
        await pilot.press("m")
        await fx.settle(pilot)
        assert isinstance(pilot.app.screen, GameScreen)
        assert "meant" not in text_of(pilot.app, "#reveal-status")


async def test_the_others_vote_y_to_accept_and_n_to_refuse() -> None:
    for key, refuse in (("y", False), ("n", True)):
        vote = fx.ScriptedSession("Ann", fx.meant_vote_state(), VOTE)
        async with seated(vote) as (session, pilot):
            assert isinstance(pilot.app.screen, MeantVoteScreen)
            question = text_of(pilot.app, "#vote-question")
            assert "Carl says they meant GLIMMERINGS" in question
            assert "y  accept it: GLIMMERINGS scores" in question
            assert "n  refuse it: GLIMERINGS stays fallen" in question
            assert "1 letter away" in question
            await pilot.press(key)
            await until(pilot, lambda s=session, r=refuse: cmd.Vote("Ann", r) in s.sent)


async def test_putting_off_the_challenge_vote_does_not_put_off_the_vote_on_the_meant_word() -> (
    None
):
    table = fx.new_table(config=GameConfig(meant_words=True)).do(cmd.StartGame())
    fx.finish_round(table.play_round("Beth"))
    challenged = table.play_round("Carl").do(cmd.Challenge("Beth", "Carl")).state
    async with seated(fx.ScriptedSession("Ann", challenged, VOTE)) as (session, pilot):
        assert isinstance(pilot.app.screen, VoteScreen)
        await pilot.press("escape")  # later: Ann looks at the words first
        await fx.settle(pilot)
        assert not isinstance(pilot.app.screen, VoteScreen)
        fell = fx.Table(state=challenged).do(cmd.Vote("Ann", True))
        session.show(fell.do(cmd.OfferMeantWord("Carl", "DRIFTS")).state)
        await until(pilot, lambda: isinstance(pilot.app.screen, MeantVoteScreen))


def test_the_reveal_tells_the_word_meant_and_what_fell() -> None:
    votes = (cmd.Vote("Ann", False), cmd.Vote("Beth", False))
    accepted = fx.Table(state=fx.meant_vote_state()).do(*votes).state
    entry = str(word_entry(accepted, "Carl", "Ann", Box.NONE))
    assert "GLIMMERINGS" in entry
    assert "✓ the word meant, for GLIMERINGS (Beth challenged it): 2 of 2 accepted it" in entry
    refused = (
        fx.Table(state=fx.meant_vote_state()).do(cmd.Vote("Ann", True), cmd.CloseVote()).state
    )
    entry = str(word_entry(refused, "Carl", "Ann", Box.NONE))
    assert "✗ void: Beth challenged" in entry
    assert "meant GLIMMERINGS refused, 0 of 2 accepted it" in entry


async def test_the_reveal_status_tells_the_open_offer() -> None:
    async with seated(fx.ScriptedSession("Beth", fx.meant_vote_state(), VOTE)) as (
        _session,
        pilot,
    ):
        await pilot.press("escape")
        await fx.settle(pilot)
        status = str(pilot.app.screen.query_one("#reveal-status", Static).render())
        assert (
            "Carl offers GLIMMERINGS, the word meant by GLIMERINGS: 0 of 2 votes cast." in status
        )


def test_a_replay_tells_the_offer_and_its_votes() -> None:
    votes = (cmd.Vote("Ann", False), cmd.Vote("Beth", True))
    decided = fx.Table(state=fx.meant_vote_state()).do(*votes).state
    told = challenge_status(decided, None, replay=True)
    assert "Beth challenged Carl's GLIMERINGS" in told
    assert (
        "Carl offered GLIMMERINGS, the word they meant by GLIMERINGS: 1 of 2 accepted it, "
        "1 of 2 refused it, a tie: not clear, so it stays fallen" in told
    )
