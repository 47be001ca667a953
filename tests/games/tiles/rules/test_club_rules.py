"""Scrabble's club and tournament options: the challenge rules (double, single, void, 5 and
10 points), tournament going out, and exchanges only with seven tiles in the bag."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.games.tiles.rules.table import FixedDraw, Table
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.bots import TILE_STYLES, decide_turn, respond
from wordsy_tui.games.tiles.rules.codec import decode_event, encode
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.errors import ChallengeError, ExchangeError, WordError
from wordsy_tui.games.tiles.rules.evolve import replay
from wordsy_tui.games.tiles.rules.gcg import export_gcg
from wordsy_tui.games.tiles.rules.legal import if_challenge_fails, legal_commands
from wordsy_tui.games.tiles.rules.rulesets import ChallengeRule, GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.rules.words import shipped_words


def club_table(players: tuple[str, ...] = ("ann", "bob"), **options: object) -> Table:
    """Ann plays first, holding HORNXYZ; Bob holds FAMEEEE."""
    config = TileGameConfig(GameName.SCRABBLE, **options)  # type: ignore[arg-type]
    table = Table(players=players, rng=FixedDraw("ABC"[: len(players)]), config=config)
    table.give("ann", "HORNXYZ")
    table.give("bob", "FAMEEEE")
    return table


def failed_challenge(rule: ChallengeRule) -> Table:
    """Ann plays HORN (14, every word good); Bob challenges it."""
    table = club_table(challenge=rule)
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Challenge())
    return table


def test_double_the_rulebook_s_a_failed_challenge_costs_the_next_turn() -> None:
    table = failed_challenge(ChallengeRule.DOUBLE)
    assert table.state.scores == {"ann": 14, "bob": 0}
    assert [t.kind for t in table.state.turns] == ["play", "lost"]
    assert table.state.turn == "ann"


def test_single_a_failed_challenge_costs_nothing() -> None:
    table = failed_challenge(ChallengeRule.SINGLE)
    assert table.state.scores == {"ann": 14, "bob": 0}
    assert [t.kind for t in table.state.turns] == ["play"]
    assert table.state.turn == "bob"  # bob plays his turn after all
    assert table.state.skip == frozenset()


@pytest.mark.parametrize(("rule", "bonus"), [(ChallengeRule.FIVE, 5), (ChallengeRule.TEN, 10)])
def test_points_a_failed_challenge_gives_the_challenged_player_points(
    rule: ChallengeRule, bonus: int
) -> None:
    table = failed_challenge(rule)
    assert table.state.scores == {"ann": 14 + bonus, "bob": 0}
    assert table.state.turn == "bob"  # and costs no turn
    assert table.state.turns[-1].score == 14  # the play's own score is unchanged


@pytest.mark.parametrize("rule", list(ChallengeRule))
def test_a_good_challenge_withdraws_the_play_whatever_the_rule(rule: ChallengeRule) -> None:
    if rule is ChallengeRule.VOID:
        return
    table = club_table(challenge=rule)
    table.play("ann", "8H HORX")
    table.do("bob", cmd.Challenge())
    assert table.state.scores == {"ann": 0, "bob": 0}
    assert table.state.turns[-1].kind == "withdrawn"
    assert table.state.turn == "bob"


def test_void_refuses_a_word_not_in_the_list_at_once_and_has_no_challenges() -> None:
    table = club_table(challenge=ChallengeRule.VOID)
    before = table.state
    with pytest.raises(WordError, match="HORX"):
        table.play("ann", "8H HORX")
    assert table.state == before
    table.play("ann", "8H HORN")
    assert table.state.pending is None  # it stands at once: nothing waits for challenges
    assert table.state.turn == "bob"
    with pytest.raises(ChallengeError, match="no challenges"):
        table.do("bob", cmd.Challenge())
    assert cmd.Challenge() not in legal_commands(table.state, "bob")


def test_the_table_vote_rides_on_every_rule_but_void() -> None:
    table = club_table(("ann", "bob", "cat"), challenge=ChallengeRule.FIVE, table_vote=True)
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Challenge())
    table.do("cat", cmd.Vote(uphold=False))  # the play stands
    assert table.state.scores["ann"] == 14 + 5
    with pytest.raises(ChallengeError, match="void"):
        Table(config=TileGameConfig(challenge=ChallengeRule.VOID, table_vote=True))


@pytest.mark.parametrize("game", [GameName.WWF, GameName.WORDFEUD])
@pytest.mark.parametrize(
    "option",
    [
        {"challenge": ChallengeRule.SINGLE},
        {"tournament_out": True},
        {"tournament_exchange": True},
    ],
)
def test_the_other_games_refuse_scrabble_s_options(
    game: GameName, option: dict[str, object]
) -> None:
    config = TileGameConfig(game, **option)  # type: ignore[arg-type]
    with pytest.raises(ChallengeError, match="Scrabble's"):
        Table(game, config=config)


@pytest.mark.parametrize(
    ("rule", "cost"),
    [
        (ChallengeRule.DOUBLE, (14, ["play", "lost"])),
        (ChallengeRule.SINGLE, (14, ["play"])),
        (ChallengeRule.FIVE, (19, ["play"])),
        (ChallengeRule.TEN, (24, ["play"])),
    ],
)
def test_what_a_failed_challenge_would_cost_follows_the_rule(
    rule: ChallengeRule, cost: tuple[int, list[str]]
) -> None:
    table = club_table(challenge=rule)
    table.play("ann", "8H HORN")
    after = if_challenge_fails(table.state, "bob")
    assert after is not None
    assert (after.scores["ann"], [t.kind for t in after.turns]) == cost


def going_out(**options: object) -> Table:
    """Ann goes out with HORN (14) from an empty bag; Bob is left holding QZE (10+10+1)."""
    table = club_table(**options)
    table.give("ann", "HORN")
    table.give("bob", "QZE")
    table.empty_bag()
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Accept())
    return table


def test_going_out_the_rulebook_s_way_moves_the_rack_s_points() -> None:
    state = going_out().state
    assert state.phase is Phase.OVER
    assert state.adjustments == {"ann": 21, "bob": -21}
    assert state.scores == {"ann": 14 + 21, "bob": -21}


def test_going_out_under_tournament_scoring_earns_twice_and_takes_nothing() -> None:
    state = going_out(tournament_out=True).state
    assert state.adjustments == {"ann": 42, "bob": 0}
    assert state.scores == {"ann": 14 + 42, "bob": 0}
    assert state.winners == ("ann",)


def test_tournament_scoring_changes_nothing_when_nobody_goes_out() -> None:
    table = club_table(tournament_out=True)
    table.give("bob", "QJEEEEE")
    table.empty_bag()
    for _ in range(3):  # three scoreless turns each end a Scrabble game
        table.do("ann", cmd.Pass())
        table.do("bob", cmd.Pass())
    state = table.state
    assert state.phase is Phase.OVER
    assert state.adjustments == {"ann": -29, "bob": -23}  # each rack lost, as the rulebook says


def with_bag(table: Table, count: int) -> Table:
    table.state = replace(table.state, bag=(table.state.bag or ())[:count], bag_count=count)
    return table


def test_tournament_exchanges_are_refused_with_six_in_the_bag() -> None:
    table = with_bag(club_table(tournament_exchange=True), 6)
    before = table.state
    with pytest.raises(ExchangeError, match="at least 7 tiles in the bag; it holds 6"):
        table.do("ann", cmd.Exchange(("X",)))
    assert table.state == before
    assert not any(isinstance(c, cmd.Exchange) for c in legal_commands(table.state, "ann"))
    table = with_bag(club_table(tournament_exchange=True), 7)
    table.do("ann", cmd.Exchange(("X",)))
    assert table.state.turns[-1].kind == "exchange"


def test_the_rulebook_lets_one_tile_go_back_with_six_in_the_bag() -> None:
    table = with_bag(club_table(), 6)
    table.do("ann", cmd.Exchange(("X",)))
    assert table.state.turns[-1].kind == "exchange"


def test_the_options_round_trip_and_replay() -> None:
    config = TileGameConfig(
        challenge=ChallengeRule.TEN, tournament_out=True, tournament_exchange=True
    )
    created = ev.GameCreated(config)
    assert decode_event(encode(created)) == created
    table = failed_challenge(ChallengeRule.TEN)
    replayed = replay(table.log)
    assert (replayed.scores, replayed.turn) == (table.state.scores, table.state.turn)


def test_an_old_log_without_the_options_reads_as_the_rulebook_s_way() -> None:
    body = encode(ev.GameCreated(TileGameConfig()))
    old = {
        "kind": "GameCreated",
        "config": {
            k: v
            for k, v in body["config"].items()
            if k not in ("challenge", "tournament_out", "tournament_exchange")
        },
    }
    created = decode_event(old)
    assert isinstance(created, ev.GameCreated)
    rules = created.config.rules
    assert rules.challenge is ChallengeRule.DOUBLE
    assert rules.challenges
    assert not rules.out_doubled
    assert rules.exchange_min_bag == 1


def test_the_record_writes_the_challenge_bonus_and_tournament_going_out() -> None:
    table = club_table(challenge=ChallengeRule.FIVE, tournament_out=True)
    table.give("ann", "HORN")
    table.give("bob", "QZE")
    table.empty_bag()
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Challenge())  # every word is good: ann scores 5 more, and is out
    # The log as if the racks given had been dealt (and the bag emptied out of sight).
    dealt = [ev.TilesDrawn("ann", tuple("HNOR"), 4), ev.TilesDrawn("bob", tuple("EQZ"), 3)]
    setup = [e for e in table.log if isinstance(e, ev.GameCreated | ev.PlayerJoined)]
    started = next(e for e in table.log if isinstance(e, ev.GameStarted))
    played = next(i for i, e in enumerate(table.log) if isinstance(e, ev.TilesPlayed))
    log = [*setup, started, *dealt, ev.TurnStarted("ann"), *table.log[played:]]
    record = export_gcg(log, "g1").splitlines()
    assert record[-3:] == [
        ">ann: (challenge) +5 19",
        "#note bob challenged: every word is good, the play stands, ann scores 5 more points",
        ">ann: (EQZ) +42 61",
    ]


@pytest.mark.parametrize(
    "config",
    [
        TileGameConfig(challenge=ChallengeRule.SINGLE, tournament_exchange=True),
        TileGameConfig(challenge=ChallengeRule.VOID, tournament_out=True),
        TileGameConfig(challenge=ChallengeRule.FIVE),
        TileGameConfig(challenge=ChallengeRule.TEN, tournament_out=True, tournament_exchange=True),
    ],
    ids=["single-exchange", "void-out", "5", "10-both"],
)
def test_computer_players_play_whole_games_legally_under_each_rule(
    config: TileGameConfig,
) -> None:
    """Every move comes from the bots' own decisions on their own views; the table's rules
    refuse anything illegal (a RuleError would fail the test)."""
    words = shipped_words()
    table = Table(players=("ann", "bob", "cy"), rng=random.Random(3), words=words, config=config)  # type: ignore[arg-type]
    style, rng = TILE_STYLES[Level.EASY], random.Random(4)
    while table.state.phase is not Phase.OVER:
        state = table.state
        moves = (
            (seat, respond(view, seat, words) or decide_turn(view, seat, style, rng))
            for seat in state.players
            for view in (state_for_seat(state, seat),)
        )
        seat, command = next((seat, c) for seat, c in moves if c is not None)
        table.do(seat, command)
        assert len(table.log) < 2000, "the game did not end"
    assert table.state.winners
