"""The post-game review of a fixed game: each move's best by score and by equity, what it
lost, the game's biggest swings, and the review as a GCG record's notes."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from itertools import combinations

import pytest

from tests.games.tiles.rules.table import Table
from tests.games.tiles.rules.test_gcg import SCRIPTED, play_back, scripted_game
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.bots import TILE_STYLES, decide_turn
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.evolve import evolve
from wordsy_tui.games.tiles.rules.gcg import NotFinished, export_gcg
from wordsy_tui.games.tiles.rules.leaves import equity, leave_value
from wordsy_tui.games.tiles.rules.movegen import generate, shipped_dawg
from wordsy_tui.games.tiles.rules.review import (
    END,
    MoveReview,
    Option,
    Review,
    Swing,
    exchanges,
    notes,
    review_game,
)
from wordsy_tui.games.tiles.rules.rulesets import RULES, GameName
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.rules.view import for_seat, state_for_seat
from wordsy_tui.games.tiles.rules.words import shipped_words


@cache
def scripted_review() -> Review:
    return review_game(scripted_game().log, shipped_dawg())


def positions() -> list[TileGameState]:
    """The scripted game's state before each of its moves (plays, exchanges, passes)."""
    state, found = TileGameState(), []
    for event in scripted_game().log:
        if isinstance(event, ev.TilesPlayed | ev.TilesExchanged | ev.Passed):
            found.append(state)
        state = evolve(state, event)
    return found


def test_each_move_is_reviewed_in_order_and_a_lost_turn_is_not():
    review = scripted_review()
    assert [(m.number, m.player) for m in review.moves] == [
        (1, "ann"),
        (2, "bob"),
        (3, "ann"),
        (4, "bob"),
        (5, "ann"),  # bob then lost his turn to his failed challenge: no choice of his
        (6, "ann"),
        (7, "bob"),
        (8, "ann"),
        (9, "bob"),
        (10, "ann"),
    ]
    assert [m.played.text for m in review.of("bob")] == ["J6 FARM", "exchange EET", "pass", "pass"]


def test_the_best_play_by_score_and_the_points_lost():
    first, farm = scripted_review().moves[:2]
    assert first.rack == tuple("?AEHNOR")
    assert (first.played.text, first.played.score) == ("8H HORN", 14)
    assert first.best_score is not None
    assert (first.best_score.text, first.best_score.score) == ("8H ANOtHER", 76)
    assert first.points_lost == 62
    assert farm.best_score is not None
    assert (farm.best_score.text, farm.best_score.score) == ("K1 RAFTSMEN", 76)
    assert farm.points_lost == 76 - 17


def test_the_best_by_score_is_the_move_generators_top_score():
    for state, move in zip(positions(), scripted_review().moves, strict=True):
        plays = generate(state.board, move.rack, state.rules, shipped_dawg(), state.premiums)
        assert move.best_score is not None
        assert move.best_score.score == max(play.score for play in plays)


def test_the_best_by_equity_weighs_the_tiles_kept():
    for state, move in zip(positions(), scripted_review().moves, strict=True):
        rules, bag = state.rules, state.bag_count
        plays = generate(state.board, move.rack, rules, shipped_dawg(), state.premiums)
        best_play = max(equity(play, move.rack, rules, bag) for play in plays)
        keep_all = leave_value(move.rack, rules, bag)  # a pass
        assert move.best_equity.equity == pytest.approx(max(best_play, keep_all)) or (
            move.best_equity.text.startswith("exchange")
            and move.best_equity.equity >= max(best_play, keep_all)
        )
        assert move.equity_lost == pytest.approx(move.best_equity.equity - move.played.equity)


def test_a_played_move_is_valued_as_the_leaves_value_it():
    review = scripted_review()
    horn, exchange, pass_ = review.moves[0], review.moves[3], review.moves[5]
    rules = RULES[GameName.SCRABBLE]
    # HORN kept ?AE; the bag then held 86 tiles (100 less two racks).
    assert horn.played.equity == pytest.approx(14 + leave_value(tuple("?AE"), rules, 86))
    assert exchange.played.text == "exchange EET"
    assert exchange.played.equity == pytest.approx(leave_value(tuple("ERST"), rules, 79))
    bag = positions()[5].bag_count
    assert pass_.played.equity == pytest.approx(leave_value(pass_.rack, rules, bag))


def test_a_withdrawn_play_scored_nothing_and_kept_the_whole_rack():
    mtax = scripted_review().moves[2]
    assert mtax.withdrawn
    assert (mtax.played.text, mtax.played.score) == ("9J MTAX", 0)
    rules = RULES[GameName.SCRABBLE]
    assert mtax.played.equity == pytest.approx(leave_value(mtax.rack, rules, 84))
    assert mtax.best_score is not None
    assert (mtax.best_score.text, mtax.best_score.score) == ("7B EXpIATE", 77)
    assert mtax.points_lost == 77


def test_the_biggest_swings():
    assert scripted_review().swings == (
        Swing(2, "bob", "J6 FARM", -14, 3),
        Swing(1, "ann", "8H HORN", 0, 14),
        Swing(END, "ann", "the end", 3, -7),  # ann's rack cost her 17, bob's 7
        Swing(5, "ann", "9G tA", -3, 3),
    )  # MTAX, withdrawn, moved nothing; nor did any pass
    farm = scripted_review().swings[0]
    assert (farm.size, farm.lead_changed) == (17, True)


