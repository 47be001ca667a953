"""A finished tile game as GCG: every line's form, the totals, and the moves played back."""

from __future__ import annotations

import random
import re
import zlib
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import pytest

from tests.games.tiles.rules.table import FixedDraw, Table
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.board import COLUMNS, EMPTY, EMPTY_BOARD, assess, lift, place
from wordsy_tui.games.tiles.rules.codec import decode_event, encode
from wordsy_tui.games.tiles.rules.gcg import GcgError, NotFinished, export_gcg
from wordsy_tui.games.tiles.rules.movegen import generate, shipped_dawg
from wordsy_tui.games.tiles.rules.rulesets import RULES, SIZE, GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.games.tiles.rules.view import for_seat
from wordsy_tui.games.tiles.rules.waits import waiting
from wordsy_tui.words.lexicon import load_lexicon

SCRIPTED = """\
#character-encoding UTF-8
#player1 ann ann
#player2 bob bob
#title Scrabble game g1
#description Scrabble on the standard board, 2 players, exported by wordsy-tui
#lexicon SCOWL80
#id wordsy-tui g1
>ann: ?AEHNOR 8H HORN +14 14
>bob: AEFMRST J6 FA.M +17 17
>ann: ?AEEITX 9J .TAX +23 37
>ann: ?AEEITX -- -23 14
#note bob challenged: MTAX, NT not in the word list, the play is withdrawn
>bob: EEERSTT -EET +0 17
>ann: ?AEEITX 9G tA +6 20
#note bob challenged: every word is good, the play stands, bob loses the next turn
>bob: AEINRST - +0 17
>ann: EEEITVX - +0 20
>bob: AEINRST - +0 17
>ann: EEEITVX - +0 20
>bob: AEINRST - +0 17
>ann: EEEITVX - +0 20
>ann: (EEEITVX) -17 3
>bob: (AEINRST) -7 10
"""


def scripted_game() -> Table:
    """Scrabble with every kind of line: a play through a letter, a play withdrawn after a
    challenge, an exchange, a blank, a failed challenge's lost turn, and the passes that
    end the game with both racks counted against their players."""
    draws = ["A", "B"], "?AEHNOR", "AEFMRST", "EITX", "EET", "AIN", "EV"
    table = Table(rng=FixedDraw(*(list(d) for d in draws)))
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Accept())
    table.play("bob", "J6 FARM")
    table.do("ann", cmd.Accept())
    table.play("ann", "9K TAX")  # MTAX and NT are not words
    table.do("bob", cmd.Challenge())
    table.do("bob", cmd.Exchange(tuple("EET")))
    table.play("ann", "9G tA")
    table.do("bob", cmd.Challenge())  # TA and HA are words: bob loses his next turn
    for player in ("ann", "bob", "ann", "bob", "ann"):
        table.do(player, cmd.Pass())
    assert table.state.phase is Phase.OVER
    return table


def test_a_scripted_game_line_by_line():
    assert export_gcg(scripted_game().log, "g1") == SCRIPTED


# -- a small reader of our own, to play the record back --------------------------------------

LINE = re.compile(r">(?P<nick>[^:\s]+): (?P<rest>.*) (?P<points>[+-]\d+) (?P<total>-?\d+)")
ACROSS = re.compile(r"(1[0-5]|[1-9])([A-O])")
DOWN = re.compile(r"([A-O])(1[0-5]|[1-9])")


@dataclass
class Record:
    players: dict[str, str] = field(default_factory=dict)
    """nickname -> full name"""
    moves: list[tuple[str, list[str], int, int]] = field(default_factory=list)
    """(nickname, the tokens between it and the score, points, total)"""


def read_gcg(text: str) -> Record:
    record = Record()
    assert text.endswith("\n")
    for line in text.splitlines():
        assert line.isprintable(), line
        if line.startswith("#player"):
            _pragma, nick, full = line.split(" ", 2)
            record.players[nick] = full
        elif line.startswith(">"):
            found = LINE.fullmatch(line)
            assert found is not None, line
            tokens = found["rest"].split()
            record.moves.append((found["nick"], tokens, int(found["points"]), int(found["total"])))
        else:
            assert line.startswith("#"), line
    return record


