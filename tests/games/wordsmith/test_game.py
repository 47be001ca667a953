"""The game: set-up, rounds of sealed turns revealed together, the clock, leaving, goals and
the end."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise

import pytest

from tests.games.wordsmith.table import LEXICON, Table, random_turn, salt, sheet_with, sq
from wordsy_tui.games.wordsmith import commands as cmd
from wordsy_tui.games.wordsmith import events as ev
from wordsy_tui.games.wordsmith.alarms import alarm_for
from wordsy_tui.games.wordsmith.components import (
    CARDS,
    CARDS_PER_ROUND,
    DECK,
    GOAL_CARDS,
    GOAL_FIRST,
    GOAL_LATER,
    GOALS,
    ROUNDS,
    START_SQUARES,
    Kind,
)
from wordsy_tui.games.wordsmith.config import WordsmithConfig
from wordsy_tui.games.wordsmith.errors import (
    ClockError,
    RevealError,
    SeatingError,
    TurnError,
    UnknownPlayer,
    WrongPhase,
)
from wordsy_tui.games.wordsmith.legal import (
    legal_commands,
    may_choose,
    may_reveal,
    preview,
    refusal,
)
from wordsy_tui.games.wordsmith.scoring import final_scores
from wordsy_tui.games.wordsmith.state import Phase
from wordsy_tui.games.wordsmith.turn import Pick, Turn, commit


def test_set_up_writes_the_two_start_cards_and_deals_the_first_round():
    table = Table(("ann", "bob", "cy"))
    started, dealt = table.log[:2]
    assert isinstance(started, ev.GameStarted)
    first, second = CARDS[started.start[0]], CARDS[started.start[1]]
    for sheet in table.state.sheets.values():
        letters = [sheet.letter(square) for square in START_SQUARES]
        assert letters == [first.top, first.bottom, second.top, second.bottom]
        assert sheet.circled == 0
    assert isinstance(dealt, ev.RoundStarted)
    assert dealt.round == 1
    assert dealt.next_card is not None
    assert table.state.deck == DECK - CARDS_PER_ROUND
    assert table.state.phase is Phase.CHOOSING


def test_two_goals_are_drawn_one_side_of_each_of_two_cards():
    for seed in range(20):
        goals = Table(seed=seed).state.goals
        cards = [next(i for i, card in enumerate(GOAL_CARDS) if g in card) for g in goals]
        assert len(goals) == 2
        assert cards[0] != cards[1]
    assert Table(config=WordsmithConfig(goals=False)).state.goals == ()


def test_the_deck_top_is_next_rounds_yellow_slot_and_no_card_comes_twice():
    table = Table()
    rng = random.Random(3)
    strips = []
    while table.state.phase is not Phase.OVER:
        strips.append((table.state.strip, table.state.next_card))
        table.round({p: random_turn(table.state, p, rng) for p in table.players})
    assert len(strips) == ROUNDS
    for (_, shown_next), (strip, _) in pairwise(strips):
        assert strip[0] == shown_next
    assert strips[-1][1] is None
    dealt = [card for strip, _ in strips for card in strip]
    started = table.log[0]
    assert isinstance(started, ev.GameStarted)
    assert len(set(dealt) | set(started.start)) == DECK + 2


@pytest.mark.parametrize(
    ("players", "message"),
    [(("ann",), "2 to 10"), (tuple(f"p{i}" for i in range(11)), "2 to 10"), (("a", "a"), "own")],
)
def test_the_game_starts_with_two_to_ten_players_of_different_names(players, message):
    table = Table()
    table.state = replace(table.state, phase=Phase.NEW)
    with pytest.raises(SeatingError, match=message):
        table.do(None, cmd.StartGame(players))


def test_only_the_host_starts_the_game_and_only_once():
    table = Table()
    with pytest.raises(SeatingError, match="host"):
        table.do("ann", cmd.StartGame(("ann", "bob")))
    with pytest.raises(WrongPhase):
        table.do(None, cmd.StartGame(("ann", "bob")))


def test_turns_are_sealed_then_revealed_together():
    table = Table()
    ann = random_turn(table.state, "ann", random.Random(1))
    bob = random_turn(table.state, "bob", random.Random(2))
    table.seal("ann", ann)
    assert table.state.phase is Phase.CHOOSING
    assert not may_choose(table.state, "ann")
    assert may_choose(table.state, "bob")
    with pytest.raises(WrongPhase, match="once every player has chosen"):
        table.reveal("ann", ann)
    with pytest.raises(RevealError, match="sealed already"):
        table.seal("ann", ann)
    events = table.seal("bob", bob)
    assert [type(e) for e in events] == [ev.TurnSealed, ev.ChoicesClosed]
    assert may_reveal(table.state, "ann")
    table.reveal("ann", ann)
    events = table.reveal("bob", bob)
    assert isinstance(events[0], ev.TurnPlayed)
    assert ev.RevealClosed(1) in events
    assert table.state.round == 2


def test_a_reveal_must_be_the_turn_sealed():
    table = Table()
    turn = random_turn(table.state, "ann", random.Random(1))
    table.seal("ann", turn)
    table.seal("bob", random_turn(table.state, "bob", random.Random(2)))
    other = Turn((turn.picks[1], turn.picks[0]))
    with pytest.raises(RevealError, match="not the turn you sealed"):
        table.reveal("ann", other)
    with pytest.raises(RevealError, match="not the turn you sealed"):
        table.do("ann", cmd.Reveal(turn, b"another salt"))
    table.reveal("ann", turn)
    with pytest.raises(RevealError, match="revealed already"):
        table.reveal("ann", turn)


def test_a_sealed_turn_the_rules_refuse_is_refused_at_the_reveal():
    table = Table()
    bad = Turn((Pick(START_SQUARES[0], "Q", None), Pick(0, "Q", None)))
    assert refusal(table.state, "ann", bad, LEXICON) is not None
    table.seal("ann", bad)
    table.seal("bob", random_turn(table.state, "bob", random.Random(2)))
    with pytest.raises(TurnError, match="already holds"):
        table.reveal("ann", bad)


def test_a_commitment_is_32_bytes():
    table = Table()
    with pytest.raises(RevealError, match="32-byte"):
        table.do("ann", cmd.Seal(b"short"))


def test_only_players_at_the_game_act():
    table = Table()
    with pytest.raises(UnknownPlayer):
        table.do("eve", cmd.Seal(bytes(32)))
    with pytest.raises(UnknownPlayer):
        table.do(None, cmd.Seal(bytes(32)))


def test_the_clock_ends_choosing_and_whoever_has_not_chosen_plays_nothing():
    table = Table()
    turn = random_turn(table.state, "ann", random.Random(1))
    table.seal("ann", turn)
    alarm = alarm_for(table.state)
    assert alarm is not None
    assert alarm.key == ("choosing", 1)
    assert alarm.seconds == WordsmithConfig().round_seconds
    with pytest.raises(ClockError, match="host"):
        table.do("bob", alarm.command)
    events = table.do(None, alarm.command)
    assert events == [ev.ChoicesClosed(1, ("bob",))]
    with pytest.raises(ClockError, match="over"):
        table.do(None, alarm.command)
    bob_before = table.state.sheet("bob")
    table.reveal("ann", turn)
    assert table.state.round == 2
    assert table.state.sheet("bob") == bob_before


def test_the_clock_ends_the_reveal_and_a_turn_not_revealed_is_not_played():
    table = Table()
    for player in table.players:
        table.seal(player, random_turn(table.state, player, random.Random(1)))
    alarm = alarm_for(table.state)
    assert alarm is not None
    assert alarm.key == ("reveal", 1)
    events = table.do(None, alarm.command)
    assert events[0] == ev.RevealClosed(1, ("ann", "bob"))
    assert isinstance(events[-1], ev.RoundStarted)
    assert table.state.sheet("ann").spent == 0


def test_nobody_choosing_in_time_moves_the_game_on():
    table = Table()
    table.do(None, cmd.TimeUp(1, reveal=False))
    assert table.state.round == 2
    assert table.state.phase is Phase.CHOOSING


def test_a_player_who_leaves_is_waited_on_no_more_and_keeps_their_sheet():
    table = Table(("ann", "bob", "cy"))
    assert legal_commands(table.state, "cy") == [cmd.LeaveGame()]
    table.seal("ann", random_turn(table.state, "ann", random.Random(1)))
    table.seal("bob", random_turn(table.state, "bob", random.Random(2)))
    events = table.do("cy", cmd.LeaveGame())
    assert events == [ev.PlayerLeft("cy"), ev.ChoicesClosed(1)]
    assert legal_commands(table.state, "cy") == []
    with pytest.raises(WrongPhase, match="left"):
        table.do("cy", cmd.Seal(bytes(32)))
    assert "cy" in table.state.sheets


def test_when_everyone_has_left_the_game_plays_out_to_its_end():
    table = Table()
    table.do("ann", cmd.LeaveGame())
    table.do("bob", cmd.LeaveGame())
    assert table.state.phase is Phase.OVER
    assert alarm_for(table.state) is None


def test_goals_reached_in_the_same_round_are_first_for_all_and_later_for_the_rest():
    """Two goblets: FAST has forged f1-f2, BONE forges d3-d4."""
    goal = next(i for i, g in enumerate(GOALS) if g.name == "Two goblets")
    table = Table(("ann", "bob", "cy"))
    table.state = replace(table.state, goals=(goal,))
    table.set_strip("EN", "PR", "AD")
    made = sheet_with(words=[("FAST", "f1", "down")], loose={"d1": "B", "d2": "O"})
    for player in ("ann", "bob", "cy"):
        table.set_sheet(player, made)
    bold = Turn((Pick(sq("d3"), "N", 1), Pick(sq("d4"), "E", 0)))  # BONE: d1-d4
    idle = Turn((Pick(sq("a8"), "N", 1), Pick(sq("b8"), "E", 0)))
    events = table.round({"ann": bold, "bob": bold, "cy": idle})
    reached = next(e for e in events if isinstance(e, ev.GoalsReached))
    assert reached.reached == ((goal, "ann", True), (goal, "bob", True))
    table.set_strip("EN", "PR", "AD")
    events = table.round({"ann": idle, "bob": idle, "cy": bold})
    reached = next(e for e in events if isinstance(e, ev.GoalsReached))
    assert reached.reached == ((goal, "cy", False),)
    points = {p: final_scores(table.state.sheets)[p].goals for p in table.players}
    assert points == {"ann": GOAL_FIRST, "bob": GOAL_FIRST, "cy": GOAL_LATER}


def test_the_game_ends_after_twelve_rounds_with_every_scoring_line():
    table = Table(("ann", "bob", "cy"), seed=11)
    rng = random.Random(5)
    while table.state.phase is not Phase.OVER:
        table.round({p: random_turn(table.state, p, rng) for p in table.players})
    ended = table.log[-1]
    assert isinstance(ended, ev.GameEnded)
    assert table.state.round == ROUNDS
    assert dict(ended.scores) == final_scores(table.state.sheets)
    best = max(lines.total for lines in table.state.scores.values())
    assert ended.winners
    assert all(table.state.scores[w].total == best for w in ended.winners)
    with pytest.raises(WrongPhase, match="over"):
        table.do("ann", cmd.Seal(bytes(32)))


def test_commit_binds_the_whole_turn():
    turn = Turn((Pick(0, "A", 0), Pick(1, "B", None)))
    assert commit(turn, salt("ann")) != commit(
        Turn((Pick(0, "A", 0), Pick(1, "C", None))), salt("ann")
    )
    assert commit(turn, salt("ann")) != commit(turn, salt("bob"))


def test_the_preview_works_out_a_turn_being_put_together():
    """One letter chosen so far: the screen shows what it makes; sealing waits for two."""
    table = Table()
    table.set_sheet("ann", sheet_with(loose={"a4": "B", "a6": "R", "a7": "P"}))
    table.set_strip("QU", "PR", "AD")
    half = Turn((Pick(sq("a5"), "U", 1),))
    forged = preview(table.state, "ann", half, LEXICON)
    assert [word.text for word in forged.words] == ["BURP"]
    assert forged.sheet.forged_kinds()[Kind.RING] == 2
    assert (
        refusal(table.state, "ann", half, LEXICON) == "Choose two letters, each with its square."
    )
    whole = Turn((*half.picks, Pick(sq("h8"), "Q", 0)))
    assert refusal(table.state, "ann", whole, LEXICON) is None
    assert preview(table.state, "ann", Turn(()), LEXICON).steps == ()
