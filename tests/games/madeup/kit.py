"""Twenty-One's kit: everything the table asks of the game, against `wordsy_tui.kit.Kit`;
its table and screens loaded only by the methods that use them."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from tests.games.madeup import rules as r
from wordsy_tui.kit import Game, Hosted, Kit, Listing, NoRecords, Outcome

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from tests.games.madeup.app import MadeUpApp, MadeUpHostFields
    from tests.games.madeup.seat import MadeUpSeat
    from wordsy_tui.app.table import SeatAgain
    from wordsy_tui.engine.levels import Level
    from wordsy_tui.table.bots import ComputerPlayer

TWENTY_ONE: Final = Game(
    name=r.GAME,
    title=r.TITLE,
    seats=(r.MIN_PLAYERS, r.MAX_PLAYERS),
    step="turn",
    table=r.TITLE,
    solo=f"{r.TITLE}, against a computer player",
)


class MadeUpKit(NoRecords):
    """Twenty-One, for the table."""

    games: Sequence[Game] = (TWENTY_ONE,)

    # -- the command line ----------------------------------------------------------------

    def host_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.cli.options import bounded_int

        group.add_argument(
            "--count-to",
            type=bounded_int(5, 99, "--count-to"),
            default=21,
            metavar="N",
            help="the count that wins (default %(default)s)",
        )

    def host_config(self, game: str, args: argparse.Namespace) -> r.Config:
        seats = r.MAX_PLAYERS if args.seats is None else min(args.seats, r.MAX_PLAYERS)
        return r.Config(target=args.count_to, max_players=seats)

    def solo_arguments(self, group: argparse._ArgumentGroup) -> None:
        """One computer player, of medium skill: nothing to choose."""

    def solo(self, game: str, args: argparse.Namespace, name: str) -> int:
        from tests.games.madeup.app import MadeUpApp
        from tests.games.madeup.seat import MadeUpSeat

        return MadeUpApp(MadeUpSeat.solo(name)).run_to_end()

    score_examples: Sequence[str] = ()

    def score_arguments(self, group: argparse._ArgumentGroup) -> None:
        """No calculator: the count is the score."""

    def calculate(
        self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser
    ) -> int:
        parser.error(f"{r.TITLE} keeps no score to calculate: the count is on the table")

    def check_arguments(self, group: argparse._ArgumentGroup) -> None:
        """No words to judge."""

    def check(self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
        parser.error(f"{r.TITLE} plays no words")

    # -- the table -------------------------------------------------------------------------

    def reads(self, body: object) -> str | None:
        from wordsy_tui.engine.codec import CodecError

        try:
            created = r.decode_event(body)
        except CodecError:
            return None
        return r.GAME if isinstance(created, r.GameCreated) else None

    def listing(self, state: r.State) -> Listing:
        phase = "lobby" if state.phase in (r.Phase.NEW, r.Phase.LOBBY) else state.phase.value
        return Listing(len(state.players), state.config.max_players, phase, "")

    def hosted(self, game: str) -> Hosted:
        from tests.games.madeup.host import madeup_host
        from tests.games.madeup.narrate import MadeUpDesk, line

        return Hosted(
            table=madeup_host,
            settings=lambda options: {
                "bot_level": options.bot_level,
                "lobby_grace": options.lobby_grace,
            },
            line=line,
            desk=MadeUpDesk,
            app=host_app,
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
    ) -> MadeUpSeat:
        from tests.games.madeup.seat import MadeUpSeat
        from wordsy_tui.front.seat import SeatFile
        from wordsy_tui.words.digest import dictionary_hash

        return MadeUpSeat.join(
            *address,
            name,
            dictionary_hash(),
            pin=pin,
            spectate=spectate,
            reclaim=reclaim,
            keys=keys,
            keeper=None if seat_file is None else SeatFile(seat_file),
        )

    def computer_player(self, seat: MadeUpSeat, level: str) -> ComputerPlayer[MadeUpSeat]:
        from tests.games.madeup.host import computer_player

        return computer_player(seat, level)

    def score(self, state: r.State, player: str) -> int:
        return 1 if state.winner == player else 0

    def outcome(self, state: r.State) -> Outcome:
        if state.phase is not r.Phase.OVER:
            return Outcome((), "standard")
        return Outcome.ranked({p: self.score(state, p) for p in state.players}, (), "standard")

    def app(self, game: str, seat: Any, again: SeatAgain[Any] | None = None) -> MadeUpApp:
        from tests.games.madeup.app import MadeUpApp

        return MadeUpApp(seat, again)

    # -- saved games -----------------------------------------------------------------------

    def saved(self, game: str, bodies: Sequence[object]) -> tuple[tuple[str, ...], int, bool]:
        state = r.State()
        for body in bodies:
            state = r.evolve(state, r.decode_event(body))
        if state.phase in (r.Phase.NEW, r.Phase.LOBBY):
            raise ValueError("it never started: no count to show")
        return state.players, state.turns, state.phase is r.Phase.OVER

    def replay(self, game: str, bodies: Sequence[object], note: str | None) -> MadeUpSeat:
        from tests.games.madeup.replay import madeup_replay

        return madeup_replay(bodies, note)

    # -- the start menu ----------------------------------------------------------------------

    def solo_choice(self, game: str) -> ModalScreen[Any]:
        from tests.games.madeup.app import SoloScreen

        return SoloScreen()

    def solo_app(self, game: str, choice: Level, name: str) -> MadeUpApp:
        from tests.games.madeup.app import MadeUpApp
        from tests.games.madeup.seat import MadeUpSeat

        return MadeUpApp(MadeUpSeat.solo(name, [choice]))

    def rules(self, game: str) -> ModalScreen[None]:
        from tests.games.madeup.app import RulesScreen

        return RulesScreen()

    def host_fields(self) -> MadeUpHostFields:
        from tests.games.madeup.app import MadeUpHostFields

        return MadeUpHostFields()


def host_app(options: Any) -> MadeUpApp:
    """The hosting player's screen, from `host`'s options (or the start menu's form), not
    run yet (running it starts the host)."""
    from tests.games.madeup.app import MadeUpApp
    from tests.games.madeup.seat import MadeUpSeat
    from wordsy_tui.cli.serve import make_server

    bots = [options.bot_level] * options.bots
    return MadeUpApp(MadeUpSeat.host(options.name, make_server(options), bots))


KIT: Final[Kit] = MadeUpKit()
