"""Argument types shared by the subcommands, each with a message a person can act on."""

from __future__ import annotations

import argparse
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wordsy_tui.kit import Game, Kit


def bounded_int(low: int, high: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be from {low} to {high}")
        return value

    return parse


def host_port(text: str) -> tuple[str, int]:
    """`HOST:PORT`, `[v6]:PORT`."""
    host, sep, port = text.rpartition(":")
    if not sep or not host:
        raise argparse.ArgumentTypeError(f"{text!r} is not HOST:PORT, e.g. 192.168.1.20:47474")
    return host.strip("[]"), bounded_int(1, 65535, "the port")(port)


def player_name(text: str) -> str:
    """A name at the table, in the form the table keeps it (see `wordsy_tui.engine.names`)."""
    from wordsy_tui.engine.names import name_problem, normal_name

    name = normal_name(text)
    problem = name_problem(name)
    if problem is not None:
        raise argparse.ArgumentTypeError(str(problem))
    return name


def game_name(text: str) -> str:
    """The game's name in the LAN's list (an mDNS instance name)."""
    from wordsy_tui.table.discovery import game_name_problem

    name = unicodedata.normalize("NFKC", text).strip()
    problem = game_name_problem(name)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return name


_only: ContextVar[str | None] = ContextVar("only", default=None)
"""The game whose part of the command line alone is being built (see `only_game`)."""


@contextmanager
def only_game(game: str) -> Iterator[None]:
    """Build a command's line with `game`'s options alone, not every game's: the other
    games' kits are not even imported (`cli.parse`)."""
    token = _only.set(game)
    try:
        yield
    finally:
        _only.reset(token)


def line_kits() -> tuple[Kit, ...]:
    """The kits whose options the command line being built holds."""
    from wordsy_tui.kit import kit_for, kits

    game = _only.get()
    return kits() if game is None else (kit_for(game),)


def line_games() -> list[Game]:
    """The games the command line being built names."""
    return [game for kit in line_kits() for game in kit.games]


def game_choice(parser: argparse.ArgumentParser, what: str) -> None:
    """`--game NAME`, one of the table's games (the first, by default)."""
    from wordsy_tui.kit import first_game

    known = line_games()
    names = ", ".join(
        game.name if game.title.casefold() == game.name else f"{game.name} ({game.title})"
        for game in known
    )
    parser.add_argument(
        "--game",
        choices=[game.name for game in known],
        default=first_game().name,
        help=f"{what}: {names} (default %(default)s)",
    )


def others_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """Why an option given is not for the game chosen (`--game`): it belongs to another
    game's part of the command line; None when every option given is for it."""
    from wordsy_tui.kit import game_info, kit_for, titles

    played = titles(kit_for(args.game))
    for group in parser._action_groups:
        if group.title in (played, "options", "positional arguments", None):
            continue
        for action in group._group_actions:
            if getattr(args, action.dest) != action.default:
                return (
                    f"{action.option_strings[0]} is for {group.title}, not "
                    f"{game_info(args.game).title}"
                )
    return None
