"""The tile games' computer players: what they pick, what they challenge, what they see."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.games.tiles.rules.table import WORDS, Table
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.bots import (
    SCORE_EXPERT,
    TILE_STYLES,
    Holding,
    Pick,
    TileStyle,
    best_moves,
    choose_move,
    decide_turn,
    respond,
)
from wordsy_tui.games.tiles.rules.dawg import build_dawg, vocabulary_dawg
from wordsy_tui.games.tiles.rules.leaves import best_keep, leave_value
from wordsy_tui.games.tiles.rules.legal import allowed, may_play
from wordsy_tui.games.tiles.rules.movegen import Move, generate
from wordsy_tui.games.tiles.rules.rulesets import SCRABBLE, GameName
from wordsy_tui.games.tiles.rules.state import HIDDEN
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.words.lexicon import load_lexicon

SMALL = build_dawg(sorted(WORDS))
MOVES = [Move(((112, "A"),), score, True) for score in (2, 10, 20, 40, 100)]
# Every move plays the same tile, so they keep the same leave and rank as they score.
HOLDING = Holding(("A", "B", "C"), SCRABBLE, 80)


def small(_vocabulary: int) -> object:
    return SMALL


def test_the_best_bot_takes_the_top_score():
    assert choose_move(MOVES, TILE_STYLES[Level.EXPERT], random.Random(1), HOLDING) == MOVES[-1]


def test_a_good_bot_takes_the_play_nearest_its_aim():
    style = TileStyle(50, Pick.GOOD, (0.2, 0.2))
    assert choose_move(MOVES, style, random.Random(1), HOLDING).score == 20


def test_a_plausible_bot_stays_in_its_band():
    style = TileStyle(35, Pick.PLAUSIBLE, (0.05, 0.25))
    picked = {choose_move(MOVES, style, random.Random(seed), HOLDING).score for seed in range(30)}
    assert picked == {10, 20}


def test_no_moves_no_choice():
    assert choose_move([], TILE_STYLES[Level.EASY], random.Random(1), HOLDING) is None


def test_legal_answers_on_a_seats_view():
    """A bot asks `legal` about its own view, which has no bag and hidden racks."""
    table = Table()
    player = table.state.turn
    assert player is not None
    view = state_for_seat(table.state, player)
    other = next(p for p in view.players if p != player)
    assert view.bag is None
    assert set(view.rack(other)) == {HIDDEN}
    assert may_play(view, player)
    assert allowed(view, player, cmd.Exchange(view.rack(player)[:1]))
    assert not may_play(view, other)


def test_a_bot_plays_a_legal_move_on_its_turn_and_nothing_otherwise():
    table = Table(GameName.WWF)
    player = table.state.turn
    other = next(p for p in table.state.players if p != player)
    table.give(player, "RETAINS")
    style = TILE_STYLES[Level.EXPERT]
    view = state_for_seat(table.state, player)
    command = decide_turn(view, player, style, random.Random(1), small)  # type: ignore[arg-type]
    assert isinstance(command, cmd.Play)
    best = max(m.score for m in generate(view.board, view.rack(player), view.rules, SMALL))
    events = table.do(player, command)
    assert events[0].score == best  # type: ignore[union-attr]
    assert (
        decide_turn(state_for_seat(table.state, player), player, style, random.Random(1), small)
        is None
    )  # type: ignore[arg-type]
    assert other == table.state.turn


def test_a_bot_with_no_play_exchanges_keeping_the_best_leave():
    table = Table(GameName.WWF)
    player = table.state.turn
    other = next(p for p in table.state.players if p != player)
    table.give(other, "EEEEEEE")  # so that the awkward tiles are all in the bag
    table.give(player, "VVWWSJK")
    view = state_for_seat(table.state, player)
    command = decide_turn(view, player, TILE_STYLES[Level.EASY], random.Random(1), small)  # type: ignore[arg-type]
    assert isinstance(command, cmd.Exchange)
    keep, _value = best_keep(view.rack(player), view.rules, view.bag_count)
    assert "S" in keep
    assert "VV" not in "".join(keep)
    assert sorted(command.tiles + keep) == sorted(view.rack(player))


def test_on_a_board_blocked_for_a_whole_round_a_bot_passes_so_the_game_can_end():
    table = Table(GameName.WWF)
    player = table.state.turn
    other = next(p for p in table.state.players if p != player)
    table.give(other, "EEEEEEE")
    table.give(player, "VVWWXJK")
    blocked = dataclasses.replace(table.state, scoreless_run=len(table.state.players))
    view = state_for_seat(blocked, player)
    command = decide_turn(view, player, TILE_STYLES[Level.EASY], random.Random(1), small)  # type: ignore[arg-type]
    assert command == cmd.Pass()


def test_a_bot_challenges_a_word_not_in_the_list_and_accepts_a_good_one():
    table = Table()
    first = table.state.turn
    bot = next(p for p in table.state.players if p != first)
    table.give(first, "TRAINSZ")
    table.play(first, "8H TRAINS")
    assert respond(state_for_seat(table.state, bot), bot, WORDS) == cmd.Accept()
    assert respond(state_for_seat(table.state, first), first, WORDS) is None  # its own play
    assert respond(state_for_seat(table.state, bot), bot, WORDS - {"trains"}) == cmd.Challenge()


def test_no_challenges_in_words_with_friends():
    table = Table(GameName.WWF)
    first = table.state.turn
    bot = next(p for p in table.state.players if p != first)
    assert respond(state_for_seat(table.state, bot), bot, WORDS) is None


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM])
def test_a_bots_words_are_within_its_vocabulary(level: Level):
    lexicon = load_lexicon()
    vocabulary = TILE_STYLES[level].vocabulary
    table = Table(words=frozenset())  # the words are never judged here
    player = table.state.turn
    table.give(player, "AEINRST")
    moves = generate(
        table.state.board, table.state.rack(player), table.state.rules, vocabulary_dawg(vocabulary)
    )
    assert moves
    # On the empty board a play's tiles are its one word.
    words = {"".join(c for _, c in m.placement) for m in moves}
    assert all((lexicon.level(w.lower()) or 99) <= vocabulary for w in words)


def first_turn(rack: str) -> tuple[Table, str]:
    """A Scrabble table whose first player holds `rack`."""
    table = Table()
    player = table.state.turn
    assert player is not None
    table.give(player, rack)
    return table, player


def tiles_of(play: cmd.Play) -> str:
    return "".join(char for _square, char in play.placement)


def test_the_expert_keeps_the_better_leave_when_two_plays_score_alike():
    table, player = first_turn("QIZASER")  # QI and ZA both score 22 on the star
    view = state_for_seat(table.state, player)
    by_score = SCORE_EXPERT
    words = set()
    for seed in range(12):
        expert = decide_turn(view, player, TILE_STYLES[Level.EXPERT], random.Random(seed), small)  # type: ignore[arg-type]
        assert isinstance(expert, cmd.Play)
        assert tiles_of(expert) == "QI"
        scorer = decide_turn(view, player, by_score, random.Random(seed), small)  # type: ignore[arg-type]
        assert isinstance(scorer, cmd.Play)
        words.add(tiles_of(scorer))
    assert words == {"QI", "ZA"}  # the score alone cannot tell them apart


def test_the_expert_exchanges_when_every_play_is_poor():
    table, player = first_turn("VVUUWWE")  # WE, 10 points, would keep VVUUW
    view = state_for_seat(table.state, player)
    expert = decide_turn(view, player, TILE_STYLES[Level.EXPERT], random.Random(1), small)  # type: ignore[arg-type]
    assert isinstance(expert, cmd.Exchange)
    keep, _value = best_keep(view.rack(player), view.rules, view.bag_count)
    assert sorted(expert.tiles + keep) == sorted("VVUUWWE")
    by_score = SCORE_EXPERT
    scorer = decide_turn(view, player, by_score, random.Random(1), small)  # type: ignore[arg-type]
    assert isinstance(scorer, cmd.Play)


def test_hints_rank_by_equity_and_show_score_and_equity():
    table, player = first_turn("QIZASER")
    hints = best_moves(table.state, table.state.rack(player), SMALL, limit=3)
    assert tiles_of(cmd.Play(hints[0].move.placement)) == "QI"
    assert hints[0].leave == ("A", "E", "R", "S", "Z")
    equities = [h.equity for h in hints]
    assert equities == sorted(equities, reverse=True)
    for hint in hints:
        worth = leave_value(hint.leave, SCRABBLE, table.state.bag_count)
        assert hint.equity == pytest.approx(hint.move.score + worth)
