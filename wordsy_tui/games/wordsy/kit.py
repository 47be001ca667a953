"""Wordsy's kit: what the table needs of Wordsy, its rules, table parts and screens loaded
only by the methods that use them."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from wordsy_tui.games.wordsy.rules.config import (
    DEFAULT_TIMER_SECONDS,
    DEFAULT_WAIT_SECONDS,
    GAME,
    MAX_PLAYERS,
    MAX_TIMER_SECONDS,
    MIN_PLAYERS,
    MIN_TIMER_SECONDS,
    Difficulty,
    GameConfig,
)
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.kit import (
    Game,
    Hosted,
    Listing,
    NoRecords,
    Outcome,
    UsageError,
    knock,
)

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from wordsy_tui.app.table import SeatAgain
    from wordsy_tui.games.wordsy.app import WordsyApp
    from wordsy_tui.games.wordsy.app.host_form import WordsyHostFields
    from wordsy_tui.games.wordsy.lan import Bot
    from wordsy_tui.games.wordsy.rules.state import GameState
    from wordsy_tui.games.wordsy.seat import WordsySeat

WORDSY: Final = Game(
    name=GAME,
    title="Wordsy",
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    step="round",
    table="game",
    solo="Wordsy, against the Solo Card",
)


class WordsyKit(NoRecords):
    """Wordsy, both editions (its rulesets)."""

    games: Sequence[Game] = (WORDSY,)

    # -- the command line --------------------------------------------------------------

    def host_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.cli.options import bounded_int, player_name

        group.add_argument(
            "--ruleset",
            choices=[r.value for r in Ruleset],
            default="classic",
            help="classic is the first edition (default); second-edition its quick rules",
        )
        timing = group.add_mutually_exclusive_group()
        timing.add_argument(
            "--timer",
            type=bounded_int(MIN_TIMER_SECONDS, MAX_TIMER_SECONDS, "--timer"),
            default=DEFAULT_TIMER_SECONDS,
            metavar="SECONDS",
            help="seconds the others get once the timer is flipped (default %(default)s)",
        )
        timing.add_argument(
            "--no-timer",
            action="store_true",
            help="the no-time-limit variant: a Main Player stands in for the fastest",
        )
        group.add_argument(
            "--wait-limit",
            type=bounded_int(30, 3600, "--wait-limit"),
            default=DEFAULT_WAIT_SECONDS,
            metavar="SECONDS",
            help="the longest a round waits when nobody flips the timer, or with --no-timer, "
            "and the challenges with no window (default %(default)s)",
        )
        group.add_argument(
            "--handicap",
            nargs="+",
            type=player_name,
            default=[],
            metavar="NAME",
            help="players who play with the scoring handicap",
        )
        group.add_argument(
            "--meant-words",
            action="store_true",
            help="relaxed play (the first edition's tip): a player whose word fell to a "
            "challenge or the referee may offer the word they meant, and the others vote on it",
        )

    def host_config(self, game: str, args: argparse.Namespace) -> GameConfig:
        seats = MAX_PLAYERS if args.seats is None else args.seats
        if seats > MAX_PLAYERS:
            raise UsageError(f"Wordsy seats {MIN_PLAYERS} to {MAX_PLAYERS} players")
        return GameConfig(
            ruleset=Ruleset(args.ruleset),
            timer_seconds=None if args.no_timer else args.timer,
            handicapped=frozenset(args.handicap),
            max_players=seats,
            wait_seconds=args.wait_limit,
            meant_words=args.meant_words,
        )

    def solo_arguments(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--difficulty",
            choices=[d.value for d in Difficulty],
            default=Difficulty.NORMAL.value,
            help="the target score: normal 100, medium 110, hard 120, brutal 120 "
            "with no middle spot (default: normal)",
        )

    def solo(self, game: str, args: argparse.Namespace, name: str) -> int:
        from wordsy_tui.games.wordsy.app import WordsyApp
        from wordsy_tui.games.wordsy.referee.advice import Advisor
        from wordsy_tui.games.wordsy.solo import solo_session

        advisor = Advisor()
        session = solo_session(name, Difficulty(args.difficulty), advisor)
        return WordsyApp(session, advisor=advisor, bell=not args.no_bell).run_to_end()

    score_examples: Sequence[str] = (
        'wordsy-tui score --board "C S Q+2 B C F+1 L N" QUIBBLES BACCALAUREATES',
        'wordsy-tui score --rows --board "C Q+2 C L  S B F+1 N" QUIBBLES',
    )

    def score_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.games.wordsy.calculator import add_arguments

        add_arguments(group)

    def calculate(
        self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser
    ) -> int:
        from wordsy_tui.games.wordsy.calculator import run

        return run(args, parser)

    def check_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.games.wordsy.check import add_arguments

        add_arguments(group)

    def check(self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
        from wordsy_tui.games.wordsy.check import run

        return run(args, parser)

    # -- the table ---------------------------------------------------------------------

    def reads(self, body: object) -> str | None:
        from wordsy_tui.engine.codec import CodecError
        from wordsy_tui.games.wordsy.rules.codec import decode_event

        try:
            decode_event(body)
        except CodecError:
            return None
        return GAME

    def listing(self, state: GameState) -> Listing:
        from wordsy_tui.games.wordsy.rules.state import Phase

        if state.phase in (Phase.WRITING, Phase.REVEAL, Phase.CHALLENGES):
            phase = f"round {state.round}"
        else:
            phase = "over" if state.phase is Phase.OVER else "lobby"
        return Listing(
            len(state.players), state.config.max_players, phase, state.config.ruleset.value
        )

    def hosted(self, game: str) -> Hosted:
        from wordsy_tui.games.wordsy.host import wordsy_host
        from wordsy_tui.games.wordsy.narrate import WordsyDesk, narrate

        return Hosted(
            table=wordsy_host,
            settings=wordsy_settings,
            line=narrate,
            desk=WordsyDesk,
            app=wordsy_app,
        )

    def seat(
        self,
        game: str,
        address: tuple[str, int],
        name: str,
        pin: str | None,
        *,
        spectate: bool = False,
        reclaim: bool = False,
        keys: Any = None,
        seat_file: Path | None = None,
    ) -> WordsySeat:
        from wordsy_tui.games.wordsy.seat import WordsySeat
        from wordsy_tui.words.digest import dictionary_hash

        return WordsySeat.join(
            *address,
            name,
            dictionary_hash(),
            **knock(pin, spectate=spectate, reclaim=reclaim, keys=keys, seat_file=seat_file),
        )

    def computer_player(self, seat: WordsySeat, level: str) -> Bot:
        from wordsy_tui.games.wordsy.lan import Bot

        return Bot(seat, level)

    def score(self, state: GameState, player: str) -> int:
        return state.sheets[player].total

    def outcome(self, state: GameState) -> Outcome:
        from wordsy_tui.games.wordsy.rules.scoresheet import standings
        from wordsy_tui.games.wordsy.rules.state import Phase

        config = state.config
        # The edition decides ties and what counts as the same word; without the timer
        # nobody races.
        ruleset = str(config.ruleset).replace("-", " ") + ("" if config.timed else ", no timer")
        if state.phase is not Phase.OVER:
            return Outcome((), ruleset)
        ranked = standings(state.sheets, config.ruleset)
        places = sorted({s.place for s in ranked})
        return Outcome(
            tuple(tuple(s.player for s in ranked if s.place == place) for place in places),
            ruleset,
        )

    def app(self, game: str, seat: Any, again: SeatAgain[Any] | None = None) -> WordsyApp:
        from wordsy_tui.games.wordsy.app import WordsyApp

        return WordsyApp(seat, again=again)

    # -- saved games -------------------------------------------------------------------

    def saved(self, game: str, bodies: Sequence[object]) -> tuple[tuple[str, ...], int, bool]:
        from wordsy_tui.games.wordsy.rules import events as ev
        from wordsy_tui.games.wordsy.rules.codec import decode_event
        from wordsy_tui.games.wordsy.rules.evolve import evolve
        from wordsy_tui.games.wordsy.rules.state import GameState, Phase

        state, rounds = GameState(), 0
        for body in bodies:
            event = decode_event(body)
            rounds += isinstance(event, ev.RoundEnded)
            state = evolve(state, event)
        if state.round < 1:
            raise ValueError("it never left the lobby: no board to show")
        return state.players, rounds, state.phase is Phase.OVER

    def replay(self, game: str, bodies: Sequence[object], note: str | None) -> WordsySeat:
        from wordsy_tui.games.wordsy.replay import replay

        return replay(bodies, note)

    # -- the start menu ----------------------------------------------------------------

    def solo_choice(self, game: str) -> ModalScreen[Any]:
        from wordsy_tui.games.wordsy.app.screens.solo import DifficultyScreen

        return DifficultyScreen()

    def solo_app(self, game: str, choice: Difficulty, name: str) -> WordsyApp:
        from wordsy_tui.games.wordsy.app import WordsyApp
        from wordsy_tui.games.wordsy.referee.advice import Advisor
        from wordsy_tui.games.wordsy.solo import solo_session

        # The table's referee is the app's advisor: the word list is read once, for both.
        advisor = Advisor()
        return WordsyApp(solo_session(name, choice, advisor), advisor=advisor)

    def rules(self, game: str) -> ModalScreen[None]:
        from wordsy_tui.games.wordsy.app.screens.help import HelpScreen

        return HelpScreen(GameConfig())

    def host_fields(self) -> WordsyHostFields:
        from wordsy_tui.games.wordsy.app.host_form import WordsyHostFields

        return WordsyHostFields()


def wordsy_settings(options: Any) -> dict[str, Any]:
    """`wordsy_host`'s own arguments: its captain, referee, bots' level and lobby's grace."""
    from wordsy_tui.cli.serve import hosting_player_settings
    from wordsy_tui.games.wordsy.referee.advice import Advisor

    # The word referee, its modules imported at the first word judged (with the word list,
    # which that loads anyway): a host's lobby judges none.
    return {**hosting_player_settings(options), "referee": Advisor(best=False)}


def wordsy_app(options: Any) -> WordsyApp:
    """The hosting player's screens, from `host`'s options (or the start menu's form)."""
    from wordsy_tui.cli.serve import hosting_seat
    from wordsy_tui.games.wordsy.app import WordsyApp
    from wordsy_tui.games.wordsy.seat import WordsySeat

    return WordsyApp(hosting_seat(options, WordsySeat.host), serve_on=serve_on)


async def serve_on(seat: WordsySeat) -> int:
    """The hosting player left `seat`'s game running: serve it on, headless, in this
    process (nobody's link drops); the exit status."""
    from wordsy_tui.cli.serve import serve_on as serve_headless_on

    return await serve_headless_on(await seat.leave_running(), seat.me)


KIT: Final = WordsyKit()
