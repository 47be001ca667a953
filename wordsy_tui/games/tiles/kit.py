"""The tile games' kit (Scrabble, Words with Friends, Wordfeud): what the table needs of
them, their rules, table parts and board app loaded only by the methods that use them."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules.config import CHALLENGE_SECONDS as TILE_CHALLENGE_SECONDS
from wordsy_tui.games.tiles.rules.config import DEFAULT_TURN_SECONDS as TILE_TURN_SECONDS
from wordsy_tui.games.tiles.rules.config import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TOURNAMENT_EXCHANGE_BAG,
    TileGameConfig,
    club_options,
)
from wordsy_tui.games.tiles.rules.config import MAX_TURN_SECONDS as TILE_MAX_TURN_SECONDS
from wordsy_tui.games.tiles.rules.config import MIN_TURN_SECONDS as TILE_MIN_TURN_SECONDS
from wordsy_tui.games.tiles.rules.rulesets import RULES, ChallengeRule, GameName
from wordsy_tui.kit import Game, Hosted, Listing, NotExported, Outcome, UsageError, knock

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from wordsy_tui.app.table import SeatAgain
    from wordsy_tui.games.tiles.app.app import TileApp
    from wordsy_tui.games.tiles.app.host_form import TileHostFields
    from wordsy_tui.games.tiles.app.solo import TileSolo
    from wordsy_tui.games.tiles.lan import TileBot
    from wordsy_tui.games.tiles.rules.state import TileGameState
    from wordsy_tui.games.tiles.seat import TileSeat

TILE_GAMES: Final = tuple(
    Game(
        name=name.value,
        title=RULES[name].title,
        seats=(MIN_PLAYERS, MAX_PLAYERS),
        step="turn",
        table=RULES[name].title,
        solo=f"{RULES[name].title}, against computer players",
        short="WWF" if name is GameName.WWF else "",
    )
    for name in GameName
)


class TilesKit:
    """Scrabble, Words with Friends and Wordfeud: one set of rules, three rulesets."""

    games: Sequence[Game] = TILE_GAMES

    # -- the command line --------------------------------------------------------------

    def host_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.cli.options import bounded_int

        group.add_argument(
            "--turn-limit",
            type=bounded_int(TILE_MIN_TURN_SECONDS, TILE_MAX_TURN_SECONDS, "--turn-limit"),
            default=None,
            metavar="SECONDS",
            help="the longest a turn may last; then the host passes for the player "
            "(a player who walked away or left never stalls the table). A play waits for "
            f"challenges at most {TILE_CHALLENGE_SECONDS} s, never longer than a turn "
            f"({TILE_MIN_TURN_SECONDS}-{TILE_MAX_TURN_SECONDS}, default {TILE_TURN_SECONDS})",
        )
        group.add_argument(
            "--challenge",
            choices=[rule.value for rule in ChallengeRule],
            default=None,
            metavar="RULE",
            help="Scrabble: what a failed challenge costs. double: the challenger's next "
            "turn (the rulebook's, the default); single: nothing; 5 or 10: the challenged "
            "player scores 5 or 10 points; void: no challenges, a word not in the word list "
            "is refused when it is played",
        )
        group.add_argument(
            "--table-vote",
            action="store_true",
            help="Scrabble: a challenge goes to the vote of the players other than the "
            "challenger and the challenged, the word list advising (a tie follows it); "
            "without it the word list decides at once (not with --challenge void)",
        )
        group.add_argument(
            "--tournament-out",
            action="store_true",
            help="Scrabble: going out scores twice the tiles left on the other racks, and "
            "nobody loses their own, as tournaments score it (the rulebook's way, the "
            "default: each rack's points go from its player to whoever went out)",
        )
        group.add_argument(
            "--tournament-exchange",
            action="store_true",
            help=f"Scrabble: an exchange needs at least {TOURNAMENT_EXCHANGE_BAG} tiles in "
            "the bag, as in tournaments (the rulebook's way, the default: as many as go back)",
        )

    def host_config(self, game: str, args: argparse.Namespace) -> TileGameConfig:
        name = GameName(game)
        title = RULES[name].title
        given = [
            flag
            for flag, value in (
                ("--challenge", args.challenge is not None),
                ("--table-vote", args.table_vote),
                ("--tournament-out", args.tournament_out),
                ("--tournament-exchange", args.tournament_exchange),
            )
            if value
        ]
        if given and not club_options(name):
            raise UsageError(
                f"{given[0]} is for --game scrabble: {title} refuses a word not in the "
                "word list when it is played and ends as its own rulebook says"
            )
        seats = MAX_PLAYERS if args.seats is None else min(args.seats, MAX_PLAYERS)
        config = TileGameConfig(
            name,
            max_players=seats,
            turn_seconds=TILE_TURN_SECONDS if args.turn_limit is None else args.turn_limit,
            table_vote=args.table_vote,
            challenge=ChallengeRule(args.challenge or ChallengeRule.DOUBLE),
            tournament_out=args.tournament_out,
            tournament_exchange=args.tournament_exchange,
        )
        problem = config.problem()
        if problem is not None:
            raise UsageError(f"--table-vote and --challenge void do not go together. {problem}")
        return config

    def solo_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.cli.options import bounded_int

        group.add_argument(
            "--bots",
            type=bounded_int(1, MAX_PLAYERS - 1, "--bots"),
            default=1,
            metavar="N",
            help=f"computer players at the table (1-{MAX_PLAYERS - 1}, default 1)",
        )
        group.add_argument(
            "--bot-level",
            choices=[level.value for level in Level],
            default=Level.MEDIUM.value,
            help="easy knows everyday words and plays a plausible move, medium a good one, "
            "hard nearly the best, expert every word and the best move (default %(default)s)",
        )

    def solo(self, game: str, args: argparse.Namespace, name: str) -> int:
        from wordsy_tui.games.tiles.app.app import TileApp
        from wordsy_tui.games.tiles.seat import TileSeat

        bots = [Level(args.bot_level)] * args.bots
        return TileApp(TileSeat.solo(name, TileGameConfig(GameName(game)), bots)).run_to_end()

    score_examples: Sequence[str] = (
        'wordsy-tui score --game scrabble --position game.txt --move "8H HORN"',
    )

    def score_arguments(self, group: argparse._ArgumentGroup) -> None:
        from wordsy_tui.games.tiles.calculator import add_arguments

        add_arguments(group)

    def calculate(
        self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser
    ) -> int:
        from wordsy_tui.games.tiles.calculator import run

        return run(args, parser)

    def check_arguments(self, group: argparse._ArgumentGroup) -> None:
        """The tile games judge a word by the word list alone: no options of their own."""

    def check(self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
        import json

        from wordsy_tui.games.tiles.rules.words import MAX_WORD, MIN_WORD, is_word, shipped_words

        word = args.word.strip().upper()
        ok = is_word(shipped_words(), word)
        title = RULES[GameName(game)].title
        reason = (
            None
            if ok
            else f"not in the word list of {title} ({MIN_WORD} to {MAX_WORD} letters, A to Z)"
        )
        if args.json:
            print(json.dumps({"word": word, "ok": ok, "message": reason}))
        else:
            print(f"{word}: allowed" if ok else f"{word}: refused: {reason}")
        return 0 if ok else 1

    # -- the table ---------------------------------------------------------------------

    def reads(self, body: object) -> str | None:
        from wordsy_tui.engine.codec import CodecError
        from wordsy_tui.games.tiles.rules.codec import decode_event
        from wordsy_tui.games.tiles.rules.events import GameCreated

        try:
            created = decode_event(body)
        except CodecError:
            return None
        return created.config.game.value if isinstance(created, GameCreated) else None

    def listing(self, state: TileGameState) -> Listing:
        config = state.config
        phase = "lobby" if state.phase.value in ("new", "lobby") else state.phase.value
        return Listing(len(state.players), config.max_players, phase, config.summary())

    def hosted(self, game: str) -> Hosted:
        from wordsy_tui.games.tiles.host import tile_game_host
        from wordsy_tui.games.tiles.narrate import TileDesk, tile_line

        return Hosted(
            table=tile_game_host,
            settings=lambda _options: {},
            line=tile_line,
            desk=TileDesk,
            app=tile_app,
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
    ) -> TileSeat:
        from wordsy_tui.games.tiles.seat import TileSeat
        from wordsy_tui.words.lexicon import dictionary_hash

        return TileSeat.join(
            *address,
            name,
            GameName(game),
            dictionary_hash(),
            **knock(pin, spectate=spectate, reclaim=reclaim, keys=keys, seat_file=seat_file),
        )

    def computer_player(self, seat: TileSeat, level: str) -> TileBot:
        from wordsy_tui.games.tiles.lan import TileBot
        from wordsy_tui.games.tiles.rules.words import shipped_words

        # The word list the handshake agreed on: a Scrabble bot judges plays with it.
        return TileBot(seat, Level(level), shipped_words)

    def score(self, state: TileGameState, player: str) -> int:
        return state.scores.get(player, 0)

    def outcome(self, state: TileGameState) -> Outcome:
        from wordsy_tui.games.tiles.rules.state import Phase

        config = state.config
        # What a failed challenge costs changes how boldly a strong player plays; the other
        # options (the table's vote, the tournament's going out and exchanges) do not make
        # another game of it. Wordfeud's random board is still Wordfeud.
        ruleset = (
            f"{config.challenge.value} challenge"
            if config.game is GameName.SCRABBLE
            else "standard"
        )
        if state.phase is not Phase.OVER:
            return Outcome((), ruleset)
        scores = {player: state.scores.get(player, 0) for player in state.players}
        return Outcome.ranked(scores, state.winners, ruleset)

    def app(self, game: str, seat: Any, again: SeatAgain[Any] | None = None) -> TileApp:
        from wordsy_tui.games.tiles.app.app import TileApp

        return TileApp(seat, again=again)

    # -- saved games -------------------------------------------------------------------

    record_format = "GCG"

    def export(self, game: str, bodies: Sequence[object], game_id: str) -> str:
        from wordsy_tui.games.tiles.rules.codec import decode_event
        from wordsy_tui.games.tiles.rules.gcg import NotFinished, export_gcg

        try:
            return export_gcg([decode_event(body) for body in bodies], game_id=game_id)
        except NotFinished as why:
            raise NotExported(
                f"is not finished ({why}): a game exports once it is over, since until "
                "then its racks are secret"
            ) from None

    def saved(self, game: str, bodies: Sequence[object]) -> tuple[tuple[str, ...], int, bool]:
        from wordsy_tui.games.tiles.rules.codec import decode_event
        from wordsy_tui.games.tiles.rules.evolve import replay
        from wordsy_tui.games.tiles.rules.state import Phase

        state = replay(decode_event(body) for body in bodies)
        if state.phase in (Phase.NEW, Phase.LOBBY):
            raise ValueError("it never started: no board to show")
        return state.players, len(state.turns), state.phase is Phase.OVER

    def replay(self, game: str, bodies: Sequence[object], note: str | None) -> TileSeat:
        from wordsy_tui.games.tiles.replay import tile_replay

        return tile_replay(bodies, note)

    # -- the start menu ----------------------------------------------------------------

    def solo_choice(self, game: str) -> ModalScreen[Any]:
        from wordsy_tui.games.tiles.app.solo import tile_solo_screen

        return tile_solo_screen(game)

    def solo_app(self, game: str, choice: TileSolo, name: str) -> TileApp:
        from wordsy_tui.games.tiles.app.app import TileApp

        return TileApp(choice.session(name))

    def rules(self, game: str) -> ModalScreen[None]:
        from wordsy_tui.games.tiles.app.dialogs import TileHelpScreen

        return TileHelpScreen()

    def host_fields(self) -> TileHostFields:
        from wordsy_tui.games.tiles.app.host_form import TileHostFields

        return TileHostFields()


def tile_app(options: Any) -> TileApp:
    """The hosting player's board, from `host --game`'s options (or the start menu's form)."""
    from wordsy_tui.cli.serve import make_server
    from wordsy_tui.games.tiles.app.app import TileApp
    from wordsy_tui.games.tiles.seat import TileSeat

    assert options.name is not None
    server = make_server(options)  # a tile game
    bots = [Level(options.bot_level)] * options.bots
    return TileApp(TileSeat.host(options.name, server, bots))


KIT: Final = TilesKit()
