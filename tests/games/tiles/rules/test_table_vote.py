"""Scrabble's table vote: a challenge the table decides, the word list advising."""

from __future__ import annotations

import pytest

from tests.games.tiles.rules.table import FixedDraw, Table
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.bots import respond
from wordsy_tui.games.tiles.rules.codec import decode_snapshot, encode
from wordsy_tui.games.tiles.rules.config import VOTE_SECONDS, TileGameConfig
from wordsy_tui.games.tiles.rules.errors import ChallengeError, ClockError, NotYourTurn
from wordsy_tui.games.tiles.rules.evolve import replay
from wordsy_tui.games.tiles.rules.legal import legal_commands, may_vote
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Turn
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.rules.waits import waiting

VOTING = TileGameConfig(GameName.SCRABBLE, table_vote=True)


def voting_table(
    move: str = "8H HORX", players: tuple[str, ...] = ("ann", "bob", "cat", "dan")
) -> Table:
    """ann plays `move` (HORX is not in the test's word list) and bob challenges it."""
    table = Table(players=players, rng=FixedDraw(list("ABCD"[: len(players)])), config=VOTING)
    assert table.state.turn == "ann"
    table.give("ann", "HORNXQZ")
    table.play("ann", move)
    table.do("bob", cmd.Challenge())
    return table


def test_a_challenge_opens_the_vote_with_the_word_lists_advice() -> None:
    table = voting_table()
    assert table.log[-1] == ev.VoteOpened("bob", ("cat", "dan"), ("HORX",))
    vote = table.state.vote
    assert vote is not None
    assert vote.advice is True
    # Nothing is decided yet: the play is on the board, scored, and still pending.
    assert table.state.pending is not None
    assert table.state.scores["ann"] > 0


def test_the_voters_are_everyone_but_the_challenger_and_the_challenged() -> None:
    table = voting_table()
    state = table.state
    assert [p for p in state.players if may_vote(state, p)] == ["cat", "dan"]
    with pytest.raises(ChallengeError, match="part of this challenge"):
        table.do("bob", cmd.Vote(uphold=True))
    with pytest.raises(ChallengeError, match="part of this challenge"):
        table.do("ann", cmd.Vote(uphold=False))
    table.do("cat", cmd.Vote(uphold=True))
    with pytest.raises(ChallengeError, match="already voted"):
        table.do("cat", cmd.Vote(uphold=False))
    assert not may_vote(table.state, "cat")
    assert cmd.Vote(uphold=True) in legal_commands(table.state, "dan")


def test_nobody_moves_or_judges_while_the_table_votes() -> None:
    table = voting_table()
    with pytest.raises(ChallengeError, match="voting"):
        table.do("bob", cmd.Pass())  # bob's turn is next: it may not settle the play
    with pytest.raises(ChallengeError, match="voting"):
        table.do("cat", cmd.Challenge())
    with pytest.raises(ChallengeError, match="voting"):
        table.do("dan", cmd.Accept())
    with pytest.raises(ChallengeError, match="No vote"):
        Table(config=VOTING).do("ann", cmd.Vote(uphold=True))


def test_a_majority_may_let_a_play_stand_that_the_word_list_lacks() -> None:
    table = voting_table()
    table.do("cat", cmd.Vote(uphold=False))
    table.do("dan", cmd.Vote(uphold=False))
    decided = next(e for e in table.log if isinstance(e, ev.ChallengeDecided))
    assert decided == ev.ChallengeDecided(
        "bob", False, ("HORX",), (("cat", False), ("dan", False))
    )
    state = table.state
    assert state.vote is None
    assert state.pending is None
    assert state.turns[-2].kind == "play"
    assert state.turns[-2].player == "ann"
    assert state.turns[-1] == Turn("bob", "lost")
    assert state.turn == "cat"


def test_a_majority_may_withdraw_a_play_the_word_list_has() -> None:
    table = voting_table("8H HORN")
    assert table.state.vote is not None
    assert table.state.vote.advice is False
    table.do("cat", cmd.Vote(uphold=True))
    table.do("dan", cmd.Vote(uphold=True))
    state = table.state
    assert state.turns[-1].kind == "withdrawn"
    assert state.scores["ann"] == 0
    assert state.rack("ann") == tuple(sorted("HORNXQZ"))
    assert state.turn == "bob"


@pytest.mark.parametrize(("move", "upheld"), [("8H HORX", True), ("8H HORN", False)])
def test_a_tie_follows_the_word_list(move: str, upheld: bool) -> None:
    table = voting_table(move)
    table.do("cat", cmd.Vote(uphold=True))
    table.do("dan", cmd.Vote(uphold=False))
    decided = next(e for e in table.log if isinstance(e, ev.ChallengeDecided))
    assert decided.upheld is upheld


def test_the_vote_has_its_own_wait_and_its_time_up_counts_the_votes_cast() -> None:
    table = voting_table()
    wait = waiting(table.state)
    assert wait is not None
    assert wait.vote
    assert wait.seconds == VOTE_SECONDS
    assert wait.waits_for(table.state) == {"cat", "dan"}
    table.do("cat", cmd.Vote(uphold=False))
    assert wait.waits_for(table.state) == {"dan"}
    # The challenge window's alarm is over: only the vote's own ends the vote.
    with pytest.raises(ClockError):
        table.do(None, cmd.TimeUp("ann", wait.turns, challenges=True))
    with pytest.raises(ClockError):
        table.do("cat", wait.command)
    table.do(None, wait.command)
    decided = next(e for e in table.log if isinstance(e, ev.ChallengeDecided))
    assert decided.upheld is False  # one vote cast, that the play stands: a majority
    assert table.state.vote is None


def test_no_votes_in_time_follow_the_word_list() -> None:
    table = voting_table()
    wait = waiting(table.state)
    assert wait is not None
    table.do(None, wait.command)
    assert table.state.turns[-1].kind == "withdrawn"


def test_two_players_leave_nobody_to_vote_so_the_word_list_decides() -> None:
    table = voting_table(players=("ann", "bob"))
    assert not any(isinstance(e, ev.VoteOpened) for e in table.log)
    assert table.state.turns[-1].kind == "withdrawn"


def test_only_scrabble_has_a_table_vote() -> None:
    for game in (GameName.WWF, GameName.WORDFEUD):
        with pytest.raises(ChallengeError, match="the table's vote"):
            Table(game, config=TileGameConfig(game, table_vote=True))


def test_computer_players_vote_as_the_word_list_advises() -> None:
    for move, advice in (("8H HORX", True), ("8H HORN", False)):
        state = voting_table(move).state
        assert respond(state_for_seat(state, "cat"), "cat", frozenset()) == cmd.Vote(advice)
        assert respond(state_for_seat(state, "bob"), "bob", frozenset()) is None


def test_the_vote_replays_and_travels_in_a_snapshot() -> None:
    table = voting_table()
    table.do("cat", cmd.Vote(uphold=False))
    assert replay(table.log).vote == table.state.vote
    view = state_for_seat(table.state, "dan")
    assert decode_snapshot(encode(view)).vote == view.vote


def test_the_table_vote_is_off_by_default() -> None:
    table = Table(players=("ann", "bob", "cat"), rng=FixedDraw(list("ABC")))
    table.give("ann", "HORNXQZ")
    table.play("ann", "8H HORX")
    table.do("bob", cmd.Challenge())
    assert table.state.vote is None
    assert table.state.turns[-1].kind == "withdrawn"
    with pytest.raises(NotYourTurn):
        table.do("ann", cmd.Pass())
