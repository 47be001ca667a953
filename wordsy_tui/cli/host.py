"""`wordsy-tui host`: serve a game on the LAN, from the lobby or headless."""

from __future__ import annotations

import argparse
import importlib.util
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wordsy_tui.cli.options import (
    bounded_int,
    game_choice,
    game_name,
    line_games,
    line_kits,
    others_options,
    player_name,
)
from wordsy_tui.engine.levels import Level
from wordsy_tui.kit import UsageError, first_game, game_info, kit_for, titles
from wordsy_tui.table.names import default_name

DEFAULT_BOT_LEVEL = Level.MEDIUM.value


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "host",
        help="host a game on the LAN",
        description="Host a game that players on the LAN can join. "
        "The game is saved as it goes and can be resumed after a crash.",
    )
    parser.add_argument(
        "--name",
        type=player_name,
        default=None,
        help="your name at the table (when resuming: the seat you had, found by itself)",
    )
    game_choice(parser, "the game to host (--resume finds this game's saved games)")
    parser.add_argument(
        "--game-name",
        type=game_name,
        default=None,
        metavar="NAME",
        help="the game's name in the LAN's list",
    )
    listed = line_games()
    fewest = min(game.seats[0] for game in listed)
    most = max(game.seats[1] for game in listed)
    parser.add_argument(
        "--seats",
        type=bounded_int(fewest, most, "--seats"),
        default=None,
        metavar="N",
        help=f"how many players may sit down ({fewest}-{most}; default: as many as the "
        "game seats)",
    )
    parser.add_argument(
        "--bots",
        type=bounded_int(0, most - 1, "--bots"),
        default=0,
        metavar="N",
        help="computer players to seat at the start (more can join from the lobby)",
    )
    parser.add_argument(
        "--bot-level",
        choices=[level.value for level in Level],
        default=DEFAULT_BOT_LEVEL,
        help="(default %(default)s)",
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
        "`ssh -p 2222 NAME@HOST` to play, or `ssh -p 2222 watch@HOST` to watch; "
        "the host key's fingerprint is shown",
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
    for kit in line_kits():
        kit.host_arguments(parser.add_argument_group(titles(kit)))
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


def resolve_log(resume: str | None, game: str) -> Path | None:
    """The log file of `--resume GAME` for a host of `game` (a `--game` name), or None
    for a new game; without GAME, the latest saved game of that kind."""
    from net.log import default_log_dir, saved_games
    from wordsy_tui.table.basics import APP_NAME
    from wordsy_tui.table.saved import logged_game

    if resume is None:
        return None
    games = default_log_dir(APP_NAME)
    if resume == "latest":
        found = [path for path in saved_games(games) if logged_game(path) == game][:1]
    else:
        path = Path(resume)
        found = [path if path.suffix == ".log" else games / f"{resume}.log"]
    title = game_info(game).title
    if not found or not found[0].is_file():
        listed = ", ".join(p.stem for p in saved_games(games)[:5]) or "none"
        raise FileNotFoundError(f"no saved {title} game {resume!r} to resume (saved: {listed})")
    logged = logged_game(found[0])
    if logged is not None and logged != game:
        raise FileNotFoundError(
            f"{found[0].stem} is a {game_info(logged).title} game, not {title}: "
            f"resume it with --game {logged}"
        )
    return found[0]


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.salvage and args.resume is None:
        parser.error("--salvage goes with --resume GAME")
    for flag, module, extra in (("ssh", "asyncssh", "ssh"), ("web", "textual_serve", "web")):
        if getattr(args, flag) is not None and importlib.util.find_spec(module) is None:
            parser.error(f"--{flag} needs {module}: `uv sync` or install wordsy-tui[{extra}]")
    others = others_options(parser, args)
    if others:
        parser.error(others)
    try:
        config = game_config(args)
    except UsageError as error:
        parser.error(str(error))
    if args.bots >= config.max_players:
        parser.error(
            f"--bots must leave at least one seat for a person ({config.max_players} seats "
            "at the table)"
        )
    log_path, name = saved_table(args, parser)
    if log_path is not None and not check_log(
        log_path, args.resume, salvage=args.salvage, game=args.game
    ):
        return 1
    return host_game(args, config, name, log_path)


def game_config(args: argparse.Namespace) -> Any:
    """The config of the game `args` host, from its own options (its kit's)."""
    return kit_for(args.game).host_config(args.game, args)


def host_game(
    args: argparse.Namespace,
    config: Any,
    name: str | None,
    log_path: Path | None,
) -> int:
    """Host the game of `config` as the flags say: headless, or at the hosting player's
    screens (`name`); `log_path`: the saved game it continues (None: a new game)."""
    from wordsy_tui.cli.hosting import HostOptions
    from wordsy_tui.cli.serve import run_headless, serve_with_app

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
        lambda: run_headless(options) if args.headless else serve_with_app(options)
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


def check_log(log_path: Path, resume: str, *, salvage: bool, game: str) -> bool:
    """Whether the saved game can go on; a log damaged in the middle only with --salvage.

    A torn tail (a crash mid-write) is left for the host to cut silently. `game`: the
    command's `--game`.
    """
    from net.log import LogDamaged, salvage_log, survey

    found = survey(log_path.read_bytes())
    if found.damaged and not salvage:
        saved = log_path.stem if resume == "latest" else resume
        kind = "" if game == first_game().name else f" --game {game}"
        print(
            f"wordsy-tui host: error: {LogDamaged(log_path, found)}\n"
            f"To continue from the {len(found.records)} intact records before the damage, "
            f"run: wordsy-tui host{kind} --resume {shlex.quote(saved)} --salvage\n"
            f"(the damaged file is kept aside; the {found.following_events} events after "
            "the damage are lost).",
            file=sys.stderr,
        )
        return False
    if salvage:
        damage = salvage_log(log_path)
        print(damage.describe() if damage else f"{log_path.name} has no damage to salvage.")
    return True
