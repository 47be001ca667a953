"""Wordsmith's kit: what the table needs of Wordsmith, its rules, table part and screens
loaded only by the methods that use them."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordsmith.rules.config import (
    DEFAULT_ROUND_SECONDS,
    GAME,
    MAX_PLAYERS,
    MAX_ROUND_SECONDS,
    MIN_PLAYERS,
    MIN_ROUND_SECONDS,
    WordsmithConfig,
)
from wordsy_tui.kit import (
    Game,
    Hosted,
    Listing,
    NoRecords,
    Outcome,
    knock,
)

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from wordsy_tui.app.table import SeatAgain
    from wordsy_tui.games.wordsmith.app.app import WordsmithApp
    from wordsy_tui.games.wordsmith.app.host_form import WordsmithHostFields
    from wordsy_tui.games.wordsmith.app.solo import WordsmithSolo
    from wordsy_tui.games.wordsmith.mind import WordsmithBot
    from wordsy_tui.games.wordsmith.rules.state import WordsmithState
    from wordsy_tui.games.wordsmith.seat import WordsmithSeat

WORDSMITH: Final = Game(
    name=GAME,
    title="Wordsmith",
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    step="round",
    table="Wordsmith",
    solo="Wordsmith, against computer players",
)
SOLO_OPPONENTS: Final = 3
"""Computer players in a solo game unless told otherwise: a table of four."""


class WordsmithKit(NoRecords):
    """Wordsmith, for 2 to 10 players who choose at once."""

    games: Sequence[Game] = (WORDSMITH,)

    # -- the command line --------------------------------------------------------------

    def host_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.cli.options import bounded_int

        group.add_argument(
            "--round-limit",
            type=bounded_int(MIN_ROUND_SECONDS, MAX_ROUND_SECONDS, "--round-limit"),
            default=DEFAULT_ROUND_SECONDS,
            metavar="SECONDS",
            help="the longest the players choose their letters in a round; whoever has not "
            f"sealed a turn by then plays none ({MIN_ROUND_SECONDS}-{MAX_ROUND_SECONDS}, "
            "default %(default)s)",
        )
        group.add_argument(
            "--no-goals",
            action="store_true",
            help="play without goal cards (the rulebook's advice for a first game)",
        )
        group.add_argument(
            "--hidden-sheets",
            action="store_true",
            help="each player sees only their own sheet until the end (by default sheets "
            "are open once a round is revealed, as paper sheets on a table)",
        )

    def host_config(self, game: str, args: argparse.Namespace) -> WordsmithConfig:
        return WordsmithConfig(
            max_players=MAX_PLAYERS if args.seats is None else args.seats,
            goals=not args.no_goals,
            open_sheets=not args.hidden_sheets,
            round_seconds=args.round_limit,
        )

    def solo_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.cli.options import bounded_int

        group.add_argument(
            "--opponents",
            type=bounded_int(1, MAX_PLAYERS - 1, "--opponents"),
            default=SOLO_OPPONENTS,
            metavar="N",
            help=f"computer players at the table (1-{MAX_PLAYERS - 1}, default %(default)s)",
        )
        group.add_argument(
            "--opponent-level",
            choices=[level.value for level in Level],
            default=Level.MEDIUM.value,
            help="easy knows everyday words and plays a plausible turn, expert every word "
            "and the best turn it finds (default %(default)s)",
        )

    def solo(self, game: str, args: argparse.Namespace, name: str) -> int:
        from wordsy_tui.games.wordsmith.app.solo import WordsmithSolo

        choice = WordsmithSolo(args.opponents, args.opponent_level)
        return self.app(game, choice.session(name)).run_to_end()

    score_examples: Sequence[str] = ("wordsy-tui score --game wordsmith --sheet sheet.txt",)

    def score_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.games.wordsmith.calculator import add_arguments

        add_arguments(group)

    def calculate(
        self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser
    ) -> int:
        from wordsy_tui.games.wordsmith.calculator import run

        return run(args, parser)

    def check_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.games.wordsmith.check import add_arguments

        add_arguments(group)

    def check(self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
        from wordsy_tui.games.wordsmith.check import run

        return run(args, parser)

    # -- the table ---------------------------------------------------------------------

    def reads(self, body: object) -> str | None:
        from wordsy_tui.engine.codec import CodecError
        from wordsy_tui.games.wordsmith.rules.codec import decode_event
        from wordsy_tui.games.wordsmith.rules.events import GameCreated

        try:
            created = decode_event(body)
        except CodecError:
            return None
        return GAME if isinstance(created, GameCreated) else None

    def listing(self, state: WordsmithState) -> Listing:
        from wordsy_tui.games.wordsmith.rules.state import Phase

        if state.phase in (Phase.NEW, Phase.LOBBY):
            phase = "lobby"
        else:
            phase = "over" if state.phase is Phase.OVER else f"round {state.round}"
        config = state.config
        rules = ("goals" if config.goals else "no goals") + (
            "" if config.open_sheets else ", hidden sheets"
        )
        return Listing(len(state.players), config.max_players, phase, rules)

    def hosted(self, game: str) -> Hosted:
        from wordsy_tui.cli.serve import hosting_player_settings
        from wordsy_tui.games.wordsmith.host import wordsmith_host
        from wordsy_tui.games.wordsmith.narrate import WordsmithDesk, wordsmith_line

        return Hosted(
            table=wordsmith_host,
            settings=hosting_player_settings,
            line=wordsmith_line,
            desk=WordsmithDesk,
            app=wordsmith_app,
            lingers=True,
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
    ) -> WordsmithSeat:
        from wordsy_tui.games.wordsmith.seat import WordsmithSeat
        from wordsy_tui.words.digest import dictionary_hash

        return WordsmithSeat.join(
            *address,
            name,
            dictionary_hash(),
            **knock(pin, spectate=spectate, reclaim=reclaim, keys=keys, seat_file=seat_file),
        )

    def computer_player(self, seat: WordsmithSeat, level: str) -> WordsmithBot:
        from wordsy_tui.games.wordsmith.mind import WordsmithBot

        # The word list the handshake agreed on: the bot works its turns out with it.
        return WordsmithBot(seat, Level(level), lambda: seat.rules.words)

    def score(self, state: WordsmithState, player: str) -> int:
        from wordsy_tui.games.wordsmith.rules.scoring import final_scores

        lines = state.scores.get(player) or final_scores(state.sheets).get(player)
        return 0 if lines is None else lines.total

    def outcome(self, state: WordsmithState) -> Outcome:
        from wordsy_tui.games.wordsmith.rules.state import Phase

        # The goal cards are a game of their own to plan for (the rulebook leaves them out
        # of a first game); whether the sheets are open is not.
        ruleset = "with goals" if state.config.goals else "no goals"
        if state.phase is not Phase.OVER:
            return Outcome((), ruleset)
        scores = {player: self.score(state, player) for player in state.players}
        return Outcome.ranked(scores, state.winners, ruleset)

    def app(self, game: str, seat: Any, again: SeatAgain[Any] | None = None) -> WordsmithApp:
        from wordsy_tui.games.wordsmith.app.app import WordsmithApp

        return WordsmithApp(seat, again=again)

    # -- saved games -------------------------------------------------------------------

    def saved(self, game: str, bodies: Sequence[object]) -> tuple[tuple[str, ...], int, bool]:
        from wordsy_tui.games.wordsmith.rules import events as ev
        from wordsy_tui.games.wordsmith.rules.codec import decode_event
        from wordsy_tui.games.wordsmith.rules.evolve import evolve
        from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState

        state, rounds = WordsmithState(), 0
        for body in bodies:
            event = decode_event(body)
            rounds += isinstance(event, ev.RevealClosed)
            state = evolve(state, event)
        if state.phase in (Phase.NEW, Phase.LOBBY):
            raise ValueError("it never left the lobby: no sheet to show")
        return state.players, rounds, state.phase is Phase.OVER

    def replay(self, game: str, bodies: Sequence[object], note: str | None) -> WordsmithSeat:
        from wordsy_tui.games.wordsmith.replay import wordsmith_replay

        return wordsmith_replay(bodies, note)

    # -- the start menu ----------------------------------------------------------------

    def solo_choice(self, game: str) -> ModalScreen[Any]:
        from wordsy_tui.games.wordsmith.app.solo import wordsmith_solo_screen

        return wordsmith_solo_screen()

    def solo_app(self, game: str, choice: WordsmithSolo, name: str) -> WordsmithApp:
        from wordsy_tui.games.wordsmith.app.app import WordsmithApp

        return WordsmithApp(choice.session(name))

    def rules(self, game: str) -> ModalScreen[None]:
        from wordsy_tui.games.wordsmith.app.dialogs import WordsmithHelpScreen

        return WordsmithHelpScreen()

    def host_fields(self) -> WordsmithHostFields:
        from wordsy_tui.games.wordsmith.app.host_form import WordsmithHostFields

        return WordsmithHostFields()


def wordsmith_app(options: Any) -> WordsmithApp:
    """The hosting player's screens, from `host`'s options (or the start menu's form), not
    run yet: running it starts the host."""
    from wordsy_tui.cli.serve import hosting_seat
    from wordsy_tui.games.wordsmith.app.app import WordsmithApp
    from wordsy_tui.games.wordsmith.seat import WordsmithSeat

    return WordsmithApp(hosting_seat(options, WordsmithSeat.host))


KIT: Final = WordsmithKit()
