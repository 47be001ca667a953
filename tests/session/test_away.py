"""Nobody holds the table: a player connected but idle (no key for a while, while everyone
else is done) is counted down on every screen, then the wait moves on without them; a
player who is typing never is. The rule (`session.away`) and the host that applies it,
driven with explicit time (`frozen_table`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.wordsy.rules.table import SALT
from tests.session.frozen_table import FrozenTime, InProcessHost, served
from tests.session.test_lan import DICTIONARY
from tests.session.test_tile_lan import DAWG, tile_host
from wordsy_tui.engine.sealed import commit
from wordsy_tui.games.tiles.rules import commands as tcmd
from wordsy_tui.games.tiles.rules.movegen import generate
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.wordsy.host import WordsyHost, wordsy_host
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.table.away import COUNTDOWN_SECONDS, IDLE_SECONDS, Attendance, Away

PEOPLE = ("Ann", "Bob", "Cat")
ALL_HERE = dict.fromkeys(PEOPLE, True)


# -- the rule -----------------------------------------------------------------------------


def test_a_wait_on_people_who_have_all_gone_moves_on_after_the_grace() -> None:
    attendance = Attendance(absent_grace=10)
    presence = {**ALL_HERE, "Cat": False}
    verdict = attendance.judge(["Cat"], PEOPLE, presence, minds_idle=False, now=0)
    assert verdict.away == Away(("Cat",), 10)


def test_an_idle_player_is_counted_down_once_the_others_are_done() -> None:
    attendance = Attendance(absent_grace=10)
    for seat in PEOPLE:
        attendance.seen(seat, 0)
    attendance.seen("Bob", 20)
    # Ann has pressed nothing since 0: idle at 30, and then the countdown starts.
    early = attendance.judge(["Ann"], PEOPLE, ALL_HERE, minds_idle=True, now=20)
    assert early.away is None
    assert early.look_again == IDLE_SECONDS
    late = attendance.judge(["Ann"], PEOPLE, ALL_HERE, minds_idle=True, now=IDLE_SECONDS)
    assert late.away == Away(("Ann",), COUNTDOWN_SECONDS)
    # A key, and the table waits on.
    attendance.seen("Ann", IDLE_SECONDS + 1)
    again = attendance.judge(["Ann"], PEOPLE, ALL_HERE, minds_idle=True, now=IDLE_SECONDS + 1)
    assert again.away is None
    assert again.look_again == 2 * IDLE_SECONDS + 1


@pytest.mark.parametrize(
    ("waited", "presence", "minds_idle"),
    [
        (list(PEOPLE), ALL_HERE, True),  # everyone is idle: nobody is held up
        (["Ann"], {"Ann": True, "Bob": False, "Cat": False}, True),  # the others have gone
        (["Ann"], ALL_HERE, False),  # a tile turn: a player thinks without a key
        (["Ann", "Bot 1 (easy)"], {**ALL_HERE, "Bot 1 (easy)": True}, True),  # a bot acts
    ],
)
def test_an_idle_player_holds_nobody_up_where_nobody_waits_on_them(
    waited: list[str], presence: dict[str, bool], minds_idle: bool
) -> None:
    attendance = Attendance(absent_grace=10)
    for seat in waited:
        attendance.seen(seat, 0)  # long ago
    verdict = attendance.judge(waited, PEOPLE, presence, minds_idle, now=1000)
    assert verdict.away is None


def test_gone_and_idle_together_get_the_idle_players_countdown() -> None:
    attendance = Attendance(absent_grace=10)
    attendance.seen("Ann", 0)
    presence = {**ALL_HERE, "Cat": False}
    verdict = attendance.judge(["Ann", "Cat"], PEOPLE, presence, minds_idle=True, now=1000)
    assert verdict.away == Away(("Ann", "Cat"), COUNTDOWN_SECONDS)


# -- the host, with explicit time -----------------------------------------------------------

NO_TIMER = GameConfig(timer_seconds=None)


@pytest.fixture
def time() -> FrozenTime:
    return FrozenTime()


async def no_timer_table(tmp_path: Path, time: FrozenTime) -> tuple[WordsyHost, InProcessHost]:
    """Ann, Bob and Cat at a no-timer game's host, connected; Bob starts round 1."""
    table = wordsy_host(
        NO_TIMER, dictionary=DICTIONARY, captain="Bob", log_path=tmp_path / "game.log"
    )
    host = await served(table, time)
    host.connect(*PEOPLE)
    await time.settle()
    assert table.state.players == PEOPLE
    host.act("Bob", cmd.StartGame())
    await time.settle()
    assert table.state.phase is Phase.WRITING
    return table, host


def lock_in(host: InProcessHost, player: str) -> None:
    host.act(player, cmd.WriteWord(player, commit(f"{player.upper()}S", SALT)))
    host.act(player, cmd.LockIn(player))


def reveal(host: InProcessHost, table: WordsyHost, player: str) -> None:
    """`player`'s program reveals their word (by itself: no key of theirs)."""
    word = cmd.RevealWord(player, f"{player.upper()}S", SALT)
    assert host.act_wire(player, table.game.rules.encode(word)).accepted


async def play_on(
    host: InProcessHost, table: WordsyHost, time: FrozenTime, ready: tuple[str, ...]
) -> None:
    """Every program reveals as soon as it may, and the `ready` people press Ready as soon
    as they may, until the round ends."""
    round_no = table.state.round
    while table.state.round == round_no:
        state = table.state
        for player in state.players:
            draft = state.draft(player)
            if state.phase is Phase.REVEAL and draft.commitment and not draft.revealed:
                reveal(host, table, player)
            elif state.phase is Phase.CHALLENGES and player in ready and player not in state.ready:
                host.act(player, cmd.Ready(player))
        await time.pass_seconds(0.5)


