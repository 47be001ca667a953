"""`wordsy-tui import GAME.gcg`: a two-player Scrabble game recorded by Woogles, macondo or
Quackle, saved among the host's games for `replay` and `export`.

The record is only read; the game is written as a new log (the table's own events, as if
a host had played it). Every refusal is one line on standard error, with the record's
line number, and exit status 2: nothing is written then.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Final

from wordsy_tui.text import shown

ERROR: Final = 2
MAX_BYTES: Final = 256 * 1024
"""The largest record read: a whole game is a few kilobytes."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "import",
        help="save a two-player Scrabble game from a GCG record (Woogles, Quackle) to replay",
        description="Read a finished two-player Scrabble game from a GCG record, as Woogles, "
        "macondo and Quackle write them, and save it among the host's games: "
        "'wordsy-tui replay GAME' then steps through it and 'wordsy-tui export GAME --gcg' "
        "writes it again. Every move is played through the rules with the record's racks: "
        "a record whose plays, racks or totals do not add up is refused with the line "
        "that does not. The record is only read.",
    )
    parser.add_argument("record", metavar="GAME.gcg", help="the GCG record to read")
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from net.log import default_log_dir, new_game_id, write_events
    from wordsy_tui.kit import NotImported, kits
    from wordsy_tui.table.basics import APP_NAME

    path = Path(args.record)
    where = shown(path.name)
    reader = next(kit for kit in kits() if kit.record_format == "GCG")
    try:
        with path.open("rb") as record:
            data = record.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise NotImported(f"larger than {MAX_BYTES // 1024} KB: not the record of a game")
        game = reader.read_record(_decoded(data))
    except OSError as error:
        return _refuse(f"cannot read {where}: {error.strerror or error}")
    except NotImported as why:
        return _refuse(f"{where}: {why}")
    game_id = new_game_id()
    log_path = default_log_dir(APP_NAME) / f"{game_id}.log"
    try:
        write_events(log_path, game.bodies)
    except OSError as error:
        return _refuse(f"cannot save the game: {error.strerror or error}")
    print(f"Imported {where}{f' ({game.said})' if game.said else ''} as game {game_id}.")
    print(f"Step through it with: wordsy-tui replay {game_id}")
    return 0


def _decoded(data: bytes) -> str:
    """The record's text: UTF-8 (as its `#character-encoding` says, or as it reads), else
    ISO 8859-1, the format's own default."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _refuse(why: str) -> int:
    print(f"wordsy-tui import: error: {why}", file=sys.stderr)
    return ERROR
