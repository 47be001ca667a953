"""Seeded games of Word Nerds for its screens' tests, snapshots and screenshots/.

Each scene is a table the rules alone played to a chosen moment (computer players in every
seat, Ann's among them, by `tables.drive`), shown to Ann (or a spectator) through a door
that holds that table still: the clock frozen, nobody else moving. What Ann presses goes to
the rules as at any table, so the picture is the same on every run.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from textual.pilot import Pilot

from tests.app.tile_fixtures import until
from tests.games.wordnerds.tables import drive, everyday_finder
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.app.app import NerdsApp
from wordsy_tui.games.wordnerds.replay import wordnerds_replay
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.alarms import alarm
from wordsy_tui.games.wordnerds.rules.bots import STYLES, Bot, best_word
from wordsy_tui.games.wordnerds.rules.codec import encode
from wordsy_tui.games.wordnerds.rules.components import When, action
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase
from wordsy_tui.games.wordnerds.seam import NerdsRules
from wordsy_tui.games.wordnerds.seat import NerdsSeat
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.seat import Door

ME = "Ann"
NAMES = (ME, "Bot 1 (easy)", "Bot 2 (hard)", "Bot 3 (medium)")
SEED = 12
FROZEN_NOW = 1000.0
"""The screen's clock: it never moves."""
LEFT = 14
"""Seconds left on every countdown in the pictures."""


class Still(Door[NerdsState, cmd.Command, ev.Event]):
    """A table held at one moment: `host` is the whole game, `me` the seat shown (None: a
    spectator). The seat's commands go to the rules; the clock shows `LEFT` seconds on
    whatever the table waits for."""

    def __init__(self, host: NerdsState, me: str | None = ME) -> None:
        super().__init__(me)
        self.rules = NerdsRules()
        self.host = host
        self.rng = random.Random(1)

    def fresh(self) -> NerdsState:
        return self.rules.state_for(self.host, self.me)

    async def start(self) -> None:
        await self.seat.moved(self.fresh(), ())

    async def stop(self) -> None:
        return None

    async def send(self, command: cmd.Command) -> str | None:
        from wordsy_tui.engine.errors import RuleError

        assert self.me is not None, f"a spectator's screen sent {command}"
        try:
            events = self.rules.decide(self.host, self.me, command, self.rng)
        except RuleError as error:
            return str(error)
        for event in events:
            self.host = self.rules.evolve(self.host, event)
        seen = [self.rules.event_for(e, self.me) for e in events]
        await self.seat.moved(self.fresh(), seen)
        return None

    @property
    def deadline(self) -> Deadline | None:
        running = alarm(self.host)
        if running is None:
            return None
        return Deadline(running.label, FROZEN_NOW + LEFT, running.seconds)


def played(
    until_: Callable[[NerdsState], bool], seed: int = SEED
) -> tuple[NerdsState, list[ev.Event]]:
    log, state = drive(NAMES, seed=seed, until=until_)
    return state, log


def still_app(state: NerdsState, me: str | None = ME) -> NerdsApp:
    return NerdsApp(NerdsSeat(Still(state, me)), now=lambda: FROZEN_NOW)


def my_word(state: NerdsState) -> str:
    """The best word Ann's hand and the pool spell (an easy player's words)."""
    view = NerdsRules().state_for(state, ME)
    found = best_word(Bot(ME, STYLES[Level.EASY], everyday_finder()), view)
    assert found is not None, "the scene needs a word Ann can spell"
    return found.word


def _battle(state: NerdsState) -> bool:
    """A word and a trump in play, with a card on one, no vote, Ann's word in hand."""
    if state.phase is not Phase.DECLARING or state.trump is None or state.vote is not None:
        return False
    if not any(state.words[i].modifiers for i in state.in_play()):
        return False
    view = NerdsRules().state_for(state, ME)
    return best_word(Bot(ME, STYLES[Level.EASY], everyday_finder()), view) is not None