async def test_one_idle_player_holds_a_no_timer_round_two_minutes_at_most(
    tmp_path: Path, time: FrozenTime
) -> None:
    table, host = await no_timer_table(tmp_path, time)
    try:
        # Ann is connected and never presses a key; Bob and Cat are done after 10 s.
        await time.pass_seconds(10)
        lock_in(host, "Bob")
        lock_in(host, "Cat")
        done = time.now
        await play_on(host, table, time, ready=("Bob", "Cat"))
        # It was 240 s: the wait limit on the writing (180 s), then the whole window (60 s).
        assert time.now - done <= 120
        assert table.state.draft("Ann").word is None  # she scores 0 that round
        # Every screen was told whom the table was about to move on without.
        told = [note["away"]["seats"] for note in host.notes if note and "away" in note]
        assert told == [["Ann"], ["Ann"]]  # the writing, then the challenge window
    finally:
        await table.stop()


async def test_a_player_who_keeps_typing_is_never_cut_short(
    tmp_path: Path, time: FrozenTime
) -> None:
    table, host = await no_timer_table(tmp_path, time)
    try:
        lock_in(host, "Bob")
        lock_in(host, "Cat")
        # Ann types on and off for two and a half minutes (her keys reach the host a few
        # seconds apart, her draft's commitment as she pauses) and only then locks in.
        for second in range(0, 150, 5):
            host.here("Ann")
            if second % 20 == 0:
                host.act("Ann", cmd.WriteWord("Ann", commit(f"ANT{'S' * (second // 20)}", SALT)))
            await time.pass_seconds(5)
            assert table.state.phase is Phase.WRITING
            assert table.clock is not None
            assert not table.clock.hurried
        host.act("Ann", cmd.LockIn("Ann"))
        await time.settle()
        assert table.state.phase is not Phase.WRITING
        assert all("away" not in note for note in host.notes if note)
    finally:
        await table.stop()


async def window_after_anns_last_key(
    tmp_path: Path, time: FrozenTime
) -> tuple[WordsyHost, InProcessHost]:
    """Round 1's challenge window, just open: Ann locked in 50 s before the others (her
    last key: then she walked away), and every word is revealed."""
    table, host = await no_timer_table(tmp_path, time)
    lock_in(host, "Ann")
    await time.pass_seconds(50)
    lock_in(host, "Bob")
    lock_in(host, "Cat")
    for player in PEOPLE:
        reveal(host, table, player)
    await time.settle()
    assert table.state.phase is Phase.CHALLENGES
    return table, host


async def test_the_challenge_window_moves_on_without_an_idle_player(
    tmp_path: Path, time: FrozenTime
) -> None:
    table, host = await window_after_anns_last_key(tmp_path, time)
    try:
        opened = time.now
        await play_on(host, table, time, ready=("Bob", "Cat"))
        # Not the window's minute: the countdown, once Bob and Cat were ready.
        assert time.now - opened <= COUNTDOWN_SECONDS + 1
    finally:
        await table.stop()


async def test_a_key_in_the_countdown_lets_the_window_run_its_own_time(
    tmp_path: Path, time: FrozenTime
) -> None:
    table, host = await window_after_anns_last_key(tmp_path, time)
    try:
        opened = time.now
        host.act("Bob", cmd.Ready("Bob"))
        host.act("Cat", cmd.Ready("Cat"))
        await time.pass_seconds(10)
        assert table.clock is not None
        assert table.clock.hurried  # "the table is waiting for you"
        host.here("Ann")  # she is back: a key
        await time.settle()
        assert not table.clock.hurried
        assert host.notes[-1] is not None
        assert "away" not in host.notes[-1]  # every screen hears the countdown is off
        await time.pass_seconds(45)
        assert table.state.round == 1  # the window's own minute, not the countdown
        await time.pass_seconds(10)
        assert table.state.round == 2
        assert time.now - opened >= 60
    finally:
        await table.stop()


# -- the tile games: the challenge window and the vote mind an idle player, a turn does not --


async def test_a_tile_play_stands_once_an_idle_player_is_counted_down(
    tmp_path: Path, time: FrozenTime
) -> None:
    table = tile_host(tmp_path, GameName.SCRABBLE)
    host = await served(table, time)
    try:
        host.connect("ann", "bob", "cat")
        await time.settle()
        assert await table.start_game() is None
        state = table.state
        mover = state.turn
        assert mover is not None
        accepting, idle = [p for p in state.players if p != mover]
        await time.pass_seconds(40)  # nobody has pressed a key since sitting down
        moves = generate(state.board, state.rack(mover), state.rules, DAWG, state.premiums)
        host.act(mover, tcmd.Play(max(moves, key=lambda m: (m.score, m.placement)).placement))
        host.act(accepting, tcmd.Accept())
        played = time.now
        assert table.clock is not None
        assert table.clock.deadline is not None
        assert table.clock.deadline.away == (idle,)
        await time.pass_seconds(COUNTDOWN_SECONDS + 1)
        assert table.state.pending is None  # the play stands: not the window's minute
        assert time.now - played < table.config.challenge_seconds
        # A turn is one player thinking over a rack, which takes no key: no countdown.
        turn = table.state.turn
        assert turn is not None
        await time.pass_seconds(2 * (IDLE_SECONDS + COUNTDOWN_SECONDS))
        assert table.state.turn == turn
        assert not table.clock.hurried
    finally:
        await table.stop()
