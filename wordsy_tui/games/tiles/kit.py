"""The tile games' kit (Scrabble, Words with Friends, Wordfeud): what the table needs of
them, their rules, table parts and board app loaded only by the methods that use them."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules.config import CHALLENGE_SECONDS as TILE_CHALLENGE_SECONDS
from wordsy_tui.games.tiles.rules.config import (
    DEFAULT_OVERTIME_MINUTES,
    LEXICON_SHORT,
    MAX_CLOCK_MINUTES,
    MAX_OVERTIME_MINUTES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TOURNAMENT_EXCHANGE_BAG,
    TileGameConfig,
    club_options,
)
from wordsy_tui.games.tiles.rules.config import DEFAULT_TURN_SECONDS as TILE_TURN_SECONDS
from wordsy_tui.games.tiles.rules.config import MAX_TURN_SECONDS as TILE_MAX_TURN_SECONDS
from wordsy_tui.games.tiles.rules.config import MIN_TURN_SECONDS as TILE_MIN_TURN_SECONDS
from wordsy_tui.games.tiles.rules.rulesets import RULES, ChallengeRule, GameName
from wordsy_tui.kit import (
    Game,
    Hosted,
    Imported,
    Listing,
    NotExported,
    NotImported,
    Outcome,
    UsageError,
    knock,
)
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from wordsy_tui.app.table import SeatAgain
    from wordsy_tui.games.tiles.app.app import TileApp
    from wordsy_tui.games.tiles.app.host_form import TileHostFields
    from wordsy_tui.games.tiles.app.solo import TileSolo
    from wordsy_tui.games.tiles.lan import TileBot
    from wordsy_tui.games.tiles.rules import events as ev
    from wordsy_tui.games.tiles.rules.state import TileGameState
    from wordsy_tui.games.tiles.seat import TileSeat
    from wordsy_tui.games.tiles.wordfile import WordFile

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


def clock_option(text: str) -> tuple[int, int]:
    """`--clock MIN[+INC]`: the game clock's minutes and its increment in seconds."""
    minutes, plus, increment = text.strip().partition("+")
    try:
        clock = (int(minutes), int(increment) if plus else 0)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not MIN or MIN+INC: whole minutes for the game, then whole seconds "
            "added after each turn, e.g. 25 or 25+5"
        ) from None
    problem = (
        TileGameConfig(clock_minutes=clock[0], clock_increment=clock[1]).clock_problem()
        if 1 <= clock[0] <= MAX_CLOCK_MINUTES
        else f"The clock is 1 to {MAX_CLOCK_MINUTES} minutes, not {clock[0]}."
    )
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return clock