def test_what_each_player_lost_in_all():
    review = scripted_review()
    assert review.lost("ann")[0] == 62 + 77 + 71 + 41 * 3
    assert review.lost("bob")[0] == 59 + 75 + 93 * 2


def test_an_unfinished_game_has_no_review():
    log = scripted_game().log
    ended = next(i for i, e in enumerate(log) if isinstance(e, ev.GameEnded))
    with pytest.raises(NotFinished):
        review_game(log[:ended], shipped_dawg())


def test_a_seats_view_of_the_game_has_no_review():
    """Another player's racks are hidden in a seat's view: only the host's log is reviewed."""
    seen = [e for e in (for_seat(event, "ann") for event in scripted_game().log) if e]
    with pytest.raises(NotFinished, match="hides"):
        review_game(seen, shipped_dawg())


def test_the_review_as_the_records_notes():
    review = scripted_review()
    record = export_gcg(scripted_game().log, "g1", notes(review))
    lines = record.splitlines()
    horn = lines.index(">ann: ?AEHNOR 8H HORN +14 14")
    assert lines[horn + 1] == (
        "#note review: played 14 (equity "
        f"{review.moves[0].played.equity:.1f}); best by equity 8H ANOtHER 76 (equity "
        f"{review.moves[0].best_equity.equity:.1f}); also best by score; lost 62 points, "
        f"{review.moves[0].equity_lost:.1f} equity"
    )
    notes_lines = [line for line in lines if line.startswith("#note review:")]
    assert len(notes_lines) == len(review.moves)
    # Without them the record is as it was; with them it plays back the same.
    assert [line for line in lines if not line.startswith("#note review:")] == (
        SCRIPTED.splitlines()
    )
    assert play_back(record, GameName.SCRABBLE, RULES[GameName.SCRABBLE].premiums) == (
        play_back(SCRIPTED, GameName.SCRABBLE, RULES[GameName.SCRABBLE].premiums)
    )


def bag_of(table: Table, tiles: int) -> TileGameState:
    """The table with only `tiles` tiles left in the bag."""
    bag = (table.state.bag or ())[:tiles]
    return replace(table.state, bag=bag, bag_count=len(bag))


def test_an_exchange_is_an_alternative_only_as_far_as_the_bag_allows():
    table = Table(rng=random.Random(3))
    mover = table.state.turn
    assert mover is not None
    put_back = [len(o.text.split()[1]) for o in exchanges(table.state, mover)]
    assert put_back == [1, 2, 3, 4, 5, 6, 7]  # each count, the best leave kept
    assert [len(o.text.split()[1]) for o in exchanges(bag_of(table, 3), mover)] == [1, 2, 3]
    assert exchanges(bag_of(table, 0), mover) == []
    tournament = TileGameConfig(GameName.SCRABBLE, tournament_exchange=True)
    strict = Table(rng=random.Random(3), config=tournament)
    assert exchanges(bag_of(strict, 6), mover) == []  # tournaments: 7 in the bag at least
    assert len(exchanges(bag_of(strict, 7), mover)) == 7


def test_each_exchange_keeps_the_best_leave_for_its_count():
    table = Table(rng=random.Random(3))
    mover = table.state.turn
    assert mover is not None
    rack, rules, bag = table.state.rack(mover), table.state.rules, table.state.bag_count
    for option in exchanges(table.state, mover):
        count = len(option.text.split()[1])
        best = max(
            leave_value(tuple(kept), rules, bag) for kept in combinations(rack, len(rack) - count)
        )
        assert option.equity == pytest.approx(best)


@pytest.mark.parametrize("game", [GameName.WWF, GameName.WORDFEUD])
def test_the_other_tile_games_are_reviewed_on_their_own_board(game: GameName) -> None:
    """Words with Friends' tiles, and Wordfeud's random board: each move's best by score is
    the generator's on that game's premiums (a short game: five tiles left to draw)."""
    config = TileGameConfig(game, random_board=game is GameName.WORDFEUD)
    table = Table(game, rng=random.Random(3), words=shipped_words(), config=config)
    table.state = bag_of(table, 5)
    rng, style = random.Random(4), TILE_STYLES[Level.HARD]
    while table.state.phase is Phase.PLAYING:
        mover = table.state.turn
        assert mover is not None
        view = state_for_seat(table.state, mover)
        command = decide_turn(view, mover, style, rng, lambda _level: shipped_dawg())
        assert command is not None
        table.do(mover, command)
    review = review_game(table.log, shipped_dawg())
    state = TileGameState()
    reviewed = iter(review.moves)
    for event in table.log:
        if isinstance(event, ev.TilesPlayed):
            move = next(reviewed)
            plays = generate(state.board, move.rack, state.rules, shipped_dawg(), state.premiums)
            assert move.best_score is not None
            assert move.best_score.score == max(play.score for play in plays)
            assert move.played.score == event.score
        elif isinstance(event, ev.TilesExchanged | ev.Passed):
            next(reviewed)
        state = evolve(state, event)
    assert next(reviewed, None) is None


def test_a_phony_that_stood_loses_nothing_and_takes_nothing_off_the_other_losses():
    best = Option("8H HORN", 14, 20.0)
    phony = MoveReview(1, 5, "ann", tuple("ABCDEFG"), Option("8H ZZZZ", 60, 55.5), best, best)
    poor = MoveReview(3, 9, "ann", tuple("ABCDEFG"), Option("8H HO", 5, 8.0), best, best)
    assert (phony.points_lost, phony.equity_lost) == (0, 0.0)
    review = Review(("ann",), (phony, poor), ())
    assert review.lost("ann") == (9, 12.0)