def squares_of(where: str, length: int) -> list[int]:
    if (found := ACROSS.fullmatch(where)) is not None:
        first = (int(found[1]) - 1) * SIZE + COLUMNS.index(found[2])
        step = 1
    else:
        found = DOWN.fullmatch(where)
        assert found is not None, where
        first = (int(found[2]) - 1) * SIZE + COLUMNS.index(found[1])
        step = SIZE
    squares = [first + i * step for i in range(length)]
    assert all(sq // SIZE == first // SIZE for sq in squares) or step == SIZE
    assert squares[-1] < SIZE * SIZE
    return squares


def play_back(text: str, game: GameName, premiums: str) -> tuple[str, dict[str, int]]:
    """Every move of the record replayed on an empty board through the rules: each play's
    squares, rack and score checked, each total added up. The board, and the scores by
    player (full name)."""
    rules = RULES[game]
    record = read_gcg(text)
    board, totals = EMPTY_BOARD, dict.fromkeys(record.players, 0)
    last_play: dict[str, tuple[tuple[int, str], ...]] = {}
    for nick, tokens, points, total in record.moves:
        match tokens:
            case [rack, where, word] if word[0] != "(":
                assert rack == "".join(sorted(rack))
                squares = squares_of(where, len(word))
                for square, letter in zip(squares, word, strict=True):
                    assert (board[square] != EMPTY) == (letter == "."), (where, word)
                placement = tuple(
                    (sq, ch) for sq, ch in zip(squares, word, strict=True) if ch != "."
                )
                used = Counter("?" if ch.islower() else ch for _, ch in placement)
                assert not used - Counter(rack), (rack, word)
                found = assess(board, placement, rules, premiums)
                assert found.words[0].squares == tuple(squares)
                assert points == found.score
                board, last_play[nick] = place(board, placement), placement
            case [_rack, "--"]:
                board = lift(board, last_play.pop(nick))
                assert points <= 0
            case [_rack, exchanged] if exchanged.startswith("-"):
                assert points == 0
                assert exchanged == "-" or set(exchanged[1:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ?")
            case [tiles] if tiles.startswith("("):
                # Whoever went out gains the tiles; a rack left loses its own (no rack token
                # before it: Quackle would read one as the start of a play).
                value = sum(rules.value(t) for t in tiles.strip("()"))
                assert abs(points) == value
            case _:
                pytest.fail(f"not a move: {tokens}")
        totals[nick] += points
        assert totals[nick] == total
    return board, {record.players[nick]: points for nick, points in totals.items()}


class Judged:
    """The shipped word list, less one word in eight (by a checksum): the plays forming
    those are phonies, for challenges to find."""

    def __init__(self) -> None:
        self.words = load_lexicon()

    def __contains__(self, word: str) -> bool:
        return word in self.words and zlib.crc32(word.encode()) % 8 != 0


class Players:
    """Each plays its best move from the whole word list; in Scrabble some are phonies
    (see Judged), and the next player challenges every phony, and now and then a good
    play too (losing a turn for it)."""

    def __init__(self, judged: Judged, seed: int) -> None:
        self.judged = judged
        self.rng = random.Random(seed)
        self.exchanged: set[str] = set()

    def turn(self, table: Table) -> None:
        state = table.state
        pending = state.pending
        if pending is not None:
            challenger = state.next_after(pending.player)
            phony = any(word.lower() not in self.judged for word, _ in pending.words)
            if phony or self.rng.random() < 0.1:
                table.do(challenger, cmd.Challenge())
            else:
                window = waiting(state)  # nobody challenged: the host's clock closes it
                assert window is not None
                table.do(None, window.command)
            return
        seat = state.turn
        assert seat is not None
        dawg = shipped_dawg()
        moves = generate(state.board, state.rack(seat), state.rules, dawg, state.premiums)
        if not state.rules.challenges:
            moves = [m for m in moves if self.good(state, m.placement)]
        if moves and not (seat not in self.exchanged and self.rng.random() < 0.05):
            best = max(moves, key=lambda m: (m.score, m.placement))
            table.do(seat, cmd.Play(best.placement))
        elif seat not in self.exchanged and state.bag_count >= 7:
            self.exchanged.add(seat)
            table.do(seat, cmd.Exchange(state.rack(seat)))
        else:
            table.do(seat, cmd.Pass())

    def good(self, state: Any, placement: tuple[tuple[int, str], ...]) -> bool:
        found = assess(state.board, placement, state.rules, state.premiums)
        return all(w.word.lower() in self.judged for w in found.words)


@cache
def whole_game(game: GameName, players: tuple[str, ...], seed: int) -> Table:
    judged = Judged()
    table = Table(game, players=players, rng=random.Random(seed), words=judged)  # type: ignore[arg-type]
    bots = Players(judged, seed)
    for _ in range(400):
        if table.state.phase is Phase.OVER:
            return table
        bots.turn(table)
    pytest.fail("the game did not end")


GAMES = [
    (game, players, seed)
    for game in GameName
    for players in (("ann", "bob"), ("ann", "bob", "cy"), ("ann", "bob", "cy", "dee"))
    for seed in (1, 2)
]


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_whole_games_play_back_to_the_same_board_and_scores(game, players, seed):
    table = whole_game(game, players, seed)
    text = export_gcg(table.log, "g")
    board, totals = play_back(text, game, table.state.premiums)
    assert board == table.state.board
    record = read_gcg(text)
    assert list(record.players.values()) == list(table.state.players)
    assert totals == dict(table.state.scores)


def test_the_games_cover_every_kind_of_line():
    kinds: Counter[str] = Counter()
    for game, players, seed in GAMES:
        text = export_gcg(whole_game(game, players, seed).log)
        for _nick, tokens, points, _total in read_gcg(text).moves:
            last = tokens[-1]
            if last.startswith("("):
                kinds["went out" if points > 0 else "rack left"] += 1
            elif last in ("-", "--"):
                kinds[{"-": "pass", "--": "withdrawn"}[last]] += 1
            elif len(tokens) == 2:
                kinds["exchange"] += 1
            elif any(c.islower() for c in last):
                kinds["blank"] += 1
            elif "." in last:
                kinds["through"] += 1
    assert set(kinds) == {
        "went out",
        "rack left",
        "pass",
        "withdrawn",
        "exchange",
        "blank",
        "through",
    }


def test_a_blank_is_lower_case_in_the_word_and_a_question_mark_on_the_rack():
    lines = export_gcg(scripted_game().log).splitlines()
    assert ">ann: ?AEEITX 9G tA +6 20" in lines
    assert ">ann: ?AEEITX 9G TA +7 21" not in lines


def test_a_game_not_over_is_refused():
    table = scripted_game()
    ended = next(i for i, e in enumerate(table.log) if isinstance(e, ev.GameEnded))
    with pytest.raises(NotFinished, match="not over"):
        export_gcg(table.log[:ended])
    with pytest.raises(NotFinished, match="never started"):
        export_gcg(Table(start=False).log)


def test_a_seats_view_of_the_game_is_refused():
    """A log with the racks hidden cannot give the racks a GCG shows."""
    table = scripted_game()
    with pytest.raises(GcgError, match="hides a rack"):
        export_gcg([for_seat(event, "ann") for event in table.log])


def test_events_out_of_order_are_refused():
    table = scripted_game()
    started = next(i for i, e in enumerate(table.log) if isinstance(e, ev.GameStarted))
    with pytest.raises(GcgError):
        export_gcg(table.log[:started] + table.log[started + 1 :])


def renamed(events: list[ev.Event], names: dict[str, str]) -> list[ev.Event]:
    """The same game with other names (any string, as a hostile log could hold)."""

    def rename(value: Any) -> Any:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, list):
            return [rename(v) for v in value]
        if isinstance(value, dict):
            return {k: rename(v) for k, v in value.items()}
        return value

    return [decode_event(rename(encode(event))) for event in events]


def test_hostile_names_stay_on_their_line_and_reach_no_terminal_raw():
    hostile = {"ann": "Ann \x1b[2J\nB: x", "bob": "Ann_\x1b[2J\nB:_x"}
    text = export_gcg(renamed(scripted_game().log, hostile), "g1\x07")
    assert "\x1b" not in text
    assert "\x07" not in text
    assert len(text.splitlines()) == len(SCRIPTED.splitlines())
    record = read_gcg(text)
    nicks = list(record.players)
    assert len(set(nicks)) == 2  # still two players, told apart
    assert all(":" not in nick and " " not in nick for nick in nicks)
    assert record.players[nicks[0]] == "Ann \\x1b[2J\\x0aB: x"


def test_a_pass_the_host_made_is_noted_with_what_ended_the_turn():
    table = Table(rng=FixedDraw(["A", "B"], "?AEHNOR", "AEFMRST"))
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Accept())
    wait = waiting(table.state)
    assert wait is not None
    assert wait.player == "bob"
    table.do(None, wait.command)  # bob walked away: his turn reached its limit
    while table.state.phase is not Phase.OVER:
        assert table.state.turn is not None
        table.do(table.state.turn, cmd.Pass())
    record = export_gcg(table.log, "g1").splitlines()
    at = record.index(">bob: AEFMRST - +0 0")
    assert record[at + 1] == "#note the turn limit ended bob's turn: the host passed for them"
    # Only that pass is noted: the ones the players made themselves are plain.
    assert sum(line.startswith("#note") for line in record) == 1
    # The same pass made before the turn's limit: the table moved on without bob.
    moved_on = [
        replace(e, early=True) if isinstance(e, ev.Passed) and e.timed_out else e
        for e in table.log
    ]
    assert "#note the table moved on without bob: the host passed for them" in (
        export_gcg(moved_on, "g1").splitlines()
    )