def _clocked(
    config: TileGameConfig, clock: tuple[int, int] | None, overtime: int | None
) -> TileGameConfig:
    """`config` with the game clock of `--clock` and `--overtime` (their values checked)."""
    if clock is None:
        if overtime is not None:
            raise UsageError("--overtime is how far a game clock may run over: give --clock too")
        return config
    minutes, increment = clock
    overtime = DEFAULT_OVERTIME_MINUTES if overtime is None else overtime
    return replace(
        config, clock_minutes=minutes, clock_increment=increment, overtime_minutes=overtime
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
        lexicon_argument(group)

        # The game clock (docs/RULES.md, "Game clocks").
        group.add_argument(
            "--clock",
            type=clock_option,
            default=None,
            metavar="MIN[+INC]",
            help="a game clock for each player: MIN minutes for the whole game, INC seconds "
            "added after each of your turns (e.g. 25 or 25+5; off by default). A clock "
            "over time costs 10 points a started minute at the end",
        )
        group.add_argument(
            "--overtime",
            type=bounded_int(0, MAX_OVERTIME_MINUTES, "--overtime"),
            default=None,
            metavar="MIN",
            help="with --clock: how far a clock may run over before its player loses on "
            f"time and the game ends (0-{MAX_OVERTIME_MINUTES}, default "
            f"{DEFAULT_OVERTIME_MINUTES}, as NASPA and WESPA play)",
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
        lexicon_name, lexicon_hash = resumed_lexicon(args, word_file(args.lexicon))
        config = TileGameConfig(
            name,
            max_players=seats,
            turn_seconds=TILE_TURN_SECONDS if args.turn_limit is None else args.turn_limit,
            table_vote=args.table_vote,
            challenge=ChallengeRule(args.challenge or ChallengeRule.DOUBLE),
            tournament_out=args.tournament_out,
            tournament_exchange=args.tournament_exchange,
            lexicon_name=lexicon_name,
            lexicon_hash=lexicon_hash,
        )
        problem = config.problem()
        if problem is not None:
            raise UsageError(f"--table-vote and --challenge void do not go together. {problem}")
        return _clocked(config, args.clock, args.overtime)

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
        lexicon_argument(group)

    def solo(self, game: str, args: argparse.Namespace, name: str) -> int:
        from wordsy_tui.games.tiles.app.app import TileApp
        from wordsy_tui.games.tiles.seat import TileSeat

        listed = word_file(args.lexicon)
        lexicon_name, lexicon_hash = lexicon_fields(listed)
        config = TileGameConfig(
            GameName(game), lexicon_name=lexicon_name, lexicon_hash=lexicon_hash
        )
        bots = [Level(args.bot_level)] * args.bots
        words, dawg = (None, None) if listed is None else (listed.words, listed.dawg)
        seat = TileSeat.solo(
            name, config, bots, words=words, dawg=dawg, keep_in=saved_games_directory
        )
        return TileApp(seat).run_to_end()

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
        """The tile games judge a word by the word list alone: the shipped one, or a
        host's own."""
        lexicon_argument(group)

    def check(self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
        import json

        from wordsy_tui.games.tiles.rules.words import MAX_WORD, MIN_WORD, is_word, shipped_words

        try:
            listed = word_file(args.lexicon)
        except UsageError as error:
            parser.error(str(error))
        word = args.word.strip().upper()
        ok = is_word(shipped_words() if listed is None else listed.words, word)
        title = RULES[GameName(game)].title
        named = f"of {title}" if listed is None else listed.name
        reason = (
            None
            if ok
            else f"not in the word list {named} ({MIN_WORD} to {MAX_WORD} letters, A to Z)"
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
            settings=tile_settings,
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
        from wordsy_tui.words.digest import dictionary_hash

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

    def export(
        self,
        game: str,
        bodies: Sequence[object],
        game_id: str,
        *,
        review: bool = False,
        lexicon: Path | None = None,
    ) -> str:
        from wordsy_tui.games.tiles.rules.codec import decode_event
        from wordsy_tui.games.tiles.rules.gcg import NotFinished, export_gcg

        events = [decode_event(body) for body in bodies]
        if review:
            from wordsy_tui.games.tiles.rules.evolve import replay

            # Read here, the list is the one the review finds (`wordfile.review_dawg`).
            same_lexicon(replay(events[:1]).config, word_file(lexicon), "review")
        try:
            notes = reviewed_notes(events) if review else None
            return export_gcg(events, game_id=game_id, notes=notes)
        except NotFinished as why:
            raise NotExported(
                f"is not finished ({why}): a game exports once it is over, since until "
                "then its racks are secret"
            ) from None

    def read_record(self, text: str) -> Imported:
        """A two-player Scrabble game from a GCG record (Woogles, macondo, Quackle)."""
        from wordsy_tui.games.tiles.rules.codec import encode
        from wordsy_tui.games.tiles.rules.gcgread import GcgImportError, read_gcg
        from wordsy_tui.games.tiles.rules.words import shipped_words

        try:
            # The shipped list names the words a withdrawn play was challenged off for.
            game = read_gcg(text, shipped_words())
        except GcgImportError as why:
            raise NotImported(str(why)) from None
        said = ", ".join(part for part in (game.title, game.game_id) if part)
        return Imported([encode(event) for event in game.events], said)

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


def lexicon_argument(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--lexicon",
        type=Path,
        default=None,
        metavar="FILE",
        help="play with your own word list (e.g. NWL or CSW, which cannot be shipped): a "
        "UTF-8 file, one word a line; every player sees its name and hash, and the words "
        "stay with the host (default: the shipped list, see docs/RULES.md)",
    )


def word_file(path: Path | None) -> WordFile | None:
    """The word list `--lexicon` names (None: the shipped one); UsageError for a bad file."""
    if path is None:
        return None
    from wordsy_tui.games.tiles.wordfile import WordFileError, read_word_file

    try:
        return read_word_file(path)
    except WordFileError as error:
        raise UsageError(f"--lexicon: {error}") from None


def lexicon_fields(listed: WordFile | None) -> tuple[str, str]:
    """The config's `lexicon_name` and `lexicon_hash` for the word list `listed` (empty for
    the shipped list)."""
    return ("", "") if listed is None else (listed.name, listed.digest)


def resumed_lexicon(args: argparse.Namespace, listed: WordFile | None) -> tuple[str, str]:
    """The config's word list fields, once a game `--resume` continues has the list it was
    played with: the same file's words (by their hash), or the shipped list again."""
    saved = None if args.resume is None else _saved_config(args.resume, args.game)
    if saved is not None:
        same_lexicon(saved, listed, "resume")
    return lexicon_fields(listed)


def same_lexicon(saved: TileGameConfig, listed: WordFile | None, again: str) -> None:
    """UsageError unless `listed` (None: the shipped list) is the word list the game of
    `saved` was played with, saying how to `again` ("resume", "review") it."""
    short = saved.lexicon_hash[:LEXICON_SHORT]
    if saved.lexicon_hash and listed is None:
        raise UsageError(
            f"this game was played with the word list {shown(saved.lexicon_name)} "
            f"(sha256 {short}): {again} it with --lexicon FILE"
        )
    if listed is not None and not saved.lexicon_hash:
        raise UsageError(
            f"this game was played with the shipped word list: {again} it without --lexicon"
        )
    if listed is not None and listed.digest != saved.lexicon_hash:
        raise UsageError(
            f"--lexicon: {listed.name} is not the word list this game was played with "
            f"({shown(saved.lexicon_name)}, sha256 {short}; this file's words hash to "
            f"{listed.digest[:LEXICON_SHORT]}): it has changed, or it is another list"
        )


def _saved_config(resume: str, game: str) -> TileGameConfig | None:
    """The config a saved game was created with (None: no log, or none we can read: the
    host's own checks of the log say why)."""
    from net.log import survey
    from wordsy_tui.cli.host import resolve_log
    from wordsy_tui.engine.codec import CodecError
    from wordsy_tui.games.tiles.rules.codec import decode_event
    from wordsy_tui.games.tiles.rules.events import GameCreated

    try:
        path = resolve_log(resume, game)
        records = survey(path.read_bytes()).records if path is not None else []
    except (FileNotFoundError, OSError):
        return None
    for record in records:
        if record.get("k") == "event":
            try:
                created = decode_event(record.get("body"))
            except CodecError:
                return None
            return created.config if isinstance(created, GameCreated) else None
    return None


def tile_settings(options: Any) -> dict[str, Any]:
    """A tile game's host's own arguments: the host's word list, when it has one."""
    digest = options.config.lexicon_hash
    if not digest:
        return {}
    from wordsy_tui.games.tiles.wordfile import loaded

    listed = loaded(digest)
    if listed is None:  # a config that names a list no `--lexicon` read: never the shipped one
        raise UsageError(f"the word list {shown(options.config.lexicon_name)} was not read")
    return {"words": listed.words, "dawg": listed.dawg}


def saved_games_directory() -> Path:
    """Where a host saves its games: a solo game played to its end is saved there too."""
    from net.log import default_log_dir
    from wordsy_tui.table.basics import APP_NAME

    return default_log_dir(APP_NAME)


def reviewed_notes(events: Sequence[ev.Event]) -> dict[int, str]:
    """The post-game review of a finished game's `events` as a record's notes on each move
    (in the word list the game was played with when this process read it, else the
    shipped one, as the review screen finds them)."""
    from wordsy_tui.games.tiles.rules.evolve import replay
    from wordsy_tui.games.tiles.rules.review import notes, review_game
    from wordsy_tui.games.tiles.wordfile import review_dawg

    return notes(review_game(events, review_dawg(replay(events[:1]).config)))


def tile_app(options: Any) -> TileApp:
    """The hosting player's board, from `host --game`'s options (or the start menu's form)."""
    from wordsy_tui.cli.serve import make_server
    from wordsy_tui.games.tiles.app.app import TileApp
    from wordsy_tui.games.tiles.seat import TileSeat

    assert options.name is not None
    server = make_server(options)  # a tile game
    bots = [Level(options.bot_level)] * options.bots
    listed = tile_settings(options).get("dawg")
    return TileApp(TileSeat.host(options.name, server, bots, dawg=listed))


KIT: Final = TilesKit()
