"""Secrecy: a seat sees its own rack; other racks and the bag only as counts."""

from __future__ import annotations

import random
from collections import Counter

from tests.games.tiles.rules.table import Table
from tests.games.tiles.rules.test_game import scrabble_table
from tests.games.tiles.rules.test_movegen import WORDS
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.dawg import build_dawg
from wordsy_tui.games.tiles.rules.evolve import replay
from wordsy_tui.games.tiles.rules.movegen import generate
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase
from wordsy_tui.games.tiles.rules.view import for_seat, state_for_seat, unseen
from wordsy_tui.games.tiles.rules.waits import waiting


def played_game(game: GameName, seed: int) -> Table:
    """A whole game: each player plays its best move; with none, it exchanges its rack once
    in the game when the bag allows, else passes."""
    words = frozenset(WORDS)
    dawg = build_dawg(WORDS)
    table = Table(game, players=("ann", "bob", "cy"), rng=random.Random(seed), words=words)
    exchanged: set[str] = set()
    for _ in range(300):
        state = table.state
        if state.phase is Phase.OVER:
            break
        if state.pending is not None:
            wait = waiting(state)
            assert wait is not None
            table.do(None, wait.command)
            continue
        seat = state.turn
        moves = generate(state.board, state.rack(seat), state.rules, dawg, state.premiums)
        if moves:
            best = max(moves, key=lambda m: (m.score, m.placement))
            table.do(seat, cmd.Play(best.placement))
        elif seat not in exchanged and state.bag_count >= 7:
            exchanged.add(seat)
            table.do(seat, cmd.Exchange(state.rack(seat)))
        else:
            table.do(seat, cmd.Pass())
    return table


def assert_counts_only(event: ev.Event, seat: str | None) -> None:
    """`event`, as `seat` received it, names no tile of another player's rack."""
    match event:
        case ev.TilesDrawn(player, tiles, _) if player != seat:
            assert tiles is None
        case ev.TilesExchanged(player, returned, drawn, _) if player != seat:
            assert returned is None
            assert drawn is None


def test_a_seat_never_receives_another_racks_tiles():
    table = played_game(GameName.SCRABBLE, 5)
    for seat in ("ann", "bob", None):
        for event in table.log:
            assert_counts_only(for_seat(event, seat), seat)


def test_the_seats_fold_is_the_hosts_state_redacted():
    for game in GameName:
        table = played_game(game, 11)
        assert table.state.phase is Phase.OVER
        for seat in ("ann", "bob", "cy", None):
            seen = replay(for_seat(e, seat) for e in table.log)
            assert seen.board == table.state.board
            assert seen.scores == table.state.scores
            assert seen.bag_count == table.state.bag_count
            # Once the game is over every rack is shown; redacting the host's state agrees.
            assert seen.racks == state_for_seat(table.state, seat).racks


def test_mid_game_a_seat_sees_counts_only():
    table = Table(players=("ann", "bob"))
    table.do(table.state.turn, cmd.Pass())
    seen = replay(for_seat(e, "ann") for e in table.log)
    assert seen.rack("ann") == table.state.rack("ann")
    assert seen.rack("bob") == (HIDDEN,) * 7
    assert seen.bag is None
    assert seen.bag_count == 86
    assert seen == state_for_seat(table.state, "ann")


def test_unseen_tiles_are_the_bag_and_other_racks():
    table = Table(players=("ann", "bob"))
    left = unseen(table.state, "ann")
    assert left == Counter(table.state.bag) + Counter(table.state.rack("bob"))


def test_tiles_are_conserved_through_a_whole_game():
    table = played_game(GameName.WORDFEUD, 3)
    state = table.state
    on_board = Counter("?" if c.islower() else c for c in state.board if c != ".")
    on_racks = sum((Counter(r) for r in state.racks.values()), Counter())
    assert on_board + on_racks + Counter(state.bag) == Counter(state.rules.full_bag())
    assert replay(table.log) == state


def test_a_rack_known_in_part_is_unknown_again_after_its_exchange():
    """A play withdrawn after a challenge goes back to its rack in plain sight; once its
    player exchanges, the others know none of the rack (and still count it right)."""
    table = scrabble_table()
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Accept())
    table.give("bob", "EEAIOUS")
    table.play("bob", "J7 ERE")  # not in the test's word list
    table.do("ann", cmd.Challenge())
    seen = replay(for_seat(e, "ann") for e in table.log)
    assert set(seen.rack("bob")) == {HIDDEN, "E"}, "the withdrawn tiles are known"
    table.do("ann", cmd.Pass())
    table.do("bob", cmd.Exchange(table.state.rack("bob")))
    for seat in ("ann", None):
        seen = replay(for_seat(e, seat) for e in table.log)
        assert seen.rack("bob") == (HIDDEN,) * 7
