"""Seeded games of Wordsmith for its screens' tests, snapshots and screenshots/.

The session is the real one (the rules and the computer players in-process, on the solo
table) with a fixed seed, so every picture is the same on every run. The player's turns are
the hard computer player's choice for her seat; the turn in the picture is typed as a
person would: arrows to each square, then its letter (or the strip's face number).
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.app.tile_fixtures import until
from wordsy_tui.engine.levels import Level
from wordsy_tui.engine.sealed import commit
from wordsy_tui.games.wordsmith import seam
from wordsy_tui.games.wordsmith.app.app import SheetScreen, WordsmithApp
from wordsy_tui.games.wordsmith.mind import shared_vocabulary
from wordsy_tui.games.wordsmith.replay import wordsmith_replay
from wordsy_tui.games.wordsmith.rules import commands as cmd
from wordsy_tui.games.wordsmith.rules import events as ev
from wordsy_tui.games.wordsmith.rules.bots import choose_turn
from wordsy_tui.games.wordsmith.rules.components import SIZE
from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.rules.legal import may_choose
from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.rules.turn import GobletLetter, SwordCircle, Turn, turn_text
from wordsy_tui.games.wordsmith.seam import WordsmithRules
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.local import Local
from wordsy_tui.table.seat import Door
from wordsy_tui.words import lexicon
from wordsy_tui.words.lexicon import Lexicon

SMITH_SEED = 11
ME = "Ann"
OPPONENTS = (Level.EASY, Level.EASY, Level.EASY)
FROZEN_NOW = 1000.0
"""The screen's clock in pictures with a countdown: it never moves."""

SmithTable = Local[WordsmithState, cmd.Command, ev.Event]


def smith_session(seed: int = SMITH_SEED, config: WordsmithConfig | None = None) -> WordsmithSeat:
    return WordsmithSeat.solo(ME, config or WordsmithConfig(), OPPONENTS, seed=seed)


def word_list_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the threads that ask for the shipped word list from now on, one each
    time (read at the first, kept after)."""
    read_on: list[str] = []
    load = lexicon.load_lexicon

    def counted() -> Lexicon:
        read_on.append(threading.current_thread().name)
        return load()

    monkeypatch.setattr(lexicon, "load_lexicon", counted)
    # (The seam's own name for it, where it holds one.)
    monkeypatch.setattr(seam, "load_lexicon", counted, raising=False)
    return read_on


def solo_table(session: WordsmithSeat) -> SmithTable:
    door = session.door
    assert isinstance(door, Local)
    return door


def my_turn(state: WordsmithState, words: Any) -> Turn:
    """The turn the player takes: a hard computer player's choice for her seat."""
    rng = random.Random(state.round)
    return choose_turn(state, ME, Level.HARD, shared_vocabulary(), words, rng)


async def my_round(session: WordsmithSeat) -> None:
    """Until the player may choose (the computer players think on their thread), or the
    end."""
    for _ in range(2000):
        if session.state.phase is Phase.OVER or may_choose(session.state, ME):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the round never came to the player")


async def play_rounds(session: WordsmithSeat, rounds: int) -> None:
    """The player's next `rounds` turns, sealed without the screen."""
    for _ in range(rounds):
        await my_round(session)
        if session.state.phase is Phase.OVER:
            return
        assert await session.seal(my_turn(session.state, session.rules.words)) is None
    await my_round(session)


def keys_to(screen: SheetScreen, square: int) -> list[str]:
    """The arrows from the cursor to `square`."""
    cursor = screen.draft.cursor
    rows = square // SIZE - cursor // SIZE
    cols = square % SIZE - cursor % SIZE
    return ["down" if rows > 0 else "up"] * abs(rows) + ["right" if cols > 0 else "left"] * abs(
        cols
    )


