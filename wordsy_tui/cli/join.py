"""`wordsy-tui join`: find a game on the LAN and sit down (or watch)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING

from wordsy_tui.cli.options import host_port, player_name
from wordsy_tui.game.config import BOT_LEVELS
from wordsy_tui.session.names import default_name

if TYPE_CHECKING:
    from wordsy_tui.cli.serve import LanPlay
    from wordsy_tui.scrabble.rulesets import GameName
    from wordsy_tui.session.lan import NetSession
    from wordsy_tui.session.tiles import TileVerbs


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "join",
        help="join a game on the LAN",
        description="List the games on the LAN (Wordsy, Scrabble, Words with Friends, "
        "Wordfeud), live, and join one: a tile game opens its own board. "
        "Use --connect where multicast is blocked.",
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
        choices=BOT_LEVELS,
        metavar="LEVEL",
        help=f"sit down as a computer player instead ({', '.join(BOT_LEVELS)}), of the game "
        "the host plays (Wordsy or a tile game); needs --connect",
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
    """A computer player in `name`'s seat, of the game the host plays (Wordsy's or a tile
    game's bot: the host at `address` is asked which, as `join --connect` does)."""
    from wordsy_tui.cli.serve import say
    from wordsy_tui.game.state import Phase
    from wordsy_tui.referee import dictionary_hash
    from wordsy_tui.session.lan import Bot, NetSession, player_keys
    from wordsy_tui.session.tilelan import game_at

    if reclaim:
        say(f"Asking the host to hand {name}'s seat to you…")
    tiles = await game_at(*address, dictionary_hash())
    if tiles is not None:
        return await play_tile_bot(address, name, tiles, level, pin, reclaim)
    session = NetSession.join(
        *address, name, dictionary_hash(), pin=pin, keys=player_keys(), reclaim=reclaim
    )
    bot = Bot(session, level)
    await bot.start()
    say(f"{name} ({level}) sat down at {address[0]}:{address[1]}")
    try:
        while bot.session.state.phase is not Phase.OVER:
            await asyncio.sleep(0.5)
        say(f"Game over: {name} scored {bot.session.state.sheets[name].total}")
    finally:
        await bot.stop()
    return 0


async def play_tile_bot(
    address: tuple[str, int],
    name: str,
    game: GameName,
    level: str,
    pin: str | None,
    reclaim: bool = False,
) -> int:
    """The host's own computer player (`TileBot`), in a seat of ours: like any player's
    program it sees only its own rack."""
    from wordsy_tui.bots.levels import Level
    from wordsy_tui.cli.serve import say, tile_seat
    from wordsy_tui.scrabble.rulesets import RULES
    from wordsy_tui.scrabble.state import Phase
    from wordsy_tui.scrabble.words import shipped_words
    from wordsy_tui.session.tilelan import TileBot

    session = tile_seat(address, name, game, pin, reclaim=reclaim)
    # The word list the handshake agreed on: a Scrabble bot judges plays with it.
    bot = TileBot(session, Level(level), shipped_words)
    await bot.start()
    say(f"{name} ({level}) sat down at {RULES[game].title} at {address[0]}:{address[1]}")
    client = session.client
    try:
        while session.state.phase is not Phase.OVER and not (client.closed or client.refusal):
            await asyncio.sleep(0.5)
        if session.state.phase is Phase.OVER:
            say(f"Game over: {name} scored {session.state.scores.get(name, 0)}")
        else:
            ended = client.closed or client.refusal
            say(f"The game ended: {ended.message if ended else 'the host closed it'}")
    finally:
        await bot.stop()
    return 0


def join_with_app(args: argparse.Namespace, name: str) -> int:
    from wordsy_tui.app import WordsyApp
    from wordsy_tui.app.table import SeatAgain
    from wordsy_tui.cli.serve import HostOptions, LanPlay
    from wordsy_tui.front.seat import take_the_terminal
    from wordsy_tui.game.config import GameConfig
    from wordsy_tui.session.tilelan import game_at

    take_the_terminal()
    # Joining can lead to hosting from the menu; that game uses the defaults.
    lan = LanPlay(
        HostOptions(GameConfig(), name),
        args.interface,
        spectate=args.spectate,
        reclaim=args.reclaim,
    )
    session = again = None
    connect: tuple[str, int] | None = args.connect  # what `host_port` made of HOST:PORT
    if connect is not None:
        tiles = asyncio.run(game_at(*connect, lan.dictionary))
        if tiles is not None:  # a tile game: its board screen, not Wordsy's
            return join_tiles(connect, name, tiles, args)
        session = front_session(connect, name, args.pin, args.spectate, lan)
        if session is None:  # the app asks for the PIN, if the host wants one
            again = SeatAgain(lambda pin: lan.join(*connect, name, pin), args.pin)
            session = again.seat(args.pin)
    app = WordsyApp(session, lan=lan, name=name, browse=session is None, again=again)
    return app.run_to_end()


def join_tiles(
    address: tuple[str, int], name: str, game: GameName, args: argparse.Namespace
) -> int:
    """A seat at a tile game's host, at its board screen; the seat's token is kept on disk
    (by the SSH front, for a player it started), so the same join takes the seat back."""
    from wordsy_tui.app.table import SeatAgain
    from wordsy_tui.cli.serve import run_tile_app, tile_seat
    from wordsy_tui.front.seat import KeptTileSeat, from_environment, read_token
    from wordsy_tui.referee import dictionary_hash

    front_pin, seat_file = from_environment()
    pin = args.pin or front_pin
    if seat_file is None or args.spectate:

        def seat(answer: str | None) -> TileVerbs:
            return tile_seat(
                address, name, game, answer, reclaim=args.reclaim, spectate=args.spectate
            )

        # The app asks for the PIN when the host wants one (not a front's: it is right).
        return run_tile_app(seat(pin), None if front_pin else SeatAgain(seat, pin))
    token = read_token(seat_file)
    kept = KeptTileSeat.join(*address, name, game, dictionary_hash(), pin=pin, token=token)
    assert isinstance(kept, KeptTileSeat)
    kept.seat_file = seat_file
    return run_tile_app(kept)


def front_session(
    address: tuple[str, int], name: str, pin: str | None, spectate: bool, lan: LanPlay
) -> NetSession | None:
    """The session of a player the SSH or web front started (see `wordsy_tui.front.seat`):
    its PIN and kept seat come in the environment, not on the command line."""
    from wordsy_tui.front.seat import KeptSeat, from_environment

    front_pin, seat_file = from_environment()
    if front_pin is None and seat_file is None:
        return None
    if spectate or seat_file is None:
        return lan.join(*address, name, pin or front_pin)
    return KeptSeat.kept(seat_file, address, name, lan.dictionary, pin or front_pin)
