"""The tile games' turns: first play, plays, challenges, exchanges, passes and the end."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from tests.games.tiles.rules.table import FixedDraw, Table
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.errors import (
    ChallengeError,
    ExchangeError,
    NotYourTurn,
    PlacementError,
    RackError,
    WordError,
)
from wordsy_tui.games.tiles.rules.evolve import replay
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase


def test_closest_to_a_plays_first():
    table = Table(rng=FixedDraw(["E", "B"]))
    assert table.state.players == ("bob", "ann")
    assert table.state.turn == "bob"


def test_a_blank_beats_any_letter():
    table = Table(players=("ann", "bob", "cy"), rng=FixedDraw(["A", "?", "B"]))
    assert table.state.turn == "bob"
    assert table.state.players == ("bob", "cy", "ann")  # play passes to the left


def test_a_tie_draws_again_among_the_tied():
    table = Table(players=("ann", "bob", "cy"), rng=FixedDraw(["C", "C", "D"], ["M", "K"]))
    draws = [e.draws for e in table.log if isinstance(e, ev.FirstPlayDrawn)]
    assert draws == [(("ann", "C"), ("bob", "C"), ("cy", "D")), (("ann", "M"), ("bob", "K"))]
    assert table.state.turn == "bob"


def test_wordfeud_and_wwf_start_with_the_host():
    for game in (GameName.WWF, GameName.WORDFEUD):
        table = Table(game, players=("ann", "bob"))
        assert table.state.turn == "ann"
        assert not any(isinstance(e, ev.FirstPlayDrawn) for e in table.log)


def test_start_deals_seven_tiles_each():
    table = Table()
    state = table.state
    assert all(len(state.rack(p)) == 7 for p in state.players)
    assert state.bag_count == 100 - 14
    assert Counter(state.bag) + Counter(state.rack("ann")) + Counter(state.rack("bob")) == Counter(
        state.rules.full_bag()
    )


def scrabble_table() -> Table:
    table = Table(rng=FixedDraw(["A", "B"]))
    table.give("ann", "HORNXYZ")
    table.give("bob", "FAMEEEE")
    return table


def test_a_play_scores_and_refills():
    table = scrabble_table()
    table.play("ann", "8H HORN")
    assert table.state.scores["ann"] == 14
    assert table.state.pending is not None  # bob may still challenge
    table.do("bob", cmd.Accept())
    assert len(table.state.rack("ann")) == 7
    assert table.state.turn == "bob"
    assert table.state.turns[-1].words == (("HORN", 14),)


def test_not_your_turn():
    table = scrabble_table()
    with pytest.raises(NotYourTurn):
        table.play("bob", "8H FAME")


def test_tiles_not_on_the_rack():
    table = scrabble_table()
    with pytest.raises(RackError, match="Q"):
        table.play("ann", "8H QI")


def test_a_rack_holds_each_tile_as_often_as_it_is_used():
    table = scrabble_table()
    with pytest.raises(RackError, match=r"these tiles: O, R, R\.$"):
        table.play("ann", "8H HORROR")  # one O and one R on the rack: two Os and three Rs
    with pytest.raises(RackError, match=r"these tiles: \?\.$"):
        table.play("ann", "8H HORn")  # a blank, which the rack does not hold


def test_a_bad_placement_changes_nothing():
    table = scrabble_table()
    before = table.state
    with pytest.raises(PlacementError):
        table.play("ann", "8A HORN")
    assert table.state == before


def test_next_players_turn_accepts_the_play():
    table = scrabble_table()
    table.play("ann", "8H HORN")
    table.play("bob", "J6 FARM")
    assert table.state.scores == {"ann": 14, "bob": 17}
    assert table.state.pending is not None
    assert table.state.pending.player == "bob"
    with pytest.raises(ChallengeError, match="your own play"):
        table.do("bob", cmd.Challenge())


def test_upheld_challenge_withdraws_the_play_and_costs_the_turn():
    table = scrabble_table()
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Accept())
    table.give("bob", "EEAIOUS")
    table.play("bob", "J7 ERE")  # through HORN's R; ERE is not in the test's word list
    assert table.state.board.count(".") == 225 - 6
    table.do("ann", cmd.Challenge())
    state = table.state
    assert state.scores["bob"] == 0
    assert state.rack("bob") == tuple(sorted("EEAIOUS"))
    assert state.board.count(".") == 225 - 4
    assert state.turn == "ann"
    assert state.turns[-1].kind == "withdrawn"


def test_failed_challenge_costs_the_challenger_the_next_turn():
    table = scrabble_table()
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Challenge())
    assert table.state.scores["ann"] == 14
    # bob lost the turn that was coming: it is ann's again.
    assert [type(e).__name__ for e in table.log[-3:]] == ["TilesDrawn", "TurnLost", "TurnStarted"]
    assert table.state.turn == "ann"


def test_wwf_refuses_a_word_not_in_the_list_at_play_time():
    table = Table(GameName.WWF)
    table.give("ann", "HORZXYE")
    before = table.state
    with pytest.raises(WordError, match="HORZ"):
        table.play("ann", "8H HORZ")
    assert table.state == before
    with pytest.raises(ChallengeError, match="no challenges"):
        table.do("bob", cmd.Challenge())


def test_wwf_play_stands_at_once():
    table = Table(GameName.WWF)
    table.give("ann", "HORNXYE")
    table.play("ann", "8H HORN")
    assert table.state.pending is None
    assert table.state.turn == "bob"
    assert len(table.state.rack("ann")) == 7


def test_exchange_keeps_the_counts():
    table = scrabble_table()
    table.do("ann", cmd.Exchange(("X", "Y", "Z")))
    assert len(table.state.rack("ann")) == 7
    assert table.state.bag_count == 86
    assert table.state.turn == "bob"
    assert table.state.scoreless_run == 1


def test_wordfeud_exchange_needs_seven_in_the_bag():
    table = Table(GameName.WORDFEUD)
    bag = table.state.bag or ()
    table.state = replace(table.state, bag=bag[:6], bag_count=6)
    with pytest.raises(ExchangeError, match="at least 7"):
        table.do("ann", cmd.Exchange(table.state.rack("ann")[:1]))


def test_scrabble_exchange_needs_as_many_in_the_bag():
    table = scrabble_table()
    bag = table.state.bag or ()
    table.state = replace(table.state, bag=bag[:2], bag_count=2)
    with pytest.raises(ExchangeError, match="at least 3"):
        table.do("ann", cmd.Exchange(("X", "Y", "Z")))
    table.do("ann", cmd.Exchange(("X", "Y")))
    assert table.state.turn == "bob"


def test_going_out_with_an_empty_bag_ends_the_game_with_adjustments():
    table = Table(GameName.WWF)
    table.give("ann", "HORN")
    table.give("bob", "QZE")
    table.empty_bag()
    table.play("ann", "8H HORN")
    state = table.state
    assert state.phase is Phase.OVER
    assert state.out == "ann"
    # QZE in WwF: 10 + 10 + 1.
    assert state.adjustments == {"ann": 21, "bob": -21}
    assert state.scores == {"ann": 7 + 21, "bob": -21}
    assert state.winners == ("ann",)


def test_wordfeud_ends_after_three_passes_in_a_row():
    table = Table(GameName.WORDFEUD)
    for seat in ("ann", "bob"):
        table.do(seat, cmd.Pass())
    assert table.state.phase is Phase.PLAYING
    table.do("ann", cmd.Pass())
    state = table.state
    assert state.phase is Phase.OVER
    assert state.out is None
    for player in state.players:  # each loses what is left on their rack
        assert state.adjustments[player] == -sum(state.rules.value(t) for t in state.rack(player))


def test_wordfeud_exchange_is_not_a_pass():
    table = Table(GameName.WORDFEUD)
    table.do("ann", cmd.Pass())
    table.do("bob", cmd.Pass())
    table.do("ann", cmd.Exchange(table.state.rack("ann")[:1]))
    table.do("bob", cmd.Pass())
    assert table.state.phase is Phase.PLAYING


def test_wwf_scoreless_turns_do_not_end_a_zero_zero_game():
    table = Table(GameName.WWF)
    for seat in ("ann", "bob", "ann", "bob"):
        table.do(seat, cmd.Pass())
    assert table.state.phase is Phase.PLAYING


def test_wwf_three_scoreless_turns_end_a_scored_game():
    table = Table(GameName.WWF)
    table.give("ann", "HORNXYE")
    table.play("ann", "8H HORN")
    for seat in ("bob", "ann"):
        table.do(seat, cmd.Pass())
    assert table.state.phase is Phase.PLAYING
    table.do("bob", cmd.Exchange(table.state.rack("bob")[:1]))
    assert table.state.phase is Phase.OVER


def test_scrabble_ends_after_three_scoreless_turns_each():
    table = Table(rng=FixedDraw(["A", "B"]))
    for seat in ("ann", "bob") * 2 + ("ann",):
        table.do(seat, cmd.Pass())
    assert table.state.phase is Phase.PLAYING
    table.do("bob", cmd.Pass())
    assert table.state.phase is Phase.OVER


def test_scrabble_tie_goes_to_the_higher_score_before_adjustments():
    table = Table(rng=FixedDraw(["A", "B"]))
    table.state = replace(table.state, scores={"ann": 20, "bob": 10}, scoreless_run=5)
    table.give("ann", "Z")  # 10 points left
    table.give("bob", "")  # bob holds nothing (never happens in play; isolates the rule)
    table.do("bob" if table.state.turn == "bob" else "ann", cmd.Pass())
    state = table.state
    assert state.phase is Phase.OVER
    assert state.scores == {"ann": 10, "bob": 10}
    assert state.winners == ("ann",)


def test_wwf_tie_is_shared():
    table = Table(GameName.WWF)
    table.state = replace(table.state, scores={"ann": 20, "bob": 10}, scoreless_run=2)
    table.give("ann", "Z")
    table.give("bob", "")
    table.do("ann", cmd.Pass())
    assert table.state.winners == ("ann", "bob")


def test_the_log_replays_to_the_same_state():
    table = Table(rng=FixedDraw(["A", "B"]))
    for seat in ("ann", "bob"):
        table.do(seat, cmd.Exchange(table.state.rack(seat)[:2]))
    assert replay(table.log) == table.state


def test_wordfeud_random_board_is_drawn_at_the_start_and_scores():
    from wordsy_tui.games.tiles.rules.config import TileGameConfig
    from wordsy_tui.games.tiles.rules.rulesets import WORDFEUD

    table = Table(GameName.WORDFEUD, start=False)
    table.state = replace(table.state, config=TileGameConfig(GameName.WORDFEUD, random_board=True))
    table.do(None, cmd.StartGame())
    started = next(e for e in table.log if isinstance(e, ev.GameStarted))
    assert started.layout != WORDFEUD.layout
    assert table.state.premiums == "".join(started.layout)


def test_legal_commands_follow_the_turn_and_the_challenge_window():
    from wordsy_tui.games.tiles.rules.legal import legal_commands, may_play

    table = scrabble_table()
    assert may_play(table.state, "ann")
    assert not may_play(table.state, "bob")
    assert cmd.Pass() in legal_commands(table.state, "ann")
    assert legal_commands(table.state, "bob") == []
    table.play("ann", "8H HORN")
    assert set(map(type, legal_commands(table.state, "bob"))) == {
        cmd.Pass,
        cmd.Challenge,
        cmd.Accept,
        cmd.Exchange,
    }
    assert legal_commands(table.state, "ann") == []


def test_a_challenge_is_kept_on_the_turn_it_judged():
    table = scrabble_table()
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Challenge())  # HORN is a word: it stands
    assert table.state.turns[0].kind == "play"
    assert table.state.turns[0].challenger == "bob"
    table.give("ann", "EEAIOUS")
    table.play("ann", "J7 ERE")  # not in the test's word list
    table.do("bob", cmd.Accept())  # (ann plays on: bob lost the turn)
    assert [t.challenger for t in table.state.turns] == ["bob", None, None]
    table.give("bob", "EEAIOUS")
    table.play("bob", "K9 EAU")  # NEAU, down from HORN's N: no word
    table.do("ann", cmd.Challenge())
    assert table.state.turns[-1].kind == "withdrawn"
    assert table.state.turns[-1].challenger == "ann"


def test_may_exchange_asks_for_the_least_the_bag_allows():
    from wordsy_tui.games.tiles.rules.legal import may_exchange

    table = Table(GameName.WORDFEUD)
    assert may_exchange(table.state, "ann")
    assert not may_exchange(table.state, "bob")  # not bob's turn
    bag = table.state.bag or ()
    table.state = replace(table.state, bag=bag[:6], bag_count=6)
    assert not may_exchange(table.state, "ann")  # Wordfeud: seven in the bag


def test_what_a_failed_challenge_would_cost():
    from wordsy_tui.games.tiles.rules.legal import if_challenge_fails
    from wordsy_tui.games.tiles.rules.view import state_for_seat

    table = scrabble_table()
    table.play("ann", "8H HORN")
    seen = state_for_seat(table.state, "bob")
    after = if_challenge_fails(seen, "bob")
    assert after is not None
    assert [t.kind for t in after.turns] == ["play", "lost"]  # bob came next: lost at once
    assert after.turn == "ann"
    assert if_challenge_fails(seen, "ann") is None  # one's own play

    going_out = Table(players=("ann", "bob", "cat"), rng=FixedDraw(["A", "B", "C"]))
    going_out.give("ann", "HORN")
    going_out.empty_bag()
    going_out.play("ann", "8H HORN")
    after = if_challenge_fails(state_for_seat(going_out.state, "cat"), "cat")
    assert after is not None
    assert after.phase is Phase.OVER
    assert "cat" in after.skip  # (a turn that never comes)