async def type_turn(pilot: Pilot[None], screen: SheetScreen, turn: Turn) -> None:
    """Lay `turn` with the keys a person presses (not sealed)."""
    for pick in turn.picks:
        await pilot.press(*keys_to(screen, pick.square))
        key = pick.letter.lower() if pick.face is None else str(pick.face + 1)
        await pilot.press(key)
    for bonus in turn.bonuses:
        await pilot.press(*keys_to(screen, bonus.square))
        if isinstance(bonus, GobletLetter):
            await pilot.press(bonus.letter.lower())
        elif isinstance(bonus, SwordCircle):
            await pilot.press("asterisk")


class ClockedSeat(WordsmithSeat):
    """The seeded game with a host's round limit frozen at `left` seconds, as a LAN seat
    shows it (`away`: whom the table is about to move on without)."""

    left = 0
    away: tuple[str, ...] = ()

    @property
    def deadline(self) -> Deadline | None:
        return Deadline("choosing", FROZEN_NOW + self.left, 120.0, self.away)


def waiting_session(left: int, away: tuple[str, ...] = ()) -> ClockedSeat:
    """The seeded game's first round at a table whose other players take their time (no
    computer player of this process chooses)."""
    names = tuple(f"Bot {n} (easy)" for n in range(1, 4))
    opening = cmd.opening(WordsmithConfig(), (ME,), names)
    door: SmithTable = Local(WordsmithRules(), ME, opening, rng=seed_rng(SMITH_SEED), timed=False)
    seat = ClockedSeat(door)
    seat.left, seat.away = left, away
    return seat


def seed_rng(seed: int) -> random.Random:
    return random.Random(seed)


def lobby_session() -> WordsmithSeat:
    """The lobby of a table of four: Ann, who starts it, and three computer players."""
    opening = cmd.opening(WordsmithConfig(), (ME,), tuple(f"Bot {n} (easy)" for n in (1, 2, 3)))
    return WordsmithSeat(Local(WordsmithRules(), ME, opening[:-1], rng=seed_rng(1), timed=False))


class Watching(Door[WordsmithState, cmd.Command, ev.Event]):
    """A spectator's place beside a game (`state`, as spectators see it)."""

    def __init__(self, state: WordsmithState) -> None:
        super().__init__(None)
        self.state = state

    def fresh(self) -> WordsmithState:
        return WordsmithState()

    async def start(self) -> None:
        await self.seat.moved(self.state, ())

    async def stop(self) -> None:
        return None

    async def send(self, command: cmd.Command) -> str | None:
        raise AssertionError(f"a spectator's screen sent {command}")

    @property
    def deadline(self) -> Deadline | None:
        return Deadline("choosing", FROZEN_NOW + 64, 120.0)


def played(rounds: int) -> tuple[WordsmithState, list[ev.Event]]:
    """The seeded table after `rounds` rounds, played by the rules alone (no screen, no
    event loop): the host's state and log. The player takes her usual turns; each
    opponent the easy computer player's."""
    rules = WordsmithRules()
    rng = seed_rng(SMITH_SEED)
    names = tuple(f"Bot {n} (easy)" for n in range(1, 4))
    state, log = rules.fresh(), list[ev.Event]()

    def do(actor: str | None, command: cmd.Command) -> None:
        nonlocal state
        for event in rules.decide(state, actor, command, rng):
            state = rules.evolve(state, event)
            log.append(event)

    for actor, command in cmd.opening(WordsmithConfig(), (ME,), names):
        do(actor, command)
    salt = bytes(16)
    while state.phase is not Phase.OVER and state.round <= rounds:
        turns = {ME: my_turn(rules.state_for(state, ME), rules.words)}
        for name in names:
            view = rules.state_for(state, name)
            turns[name] = choose_turn(
                view, name, Level.EASY, shared_vocabulary(), rules.words, random.Random(name)
            )
        for player, turn in turns.items():
            do(player, cmd.Seal(commit(turn_text(turn), salt)))
        for player, turn in turns.items():
            do(player, cmd.Reveal(turn, salt))
    return state, log


@dataclass(frozen=True, slots=True)
class SmithScene:
    name: str
    make: Callable[[], WordsmithApp]
    settle: Callable[[Pilot[None]], Awaitable[None]]


