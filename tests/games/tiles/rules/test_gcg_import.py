"""A GCG record read back into the table's events: another tool's record round-trips, our
own exports come back the same, and a hostile or broken record is refused by its line."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path

import pytest

from tests.games.tiles.rules.table import FixedDraw, Table
from tests.games.tiles.rules.test_clocks import after
from tests.games.tiles.rules.test_gcg import SCRIPTED, Judged, scripted_game, whole_game
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.evolve import replay
from wordsy_tui.games.tiles.rules.gcg import export_gcg
from wordsy_tui.games.tiles.rules.gcgread import MAX_BYTES, GcgImportError, read_gcg
from wordsy_tui.games.tiles.rules.movegen import generate, shipped_dawg
from wordsy_tui.games.tiles.rules.rulesets import ChallengeRule, GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.words.lexicon import load_lexicon

CLUB = Path(__file__).with_name("club_game.gcg")
"""Written by hand in the form Woogles (macondo) writes a game that ends by six scoreless
turns: a bingo, a play through a letter, a phony withdrawn, an exchange, passes, and each
rack lost at the end as `RACK (RACK) -N`."""
ENDS: re.Pattern[str] = re.compile(r">(?P<nick>\S+): (?:\S+ )?\((?P<tiles>\S+)\) (?P<rest>.*)")


def moves_and_players(text: str) -> tuple[list[str], list[str]]:
    """The lines both tools and we agree on: players and the list (in any order), every
    move in order; an end line in one form (ours)."""
    pragmas, kept = [], []
    for line in text.splitlines():
        if line.startswith(("#player", "#lexicon")):
            pragmas.append(line)
        elif (end := ENDS.fullmatch(line)) is not None and "(challenge)" not in line:
            kept.append(f">{end['nick']}: ({end['tiles']}) {end['rest']}")
        elif line.startswith(">"):
            kept.append(line)
    return sorted(pragmas), kept


def test_a_record_from_another_tool_round_trips():
    text = CLUB.read_text(encoding="utf-8")
    game = read_gcg(text)
    assert (game.title, game.game_id) == ("Thursday club, round 3", "io.woogles kV3tQp9xZrWm")
    again = export_gcg(game.events, "g1")
    assert moves_and_players(again) == moves_and_players(text)
    # The record's six scoreless turns ended the game, as the rulebook says, with the
    # scores the record gives.
    state = replay(game.events)
    assert state.phase is Phase.OVER
    assert dict(state.scores) == {"cara": 60, "dev": -3}
    assert state.config.lexicon_name == "NWL20"
    assert "word list NWL20" in state.config.options()


def test_our_own_record_comes_back_the_same():
    game = read_gcg(SCRIPTED)
    # A failed challenge leaves no line of its own in GCG (only our note), so the game
    # comes back without it: the rest is the same, line for line.
    failed = "#note bob challenged: every word is good, the play stands, bob loses the next turn"
    assert export_gcg(game.events, "g1") == SCRIPTED.replace(failed + "\n", "")
    assert replay(game.events).scores == scripted_game().state.scores


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_games_come_back_the_same(seed):
    """Played to the end by bots: plays through letters, blanks, exchanges, phonies
    withdrawn, failed challenges and going out."""
    table = whole_game(GameName.SCRABBLE, ("ann", "bob"), seed)
    text = export_gcg(table.log, "g")
    # A failed challenge leaves no line of its own in GCG, only our note.
    assert "the play stands" in text
    game = read_gcg(text, Judged())  # names the phonies a withdrawn play had
    assert export_gcg(game.events, "g") == without_failed_challenges(text)
    assert replay(game.events).scores == table.state.scores


def test_a_challenge_bonus_is_read():
    config = TileGameConfig(challenge=ChallengeRule.FIVE)
    table = Table(config=config, rng=FixedDraw(["A", "B"], list("?AEHNOR"), list("AEFMRST")))
    table.play("ann", "8H HORN")
    table.do("bob", cmd.Challenge())  # HORN is a word: ann scores 5 more
    for player in ("bob", "ann", "bob", "ann", "bob", "ann"):
        table.do(player, cmd.Pass())
    text = export_gcg(table.log, "g")
    assert ">ann: ?AE (challenge) +5 19" in text.splitlines()
    game = read_gcg(text)
    assert replay(game.events).config.challenge is ChallengeRule.FIVE
    assert export_gcg(game.events, "g") == text


def played_out(config: TileGameConfig, seed: int) -> Table:
    """Two players who each play their best move (the next lets it stand) until one goes out."""
    table = Table(rng=random.Random(seed), words=load_lexicon(), config=config)  # type: ignore[arg-type]
    while table.state.phase is not Phase.OVER:
        state = table.state
        if state.pending is not None:
            table.do(state.next_after(state.pending.player), cmd.Accept())
            continue
        seat = state.turn
        assert seat is not None
        moves = generate(
            state.board, state.rack(seat), state.rules, shipped_dawg(), state.premiums
        )
        best = max(moves, key=lambda m: (m.score, m.placement), default=None)
        table.do(seat, cmd.Pass() if best is None else cmd.Play(best.placement))
    return table


@pytest.mark.parametrize("tournament", [False, True])
def test_going_out_is_read_as_the_record_scores_it(tournament):
    table = played_out(TileGameConfig(tournament_out=tournament), seed=5)
    assert table.state.out is not None
    text = export_gcg(table.log, "g")
    game = read_gcg(text)
    assert replay(game.events).config.tournament_out is tournament
    assert export_gcg(game.events, "g") == text
    assert replay(game.events).scores == table.state.scores


def overtime_game() -> tuple[Table, str]:
    """Two players on a one-minute clock: ann runs 1:01 over (20 points), then everyone
    passes to the end; the game and its record."""
    config = TileGameConfig(clock_minutes=1)
    table = Table(rng=FixedDraw(["A", "B"], list("?AEHNOR"), list("AEFMRST")), config=config)
    after(table, 121, "ann", cmd.Pass())
    for seat in ("bob", "ann", "bob", "ann", "bob"):
        after(table, 1, seat, cmd.Pass())
    return table, export_gcg(table.log, "g")


def test_a_time_penalty_is_read_as_the_game_clock_took_it():
    """Our own export writes the overtime penalty as macondo and Quackle do; it comes
    back off the final score, and counts for who won."""
    table, text = overtime_game()
    penalty = next(line for line in text.splitlines() if "(time)" in line)
    assert penalty.startswith(">ann: ")
    assert " (time) -20 " in penalty
    state = replay(read_gcg(text).events)
    assert state.penalties == {"ann": 20}
    assert state.scores == table.state.scores
    assert state.winners == table.state.winners
    assert export_gcg(read_gcg(text).events, "g") == text
    # The results show it in their Time column, though the imported game has no clock.
    from wordsy_tui.games.tiles.app.dialogs import result_text

    shown = result_text(state, None).plain.splitlines()
    assert "Time" in shown[2]
    ann = next(line for line in shown[3:] if line.startswith("ann"))
    assert ann.split()[3] == "-20"


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda line: line.replace("(time) -20", "(time) -15"), "10 points for each minute"),
        (lambda line: line.replace("(time) -20", "(time) +20"), "10 points for each minute"),
        (lambda line: f"{line}\n{line}", "taken off once"),
        (lambda line: line.rsplit(" ", 1)[0] + " 99", "total 99"),
    ],
)
def test_a_bad_time_penalty_is_refused_by_its_line(change, why):
    _, text = overtime_game()
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "(time)" in line)
    broken = "\n".join([*lines[:at], change(lines[at]), *lines[at + 1 :]]) + "\n"
    with pytest.raises(GcgImportError, match=why) as refused:
        read_gcg(broken)
    assert str(refused.value).startswith("line "), refused.value


def without_failed_challenges(text: str) -> str:
    return "".join(f"{line}\n" for line in text.splitlines() if "the play stands" not in line)


GOOD_HEAD = "#player1 cara cara\n#player2 dev dev\n"
OPENING = ">cara: ADEGNOR 8D GROANED +72 72\n"
DEV_PASS = ">dev: EIILRTU - +0 0\n"


@pytest.mark.parametrize(
    ("record", "line", "why"),
    [
        (GOOD_HEAD + ">cara: ADEGNOR 8D GROANED +72 72\x1b[2J\n", 3, "control character"),
        (GOOD_HEAD + ">eve: ADEGNOR 8D GROANED +72 72\n", 3, "not a player"),
        ("#player3 eve eve\n", 1, "two-player"),
        (GOOD_HEAD + ">cara: ADEGNOR 8Z GROANED +72 72\n" + DEV_PASS, 3, "not a square"),
        (GOOD_HEAD + ">cara: ADEGNOR 8D GROANED +70 70\n" + DEV_PASS, 3, "scores 72"),
        (GOOD_HEAD + ">cara: ADEGNOR 8D GROANED +72 99\n" + DEV_PASS, 3, "total 99"),
        (GOOD_HEAD + ">cara: ADEGNOR 8D GROANED 72\n", 3, "points and the total"),
        (GOOD_HEAD + OPENING + ">dev: EIILRTU - +0 0\n>cara: ZZZZZZZ - +0 72\n", 4, "bag"),
        (GOOD_HEAD + OPENING + ">dev: EIILRTU -7 +0 0\n", 4, "only a count"),
        (GOOD_HEAD + ">dev: EIILRTU (time) -10 -10\n" + OPENING, 3, "time penalty comes at"),
        (GOOD_HEAD + OPENING + ">dev: EIILRTU E6 TI.E +4 4\n", 4, "ends before the game"),
        (GOOD_HEAD + OPENING, 3, "never moves"),
        (GOOD_HEAD + "this is not GCG\n", 3, "neither a pragma"),
        (GOOD_HEAD + ">cara: ADEGNOR 8D " + "A" * 2000 + " +1 1\n", 3, "longer than"),
        (GOOD_HEAD + ">cara: ADEGNOR 8H QQQQ +1 1\n" + DEV_PASS, 3, "does not hold"),
        (GOOD_HEAD + ">cara: ADEGNOR 8D GROANED +72 72\n#lexicon CSW21\n", 4, "#lexicon after"),
        (GOOD_HEAD + OPENING + ">dev: EIILRTU -- -4 0\n" + DEV_PASS, 4, "no play of theirs"),
    ],
    ids=lambda value: value if isinstance(value, str) and len(value) < 30 else None,
)
def test_a_bad_record_is_refused_by_its_line(record, line, why):
    with pytest.raises(GcgImportError) as refused:
        read_gcg(record)
    assert str(refused.value).startswith(f"line {line}: "), refused.value
    assert why in str(refused.value)
    assert "\x1b" not in str(refused.value)


@pytest.mark.parametrize(
    ("record", "why"),
    [
        ("", "no two players"),
        (GOOD_HEAD, "no moves"),
        ("#player1 cara cara\n#player2 cara cara\n" + OPENING, "same nickname"),
        ("x" * (MAX_BYTES + 1), "larger than"),
    ],
)
def test_a_record_that_is_no_game_is_refused(record, why):
    with pytest.raises(GcgImportError, match=why):
        read_gcg(record)


def test_a_damaged_record_is_imported_or_refused_never_crashes():
    """Characters changed, put in, taken out, or whole lines repeated, at random: each
    record is read or refused with a reason, and nothing else escapes."""
    rng = random.Random(26)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ?.-+()0123456789 abcz:#>\t"
    for _ in range(300):
        lines = rng.choice([CLUB.read_text(encoding="utf-8"), SCRIPTED]).splitlines()
        at = rng.randrange(len(lines))
        line, char = lines[at], rng.choice(alphabet)
        where = rng.randrange(len(line) + 1)
        match rng.randrange(4):
            case 0:
                lines[at] = line[:where] + char + line[where + 1 :]
            case 1:
                lines[at] = line[:where] + char + line[where:]
            case 2:
                lines[at] = line[:where] + line[where + 1 :]
            case _:
                lines.insert(at, rng.choice(lines))
        with contextlib.suppress(GcgImportError):
            read_gcg("\n".join(lines) + "\n")
