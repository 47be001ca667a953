"""`wordsy-tui join`: find a game on the LAN and sit down (or watch)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from wordsy_tui.cli.options import host_port, player_name
from wordsy_tui.engine.levels import Level
from wordsy_tui.table.names import default_name

LEVELS = [level.value for level in Level]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "join",
        help="join a game on the LAN",
        description="List the games on the LAN, live, and join one (each game opens its "
        "own screens). Use --connect where multicast is blocked.",
    )
    parser.add_argument("--name", type=player_name, default=None, help="your name at the table")
    parser.add_argument(
        "--connect",
        type=host_port,
        metavar="HOST:PORT",
        help="join the host at this address directly (as the host's screen shows it)",
    )
    parser.add_argument("--pin", help="the game's PIN, if it has one")
    parser.add_argument("--spectate", action="store_true", help="watch without playing (and chat)")
    parser.add_argument(
        "--reclaim",
        action="store_true",
        help="your seat in this game was taken on another machine: ask the host to hand it "
        "to you (the host must agree; the same machine takes its seat back by itself)",
    )
    parser.add_argument(
        "--bot",
        choices=LEVELS,
        metavar="LEVEL",
        help=f"sit down as a computer player instead ({', '.join(LEVELS)}), of the game "
        "the host plays; needs --connect",
    )
    parser.add_argument(
        "--interface",
        action="append",
        default=None,
        metavar="ADDR",
        help="look for games on this interface address only (repeatable)",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.bot and not args.connect:
        parser.error("--bot needs --connect HOST:PORT")
    if args.bot and args.spectate:
        parser.error("a computer player plays: drop --spectate")
    if args.reclaim and args.spectate:
        parser.error("a spectator has no seat to ask for: drop --reclaim")
    name = args.name or default_name()
    from net import Refused, Unreachable

    try:
        if args.bot:
            return asyncio.run(play_bot(args.connect, name, args.bot, args.pin, args.reclaim))
        return join_with_app(args, name)
    except Refused as refusal:
        print(f"wordsy-tui join: the host refused: {refusal.message}", file=sys.stderr)
        return 1
    except Unreachable as nobody:
        print(f"wordsy-tui join: {nobody}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


async def play_bot(
    address: tuple[str, int], name: str, level: str, pin: str | None, reclaim: bool = False
) -> int:
    """A computer player in `name`'s seat, of the game the host plays (its kit's mind over
    an ordinary seat: like any player's program it sees only its own seat's view)."""
    from wordsy_tui.cli.serve import say
    from wordsy_tui.kit import game_info, kit_for
    from wordsy_tui.table.joined import game_at, player_keys
    from wordsy_tui.words.digest import dictionary_hash

    if reclaim:
        say(f"Asking the host to hand {name}'s seat to you…")
    try:
        game = await game_at(*address, dictionary_hash())
    except ConnectionError as error:
        say(str(error))
        return 1
    kit = kit_for(game)
    seat = kit.seat(game, address, name, pin, reclaim=reclaim, keys=player_keys())
    bot = kit.computer_player(seat, level)
    await bot.start()
    say(f"{name} ({level}) sat down at {game_info(game).title} at {address[0]}:{address[1]}")
    client = seat.door.client
    try:
        while seat.state.phase != "over" and not (client.closed or client.refusal):
            await asyncio.sleep(0.5)
        if seat.state.phase == "over":  # every game's phases name its end so
            say(f"Game over: {name} scored {kit.score(seat.state, name)}")
        else:
            ended = client.closed or client.refusal
            say(f"The game ended: {ended.message if ended else 'the host closed it'}")
    finally:
        await bot.stop()
    return 0


def join_with_app(args: argparse.Namespace, name: str) -> int:
    """`join` at the game's own screens: the host at `--connect` (its game asked at the
    door), or the games on the LAN to pick from."""
    from wordsy_tui.front.seat import take_the_terminal

    take_the_terminal()
    connect: tuple[str, int] | None = args.connect  # what `host_port` made of HOST:PORT
    if connect is None:
        return browse_the_lan(args, name)
    from wordsy_tui.app.table import SeatAgain
    from wordsy_tui.front.seat import from_environment, watch_instead
    from wordsy_tui.kit import kit_for
    from wordsy_tui.table.joined import game_at, player_keys
    from wordsy_tui.words.digest import dictionary_hash

    try:
        game = asyncio.run(game_at(*connect, dictionary_hash()))
    except ConnectionError as error:
        print(f"wordsy-tui join: {error}", file=sys.stderr)
        return 1
    front_pin, seat_file = from_environment()
    kit = kit_for(game)

    def seat(pin: str | None) -> Any:
        return kit.seat(
            game,
            connect,
            name,
            pin,
            spectate=args.spectate,
            reclaim=args.reclaim,
            keys=None if args.spectate else player_keys(),
            seat_file=None if args.spectate else seat_file,
        )

    pin = args.pin or front_pin
    # The app asks for the PIN when the host wants one (not a front's: that one is right).
    again = None if front_pin else SeatAgain(seat, pin)
    app = kit.app(game, seat(pin), again)
    status = app.run_to_end()
    instead = watch_instead(app.start_error)
    if instead is not None:
        print(instead, file=sys.stderr)
    return status


def browse_the_lan(args: argparse.Namespace, name: str) -> int:
    """The games on the LAN, live, to pick one from."""
    from wordsy_tui.app.lan import LanPlay
    from wordsy_tui.app.launcher import Launcher, Place
    from wordsy_tui.cli.hosting import HostOptions

    # Joining can lead to hosting from the menu; that game takes its options from the form.
    lan = LanPlay(
        HostOptions(None, name),
        args.interface,
        spectate=args.spectate,
        reclaim=args.reclaim,
    )
    return Launcher(lan, name=name, place=Place.LAN).run_to_end()
