"""A computer player's next step at the table follows the rules' own answers."""

from __future__ import annotations

from tests.games.wordsy.rules.table import Table
from wordsy_tui.games.wordsy.bots.turns import Step, may_flip_after_writing, next_step
from wordsy_tui.games.wordsy.rules import commands as cmd

WORDS = {"Ann": "STAND", "Bob": "BRAND", "Cat": "CRANE", "Dan": "DRAIN"}


def test_a_bot_writes_while_the_round_is_open_and_waits_once_locked_in():
    table = Table(players=tuple(WORDS))
    table.start()
    assert next_step(table.state, "Cat") is Step.WRITE
    table.write("Cat", "CRANE")
    assert may_flip_after_writing(table.state, "Cat")
    table.do(cmd.LockIn("Cat"))
    assert next_step(table.state, "Cat") is None


def test_a_bot_votes_on_an_open_challenge_before_it_says_it_is_ready():
    table = Table(players=tuple(WORDS))
    table.start()
    table.play_round(WORDS, challenges=True)
    assert next_step(table.state, "Cat") is Step.READY
    table.do(cmd.Challenge("Ann", "Bob"))
    assert next_step(table.state, "Cat") is Step.VOTE
    assert next_step(table.state, "Bob") is None  # the challenged player does not vote
    table.do(cmd.Vote("Cat", False))
    assert next_step(table.state, "Cat") is None  # voted; Dan's vote is still to come
    assert next_step(table.state, "Dan") is Step.VOTE
    table.do(cmd.Vote("Dan", False))
    assert next_step(table.state, "Cat") is Step.READY
