"""Word Nerds' kit: what the table needs of Word Nerds, its rules, table part and screens
loaded only by the methods that use them."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.rules.config import (
    DEFAULT_WINDOW_SECONDS,
    GAME,
    MAX_PLAYERS,
    MAX_SECONDS,
    MIN_PLAYERS,
    MIN_SECONDS,
    NerdsConfig,
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
    from wordsy_tui.games.wordnerds.app.app import NerdsApp
    from wordsy_tui.games.wordnerds.app.host_form import NerdsHostFields
    from wordsy_tui.games.wordnerds.app.solo import NerdsSolo
    from wordsy_tui.games.wordnerds.mind import NerdsBot
    from wordsy_tui.games.wordnerds.rules.state import NerdsState
    from wordsy_tui.games.wordnerds.seat import NerdsSeat

WORD_NERDS: Final = Game(
    name=GAME,
    title="Word Nerds",
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    step="turn",
    table="Word Nerds",
    solo="Word Nerds, against computer players",
)
SOLO_RIVALS: Final = 3
"""Computer players in a solo game unless told otherwise: a table of four."""


class NerdsKit(NoRecords):
    """Word Nerds, for 2 to 6 players who bid in secret, spell, trump and challenge."""

    games: Sequence[Game] = (WORD_NERDS,)

    # -- the command line --------------------------------------------------------------

    def host_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.cli.options import bounded_int

        group.add_argument(
            "--window",
            type=bounded_int(MIN_SECONDS, MAX_SECONDS, "--window"),
            default=DEFAULT_WINDOW_SECONDS,
            metavar="SECONDS",
            help="the countdown after a word, a trump, a challenge or an action card, in "
            "which anyone may answer it; any answer starts it again "
            f"({MIN_SECONDS}-{MAX_SECONDS}, default %(default)s)",
        )
        group.add_argument(
            "--vote",
            action="store_true",
            help="a challenge goes to the vote of the players it does not involve, the word "
            "list advising (a tie follows it); without it the word list decides",
        )

    def host_config(self, game: str, args: argparse.Namespace) -> NerdsConfig:
        return NerdsConfig(
            max_players=MAX_PLAYERS if args.seats is None else min(args.seats, MAX_PLAYERS),
            window_seconds=args.window,
            table_vote=args.vote,
        )

    def solo_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.cli.options import bounded_int

        group.add_argument(
            "--rivals",
            type=bounded_int(1, MAX_PLAYERS - 1, "--rivals"),
            default=SOLO_RIVALS,
            metavar="N",
            help=f"computer players at the table (1-{MAX_PLAYERS - 1}, default %(default)s)",
        )
        group.add_argument(
            "--rival-level",
            choices=[level.value for level in Level],
            default=Level.MEDIUM.value,
            help="easy knows everyday words and declares any, expert every word and waits "
            "for a long one; all bid, trump, challenge and play action cards "
            "(default %(default)s)",
        )

    def solo(self, game: str, args: argparse.Namespace, name: str) -> int:
        from wordsy_tui.games.wordnerds.app.solo import NerdsSolo

        return self.app(game, NerdsSolo(args.rivals, args.rival_level).session(name)).run_to_end()

    score_examples: Sequence[str] = (
        'wordsy-tui score --game wordnerds PATHS --cards "P2 A1 T1 H2 S1" --modifier +2',
    )

    def score_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.games.wordnerds.calculator import add_arguments

        add_arguments(group)

    def calculate(
        self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser
    ) -> int:
        from wordsy_tui.games.wordnerds.calculator import run

        return run(args, parser)

    def check_arguments(self, group: argparse._ArgumentGroup) -> None:
        """Word Nerds judges a word by the word list alone: no options of its own."""

    def check(self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
        from wordsy_tui.games.wordnerds.check import run

        return run(args, parser)

    # -- the table ---------------------------------------------------------------------

    def reads(self, body: object) -> str | None:
        from wordsy_tui.engine.codec import CodecError
        from wordsy_tui.games.wordnerds.rules.codec import decode_event
        from wordsy_tui.games.wordnerds.rules.events import GameCreated

        try:
            created = decode_event(body)
        except CodecError:
            return None
        return GAME if isinstance(created, GameCreated) else None

    def listing(self, state: NerdsState) -> Listing:
        from wordsy_tui.games.wordnerds.rules.state import Phase

        if state.phase in (Phase.NEW, Phase.LOBBY):
            phase = "lobby"
        else:
            phase = "over" if state.phase is Phase.OVER else f"turn {state.turn}"
        rules = "table vote" if state.config.table_vote else "word list decides"
        return Listing(len(state.players), state.config.max_players, phase, rules)

    def hosted(self, game: str) -> Hosted:
        from wordsy_tui.cli.serve import hosting_player_settings
        from wordsy_tui.games.wordnerds.host import wordnerds_host
        from wordsy_tui.games.wordnerds.narrate import NerdsDesk, wordnerds_line

        return Hosted(
            table=wordnerds_host,
            settings=hosting_player_settings,
            line=wordnerds_line,
            desk=NerdsDesk,
            app=wordnerds_app,
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
    ) -> NerdsSeat:
        from wordsy_tui.games.wordnerds.seat import NerdsSeat
        from wordsy_tui.words.digest import dictionary_hash

        return NerdsSeat.join(
            *address,
            name,
            dictionary_hash(),
            **knock(pin, spectate=spectate, reclaim=reclaim, keys=keys, seat_file=seat_file),
        )

    def computer_player(self, seat: NerdsSeat, level: str) -> NerdsBot:
        from wordsy_tui.games.wordnerds.mind import NerdsBot

        return NerdsBot(seat, Level(level))

    def score(self, state: NerdsState, player: str) -> int:
        return state.scores.get(player, 0)

    def outcome(self, state: NerdsState) -> Outcome:
        from wordsy_tui.games.wordnerds.rules.state import Phase

        ruleset = "standard"  # its options are only its clocks
        if state.phase is not Phase.OVER:
            return Outcome((), ruleset)
        scores = {player: state.scores.get(player, 0) for player in state.players}
        return Outcome.ranked(scores, state.winners, ruleset)

    def app(self, game: str, seat: Any, again: SeatAgain[Any] | None = None) -> NerdsApp:
        from wordsy_tui.games.wordnerds.app.app import NerdsApp

        return NerdsApp(seat, again=again)

    # -- saved games -------------------------------------------------------------------

    def saved(self, game: str, bodies: Sequence[object]) -> tuple[tuple[str, ...], int, bool]:
        from wordsy_tui.games.wordnerds.rules.codec import decode_event
        from wordsy_tui.games.wordnerds.rules.evolve import evolve
        from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase

        state = NerdsState()
        for body in bodies:
            state = evolve(state, decode_event(body))
        if state.phase in (Phase.NEW, Phase.LOBBY):
            raise ValueError("it never left the lobby: no turn to show")
        return state.players, state.turn, state.phase is Phase.OVER

    def replay(self, game: str, bodies: Sequence[object], note: str | None) -> NerdsSeat:
        from wordsy_tui.games.wordnerds.replay import wordnerds_replay

        return wordnerds_replay(bodies, note)

    # -- the start menu ----------------------------------------------------------------

    def solo_choice(self, game: str) -> ModalScreen[Any]:
        from wordsy_tui.games.wordnerds.app.solo import nerds_solo_screen

        return nerds_solo_screen()

    def solo_app(self, game: str, choice: NerdsSolo, name: str) -> NerdsApp:
        from wordsy_tui.games.wordnerds.app.app import NerdsApp

        return NerdsApp(choice.session(name))

    def rules(self, game: str) -> ModalScreen[None]:
        from wordsy_tui.games.wordnerds.app.dialogs import NerdsHelpScreen

        return NerdsHelpScreen()

    def host_fields(self) -> NerdsHostFields:
        from wordsy_tui.games.wordnerds.app.host_form import NerdsHostFields

        return NerdsHostFields()


def wordnerds_app(options: Any) -> NerdsApp:
    """The hosting player's screens, from `host`'s options (or the start menu's form), not
    run yet: running it starts the host."""
    from wordsy_tui.cli.serve import hosting_seat
    from wordsy_tui.games.wordnerds.app.app import NerdsApp
    from wordsy_tui.games.wordnerds.seat import NerdsSeat

    return NerdsApp(hosting_seat(options, NerdsSeat.host))


KIT: Final = NerdsKit()