def app_of(pilot: Pilot[None]) -> WordsmithApp:
    app = pilot.app
    assert isinstance(app, WordsmithApp)
    return app


def _solo_app() -> WordsmithApp:
    return WordsmithApp(smith_session())


async def _started(pilot: Pilot[None], rounds: int = 0) -> None:
    """The app is up, the game started, and the player's first `rounds` turns played."""
    app = app_of(pilot)
    await until(pilot, lambda: app.table_screen.is_mounted and app.session.state.round >= 1)
    await play_rounds(app.session, rounds)
    await pilot.pause()


async def _laid(pilot: Pilot[None], rounds: int = 3) -> None:
    await _started(pilot, rounds)
    app = app_of(pilot)
    screen = app.table_screen
    await until(pilot, lambda: screen.choosing)
    await type_turn(pilot, screen, my_turn(app.session.state, app.session.rules.words))
    await pilot.pause()


def _waiting_app() -> WordsmithApp:
    return WordsmithApp(waiting_session(73), now=lambda: FROZEN_NOW)


async def _sealed(pilot: Pilot[None]) -> None:
    await _laid(pilot, 0)
    await pilot.press("enter")
    app = app_of(pilot)
    await until(pilot, lambda: app.session.sealed_turn is not None)
    await pilot.pause()


def _away_app() -> WordsmithApp:
    return WordsmithApp(waiting_session(24, away=(ME,)), now=lambda: FROZEN_NOW)


def _lobby_app() -> WordsmithApp:
    return WordsmithApp(lobby_session())


async def _lobby(pilot: Pilot[None]) -> None:
    app = app_of(pilot)
    await until(pilot, lambda: app.table_screen.is_mounted and len(app.session.state.players) == 4)
    await pilot.pause()


async def _results(pilot: Pilot[None]) -> None:
    from wordsy_tui.games.wordsmith.app.dialogs import ResultsScreen

    await _started(pilot, 12)
    await until(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen))
    await pilot.pause()


async def _sheets(pilot: Pilot[None]) -> None:
    from wordsy_tui.games.wordsmith.app.dialogs import SheetsScreen

    await _started(pilot, 7)
    await pilot.press("f2", "right")
    await until(pilot, lambda: isinstance(pilot.app.screen, SheetsScreen))
    await pilot.pause()


async def _help(pilot: Pilot[None]) -> None:
    await _started(pilot, 2)
    await pilot.press("f1")
    await pilot.pause()


def _watching_app() -> WordsmithApp:
    state, _log = played(6)
    watched = WordsmithRules().state_for(state, None)
    return WordsmithApp(WordsmithSeat(Watching(watched)), now=lambda: FROZEN_NOW)


async def _watched(pilot: Pilot[None]) -> None:
    await _started(pilot)
    await pilot.press("tab")
    await pilot.pause()


def _replay_app() -> WordsmithApp:
    _state, log = played(12)
    rules = WordsmithRules()
    return WordsmithApp(wordsmith_replay([rules.encode(event) for event in log]))


async def _replayed(pilot: Pilot[None]) -> None:
    app = app_of(pilot)
    await until(pilot, lambda: app.table_screen.is_mounted and app.session.state.round >= 1)
    await pilot.press("right", "right", "right", "tab")
    await pilot.pause()


SMITH_SCENES: Sequence[SmithScene] = (
    SmithScene("wordsmith-lobby", _lobby_app, _lobby),
    SmithScene("wordsmith-choosing", _solo_app, _laid),
    SmithScene("wordsmith-sealed", _waiting_app, _sealed),
    SmithScene("wordsmith-away", _away_app, _started),
    SmithScene("wordsmith-sheets", _solo_app, _sheets),
    SmithScene("wordsmith-results", _solo_app, _results),
    SmithScene("wordsmith-help", _solo_app, _help),
    SmithScene("wordsmith-watching", _watching_app, _watched),
    SmithScene("wordsmith-replay", _replay_app, _replayed),
)
