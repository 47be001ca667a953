"""The move generator finds exactly the plays the brute-force generator finds, scored alike."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.tiles.rules.brute import brute_moves
from wordsy_tui.games.tiles.rules.board import EMPTY_BOARD, assess, place
from wordsy_tui.games.tiles.rules.dawg import build_dawg
from wordsy_tui.games.tiles.rules.movegen import generate
from wordsy_tui.games.tiles.rules.notation import parse_move
from wordsy_tui.games.tiles.rules.rulesets import RULES, SCRABBLE, GameName

WORD_TEXT = """aa ab ad ae ag ah ai al am an ar as at aw ax ay ba be bi bo by de do ed ef eh el
em en er es et ex fa go ha he hi hm ho id if in is it jo ka la li lo ma me mi mo mu my na ne
no nu od oe of oh oi om on op or os ow ox oy pa pe pi qi re sh si so ta ti to uh um un up us
ut we wo xi xu ya ye yo za bad bed bet cab cat dab den ear eat era fan far fat hat hen her
horn hot jab jet lab lad lap let mat men met nab net not oat oaf pat pen pet qat rat red ret
sat set tab tan tar tax ten tin ton wet yet zap zed zit able bare bate bear beat care cart
cast date dear earn east fare farm fast fate gate hare hate heat lane late lean mare mate
meat near neat pare part rate read rest sate seat star tare team tear tern zeta bread
crate heart hater great irate taser stare tears treat water earns learn react trace
rated tread trade bears beats rates stern antes nates neats etnas"""
WORDS = sorted(set(WORD_TEXT.split()))
SMALL_DAWG = build_dawg(WORDS)
TILES = "AAEEIORSTNLDHBCMPQXZ?"


def keys(moves):
    return {(m.placement, m.score) for m in moves}


def random_position(rng: random.Random, plays: int, game: GameName) -> str:
    """A position reached by legal plays from the small word list."""
    rules = RULES[game]
    board = EMPTY_BOARD
    for _ in range(plays):
        rack = [rng.choice(TILES.replace("?", "")) for _ in range(7)]
        moves = sorted(generate(board, rack, rules, SMALL_DAWG), key=lambda m: m.placement)
        if moves:
            board = place(board, rng.choice(moves).placement)
    return board


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    plays=st.integers(0, 6),
    rack_size=st.integers(1, 5),
    game=st.sampled_from(list(GameName)),
)
def test_same_moves_as_brute_force(seed, plays, rack_size, game):
    rng = random.Random(seed)
    board = random_position(rng, plays, game)
    rack = [rng.choice(TILES) for _ in range(rack_size)]
    rules = RULES[game]
    found = generate(board, rack, rules, SMALL_DAWG)
    assert len(keys(found)) == len(found), "a play was reported twice"
    assert keys(found) == brute_moves(board, rack, rules, WORDS)


def test_scores_match_the_rules():
    board = place(EMPTY_BOARD, parse_move(EMPTY_BOARD, "8H HORN"))
    for move in generate(board, "EATS?RT", SCRABBLE, SMALL_DAWG):
        assert assess(board, move.placement, SCRABBLE).score == move.score


def test_first_play_covers_the_centre_and_finds_a_bingo():
    moves = generate(EMPTY_BOARD, "RETAINS", SCRABBLE, build_dawg(["at", "retains"]))
    placed = {m.placement for m in moves}
    assert all(any(sq == 112 for sq, _ in p) for p in placed)
    bingos = [m for m in moves if len(m.placement) == 7]
    assert len(bingos) == 14  # 7 positions through H8, across and down
    assert all(m.score >= 50 for m in bingos)


def test_dawg_holds_exactly_the_words():
    dawg = build_dawg(WORDS)
    assert dawg.words == len(WORDS)
    assert all(w in dawg for w in WORDS)
    for absent in ("hornz", "a", "tea"):
        assert absent not in dawg
