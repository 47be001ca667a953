"""`wordsy-tui host`: serve a game on the LAN, from the lobby or headless."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from wordsy_tui.cli.options import bounded_int, game_name, player_name
from wordsy_tui.cli.solo import GAMES, TILE_MAX_PLAYERS
from wordsy_tui.games.tiles.rules.config import CHALLENGE_SECONDS as TILE_CHALLENGE_SECONDS
from wordsy_tui.games.tiles.rules.config import DEFAULT_TURN_SECONDS as TILE_TURN_SECONDS
from wordsy_tui.games.tiles.rules.config import MAX_TURN_SECONDS as TILE_MAX_TURN_SECONDS
from wordsy_tui.games.tiles.rules.config import MIN_TURN_SECONDS as TILE_MIN_TURN_SECONDS
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.wordsy.rules.config import (
    BOT_LEVELS,
    DEFAULT_BOT_LEVEL,
    DEFAULT_TIMER_SECONDS,
    DEFAULT_WAIT_SECONDS,
    MAX_PLAYERS,
    MAX_TIMER_SECONDS,
    MIN_PLAYERS,
    MIN_TIMER_SECONDS,
    GameConfig,
)
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.table.names import default_name


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "host",
        help="host a game on the LAN",
        description="Host a Wordsy game that players on the LAN can join. "
        "The game is saved as it goes and can be resumed after a crash.",
    )
    parser.add_argument(
        "--name",
        type=player_name,
        default=None,
        help="your name at the table (when resuming: the seat you had, found by itself)",
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="wordsy",
        help="wordsy (default); scrabble, wwf (Words with Friends) or wordfeud: a tile game "
        "on a 15x15 board, at the same table (--resume finds this game's saved games)",
    )
    parser.add_argument(
        "--game-name",
        type=game_name,
        default=None,
        metavar="NAME",
        help="the game's name in the LAN's list",
    )
    parser.add_argument(
        "--seats",
        type=bounded_int(MIN_PLAYERS, MAX_PLAYERS, "--seats"),
        default=MAX_PLAYERS,
        metavar="N",
        help=f"how many players may sit down ({MIN_PLAYERS}-{MAX_PLAYERS}, default %(default)s)",
    )
    parser.add_argument(
        "--bots",
        type=bounded_int(0, MAX_PLAYERS - 1, "--bots"),
        default=0,
        metavar="N",
        help="computer players to seat at the start (more can join from the lobby)",
    )
    parser.add_argument(
        "--bot-level", choices=BOT_LEVELS, default=DEFAULT_BOT_LEVEL, help="(default %(default)s)"
    )
    parser.add_argument(
        "--ruleset",
        choices=[r.value for r in Ruleset],
        default="classic",
        help="classic is the first edition (default); second-edition its quick rules",
    )
    timing = parser.add_mutually_exclusive_group()
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
    parser.add_argument(
        "--wait-limit",
        type=bounded_int(30, 3600, "--wait-limit"),
        default=DEFAULT_WAIT_SECONDS,
        metavar="SECONDS",
        help="the longest a round waits when nobody flips the timer, or with --no-timer, "
        "and the challenges with no window (default %(default)s)",
    )
    parser.add_argument(
        "--turn-limit",
        type=bounded_int(TILE_MIN_TURN_SECONDS, TILE_MAX_TURN_SECONDS, "--turn-limit"),
        default=None,
        metavar="SECONDS",
        help="tile games: the longest a turn may last; then the host passes for the player "
        "(a player who walked away or left never stalls the table). A play waits for "
        f"challenges at most {TILE_CHALLENGE_SECONDS} s, never longer than a turn "
        f"({TILE_MIN_TURN_SECONDS}-{TILE_MAX_TURN_SECONDS}, default {TILE_TURN_SECONDS})",
    )
    parser.add_argument(
        "--table-vote",
        action="store_true",
        help="Scrabble: a challenge goes to the vote of the players other than the challenger "
        "and the challenged, the word list advising (a tie follows it), as Wordsy's do; "
        "without it the word list decides at once",
    )
    parser.add_argument(
        "--handicap",
        nargs="+",
        type=player_name,
        default=[],
        metavar="NAME",
        help="players who play with the scoring handicap",
    )
    parser.add_argument(
        "--meant-words",
        action="store_true",
        help="relaxed play (the first edition's tip): a player whose word fell to a challenge "
        "or the referee may offer the word they meant, and the others vote on it",
    )
    parser.add_argument("--pin", help="a PIN players must give to join")
    parser.add_argument(
        "--port",
        type=bounded_int(0, 65535, "--port"),
        default=None,
        help="TCP port (default 47474; 0 picks a free one)",
    )
    parser.add_argument(
        "--bind", default="0.0.0.0", metavar="ADDR", help="address to listen on (default: all)"
    )
    parser.add_argument(
        "--interface",
        action="append",
        default=None,
        metavar="ADDR",
        help="advertise on this interface address only (repeatable)",
    )
    parser.add_argument(
        "--no-advertise",
        action="store_true",
        help="do not announce the game over mDNS (players join with --connect)",
    )
    parser.add_argument(
        "--max-spectators",
        type=bounded_int(0, 100_000, "--max-spectators"),
        default=1000,
        metavar="N",
        help="how many may watch at once (default %(default)s)",
    )
    front_flag(
        parser,
        "--ssh",
        2222,
        "serve the game over SSH too (default port 2222): friends run "
        "`ssh -p 2222 NAME@HOST` to play, or `ssh -p 2222 watch@HOST` to watch a Wordsy "
        "game; the host key's fingerprint is shown",
    )
    front_flag(
        parser,
        "--web",
        8080,
        "serve the game as a web page too (default port 8080), on the --bind address: "
        "anyone who can reach that port can watch or join (with the PIN when set)",
    )
    parser.add_argument(
        "--headless",
        action="store_true",
        help="no screens: plain log lines on stdout, commands on stdin ('help' lists them)",
    )
    parser.add_argument(
        "--lobby-grace",
        type=bounded_int(1, 24 * 3600, "--lobby-grace"),
        default=60,
        metavar="SECONDS",
        help="free a lobby seat whose player stays disconnected this long (default %(default)s)",
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const="latest",
        default=None,
        metavar="GAME",
        help="continue a saved game (its id or log file; the latest when omitted), "
        "in your own seat and with its computer players",
    )
    parser.add_argument(
        "--salvage",
        action="store_true",
        help="with --resume: continue a log damaged in the middle from its intact records "
        "before the damage (the damaged file is kept aside; what follows it is lost)",
    )
    parser.set_defaults(run=run, parser=parser)


def front_flag(parser: argparse.ArgumentParser, flag: str, port: int, text: str) -> None:
    """`--ssh [PORT]`, `--web [PORT]`: off unless given, `port` when given bare."""
    parser.add_argument(
        flag,
        nargs="?",
        const=port,
        default=None,
        type=bounded_int(0, 65535, flag),
        metavar="PORT",
        help=text,
    )


def game_config(args: argparse.Namespace) -> GameConfig:
    return GameConfig(
        ruleset=Ruleset(args.ruleset),
        timer_seconds=None if args.no_timer else args.timer,
        handicapped=frozenset(args.handicap),
        max_players=args.seats,
        wait_seconds=args.wait_limit,
        meant_words=args.meant_words,
    )


def resolve_log(resume: str | None, game: str = "wordsy") -> Path | None:
    """The log file of `--resume GAME` for a `game` host (wordsy, scrabble, wwf, wordfeud),
    or None for a new game; without GAME, the latest saved game of that kind."""
    from net.log import default_log_dir, saved_games
    from wordsy_tui.table.served import APP_NAME

    if resume is None:
        return None
    games = default_log_dir(APP_NAME)
    if resume == "latest":
        found = [path for path in saved_games(games) if logged_game(path) == game][:1]
    else:
        path = Path(resume)
        found = [path if path.suffix == ".log" else games / f"{resume}.log"]
    if not found or not found[0].is_file():
        listed = ", ".join(p.stem for p in saved_games(games)[:5]) or "none"
        kind = "" if game == "wordsy" else f" {title_of(game)}"
        raise FileNotFoundError(f"no saved{kind} game {resume!r} to resume (saved: {listed})")
    logged = logged_game(found[0])
    if logged is not None and logged != game:
        raise FileNotFoundError(
            f"{found[0].stem} is a {title_of(logged)} game, not {title_of(game)}: "
            f"resume it with --game {logged}"
        )
    return found[0]


def logged_game(path: Path) -> str | None:
    """Which game a host's log holds: "wordsy" or a tile game's name (None: no game)."""
    from wordsy_tui.table.saved import logged_game as game_in_log

    return game_in_log(path)


def title_of(game: str) -> str:
    from wordsy_tui.games.tiles.rules.rulesets import RULES, GameName

    return "Wordsy" if game == "wordsy" else RULES[GameName(game)].title


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.bots >= args.seats:
        parser.error("--bots must leave at least one seat for a person")
    if args.salvage and args.resume is None:
        parser.error("--salvage goes with --resume GAME")
    for flag, module, extra in (("ssh", "asyncssh", "ssh"), ("web", "textual_serve", "web")):
        if getattr(args, flag) is not None and importlib.util.find_spec(module) is None:
            parser.error(f"--{flag} needs {module}: `uv sync` or install wordsy-tui[{extra}]")
    if args.table_vote and args.game != "scrabble":
        parser.error(table_vote_refusal(args.game))
    if args.game != "wordsy":
        return run_tiles(args, parser)
    if args.turn_limit is not None:
        parser.error(
            "--turn-limit is for the tile games (--game scrabble, wwf or wordfeud); "
            "Wordsy's rounds end with --timer and --wait-limit"
        )
    log_path, name = saved_table(args, parser)
    if log_path is not None and not check_log(log_path, args.resume, salvage=args.salvage):
        return 1
    return host_game(args, game_config(args), name, log_path)


def host_game(
    args: argparse.Namespace,
    config: GameConfig | TileGameConfig,
    name: str | None,
    log_path: Path | None,
) -> int:
    """Host the game of `config` as the flags say: headless, or at the hosting player's
    screens (`name`); `log_path`: the saved game it continues (None: a new game)."""
    from wordsy_tui.cli.serve import HostOptions, serve_headless, serve_with_app

    options = HostOptions(
        config=config,
        name=name,
        game_name=args.game_name,
        bots=args.bots,
        bot_level=args.bot_level,
        pin=args.pin,
        port=args.port,
        bind=args.bind,
        interfaces=args.interface,
        advertise=not args.no_advertise,
        log_path=log_path,
        max_spectators=args.max_spectators,
        lobby_grace=args.lobby_grace,
        ssh_port=args.ssh,
        web_port=args.web,
    )
    return host_until_done(
        lambda: asyncio.run(serve_headless(options)) if args.headless else serve_with_app(options)
    )


def host_until_done(serve: Callable[[], int]) -> int:
    """Run a host to its end: Ctrl-C is a clean stop, and a log damaged since it was
    checked, or a port that cannot be had, is one line (nothing is changed)."""
    from net import LogDamaged

    try:
        return serve()
    except KeyboardInterrupt:
        return 130
    except (LogDamaged, OSError) as error:
        print(f"wordsy-tui host: error: {error}", file=sys.stderr)
        return 1


def saved_table(
    args: argparse.Namespace, parser: argparse.ArgumentParser
) -> tuple[Path | None, str | None]:
    """The log `--resume` continues (None: a new game) and the hosting player's name (None
    for a headless host); a bad GAME ends the program with the reason."""
    try:
        log_path = resolve_log(args.resume, args.game)
    except FileNotFoundError as error:
        parser.error(str(error))
    return log_path, None if args.headless else own_seat(args.name, log_path, parser)


def own_seat(name: str | None, log_path: Path | None, parser: argparse.ArgumentParser) -> str:
    """The hosting player's name: a resumed game's own seat, unless --name says otherwise."""
    from wordsy_tui.engine.names import name_problem
    from wordsy_tui.table.seatbook import SeatBook

    saved = SeatBook.beside(log_path).host_seat() if log_path is not None else None
    if saved is not None and name_problem(saved) is not None:
        saved = None  # not a name this program wrote: no seat to take back
    if saved is not None and name is not None and name != saved:
        parser.error(
            f"you host this saved game as {saved!r}, not {name!r}: "
            f"resume it without --name (or with --name {shlex.quote(saved)})"
        )
    return saved or name or default_name()


def check_log(log_path: Path, resume: str, *, salvage: bool, kind: str = "") -> bool:
    """Whether the saved game can go on; a log damaged in the middle only with --salvage.

    A torn tail (a crash mid-write) is left for the host to cut silently. `kind`: the
    command's `--game` flag, for a tile game.
    """
    from net.log import LogDamaged, salvage_log, survey

    found = survey(log_path.read_bytes())
    if found.damaged and not salvage:
        game = log_path.stem if resume == "latest" else resume
        print(
            f"wordsy-tui host: error: {LogDamaged(log_path, found)}\n"
            f"To continue from the {len(found.records)} intact records before the damage, "
            f"run: wordsy-tui host{kind} --resume {shlex.quote(game)} --salvage\n"
            f"(the damaged file is kept aside; the {found.following_events} events after "
            "the damage are lost).",
            file=sys.stderr,
        )
        return False
    if salvage:
        damage = salvage_log(log_path)
        print(damage.describe() if damage else f"{log_path.name} has no damage to salvage.")
    return True


def table_vote_refusal(game: str) -> str:
    """Why `--table-vote` does not go with `--game game`."""
    if game == "wordsy":
        return (
            "--table-vote is for --game scrabble: Wordsy's challenges always go to "
            "the table's vote"
        )
    from wordsy_tui.games.tiles.rules.rulesets import RULES, GameName

    return (
        f"--table-vote is for --game scrabble: {RULES[GameName(game)].title} refuses a word "
        "not in the word list when it is played, so there is no challenge to vote on"
    )


def tile_config(args: argparse.Namespace) -> TileGameConfig:
    """The tile game `host --game` makes: its ruleset, seats, turn limit and table vote."""
    from wordsy_tui.games.tiles.rules.rulesets import GameName

    return TileGameConfig(
        GameName(args.game),
        max_players=min(args.seats, TILE_MAX_PLAYERS),
        turn_seconds=TILE_TURN_SECONDS if args.turn_limit is None else args.turn_limit,
        table_vote=args.table_vote,
    )


def run_tiles(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """`host --game scrabble|wwf|wordfeud`: the tile game's host, headless or at its board."""
    seats = min(args.seats, TILE_MAX_PLAYERS)
    if args.bots >= seats:
        parser.error(f"--bots must leave at least one of the {seats} seats for a person")
    log_path, name = saved_table(args, parser)
    kind = f" --game {args.game}"
    if log_path is not None and not check_log(
        log_path, args.resume, salvage=args.salvage, kind=kind
    ):
        return 1
    return host_game(args, tile_config(args), name, log_path)