def _mine(phase: Phase) -> Callable[[NerdsState], bool]:
    def at(state: NerdsState) -> bool:
        if state.phase is not phase or state.turn < 2:
            return False
        match phase:
            case Phase.BIDDING:
                held = (action(card).when for card in state.actions[ME])
                return ME not in state.sealed and When.WITH_BID in held
            case Phase.PICKING:
                return state.picking[:1] == (ME,)
            case Phase.PURCHASING:
                return state.purchasing[:1] == (ME,) and len(state.hand(ME)) >= 3
        return True

    return at


@dataclass(frozen=True, slots=True)
class NerdsScene:
    name: str
    make: Callable[[], NerdsApp]
    settle: Callable[[Pilot[None]], Awaitable[None]]


def app_of(pilot: Pilot[None]) -> NerdsApp:
    app = pilot.app
    assert isinstance(app, NerdsApp)
    return app


async def _shown(pilot: Pilot[None]) -> None:
    app = app_of(pilot)
    await until(
        pilot, lambda: app.table_screen.is_mounted and app.session.state.phase.value != "new"
    )
    await pilot.pause()


def _lobby_app() -> NerdsApp:
    state = NerdsState()
    rules = NerdsRules()
    for actor, command in cmd.opening(rules.fresh().config, (ME,), NAMES[1:])[:-1]:
        for event in rules.decide(state, actor, command, random.Random(1)):
            state = rules.evolve(state, event)
    return still_app(state)


def _bidding_app() -> NerdsApp:
    return still_app(played(_mine(Phase.BIDDING))[0])


async def _bidding(pilot: Pilot[None]) -> None:
    await _shown(pilot)
    await pilot.press("3", "c")
    await pilot.pause()


def _picking_app() -> NerdsApp:
    return still_app(played(_mine(Phase.PICKING))[0])


def _battle_app() -> NerdsApp:
    return still_app(played(_battle)[0])


async def _typing(pilot: Pilot[None]) -> None:
    await _shown(pilot)
    app = app_of(pilot)
    await pilot.press(*my_word(app.session.door.host))  # type: ignore[attr-defined]
    await pilot.pause()


async def _cards(pilot: Pilot[None]) -> None:
    await _shown(pilot)
    await pilot.press("f4")
    await pilot.pause()


def _purchase_app() -> NerdsApp:
    return still_app(played(_mine(Phase.PURCHASING))[0])


async def _chosen(pilot: Pilot[None]) -> None:
    await _shown(pilot)
    await pilot.press("1", "3")
    await pilot.pause()


def _results_app() -> NerdsApp:
    return still_app(played(lambda state: False)[0])


async def _results(pilot: Pilot[None]) -> None:
    from wordsy_tui.games.wordnerds.app.dialogs import ResultsScreen

    await _shown(pilot)
    await until(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen))
    await pilot.pause()


async def _help(pilot: Pilot[None]) -> None:
    await _shown(pilot)
    await pilot.press("f1")
    await pilot.pause()


def _watching_app() -> NerdsApp:
    return still_app(played(_battle)[0], None)


def _replay_app() -> NerdsApp:
    _state, log = played(lambda state: state.turn >= 6)
    return NerdsApp(wordnerds_replay([encode(event) for event in log]))


async def _replayed(pilot: Pilot[None]) -> None:
    app = app_of(pilot)
    await until(pilot, lambda: app.table_screen.is_mounted and app.session.state.turn >= 1)
    await pilot.press("right", "right", "right")
    await pilot.pause()


NERDS_SCENES: Sequence[NerdsScene] = (
    NerdsScene("wordnerds-lobby", _lobby_app, _shown),
    NerdsScene("wordnerds-bidding", _bidding_app, _bidding),
    NerdsScene("wordnerds-picking", _picking_app, _shown),
    NerdsScene("wordnerds-battle", _battle_app, _typing),
    NerdsScene("wordnerds-cards", _battle_app, _cards),
    NerdsScene("wordnerds-purchase", _purchase_app, _chosen),
    NerdsScene("wordnerds-results", _results_app, _results),
    NerdsScene("wordnerds-help", _battle_app, _help),
    NerdsScene("wordnerds-watching", _watching_app, _shown),
    NerdsScene("wordnerds-replay", _replay_app, _replayed),
)
